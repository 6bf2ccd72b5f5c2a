// Chats and friendships through the real GraphQL handler and /api/1.0 on a real database (issue 33): who can be
// found and reached (only people who share a community), the invitation's life (pending, cancel, block, the reply
// that accepts), delete for one person, unread counts and mark read, messages paged backwards, the e-mail with
// send_email, the live events on a real socket, and the bad-input sweep of the REST routes.
import { createServer, type Server } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let server: Server;
let wsUrl: string;
let owner: string;
let resident: string;
let admin: string;
let neighbour: string;
let guard: string;
const ids: Record<string, number> = {};
const prisma = () => t.app.db.prisma;

beforeAll(async () => {
  t = await startTestApp(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
  server = createServer(createServerAdapter(t.app.fetch));
  t.app.attachWebsocket(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wsUrl = `ws://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  // The demo's conversations would mix with these: each test starts from none.
  await prisma().chat.deleteMany();
  [owner, resident, admin, neighbour, guard] = await Promise.all(
    ['propietario@demo.mx', 'residente@demo.mx', 'admin@demo.mx', 'vecino3@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)),
  );
  for (const email of ['propietario@demo.mx', 'residente@demo.mx', 'admin@demo.mx', 'vecino3@demo.mx', 'vecino4@demo.mx', 'seguridad@demo.mx'])
    ids[email] = (await prisma().user.findUniqueOrThrow({ where: { email } })).id;
  // A person of Torre Azul alone: Patricia and the administrator share that community with her, the resident does not.
  const torre = await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
  const role = await prisma().role.findFirstOrThrow({ where: { neighborhoodId: torre.id, kind: 'OWNER' } });
  const house = await prisma().house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
  const lucia = await prisma().user.create({ data: { email: 'lucia.torre@example.mx', firstName: 'Lucía', lastName: 'Torres' } });
  await prisma().membership.create({ data: { neighborhoodId: torre.id, userId: lucia.id, houseId: house.id, roleId: role.id } });
  ids.lucia = lucia.id;
}, 120_000);
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const gql = async (query: string, variables: Record<string, unknown>, token: string) => (await t.gql(query, variables, { token })).body;
const CHAT = 'identifier title status accepted unreadCount canWrite canDelete canCancel canBlock recipient { databaseId name active } lastMessage { text }';
const invite = async (userId: number, token: string) =>
  (
    await gql(
      `mutation($input: InviteFriendInput!) { inviteFriend(input: $input) { __typename ... on MutationInviteFriendSuccess { data { message chat { ${CHAT} } } }
        ... on Error { message } } }`,
      { input: { userId } },
      token,
    )
  ).data?.inviteFriend;
const send = async (identifier: string, text: string, token: string, sendEmail = false) => {
  const body = await gql(
    `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { __typename
      ... on MutationSendChatMessageSuccess { data { message { databaseId text isMine senderName } chat { ${CHAT} } } } ... on InputError { issues { message } } ... on Error { message } } }`,
    { input: { identifier, text, sendEmail } },
    token,
  );
  return body.data?.sendChatMessage ?? { __typename: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message };
};
const list = async (token: string, args = '') => (await gql(`{ chats${args} { totalCount chats { ${CHAT} } } }`, {}, token)).data.chats;
const chat = async (identifier: string, token: string) =>
  (
    await gql(
      `query($i: String!) { chat(identifier: $i) { __typename ... on QueryChatSuccess { data { ${CHAT} } } ... on Error { message } } }`,
      { i: identifier },
      token,
    )
  ).data.chat;
const act = async (name: string, identifier: string, token: string) =>
  (
    await gql(
      `mutation($input: ChatIdentifierInput!) { ${name}(input: $input) { __typename ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { message } } ... on Error { message } } }`,
      { input: { identifier } },
      token,
    )
  ).data[name];

describe('who can be found and reached', () => {
  it('finds by e-mail only people who share a community, and answers the same for an e-mail elsewhere or unknown', async () => {
    const find = async (email: string, token: string) =>
      (
        await gql(
          `query($e: String!) { findFriendByEmail(email: $e) { __typename ... on QueryFindFriendByEmailSuccess { data { databaseId name communities } }
        ... on InputError { issues { message } } } }`,
          { e: email },
          token,
        )
      ).data.findFriendByEmail;
    expect((await find('Residente@Demo.mx ', owner)).data).toMatchObject({ databaseId: ids['residente@demo.mx'], communities: ['Residencial Los Olivos'] });
    expect((await find('lucia.torre@example.mx', owner)).data).toMatchObject({ name: 'Lucía Torres', communities: ['Condominio Torre Azul'] });
    // The resident shares nothing with Lucía: her e-mail answers like one with no account.
    expect(await find('lucia.torre@example.mx', resident)).toBeNull();
    expect(await find('nadie@example.mx', resident)).toBeNull();
    expect(await find('propietario@demo.mx', owner)).toBeNull();
    expect((await find('no es correo', owner)).issues[0].message).toBe('El correo electrónico no es válido');
  });

  it('suggests people of the own communities only, and never reaches another community’s person', async () => {
    const suggestions = (await gql('{ friendSuggestions(first: 100) { databaseId name } }', {}, resident)).data.friendSuggestions;
    const suggested = suggestions.map((p: any) => p.databaseId);
    expect(suggested).toContain(ids['propietario@demo.mx']);
    expect(suggested).not.toContain(ids.lucia);
    expect(suggested).not.toContain(ids['residente@demo.mx']);
    // The resident's own house comes first.
    expect(suggested.indexOf(ids['propietario@demo.mx'])).toBeLessThan(suggested.indexOf(ids['vecino3@demo.mx']));
    expect(await invite(ids.lucia, resident)).toEqual({ __typename: 'NotFoundError', message: 'La persona no existe o no comparte una comunidad contigo' });
    expect(await invite(999_999, resident)).toEqual({ __typename: 'NotFoundError', message: 'La persona no existe o no comparte una comunidad contigo' });
    expect(await invite(ids['residente@demo.mx'], resident)).toEqual({
      __typename: 'ConflictError',
      message: 'No puedes iniciar una conversación contigo mismo',
    });
    // Patricia shares Torre Azul with Lucía: she may invite her.
    expect((await invite(ids.lucia, owner)).data.chat.status).toBe('INVITATION_SENT');
  });
});

describe('the invitation', () => {
  it('stays pending until answered; the inviter may cancel it; neither may delete it', async () => {
    const sent = await invite(ids['vecino3@demo.mx'], admin);
    expect(sent.data.message).toBe('La invitación ha sido enviada');
    const id = sent.data.chat.identifier;
    expect(sent.data.chat).toMatchObject({ status: 'INVITATION_SENT', accepted: false, canCancel: true, canDelete: false, canBlock: false, canWrite: true });
    expect((await send(id, 'Hola, ¿nos apoya con la colecta del portón?', admin)).__typename).toBe('MutationSendChatMessageSuccess');
    const theirs = (await chat(id, neighbour)).data;
    expect(theirs).toMatchObject({ status: 'INVITATION_RECEIVED', canCancel: false, canDelete: false, canBlock: true, unreadCount: 1 });
    expect(theirs.recipient).toMatchObject({ databaseId: ids['admin@demo.mx'], active: true });
    expect(await act('deleteChat', id, admin)).toEqual({
      __typename: 'ConflictError',
      message: 'Solo se elimina una conversación cuando ambas personas la aceptaron',
    });
    expect(await act('cancelChatInvitation', id, neighbour)).toEqual({
      __typename: 'ConflictError',
      message: 'Solo se cancela una invitación que tú enviaste y que no ha sido respondida',
    });
    expect((await act('cancelChatInvitation', id, admin)).data.message).toBe('La invitación ha sido cancelada');
    expect((await chat(id, neighbour)).__typename).toBe('NotFoundError');
    expect((await list(admin)).chats.map((c: any) => c.identifier)).not.toContain(id);
  });

  it('is accepted by the invitee’s reply (or its invitation back); then either may delete it for themselves', async () => {
    const id = (await invite(ids['vecino3@demo.mx'], admin)).data.chat.identifier;
    await send(id, 'Buenas tardes', admin);
    const reply = await send(id, 'Con gusto, ¿cuánto sería?', neighbour);
    expect(reply.data.chat).toMatchObject({ status: 'ACTIVE', accepted: true, canDelete: true, canCancel: false });
    expect((await chat(id, admin)).data).toMatchObject({ status: 'ACTIVE', unreadCount: 1, lastMessage: { text: 'Con gusto, ¿cuánto sería?' } });
    // An invitation back accepts too, and answers the same conversation.
    const other = (await invite(ids['vecino4@demo.mx'], owner)).data.chat.identifier;
    const vecino4 = await t.signIn('vecino4@demo.mx');
    expect((await invite(ids['propietario@demo.mx'], vecino4)).data.chat).toMatchObject({ identifier: other, status: 'ACTIVE' });
    // Delete hides it for its deleter only; the next message shows it again with what follows.
    expect((await act('deleteChat', id, neighbour)).data.message).toBe('La conversación ha sido eliminada');
    expect((await list(neighbour)).chats.map((c: any) => c.identifier)).not.toContain(id);
    expect((await list(admin)).chats.map((c: any) => c.identifier)).toContain(id);
    await send(id, 'Son 500 pesos por casa', admin);
    const back = await gql(
      `query($i: String!) { chatMessages(identifier: $i) { __typename ... on QueryChatMessagesSuccess { data { messages { text } } } } }`,
      { i: id },
      neighbour,
    );
    expect(back.data.chatMessages.data.messages.map((m: any) => m.text)).toEqual(['Son 500 pesos por casa']);
    expect((await list(neighbour)).chats.find((c: any) => c.identifier === id)).toMatchObject({ unreadCount: 1 });
  });

  it('may be blocked by the invitee: nobody writes, the blocker no longer lists it, the blocked cannot invite again', async () => {
    const guardId = ids['seguridad@demo.mx'];
    const id = (await invite(guardId, resident)).data.chat.identifier;
    await send(id, '¿Me avisa cuando llegue mi paquete?', resident);
    expect((await act('blockChat', id, guard)).data.message).toBe('El usuario ha sido bloqueado');
    expect((await list(guard)).chats.map((c: any) => c.identifier)).not.toContain(id);
    expect((await chat(id, resident)).data).toMatchObject({ status: 'BLOCKED', canWrite: false, canDelete: true });
    expect(await send(id, '¿Sigue ahí?', resident)).toEqual({ __typename: 'FORBIDDEN', message: 'No es posible enviar mensajes en esta conversación' });
    const again = await gql(`mutation($input: InviteFriendInput!) { inviteFriend(input: $input) { __typename } }`, { input: { userId: guardId } }, resident);
    expect(again.errors[0]).toMatchObject({ message: 'No es posible enviar mensajes en esta conversación', extensions: { code: 'FORBIDDEN' } });
    expect(await send(id, 'Bloqueado', guard)).toMatchObject({ __typename: 'NotFoundError' });
    // Inviting the person again is how the blocker lifts the block.
    expect((await invite(ids['residente@demo.mx'], guard)).data.chat).toMatchObject({ identifier: id, status: 'ACTIVE' });
  });
});

describe('messages and unread counts', () => {
  it('pages messages backwards by id, counts unread per chat and in all, and marks read up to a message', async () => {
    const id = (await invite(ids['residente@demo.mx'], owner)).data.chat.identifier;
    for (let i = 1; i <= 25; i++) await send(id, `Mensaje ${i}`, i % 5 === 0 && i < 25 ? owner : resident);
    const PAGE = `query($i: String!, $o: Int) { chatMessages(identifier: $i, olderThan: $o) { __typename ... on QueryChatMessagesSuccess { data { hasOlder messages { databaseId text } } } } }`;
    const first = (await gql(PAGE, { i: id }, owner)).data.chatMessages.data;
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0].text).toBe('Mensaje 25');
    expect(first.hasOlder).toBe(true);
    const older = (await gql(PAGE, { i: id, o: first.messages.at(-1).databaseId }, owner)).data.chatMessages.data;
    expect(older.messages.map((m: any) => m.text)).toEqual(['Mensaje 5', 'Mensaje 4', 'Mensaje 3', 'Mensaje 2', 'Mensaje 1']);
    expect(older.hasOlder).toBe(false);
    // Patricia wrote the 5th, 10th, 15th and 20th: sending reads what came before, so the last 5 are unread for her.
    const mine = (await list(owner)).chats.find((c: any) => c.identifier === id);
    expect(mine.unreadCount).toBe(5);
    const before = (await gql('{ chatUnread { chats messages } }', {}, owner)).data.chatUnread;
    const read = await gql(
      `mutation($input: MarkChatReadInput!) { markChatRead(input: $input) { __typename ... on MutationMarkChatReadSuccess { data { unreadCount } } } }`,
      { input: { identifier: id, messageId: first.messages[0].databaseId } },
      owner,
    );
    expect(read.data.markChatRead.data.unreadCount).toBe(0);
    const after = (await gql('{ chatUnread { chats messages } }', {}, owner)).data.chatUnread;
    expect(after).toEqual({ chats: before.chats - 1, messages: before.messages - 5 });
    // The dashboard's list: unread only, 5 at most.
    expect((await list(owner, '(unread: true, first: 5)')).chats.every((c: any) => c.unreadCount > 0)).toBe(true);
    const residentName = (await prisma().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } })).firstName;
    expect((await list(owner, `(search: "${residentName.slice(1, 5).toUpperCase()}")`)).chats.map((c: any) => c.identifier)).toEqual([id]);
    // Another's message id, or another's chat, never resolves.
    const foreign = await prisma().chatMessage.findFirstOrThrow({ where: { chat: { identifier: { not: id } } } });
    const wrong = await gql(
      `mutation($input: MarkChatReadInput!) { markChatRead(input: $input) { __typename ... on Error { message } } }`,
      { input: { identifier: id, messageId: foreign.id } },
      owner,
    );
    expect(wrong.data.markChatRead).toEqual({ __typename: 'NotFoundError', message: 'El mensaje no existe' });
    expect((await chat(id, admin)).__typename).toBe('NotFoundError');
    expect((await chat('no-es-un-uuid', owner)).__typename).toBe('NotFoundError');
  });

  it('refuses empty and oversized messages and mails the message with sendEmail', async () => {
    const id = (await invite(ids['residente@demo.mx'], owner)).data.chat.identifier;
    expect((await send(id, '   ', owner)).issues[0].message).toBe('Escribe el mensaje');
    expect((await send(id, 'x'.repeat(4_001), owner)).issues[0].message).toBe('El mensaje debe tener como máximo 4000 caracteres');
    const nul = await gql(
      `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { __typename } }`,
      { input: { identifier: id, text: 'a\u0000b' } },
      owner,
    );
    expect(nul.errors[0].message).toBe('El campo input.text contiene caracteres no permitidos');
    await send(id, 'Mañana pasan a fumigar, deja abierta la puerta del patio', owner, true);
    const mail = await prisma().emailOutbox.findFirstOrThrow({ where: { to: 'residente@demo.mx' }, orderBy: { id: 'desc' } });
    expect(mail.subject).toMatch(/te envió un mensaje$/);
    expect(mail.text).toContain('Mañana pasan a fumigar, deja abierta la puerta del patio');
    expect(mail.text).toContain(`/chats/${id}`);
    // An unanswered invitation mails its first message only.
    const pendingId = (await invite(ids['vecino4@demo.mx'], guard)).data.chat.identifier;
    const mailed = () => prisma().emailOutbox.count({ where: { to: 'vecino4@demo.mx' } });
    const before = await mailed();
    await send(pendingId, '¿Le dejo su paquete en la caseta?', guard, true);
    await send(pendingId, '¿Sigue ahí?', guard, true);
    expect(await mailed()).toBe(before + 1);
  });
});

describe('at once, and after leaving', () => {
  it('makes one conversation when two people invite each other at once, and keeps every message of 20 sent at once', async () => {
    const vecino4 = await t.signIn('vecino4@demo.mx');
    await prisma().chat.deleteMany({ where: { participants: { some: { userId: ids['vecino4@demo.mx'] } } } });
    const [mine, theirs] = await Promise.all([invite(ids['vecino4@demo.mx'], admin), invite(ids['admin@demo.mx'], vecino4)]);
    expect(mine.data.chat.identifier).toBe(theirs.data.chat.identifier);
    const id = mine.data.chat.identifier;
    expect((await chat(id, admin)).data.status).toBe('ACTIVE');
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => send(id, `Mensaje simultáneo ${i}`, i % 2 ? admin : vecino4)));
    expect(sent.every((r) => r.__typename === 'MutationSendChatMessageSuccess')).toBe(true);
    const stored = await prisma().chatMessage.findMany({ where: { chat: { identifier: id } }, orderBy: { id: 'desc' } });
    expect(stored).toHaveLength(20);
    const row = await prisma().chat.findUniqueOrThrow({ where: { identifier: id } });
    expect(row.lastMessageId).toBe(stored[0].id);
  });

  it('keeps the history but refuses new messages once the other person no longer shares a community', async () => {
    const id = (await invite(ids['vecino3@demo.mx'], resident)).data.chat.identifier;
    await send(id, 'Hola', resident);
    await prisma().membership.updateMany({ where: { userId: ids['vecino3@demo.mx'] }, data: { active: false } });
    try {
      expect(await send(id, '¿Sigues en el fraccionamiento?', resident)).toEqual({
        __typename: 'FORBIDDEN',
        message: 'Ya no compartes una comunidad con esta persona',
      });
      expect((await chat(id, resident)).data.lastMessage.text).toBe('Hola');
      const found = await gql(`query($e: String!) { findFriendByEmail(email: $e) { __typename } }`, { e: 'vecino3@demo.mx' }, resident);
      expect(found.data.findFriendByEmail).toBeNull();
    } finally {
      await prisma().membership.updateMany({ where: { userId: ids['vecino3@demo.mx'] }, data: { active: true } });
    }
  });
});

describe('live', () => {
  it('delivers the message with its push payload to the receiver’s open socket, and the unread change to the sender’s', async () => {
    const id = (await invite(ids['residente@demo.mx'], owner)).data.chat.identifier;
    const { body } = await t.gql('{ session { publicToken } }', {}, { token: resident });
    const c = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { publicToken: body.data.session.publicToken },
      retryAttempts: 0,
      lazy: true,
    });
    const received = new Promise<any>((resolve, reject) => {
      const dispose = c.subscribe(
        { query: 'subscription { chatEvents { kind identifier message { text isMine senderName } push { pushType senderName message title pushUrl } } }' },
        {
          next: (value: any) => {
            if (value.data?.chatEvents?.kind !== 'MESSAGE') return;
            dispose();
            resolve(value.data.chatEvents);
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    await new Promise((r) => setTimeout(r, process.env.REDIS_URL ? 1_500 : 300));
    await send(id, '¿Ya llegó el garrafón?', owner);
    const event = await received;
    expect(event).toEqual({
      kind: 'MESSAGE',
      identifier: id,
      message: { text: '¿Ya llegó el garrafón?', isMine: false, senderName: 'Patricia Ruiz' },
      push: {
        pushType: 'DIRECT_MESSAGE',
        senderName: 'Patricia Ruiz',
        message: '¿Ya llegó el garrafón?',
        title: 'Mensaje de Patricia Ruiz',
        pushUrl: `/chats/${id}`,
      },
    });
    await c.dispose();
  });
});

describe('/api/1.0/me/chats', () => {
  it('answers every route with the legacy payloads', async () => {
    const invited = await t.rest('POST', `/me/chats/friendships/${ids['vecino4@demo.mx']}`, {}, { token: resident });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ message: 'La invitación ha sido enviada', type: 'TALK', accepted: false, id_recipient_user: ids['vecino4@demo.mx'] });
    expect(invited.body.participants).toEqual(expect.arrayContaining([{ id_user: ids['vecino4@demo.mx'], name: expect.any(String), active: false }]));
    const id = invited.body.identifier;
    const posted = await t.rest('POST', `/me/chats/${id}/messages`, { message: 'Hola vecino', send_email: false }, { token: resident });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ text: 'Hola vecino', is_mine: true });
    const vecino4 = await t.signIn('vecino4@demo.mx');
    const mine = await t.rest('GET', '/me/chats?unread=true&page_size=5', undefined, { token: vecino4 });
    expect(mine.body.content.find((c: any) => c.identifier === id)).toMatchObject({
      unread: 1,
      title: expect.any(String),
      last_message: { text: 'Hola vecino' },
    });
    expect((await t.rest('GET', '/me/chats/unread', undefined, { token: vecino4 })).body).toMatchObject({
      chats: expect.any(Number),
      messages: expect.any(Number),
    });
    // The recipient is the invitee and `user` who invited, the same for both people.
    expect((await t.rest('GET', `/me/chats/${id}`, undefined, { token: vecino4 })).body).toMatchObject({
      identifier: id,
      status: 'INVITATION_RECEIVED',
      id_recipient_user: ids['vecino4@demo.mx'],
      user: { id: ids['residente@demo.mx'] },
    });
    const page = await t.rest('GET', `/me/chats/${id}/messages`, undefined, { token: vecino4 });
    expect(page.body.content.map((m: any) => m.text)).toEqual(['Hola vecino']);
    const read = await t.rest('PUT', `/me/chats/${id}/messages/${page.body.content[0].id}`, {}, { token: vecino4 });
    expect(read.body).toMatchObject({ identifier: id, unread: 0 });
    expect((await t.rest('PUT', `/me/chats/${id}/cancel`, {}, { token: resident })).body).toEqual({
      identifier: id,
      message: 'La invitación ha sido cancelada',
    });
    expect((await t.rest('GET', `/me/chats/${id}`, undefined, { token: vecino4 })).status).toBe(404);

    const again = (await t.rest('POST', `/me/chats/friendships/${ids['vecino4@demo.mx']}`, {}, { token: resident })).body.identifier;
    expect((await t.rest('PUT', `/me/chats/${again}/block`, {}, { token: vecino4 })).body.message).toBe('El usuario ha sido bloqueado');
    const refused = await t.rest('POST', `/me/chats/${again}/messages`, { message: '¿Hola?' }, { token: resident });
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe('No es posible enviar mensajes en esta conversación');

    const friends = await t.rest('GET', '/me/chats/friendships?search=patri', undefined, { token: resident });
    expect(friends.body.content.map((f: any) => f.id)).toEqual([ids['propietario@demo.mx']]);
    // By name only: part of a friend's e-mail finds nobody.
    expect((await t.rest('GET', '/me/chats/friendships?search=propietario', undefined, { token: resident })).body).toEqual({ content: [], total: 0 });
    expect((await t.rest('GET', '/me/chats/friendships?offset=40', undefined, { token: resident })).body.total).toBeGreaterThan(0);
    const suggestions = await t.rest('GET', '/me/chats/friendships/suggestions', undefined, { token: resident });
    expect(suggestions.body.map((f: any) => f.id)).not.toContain(ids['propietario@demo.mx']);
    expect((await t.rest('GET', '/me/chats/friendships/search?email=lucia.torre@example.mx', undefined, { token: resident })).body).toEqual([]);
    expect((await t.rest('GET', '/me/chats/friendships/search?email=propietario@demo.mx', undefined, { token: resident })).body).toEqual([
      expect.objectContaining({ id: ids['propietario@demo.mx'], chat_identifier: expect.any(String) }),
    ]);
    const deleted = await t.rest(
      'DELETE',
      `/me/chats/${(await t.rest('GET', '/me/chats?search=patri', undefined, { token: resident })).body.content[0].identifier}`,
      undefined,
      {
        token: resident,
      },
    );
    expect(deleted.body.message).toBe('La conversación ha sido eliminada');
  });

  it('answers bad input with 400 and the Spanish message, and a signed-out caller with 401', async () => {
    expect((await t.rest('POST', '/me/chats/friendships/abc', {}, { token: resident })).status).toBe(400);
    expect((await t.rest('POST', '/me/chats/friendships/99999999999', {}, { token: resident })).status).toBe(400);
    expect((await t.rest('GET', '/me/chats?page_size=0', undefined, { token: resident })).status).toBe(400);
    expect((await t.rest('GET', '/me/chats?unread=quizas', undefined, { token: resident })).status).toBe(400);
    const id = (await t.rest('GET', '/me/chats', undefined, { token: owner })).body.content[0].identifier;
    expect((await t.rest('PUT', `/me/chats/${id}/messages/0`, {}, { token: owner })).status).toBe(400);
    expect((await t.rest('GET', `/me/chats/${id}/messages?old_id=x`, undefined, { token: owner })).status).toBe(400);
    const noText = await t.rest('POST', `/me/chats/${id}/messages`, {}, { token: owner });
    expect(noText.status).toBe(400);
    const blank = await t.rest('POST', `/me/chats/${id}/messages`, { message: ' ' }, { token: owner });
    expect(blank.body.description).toContain('Escribe el mensaje');
    expect((await t.rest('GET', '/me/chats/friendships/search?email=x', undefined, { token: owner })).status).toBe(400);
    expect((await t.rest('GET', '/me/chats/00000000-0000-4000-8000-000000000000', undefined, { token: owner })).status).toBe(404);
    expect((await t.rest('GET', '/me/chats')).status).toBe(401);
  });
});

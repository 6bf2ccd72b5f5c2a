// The feed through the real GraphQL handler on a real database (issue 32): who reads which post (an owners-only
// post never reaches a resident, a private one only its author, another community never), expiry and house-type
// targets, poll rules and 50 concurrent votes counted exactly, comments on and off, deleting, who saw a post,
// the e-mail notice, and the live changes filtered by privacy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../../core/amenitySlots.js';
import { todayIn } from '../../../../core/receipts.js';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let resident: string;
let neighbour: string;
let olivosId: number;
let ownHouseId: number;
const TODAY = todayIn('America/Mexico_City');
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const prisma = () => t.app.db.prisma;

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, resident, neighbour] = await Promise.all(
    ['admin@demo.mx', 'propietario@demo.mx', 'residente@demo.mx', 'vecino3@demo.mx'].map((e) => t.signIn(e)),
  );
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  ownHouseId = (await prisma().membership.findFirstOrThrow({ where: { neighborhoodId: olivosId, user: { email: 'propietario@demo.mx' } } })).houseId!;
}, 120_000);
afterAll(() => t.close());

const gql = async (query: string, variables: Record<string, unknown>, token: string) => (await t.gql(query, variables, { token })).body;
const result = (body: any, field: string) => body.data?.[field] ?? { __typename: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message };

const POST =
  'databaseId type text privacy expiresAt commentsEnabled authorName isMine totalVotes myVoteOptionId commentCount viewCount canDelete canComment options { databaseId text votes share }';
const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { __typename
  ... on MutationCreatePostSuccess { data { message post { ${POST} } } } ... on InputError { issues { field message } } ... on Error { message } } }`;
const FEED = `query($older: Int, $newer: Int) { feed(olderThan: $older, newerThan: $newer) { hasOlder posts { ${POST} } } }`;
const VOTE = `mutation($input: VotePostInput!) { votePost(input: $input) { __typename
  ... on MutationVotePostSuccess { data { message post { totalVotes myVoteOptionId options { votes share } } } } ... on Error { code message } } }`;

const create = async (input: Record<string, unknown>, token = admin) => result(await gql(CREATE, { input }, token), 'createPost');
const texts = async (token: string) => (await gql(FEED, {}, token)).data.feed.posts.map((p: any) => p.text) as string[];

describe('posts and who reads them', () => {
  it('publishes for everyone, owners or the author alone; a resident never reads the owners’ one', async () => {
    expect((await create({ text: 'Corte de agua el jueves de 9 a 13 h' })).data.message).toBe('La publicación ha sido creada');
    await create({ text: 'Asamblea de propietarios: orden del día', privacy: 'OWNERS' });
    await create({ text: 'Mi recordatorio privado', privacy: 'ONLY_ME' }, owner);
    const asResident = await texts(resident);
    expect(asResident).toContain('Corte de agua el jueves de 9 a 13 h');
    expect(asResident).not.toContain('Asamblea de propietarios: orden del día');
    expect(asResident).not.toContain('Mi recordatorio privado');
    const asOwner = await texts(owner);
    expect(asOwner).toEqual(expect.arrayContaining(['Asamblea de propietarios: orden del día', 'Mi recordatorio privado']));
    const asAdmin = await texts(admin);
    expect(asAdmin).toContain('Asamblea de propietarios: orden del día');
    expect(asAdmin).not.toContain('Mi recordatorio privado');
    const ownersPost = await prisma().post.findFirstOrThrow({ where: { text: 'Asamblea de propietarios: orden del día' } });
    const peek = await gql(`query($id: ID!) { post(postId: $id) { __typename ... on Error { message } } }`, { id: gid('Post', ownersPost.id) }, resident);
    expect(peek.data.post).toEqual({ __typename: 'NotFoundError', message: 'La publicación no existe' });
  });

  it('keeps another community’s posts out, hides expired ones, and targets house types', async () => {
    const torre = await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const adminUser = await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    await prisma().post.create({ data: { neighborhoodId: torre.id, authorUserId: adminUser.id, text: 'Aviso de Torre Azul' } });
    await prisma().post.create({
      data: { neighborhoodId: olivosId, authorUserId: adminUser.id, text: 'Aviso vencido', expiresAt: new Date(`${addDays(TODAY, -1)}T00:00:00Z`) },
    });
    const otherType = await prisma().houseType.create({ data: { neighborhoodId: olivosId, title: 'Local comercial', defaultName: 'Local' } });
    // Whoever posts may target house types: the resident reads the community's.
    const types = await gql(`{ postHouseTypes { databaseId title } }`, {}, resident);
    expect(types.data.postHouseTypes.map((h: any) => h.databaseId)).toContain(otherType.id);
    expect((await create({ text: 'Solo para locales', houseTypeIds: [otherType.id] })).data.post).toBeTruthy();
    const asOwner = await texts(owner);
    expect(asOwner).not.toContain('Aviso de Torre Azul');
    expect(asOwner).not.toContain('Aviso vencido');
    expect(asOwner).not.toContain('Solo para locales');
    const asAdmin = await texts(admin);
    expect(asAdmin).toEqual(expect.arrayContaining(['Aviso vencido', 'Solo para locales']));
    expect(asAdmin).not.toContain('Aviso de Torre Azul');
  });

  it('answers the form’s rules in Spanish', async () => {
    const bad = await create({ type: 'POLL', text: ' ', options: ['Sí'], privacy: 'ONLY_ME', expiresAt: addDays(TODAY, 1) });
    expect(bad.issues).toEqual([
      { field: 'text', message: 'Escribe el texto de la publicación' },
      { field: 'options', message: 'Una encuesta tiene de 2 a 5 opciones' },
      { field: 'privacy', message: 'Una encuesta es para todos los vecinos o solo para propietarios' },
      { field: 'expiresAt', message: 'La fecha de vigencia debe ser posterior a mañana' },
    ]);
    expect((await create({ type: 'POLL', text: '¿?', options: ['a', 'b', 'c', 'd', 'e', 'f'] })).issues).toEqual([
      { field: 'options', message: 'Una encuesta tiene de 2 a 5 opciones' },
    ]);
    expect((await create({ text: 'Ok', expiresAt: addDays(TODAY, 2) })).data.post.expiresAt).toBe(addDays(TODAY, 2));
  });

  it('pages the feed 10 at a time, older and newer', async () => {
    for (let i = 0; i < 12; i++) await create({ text: `Aviso ${i}` });
    const first = (await gql(FEED, {}, owner)).data.feed;
    expect(first.posts).toHaveLength(10);
    expect(first.hasOlder).toBe(true);
    const ids = first.posts.map((p: any) => p.databaseId);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const older = (await gql(FEED, { older: ids.at(-1) }, owner)).data.feed.posts;
    expect(older[0].databaseId).toBeLessThan(ids.at(-1));
    await create({ text: 'Lo más nuevo' });
    const newer = (await gql(FEED, { newer: ids[0] }, owner)).data.feed.posts.map((p: any) => p.text);
    expect(newer).toEqual(['Lo más nuevo']);
  });
});

describe('polls', () => {
  it('takes one vote per person, with shares to 2 decimals', async () => {
    const poll = (await create({ type: 'POLL', text: '¿Cambiamos el horario de la alberca?', options: ['Sí', 'No', 'Me da igual'] })).data.post;
    const [yes, no] = poll.options;
    const voted = result(await gql(VOTE, { input: { postId: gid('Post', poll.databaseId), optionId: yes.databaseId } }, owner), 'votePost');
    expect(voted.data.message).toBe('Tu voto fue completado !Gracias por participar!');
    expect(voted.data.post).toMatchObject({ totalVotes: 1, myVoteOptionId: yes.databaseId });
    const again = result(await gql(VOTE, { input: { postId: gid('Post', poll.databaseId), optionId: no.databaseId } }, owner), 'votePost');
    expect(again).toMatchObject({ __typename: 'ConflictError', message: 'Ya votaste en esta encuesta' });
    await gql(VOTE, { input: { postId: gid('Post', poll.databaseId), optionId: no.databaseId } }, resident);
    const last = result(await gql(VOTE, { input: { postId: gid('Post', poll.databaseId), optionId: no.databaseId } }, neighbour), 'votePost');
    expect(last.data.post.options.map((o: any) => [o.votes, o.share])).toEqual([
      [1, 33.33],
      [2, 66.67],
      [0, 0],
    ]);
  });

  it('counts 50 people voting at once exactly', async () => {
    const poll = (await create({ type: 'POLL', text: '¿Pintamos la barda?', options: ['Sí', 'No'] })).data.post;
    const template = await prisma().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } });
    const role = await prisma().role.findFirstOrThrow({ where: { neighborhoodId: olivosId, kind: 'RESIDENT' } });
    const emails = Array.from({ length: 50 }, (_, i) => `votante${i}@demo.mx`);
    for (const email of emails) {
      const user = await prisma().user.create({
        data: { email, firstName: 'Votante', lastName: email, passwordHash: template.passwordHash, emailVerified: true },
      });
      await prisma().membership.create({ data: { neighborhoodId: olivosId, userId: user.id, houseId: ownHouseId, roleId: role.id } });
    }
    const tokens = await Promise.all(emails.map((e) => t.signIn(e)));
    const outcomes = await Promise.all(
      tokens.map((token, i) => gql(VOTE, { input: { postId: gid('Post', poll.databaseId), optionId: poll.options[i % 2].databaseId } }, token)),
    );
    expect(outcomes.filter((o) => o.data?.votePost?.__typename === 'MutationVotePostSuccess')).toHaveLength(50);
    const options = await prisma().postOption.findMany({ where: { postId: poll.databaseId }, orderBy: { position: 'asc' } });
    expect(options.map((o) => o.votes)).toEqual([25, 25]);
    expect(await prisma().postVote.count({ where: { postId: poll.databaseId } })).toBe(50);
  }, 120_000);
});

describe('comments, deleting and views', () => {
  const ADD = `mutation($input: AddPostCommentInput!) { addPostComment(input: $input) { __typename
    ... on MutationAddPostCommentSuccess { data { message comment { databaseId text userName canDelete } } } ... on InputError { issues { message } } ... on Error { message } } }`;
  const DEL = `mutation($input: DeletePostCommentInput!) { deletePostComment(input: $input) { __typename ... on MutationDeletePostCommentSuccess { data { message } } ... on Error { message } } }`;

  it('comments where allowed, 20 a page, and deletes its own', async () => {
    const open = (await create({ text: 'Propuestas para la posada' })).data.post;
    const closed = (await create({ text: 'Aviso sin comentarios', commentsEnabled: false })).data.post;
    const refused = result(await gql(ADD, { input: { postId: gid('Post', closed.databaseId), text: 'Hola' } }, owner), 'addPostComment');
    expect(refused.message).toBe('Los comentarios están desactivados en esta publicación');
    const empty = result(await gql(ADD, { input: { postId: gid('Post', open.databaseId), text: '  ' } }, owner), 'addPostComment');
    expect(empty.issues).toEqual([{ message: 'Escribe el comentario' }]);
    const mine = result(await gql(ADD, { input: { postId: gid('Post', open.databaseId), text: 'Yo llevo el ponche' } }, owner), 'addPostComment');
    expect(mine.data).toMatchObject({ message: 'El comentario ha sido agregado', comment: { text: 'Yo llevo el ponche', canDelete: true } });
    for (let i = 0; i < 21; i++) await gql(ADD, { input: { postId: gid('Post', open.databaseId), text: `Comentario ${i}` } }, resident);
    const page = await gql(
      `query($id: ID!) { postComments(postId: $id) { ... on QueryPostCommentsSuccess { data { total comments { text } } } } }`,
      { id: gid('Post', open.databaseId) },
      neighbour,
    );
    expect(page.data.postComments.data.total).toBe(22);
    expect(page.data.postComments.data.comments).toHaveLength(20);
    expect(page.data.postComments.data.comments[0].text).toBe('Comentario 20');
    const commentId = gid('PostComment', mine.data.comment.databaseId);
    expect(result(await gql(DEL, { input: { commentId } }, resident), 'deletePostComment').__typename).toBe('FORBIDDEN');
    expect(result(await gql(DEL, { input: { commentId } }, owner), 'deletePostComment').data.message).toBe('El comentario ha sido eliminado');
  });

  it('lets the author or the administration delete a post, and shows them who saw it', async () => {
    const post = (await create({ text: 'Se vende bicicleta' }, owner)).data.post;
    await texts(resident);
    await texts(neighbour);
    const views = await gql(
      `query($id: ID!) { postViews(postId: $id) { __typename ... on QueryPostViewsSuccess { data { total views { userName } } } } }`,
      { id: gid('Post', post.databaseId) },
      owner,
    );
    expect(views.data.postViews.data.total).toBe(2); // the resident and the neighbour; its author has not opened the feed since
    // The feed counts the view it records: the resident's next read of a new post says 1 at once.
    const fresh = (await create({ text: 'Recién publicado' }, owner)).data.post;
    const seen = (await gql(FEED, {}, resident)).data.feed.posts.find((p: any) => p.databaseId === fresh.databaseId);
    expect(seen.viewCount).toBe(1);
    const asResident = await gql(`query($id: ID!) { postViews(postId: $id) { __typename } }`, { id: gid('Post', post.databaseId) }, resident);
    expect(asResident.errors?.[0]?.extensions?.code ?? asResident.data?.postViews?.__typename).toBe('FORBIDDEN');
    const DELETE = `mutation($input: PostIdInput!) { deletePost(input: $input) { __typename ... on MutationDeletePostSuccess { data { message } } ... on Error { message } } }`;
    expect(result(await gql(DELETE, { input: { postId: gid('Post', post.databaseId) } }, resident), 'deletePost').__typename).toBe('FORBIDDEN');
    expect(result(await gql(DELETE, { input: { postId: gid('Post', post.databaseId) } }, owner), 'deletePost').data.message).toBe(
      'La publicación ha sido eliminada',
    );
    expect(await texts(admin)).not.toContain('Se vende bicicleta');
  });
});

describe('notices', () => {
  it('e-mails a post to its readers when the administration asks, and tells open feeds by privacy', async () => {
    const heard: { kind: string; privacy: string }[] = [];
    const events = t.app.pubsub.subscribe('feed:community', olivosId)[Symbol.asyncIterator]();
    const listening = (async () => {
      for (;;) {
        const next = await events.next();
        if (next.done) break;
        heard.push(next.value);
        if (heard.length >= 2) break;
      }
    })();
    await create({ text: 'Fumigación general el sábado', sendEmail: true });
    await create({ text: 'Solo propietarios: cuotas 2027', privacy: 'OWNERS', sendEmail: true });
    await listening;
    expect(heard.map((e) => [e.kind, e.privacy])).toEqual([
      ['POSTED', 'NEIGHBORS'],
      ['POSTED', 'OWNERS'],
    ]);
    const all = await prisma().emailOutbox.findMany({ where: { subject: 'Nueva publicación en Residencial Los Olivos' }, select: { to: true, text: true } });
    const fumigation = all.filter((m) => m.text.startsWith('Fumigación general'));
    const owners = all.filter((m) => m.text.startsWith('Solo propietarios'));
    expect(fumigation.map((m) => m.to)).toContain('residente@demo.mx');
    // Security's role does not read posts: no notice either.
    expect(fumigation.map((m) => m.to)).not.toContain('seguridad@demo.mx');
    expect(owners.map((m) => m.to)).toContain('propietario@demo.mx');
    expect(owners.map((m) => m.to)).not.toContain('residente@demo.mx');
    // Someone without APostsNotify cannot send it.
    await create({ text: 'Mi aviso con correo', sendEmail: true }, owner);
    expect(await prisma().emailOutbox.count({ where: { text: { startsWith: 'Mi aviso con correo' } } })).toBe(0);
  });
});

// Chats and friendships (issue 33; spec 3 "Chat and friendship"). A person reaches only people who share an
// active community with them (docs/decisions.md «Chats and friendships»): the e-mail search, the suggestions, an
// invitation and every message check it. A TALK is one conversation per pair: its inviter is active, its invitee
// inactive until it answers (a reply or an invitation back accepts); the inviter may cancel a pending one, either may
// block. Deleting hides the conversation and its messages so far for whoever deletes it. Every change reaches both
// people's open sessions on the 'chat:user' channel; a message carries the spec's push payload.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { personName } from '../../../../core/houseLabel.js';
import {
  CHAT_MESSAGES,
  CHATS_PAGE,
  chatActions,
  chatStatus,
  FriendSearchFields,
  type MessageInput,
  MessageFields,
  MESSAGES_PAGE,
  pairKey,
} from '../../../../core/chats.js';
import { Prisma } from '../../../db/generated/client.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { appLink } from '../../../infra/mail/links.js';
import type { ChatEvent } from '../../../infra/pubsub.js';
import { actorOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { parseInput } from '../../../kernel/input.js';
import { lockRow } from '../../../kernel/locks.js';
import { write } from '../../../kernel/write.js';

/** A conversation as one of its two people sees it. */
export interface ChatRow {
  id: number;
  identifier: string;
  type: 'TALK';
  createdByUserId: number;
  blockedByUserId: number | null;
  lastMessageAt: Date | null;
  createdAt: Date;
  meUserId: number;
  meActive: boolean;
  me: { firstName: string; lastName: string | null };
  lastReadMessageId: number;
  clearedMessageId: number;
  other: { userId: number; firstName: string; lastName: string | null; active: boolean };
  unread: number;
  lastMessage: MessageRow | null;
}

export interface MessageRow {
  id: number;
  chatId: number;
  senderUserId: number;
  senderName: string;
  text: string;
  createdAt: Date;
}

export interface PersonRow {
  userId: number;
  firstName: string;
  lastName: string | null;
  /** The communities both share, by name. */
  communities: string[];
  chatIdentifier: string | null;
}

export const statusOf = (c: ChatRow) => chatStatus({ blockedByUserId: c.blockedByUserId, meActive: c.meActive, otherActive: c.other.active });
export const actionsOf = (c: ChatRow) => chatActions(statusOf(c), c.blockedByUserId === c.meUserId);

/** The condition "user `other` shares an active community with `me`" on SQL user ids. */
const sharesSql = (me: number, other: ReturnType<typeof sql>) => sql`EXISTS (
  SELECT 1 FROM "Membership" a JOIN "Membership" b ON b."neighborhoodId" = a."neighborhoodId"
   WHERE a."userId" = ${me} AND a.active AND b."userId" = ${other} AND b.active)`;

/** The names of the active communities two people share (the people lists show them). */
const sharedCommunitiesSql = (me: number, other: ReturnType<typeof sql>) => sql`(
  SELECT coalesce(json_agg(DISTINCT n.name), '[]') FROM "Membership" a
    JOIN "Membership" b ON b."neighborhoodId" = a."neighborhoodId" JOIN "Neighborhood" n ON n.id = a."neighborhoodId"
   WHERE a."userId" = ${me} AND a.active AND b."userId" = ${other} AND b.active)`;

async function shares(ctx: ServiceContext, me: number, other: number): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`SELECT ${sharesSql(me, sql`${other}`)} AS ok`.execute(ctx.db.kysely);
  return rows[0]?.ok === true;
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type ChatSqlRow = Omit<ChatRow, 'lastMessageAt' | 'createdAt' | 'lastMessage' | 'other' | 'me'> & {
  meFirstName: string;
  meLastName: string | null;
  lastMessageAt: string | null;
  createdAt: string;
  otherUserId: number;
  otherFirstName: string;
  otherLastName: string | null;
  otherActive: boolean;
  lastMessage: (Omit<MessageRow, 'createdAt'> & { createdAt: string }) | null;
  total: number;
};

const toMessage = (m: Omit<MessageRow, 'createdAt'> & { createdAt: string | Date }): MessageRow => ({ ...m, createdAt: new Date(m.createdAt) });

/** The viewer's conversations matching `where` (conditions on c, me, o and u), newest activity first, in one statement. */
async function chatRows(ctx: ServiceContext, me: number, where: ReturnType<typeof sql>, page = { size: 1, offset: 0 }) {
  // The page first (with its total), then each of its rows' unread count and last message: for its rows only.
  const { rows } = await sql<ChatSqlRow>`
    WITH page AS (
      SELECT c.id, c.identifier, c.type, c."createdByUserId", c."blockedByUserId", c."lastMessageId", c."lastMessageAt", c."createdAt",
             me."userId" AS "meUserId", me.active AS "meActive", me."lastReadMessageId", me."clearedMessageId",
             o."userId" AS "otherUserId", u."firstName" AS "otherFirstName", u."lastName" AS "otherLastName", o.active AS "otherActive",
             (count(*) OVER ())::int AS total
        FROM "ChatParticipant" me
        JOIN "Chat" c ON c.id = me."chatId"
        JOIN "ChatParticipant" o ON o."chatId" = c.id AND o."userId" <> me."userId"
        JOIN "User" u ON u.id = o."userId"
       WHERE me."userId" = ${me} AND ${where}
       ORDER BY coalesce(c."lastMessageAt", c."createdAt") DESC, c.id DESC
       LIMIT ${page.size} OFFSET ${page.offset})
    SELECT p.id, p.identifier::text AS identifier, p.type::text AS type, p."createdByUserId", p."blockedByUserId",
           p."lastMessageAt" AT TIME ZONE 'UTC' AS "lastMessageAt", p."createdAt" AT TIME ZONE 'UTC' AS "createdAt",
           p."meUserId", p."meActive", p."lastReadMessageId", p."clearedMessageId", mu."firstName" AS "meFirstName", mu."lastName" AS "meLastName",
           p."otherUserId", p."otherFirstName", p."otherLastName", p."otherActive", p.total,
           (SELECT count(*)::int FROM "ChatMessage" m WHERE m."chatId" = p.id AND m."senderUserId" <> p."meUserId"
               AND m.id > greatest(p."lastReadMessageId", p."clearedMessageId")) AS unread,
           (SELECT json_build_object('id', m.id, 'chatId', m."chatId", 'senderUserId', m."senderUserId", 'text', m.text,
                   'createdAt', m."createdAt" AT TIME ZONE 'UTC', 'senderName', concat_ws(' ', s."firstName", s."lastName"))
              FROM "ChatMessage" m JOIN "User" s ON s.id = m."senderUserId"
             WHERE m.id = p."lastMessageId" AND m.id > p."clearedMessageId") AS "lastMessage"
      FROM page p JOIN "User" mu ON mu.id = p."meUserId"
     ORDER BY coalesce(p."lastMessageAt", p."createdAt") DESC, p.id DESC`.execute(ctx.db.kysely);
  return rows.map(({ otherUserId, otherFirstName, otherLastName, otherActive, meFirstName, meLastName, total, ...row }) => ({
    chat: {
      ...row,
      me: { firstName: meFirstName, lastName: meLastName },
      lastMessageAt: row.lastMessageAt ? new Date(row.lastMessageAt) : null,
      createdAt: new Date(row.createdAt),
      other: { userId: otherUserId, firstName: otherFirstName, lastName: otherLastName, active: otherActive },
      lastMessage: row.lastMessage ? toMessage(row.lastMessage) : null,
    } satisfies ChatRow,
    total,
  }));
}

/** A conversation the viewer sees (its blocker no longer does), by its identifier. */
async function findChat(ctx: ServiceContext, identifier: string): Promise<ChatRow> {
  const me = actorOf(ctx).userId;
  if (!isUuid(identifier)) throw new NotFoundError('CHAT_NOT_FOUND');
  const [row] = await chatRows(ctx, me, sql`c.identifier = ${identifier}::uuid AND (c."blockedByUserId" IS NULL OR c."blockedByUserId" <> ${me})`);
  if (!row) throw new NotFoundError('CHAT_NOT_FOUND');
  return row.chat;
}

export const getChat = (ctx: ServiceContext, identifier: string) => findChat(ctx, identifier);

/** The conversation with a person, if there is one the viewer sees (/chats/{user_id}). */
export async function chatWith(ctx: ServiceContext, userId: number): Promise<ChatRow | null> {
  const me = actorOf(ctx).userId;
  const [row] = await chatRows(ctx, me, sql`o."userId" = ${userId} AND (c."blockedByUserId" IS NULL OR c."blockedByUserId" <> ${me})`);
  return row?.chat ?? null;
}

/**
 * The viewer's conversations, newest activity first: all but those it deleted (until a new message) or blocked;
 * `search` on the other person's name; `unread` only those with unread messages (the dashboard's 5).
 */
export async function chats(ctx: ServiceContext, args: { search?: string | null; unread?: boolean | null; size?: number | null; offset?: number | null }) {
  const me = actorOf(ctx).userId;
  const size = Math.min(Math.max(args.size ?? CHATS_PAGE, 1), 100);
  const offset = Math.max(args.offset ?? 0, 0);
  const search = args.search?.trim() ? sql`AND concat_ws(' ', u."firstName", u."lastName") ILIKE ${likeText(args.search.trim())}` : sql``;
  const unread = args.unread
    ? sql`AND EXISTS (SELECT 1 FROM "ChatMessage" m WHERE m."chatId" = c.id AND m."senderUserId" <> me."userId"
            AND m.id > greatest(me."lastReadMessageId", me."clearedMessageId"))`
    : sql``;
  const where = sql`NOT me.hidden AND (c."blockedByUserId" IS NULL OR c."blockedByUserId" <> ${me}) ${search} ${unread}`;
  const rows = await chatRows(ctx, me, where, { size, offset });
  // Past the last page the window count has no row to ride on.
  const total = rows[0]?.total ?? (offset > 0 ? ((await chatRows(ctx, me, where))[0]?.total ?? 0) : 0);
  return { rows: rows.map((r) => r.chat), total };
}

/** How many conversations have unread messages, and how many messages are unread (the menu's badge, GET /me/chats/unread). */
export async function unreadSummary(ctx: ServiceContext) {
  const me = actorOf(ctx).userId;
  const { rows } = await sql<{ chats: number; messages: number }>`
    SELECT count(DISTINCT m."chatId")::int AS chats, count(*)::int AS messages
      FROM "ChatParticipant" me JOIN "Chat" c ON c.id = me."chatId"
      JOIN "ChatMessage" m ON m."chatId" = me."chatId" AND m."senderUserId" <> me."userId"
       AND m.id > greatest(me."lastReadMessageId", me."clearedMessageId")
     WHERE me."userId" = ${me} AND (c."blockedByUserId" IS NULL OR c."blockedByUserId" <> ${me})`.execute(ctx.db.kysely);
  return rows[0] ?? { chats: 0, messages: 0 };
}

/** A conversation's messages the viewer sees (after what it deleted), newest first: the latest page or those older than `olderThan`. */
export async function messages(ctx: ServiceContext, identifier: string, page: { olderThan?: number | null; size?: number | null }) {
  const chat = await findChat(ctx, identifier);
  const size = Math.min(Math.max(page.size ?? MESSAGES_PAGE, 1), 100);
  const rows = await ctx.prisma.chatMessage.findMany({
    where: { chatId: chat.id, id: { gt: chat.clearedMessageId, ...(page.olderThan != null ? { lt: page.olderThan } : {}) } },
    orderBy: { id: 'desc' },
    take: size + 1,
    select: { id: true, chatId: true, senderUserId: true, text: true, createdAt: true, sender: { select: { firstName: true, lastName: true } } },
  });
  return {
    chat,
    messages: rows.slice(0, size).map(({ sender, ...m }) => ({ ...m, senderName: personName(sender) })),
    hasOlder: rows.length > size,
  };
}

/** The viewer's friends: the people of its accepted conversations that it still shares a community with; `search` on name or e-mail. */
export async function friendships(ctx: ServiceContext, args: { search?: string | null; size?: number | null; offset?: number | null }) {
  const me = actorOf(ctx).userId;
  const size = Math.min(Math.max(args.size ?? CHATS_PAGE, 1), 100);
  const offset = Math.max(args.offset ?? 0, 0);
  // By name only: a part of a friend's e-mail would let anyone rebuild it by probing.
  const search = args.search?.trim() ? sql`AND concat_ws(' ', u."firstName", u."lastName") ILIKE ${likeText(args.search.trim())}` : sql``;
  const page = async (size: number, offset: number) => {
    const { rows } = await sql<PersonRow & { total: number }>`
    SELECT u.id AS "userId", u."firstName", u."lastName", c.identifier::text AS "chatIdentifier",
           ${sharedCommunitiesSql(me, sql`u.id`)} AS communities, (count(*) OVER ())::int AS total
      FROM "ChatParticipant" me JOIN "Chat" c ON c.id = me."chatId"
      JOIN "ChatParticipant" o ON o."chatId" = c.id AND o."userId" <> me."userId" JOIN "User" u ON u.id = o."userId"
     WHERE me."userId" = ${me} AND me.active AND o.active AND c."blockedByUserId" IS NULL AND ${sharesSql(me, sql`u.id`)} ${search}
     ORDER BY u."firstName", u."lastName" NULLS FIRST, u.id
     LIMIT ${size} OFFSET ${offset}`.execute(ctx.db.kysely);
    return rows;
  };
  const rows = await page(size, offset);
  // Past the last page the window count has no row to ride on.
  const total = rows[0]?.total ?? (offset > 0 ? ((await page(1, 0))[0]?.total ?? 0) : 0);
  return { rows: rows.map(({ total: _t, ...p }) => p), total };
}

/** People to talk to: active people of the viewer's communities it has no conversation with yet, its own house's first. */
export async function suggestions(ctx: ServiceContext, size = CHATS_PAGE) {
  const actor = actorOf(ctx);
  const me = actor.userId;
  const { rows } = await sql<PersonRow>`
    WITH people AS (
      SELECT b."userId", bool_or(b."houseId" IS NOT DISTINCT FROM ${actor.houseId ?? -1}) AS "sameHouse"
        FROM "Membership" a JOIN "Membership" b ON b."neighborhoodId" = a."neighborhoodId" AND b.active
       WHERE a."userId" = ${me} AND a.active AND b."userId" <> ${me}
       GROUP BY b."userId")
    SELECT u.id AS "userId", u."firstName", u."lastName", NULL AS "chatIdentifier", ${sharedCommunitiesSql(me, sql`u.id`)} AS communities
      FROM people p JOIN "User" u ON u.id = p."userId"
     WHERE NOT EXISTS (SELECT 1 FROM "ChatParticipant" x JOIN "ChatParticipant" y ON y."chatId" = x."chatId"
                        WHERE x."userId" = ${me} AND y."userId" = u.id)
     ORDER BY p."sameHouse" DESC, u."firstName", u."lastName" NULLS FIRST, u.id
     LIMIT ${Math.min(Math.max(size, 1), 100)}`.execute(ctx.db.kysely);
  return rows;
}

/**
 * The person with this e-mail, only when it shares a community with the viewer: the answer is the same (nobody)
 * whether the e-mail has no account or belongs to someone elsewhere.
 */
export async function findByEmail(ctx: ServiceContext, input: { email: string }): Promise<PersonRow | null> {
  const me = actorOf(ctx).userId;
  const { email } = parseInput(FriendSearchFields, input);
  const { rows } = await sql<PersonRow>`
    SELECT u.id AS "userId", u."firstName", u."lastName", ${sharedCommunitiesSql(me, sql`u.id`)} AS communities,
           (SELECT c.identifier::text FROM "Chat" c WHERE c."pairKey" = concat(least(u.id, ${me}), ':', greatest(u.id, ${me}))
               AND (c."blockedByUserId" IS NULL OR c."blockedByUserId" <> ${me})) AS "chatIdentifier"
      FROM "User" u WHERE u.email = ${email} AND u.id <> ${me} AND ${sharesSql(me, sql`u.id`)}`.execute(ctx.db.kysely);
  return rows[0] ?? null;
}

/** Publishes a conversation's change to both people after commit. */
function announce(ctx: ServiceContext, scope: { afterCommit: (f: () => void) => void }, to: number[], event: Omit<ChatEvent, 'at'>) {
  const pubsub = ctx.pubsub;
  if (!pubsub) return;
  scope.afterCommit(() => {
    const at = new Date();
    for (const userId of to) pubsub.publish('chat:user', userId, { ...event, at });
  });
}

/** The chat's row locked for this write, with both participants as they are inside it. */
async function lockChat(tx: Tx, chatId: number, me: number) {
  // A conversation cancelled by the other person since it was read is gone: a 404, not a failure.
  if (!(await lockRow(tx, 'Chat', chatId))) throw new NotFoundError('CHAT_NOT_FOUND');
  const chat = await tx.chat.findUniqueOrThrow({
    where: { id: chatId },
    select: { id: true, identifier: true, blockedByUserId: true, createdByUserId: true, lastMessageId: true, participants: true },
  });
  const mine = chat.participants.find((p) => p.userId === me);
  const other = chat.participants.find((p) => p.userId !== me);
  if (!mine || !other) throw new NotFoundError('CHAT_NOT_FOUND');
  // What this person may do with it, decided from the rows as they are under the lock.
  const status = chatStatus({ blockedByUserId: chat.blockedByUserId, meActive: mine.active, otherActive: other.active });
  return { ...chat, mine, other, actions: chatActions(status, chat.blockedByUserId === me) };
}

/**
 * Invites a person to talk (POST /me/chats/friendships/{userId}): the conversation of the pair, made if new, with the
 * viewer active and the invitee pending. Inviting someone who invited you accepts; inviting someone you blocked lifts it.
 */
export async function invite(ctx: ServiceContext, userId: number, idempotencyKey?: string | null) {
  const actor = actorOf(ctx);
  const me = actor.userId;
  if (userId === me) throw new ConflictError('CHAT_SELF');
  if (!(await shares(ctx, me, userId))) throw new NotFoundError('CHAT_PERSON_NOT_FOUND');
  const identifier = await write(ctx, { idempotencyKey, request: { operation: 'inviteFriend', input: { userId } }, rowLocks: true }, async (scope) => {
    const { tx } = scope;
    const key = pairKey(me, userId);
    const made = await tx.chat.createMany({ data: [{ identifier: randomUUID(), pairKey: key, createdByUserId: me }], skipDuplicates: true });
    const pair = await tx.chat.findUnique({ where: { pairKey: key }, select: { id: true } });
    if (!pair) throw new ConflictError('OPERATION_IN_PROGRESS');
    const { id } = pair;
    if (made.count) {
      await tx.chatParticipant.createMany({
        data: [
          { chatId: id, userId: me, active: true },
          { chatId: id, userId, active: false },
        ],
      });
    }
    const chat = await lockChat(tx, id, me);
    if (chat.blockedByUserId === userId) throw new ForbiddenError('CHAT_BLOCKED');
    const unblocks = chat.blockedByUserId === me;
    if (unblocks) await tx.chat.update({ where: { id }, data: { blockedByUserId: null } });
    const accepts = !made.count && !chat.mine.active;
    if (!chat.mine.active || chat.mine.hidden) {
      await tx.chatParticipant.update({ where: { chatId_userId: { chatId: id, userId: me } }, data: { active: true, hidden: false } });
    }
    // Lifting a block shows the conversation again to the person who deleted it meanwhile.
    if (unblocks && chat.other.hidden) await tx.chatParticipant.update({ where: { chatId_userId: { chatId: id, userId } }, data: { hidden: false } });
    if (made.count || accepts || unblocks) {
      await scope.audit({ action: made.count ? 'CREATE' : 'UPDATE', entity: 'Chat', entityId: id, data: { invitee: userId, accepts, unblocks } });
      announce(ctx, scope, [me, userId], { kind: made.count ? 'INVITED' : 'ACCEPTED', identifier: chat.identifier, fromUserId: me });
    }
    return chat.identifier;
  });
  return { chat: await findChat(ctx, identifier), message: CHAT_MESSAGES.invited };
}

/**
 * Sends a message: not in a blocked conversation, and only while both still share a community. The invitee's reply
 * accepts the invitation; a conversation either had deleted shows again. With `sendEmail` the other person also gets
 * it by e-mail; its open sessions get the spec's push payload (DIRECT_MESSAGE).
 */
export async function sendMessage(ctx: ServiceContext, identifier: string, input: MessageInput, idempotencyKey?: string | null) {
  const me = actorOf(ctx).userId;
  const data = parseInput(MessageFields, input);
  if (!isUuid(identifier)) throw new NotFoundError('CHAT_NOT_FOUND');
  // One statement: the conversation locked with what decides, and (when it may) the message, the conversation's last
  // message and both people's marks (shown again to whoever deleted it; accepted and read up to it by its sender).
  const statement = Prisma.sql`
    WITH chat AS (
      SELECT c.id, c.identifier::text AS identifier, c."blockedByUserId", mine.active AS "meActive", o."userId" AS "otherUserId",
             o.active AS "otherActive", c."lastMessageId" IS NULL AS "firstMessage",
             concat_ws(' ', mu."firstName", mu."lastName") AS "senderName", ou.email AS "otherEmail",
             EXISTS (SELECT 1 FROM "Membership" a JOIN "Membership" b ON b."neighborhoodId" = a."neighborhoodId"
                      WHERE a."userId" = ${me} AND a.active AND b."userId" = o."userId" AND b.active) AS shares
        FROM "Chat" c
        JOIN "ChatParticipant" mine ON mine."chatId" = c.id AND mine."userId" = ${me}
        JOIN "ChatParticipant" o ON o."chatId" = c.id AND o."userId" <> ${me}
        JOIN "User" mu ON mu.id = mine."userId"
        JOIN "User" ou ON ou.id = o."userId"
       WHERE c.identifier = ${identifier}::uuid
         FOR UPDATE OF c),
    m AS (
      INSERT INTO "ChatMessage" ("chatId", "senderUserId", text, "createdAt")
      SELECT chat.id, ${me}, ${data.text}, now() AT TIME ZONE 'UTC' FROM chat WHERE chat."blockedByUserId" IS NULL AND chat.shares
      RETURNING id, "chatId", "senderUserId", text, "createdAt"),
    c AS (UPDATE "Chat" SET "lastMessageId" = m.id, "lastMessageAt" = m."createdAt" FROM m WHERE "Chat".id = m."chatId"),
    p AS (UPDATE "ChatParticipant" SET hidden = false,
                 active = CASE WHEN "ChatParticipant"."userId" = ${me} THEN true ELSE "ChatParticipant".active END,
                 "lastReadMessageId" = CASE WHEN "ChatParticipant"."userId" = ${me} THEN m.id ELSE "ChatParticipant"."lastReadMessageId" END
            FROM m WHERE "ChatParticipant"."chatId" = m."chatId")
    SELECT chat.*, m.id AS "messageId", m."createdAt" AT TIME ZONE 'UTC' AS "createdAt" FROM chat LEFT JOIN m ON true`;
  type Row = {
    id: number;
    identifier: string;
    blockedByUserId: number | null;
    meActive: boolean;
    otherUserId: number;
    otherActive: boolean;
    firstMessage: boolean;
    senderName: string;
    otherEmail: string;
    shares: boolean;
    messageId: number | null;
    createdAt: Date | null;
  };
  const sent = async (scope: { afterCommit: (f: () => void) => void }, [chat]: Row[]) => {
    // Its blocker no longer sees it; the blocked one sees it and cannot write.
    if (!chat || chat.blockedByUserId === me) throw new NotFoundError('CHAT_NOT_FOUND');
    if (chat.blockedByUserId !== null) throw new ForbiddenError('CHAT_BLOCKED');
    if (!chat.shares || chat.messageId === null) throw new ForbiddenError('CHAT_PERSON_GONE');
    const { senderName } = chat;
    const message = { id: chat.messageId, chatId: chat.id, senderUserId: me, text: data.text, createdAt: chat.createdAt!, senderName };
    const accepts = !chat.meActive;
    const pushUrl = `/chats/${chat.identifier}`;
    const push = { pushType: 'DIRECT_MESSAGE' as const, senderName, message: data.text, title: `Mensaje de ${senderName}`, pushUrl };
    const event = { identifier: chat.identifier, fromUserId: me, message };
    announce(ctx, scope, [chat.otherUserId], { kind: 'MESSAGE', ...event, push });
    announce(ctx, scope, [me], { kind: accepts ? 'ACCEPTED' : 'MESSAGE', ...event });
    if (accepts) announce(ctx, scope, [chat.otherUserId], { kind: 'ACCEPTED', identifier: chat.identifier, fromUserId: me });
    return { chat, message };
  };
  const lazyChat = () => findChat(ctx, identifier);
  // A plain message is that statement alone (it commits by itself: the hot path of every chat); one to mail or with
  // an idempotency key runs it inside the kernel's write, with the e-mail queued in the same transaction.
  if (!data.sendEmail && !idempotencyKey && !ctx.idempotencyKey && !ctx.headerIdempotency) {
    const effects: (() => void)[] = [];
    const { message } = await sent({ afterCommit: (f) => effects.push(f) }, await ctx.prisma.$queryRaw<Row[]>(statement));
    for (const effect of effects) effect();
    return { message: toMessage(message), chat: lazyChat };
  }
  const message = await write(
    ctx,
    { idempotencyKey, request: { operation: 'sendChatMessage', input: { identifier, ...data } }, rowLocks: true },
    async (scope) => {
      const { chat, message } = await sent(scope, await scope.tx.$queryRaw<Row[]>(statement));
      // By e-mail once both accepted, or the invitation's first message: an unanswered invitation cannot flood an inbox.
      if (data.sendEmail && (chat.otherActive || chat.firstMessage)) {
        await queueEmail(scope.tx, {
          to: chat.otherEmail,
          subject: `${chat.senderName} te envió un mensaje`,
          text: `${chat.senderName} te escribió:\n\n${data.text}\n\nRespóndele en ${appLink(ctx.config, `/chats/${chat.identifier}`)}`,
        });
        scope.afterCommit(() => kickMailer(ctx.prisma));
      }
      return message;
    },
  );
  return { message: toMessage(message), chat: lazyChat };
}

/** Marks the conversation read up to a message of it (PUT /me/chats/{identifier}/messages/{id}); never moves back. */
export async function markRead(ctx: ServiceContext, identifier: string, messageId: number) {
  const chat = await findChat(ctx, identifier);
  const message = await ctx.prisma.chatMessage.findFirst({ where: { id: messageId, chatId: chat.id }, select: { id: true } });
  if (!message) throw new NotFoundError('CHAT_MESSAGE_NOT_FOUND');
  const moved = await ctx.prisma.chatParticipant.updateMany({
    where: { chatId: chat.id, userId: chat.meUserId, lastReadMessageId: { lt: messageId } },
    data: { lastReadMessageId: messageId },
  });
  if (moved.count && ctx.pubsub)
    ctx.pubsub.publish('chat:user', chat.meUserId, { kind: 'READ', identifier: chat.identifier, fromUserId: chat.meUserId, at: new Date() });
  return findChat(ctx, identifier);
}

/** The inviter takes back a pending invitation: the conversation is gone for both. */
export async function cancelInvitation(ctx: ServiceContext, identifier: string, idempotencyKey?: string | null) {
  const found = await findChat(ctx, identifier);
  await write(ctx, { idempotencyKey, request: { operation: 'cancelChatInvitation', input: { identifier } }, rowLocks: true }, async (scope) => {
    const chat = await lockChat(scope.tx, found.id, found.meUserId);
    if (!chat.actions.canCancel) throw new ConflictError('CHAT_NOT_PENDING');
    await scope.tx.chat.delete({ where: { id: chat.id } });
    await scope.audit({ action: 'DELETE', entity: 'Chat', entityId: chat.id, data: { cancelled: true } });
    announce(ctx, scope, [chat.mine.userId, chat.other.userId], { kind: 'CANCELLED', identifier: chat.identifier, fromUserId: chat.mine.userId });
  });
  return { identifier, message: CHAT_MESSAGES.cancelled };
}

/** Blocks the other person: neither writes in the conversation, its blocker no longer lists it, and the blocked cannot invite again. */
export async function block(ctx: ServiceContext, identifier: string, idempotencyKey?: string | null) {
  const found = await findChat(ctx, identifier);
  await write(ctx, { idempotencyKey, request: { operation: 'blockChat', input: { identifier } }, rowLocks: true }, async (scope) => {
    const chat = await lockChat(scope.tx, found.id, found.meUserId);
    if (!chat.actions.canBlock) throw new ConflictError('CHAT_CANNOT_BLOCK');
    await scope.tx.chat.update({ where: { id: chat.id }, data: { blockedByUserId: chat.mine.userId } });
    await scope.audit({ action: 'UPDATE', entity: 'Chat', entityId: chat.id, data: { blocked: chat.other.userId } });
    announce(ctx, scope, [chat.mine.userId, chat.other.userId], { kind: 'BLOCKED', identifier: chat.identifier, fromUserId: chat.mine.userId });
  });
  return { identifier, message: CHAT_MESSAGES.blocked };
}

/** Deletes the conversation for the viewer: hidden with its messages so far; a later message shows it again with what follows. */
export async function deleteChat(ctx: ServiceContext, identifier: string, idempotencyKey?: string | null) {
  const found = await findChat(ctx, identifier);
  await write(ctx, { idempotencyKey, request: { operation: 'deleteChat', input: { identifier } }, rowLocks: true }, async (scope) => {
    const chat = await lockChat(scope.tx, found.id, found.meUserId);
    if (!chat.actions.canDelete) throw new ConflictError('CHAT_CANNOT_DELETE');
    await scope.tx.chatParticipant.update({
      where: { chatId_userId: { chatId: chat.id, userId: chat.mine.userId } },
      data: { hidden: true, clearedMessageId: chat.lastMessageId ?? 0, lastReadMessageId: chat.lastMessageId ?? 0 },
    });
    await scope.audit({ action: 'DELETE', entity: 'Chat', entityId: chat.id, data: { forUser: chat.mine.userId } });
    announce(ctx, scope, [chat.mine.userId], { kind: 'DELETED', identifier: chat.identifier, fromUserId: chat.mine.userId });
  });
  return { identifier, message: CHAT_MESSAGES.deleted };
}

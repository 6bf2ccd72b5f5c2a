// The bench's conversations (issue 33): the administrator (the bench's viewer) talks with 500 of the bench owners,
// 20 messages each, the last 3 of every fifth conversation unread. Set-based: INSERT … SELECT.
import type { openDatabase } from '../../server/db/client.js';

type Db = Awaited<ReturnType<typeof openDatabase>>;

export const BENCH_CHATS = 500;

export async function seedChatInbox(db: Db, count = BENCH_CHATS): Promise<number> {
  const [{ n }] = await db.sql<{ n: number }>(
    `WITH me AS (SELECT id FROM "User" WHERE email = 'admin@demo.mx'),
          people AS (SELECT DISTINCT h."ownerUserId" AS id FROM "House" h WHERE h.catastral LIKE 'BEN-%' AND h."ownerUserId" IS NOT NULL
                      ORDER BY 1 LIMIT $1::int),
          chats AS (
            INSERT INTO "Chat" (identifier, "pairKey", "createdByUserId", "createdAt")
            SELECT gen_random_uuid(), least(p.id, me.id) || ':' || greatest(p.id, me.id), p.id, now() - interval '30 days' FROM people p, me
            RETURNING id, "createdByUserId" AS other),
          members AS (
            INSERT INTO "ChatParticipant" ("chatId", "userId", active)
            SELECT c.id, c.other, true FROM chats c UNION ALL SELECT c.id, me.id, true FROM chats c, me RETURNING 1)
     SELECT count(*)::int + 0 * (SELECT count(*) FROM members) AS n FROM chats`,
    [count],
  );
  await db.sql(
    `INSERT INTO "ChatMessage" ("chatId", "senderUserId", text, "createdAt")
     SELECT c.id, CASE WHEN g % 2 = 0 THEN c."createdByUserId" ELSE me.id END,
            'Mensaje ' || g || ' sobre el mantenimiento de la casa y los pagos del mes', now() - interval '1 day' * (20 - g) - interval '1 minute' * c.id
       FROM "Chat" c CROSS JOIN generate_series(1, 20) g CROSS JOIN (SELECT id FROM "User" WHERE email = 'admin@demo.mx') me
      WHERE c."createdByUserId" <> me.id`,
    [],
  );
  await db.sql(
    `UPDATE "Chat" c SET "lastMessageId" = m.id, "lastMessageAt" = m."createdAt"
       FROM (SELECT DISTINCT ON ("chatId") "chatId", id, "createdAt" FROM "ChatMessage" ORDER BY "chatId", id DESC) m WHERE m."chatId" = c.id`,
    [],
  );
  await db.sql(
    `UPDATE "ChatParticipant" p SET "lastReadMessageId" = (SELECT max(m.id) - CASE WHEN p."chatId" % 5 = 0 THEN 3 ELSE 0 END FROM "ChatMessage" m WHERE m."chatId" = p."chatId")
      WHERE p."userId" = (SELECT id FROM "User" WHERE email = 'admin@demo.mx')`,
    [],
  );
  return n;
}

/** The raw baseline of the first page of the viewer's conversations (GET /me/chats): the same statement as the app's. */
export function rawChatsCase() {
  return {
    chats: {
      sql: `WITH page AS (
              SELECT c.id, c.identifier, c.type, c."createdByUserId", c."blockedByUserId", c."lastMessageId", c."lastMessageAt", c."createdAt",
                     me."userId" AS "meUserId", me.active AS "meActive", me."lastReadMessageId", me."clearedMessageId",
                     o."userId" AS "otherUserId", u."firstName" AS "otherFirstName", u."lastName" AS "otherLastName", o.active AS "otherActive",
                     (count(*) OVER ())::int AS total
                FROM "ChatParticipant" me
                JOIN "Chat" c ON c.id = me."chatId"
                JOIN "ChatParticipant" o ON o."chatId" = c.id AND o."userId" <> me."userId"
                JOIN "User" u ON u.id = o."userId"
               WHERE me."userId" = $1 AND NOT me.hidden AND (c."blockedByUserId" IS NULL OR c."blockedByUserId" <> $1)
               ORDER BY coalesce(c."lastMessageAt", c."createdAt") DESC, c.id DESC
               LIMIT 20 OFFSET 0)
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
             ORDER BY coalesce(p."lastMessageAt", p."createdAt") DESC, p.id DESC`,
      viewerParameters: ['userId'],
      grant: null,
      rows: true,
    },
  };
}

// The bench community's feed (issue 32 item 10): 5,000 posts over a year by the bench owners, every fifth a poll
// of three options with votes, two comments each. Set-based: INSERT … SELECT.
import type { openDatabase } from '../../server/db/client.js';

type Db = Awaited<ReturnType<typeof openDatabase>>;

export const BENCH_POSTS = 5_000;

export async function seedFeedYear(db: Db, neighborhoodId: number, count = BENCH_POSTS): Promise<number> {
  const [{ n }] = await db.sql<{ n: number }>(
    `WITH authors AS (SELECT h."ownerUserId" AS id, row_number() OVER (ORDER BY h.id) - 1 AS k
                        FROM "House" h WHERE h.catastral LIKE 'BEN-%' AND h."ownerUserId" IS NOT NULL),
          posts AS (
            INSERT INTO "Post" ("neighborhoodId", "authorUserId", type, text, privacy, "commentsEnabled", "houseTypeIds", "attachmentFileIds", "createdAt")
            SELECT $1, a.id, CASE WHEN g % 5 = 0 THEN 'POLL' ELSE 'TEXT' END::"PostType",
                   'Aviso de la comunidad número ' || g || ': la administración informa sobre el mantenimiento de las áreas comunes.',
                   (ARRAY['NEIGHBORS','NEIGHBORS','NEIGHBORS','OWNERS'])[1 + g % 4]::"PostPrivacy", true, '{}', '{}',
                   now() - interval '105 minutes' * ($2::int - g)
              FROM generate_series(1, $2::int) g JOIN authors a ON a.k = g % (SELECT count(*) FROM authors)
            RETURNING id, type, "authorUserId"),
          options AS (
            INSERT INTO "PostOption" ("postId", position, text, votes)
            SELECT p.id, o, (ARRAY['Sí','No','Me da igual'])[o + 1], (p.id * (o + 3)) % 40
              FROM posts p CROSS JOIN generate_series(0, 2) o WHERE p.type = 'POLL' RETURNING 1),
          comments AS (
            INSERT INTO "PostComment" ("neighborhoodId", "postId", "userId", text)
            SELECT $1, p.id, p."authorUserId", 'Gracias por el aviso (' || c || ')' FROM posts p CROSS JOIN generate_series(1, 2) c RETURNING 1)
     SELECT (SELECT count(*) FROM posts)::int + 0 * (SELECT count(*) FROM options) + 0 * (SELECT count(*) FROM comments) AS n`,
    [neighborhoodId, count],
  );
  return n;
}

/**
 * The raw baseline of the feed's first page for the administration (GET users/{u}/feed): its posts but others'
 * ONLY_ME ones, newest first, the page recorded as seen, each with its author, options, counts and the viewer's vote.
 */
export function rawFeedCase() {
  return {
    feed: {
      sql: `WITH page AS (
              SELECT p.* FROM "Post" p
               WHERE p."neighborhoodId" = $1 AND p."deletedAt" IS NULL AND (p."authorUserId" = $2 OR p.privacy <> 'ONLY_ME')
               ORDER BY p.id DESC LIMIT 11),
            seen AS (
              INSERT INTO "PostView" ("postId", "userId") SELECT x.id, $2 FROM (SELECT id FROM page ORDER BY id DESC LIMIT 10) x
              ON CONFLICT DO NOTHING RETURNING 1)
            SELECT p.*,
                   (SELECT json_build_object('firstName', u."firstName", 'lastName', u."lastName") FROM "User" u WHERE u.id = p."authorUserId") AS author,
                   (SELECT coalesce(json_agg(json_build_object('id', o.id, 'text', o.text, 'votes', o.votes) ORDER BY o.position), '[]')
                      FROM "PostOption" o WHERE o."postId" = p.id) AS options,
                   (SELECT count(*) FROM "PostComment" c WHERE c."postId" = p.id AND c."deletedAt" IS NULL) AS comments,
                   (SELECT count(*) FROM "PostView" v WHERE v."postId" = p.id) AS views,
                   (SELECT v."optionId" FROM "PostVote" v WHERE v."postId" = p.id AND v."userId" = $2) AS "myVote",
                   (SELECT count(*) FROM seen) AS seen
              FROM page p ORDER BY p.id DESC`,
      viewerParameters: ['neighborhoodId', 'userId'],
      grant: 'APostsRead',
      rows: true,
    },
  };
}

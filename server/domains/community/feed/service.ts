// The community's feed (issue 32; spec 3 sections 3 to 9): posts and polls for everyone, owners or their
// author, until an expiry day and for the house types they target; one vote per person; comments where the post
// allows them; who saw each post. Who reads which post (visibleSql): its author; the administration every post
// but another's ONLY_ME; everyone else the open ones their privacy, expiry and house type let them read.
import { sql } from 'kysely';
import { FEED_MESSAGES, FEED_PAGE, CommentFields, type PostInput, postFields } from '../../../../core/feed.js';
import { todayIn } from '../../../../core/receipts.js';
import { holdsAny } from '../../../auth/houseScope.js';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import { claimFile, MAX_FILE_BYTES, sniffFileType, storeFile } from '../../../infra/files/service.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import type { FeedEvent } from '../../../infra/pubsub.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { parseInput } from '../../../kernel/input.js';
import { lockRow } from '../../../kernel/locks.js';
import { write } from '../../../kernel/write.js';

export const POST_CREATORS = ['APostsCreate', 'OPostsCreate', 'SPostsCreate', 'RPostsCreate'] as const;
export const POST_READERS = ['APostsRead', 'OPostsRead', 'SPostsRead', 'RPostsRead', ...POST_CREATORS] as const;
export const HOUSE_POST_DELETERS = ['OPostsDelete', 'SPostsDelete', 'RPostsDelete'] as const;
export const POST_DELETERS = ['APostsDelete', ...HOUSE_POST_DELETERS] as const;
/** The administration: reads every post but another's ONLY_ME, deletes any, sees who viewed them. */
export const ADMIN_POST_GRANTS = ['APostsRead', 'APostsCreate', 'APostsDelete'] as const;
export const COMMENT_CREATORS = ['ACommentsCreate', 'OCommentsCreate', 'SCommentsCreate', 'RCommentsCreate'] as const;
export const COMMENT_READERS = ['ACommentsRead', 'OCommentsRead', 'SCommentsRead', 'RCommentsRead', ...COMMENT_CREATORS] as const;
export const COMMENT_DELETERS = ['ACommentsDelete', 'OCommentsDelete', 'SCommentsDelete', 'RCommentsDelete'] as const;
/** E-mails a new post to the community (spec 3: on by default for administrators holding it). */
export const POST_NOTIFIERS = ['APostsNotify'] as const;

/** A post as the screens read it: its author, options in order, its comment and view counts and the viewer's vote. */
export interface PostRow {
  id: number;
  neighborhoodId: number;
  authorUserId: number;
  type: 'TEXT' | 'POLL';
  text: string;
  privacy: 'NEIGHBORS' | 'OWNERS' | 'ONLY_ME';
  expiresAt: Date | null;
  commentsEnabled: boolean;
  sendEmail: boolean;
  houseTypeIds: number[];
  attachmentFileIds: string[];
  videoUrl: string | null;
  createdAt: Date;
  author: { firstName: string; lastName: string | null };
  options: { id: number; text: string; votes: number; position: number }[];
  _count: { comments: number; views: number };
  myVoteOptionId: number | null;
}

/** Who reads the feed: from the session alone (the community's day and the house's type are read by the SQL). */
function readerOf(ctx: ServiceContext) {
  const actor = actorOf(ctx);
  return {
    neighborhoodId: communityOf(ctx),
    userId: actor.userId,
    houseId: actor.houseId ?? null,
    admin: holdsAny(ctx, ADMIN_POST_GRANTS),
    owner: actor.roleKind === 'OWNER',
  };
}
type Reader = ReturnType<typeof readerOf>;

/** The community's name and day, for what writes (a post's expiry, the e-mail notice, a vote on an expired poll). */
async function viewerOf(ctx: ServiceContext) {
  const r = readerOf(ctx);
  const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: r.neighborhoodId }, select: { id: true, name: true, timeZone: true } });
  return { ...r, n, today: todayIn(n.timeZone) };
}

/** The posts this reader reads, as one SQL condition on "Post" p. */
function visibleSql(r: Reader) {
  const mine = sql`p."authorUserId" = ${r.userId}`;
  const today = sql`(SELECT (now() AT TIME ZONE n."timeZone")::date FROM "Neighborhood" n WHERE n.id = ${r.neighborhoodId})`;
  const houseType = r.houseId === null ? null : sql`(SELECT h."houseTypeId" FROM "House" h WHERE h.id = ${r.houseId})`;
  const open = sql`(p.privacy = 'NEIGHBORS' ${r.owner ? sql`OR p.privacy = 'OWNERS'` : sql``})
    AND (p."expiresAt" IS NULL OR p."expiresAt" >= ${today})
    AND (cardinality(p."houseTypeIds") = 0 ${houseType ? sql`OR ${houseType} = ANY(p."houseTypeIds")` : sql``})`;
  const reach = r.admin ? sql`(${mine} OR p.privacy <> 'ONLY_ME')` : sql`(${mine} OR (${open}))`;
  return sql`p."neighborhoodId" = ${r.neighborhoodId} AND p."deletedAt" IS NULL AND ${reach}`;
}

type PostSqlRow = Omit<PostRow, 'expiresAt' | 'options'> & {
  expiresAt: string | null;
  options: { id: number; text: string; votes: number; position: number }[];
};

/**
 * The posts of `page` (a statement of "Post" rows), newest first, in one statement with what the screens show of
 * each; `before` is the feed's CTE `seen` that records the page as seen (its rows count among the views: the
 * statement's own insert is not visible to its reads).
 */
async function postsOf(ctx: ServiceContext, r: Reader, page: ReturnType<typeof sql>, before?: ReturnType<typeof sql>): Promise<PostRow[]> {
  const { rows } = await sql<PostSqlRow>`
    WITH page AS (${page}) ${before ? sql`, ${before}` : sql``}
    SELECT p.id, p."neighborhoodId", p."authorUserId", p.type::text AS type, p.text, p.privacy::text AS privacy, p."expiresAt"::text AS "expiresAt",
           p."commentsEnabled", p."sendEmail", p."houseTypeIds", p."attachmentFileIds", p."videoUrl", p."createdAt" AT TIME ZONE 'UTC' AS "createdAt",
           (SELECT json_build_object('firstName', u."firstName", 'lastName', u."lastName") FROM "User" u WHERE u.id = p."authorUserId") AS author,
           (SELECT coalesce(json_agg(json_build_object('id', o.id, 'text', o.text, 'votes', o.votes, 'position', o.position) ORDER BY o.position), '[]')
              FROM "PostOption" o WHERE o."postId" = p.id) AS options,
           json_build_object(
             'comments', (SELECT count(*)::int FROM "PostComment" c WHERE c."postId" = p.id AND c."deletedAt" IS NULL),
             'views', (SELECT count(*)::int FROM "PostView" v WHERE v."postId" = p.id)
                      ${before ? sql`+ (SELECT count(*)::int FROM seen s WHERE s."postId" = p.id)` : sql``}) AS "_count",
           (SELECT v."optionId" FROM "PostVote" v WHERE v."postId" = p.id AND v."userId" = ${r.userId}) AS "myVoteOptionId"
      FROM page p ORDER BY p.id DESC`.execute(ctx.db.kysely);
  return rows.map((row) => ({
    ...row,
    expiresAt: row.expiresAt ? new Date(`${row.expiresAt}T00:00:00Z`) : null,
    createdAt: new Date(row.createdAt),
    houseTypeIds: row.houseTypeIds ?? [],
    attachmentFileIds: row.attachmentFileIds ?? [],
  }));
}

const rowsOf = (ctx: ServiceContext, r: Reader, ids: number[]) =>
  ids.length ? postsOf(ctx, r, sql`SELECT * FROM "Post" WHERE id IN (${sql.join(ids)})`) : Promise.resolve([]);

async function findVisible(ctx: ServiceContext, r: Reader, id: number): Promise<PostRow> {
  const [post] = await postsOf(ctx, r, sql`SELECT p.* FROM "Post" p WHERE p.id = ${id} AND ${visibleSql(r)}`);
  if (!post) throw new NotFoundError('POST_NOT_FOUND');
  return post;
}

export async function getPost(ctx: ServiceContext, id: number) {
  if (!holdsAny(ctx, POST_READERS)) throw new ForbiddenError();
  return findVisible(ctx, readerOf(ctx), id);
}

/**
 * A page of the feed, newest first: the latest FEED_PAGE posts, those newer than `newerThan` (what appeared
 * since the feed opened) or older than `olderThan` (the next page). The posts shown are recorded as seen.
 */
export async function feed(ctx: ServiceContext, page: { newerThan?: number | null; olderThan?: number | null; size?: number | null }) {
  if (!holdsAny(ctx, POST_READERS)) throw new ForbiddenError();
  const r = readerOf(ctx);
  const size = Math.min(Math.max(page.size ?? FEED_PAGE, 1), 50);
  const cut = page.newerThan != null ? sql`AND p.id > ${page.newerThan}` : page.olderThan != null ? sql`AND p.id < ${page.olderThan}` : sql``;
  // One statement: the page (one more to know whether older ones follow), recorded as seen, with what each shows.
  const posts = await postsOf(
    ctx,
    r,
    sql`SELECT p.* FROM "Post" p WHERE ${visibleSql(r)} ${cut} ORDER BY p.id DESC LIMIT ${size + 1}`,
    sql`seen AS (INSERT INTO "PostView" ("postId", "userId") SELECT x.id, ${r.userId} FROM (SELECT id FROM page ORDER BY id DESC LIMIT ${size}) x
                 ON CONFLICT DO NOTHING RETURNING "postId")`,
  );
  return { posts: posts.slice(0, size), hasOlder: posts.length > size };
}

export const mayDeletePost = (ctx: ServiceContext, p: Pick<PostRow, 'authorUserId'>) =>
  holdsAny(ctx, ['APostsDelete']) || (holdsAny(ctx, HOUSE_POST_DELETERS) && p.authorUserId === ctx.actor?.userId);
export const mayComment = (ctx: ServiceContext, p: Pick<PostRow, 'commentsEnabled'>) => p.commentsEnabled && holdsAny(ctx, COMMENT_CREATORS);

/** Files sent with the post itself (the legacy multipart form), stored as uploads: their content decides their type. */
async function storeAttachments(ctx: ServiceContext, files: readonly File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const problem = (message: string) => new InputError([{ field: 'attachments', message: `${file.name}: ${message}` }]);
    if (file.size === 0) throw problem('el archivo está vacío');
    if (file.size > MAX_FILE_BYTES) throw problem('el archivo debe pesar como máximo 10 MB');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = await sniffFileType(bytes);
    if (!type || type === 'application/xml') throw problem('el archivo debe ser PDF, PNG, JPG o WEBP');
    ids.push((await storeFile(ctx.db, actorOf(ctx), ctx.ip, { name: file.name, type, bytes })).id);
  }
  return ids;
}

export async function createPost(ctx: ServiceContext, input: PostInput, idempotencyKey?: string | null, files: readonly File[] = []) {
  if (!holdsAny(ctx, POST_CREATORS)) throw new ForbiddenError();
  const v = await viewerOf(ctx);
  const data = parseInput(postFields(v.today), input);
  if (data.attachmentFileIds.length + files.length > 10) throw new InputError([{ field: 'attachmentFileIds', message: FEED_MESSAGES.tooManyAttachments }]);
  const sendEmail = data.sendEmail && holdsAny(ctx, POST_NOTIFIERS) && data.privacy !== 'ONLY_ME';
  const attachmentFileIds = [...(await Promise.all(data.attachmentFileIds.map((id) => claimFile(ctx, id)))), ...(await storeAttachments(ctx, files))];
  if (data.houseTypeIds.length) {
    const known = await ctx.prisma.houseType.count({ where: { neighborhoodId: v.n.id, id: { in: data.houseTypeIds } } });
    if (known !== data.houseTypeIds.length) throw new InputError([{ field: 'houseTypeIds', message: 'El tipo de propiedad no existe' }]);
  }
  const id = await write(ctx, { idempotencyKey, request: { operation: 'createPost', input } }, async (scope) => {
    const { tx, audit } = scope;
    const post = await tx.post.create({
      data: {
        neighborhoodId: v.n.id,
        authorUserId: v.userId,
        type: data.type,
        text: data.text,
        privacy: data.privacy,
        expiresAt: data.expiresAt ? new Date(`${data.expiresAt}T00:00:00Z`) : null,
        commentsEnabled: data.commentsEnabled,
        sendEmail,
        houseTypeIds: data.houseTypeIds,
        attachmentFileIds,
        videoUrl: data.videoUrl,
        options: { create: data.options.map((text, position) => ({ text, position })) },
      },
      select: { id: true },
    });
    await audit({ action: 'CREATE', entity: 'Post', entityId: post.id, data: { type: data.type, privacy: data.privacy, sendEmail } });
    if (sendEmail) {
      for (const to of await readersEmails(tx, v.n.id, data.privacy, data.houseTypeIds, v.userId)) {
        await queueEmail(tx, {
          to,
          neighborhoodId: v.n.id,
          subject: `${data.type === 'POLL' ? 'Nueva encuesta' : 'Nueva publicación'} en ${v.n.name}`,
          text: `${data.text}\n\n${data.type === 'POLL' ? 'Vota en la aplicación de tu comunidad.' : 'Léela y coméntala en la aplicación de tu comunidad.'}`,
        });
      }
      scope.afterCommit(() => kickMailer(ctx.prisma));
    }
    announce(ctx, scope, v.n.id, {
      kind: 'POSTED',
      postId: post.id,
      privacy: data.privacy,
      authorUserId: v.userId,
      houseTypeIds: data.houseTypeIds,
      expiresAt: data.expiresAt,
    });
    return post.id;
  });
  return { post: (await rowsOf(ctx, v, [id]))[0], message: FEED_MESSAGES.created };
}

/**
 * Who the e-mail notice reaches: the community's active people who read the post as the feed would show it to
 * them (visibleSql): a role that reads posts; for OWNERS an owner's role or the administration's; for a post
 * targeting house types, people of those types or the administration.
 */
async function readersEmails(tx: Tx, neighborhoodId: number, privacy: string, houseTypeIds: number[], authorId: number) {
  const admin = { grants: { hasSome: [...ADMIN_POST_GRANTS] } };
  const people = await tx.membership.findMany({
    where: {
      neighborhoodId,
      active: true,
      userId: { not: authorId },
      AND: [
        { role: { grants: { hasSome: [...POST_READERS] } } },
        privacy === 'OWNERS' ? { OR: [{ role: { kind: 'OWNER' } }, { role: admin }] } : {},
        houseTypeIds.length ? { OR: [{ house: { houseTypeId: { in: houseTypeIds } } }, { role: admin }] } : {},
      ],
    },
    select: { user: { select: { email: true } } },
  });
  return [...new Set(people.map((p) => p.user.email).filter(Boolean))];
}

/** Who may hear of a post's change: what the feed filters it by. */
const audienceOf = (p: PostRow) => ({
  privacy: p.privacy,
  authorUserId: p.authorUserId,
  houseTypeIds: p.houseTypeIds,
  expiresAt: p.expiresAt ? p.expiresAt.toISOString().slice(0, 10) : null,
});

function announce(ctx: ServiceContext, scope: { afterCommit: (f: () => void) => void }, neighborhoodId: number, event: Omit<FeedEvent, 'at'>) {
  const pubsub = ctx.pubsub;
  if (!pubsub) return;
  scope.afterCommit(() => pubsub.publish('feed:community', neighborhoodId, { ...event, at: new Date() }));
}

export async function deletePost(ctx: ServiceContext, id: number, idempotencyKey?: string | null) {
  const v = await viewerOf(ctx);
  const post = await findVisible(ctx, v, id);
  if (!mayDeletePost(ctx, post)) throw new ForbiddenError();
  await write(ctx, { idempotencyKey, request: { operation: 'deletePost', input: { id } } }, async (scope) => {
    const { count } = await scope.tx.post.updateMany({ where: { id, neighborhoodId: v.n.id, deletedAt: null }, data: { deletedAt: new Date() } });
    if (count === 0) throw new NotFoundError('POST_NOT_FOUND');
    await scope.audit({ action: 'DELETE', entity: 'Post', entityId: id, data: { authorUserId: post.authorUserId } });
    announce(ctx, scope, v.n.id, { kind: 'DELETED', postId: id, ...audienceOf(post) });
  });
  return { id, message: FEED_MESSAGES.deleted };
}

/** One vote per person on a poll, counted under the post's lock (concurrent votes add up exactly). */
export async function vote(ctx: ServiceContext, postId: number, optionId: number, idempotencyKey?: string | null) {
  if (!holdsAny(ctx, POST_READERS)) throw new ForbiddenError();
  const v = await viewerOf(ctx);
  const post = await findVisible(ctx, v, postId);
  if (post.type !== 'POLL') throw new ConflictError('POST_NOT_A_POLL');
  if (!post.options.some((o) => o.id === optionId)) throw new NotFoundError('POST_OPTION_NOT_FOUND');
  if (post.expiresAt && post.expiresAt.toISOString().slice(0, 10) < v.today) throw new ConflictError('POST_EXPIRED');
  // The post's row lock orders the votes (READ COMMITTED under it): 50 at once count exactly, none aborted over the option's counter.
  await write(ctx, { idempotencyKey, request: { operation: 'votePost', input: { postId, optionId } }, rowLocks: true }, async (scope) => {
    const { tx, audit } = scope;
    await lockRow(tx, 'Post', postId, { neighborhoodId: v.n.id });
    if (await tx.postVote.count({ where: { postId, userId: v.userId } })) throw new ConflictError('POST_ALREADY_VOTED');
    await tx.postVote.create({ data: { postId, optionId, userId: v.userId } });
    await tx.postOption.update({ where: { id: optionId }, data: { votes: { increment: 1 } } });
    await audit({ action: 'VOTE', entity: 'Post', entityId: postId, data: { optionId } });
    announce(ctx, scope, v.n.id, { kind: 'VOTED', postId, ...audienceOf(post) });
  });
  return { post: (await rowsOf(ctx, v, [postId]))[0], message: FEED_MESSAGES.voted };
}

export const COMMENT_SELECT = {
  id: true,
  postId: true,
  userId: true,
  text: true,
  createdAt: true,
  user: { select: { firstName: true, lastName: true } },
} as const;
export type CommentRow = PrismaNS.PostCommentGetPayload<{ select: typeof COMMENT_SELECT }>;

/** A post's comments, newest first, by pages (COMMENTS_PAGE): older than `olderThan`. */
export async function comments(ctx: ServiceContext, postId: number, page: { olderThan?: number | null; size: number; offset: number }) {
  if (!holdsAny(ctx, COMMENT_READERS)) throw new ForbiddenError();
  const v = await viewerOf(ctx);
  await findVisible(ctx, v, postId);
  const where = { postId, deletedAt: null, ...(page.olderThan != null ? { id: { lt: page.olderThan } } : {}) };
  const [rows, total] = await Promise.all([
    ctx.prisma.postComment.findMany({ where, orderBy: { id: 'desc' }, take: page.size, skip: page.offset, select: COMMENT_SELECT }),
    ctx.prisma.postComment.count({ where: { postId, deletedAt: null } }),
  ]);
  return { rows, total };
}

export async function addComment(ctx: ServiceContext, postId: number, input: { text?: string | null }, idempotencyKey?: string | null) {
  if (!holdsAny(ctx, COMMENT_CREATORS)) throw new ForbiddenError();
  const v = await viewerOf(ctx);
  const post = await findVisible(ctx, v, postId);
  if (!post.commentsEnabled) throw new ConflictError('POST_COMMENTS_OFF');
  const audience = audienceOf(post);
  const { text } = parseInput(CommentFields, { text: input.text ?? '' });
  const id = await write(ctx, { idempotencyKey, request: { operation: 'addPostComment', input: { postId, text } } }, async (scope) => {
    const row = await scope.tx.postComment.create({ data: { neighborhoodId: v.n.id, postId, userId: v.userId, text }, select: { id: true } });
    await scope.audit({ action: 'COMMENT', entity: 'Post', entityId: postId, data: { commentId: row.id } });
    announce(ctx, scope, v.n.id, { kind: 'COMMENTED', postId, ...audience });
    return row.id;
  });
  return { comment: await ctx.prisma.postComment.findUniqueOrThrow({ where: { id }, select: COMMENT_SELECT }), message: FEED_MESSAGES.commentAdded };
}

export const mayDeleteComment = (ctx: ServiceContext, c: Pick<CommentRow, 'userId'>) =>
  holdsAny(ctx, ['ACommentsDelete']) || (holdsAny(ctx, COMMENT_DELETERS) && c.userId === ctx.actor?.userId);

export async function deleteComment(ctx: ServiceContext, id: number, idempotencyKey?: string | null) {
  const v = await viewerOf(ctx);
  const comment = await ctx.prisma.postComment.findFirst({ where: { id, neighborhoodId: v.n.id, deletedAt: null }, select: COMMENT_SELECT });
  if (!comment) throw new NotFoundError('POST_COMMENT_NOT_FOUND');
  const post = await findVisible(ctx, v, comment.postId);
  if (!mayDeleteComment(ctx, comment)) throw new ForbiddenError();
  await write(ctx, { idempotencyKey, request: { operation: 'deletePostComment', input: { id } } }, async (scope) => {
    const { count } = await scope.tx.postComment.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
    if (count === 0) throw new NotFoundError('POST_COMMENT_NOT_FOUND');
    await scope.audit({ action: 'DELETE_COMMENT', entity: 'Post', entityId: comment.postId, data: { commentId: id } });
    announce(ctx, scope, v.n.id, { kind: 'COMMENT_DELETED', postId: comment.postId, ...audienceOf(post) });
  });
  return { id, message: FEED_MESSAGES.commentDeleted };
}

/** Who saw a post (its author and the administration), most recent first. */
export async function postViews(ctx: ServiceContext, postId: number, page: { size: number; offset: number }) {
  const v = await viewerOf(ctx);
  const post = await findVisible(ctx, v, postId);
  if (post.authorUserId !== v.userId && !v.admin) throw new ForbiddenError();
  const [rows, total] = await Promise.all([
    ctx.prisma.postView.findMany({
      where: { postId },
      orderBy: [{ viewedAt: 'desc' }, { userId: 'asc' }],
      take: page.size,
      skip: page.offset,
      select: { viewedAt: true, userId: true, user: { select: { firstName: true, lastName: true } } },
    }),
    ctx.prisma.postView.count({ where: { postId } }),
  ]);
  return { rows, total };
}

/** Whether a viewer reads a post that holds this upload (the files endpoint asks, for attachments). */
export async function readsAttachment(ctx: ServiceContext, fileId: string): Promise<boolean> {
  if (!holdsAny(ctx, POST_READERS)) return false;
  const v = await viewerOf(ctx);
  const { rows } = await sql<{ id: number }>`
    SELECT p.id FROM "Post" p WHERE ${fileId} = ANY(p."attachmentFileIds") AND ${visibleSql(v)} LIMIT 1`.execute(ctx.db.kysely);
  return rows.length > 0;
}

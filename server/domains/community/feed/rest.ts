// Legacy /api/1.0 routes of the feed (spec 3 section 9), under /neighborhoods/{n}/users/{u}/feed: the feed by
// newer (last_id) or older (old_id) posts, publish (multipart: type, privacy, expiration, attachments[i],
// options[i], sendEmail, housesTypes), delete, comments (list, add, delete), votes and who saw a post.
import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { MAX_FILE_BYTES } from '../../../infra/files/service.js';
import { isUploadedFile } from '../../../rest/handler.js';
import { COMMENTS_PAGE, FEED_PAGE } from '../../../../core/feed.js';

const BASE = '/neighborhoods/{n}/users/{u}/feed';
const POST = `databaseId type text privacy privacyName expiresAt commentsEnabled sendEmail houseTypeIds videoUrl authorName isMine createdAt
  totalVotes myVoteOptionId commentCount viewCount canDelete canComment canSeeViews options { databaseId text votes share }
  attachments { fileId url name contentType size }`;
const COMMENT = 'databaseId postDatabaseId text userName isMine createdAt canDelete';

function legacyPost(p: any) {
  return {
    id: p.databaseId,
    type: p.type,
    content: p.text,
    privacy: p.privacy,
    privacy_name: p.privacyName,
    expires_at: p.expiresAt,
    comments_enabled: p.commentsEnabled,
    send_email: p.sendEmail,
    houses_types: p.houseTypeIds,
    video_url: p.videoUrl,
    author: p.authorName,
    is_mine: p.isMine,
    created_at: p.createdAt,
    options: p.options.map((o: any) => ({ id: o.databaseId, option: o.text, votes: o.votes, percentage: o.share })),
    votes: p.totalVotes,
    my_vote: p.myVoteOptionId,
    comments: p.commentCount,
    users_view: p.viewCount,
    attachments: p.attachments.map((a: any) => ({ id: a.fileId, url: a.url, name: a.name, content_type: a.contentType, size: a.size })),
    can_delete: p.canDelete,
    can_comment: p.canComment,
  };
}

const legacyComment = (c: any) => ({
  id: c.databaseId,
  id_post: c.postDatabaseId,
  comment: c.text,
  user_name: c.userName,
  is_mine: c.isMine,
  created_at: c.createdAt,
  can_delete: c.canDelete,
});

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un número`)
    .positive()
    .max(2_147_483_647);
const feedQuery = z.object({
  last_id: id('last_id').optional(),
  old_id: id('old_id').optional(),
  page_size: z.coerce.number().int().min(1).max(50).default(FEED_PAGE),
});
const pageQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(COMMENTS_PAGE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  old_id: id('old_id').optional(),
});

/** The form's fields: lists arrive as attachments[0], options[1]… (or a JSON-style list); housesTypes also as a comma list. */
function listOf(body: Record<string, unknown>, name: string): unknown[] {
  const direct = body[name];
  if (Array.isArray(direct)) return direct;
  const indexed = Object.entries(body)
    .map(([key, value]) => [new RegExp(`^${name}\\[(\\d{1,2})\\]$`).exec(key), value] as const)
    .filter(([m]) => m)
    .sort(([a], [b]) => Number(a![1]) - Number(b![1]))
    .map(([, value]) => value);
  if (indexed.length) return indexed;
  return typeof direct === 'string' && direct.trim() !== '' ? direct.split(',') : [];
}
const flag = (v: unknown) => (v === undefined || v === null || v === '' ? null : v === true || v === 'true' || v === '1');

const routes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: feedQuery,
    operation: `query($newer: Int, $older: Int, $first: Int, $user: Int) { feed(newerThan: $newer, olderThan: $older, first: $first, userId: $user) {
      hasOlder posts { ${POST} } } }`,
    variables: ({ params, query }) => ({
      newer: query.last_id ?? null,
      older: query.old_id ?? null,
      first: query.page_size,
      user: Number(params.u),
    }),
    result: (data) => ({ content: data.feed.posts.map(legacyPost), has_older: data.feed.hasOlder }),
  },
  {
    method: 'POST',
    path: BASE,
    multipart: { maxBytes: 10 * (MAX_FILE_BYTES + 64 * 1024), tooLarge: 'Los archivos de la publicación deben pesar como máximo 10 MB cada uno' },
    // The files travel to GraphQL as a multipart request (rest/handler.ts) under the top-level variables.
    operation: `mutation($input: CreatePostInput!, $files: [File!]) { createPost(input: $input, files: $files) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreatePostSuccess { data { message post { ${POST} } } } } }`,
    variables: ({ body }) => {
      const b = (body ?? {}) as Record<string, unknown>;
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      const type = text(b.type)?.trim().toUpperCase() ?? null;
      const privacy = text(b.privacy)?.trim().toUpperCase() ?? null;
      if (type !== null && type !== 'TEXT' && type !== 'POLL') throw new RestError(400, 400, 'Elige si es una publicación o una encuesta');
      if (privacy !== null && !['NEIGHBORS', 'OWNERS', 'ONLY_ME'].includes(privacy)) throw new RestError(400, 400, 'Elige quién puede ver la publicación');
      const attachments = listOf(b, 'attachments');
      const houseTypes = listOf(b, 'housesTypes').map((v) => Number(String(v).trim()));
      if (houseTypes.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647))
        throw new RestError(400, 400, 'Los tipos de propiedad deben ser números');
      return {
        input: {
          type,
          privacy,
          text: text(b.content) ?? text(b.text) ?? '',
          expiresAt: text(b.expiration) ?? text(b.expires_at),
          options: listOf(b, 'options').map((o) => String(o)),
          sendEmail: flag(b.sendEmail),
          commentsEnabled: flag(b.comments_enabled),
          houseTypeIds: houseTypes,
          videoUrl: text(b.video_url),
          attachmentFileIds: attachments.filter((a): a is string => typeof a === 'string'),
        },
        files: attachments.filter(isUploadedFile),
      };
    },
    result: (data) => {
      const p = unwrapResult<any>(data.createPost);
      return { message: p.message, ...legacyPost(p.post) };
    },
    status: 201,
  },
  {
    method: 'DELETE',
    path: `${BASE}/{post}`,
    operation: `mutation($input: PostIdInput!) { deletePost(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeletePostSuccess { data { databaseId message } } } }`,
    variables: ({ params }) => ({ input: { postId: globalId('Post', params.post) } }),
    result: (data) => {
      const p = unwrapResult<any>(data.deletePost);
      return { id: p.databaseId, message: p.message };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{post}/comments`,
    query: pageQuery,
    operation: `query($id: ID!, $first: Int, $offset: Int, $older: Int) { postComments(postId: $id, first: $first, offset: $offset, olderThan: $older) {
      ${RESULT_ERROR_FIELDS} ... on QueryPostCommentsSuccess { data { total comments { ${COMMENT} } } } } }`,
    variables: ({ params, query }) => ({ id: globalId('Post', params.post), first: query.page_size, offset: query.offset, older: query.old_id ?? null }),
    result: (data) => {
      const p = unwrapResult<any>(data.postComments);
      return { total: p.total, content: p.comments.map(legacyComment) };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/{post}/comments`,
    body: z.object({ comment: z.string().max(10_000).nullish() }),
    operation: `mutation($input: AddPostCommentInput!) { addPostComment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationAddPostCommentSuccess { data { message comment { ${COMMENT} } } } } }`,
    variables: ({ params, body }) => ({ input: { postId: globalId('Post', params.post), text: body.comment ?? '' } }),
    result: (data) => {
      const p = unwrapResult<any>(data.addPostComment);
      return { message: p.message, ...legacyComment(p.comment) };
    },
    status: 201,
  },
  {
    method: 'DELETE',
    path: `${BASE}/comments/{id}`,
    operation: `mutation($input: DeletePostCommentInput!) { deletePostComment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeletePostCommentSuccess { data { databaseId message } } } }`,
    variables: ({ params }) => ({ input: { commentId: globalId('PostComment', params.id) } }),
    result: (data) => {
      const p = unwrapResult<any>(data.deletePostComment);
      return { id: p.databaseId, message: p.message };
    },
  },
  {
    // Vote for an option; answers the post with its updated figures.
    method: 'POST',
    path: `${BASE}/{post}/votes/{option}`,
    operation: `mutation($input: VotePostInput!) { votePost(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationVotePostSuccess { data { message post { ${POST} } } } } }`,
    variables: ({ params }) => {
      if (!/^\d{1,10}$/.test(params.option) || Number(params.option) > 2_147_483_647) throw new RestError(404, 404, 'La opción no existe');
      return { input: { postId: globalId('Post', params.post), optionId: Number(params.option) } };
    },
    result: (data) => {
      const p = unwrapResult<any>(data.votePost);
      return { message: p.message, ...legacyPost(p.post) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{post}/views`,
    query: pageQuery,
    operation: `query($id: ID!, $first: Int, $offset: Int) { postViews(postId: $id, first: $first, offset: $offset) {
      ${RESULT_ERROR_FIELDS} ... on QueryPostViewsSuccess { data { total views { userDatabaseId userName viewedAt } } } } }`,
    variables: ({ params, query }) => ({ id: globalId('Post', params.post), first: query.page_size, offset: query.offset }),
    result: (data) => {
      const p = unwrapResult<any>(data.postViews);
      return { total: p.total, content: p.views.map((v: any) => ({ id_user: v.userDatabaseId, user_name: v.userName, viewed_at: v.viewedAt })) };
    },
  },
];

/** {u} names a person by number (the feed's own checks which one may read it). */
export const feedRoutes: RestRoute[] = routes.map((route) => ({
  ...route,
  variables: (req) => {
    if (!/^\d{1,10}$/.test(req.params.u) || Number(req.params.u) > 2_147_483_647) throw new RestError(400, 400, 'El usuario de la ruta debe ser un número');
    return route.variables?.(req) ?? {};
  },
}));

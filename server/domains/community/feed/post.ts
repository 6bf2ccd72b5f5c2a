// GraphQL of the feed (service.ts): the feed by pages, one post, create, delete, vote, comments, views and the
// live changes of open feeds.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { filter } from '@graphql-yoga/subscription';
import { personName } from '../../../../core/houseLabel.js';
import { COMMENTS_PAGE, POST_PRIVACIES, POST_PRIVACY_NAMES, POST_TYPES, voteShares } from '../../../../core/feed.js';
import { todayIn } from '../../../../core/receipts.js';
import { builder, grants, idempotencyKeyField } from '../../../graphql/builder.js';
import { holdsAny } from '../../../auth/houseScope.js';
import { FILES_PATH } from '../../../infra/files/http.js';
import type { FeedEvent } from '../../../infra/pubsub.js';
import { communityOf } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { idOf } from '../../../kernel/ids.js';
import {
  addComment,
  type CommentRow,
  COMMENT_CREATORS,
  COMMENT_READERS,
  comments,
  createPost,
  deleteComment,
  deletePost,
  feed,
  getPost,
  mayComment,
  mayDeleteComment,
  mayDeletePost,
  POST_CREATORS,
  POST_READERS,
  type PostRow,
  postViews,
  vote,
} from './service.js';

const PostTypeEnum = builder.enumType('PostType', { values: POST_TYPES });
const PostPrivacyEnum = builder.enumType('PostPrivacy', { values: POST_PRIVACIES });

const PollOptionRef = builder.objectRef<{ id: number; text: string; votes: number; share: number }>('PollOption').implement({
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    text: t.exposeString('text'),
    votes: t.exposeInt('votes'),
    share: t.exposeFloat('share', { description: 'Percentage of all votes, to 2 decimals' }),
  }),
});

const PostAttachmentRef = builder.objectRef<{ id: string; name: string; contentType: string; size: number }>('PostAttachment').implement({
  fields: (t) => ({
    fileId: t.exposeString('id'),
    url: t.string({ resolve: (f) => `${FILES_PATH}/${f.id}` }),
    name: t.exposeString('name'),
    contentType: t.exposeString('contentType'),
    size: t.exposeInt('size'),
  }),
});

export const PostRef = builder.objectRef<PostRow>('Post').implement({
  description: 'A post of the community\'s feed (spec 3 "Post")',
  fields: (t) => ({
    id: t.id({ resolve: (p) => encodeGlobalID('Post', p.id) }),
    databaseId: t.exposeInt('id'),
    type: t.field({ type: PostTypeEnum, resolve: (p) => p.type }),
    text: t.exposeString('text'),
    privacy: t.field({ type: PostPrivacyEnum, resolve: (p) => p.privacy }),
    privacyName: t.string({ resolve: (p) => POST_PRIVACY_NAMES[p.privacy] }),
    expiresAt: t.string({
      nullable: true,
      description: 'YYYY-MM-DD: its last day',
      resolve: (p) => (p.expiresAt ? p.expiresAt.toISOString().slice(0, 10) : null),
    }),
    commentsEnabled: t.exposeBoolean('commentsEnabled'),
    sendEmail: t.exposeBoolean('sendEmail'),
    houseTypeIds: t.exposeIntList('houseTypeIds'),
    attachments: t.field({
      type: [PostAttachmentRef],
      resolve: async (p, _a, ctx) => {
        if (p.attachmentFileIds.length === 0) return [];
        const files = await ctx.prisma.storedFile.findMany({
          where: { id: { in: p.attachmentFileIds } },
          select: { id: true, name: true, contentType: true, size: true },
        });
        return p.attachmentFileIds.flatMap((id) => files.find((f) => f.id === id) ?? []);
      },
    }),
    videoUrl: t.exposeString('videoUrl', { nullable: true, description: 'The embed address of a YouTube or Vimeo video' }),
    authorName: t.string({ resolve: (p) => personName(p.author) }),
    isMine: t.boolean({ resolve: (p, _a, ctx) => p.authorUserId === ctx.actor?.userId }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
    options: t.field({
      type: [PollOptionRef],
      resolve: (p) => {
        const shares = voteShares(p.options.map((o) => o.votes));
        return p.options.map((o, i) => ({ id: o.id, text: o.text, votes: o.votes, share: shares[i] }));
      },
    }),
    totalVotes: t.int({ resolve: (p) => p.options.reduce((sum, o) => sum + o.votes, 0) }),
    myVoteOptionId: t.int({ nullable: true, resolve: (p) => p.myVoteOptionId ?? null }),
    commentCount: t.int({ resolve: (p) => p._count.comments }),
    viewCount: t.int({ resolve: (p) => p._count.views }),
    canDelete: t.boolean({ resolve: (p, _a, ctx) => mayDeletePost(ctx, p) }),
    canComment: t.boolean({ resolve: (p, _a, ctx) => mayComment(ctx, p) }),
    canSeeViews: t.boolean({ resolve: (p, _a, ctx) => p.authorUserId === ctx.actor?.userId || holdsAny(ctx, ['APostsRead', 'APostsCreate', 'APostsDelete']) }),
  }),
});

const FeedPageRef = builder.objectRef<Awaited<ReturnType<typeof feed>>>('FeedPage').implement({
  fields: (t) => ({ posts: t.field({ type: [PostRef], resolve: (f) => f.posts }), hasOlder: t.exposeBoolean('hasOlder') }),
});

builder.queryField('feed', (t) =>
  t.field({
    type: FeedPageRef,
    description: 'The feed, newest first, 10 a page: newer than a post (what appeared since) or older than one (GET users/{u}/feed)',
    ...grants(...POST_READERS),
    args: {
      newerThan: t.arg.int({ required: false }),
      olderThan: t.arg.int({ required: false }),
      first: t.arg.int({ required: false }),
      userId: t.arg.int({ required: false, description: "The legacy path's user: only the viewer's own feed" }),
    },
    resolve: (_r, args, ctx) => {
      if (args.userId != null && args.userId !== ctx.actor?.userId) throw new ForbiddenError();
      return feed(ctx, { newerThan: args.newerThan, olderThan: args.olderThan, size: args.first });
    },
  }),
);

builder.queryField('post', (t) =>
  t.field({
    type: PostRef,
    ...grants(...POST_READERS),
    errors: { types: [NotFoundError] },
    args: { postId: t.arg.globalID({ required: true }) },
    resolve: (_r, { postId }, ctx) => getPost(ctx, idOf(postId, 'Post')),
  }),
);

const PostCommentRef = builder.objectRef<CommentRow>('PostComment').implement({
  fields: (t) => ({
    id: t.id({ resolve: (c) => encodeGlobalID('PostComment', c.id) }),
    databaseId: t.exposeInt('id'),
    postDatabaseId: t.exposeInt('postId'),
    text: t.exposeString('text'),
    userName: t.string({ resolve: (c) => personName(c.user) }),
    isMine: t.boolean({ resolve: (c, _a, ctx) => c.userId === ctx.actor?.userId }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    canDelete: t.boolean({ resolve: (c, _a, ctx) => mayDeleteComment(ctx, c) }),
  }),
});

const CommentPageRef = builder.objectRef<Awaited<ReturnType<typeof comments>>>('PostCommentPage').implement({
  fields: (t) => ({ comments: t.field({ type: [PostCommentRef], resolve: (p) => p.rows }), total: t.exposeInt('total') }),
});

builder.queryField('postComments', (t) =>
  t.field({
    type: CommentPageRef,
    description: "A post's comments, newest first, 20 a page (GET users/{u}/feed/{post}/comments)",
    ...grants(...COMMENT_READERS),
    errors: { types: [NotFoundError] },
    args: {
      postId: t.arg.globalID({ required: true }),
      olderThan: t.arg.int({ required: false }),
      first: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: (_r, args, ctx) =>
      comments(ctx, idOf(args.postId, 'Post'), {
        olderThan: args.olderThan,
        size: Math.min(Math.max(args.first ?? COMMENTS_PAGE, 1), 100),
        offset: Math.max(args.offset ?? 0, 0),
      }),
  }),
);

const PostViewRef = builder.objectRef<Awaited<ReturnType<typeof postViews>>['rows'][number]>('PostView').implement({
  fields: (t) => ({
    userDatabaseId: t.exposeInt('userId'),
    userName: t.string({ resolve: (v) => personName(v.user) }),
    viewedAt: t.field({ type: 'DateTime', resolve: (v) => v.viewedAt }),
  }),
});
const ViewPageRef = builder.objectRef<Awaited<ReturnType<typeof postViews>>>('PostViewPage').implement({
  fields: (t) => ({ views: t.field({ type: [PostViewRef], resolve: (p) => p.rows }), total: t.exposeInt('total') }),
});

builder.queryField('postViews', (t) =>
  t.field({
    type: ViewPageRef,
    description: 'Who saw a post, latest first: for its author and the administration (GET users/{u}/feed/{post}/views)',
    ...grants(...POST_READERS),
    errors: { types: [NotFoundError] },
    args: { postId: t.arg.globalID({ required: true }), first: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
    resolve: (_r, args, ctx) =>
      postViews(ctx, idOf(args.postId, 'Post'), { size: Math.min(Math.max(args.first ?? 20, 1), 100), offset: Math.max(args.offset ?? 0, 0) }),
  }),
);

const PostHouseTypeRef = builder.objectRef<{ id: number; title: string }>('PostHouseType').implement({
  fields: (t) => ({ databaseId: t.exposeInt('id'), title: t.exposeString('title') }),
});

builder.queryField('postHouseTypes', (t) =>
  t.field({
    type: [PostHouseTypeRef],
    description: "The community's house types a post may target (for whoever posts)",
    ...grants(...POST_CREATORS),
    resolve: (_r, _a, ctx) =>
      ctx.prisma.houseType.findMany({
        where: { neighborhoodId: communityOf(ctx) },
        select: { id: true, title: true },
        orderBy: [{ title: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const PostPayloadRef = builder.objectRef<{ post: PostRow; message: string }>('PostPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), post: t.field({ type: PostRef, resolve: (p) => p.post }) }),
});

builder.mutationField('createPost', (t) =>
  t.field({
    type: PostPayloadRef,
    description: 'Publish a text or a poll (POST users/{u}/feed)',
    ...grants(...POST_CREATORS),
    errors: { types: [InputError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreatePostInput', {
          fields: (f) => ({
            type: f.field({ type: PostTypeEnum, required: false }),
            text: f.string({ required: true }),
            privacy: f.field({ type: PostPrivacyEnum, required: false }),
            expiresAt: f.string({ required: false, description: 'YYYY-MM-DD, after tomorrow' }),
            options: f.stringList({ required: false, description: 'A poll: 2 to 5' }),
            commentsEnabled: f.boolean({ required: false }),
            sendEmail: f.boolean({ required: false, description: 'E-mail it to its readers (APostsNotify)' }),
            houseTypeIds: f.intList({ required: false }),
            attachmentFileIds: f.stringList({ required: false, description: 'Uploads of POST /api/1.0/files (10 at most)' }),
            videoUrl: f.string({ required: false, description: 'A YouTube or Vimeo link' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
      files: t.arg({ type: ['File'], required: false, description: 'Files sent with the post (multipart): stored as uploads' }),
    },
    resolve: (_r, { input, files }, ctx) => {
      const { idempotencyKey, ...fields } = input;
      return createPost(ctx, fields, idempotencyKey, (files ?? []) as File[]);
    },
  }),
);

const PostIdInput = builder.inputType('PostIdInput', { fields: (f) => ({ postId: f.globalID({ required: true }), idempotencyKey: idempotencyKeyField(f) }) });
const DeletedRef = builder.objectRef<{ id: number; message: string }>('FeedDeleted').implement({
  fields: (t) => ({ databaseId: t.exposeInt('id'), message: t.exposeString('message') }),
});

builder.mutationField('deletePost', (t) =>
  t.field({
    type: DeletedRef,
    description: 'Delete a post: its author, or the administration (DELETE users/{u}/feed/{post})',
    ...grants('APostsDelete', 'OPostsDelete', 'SPostsDelete', 'RPostsDelete'),
    errors: { types: [NotFoundError] },
    args: { input: t.arg({ type: PostIdInput, required: true }) },
    resolve: (_r, { input }, ctx) => deletePost(ctx, idOf(input.postId, 'Post'), input.idempotencyKey),
  }),
);

builder.mutationField('votePost', (t) =>
  t.field({
    type: PostPayloadRef,
    description: 'Vote in a poll, once (POST users/{u}/feed/{post}/votes/{option})',
    ...grants(...POST_READERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('VotePostInput', {
          fields: (f) => ({ postId: f.globalID({ required: true }), optionId: f.int({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => vote(ctx, idOf(input.postId, 'Post'), input.optionId, input.idempotencyKey),
  }),
);

const CommentPayloadRef = builder.objectRef<{ comment: CommentRow; message: string }>('PostCommentPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), comment: t.field({ type: PostCommentRef, resolve: (p) => p.comment }) }),
});

builder.mutationField('addPostComment', (t) =>
  t.field({
    type: CommentPayloadRef,
    description: 'Comment on a post that allows it (POST users/{u}/feed/{post}/comments)',
    ...grants(...COMMENT_CREATORS),
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('AddPostCommentInput', {
          fields: (f) => ({ postId: f.globalID({ required: true }), text: f.string({ required: false }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addComment(ctx, idOf(input.postId, 'Post'), { text: input.text }, input.idempotencyKey),
  }),
);

builder.mutationField('deletePostComment', (t) =>
  t.field({
    type: DeletedRef,
    description: 'Delete a comment: its author, or the administration (DELETE users/{u}/feed/comments/{id})',
    ...grants('ACommentsDelete', 'OCommentsDelete', 'SCommentsDelete', 'RCommentsDelete'),
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeletePostCommentInput', {
          fields: (f) => ({ commentId: f.globalID({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteComment(ctx, idOf(input.commentId, 'PostComment'), input.idempotencyKey),
  }),
);

const FeedChangeRef = builder.objectRef<FeedEvent>('FeedChange').implement({
  description: 'A post was published or deleted, or a poll got a vote, or a post a comment: open feeds refetch it',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'POSTED, DELETED, VOTED, COMMENTED or COMMENT_DELETED' }),
    postDatabaseId: t.exposeInt('postId'),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
  }),
});

builder.subscriptionField('feedChanged', (t) =>
  t.field({
    type: FeedChangeRef,
    description: "The community's feed changed; the feed query answers what the viewer may read of it",
    authScopes: { grant: [...POST_READERS] },
    directives: { grant: { any: [...POST_READERS] } },
    subscribe: async (_root, _args, ctx) => {
      if (!holdsAny(ctx, POST_READERS)) throw new ForbiddenError();
      const me = ctx.actor!.userId;
      const admin = holdsAny(ctx, ['APostsRead', 'APostsCreate', 'APostsDelete']);
      const owner = ctx.actor!.roleKind === 'OWNER';
      const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { timeZone: true } });
      const houseTypeId =
        ctx.actor!.houseId == null
          ? null
          : ((await ctx.prisma.house.findUnique({ where: { id: ctx.actor!.houseId }, select: { houseTypeId: true } }))?.houseTypeId ?? null);
      // Only what the viewer may read, by the feed's rule (service.ts visibleSql): its own posts; the administration's
      // every one but another's private note; everyone else the open ones of its privacy, day and house type.
      const hears = (e: FeedEvent) => {
        if (e.authorUserId === me) return true;
        if (admin) return e.privacy !== 'ONLY_ME';
        if (!(e.privacy === 'NEIGHBORS' || (e.privacy === 'OWNERS' && owner))) return false;
        if (e.expiresAt && e.expiresAt < todayIn(n.timeZone)) return false;
        return e.houseTypeIds.length === 0 || (houseTypeId !== null && e.houseTypeIds.includes(houseTypeId));
      };
      return filter(hears)(ctx.pubsub.subscribe('feed:community', communityOf(ctx)));
    },
    resolve: (event) => event,
  }),
);

// GraphQL of chats and friendships (service.ts): any signed-in person's conversations, messages, friends,
// suggestions and the e-mail search; invite, send, read, cancel, block and delete; and the live `chatEvents`.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { personName } from '../../../../core/houseLabel.js';
import { CHAT_STATUSES, DASHBOARD_UNREAD_CHATS } from '../../../../core/chats.js';
import { builder, idempotencyKeyField } from '../../../graphql/builder.js';
import type { ChatEvent } from '../../../infra/pubsub.js';
import { actorOf } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import {
  actionsOf,
  block,
  cancelInvitation,
  type ChatRow,
  chats,
  chatWith,
  deleteChat,
  findByEmail,
  friendships,
  getChat,
  invite,
  markRead,
  type MessageRow,
  messages,
  type PersonRow,
  sendMessage,
  statusOf,
  suggestions,
  unreadSummary,
} from './service.js';

const signedIn = { authScopes: { signedIn: true } } as const;
const ChatStatusEnum = builder.enumType('ChatStatus', { values: CHAT_STATUSES });
const ChatTypeEnum = builder.enumType('ChatType', { values: ['TALK'] as const });

export const ChatMessageRef = builder.objectRef<MessageRow>('ChatMessage').implement({
  fields: (t) => ({
    id: t.id({ resolve: (m) => encodeGlobalID('ChatMessage', m.id) }),
    databaseId: t.exposeInt('id'),
    text: t.exposeString('text'),
    senderDatabaseId: t.exposeInt('senderUserId'),
    senderName: t.exposeString('senderName'),
    isMine: t.boolean({ resolve: (m, _a, ctx) => m.senderUserId === ctx.actor?.userId }),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => new Date(m.createdAt) }),
  }),
});

const ChatPersonRef = builder.objectRef<{ userId: number; firstName: string; lastName: string | null; active?: boolean }>('ChatPerson').implement({
  fields: (t) => ({
    databaseId: t.exposeInt('userId'),
    name: t.string({ resolve: (p) => personName(p) }),
    active: t.boolean({ description: 'In a conversation: has answered (an invitee is inactive until it does)', resolve: (p) => p.active ?? true }),
  }),
});

export const ChatRef = builder.objectRef<ChatRow>('Chat').implement({
  description: 'A conversation as the viewer sees it (spec 3 "Chat")',
  fields: (t) => ({
    id: t.id({ resolve: (c) => encodeGlobalID('Chat', c.id) }),
    identifier: t.exposeString('identifier'),
    type: t.field({ type: ChatTypeEnum, resolve: (c) => c.type }),
    title: t.string({ description: "The other person's name", resolve: (c) => personName(c.other) }),
    recipient: t.field({ type: ChatPersonRef, resolve: (c) => c.other }),
    participants: t.field({
      type: [ChatPersonRef],
      resolve: (c) => [{ userId: c.meUserId, ...c.me, active: c.meActive }, c.other],
    }),
    status: t.field({ type: ChatStatusEnum, resolve: (c) => statusOf(c) }),
    accepted: t.boolean({ description: 'Both people answered', resolve: (c) => c.meActive && c.other.active }),
    blockedByMe: t.boolean({ resolve: (c) => c.blockedByUserId === c.meUserId }),
    invitedByMe: t.boolean({ resolve: (c) => c.createdByUserId === c.meUserId }),
    unreadCount: t.exposeInt('unread'),
    lastReadMessageId: t.exposeInt('lastReadMessageId'),
    lastMessage: t.field({ type: ChatMessageRef, nullable: true, resolve: (c) => c.lastMessage }),
    lastActivityAt: t.field({ type: 'DateTime', resolve: (c) => c.lastMessageAt ?? c.createdAt }),
    canWrite: t.boolean({ resolve: (c) => actionsOf(c).canWrite }),
    canDelete: t.boolean({ resolve: (c) => actionsOf(c).canDelete }),
    canCancel: t.boolean({ resolve: (c) => actionsOf(c).canCancel }),
    canBlock: t.boolean({ resolve: (c) => actionsOf(c).canBlock }),
  }),
});

const ChatPageRef = builder.objectRef<Awaited<ReturnType<typeof chats>>>('ChatPage').implement({
  fields: (t) => ({ chats: t.field({ type: [ChatRef], resolve: (p) => p.rows }), totalCount: t.exposeInt('total') }),
});

builder.queryField('chats', (t) =>
  t.field({
    type: ChatPageRef,
    description: `The viewer's conversations, latest activity first (GET /me/chats; unread with first ${DASHBOARD_UNREAD_CHATS} for the dashboard)`,
    ...signedIn,
    args: {
      search: t.arg.string({ required: false }),
      unread: t.arg.boolean({ required: false }),
      first: t.arg.int({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: (_r, args, ctx) => chats(ctx, { search: args.search?.slice(0, 200), unread: args.unread, size: args.first, offset: args.offset }),
  }),
);

builder.queryField('chat', (t) =>
  t.field({
    type: ChatRef,
    description: 'One conversation by its identifier (GET /me/chats/{identifier})',
    ...signedIn,
    errors: { types: [NotFoundError] },
    args: { identifier: t.arg.string({ required: true }) },
    resolve: (_r, { identifier }, ctx) => getChat(ctx, identifier),
  }),
);

builder.queryField('chatWith', (t) =>
  t.field({
    type: ChatRef,
    nullable: true,
    description: 'The conversation with a person, if there is one (/chats/{user_id})',
    ...signedIn,
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, { userId }, ctx) => chatWith(ctx, userId),
  }),
);

const UnreadRef = builder.objectRef<{ chats: number; messages: number }>('ChatUnread').implement({
  fields: (t) => ({ chats: t.exposeInt('chats'), messages: t.exposeInt('messages') }),
});

builder.queryField('chatUnread', (t) =>
  t.field({
    type: UnreadRef,
    description: 'Conversations with unread messages and unread messages (GET /me/chats/unread)',
    ...signedIn,
    resolve: (_r, _a, ctx) => unreadSummary(ctx),
  }),
);

const MessagePageRef = builder.objectRef<Awaited<ReturnType<typeof messages>>>('ChatMessagePage').implement({
  fields: (t) => ({
    chat: t.field({ type: ChatRef, resolve: (p) => p.chat }),
    messages: t.field({ type: [ChatMessageRef], description: 'Newest first', resolve: (p) => p.messages }),
    hasOlder: t.exposeBoolean('hasOlder'),
  }),
});

builder.queryField('chatMessages', (t) =>
  t.field({
    type: MessagePageRef,
    description: "A conversation's messages, newest first, 20 a page; older than a message with olderThan (GET /me/chats/{identifier}/messages?old_id=)",
    ...signedIn,
    errors: { types: [NotFoundError] },
    args: { identifier: t.arg.string({ required: true }), olderThan: t.arg.int({ required: false }), first: t.arg.int({ required: false }) },
    resolve: (_r, args, ctx) => messages(ctx, args.identifier, { olderThan: args.olderThan, size: args.first }),
  }),
);

const FriendRef = builder.objectRef<PersonRow>('Friend').implement({
  description: 'A person who shares a community with the viewer',
  fields: (t) => ({
    databaseId: t.exposeInt('userId'),
    name: t.string({ resolve: (p) => personName(p) }),
    communities: t.exposeStringList('communities', { description: 'The communities both share' }),
    chatIdentifier: t.exposeString('chatIdentifier', { nullable: true }),
  }),
});

const FriendPageRef = builder.objectRef<Awaited<ReturnType<typeof friendships>>>('FriendPage').implement({
  fields: (t) => ({ friends: t.field({ type: [FriendRef], resolve: (p) => p.rows }), totalCount: t.exposeInt('total') }),
});

builder.queryField('friendships', (t) =>
  t.field({
    type: FriendPageRef,
    description: "The people of the viewer's accepted conversations it still shares a community with (GET /me/chats/friendships)",
    ...signedIn,
    args: { search: t.arg.string({ required: false }), first: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
    resolve: (_r, args, ctx) => friendships(ctx, { search: args.search?.slice(0, 200), size: args.first, offset: args.offset }),
  }),
);

builder.queryField('friendSuggestions', (t) =>
  t.field({
    type: [FriendRef],
    description: "People of the viewer's communities it has no conversation with yet (GET /me/chats/friendships/suggestions)",
    ...signedIn,
    args: { first: t.arg.int({ required: false }) },
    resolve: (_r, args, ctx) => suggestions(ctx, args.first ?? undefined),
  }),
);

builder.queryField('findFriendByEmail', (t) =>
  t.field({
    type: FriendRef,
    nullable: true,
    description: 'The person with this e-mail if it shares a community with the viewer, else nobody (GET /me/chats/friendships/search)',
    ...signedIn,
    errors: { types: [InputError] },
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, { email }, ctx) => findByEmail(ctx, { email }),
  }),
);

const ChatPayloadRef = builder.objectRef<{ chat: ChatRow; message: string }>('ChatPayload').implement({
  fields: (t) => ({ message: t.exposeString('message'), chat: t.field({ type: ChatRef, resolve: (p) => p.chat }) }),
});

builder.mutationField('inviteFriend', (t) =>
  t.field({
    type: ChatPayloadRef,
    description: "Invite a person of the viewer's communities to talk: their conversation, pending until they answer (POST /me/chats/friendships/{userId})",
    ...signedIn,
    errors: { types: [NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('InviteFriendInput', { fields: (f) => ({ userId: f.int({ required: true }), idempotencyKey: idempotencyKeyField(f) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => invite(ctx, input.userId, input.idempotencyKey),
  }),
);

const SentRef = builder.objectRef<Awaited<ReturnType<typeof sendMessage>>>('ChatMessageSent').implement({
  fields: (t) => ({
    message: t.field({ type: ChatMessageRef, resolve: (p) => p.message }),
    chat: t.field({ type: ChatRef, resolve: (p) => p.chat() }),
  }),
});

builder.mutationField('sendChatMessage', (t) =>
  t.field({
    type: SentRef,
    description: 'Send a message; with sendEmail it is also e-mailed (POST /me/chats/{identifier}/messages)',
    ...signedIn,
    errors: { types: [InputError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('SendChatMessageInput', {
          fields: (f) => ({
            identifier: f.string({ required: true }),
            text: f.string({ required: false }),
            sendEmail: f.boolean({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => sendMessage(ctx, input.identifier, { text: input.text ?? '', sendEmail: input.sendEmail }, input.idempotencyKey),
  }),
);

builder.mutationField('markChatRead', (t) =>
  t.field({
    type: ChatRef,
    description: 'Mark the conversation read up to a message (PUT /me/chats/{identifier}/messages/{id})',
    ...signedIn,
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('MarkChatReadInput', {
          fields: (f) => ({ identifier: f.string({ required: true }), messageId: f.int({ required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => markRead(ctx, input.identifier, input.messageId),
  }),
);

const ChatDoneRef = builder.objectRef<{ identifier: string; message: string }>('ChatDone').implement({
  fields: (t) => ({ identifier: t.exposeString('identifier'), message: t.exposeString('message') }),
});
const ChatIdentifierInput = builder.inputType('ChatIdentifierInput', {
  fields: (f) => ({ identifier: f.string({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
});

for (const [name, description, run] of [
  ['cancelChatInvitation', 'The inviter takes back a pending invitation (PUT /me/chats/{identifier}/cancel)', cancelInvitation],
  ['blockChat', 'Block the other person of the conversation (PUT /me/chats/{identifier}/block)', block],
  ['deleteChat', 'Delete the conversation for the viewer, once both answered (DELETE /me/chats/{identifier})', deleteChat],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: ChatDoneRef,
      description,
      ...signedIn,
      errors: { types: [NotFoundError, ConflictError] },
      args: { input: t.arg({ type: ChatIdentifierInput, required: true }) },
      resolve: (_r, { input }, ctx) => run(ctx, input.identifier, input.idempotencyKey),
    }),
  );
}

const PushRef = builder.objectRef<NonNullable<ChatEvent['push']>>('PushNotification').implement({
  description: "The spec's push payload",
  fields: (t) => ({
    pushType: t.exposeString('pushType', { description: 'DIRECT_MESSAGE' }),
    senderName: t.exposeString('senderName'),
    message: t.exposeString('message'),
    title: t.exposeString('title'),
    pushUrl: t.exposeString('pushUrl'),
  }),
});

const ChatEventRef = builder.objectRef<ChatEvent>('ChatEvent').implement({
  description: "One of the viewer's conversations changed: open chats append the message, lists and badges refetch",
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'MESSAGE, INVITED, ACCEPTED, CANCELLED, BLOCKED, READ or DELETED' }),
    identifier: t.exposeString('identifier'),
    fromDatabaseId: t.exposeInt('fromUserId'),
    message: t.field({ type: ChatMessageRef, nullable: true, resolve: (e) => (e.message ? { ...e.message, createdAt: new Date(e.message.createdAt) } : null) }),
    push: t.field({ type: PushRef, nullable: true, resolve: (e) => e.push ?? null }),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
  }),
});

builder.subscriptionField('chatEvents', (t) =>
  t.field({
    type: ChatEventRef,
    description: "The viewer's conversations as they change, on every open session of the person",
    ...signedIn,
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('chat:user', actorOf(ctx).userId),
    resolve: (event) => event,
  }),
);

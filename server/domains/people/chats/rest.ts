// Legacy /api/1.0 routes of chats and friendships (spec 3 "Chats and friendships", under /me/chats): the list
// (search; unread=true with page_size 5 for the dashboard), unread counts, one chat, delete, cancel, block, its
// messages (old_id for older ones; message and send_email to send), mark read, and friendships: list,
// suggestions, search by e-mail and invite.
import { z } from 'zod';
import { CHATS_PAGE, MESSAGES_PAGE } from '../../../../core/chats.js';
import { RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const BASE = '/me/chats';
const MESSAGE = 'databaseId text senderDatabaseId senderName isMine createdAt';
const CHAT = `identifier type title status accepted blockedByMe invitedByMe unreadCount lastReadMessageId lastActivityAt canWrite canDelete canCancel canBlock
  recipient { databaseId name active } participants { databaseId name active } lastMessage { ${MESSAGE} }`;
const FRIEND = 'databaseId name communities chatIdentifier';

export const legacyMessage = (m: any) => ({
  id: m.databaseId,
  text: m.text,
  id_user: m.senderDatabaseId,
  user_name: m.senderName,
  is_mine: m.isMine,
  created_at: m.createdAt,
});

/**
 * The spec's recipient is the invitee (inactive while the invitation is pending) and its `user` the person who
 * started the conversation, the same for both of its people (docs/decisions.md «Chats and friendships»).
 */
export const legacyChat = (c: any) => {
  const [me, other] = c.participants;
  const [creator, recipient] = c.invitedByMe ? [me, other] : [other, me];
  return {
    identifier: c.identifier,
    title: c.title,
    type: c.type,
    status: c.status,
    participants: c.participants.map((p: any) => ({ id_user: p.databaseId, name: p.name, active: p.active })),
    id_recipient_user: recipient.databaseId,
    user: { id: creator.databaseId, name: creator.name },
    with_user: { id: c.recipient.databaseId, name: c.recipient.name },
    accepted: c.accepted,
    blocked_by_me: c.blockedByMe,
    invited_by_me: c.invitedByMe,
    unread: c.unreadCount,
    last_read_message_id: c.lastReadMessageId,
    last_message: c.lastMessage ? legacyMessage(c.lastMessage) : null,
    updated_at: c.lastActivityAt,
    can_write: c.canWrite,
    can_delete: c.canDelete,
    can_cancel: c.canCancel,
    can_block: c.canBlock,
  };
};

const legacyFriend = (p: any) => ({ id: p.databaseId, name: p.name, neighborhoods: p.communities, chat_identifier: p.chatIdentifier });

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un número`)
    .positive(`${label} debe ser un número`)
    .max(2_147_483_647, `${label} debe ser un número`);
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const listQuery = z.object({
  search: z.string().max(200).optional(),
  unread: flag,
  page_size: z.coerce.number().int().min(1).max(100).default(CHATS_PAGE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const pathId = (value: string, label: string) => {
  const parsed = id(label).safeParse(value);
  if (!parsed.success) throw new RestError(400, 400, `${label} debe ser un número`);
  return parsed.data;
};
const done = (field: string) => (data: any) => {
  const r = unwrapResult<{ identifier: string; message: string }>(data[field]);
  return { identifier: r.identifier, message: r.message };
};
const identifierMutation = (name: string, input: string) =>
  `mutation($input: ${input}!) { ${name}(input: $input) { ${RESULT_ERROR_FIELDS} ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { identifier message } } } }`;

export const chatRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($search: String, $unread: Boolean, $first: Int, $offset: Int) { chats(search: $search, unread: $unread, first: $first, offset: $offset) {
      totalCount chats { ${CHAT} } } }`,
    variables: ({ query }) => ({ search: query.search ?? null, unread: query.unread, first: query.page_size, offset: query.offset }),
    result: (data) => ({ content: data.chats.chats.map(legacyChat), total: data.chats.totalCount }),
  },
  {
    method: 'GET',
    path: `${BASE}/unread`,
    operation: '{ chatUnread { chats messages } }',
    result: (data) => ({ chats: data.chatUnread.chats, messages: data.chatUnread.messages }),
  },
  {
    method: 'GET',
    path: `${BASE}/friendships`,
    query: z.object({
      search: z.string().max(200).optional(),
      page_size: z.coerce.number().int().min(1).max(100).default(CHATS_PAGE),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    }),
    operation: `query($search: String, $first: Int, $offset: Int) { friendships(search: $search, first: $first, offset: $offset) { totalCount friends { ${FRIEND} } } }`,
    variables: ({ query }) => ({ search: query.search ?? null, first: query.page_size, offset: query.offset }),
    result: (data) => ({ content: data.friendships.friends.map(legacyFriend), total: data.friendships.totalCount }),
  },
  {
    method: 'GET',
    path: `${BASE}/friendships/suggestions`,
    query: z.object({ page_size: z.coerce.number().int().min(1).max(100).default(CHATS_PAGE) }),
    operation: `query($first: Int) { friendSuggestions(first: $first) { ${FRIEND} } }`,
    variables: ({ query }) => ({ first: query.page_size }),
    result: (data) => data.friendSuggestions.map(legacyFriend),
  },
  {
    method: 'GET',
    path: `${BASE}/friendships/search`,
    query: z.object({ email: z.string().max(254).optional() }),
    operation: `query($email: String!) { findFriendByEmail(email: $email) { __typename ... on QueryFindFriendByEmailSuccess { data { ${FRIEND} } }
      ... on Error { code message } } }`,
    variables: ({ query }) => ({ email: query.email ?? '' }),
    result: (data) => {
      const found = unwrapResult<any>(data.findFriendByEmail);
      return found ? [legacyFriend(found)] : [];
    },
  },
  {
    method: 'POST',
    path: `${BASE}/friendships/{userId}`,
    operation: `mutation($input: InviteFriendInput!) { inviteFriend(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationInviteFriendSuccess { data { message chat { ${CHAT} } } } } }`,
    variables: ({ params }) => ({ input: { userId: pathId(params.userId, 'userId') } }),
    result: (data) => {
      const r = unwrapResult<any>(data.inviteFriend);
      return { message: r.message, ...legacyChat(r.chat) };
    },
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/{identifier}`,
    operation: `query($identifier: String!) { chat(identifier: $identifier) { __typename ... on QueryChatSuccess { data { ${CHAT} } } ... on Error { code message } } }`,
    variables: ({ params }) => ({ identifier: params.identifier }),
    result: (data) => legacyChat(unwrapResult(data.chat)),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{identifier}`,
    operation: identifierMutation('deleteChat', 'ChatIdentifierInput'),
    variables: ({ params }) => ({ input: { identifier: params.identifier } }),
    result: done('deleteChat'),
  },
  {
    method: 'PUT',
    path: `${BASE}/{identifier}/cancel`,
    operation: identifierMutation('cancelChatInvitation', 'ChatIdentifierInput'),
    variables: ({ params }) => ({ input: { identifier: params.identifier } }),
    result: done('cancelChatInvitation'),
  },
  {
    method: 'PUT',
    path: `${BASE}/{identifier}/block`,
    operation: identifierMutation('blockChat', 'ChatIdentifierInput'),
    variables: ({ params }) => ({ input: { identifier: params.identifier } }),
    result: done('blockChat'),
  },
  {
    method: 'GET',
    path: `${BASE}/{identifier}/messages`,
    query: z.object({ old_id: id('old_id').optional(), page_size: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE) }),
    operation: `query($identifier: String!, $older: Int, $first: Int) { chatMessages(identifier: $identifier, olderThan: $older, first: $first) {
      __typename ... on QueryChatMessagesSuccess { data { hasOlder messages { ${MESSAGE} } } } ... on Error { code message } } }`,
    variables: ({ params, query }) => ({ identifier: params.identifier, older: query.old_id ?? null, first: query.page_size }),
    result: (data) => {
      const page = unwrapResult<any>(data.chatMessages);
      return { content: page.messages.map(legacyMessage), has_older: page.hasOlder };
    },
  },
  {
    method: 'POST',
    path: `${BASE}/{identifier}/messages`,
    body: z.object({
      message: z.string({ error: 'Escribe el mensaje' }).max(16_000),
      send_email: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    }),
    operation: `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationSendChatMessageSuccess { data { message { ${MESSAGE} } } } } }`,
    variables: ({ params, body }) => ({
      input: { identifier: params.identifier, text: body.message, sendEmail: body.send_email === true || body.send_email === 'true' },
    }),
    result: (data) => legacyMessage(unwrapResult<any>(data.sendChatMessage).message),
    status: 201,
  },
  {
    method: 'PUT',
    path: `${BASE}/{identifier}/messages/{id}`,
    operation: `mutation($input: MarkChatReadInput!) { markChatRead(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationMarkChatReadSuccess { data { ${CHAT} } } } }`,
    variables: ({ params }) => ({ input: { identifier: params.identifier, messageId: pathId(params.id, 'id') } }),
    result: (data) => legacyChat(unwrapResult(data.markChatRead)),
  },
];

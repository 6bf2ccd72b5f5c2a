import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Box, Button, Center, Checkbox, Group, Menu, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { fetchQuery, graphql, useFragment, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatQuery } from '../../../__generated__/ChatQuery.graphql';
import type { Chat_chat$key } from '../../../__generated__/Chat_chat.graphql';
import type { ChatOlderQuery } from '../../../__generated__/ChatOlderQuery.graphql';
import type { ChatRefreshQuery } from '../../../__generated__/ChatRefreshQuery.graphql';
import type { ChatSendMutation } from '../../../__generated__/ChatSendMutation.graphql';
import type { ChatMarkReadMutation } from '../../../__generated__/ChatMarkReadMutation.graphql';
import type { ChatCancelMutation } from '../../../__generated__/ChatCancelMutation.graphql';
import type { ChatBlockMutation } from '../../../__generated__/ChatBlockMutation.graphql';
import type { ChatDeleteMutation } from '../../../__generated__/ChatDeleteMutation.graphql';
import type { ChatInviteMutation } from '../../../__generated__/ChatInviteMutation.graphql';
import { ConfirmDelete } from '../../../components/ConfirmDelete.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { CHAT_MESSAGES, MAX_MESSAGE_LENGTH, MESSAGES_PAGE } from '../../../../../core/chats.js';
import { type MessageData, mergeMessages, whenShort } from './chatTexts.js';
import { chatTarget } from './routes.js';
import { useChatEvents } from './useChatEvents.js';

/** How long the conversation waits after the composer takes focus (a phone's keyboard opening) before it scrolls to the newest message. */
export const FOCUS_SCROLL_DELAY_MS = 100;

export const chatQuery = graphql`
  query ChatQuery($identifier: String!, $userId: Int!, $byUser: Boolean!, $first: Int!) {
    chatWith(userId: $userId) @include(if: $byUser) { id identifier }
    chatMessages(identifier: $identifier, first: $first) @skip(if: $byUser) {
      __typename
      ... on QueryChatMessagesSuccess {
        data {
          hasOlder
          chat { id identifier ...Chat_chat }
          messages { id databaseId text isMine senderName createdAt }
        }
      }
    }
  }
`;

const chatFragment = graphql`
  fragment Chat_chat on Chat {
    id
    identifier
    title
    status
    blockedByMe
    lastReadMessageId
    unreadCount
    canWrite
    canDelete
    canCancel
    canBlock
    recipient { databaseId name active }
  }
`;

const olderQuery = graphql`
  query ChatOlderQuery($identifier: String!, $olderThan: Int, $first: Int!) {
    chatMessages(identifier: $identifier, olderThan: $olderThan, first: $first) {
      __typename
      ... on QueryChatMessagesSuccess { data { hasOlder messages { id databaseId text isMine senderName createdAt } } }
    }
  }
`;

const refreshQuery = graphql`
  query ChatRefreshQuery($identifier: String!) {
    chat(identifier: $identifier) {
      __typename
      ... on QueryChatSuccess { data { id ...Chat_chat } }
    }
  }
`;

const sendMutation = graphql`
  mutation ChatSendMutation($input: SendChatMessageInput!) {
    sendChatMessage(input: $input) {
      __typename
      ... on Error { message }
      ... on InputError { issues { field message } }
      ... on MutationSendChatMessageSuccess {
        data {
          message { id databaseId text isMine senderName createdAt }
          chat { id ...Chat_chat }
        }
      }
    }
  }
`;

const markReadMutation = graphql`
  mutation ChatMarkReadMutation($input: MarkChatReadInput!) {
    markChatRead(input: $input) {
      __typename
      ... on MutationMarkChatReadSuccess { data { id lastReadMessageId unreadCount } }
    }
  }
`;

const cancelMutation = graphql`
  mutation ChatCancelMutation($input: ChatIdentifierInput!) {
    cancelChatInvitation(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationCancelChatInvitationSuccess { data { identifier message } }
    }
  }
`;

const blockMutation = graphql`
  mutation ChatBlockMutation($input: ChatIdentifierInput!) {
    blockChat(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationBlockChatSuccess { data { identifier message } }
    }
  }
`;

const deleteMutation = graphql`
  mutation ChatDeleteMutation($input: ChatIdentifierInput!) {
    deleteChat(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationDeleteChatSuccess { data { identifier message } }
    }
  }
`;

const inviteMutation = graphql`
  mutation ChatInviteMutation($input: InviteFriendInput!) {
    inviteFriend(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationInviteFriendSuccess { data { message chat { id identifier ...Chat_chat } } }
    }
  }
`;

/**
 * /chats/{identifier}: one conversation, oldest message at the top, with the composer at the foot; /chats/{userId}
 * (digits) opens the conversation with that person, or offers to invite them when there is none.
 */
export default function Chat({ queryRef }: ScreenProps<ChatQuery>) {
  const params = useParams();
  const target = chatTarget(params.identifier);
  const data = usePreloadedQuery<ChatQuery>(chatQuery, queryRef);
  if (target.byUser) {
    if (data.chatWith) return <Navigate to={`/chats/${data.chatWith.identifier}`} replace />;
    return <InviteToChat userId={target.userId} />;
  }
  const page = data.chatMessages?.__typename === 'QueryChatMessagesSuccess' ? data.chatMessages.data : null;
  if (!page) return <ChatGone />;
  return <Conversation key={page.chat.id} chatRef={page.chat} identifier={page.chat.identifier} initial={page.messages} initialHasOlder={page.hasOlder} />;
}

function ChatGone() {
  const { t } = useTranslation();
  return (
    <Stack maw={760} w="100%">
      <PageHeader title={t('chats.title')} secondary={{ label: t('chats.back'), to: '/chats' }} />
      <EmptyState title={t('chats.notFound')} hint={t('chats.notFoundHint')} action={{ label: t('chats.back'), to: '/chats' }} />
    </Stack>
  );
}

/** /chats/{userId} without a conversation yet: the person (named by the screen that led here) and «Invitar a conversar». */
function InviteToChat({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const known = (location.state as { name?: string } | null)?.name;
  const name = known ?? t('chats.with.someone');
  const invite = useAppMutation<ChatInviteMutation>(inviteMutation);
  const run = async () => {
    const done = await invite.run({ input: { userId } }, 'inviteFriend', { success: (r) => r.data?.message ?? CHAT_MESSAGES.invited });
    if (done?.__typename === 'MutationInviteFriendSuccess' && done.data) navigate(`/chats/${done.data.chat.identifier}`, { replace: true });
  };
  return (
    <Stack maw={760} w="100%">
      <PageHeader title={known ? t('chats.with.title', { name: known }) : t('chats.with.invite')} secondary={{ label: t('chats.back'), to: '/chats' }} />
      <Paper withBorder p="lg" radius="md">
        <Stack align="flex-start">
          <Text>{t('chats.with.hint', { name })}</Text>
          <Button onClick={run} loading={invite.inFlight}>
            {t('chats.with.invite')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

type MessageRow = Readonly<MessageData> & { readonly createdAt: unknown };
const readMessages = (rows: readonly MessageRow[]): MessageData[] => rows.map((m) => ({ ...m, createdAt: String(m.createdAt) }));

type Confirm = 'delete' | 'cancel' | 'block' | null;

function Conversation({
  chatRef,
  identifier,
  initial,
  initialHasOlder,
}: {
  chatRef: Chat_chat$key;
  identifier: string;
  initial: readonly MessageRow[];
  initialHasOlder: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const chat = useFragment(chatFragment, chatRef);
  const [messages, setMessages] = useState<MessageData[]>(() => mergeMessages([], readMessages(initial)));
  const [hasOlder, setHasOlder] = useState(initialHasOlder);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [gone, setGone] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // Where the view stands before older messages are put on top, so it stays on the same message.
  const keepFrom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  // The route's query may answer from the store first and then from the server: the newer answer joins in.
  useEffect(() => setMessages((shown) => mergeMessages(shown, readMessages(initial))), [initial]);

  const scrollToBottom = useCallback(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the messages shown
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (keepFrom.current !== null) {
      box.scrollTop = box.scrollHeight - keepFrom.current;
      keepFrom.current = null;
    } else if (stickToBottom.current) scrollToBottom();
  }, [messages, scrollToBottom]);

  const refresh = useCallback(() => {
    void fetchQuery<ChatRefreshQuery>(environment, refreshQuery, { identifier }, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((answer) => {
        if (answer && answer.chat.__typename !== 'QueryChatSuccess') setGone(true);
      })
      .catch(() => undefined);
  }, [environment, identifier]);

  useChatEvents((event) => {
    if (event.kind === 'RECONNECTED') {
      void catchUp();
      refresh();
      return;
    }
    if (event.identifier !== identifier) return;
    if (event.message) {
      const box = scroller.current;
      stickToBottom.current = !box || event.message.isMine || box.scrollHeight - box.scrollTop - box.clientHeight < 120;
      setMessages((shown) => mergeMessages(shown, readMessages([event.message!])));
    }
    if (event.kind === 'DELETED') navigate('/chats', { replace: true });
    else if (['ACCEPTED', 'CANCELLED', 'BLOCKED', 'INVITED'].includes(event.kind)) refresh();
  });

  // What is on screen is read: the newest message of the other person marks the conversation read.
  const markRead = useAppMutation<ChatMarkReadMutation>(markReadMutation);
  const marked = useRef(0);
  const newest = messages[messages.length - 1];
  useEffect(() => {
    if (!newest || newest.databaseId <= Math.max(chat.lastReadMessageId, marked.current)) return;
    if (newest.isMine && chat.unreadCount === 0) return;
    marked.current = newest.databaseId;
    void markRead.run({ input: { identifier, messageId: newest.databaseId } }, 'markChatRead', { notifyTypedError: false });
  }, [newest, chat.lastReadMessageId, chat.unreadCount, identifier, markRead.run]);

  /** After the socket was lost: the latest page joins what is shown (all of it, when more were missed than a page holds). */
  const catchUp = async () => {
    const page = await fetchQuery<ChatOlderQuery>(
      environment,
      olderQuery,
      { identifier, olderThan: null, first: MESSAGES_PAGE },
      { fetchPolicy: 'network-only' },
    )
      .toPromise()
      .catch(() => null);
    if (page?.chatMessages.__typename !== 'QueryChatMessagesSuccess') return;
    const { data } = page.chatMessages;
    const fresh = readMessages(data.messages);
    setMessages((shown) => {
      const newestShown = shown[shown.length - 1]?.databaseId ?? 0;
      const gap = data.hasOlder && fresh.every((m) => m.databaseId > newestShown);
      if (gap) setHasOlder(true);
      return gap ? mergeMessages([], fresh) : mergeMessages(shown, fresh);
    });
  };

  // What arrived between the route's query and the subscription reaching the server is read once it listens.
  const catchUpLater = useRef(catchUp);
  catchUpLater.current = catchUp;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per conversation opened
  useEffect(() => {
    const timer = setTimeout(() => void catchUpLater.current(), 1_000);
    return () => clearTimeout(timer);
  }, [identifier]);

  const older = async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingOlder(true);
    const page = await fetchQuery<ChatOlderQuery>(
      environment,
      olderQuery,
      { identifier, olderThan: oldest.databaseId, first: MESSAGES_PAGE },
      { fetchPolicy: 'network-only' },
    )
      .toPromise()
      .catch(() => null);
    setLoadingOlder(false);
    if (page?.chatMessages.__typename !== 'QueryChatMessagesSuccess') return;
    const { data } = page.chatMessages;
    const box = scroller.current;
    keepFrom.current = box ? box.scrollHeight - box.scrollTop : null;
    setMessages((shown) => mergeMessages(shown, readMessages(data.messages)));
    setHasOlder(data.hasOlder);
  };

  const cancel = useAppMutation<ChatCancelMutation>(cancelMutation);
  const block = useAppMutation<ChatBlockMutation>(blockMutation);
  const remove = useAppMutation<ChatDeleteMutation>(deleteMutation);
  const input = { input: { identifier } };
  const notice = (r: { data?: { message?: string } }) => r.data?.message ?? null;
  const doCancel = async () => {
    const done = await cancel.run(input, 'cancelChatInvitation', { success: notice });
    setConfirm(null);
    if (done) navigate('/chats', { replace: true });
  };
  const doBlock = async () => {
    const done = await block.run(input, 'blockChat', { success: notice });
    setConfirm(null);
    // The blocker no longer lists the conversation.
    if (done) navigate('/chats', { replace: true });
  };
  const doDelete = async () => {
    const done = await remove.run(input, 'deleteChat', { success: notice });
    setConfirm(null);
    if (done) navigate('/chats', { replace: true });
  };

  if (gone) return <ChatGone />;
  const name = chat.recipient.name || chat.title;
  const hasOptions = chat.canDelete || chat.canCancel || chat.canBlock;

  return (
    <Stack maw={760} w="100%" gap="sm">
      <PageHeader title={chat.title} secondary={{ label: t('chats.back'), to: '/chats' }}>
        {hasOptions && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('chats.options')} data-testid="chat-options">
                <Text fw={700} aria-hidden>
                  ⋯
                </Text>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {chat.canCancel && <Menu.Item onClick={() => setConfirm('cancel')}>{t('chats.cancel')}</Menu.Item>}
              {chat.canBlock && (
                <Menu.Item color="red" onClick={() => setConfirm('block')}>
                  {t('chats.block')}
                </Menu.Item>
              )}
              {chat.canDelete && (
                <Menu.Item color="red" onClick={() => setConfirm('delete')}>
                  {t('chats.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </PageHeader>

      {chat.status === 'INVITATION_RECEIVED' && (
        <Alert color="blue" variant="light" data-testid="chat-invitation-received">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 220px' }}>
              {t('chats.received', { name })}
            </Text>
            <Button size="xs" color="red" variant="light" onClick={() => setConfirm('block')}>
              {t('chats.block')}
            </Button>
          </Group>
        </Alert>
      )}
      {chat.status === 'INVITATION_SENT' && (
        <Alert color="yellow" variant="light" data-testid="chat-invitation-sent">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 220px' }}>
              {t('chats.sent', { name })}
            </Text>
            <Button size="xs" variant="default" onClick={() => setConfirm('cancel')}>
              {t('chats.cancel')}
            </Button>
          </Group>
        </Alert>
      )}

      <Paper withBorder radius="md">
        <Box
          ref={scroller}
          px={{ base: 'xs', sm: 'md' }}
          py="sm"
          style={{ height: 'max(260px, calc(100dvh - 360px))', overflowY: 'auto', overscrollBehavior: 'contain' }}
          data-testid="chat-messages"
        >
          <Stack gap={6}>
            {hasOlder && (
              <Center>
                <Button variant="subtle" size="xs" onClick={older} loading={loadingOlder}>
                  {t('chats.older')}
                </Button>
              </Center>
            )}
            {messages.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                {t('chats.empty_chat')}
              </Text>
            )}
            {messages.map((m) => (
              <Bubble key={m.databaseId} message={m} />
            ))}
          </Stack>
        </Box>
        <Box p={{ base: 'xs', sm: 'sm' }} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {chat.canWrite ? (
            <Composer
              identifier={identifier}
              wasInvited={chat.status === 'INVITATION_RECEIVED'}
              onSent={(m) => {
                stickToBottom.current = true;
                setMessages((shown) => mergeMessages(shown, [m]));
              }}
              onAccepted={refresh}
              onFocus={() => setTimeout(scrollToBottom, FOCUS_SCROLL_DELAY_MS)}
            />
          ) : (
            <Text size="sm" c="dimmed" ta="center" py="xs" data-testid="chat-cannot-write">
              {chat.status === 'BLOCKED' ? `${chat.blockedByMe ? t('chats.blockedByMe') : t('chats.blocked')} ` : ''}
              {t('chats.cannotWrite')}
            </Text>
          )}
        </Box>
      </Paper>

      <ConfirmDelete
        opened={confirm === 'delete'}
        title={t('chats.delete')}
        message={t('chats.deleteQuestion', { name })}
        loading={remove.inFlight}
        onCancel={() => setConfirm(null)}
        onConfirm={doDelete}
      />
      <Modal
        opened={confirm === 'cancel' || confirm === 'block'}
        onClose={() => setConfirm(null)}
        title={confirm === 'block' ? t('chats.blockTitle', { name }) : t('chats.cancel')}
      >
        <Text>{confirm === 'block' ? t('chats.blockQuestion', { name }) : t('chats.cancelQuestion', { name })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('chats.keep')}
          </Button>
          <Button color="red" loading={cancel.inFlight || block.inFlight} onClick={confirm === 'block' ? doBlock : doCancel} data-testid="chat-confirm">
            {confirm === 'block' ? t('chats.block') : t('chats.cancel')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function Bubble({ message }: { message: MessageData }) {
  const mine = message.isMine;
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid={`chat-message-${message.databaseId}`} data-mine={mine || undefined}>
      <Box
        px="sm"
        py={6}
        maw="85%"
        style={{
          borderRadius: 12,
          borderBottomRightRadius: mine ? 4 : 12,
          borderBottomLeftRadius: mine ? 12 : 4,
          background: mine ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-gray-light)',
        }}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
        <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'} mt={2}>
          {whenShort(message.createdAt)}
        </Text>
      </Box>
    </Group>
  );
}

function Composer({
  identifier,
  wasInvited,
  onSent,
  onAccepted,
  onFocus,
}: {
  identifier: string;
  wasInvited: boolean;
  onSent: (message: MessageData) => void;
  onAccepted: () => void;
  onFocus: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sendEmail, setSendEmail] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useAppMutation<ChatSendMutation>(sendMutation);
  const submit = async () => {
    if (send.inFlight) return;
    const value = text.trim();
    if (!value) return setError(CHAT_MESSAGES.messageRequired);
    if (value.length > MAX_MESSAGE_LENGTH) return setError(t('chats.tooLong', { max: MAX_MESSAGE_LENGTH }));
    setError(null);
    const done = await send.run({ input: { identifier, text: value, sendEmail } }, 'sendChatMessage', {
      onTypedError: (failure) => setError(failure.issues?.[0]?.message ?? failure.message ?? null),
    });
    if (done?.__typename !== 'MutationSendChatMessageSuccess' || !done.data) return;
    setText('');
    setSendEmail(false);
    onSent({ ...done.data.message, createdAt: String(done.data.message.createdAt) });
    // A reply to a pending invitation accepts it: the conversation reloads.
    if (wasInvited) onAccepted();
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            aria-label={t('chats.message')}
            placeholder={t('chats.placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
            onFocus={onFocus}
            error={error}
            autosize
            minRows={1}
            maxRows={6}
            style={{ flex: 1 }}
            data-testid="chat-composer"
          />
          <Button type="submit" loading={send.inFlight}>
            {t('chats.send')}
          </Button>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Checkbox size="xs" label={t('chats.sendEmail')} checked={sendEmail} onChange={(e) => setSendEmail(e.currentTarget.checked)} />
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('chats.composerHint')}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

import { Suspense, useEffect } from 'react';
import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { fetchQuery, graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader, useRelayEnvironment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UnreadChatsQuery } from '../../../__generated__/UnreadChatsQuery.graphql';
import { DASHBOARD_UNREAD_CHATS, unreadBadge } from '../../../../../core/chats.js';
import { excerpt, whenShort } from './chatTexts.js';
import { useChatEvents } from './useChatEvents.js';

const query = graphql`
  query UnreadChatsQuery($first: Int!) {
    chats(unread: true, first: $first, offset: 0) {
      totalCount
      chats { id identifier title unreadCount lastActivityAt lastMessage { text } }
    }
  }
`;

/** The dashboard's «Mensajes sin leer»: the first 5 conversations with unread messages, kept current by the chat events. */
export function UnreadChats() {
  const { t } = useTranslation();
  const [queryRef, loadQuery] = useQueryLoader<UnreadChatsQuery>(query);
  const environment = useRelayEnvironment();
  const variables = { first: DASHBOARD_UNREAD_CHATS };
  useEffect(() => loadQuery({ first: DASHBOARD_UNREAD_CHATS }, { fetchPolicy: 'store-and-network' }), [loadQuery]);
  // A message, a read or an answer changes the list: fetched again into the store, the rows follow without a loader.
  useChatEvents(() => {
    void fetchQuery<UnreadChatsQuery>(environment, query, variables, { fetchPolicy: 'network-only' })
      .toPromise()
      .catch(() => undefined);
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unread-chats-title" data-testid="unread-chats">
      <Stack gap="sm">
        <Title order={3} size="h4" id="unread-chats-title">
          {t('chats.dashboard.title')}
        </Title>
        <Suspense fallback={<Loader size="sm" />}>{queryRef && <Rows queryRef={queryRef} />}</Suspense>
        <Anchor component={Link} to="/chats" size="sm">
          {t('chats.dashboard.seeAll')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function Rows({ queryRef }: { queryRef: PreloadedQuery<UnreadChatsQuery> }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<UnreadChatsQuery>(query, queryRef);
  const rows = data.chats.chats;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('chats.dashboard.empty')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {rows.map((chat) => (
        <UnstyledButton
          key={chat.id}
          component={Link}
          to={`/chats/${chat.identifier}`}
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          data-testid={`unread-chat-${chat.identifier}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={700} truncate="end">
                {chat.title}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {chat.lastMessage ? excerpt(chat.lastMessage.text, 80) : ''}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="xs" c="dimmed">
                {whenShort(chat.lastActivityAt as string)}
              </Text>
              <Badge size="sm" color="teal" aria-label={t('chats.unread', { count: chat.unreadCount })}>
                {unreadBadge(chat.unreadCount)}
              </Badge>
            </Stack>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatsQuery } from '../../../__generated__/ChatsQuery.graphql';
import type { Chats_query$key } from '../../../__generated__/Chats_query.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { PagedList } from '../../../components/PagedList.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { SearchFilter } from '../../../components/SearchFilter.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { unreadBadge } from '../../../../../core/chats.js';
import { excerpt, STATUS_COLORS, statusHintKey, whenShort } from './chatTexts.js';
import { useChatEvents } from './useChatEvents.js';

export const chatsQuery = graphql`
  query ChatsQuery($first: Int!, $offset: Int!, $search: String) {
    ...Chats_query @arguments(first: $first, offset: $offset, search: $search)
  }
`;

const listFragment = graphql`
  fragment Chats_query on Query
  @refetchable(queryName: "ChatsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, search: { type: "String" }) {
    chats(first: $first, offset: $offset, search: $search) {
      totalCount
      chats {
        id
        identifier
        title
        status
        unreadCount
        lastActivityAt
        lastMessage { text isMine }
      }
    }
  }
`;

/** /chats: the viewer's conversations, latest activity first, searched by name (?search=) and paged; live. */
export default function Chats({ queryRef, route }: ScreenProps<ChatsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ChatsQuery>(chatsQuery, queryRef);
  return <ChatList query={data} route={route} />;
}

function ChatList({ query, route }: { query: Chats_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { reload } = useListRefetch(route, refetch);
  // Any change of a conversation (a message, an invitation, a block) may move or change a row.
  useChatEvents(() => reload());
  const action = { label: t('chats.new'), to: '/friendships' };
  const rows = data.chats.chats;
  const filtered = !!search.get('search');

  return (
    <Stack w="100%">
      <PageHeader title={t('chats.title')} description={t('chats.description')} action={action} />
      <SearchFilter name="search" label={t('chats.search')} clearLabel={t('chats.clearSearch')} maw={360} />
      <PagedList
        totalCount={data.chats.totalCount}
        empty={filtered ? <EmptyState title={t('chats.emptySearch')} /> : <EmptyState title={t('chats.empty')} hint={t('chats.emptyHint')} action={action} />}
      >
        <Paper withBorder radius="md">
          {rows.map((chat, index) => {
            const hint = statusHintKey(chat.status);
            const last = chat.lastMessage;
            return (
              <UnstyledButton
                key={chat.id}
                component={Link}
                to={`/chats/${chat.identifier}`}
                display="block"
                w="100%"
                px="md"
                py="sm"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                data-testid={`chat-row-${chat.identifier}`}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={2} miw={0} style={{ flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={chat.unreadCount > 0 ? 700 : 600} truncate="end" maw="100%">
                        {chat.title}
                      </Text>
                      {hint && (
                        <Badge size="sm" variant="light" color={STATUS_COLORS[chat.status]}>
                          {t(hint)}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c={chat.unreadCount > 0 ? undefined : 'dimmed'} lineClamp={1}>
                      {last ? `${last.isMine ? `${t('chats.you')}: ` : ''}${excerpt(last.text)}` : t('chats.noMessages')}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {whenShort(chat.lastActivityAt as string)}
                    </Text>
                    {chat.unreadCount > 0 && (
                      <Badge size="sm" circle={chat.unreadCount < 10} color="teal" aria-label={t('chats.unread', { count: chat.unreadCount })}>
                        {unreadBadge(chat.unreadCount)}
                      </Badge>
                    )}
                  </Stack>
                </Group>
              </UnstyledButton>
            );
          })}
        </Paper>
      </PagedList>
    </Stack>
  );
}

import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FriendshipsQuery } from '../../../__generated__/FriendshipsQuery.graphql';
import type { Friendships_query$key } from '../../../__generated__/Friendships_query.graphql';
import type { FriendshipsInviteMutation } from '../../../__generated__/FriendshipsInviteMutation.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PagedList } from '../../../components/PagedList.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { SearchFilter } from '../../../components/SearchFilter.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { CHAT_MESSAGES } from '../../../../../core/chats.js';

export const friendshipsQuery = graphql`
  query FriendshipsQuery($first: Int!, $offset: Int!, $search: String, $suggestions: Int!) {
    ...Friendships_query @arguments(first: $first, offset: $offset, search: $search)
    friendSuggestions(first: $suggestions) { databaseId name communities chatIdentifier }
  }
`;

const listFragment = graphql`
  fragment Friendships_query on Query
  @refetchable(queryName: "FriendshipsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, search: { type: "String" }) {
    friendships(first: $first, offset: $offset, search: $search) {
      totalCount
      friends { databaseId name communities chatIdentifier }
    }
  }
`;

export const inviteFriendMutation = graphql`
  mutation FriendshipsInviteMutation($input: InviteFriendInput!) {
    inviteFriend(input: $input) {
      __typename
      ... on Error { message }
      ... on MutationInviteFriendSuccess { data { message chat { id identifier } } }
    }
  }
`;

/** Invites a person to talk and opens the new conversation. */
export function useInviteFriend() {
  const navigate = useNavigate();
  const invite = useAppMutation<FriendshipsInviteMutation>(inviteFriendMutation);
  const run = async (userId: number) => {
    const done = await invite.run({ input: { userId } }, 'inviteFriend', { success: (r) => r.data?.message ?? CHAT_MESSAGES.invited });
    if (done?.__typename === 'MutationInviteFriendSuccess' && done.data) navigate(`/chats/${done.data.chat.identifier}`);
  };
  return { run, inFlight: invite.inFlight };
}

/** /friendships: the people the viewer talks with (searched by name, paged), suggestions of its communities, and the e-mail search. */
export default function Friendships({ queryRef, route }: ScreenProps<FriendshipsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<FriendshipsQuery>(friendshipsQuery, queryRef);
  return (
    <Stack w="100%" gap="lg">
      <PageHeader
        title={t('friends.title')}
        description={t('friends.description')}
        action={{ label: t('friends.findByEmail'), to: '/friendships/new' }}
        secondary={{ label: t('chats.back'), to: '/chats' }}
      />
      <FriendList query={data} route={route} />
      <Suggestions people={data.friendSuggestions} />
    </Stack>
  );
}

function FriendList({ query, route }: { query: Friendships_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  useListRefetch(route, refetch);
  const filtered = !!search.get('search');
  return (
    <Stack>
      <SearchFilter name="search" label={t('friends.search')} clearLabel={t('friends.clearSearch')} maw={360} />
      <PagedList
        totalCount={data.friendships.totalCount}
        empty={filtered ? <EmptyState title={t('chats.emptySearch')} /> : <EmptyState title={t('friends.empty')} hint={t('friends.emptyHint')} />}
      >
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('friends.name')}</Table.Th>
              <Table.Th>{t('friends.communities')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.friendships.friends.map((f) => (
              <Table.Tr key={f.databaseId} data-testid={`friend-${f.databaseId}`}>
                <Table.Td fw={600}>{f.name}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {f.communities.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    component={Link}
                    to={f.chatIdentifier ? `/chats/${f.chatIdentifier}` : `/chats/${f.databaseId}`}
                    state={{ name: f.name }}
                    size="xs"
                    variant="light"
                  >
                    {t('friends.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </Stack>
  );
}

function Suggestions({
  people,
}: {
  people: readonly { databaseId: number; name: string; communities: readonly string[]; chatIdentifier: string | null | undefined }[];
}) {
  const { t } = useTranslation();
  const invite = useInviteFriend();
  return (
    <Stack gap="xs" component="section" aria-labelledby="friend-suggestions">
      <div>
        <Title order={3} fz="h4" id="friend-suggestions">
          {t('friends.suggestions')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('friends.suggestionsHint')}
        </Text>
      </div>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('friends.noSuggestions')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {people.map((p) => (
            <Paper key={p.databaseId} withBorder radius="md" p="sm" data-testid={`suggestion-${p.databaseId}`}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={4} miw={0}>
                  <Text fw={600} truncate="end">
                    {p.name}
                  </Text>
                  <Group gap={4}>
                    {p.communities.map((c) => (
                      <Badge key={c} size="xs" variant="light" color="gray" maw="100%">
                        {c}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                {p.chatIdentifier ? (
                  <Button component={Link} to={`/chats/${p.chatIdentifier}`} size="xs" variant="light" style={{ flexShrink: 0 }}>
                    {t('friends.open')}
                  </Button>
                ) : (
                  <Button size="xs" onClick={() => invite.run(p.databaseId)} loading={invite.inFlight} style={{ flexShrink: 0 }}>
                    {t('friends.invite')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

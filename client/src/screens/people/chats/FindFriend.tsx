import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FindFriendQuery, FindFriendQuery$data } from '../../../__generated__/FindFriendQuery.graphql';
import { field, useZodForm } from '../../../components/forms.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { settleCallError } from '../../../components/mutationResult.js';
import { FriendSearchFields } from '../../../../../core/chats.js';
import { useInviteFriend } from './Friendships.js';

const findQuery = graphql`
  query FindFriendQuery($email: String!) {
    findFriendByEmail(email: $email) {
      __typename
      ... on InputError { message issues { field message } }
      ... on QueryFindFriendByEmailSuccess { data { databaseId name communities chatIdentifier } }
    }
  }
`;

type Found = Extract<NonNullable<FindFriendQuery$data['findFriendByEmail']>, { __typename: 'QueryFindFriendByEmailSuccess' }>['data'];

/** /friendships/new: a person of the viewer's communities found by e-mail, to invite or to open the conversation with. */
export default function FindFriend() {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const form = useZodForm(FriendSearchFields, { defaultValues: { email: '' } });
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<{ found: Found | null } | null>(null);
  const invite = useInviteFriend();

  const search = form.handleSubmit(async ({ email }) => {
    setSearching(true);
    setResult(null);
    try {
      const answer = await fetchQuery<FindFriendQuery>(environment, findQuery, { email }, { fetchPolicy: 'network-only' }).toPromise();
      const value = answer?.findFriendByEmail;
      if (value?.__typename === 'InputError') {
        form.setError('email', { type: 'server', message: value.issues[0]?.message ?? value.message });
        return;
      }
      setResult({ found: value?.__typename === 'QueryFindFriendByEmailSuccess' ? value.data : null });
    } catch (e) {
      settleCallError(e);
    } finally {
      setSearching(false);
    }
  });

  const found = result?.found;
  return (
    <Stack maw={560} w="100%">
      <PageHeader
        title={t('friends.find.title')}
        description={t('friends.find.description')}
        secondary={{ label: t('friends.find.back'), to: '/friendships' }}
      />
      <Paper withBorder p="md" radius="md">
        <form onSubmit={search} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('friends.find.email')}
              type="email"
              autoComplete="off"
              inputMode="email"
              {...field(form, 'email')}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={searching} mt={{ base: 0, xs: 25 }}>
              {t('friends.find.submit')}
            </Button>
          </Group>
        </form>
      </Paper>
      {result && !found && (
        <Paper withBorder p="md" radius="md" data-testid="friend-not-found">
          <Text c="dimmed">{t('friends.find.notFound')}</Text>
        </Paper>
      )}
      {found && (
        <Paper withBorder p="md" radius="md" data-testid={`found-${found.databaseId}`}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2} miw={0}>
              <Text fw={700}>{found.name}</Text>
              <Text size="sm" c="dimmed">
                {found.communities.join(', ')}
              </Text>
            </Stack>
            {found.chatIdentifier ? (
              <Button component={Link} to={`/chats/${found.chatIdentifier}`} variant="light">
                {t('friends.find.open')}
              </Button>
            ) : (
              <Button onClick={() => invite.run(found.databaseId)} loading={invite.inFlight}>
                {t('friends.find.invite')}
              </Button>
            )}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AcceptInvitationQuery } from '../../__generated__/AcceptInvitationQuery.graphql';
import type { AcceptInvitationMutation } from '../../__generated__/AcceptInvitationMutation.graphql';
import type { AcceptInvitationDeclineMutation } from '../../__generated__/AcceptInvitationDeclineMutation.graphql';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';

const query = graphql`
  query AcceptInvitationQuery {
    myInvitations { code communityName roleName houseLabel }
  }
`;

const acceptMutation = graphql`
  mutation AcceptInvitationMutation($input: InvitationCodeInput!) {
    acceptInvitation(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationAcceptInvitationSuccess { data { accountId } }
    }
  }
`;

const declineMutation = graphql`
  mutation AcceptInvitationDeclineMutation($input: InvitationCodeInput!) {
    declineInvitation(input: $input) { __typename ... on Error { code message } }
  }
`;

/**
 * /invitations/{code}: a community invited the signed-in person (who has an account, or belongs to
 * another community). Nothing opens, and the community sees nothing of them, until they accept here.
 */
export default function AcceptInvitation() {
  const { code } = useParams();
  const { t } = useTranslation();
  const data = useLazyLoadQuery<AcceptInvitationQuery>(query, {}, { fetchPolicy: 'network-only' });
  const accept = useAppMutation<AcceptInvitationMutation>(acceptMutation);
  const decline = useAppMutation<AcceptInvitationDeclineMutation>(declineMutation);
  // Accepting adds an account to the session: the page reloads (to refresh the account switcher) only when the person continues.
  const [accepted, setAccepted] = useState<string | null>(null);
  const invitation = data.myInvitations.find((i) => i.code === code);
  if (accepted) {
    return (
      <Stack maw={560}>
        <Title order={2}>{t('invitations.title')}</Title>
        <Alert color="green">{t('invitations.accepted', { community: accepted })}</Alert>
        <Group>
          <Button onClick={() => window.location.assign('/')}>{t('invitations.continue')}</Button>
        </Group>
      </Stack>
    );
  }
  if (!invitation) return <Alert color="yellow">{t('invitations.notFound')}</Alert>;

  return (
    <Stack maw={560}>
      <Title order={2}>{t('invitations.title')}</Title>
      <Paper withBorder p="md">
        <Text>{t('invitations.body', { community: invitation.communityName, role: invitation.roleName })}</Text>
        {invitation.houseLabel && <Text c="dimmed">{t('invitations.house', { label: invitation.houseLabel })}</Text>}
        <Text size="sm" mt="sm" c="dimmed">
          {t('invitations.privacy')}
        </Text>
      </Paper>
      <Group>
        <Button
          loading={accept.inFlight}
          onClick={() =>
            void accept.run({ input: { code: invitation.code } }, 'acceptInvitation').then((ok) => {
              if (ok) setAccepted(invitation.communityName);
            })
          }
        >
          {t('invitations.accept')}
        </Button>
        <Button
          variant="default"
          loading={decline.inFlight}
          onClick={() =>
            void decline.run({ input: { code: invitation.code } }, 'declineInvitation').then((ok) => {
              if (!ok) return;
              notify('success', t('invitations.declined'));
              window.location.assign('/');
            })
          }
        >
          {t('invitations.decline')}
        </Button>
        <Button variant="subtle" component={Link} to="/">
          {t('invitations.later')}
        </Button>
      </Group>
    </Stack>
  );
}

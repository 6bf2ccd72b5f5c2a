import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AcceptInvitationQuery } from '../../../__generated__/AcceptInvitationQuery.graphql';
import type { AcceptInvitation_invitation$key } from '../../../__generated__/AcceptInvitation_invitation.graphql';
import type { AcceptInvitationMutation } from '../../../__generated__/AcceptInvitationMutation.graphql';
import type { AcceptInvitationDeclineMutation } from '../../../__generated__/AcceptInvitationDeclineMutation.graphql';
import { InvitationCodeSchema } from '../../../../../core/account.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const acceptInvitationQuery = graphql`
  query AcceptInvitationQuery {
    myInvitations { code ...AcceptInvitation_invitation }
  }
`;

const invitationFragment = graphql`
  fragment AcceptInvitation_invitation on Invitation { code communityName roleName houseLabel }
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
export default function AcceptInvitation({ queryRef }: ScreenProps<AcceptInvitationQuery>) {
  const { code } = useParams();
  const { t } = useTranslation();
  const data = usePreloadedQuery<AcceptInvitationQuery>(acceptInvitationQuery, queryRef);
  const invitation = data.myInvitations.find((i) => i.code === code);
  if (!invitation)
    return <EmptyState title={t('invitations.notFound')} hint={t('invitations.notFoundHint')} action={{ label: t('invitations.home'), to: '/' }} />;
  return <InvitationAnswer invitation={invitation} />;
}

function InvitationAnswer({ invitation: key }: { invitation: AcceptInvitation_invitation$key }) {
  const { t } = useTranslation();
  const invitation = useFragment(invitationFragment, key);
  const accept = useAppMutation<AcceptInvitationMutation>(acceptMutation);
  const decline = useAppMutation<AcceptInvitationDeclineMutation>(declineMutation);
  const form = useZodForm(InvitationCodeSchema, { defaultValues: { code: invitation.code } });
  // Accepting adds an account to the session: the page reloads (to refresh the account switcher) only when the person continues.
  const [accepted, setAccepted] = useState(false);

  const onAccept = form.handleSubmit(async (values) => {
    if (await accept.run({ input: values }, 'acceptInvitation', { form })) setAccepted(true);
  });
  const onDecline = form.handleSubmit(async (values) => {
    if (await decline.run({ input: values }, 'declineInvitation', { form, success: t('invitations.declined') })) window.location.assign('/');
  });
  const codeError = form.formState.errors.code?.message;

  return (
    <Stack maw={560}>
      <PageHeader title={t('invitations.title')}>
        <Badge variant="light" color={accepted ? 'green' : 'yellow'}>
          {accepted ? t('invitations.statusAccepted') : t('invitations.statusPending')}
        </Badge>
      </PageHeader>
      {accepted ? (
        <>
          <Alert color="green">{t('invitations.accepted', { community: invitation.communityName })}</Alert>
          <Group>
            <Button onClick={() => window.location.assign('/')}>{t('invitations.continue')}</Button>
          </Group>
        </>
      ) : (
        <form onSubmit={onAccept} noValidate>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack>
              <Text>{t('invitations.body', { community: invitation.communityName, role: invitation.roleName })}</Text>
              {invitation.houseLabel && <Text c="dimmed">{t('invitations.house', { label: invitation.houseLabel })}</Text>}
              <Text size="sm" c="dimmed">
                {t('invitations.privacy')}
              </Text>
              {codeError && <Alert color="red">{codeError}</Alert>}
              <Group>
                <Button type="submit" loading={accept.inFlight}>
                  {t('invitations.accept')}
                </Button>
                <Button variant="default" loading={decline.inFlight} onClick={() => void onDecline()}>
                  {t('invitations.decline')}
                </Button>
                <Button variant="subtle" component={Link} to="/">
                  {t('invitations.later')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </form>
      )}
    </Stack>
  );
}

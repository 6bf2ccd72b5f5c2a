import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { graphql } from 'react-relay';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SwitchAccountMutation } from '../../../__generated__/SwitchAccountMutation.graphql';
import { useSession } from '../../../components/SessionProvider.js';
import { useAppMutation } from '../../../components/mutations.js';
import { EmptyState } from '../../../components/EmptyState.js';

const mutation = graphql`
  mutation SwitchAccountMutation($input: SwitchAccountInput!) {
    switchAccount(input: $input) { __typename ... on Error { code message } }
  }
`;

/** /fraccionamiento/{id}?idh={houseId}: moves the session to that account and reloads the app in it. */
export default function SwitchAccount() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const { session } = useSession();
  const switchAccount = useAppMutation<SwitchAccountMutation>(mutation);
  const started = useRef(false);
  const houseId = search.get('idh');
  const account = session.accounts.edges
    .map((e) => e.node)
    .find((a) => String(a.neighborhood.databaseId) === id && (houseId ? String(a.houseDatabaseId) === houseId : a.houseDatabaseId == null));

  useEffect(() => {
    if (!account || started.current) return;
    started.current = true;
    if (account.current) {
      window.location.assign('/');
      return;
    }
    sessionStorage.setItem('switching', '1');
    void switchAccount.run({ input: { accountId: account.id } }, 'switchAccount').then((ok) => ok && window.location.assign('/'));
  }, [account, switchAccount]);

  if (!account)
    return <EmptyState title={t('switchAccount.notFound')} hint={t('switchAccount.notFoundHint')} action={{ label: t('invitations.home'), to: '/' }} />;
  return (
    <Stack align="center" mt="xl">
      <Loader />
      <Text>{t('switchAccount.switching')}</Text>
    </Stack>
  );
}

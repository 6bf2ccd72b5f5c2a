import { Button, Paper, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountingCatalogueQuery } from '../../../../__generated__/AccountingCatalogueQuery.graphql';
import type { AccountingCatalogue_query$key } from '../../../../__generated__/AccountingCatalogue_query.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';

export const accountingCatalogueQuery = graphql`
  query AccountingCatalogueQuery {
    ...AccountingCatalogue_query
  }
`;

const accountingCatalogueFragment = graphql`
  fragment AccountingCatalogue_query on Query {
    accountingAccountCatalogue { number name uses { kind key label } }
  }
`;

/** /neighborhood/accounting-accounts: every accounting account the community uses, by number, with where each is used. */
export default function AccountingCatalogue({ queryRef }: ScreenProps<AccountingCatalogueQuery>) {
  const data = usePreloadedQuery<AccountingCatalogueQuery>(accountingCatalogueQuery, queryRef);
  return <AccountingCatalogueView query={data} />;
}

function AccountingCatalogueView({ query }: { query: AccountingCatalogue_query$key }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = useFragment(accountingCatalogueFragment, query);
  const entries = data.accountingAccountCatalogue;
  const configure = grants.has('CAccountingAccountsRead')
    ? { label: t('accountingAccounts.configure'), to: '/neighborhood/settings/accounting-accounts' }
    : null;
  const use = (u: (typeof entries)[number]['uses'][number]) =>
    u.kind === 'SETTING'
      ? t('accountingAccounts.uses.SETTING', { label: t(`accountingAccounts.keys.${u.key}`) })
      : t(`accountingAccounts.uses.${u.kind}`, { label: u.label });
  return (
    <Stack>
      <PageHeader title={t('accountingAccounts.catalogueTitle')} description={t('accountingAccounts.catalogueDescription')} action={configure} />
      {entries.length === 0 ? (
        <EmptyState title={t('accountingAccounts.catalogueEmpty')} hint={t('accountingAccounts.catalogueEmptyHint')} action={configure} />
      ) : (
        <Paper withBorder radius="md">
          <Table striped data-testid="accounting-catalogue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accountingAccounts.account')}</Table.Th>
                <Table.Th>{t('accountingAccounts.usedIn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.number}>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600}>
                      {entry.number}
                    </Text>
                    {entry.name && (
                      <Text size="xs" c="dimmed">
                        {entry.name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {entry.uses.map((u) => (
                      <Text key={`${u.kind}-${u.key ?? ''}-${u.label ?? ''}`} size="sm">
                        {use(u)}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        {t('accountingAccounts.count', { count: entries.length })}
      </Text>
      {configure && (
        <Button variant="default" component={Link} to={configure.to} w="fit-content" hiddenFrom="sm">
          {configure.label}
        </Button>
      )}
    </Stack>
  );
}

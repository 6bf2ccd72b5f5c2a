import { Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { IncomeAccountsQuery } from '../../../../__generated__/IncomeAccountsQuery.graphql';
import type { IncomeAccounts_query$key } from '../../../../__generated__/IncomeAccounts_query.graphql';
import type { IncomeAccountsDeleteMutation } from '../../../../__generated__/IncomeAccountsDeleteMutation.graphql';
import { type NamedColumn, NamedList } from '../../../../components/NamedList.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';

export const incomeAccountsQuery = graphql`
  query IncomeAccountsQuery($first: Int!, $offset: Int!, $name: String) {
    ...IncomeAccounts_query @arguments(first: $first, offset: $offset, name: $name)
  }
`;

const listFragment = graphql`
  fragment IncomeAccounts_query on Query
  @refetchable(queryName: "IncomeAccountsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }) {
    incomeAccounts(first: $first, offset: $offset, filter: { description: $name }) {
      totalCount
      edges { node { id databaseId description accountType holderName maskedNumber bankName accountingAccount } }
    }
  }
`;

const deleteMutation = graphql`
  mutation IncomeAccountsDeleteMutation($input: DeleteIncomeAccountInput!) {
    deleteIncomeAccount(input: $input) { __typename ... on Error { code message } ... on MutationDeleteIncomeAccountSuccess { data { deletedId } } }
  }
`;

interface AccountRow {
  id: string;
  databaseId: number;
  name: string;
  accountType: string;
  holderName: string | null;
  maskedNumber: string | null;
  bankName: string | null;
  accountingAccount: string | null;
}

/** /neighborhood/settings/accounts: where the community receives money (CLABE, card, terminal, cash). */
export default function IncomeAccounts({ queryRef, route }: ScreenProps<IncomeAccountsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<IncomeAccountsQuery>(incomeAccountsQuery, queryRef);
  return <AccountList query={data} route={route} />;
}

function AccountList({ query, route }: { query: IncomeAccounts_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<IncomeAccountsDeleteMutation>(deleteMutation);
  const dash = <Text c="dimmed">{t('accounts.none')}</Text>;
  const rows: AccountRow[] =
    data.incomeAccounts?.edges.map(({ node }) => ({
      id: node.id,
      databaseId: node.databaseId,
      name: node.description,
      accountType: node.accountType,
      holderName: node.holderName ?? null,
      maskedNumber: node.maskedNumber ?? null,
      bankName: node.bankName ?? null,
      accountingAccount: node.accountingAccount ?? null,
    })) ?? [];
  const columns: NamedColumn<AccountRow>[] = [
    { key: 'type', header: t('accounts.type'), cell: (row) => t(`accounts.typeShort.${row.accountType}`) },
    {
      key: 'number',
      header: t('accounts.number'),
      cell: (row) =>
        row.maskedNumber ? (
          <>
            <Text size="sm">{row.maskedNumber}</Text>
            {row.bankName && (
              <Text size="xs" c="dimmed">
                {row.bankName}
              </Text>
            )}
          </>
        ) : (
          dash
        ),
    },
    { key: 'holder', header: t('accounts.holderName'), visibleFrom: 'sm', cell: (row) => row.holderName ?? dash },
    { key: 'accounting', header: t('accounts.accountingAccount'), visibleFrom: 'md', cell: (row) => row.accountingAccount ?? dash },
  ];
  return (
    <NamedList
      title={t('accounts.title')}
      description={t('accounts.listDescription')}
      emptyTitle={t('accounts.empty')}
      emptyHint={t('accounts.emptyHint')}
      createLabel={t('accounts.create')}
      createPath={grants.has('CAccountsCreate') ? '/neighborhood/settings/account/form' : null}
      editPath={(row) => `/neighborhood/accounts/${row.databaseId}`}
      rows={rows}
      totalCount={data.incomeAccounts?.totalCount ?? 0}
      pending={pending}
      columns={columns}
      deleteTitle={t('accounts.deleteTitle')}
      deleteConfirm={(name) => t('accounts.deleteConfirm', { name })}
      deleting={remove.inFlight}
      onDelete={
        grants.has('CAccountsDelete')
          ? async (row) => {
              const ok = !!(await remove.run({ input: { id: row.id } }, 'deleteIncomeAccount', { success: t('accounts.deleted') }));
              if (ok) reload();
              return ok;
            }
          : null
      }
    />
  );
}

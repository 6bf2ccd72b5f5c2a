import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WithdrawalsQuery } from '../../../../../__generated__/WithdrawalsQuery.graphql';
import type { WithdrawalsList_query$key } from '../../../../../__generated__/WithdrawalsList_query.graphql';
import { formatDate, formatPesos } from '../../../../../format.js';
import { EmptyState } from '../../../../../components/EmptyState.js';
import { FilterBar, type FilterDef } from '../../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../../components/lists.js';
import { PageHeader } from '../../../../../components/PageHeader.js';
import { PagedList } from '../../../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../../../router/screenRoute.js';
import { WithdrawalButton } from './WithdrawalButton.js';

export const withdrawalsQuery = graphql`
  query WithdrawalsQuery($first: Int!, $offset: Int!, $filter: WithdrawalFilter) {
    ...WithdrawalsList_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment WithdrawalsList_query on Query
  @refetchable(queryName: "WithdrawalsListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "WithdrawalFilter" }) {
    withdrawals(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges {
        node {
          id
          databaseId
          status
          amount
          fee
          total
          errorDescription
          createdAt
          account { description accountType maskedNumber }
          items { expenseDatabaseId serie folio }
        }
      }
    }
  }
`;

const COLORS = { IN_PROGRESS: 'blue', SUCCESSFUL: 'green', FAILED: 'red' } as Record<string, string>;

/** /expenses/withdrawals: the community's withdrawals with their status and, when failed, why. */
export default function Withdrawals({ queryRef, route }: ScreenProps<WithdrawalsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<WithdrawalsQuery>(withdrawalsQuery, queryRef);
  const filters: FilterDef[] = [
    {
      key: 'status',
      label: t('withdrawals.columns.status'),
      options: ['IN_PROGRESS', 'SUCCESSFUL', 'FAILED'].map((value) => ({ value, label: t(`withdrawals.statuses.${value}`) })),
    },
  ];
  return (
    <Stack>
      <PageHeader title={t('withdrawals.title')} description={t('withdrawals.description')} />
      <FilterBar filters={filters} primary="status" />
      <List query={data} route={route} />
    </Stack>
  );
}

function List({ query, route }: { query: WithdrawalsList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const rows = data.withdrawals?.edges.map((e) => e.node) ?? [];
  return (
    <>
      <div>
        <WithdrawalButton onDone={reload} />
      </div>
      <PagedList totalCount={data.withdrawals?.totalCount ?? 0} empty={<EmptyState title={t('withdrawals.empty')} hint={t('withdrawals.emptyHint')} />}>
        <Table.ScrollContainer minWidth={720}>
          <Table striped style={{ opacity: pending ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('withdrawals.columns.id')}</Table.Th>
                <Table.Th>{t('withdrawals.columns.date')}</Table.Th>
                <Table.Th>{t('withdrawals.columns.account')}</Table.Th>
                <Table.Th>{t('withdrawals.columns.expenses')}</Table.Th>
                <Table.Th ta="right">{t('withdrawals.columns.amount')}</Table.Th>
                <Table.Th ta="right">{t('withdrawals.columns.fee')}</Table.Th>
                <Table.Th ta="right">{t('withdrawals.columns.total')}</Table.Th>
                <Table.Th>{t('withdrawals.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>{w.databaseId}</Table.Td>
                  <Table.Td>{formatDate(w.createdAt)}</Table.Td>
                  <Table.Td>
                    {w.account.description}
                    {w.account.maskedNumber ? ` ${w.account.maskedNumber}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {w.items.map((i, index) => (
                      <span key={i.expenseDatabaseId}>
                        {index > 0 && ', '}
                        <Anchor component={Link} to={`/expenses/${i.expenseDatabaseId}/detail`} size="sm">
                          {i.folio != null ? `${i.serie ? `${i.serie}-` : ''}${i.folio}` : `#${i.expenseDatabaseId}`}
                        </Anchor>
                      </span>
                    ))}
                  </Table.Td>
                  <Table.Td ta="right">{formatPesos(w.amount)}</Table.Td>
                  <Table.Td ta="right">{formatPesos(w.fee)}</Table.Td>
                  <Table.Td ta="right">{formatPesos(w.total)}</Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[w.status] ?? 'gray'} variant="light">
                      {t(`withdrawals.statuses.${w.status}`)}
                    </Badge>
                    {w.errorDescription && (
                      <Text size="xs" c="red" mt={4}>
                        {w.errorDescription}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
    </>
  );
}

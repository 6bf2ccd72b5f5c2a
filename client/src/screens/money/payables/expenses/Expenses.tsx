import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPesos } from '../../../../format.js';
import type { ExpensesQuery } from '../../../../__generated__/ExpensesQuery.graphql';
import type { Expenses_query$key } from '../../../../__generated__/Expenses_query.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar, type FilterDef } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { GroupExpensesButton } from './groups/GroupExpensesButton.js';
import { ExpenseReportsMenu } from './reports/ExpenseReportsMenu.js';
import { WithdrawalButton } from './withdrawals/WithdrawalButton.js';
import { EXPENSE_FILTERS, expenseDetailPath, expenseFormPath } from './paths.js';

export const expensesQuery = graphql`
  query ExpensesQuery($first: Int!, $offset: Int!, $filter: ExpenseFilter) {
    expenseConfig { canCreate requiredApprovals }
    ...Expenses_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;
const listFragment = graphql`
  fragment Expenses_query on Query
  @refetchable(queryName: "ExpensesRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "ExpenseFilter" }) {
    expenses(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges {
        node {
          id databaseId status serie folio operationDate total groupSerie groupFolio paymentDate cashDate
          provider { name } expenseConcept { concept } canEdit
        }
      }
    }
  }
`;

export const STATUS_COLORS: Record<string, string> = {
  NEW: 'blue',
  EDITED: 'cyan',
  REJECTED: 'red',
  APPROVED: 'teal',
  DELETED: 'gray',
  INVOICE: 'grape',
  PAID: 'green',
  CHARGED: 'dark',
};

export const folioText = (e: { serie?: string | null; folio?: number | null; databaseId: number }) =>
  e.folio != null ? `${e.serie ? `${e.serie}-` : ''}${e.folio}` : `#${e.databaseId}`;

/** /expenses: the community's expenses with every filter, selection for groups, withdrawals and reports. */
export default function Expenses({ queryRef, route }: ScreenProps<ExpensesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ExpensesQuery>(expensesQuery, queryRef);
  return <ExpenseList query={data} route={route} canCreate={data.expenseConfig.canCreate} />;
}

function ExpenseList({ query, route, canCreate }: { query: Expenses_query$key; route: ScreenRoute; canCreate: boolean }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rows = data.expenses?.edges.map((e) => e.node) ?? [];
  const create = canCreate ? { label: t('expenses.create'), to: expenseFormPath() } : null;
  const filters: FilterDef[] = useMemo(
    () =>
      EXPENSE_FILTERS.map((key) =>
        key === 'status'
          ? {
              key,
              label: t('expenses.filters.status'),
              options: Object.entries(t('expenses.statuses', { returnObjects: true }) as Record<string, string>).map(([value, label]) => ({ value, label })),
            }
          : { key, label: t(`expenses.filters.${key}`) },
      ),
    [t],
  );
  const reportFilters = Object.fromEntries(
    ['status', 'from', 'to', 'fromPayment', 'toPayment', 'fromCharge', 'toCharge', 'provider', 'concept'].map((k) => [k, search.get(k)]),
  );
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const done = () => {
    setSelected(new Set());
    reload();
  };
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const filtered = EXPENSE_FILTERS.some((k) => search.get(k));

  return (
    <Stack>
      <PageHeader title={t('expenses.title')} description={t('expenses.description')} action={create} />
      <FilterBar filters={filters} primary="status" />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {selected.size ? t('expenses.selected', { count: selected.size }) : ''}
        </Text>
        <Group gap="xs">
          <GroupExpensesButton selectedIds={[...selected]} onDone={done} />
          <WithdrawalButton onDone={done} />
          <ExpenseReportsMenu filters={reportFilters} />
        </Group>
      </Group>
      <PagedList
        totalCount={data.expenses?.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('expenses.empty')} hint={t('expenses.emptyHint')} action={create} />
          )
        }
      >
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover style={{ opacity: pending ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <Checkbox
                    aria-label={t('expenses.selectAll')}
                    checked={allOnPage}
                    onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))}
                  />
                </Table.Th>
                <Table.Th>{t('expenses.columns.folio')}</Table.Th>
                <Table.Th>{t('expenses.columns.date')}</Table.Th>
                <Table.Th>{t('expenses.columns.provider')}</Table.Th>
                <Table.Th>{t('expenses.columns.concept')}</Table.Th>
                <Table.Th>{t('expenses.columns.status')}</Table.Th>
                <Table.Th>{t('expenses.columns.group')}</Table.Th>
                <Table.Th ta="right">{t('expenses.columns.total')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid={`expense-row-${row.databaseId}`}>
                  <Table.Td>
                    <Checkbox aria-label={`${t('expenses.select')} ${folioText(row)}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={expenseDetailPath(row.databaseId)}>
                      {folioText(row)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.operationDate)}</Table.Td>
                  <Table.Td>{row.provider?.name ?? t('expenses.noProvider')}</Table.Td>
                  <Table.Td>{row.expenseConcept?.concept ?? ''}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      variant="light"
                      color={STATUS_COLORS[row.status] ?? 'gray'}
                      styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
                    >
                      {t(`expenses.statuses.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.groupFolio != null ? `${row.groupSerie ?? ''}-${row.groupFolio}` : ''}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatPesos(row.total as string)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="subtle" component={Link} to={expenseDetailPath(row.databaseId)}>
                        {t('expenses.detail')}
                      </Button>
                      {row.canEdit && (
                        <Button size="xs" variant="subtle" component={Link} to={expenseFormPath(row.databaseId)}>
                          {t('expenses.edit')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
    </Stack>
  );
}

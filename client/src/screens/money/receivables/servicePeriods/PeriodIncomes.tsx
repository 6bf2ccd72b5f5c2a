import { Alert, Anchor, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PeriodIncomesQuery } from '../../../../__generated__/PeriodIncomesQuery.graphql';
import type { PeriodIncomes_period$key } from '../../../../__generated__/PeriodIncomes_period.graphql';
import { formatDate, formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { methodLabel } from '../maintenances/labels.js';
import { Figure } from './labels.js';
import { periodsPath } from './paths.js';

export const periodIncomesQuery = graphql`
  query PeriodIncomesQuery($id: ID!, $first: Int!, $offset: Int!) {
    node(id: $id) {
      ... on ServicePeriod {
        id
        databaseId
        description
        serviceDatabaseId
        serviceDescription
        incomes {
          receipts
          paidReceipts
          charged
          paid
          pending
        }
      }
      ...PeriodIncomes_period @alias @arguments(first: $first, offset: $offset)
    }
  }
`;

const incomesFragment = graphql`
  fragment PeriodIncomes_period on ServicePeriod
  @refetchable(queryName: "PeriodIncomesRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }) {
    incomes {
      payments(first: $first, offset: $offset) {
        totalCount
        edges { node { receiptId receiptDatabaseId houseDatabaseId houseLabel consumption amount paymentMethod realPaymentDate } }
      }
    }
  }
`;

/** /services/{serviceId}/periods/{periodId}/incomes: the paid receipts of the period with the totals charged, paid and pending. */
export default function PeriodIncomes({ queryRef, route }: ScreenProps<PeriodIncomesQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const { serviceId } = useParams();
  const data = usePreloadedQuery<PeriodIncomesQuery>(periodIncomesQuery, queryRef);
  const period = data.node?.databaseId && String(data.node.serviceDatabaseId) === serviceId ? data.node : null;
  const list = data.node?.PeriodIncomes_period;
  if (!period?.databaseId || !period.incomes || !list) return <Alert color="yellow">{t('servicePeriods.notFound')}</Alert>;
  const totals = period.incomes;
  return (
    <Stack>
      <PageHeader
        title={t('servicePeriods.incomesTitle', { period: period.description })}
        description={period.serviceDescription}
        secondary={{ label: t('servicePeriods.backToPeriods'), to: periodsPath(period.serviceDatabaseId!) }}
      />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label={t('servicePeriods.charged')} value={formatPesos(String(totals.charged))} testId="total-charged" />
          <Figure label={t('servicePeriods.paid')} value={formatPesos(String(totals.paid))} testId="total-paid" />
          <Figure label={t('servicePeriods.pending')} value={formatPesos(String(totals.pending))} testId="total-pending" />
          <Figure label={t('servicePeriods.paidReceipts')} value={t('servicePeriods.paidOf', { paid: totals.paidReceipts, count: totals.receipts })} />
        </SimpleGrid>
      </Paper>
      <IncomeList list={list} route={route} />
    </Stack>
  );
}

function IncomeList({ list, route }: { list: PeriodIncomes_period$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(incomesFragment, list);
  const { pending } = useListRefetch(route, refetch);
  const rows = data.incomes?.payments?.edges.map(({ node }) => node) ?? [];
  return (
    <PagedList
      totalCount={data.incomes?.payments?.totalCount ?? 0}
      empty={<EmptyState title={t('servicePeriods.noIncomes')} hint={t('servicePeriods.noIncomesHint')} />}
    >
      <Table striped verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="period-incomes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('servicePeriods.house')}</Table.Th>
            <Table.Th>{t('servicePeriods.paidAt')}</Table.Th>
            <Table.Th>{t('servicePeriods.paymentMethod')}</Table.Th>
            <Table.Th ta="right">{t('servicePeriods.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.receiptId}>
              <Table.Td>
                <Anchor component={Link} to={`/houses/${row.houseDatabaseId}/receipts/${row.receiptDatabaseId}`} size="sm" fw={500}>
                  {row.houseLabel}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.realPaymentDate ? formatDate(String(row.realPaymentDate)) : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{methodLabel(t, row.paymentMethod)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPesos(String(row.amount))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PagedList>
  );
}

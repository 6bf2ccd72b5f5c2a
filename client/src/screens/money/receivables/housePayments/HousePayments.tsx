import { useState } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HousePaymentsQuery } from '../../../../__generated__/HousePaymentsQuery.graphql';
import type { HousePayments_query$key } from '../../../../__generated__/HousePayments_query.graphql';
import { PAYMENT_METHODS } from '../../../../../../core/receipts.js';
import { formatDate, formatPeriod, formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar, type FilterDef } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { CapturePaymentDialog } from '../receipts/CapturePaymentDialog.js';
import { PAYMENT_FILTERS } from './variables.js';

export const housePaymentsQuery = graphql`
  query HousePaymentsQuery($houseId: ID!, $first: Int!, $offset: Int!, $paymentMethod: PaymentMethod) {
    ...HousePayments_query @arguments(houseId: $houseId, first: $first, offset: $offset, paymentMethod: $paymentMethod)
  }
`;

const paymentsFragment = graphql`
  fragment HousePayments_query on Query
  @refetchable(queryName: "HousePaymentsRefetchQuery")
  @argumentDefinitions(
    houseId: { type: "ID!" }
    first: { type: "Int!" }
    offset: { type: "Int!" }
    paymentMethod: { type: "PaymentMethod" }
  ) {
    house: node(id: $houseId) { ... on House { id databaseId label } }
    houseStats(houseId: $houseId) { paidReceipts paidAmount paidOnTime lastPaymentDate }
    houseReceipts(houseId: $houseId, first: $first, offset: $offset, filter: { group: COMPLETED, paymentMethod: $paymentMethod }) {
      totalCount
      edges {
        node {
          id
          databaseId
          houseDatabaseId
          description
          year
          month
          dueDate
          amount
          transactionTotal
          paymentMethod
          paymentDay
          realPaymentDate
          paymentAuthorization
          accountEnding
        }
      }
    }
  }
`;

/**
 * /houses/{houseId}/payments: what the house has paid — its paid receipts with the day, the method, the
 * authorization and the amount, newest first, filtered by method and paged — with its totals on top;
 * administrators who capture payments register one here too.
 */
export default function HousePayments({ queryRef, route }: ScreenProps<HousePaymentsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<HousePaymentsQuery>(housePaymentsQuery, queryRef);
  return <PaymentList query={data} route={route} />;
}

function PaymentList({ query, route }: { query: HousePayments_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const location = useLocation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(paymentsFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const [capturing, setCapturing] = useState(false);
  const house = data.house?.id ? data.house : null;
  const stats = data.houseStats;
  const mayCapture = grants.has('AReceiptsExternalPaymentsCreate');
  const back = `${location.pathname}${location.search}`;
  const rows = data.houseReceipts.edges.map(({ node }) => ({
    ...node,
    paidOn: ((node.realPaymentDate ?? node.paymentDay) as string | null) ?? null,
    paid: (node.transactionTotal ?? node.amount) as string,
  }));
  type Row = (typeof rows)[number];

  const filters: FilterDef[] = [
    {
      key: 'payment_method',
      label: t('housePayments.method'),
      options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`receipts.method.${m}`) })),
    },
  ];
  const filtered = PAYMENT_FILTERS.some((key) => !!search.get(key)?.trim());
  const detailPath = (row: Row) => `/houses/${row.houseDatabaseId}/receipts/${row.databaseId}?back=${encodeURIComponent(back)}`;
  const method = (row: Row) => (row.paymentMethod ? t(`receipts.method.${row.paymentMethod}`) : t('receipts.noMethod'));
  const reference = (row: Row) =>
    [row.paymentAuthorization, row.accountEnding ? t('housePayments.ending', { digits: row.accountEnding }) : null].filter(Boolean).join(' · ');
  const title = (row: Row) => (
    <Anchor component={Link} to={detailPath(row)} fw={500} size="sm" aria-label={t('receipts.open', { name: row.description })}>
      {row.description}
    </Anchor>
  );
  const amount = (row: Row) => (
    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatPesos(row.paid)}
    </Text>
  );

  return (
    <Stack>
      <PageHeader
        title={t('housePayments.title')}
        description={house ? t('receipts.house', { label: house.label }) : t('housePayments.description')}
        secondary={{ label: t('housePayments.toHouse'), to: `/houses/${houseId}` }}
      >
        <Button component={Link} to={`/houses/${houseId}/receipts`} variant={mayCapture ? 'default' : 'filled'}>
          {t('housePayments.receipts')}
        </Button>
        {mayCapture && house && <Button onClick={() => setCapturing(true)}>{t('receipts.capture.open')}</Button>}
      </PageHeader>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('housePayments.summary')} data-testid="payments-summary">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('housePayments.paidReceipts')} value={String(stats.paidReceipts)} />
          <Figure label={t('housePayments.paidAmount')} value={formatPesos(stats.paidAmount as string)} />
          <Figure
            label={t('housePayments.onTime')}
            value={stats.paidReceipts > 0 ? t('housePayments.onTimeValue', { count: stats.paidOnTime, total: stats.paidReceipts }) : '—'}
          />
          <Figure
            label={t('housePayments.lastPayment')}
            value={stats.lastPaymentDate ? formatDate(stats.lastPaymentDate as string) : t('housePayments.never')}
          />
        </SimpleGrid>
      </Paper>
      <FilterBar filters={filters} primary="payment_method" />
      {/* Phones: one card per payment (a table would scroll sideways). */}
      {rows.length > 0 && (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="payment-cards">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {title(row)}
                  {amount(row)}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatPeriod(row.year, row.month)} · {row.paidOn ? t('receipts.paidOn', { date: formatDate(row.paidOn) }) : t('housePayments.noDate')} ·{' '}
                  {method(row)}
                </Text>
                {reference(row) && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('housePayments.authorization')}: {reference(row)}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <PagedList
        totalCount={data.houseReceipts.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('housePayments.empty')} hint={t('housePayments.emptyHint')} />
          )
        }
      >
        <Table striped highlightOnHover verticalSpacing="sm" visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="payments-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('housePayments.columns.date')}</Table.Th>
              <Table.Th>{t('housePayments.columns.concept')}</Table.Th>
              <Table.Th>{t('housePayments.columns.period')}</Table.Th>
              <Table.Th>{t('housePayments.columns.method')}</Table.Th>
              <Table.Th>{t('housePayments.columns.authorization')}</Table.Th>
              <Table.Th ta="right">{t('housePayments.columns.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {row.paidOn ? formatDate(row.paidOn) : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{title(row)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatPeriod(row.year, row.month)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{method(row)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {reference(row) || '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{amount(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      {mayCapture && house?.id && <CapturePaymentDialog opened={capturing} houseId={house.id} onClose={() => setCapturing(false)} onDone={reload} />}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreditReceiptsQuery } from '../../../../__generated__/CreditReceiptsQuery.graphql';
import type { CreditReceiptList_query$key } from '../../../../__generated__/CreditReceiptList_query.graphql';
import { formatDate, formatPeriod, formatPesos } from '../../../../format.js';
import { PAYMENT_METHODS, RECEIPT_STATUSES, type ReceiptStatus } from '../../../../../../core/receipts.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { RECEIPT_STATUS_COLORS } from '../receipts/receiptTexts.js';

export const creditReceiptsQuery = graphql`
  query CreditReceiptsQuery($first: Int!, $offset: Int!, $paymentMethod: PaymentMethod, $paymentStatus: ReceiptStatus) {
    ...CreditReceiptList_query @arguments(first: $first, offset: $offset, paymentMethod: $paymentMethod, paymentStatus: $paymentStatus)
  }
`;

const listFragment = graphql`
  fragment CreditReceiptList_query on Query
  @refetchable(queryName: "CreditReceiptListRefetchQuery")
  @argumentDefinitions(
    first: { type: "Int!" }
    offset: { type: "Int!" }
    paymentMethod: { type: "PaymentMethod" }
    paymentStatus: { type: "ReceiptStatus" }
  ) {
    creditReceipts(first: $first, offset: $offset, paymentMethod: $paymentMethod, paymentStatus: $paymentStatus) {
      totalCount
      edges { node { id databaseId houseDatabaseId houseLabel description year month dueDate amount transactionTotal status paymentMethod } }
    }
  }
`;

/** /credit-receipts: receipts paid with a credit card or created as a wallet's credit, filtered by method and status, paged. */
export default function CreditReceipts({ queryRef, route }: ScreenProps<CreditReceiptsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<CreditReceiptsQuery>(creditReceiptsQuery, queryRef);
  return <List query={data} route={route} />;
}

function List({ query, route }: { query: CreditReceiptList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending } = useListRefetch(route, refetch);
  const rows = data.creditReceipts.edges.map((e) => e.node);
  return (
    <Stack>
      <PageHeader title={t('creditReceipts.title')} description={t('creditReceipts.description')} />
      <FilterBar
        primary="payment_status"
        filters={[
          {
            key: 'payment_status',
            label: t('receipts.filters.paymentStatus'),
            options: RECEIPT_STATUSES.map((s) => ({ value: s, label: t(`receipts.status.${s}`) })),
          },
          {
            key: 'payment_method',
            label: t('receipts.filters.paymentMethod'),
            options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`receipts.method.${m}`) })),
          },
        ]}
      />
      <PagedList totalCount={data.creditReceipts.totalCount ?? 0} empty={<EmptyState title={t('creditReceipts.empty')} hint={t('creditReceipts.emptyHint')} />}>
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('creditReceipts.columns.house')}</Table.Th>
              <Table.Th>{t('creditReceipts.columns.description')}</Table.Th>
              <Table.Th>{t('creditReceipts.columns.dueDate')}</Table.Th>
              <Table.Th ta="right">{t('creditReceipts.columns.amount')}</Table.Th>
              <Table.Th>{t('creditReceipts.columns.status')}</Table.Th>
              <Table.Th>{t('creditReceipts.columns.method')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.houseLabel}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/houses/${r.houseDatabaseId}/receipts/${r.databaseId}`} size="sm">
                    {r.description}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatPeriod(r.year, r.month)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.dueDate as string)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPesos((r.status === 'PAID' && r.transactionTotal ? r.transactionTotal : r.amount) as string)}
                </Table.Td>
                <Table.Td>
                  <Badge color={RECEIPT_STATUS_COLORS[r.status as ReceiptStatus]} variant="light" miw="max-content">
                    {t(`receipts.status.${r.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.paymentMethod ? t(`receipts.method.${r.paymentMethod}`) : t('receipts.noMethod')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </Stack>
  );
}

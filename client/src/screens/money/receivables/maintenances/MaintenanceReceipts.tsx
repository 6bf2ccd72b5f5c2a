import { Alert, Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaintenanceReceiptsQuery } from '../../../../__generated__/MaintenanceReceiptsQuery.graphql';
import type { MaintenanceReceipts_maintenance$key } from '../../../../__generated__/MaintenanceReceipts_maintenance.graphql';
import { formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { PAYMENT_METHODS, RECEIPT_STATUSES } from './filters.js';
import { MAINTENANCES_PATH, methodLabel, ReceiptStatusBadge } from './labels.js';

export const maintenanceReceiptsQuery = graphql`
  query MaintenanceReceiptsQuery($id: ID!, $first: Int!, $offset: Int!, $paymentMethod: PaymentMethod, $paymentStatus: ReceiptStatus) {
    node(id: $id) {
      ... on Maintenance {
        id
        databaseId
        description
        ordinary
      }
      ...MaintenanceReceipts_maintenance @alias @arguments(first: $first, offset: $offset, paymentMethod: $paymentMethod, paymentStatus: $paymentStatus)
    }
  }
`;

const receiptsFragment = graphql`
  fragment MaintenanceReceipts_maintenance on Maintenance
  @refetchable(queryName: "MaintenanceReceiptsRefetchQuery")
  @argumentDefinitions(
    first: { type: "Int!" }
    offset: { type: "Int!" }
    paymentMethod: { type: "PaymentMethod" }
    paymentStatus: { type: "ReceiptStatus" }
  ) {
    receipts(first: $first, offset: $offset, filter: { paymentMethod: $paymentMethod, paymentStatus: $paymentStatus }) {
      totalCount
      edges { node { id databaseId houseDatabaseId houseLabel amount status paymentMethod } }
    }
  }
`;

/** The query-string filters of the receipts list (spec 2 section 4). */
export const RECEIPT_FILTER_KEYS = ['payment_method', 'payment_status'] as const;

/** /maintenances/{maintenanceId}/receipts: the maintenance's receipts, one per house, filtered by payment method and status. */
export default function MaintenanceReceipts({ queryRef, route }: ScreenProps<MaintenanceReceiptsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<MaintenanceReceiptsQuery>(maintenanceReceiptsQuery, queryRef);
  const m = data.node?.id ? data.node : null;
  const receipts = m?.MaintenanceReceipts_maintenance;
  if (!m?.databaseId || !receipts) return <Alert color="yellow">{t('maintenances.notFound')}</Alert>;
  const name = m.description ?? '';
  return (
    <Stack>
      <PageHeader
        title={t('maintenances.receiptsTitle')}
        description={name}
        secondary={{ label: t('maintenances.backToMaintenance'), to: `${MAINTENANCES_PATH}/${m.databaseId}` }}
      />
      <ReceiptList maintenance={receipts} route={route} />
    </Stack>
  );
}

function ReceiptList({ maintenance, route }: { maintenance: MaintenanceReceipts_maintenance$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(receiptsFragment, maintenance);
  const { pending } = useListRefetch(route, refetch);
  const rows =
    data.receipts?.edges.map(({ node }) => ({
      ...node,
      amount: String(node.amount),
      link: `/houses/${node.houseDatabaseId}/receipts/${node.databaseId}`,
    })) ?? [];
  const filtered = RECEIPT_FILTER_KEYS.some((key) => search.get(key));

  return (
    <>
      <FilterBar
        primary="payment_status"
        filters={[
          {
            key: 'payment_status',
            label: t('maintenances.receiptStatusLabel'),
            options: RECEIPT_STATUSES.map((s) => ({ value: s, label: t(`maintenances.receiptStatus.${s}`) })),
          },
          {
            key: 'payment_method',
            label: t('maintenances.paymentMethodLabel'),
            options: PAYMENT_METHODS.map((s) => ({ value: s, label: t(`maintenances.paymentMethod.${s}`) })),
          },
        ]}
      />
      {rows.length > 0 && (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="receipt-cards">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor component={Link} to={row.link} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {row.houseLabel}
                  </Anchor>
                  <ReceiptStatusBadge status={row.status} size="sm" />
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {row.paymentMethod ? methodLabel(t, row.paymentMethod) : t('maintenances.notPaid')}
                  </Text>
                  <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(row.amount)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <PagedList
        totalCount={data.receipts?.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('maintenances.noReceipts')} hint={t('maintenances.noReceiptsHint')} />
          )
        }
      >
        <Table striped highlightOnHover verticalSpacing="sm" visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('maintenances.house')}</Table.Th>
              <Table.Th>{t('maintenances.receiptStatusLabel')}</Table.Th>
              <Table.Th>{t('maintenances.paymentMethodLabel')}</Table.Th>
              <Table.Th ta="right">{t('maintenances.amount')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.houseLabel}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ReceiptStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{methodLabel(t, row.paymentMethod)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text size="sm">{formatPesos(row.amount)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor component={Link} to={row.link} size="sm" aria-label={t('maintenances.viewReceiptOf', { house: row.houseLabel })}>
                    {t('maintenances.viewReceipt')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </>
  );
}

import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Tabs, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReceiptsQuery } from '../../../../__generated__/ReceiptsQuery.graphql';
import type { ReceiptList_query$key } from '../../../../__generated__/ReceiptList_query.graphql';
import { formatDate, formatPeriod, formatPesos } from '../../../../format.js';
import { PAYMENT_METHODS, RECEIPT_GROUPS, type ReceiptGroup, type ReceiptStatus, statusesOfGroup } from '../../../../../../core/receipts.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar, type FilterDef } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { CapturePaymentDialog } from './CapturePaymentDialog.js';
import { ManualPaymentDialog } from './ManualPaymentDialog.js';
import { groupOf, RECEIPT_STATUS_COLORS } from './receiptTexts.js';
import { RECEIPT_FILTERS } from './variables.js';
import { WalletPanel } from './WalletPanel.js';

export const receiptsQuery = graphql`
  query ReceiptsQuery(
    $houseId: ID
    $houseNodeId: ID!
    $admin: Boolean!
    $first: Int!
    $offset: Int!
    $group: ReceiptGroup
    $agreementId: Int
    $paymentMethod: PaymentMethod
    $paymentStatus: ReceiptStatus
  ) {
    ...ReceiptList_query
      @arguments(
        houseId: $houseId
        first: $first
        offset: $offset
        group: $group
        agreementId: $agreementId
        paymentMethod: $paymentMethod
        paymentStatus: $paymentStatus
      )
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { databaseId label } }
  }
`;

const listFragment = graphql`
  fragment ReceiptList_query on Query
  @refetchable(queryName: "ReceiptListRefetchQuery")
  @argumentDefinitions(
    houseId: { type: "ID" }
    first: { type: "Int!" }
    offset: { type: "Int!" }
    group: { type: "ReceiptGroup" }
    agreementId: { type: "Int" }
    paymentMethod: { type: "PaymentMethod" }
    paymentStatus: { type: "ReceiptStatus" }
  ) {
    houseReceipts(
      houseId: $houseId
      first: $first
      offset: $offset
      filter: { group: $group, agreementId: $agreementId, paymentMethod: $paymentMethod, paymentStatus: $paymentStatus }
    ) {
      totalCount
      edges {
        node { id databaseId houseDatabaseId description year month dueDate amount transactionTotal status paymentMethod paymentDate }
      }
    }
    houseBalance(houseId: $houseId) { ...WalletPanel_balance }
  }
`;

/**
 * /houses/receipts (the own house) and /houses/{houseId}/receipts (administrators): the house's receipts in
 * two tabs, PENDING and COMPLETED (?group=), filtered by status, method and agreement, paged; the wallet
 * panel on top; "Registrar pago" and "Solicitar pago" where the grants allow them.
 */
export default function Receipts({ queryRef, route }: ScreenProps<ReceiptsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ReceiptsQuery>(receiptsQuery, queryRef);
  return <ReceiptList query={data} houseLabel={data.house?.label ?? null} route={route} />;
}

interface Row {
  id: string;
  databaseId: number;
  houseDatabaseId: number;
  description: string;
  year: number;
  month: number;
  dueDate: string;
  amount: string;
  transactionTotal: string | null;
  status: ReceiptStatus;
  paymentMethod: string | null;
  paymentDate: string | null;
}

function ReceiptList({ query, houseLabel, route }: { query: ReceiptList_query$key; houseLabel: string | null; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const location = useLocation();
  const { grants, session } = useSession();
  const [search, setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const [dialog, setDialog] = useState<'capture' | 'manual' | null>(null);
  const admin = !!houseId;
  const group = groupOf(search.get('group'));
  const label = admin ? houseLabel : (session.house?.label ?? null);
  const houseGlobalId = admin ? globalId('House', houseId) : null;
  const mayCapture = admin && grants.has('AReceiptsExternalPaymentsCreate');
  const mayRequest = admin ? grants.has('AReceiptsCreate') : grants.has('OReceiptsCreate') || grants.has('SReceiptsCreate');
  const back = `${location.pathname}${location.search}`;
  const rows: Row[] =
    data.houseReceipts.edges.map(({ node }) => ({
      ...node,
      dueDate: node.dueDate as string,
      amount: node.amount as string,
      transactionTotal: (node.transactionTotal as string | null) ?? null,
      status: node.status as ReceiptStatus,
      paymentMethod: node.paymentMethod ?? null,
      paymentDate: (node.paymentDate as string | null) ?? null,
    })) ?? [];

  const filters: FilterDef[] = [
    {
      key: 'payment_status',
      label: t('receipts.filters.paymentStatus'),
      options: statusesOfGroup(group).map((s) => ({ value: s, label: t(`receipts.status.${s}`) })),
    },
    {
      key: 'payment_method',
      label: t('receipts.filters.paymentMethod'),
      options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`receipts.method.${m}`) })),
    },
    { key: 'id_agreement', label: t('receipts.filters.agreement') },
  ];

  const changeGroup = (value: string | null) => {
    const next = new URLSearchParams(search);
    next.set('group', groupOf(value));
    // A status of the other tab never matches here.
    next.delete('payment_status');
    next.set('page', '1');
    setSearch(next);
  };

  const detailPath = (row: Row) => `/houses/${row.houseDatabaseId}/receipts/${row.databaseId}?back=${encodeURIComponent(back)}`;
  const shownAmount = (row: Row) => formatPesos(row.status === 'PAID' && row.transactionTotal ? row.transactionTotal : row.amount);
  const badge = (row: Row) => (
    <Badge color={RECEIPT_STATUS_COLORS[row.status]} variant="light" miw="max-content">
      {t(`receipts.status.${row.status}`)}
    </Badge>
  );
  const method = (row: Row) => (row.paymentMethod ? t(`receipts.method.${row.paymentMethod}`) : t('receipts.noMethod'));
  const title = (row: Row) => (
    <Anchor component={Link} to={detailPath(row)} fw={500} size="sm" aria-label={t('receipts.open', { name: row.description })}>
      {row.description}
    </Anchor>
  );
  const filtered = RECEIPT_FILTERS.some((key) => !!search.get(key)?.trim());

  return (
    <Stack>
      <PageHeader
        title={t('receipts.title')}
        description={label ? t('receipts.house', { label }) : t('receipts.description')}
        secondary={
          admin
            ? grants.has('AStatementsRead')
              ? { label: t('receipts.statements'), to: `/houses/${houseId}/statements` }
              : null
            : { label: t('receipts.statements'), to: '/houses/statements' }
        }
      >
        {mayRequest && (
          <Button variant={mayCapture ? 'default' : 'filled'} onClick={() => setDialog('manual')}>
            {t('receipts.manual.open')}
          </Button>
        )}
        {mayCapture && <Button onClick={() => setDialog('capture')}>{t('receipts.capture.open')}</Button>}
      </PageHeader>
      {!admin && session.debtsToPay && session.debtsToPay.receipts > 0 && (
        // The owner was sent here to pay (docs/decisions.md «Owners with debts are sent to pay them»).
        <Alert color="orange" title={t('receipts.debts.title')} data-testid="debts-to-pay">
          {t('receipts.debts.body', {
            count: session.debtsToPay.receipts,
            amount: formatPesos(session.debtsToPay.amount as string),
            date: formatDate(session.debtsToPay.oldestDueDate as string),
          })}
        </Alert>
      )}
      <WalletPanel balance={data.houseBalance} houseId={admin ? (houseId ?? null) : null} />
      <Tabs value={group} onChange={changeGroup} keepMounted={false}>
        <Tabs.List aria-label={t('receipts.tabsLabel')}>
          {RECEIPT_GROUPS.map((g: ReceiptGroup) => (
            <Tabs.Tab key={g} value={g}>
              {t(`receipts.tabs.${g}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={group} pt="md">
          <Stack>
            <FilterBar filters={filters} primary="payment_status" />
            {/* Phones: one card per receipt (a table would scroll sideways). */}
            {rows.length > 0 && (
              <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="receipt-cards">
                {rows.map((row) => (
                  <Paper key={row.id} withBorder radius="md" p="sm">
                    <Stack gap={6}>
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        {title(row)}
                        <Text fw={600} size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                          {shownAmount(row)}
                        </Text>
                      </Group>
                      <Group gap="xs" wrap="wrap">
                        {badge(row)}
                        <Text size="xs" c="dimmed">
                          {formatPeriod(row.year, row.month)} ·{' '}
                          {row.status === 'PAID' && row.paymentDate
                            ? t('receipts.paidOn', { date: formatDate(row.paymentDate) })
                            : t('receipts.dueOn', { date: formatDate(row.dueDate) })}
                          {row.paymentMethod ? ` · ${method(row)}` : ''}
                        </Text>
                      </Group>
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
                ) : group === 'PENDING' ? (
                  <EmptyState title={t('receipts.emptyPending')} hint={t('receipts.emptyPendingHint')} />
                ) : (
                  <EmptyState title={t('receipts.emptyCompleted')} hint={t('receipts.emptyCompletedHint')} />
                )
              }
            >
              <Table striped highlightOnHover verticalSpacing="sm" visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('receipts.columns.description')}</Table.Th>
                    <Table.Th>{t('receipts.columns.period')}</Table.Th>
                    <Table.Th>{t('receipts.columns.dueDate')}</Table.Th>
                    <Table.Th ta="right">{t('receipts.columns.amount')}</Table.Th>
                    <Table.Th>{t('receipts.columns.status')}</Table.Th>
                    <Table.Th>{t('receipts.columns.method')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{title(row)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatPeriod(row.year, row.month)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDate(row.dueDate)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={500}>
                          {shownAmount(row)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{badge(row)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{method(row)}</Text>
                        {row.status === 'PAID' && row.paymentDate && (
                          <Text size="xs" c="dimmed">
                            {t('receipts.paidOn', { date: formatDate(row.paymentDate) })}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PagedList>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {mayCapture && houseGlobalId && (
        <CapturePaymentDialog opened={dialog === 'capture'} houseId={houseGlobalId} onClose={() => setDialog(null)} onDone={reload} />
      )}
      {mayRequest && <ManualPaymentDialog opened={dialog === 'manual'} houseId={houseGlobalId} onClose={() => setDialog(null)} onDone={reload} />}
    </Stack>
  );
}

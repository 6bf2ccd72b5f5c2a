import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UnknownPaymentsQuery } from '../../../../__generated__/UnknownPaymentsQuery.graphql';
import type { UnknownPaymentList_query$key } from '../../../../__generated__/UnknownPaymentList_query.graphql';
import type { UnknownPaymentsDeleteMutation } from '../../../../__generated__/UnknownPaymentsDeleteMutation.graphql';
import { formatDate, formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { newIdempotencyKey } from '../receipts/receiptTexts.js';
import { matchSearch } from './matchQuery.js';

export const unknownPaymentsQuery = graphql`
  query UnknownPaymentsQuery($first: Int!, $offset: Int!, $status: UnknownPaymentStatus) {
    ...UnknownPaymentList_query @arguments(first: $first, offset: $offset, status: $status)
  }
`;

const listFragment = graphql`
  fragment UnknownPaymentList_query on Query
  @refetchable(queryName: "UnknownPaymentListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, status: { type: "UnknownPaymentStatus" }) {
    unknownPayments(first: $first, offset: $offset, status: $status) {
      totalCount
      edges {
        node {
          id databaseId amount authorization paymentDate comments status incomeAccountDatabaseId incomeAccountDescription numberIncomeAccount
          houseDatabaseId houseLabel conceptDatabaseId conceptDescription receiptDatabaseId
          receipt { houseDatabaseId description }
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation UnknownPaymentsDeleteMutation($input: DeleteUnknownPaymentInput!) {
    deleteUnknownPayment(input: $input) { __typename ... on Error { code message } ... on MutationDeleteUnknownPaymentSuccess { data { message } } }
  }
`;

const STATUS_COLORS: Record<string, string> = { REGISTERED: 'orange', IDENTIFIED: 'blue', MATCHED: 'green' };

/** /unknown_payments: the community's unknown payments, newest first, with identify, find receipts and delete. */
export default function UnknownPayments({ queryRef, route }: ScreenProps<UnknownPaymentsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<UnknownPaymentsQuery>(unknownPaymentsQuery, queryRef);
  return <List query={data} route={route} />;
}

function List({ query, route }: { query: UnknownPaymentList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<UnknownPaymentsDeleteMutation>(deleteMutation);
  const [deleting, setDeleting] = useState<{ id: string; amount: string } | null>(null);
  const rows = data.unknownPayments.edges.map((e) => e.node);
  const mayCreate = grants.has('AUnknownPaymentsCreate');
  const mayIdentify = grants.has('AUnknownPaymentsUpdate');
  const mayMatch = grants.has('AReceiptsExternalPaymentsCreate');
  const mayDelete = grants.has('AUnknownPaymentsDelete');

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await remove.run({ input: { id: deleting.id, idempotencyKey: newIdempotencyKey() } }, 'deleteUnknownPayment', {
      success: (r: { data: { message: string } }) => r.data.message,
    });
    setDeleting(null);
    if (ok) reload();
  };

  return (
    <Stack>
      <PageHeader
        title={t('unknownPayments.title')}
        description={t('unknownPayments.description')}
        action={mayCreate ? { label: t('unknownPayments.register'), to: '/unknown_payments/form' } : null}
      />
      <FilterBar
        primary="status"
        filters={[
          {
            key: 'status',
            label: t('unknownPayments.status.label'),
            options: ['REGISTERED', 'IDENTIFIED', 'MATCHED'].map((s) => ({ value: s, label: t(`unknownPayments.status.${s}`) })),
          },
        ]}
      />
      <PagedList
        totalCount={data.unknownPayments.totalCount ?? 0}
        empty={<EmptyState title={t('unknownPayments.empty')} hint={t('unknownPayments.emptyHint')} />}
      >
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('unknownPayments.columns.date')}</Table.Th>
              <Table.Th ta="right">{t('unknownPayments.columns.amount')}</Table.Th>
              <Table.Th>{t('unknownPayments.columns.account')}</Table.Th>
              <Table.Th>{t('unknownPayments.columns.authorization')}</Table.Th>
              <Table.Th>{t('unknownPayments.columns.status')}</Table.Th>
              <Table.Th>{t('unknownPayments.columns.house')}</Table.Th>
              <Table.Th>{t('unknownPayments.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u) => {
              const search = matchSearch({
                amount: u.amount as string,
                authorization: u.authorization,
                payment_date: u.paymentDate as string,
                id_income_account: u.incomeAccountDatabaseId,
                id_house: u.houseDatabaseId,
                id_receipt_concept: u.conceptDatabaseId,
                id_unknown_payment: u.databaseId,
              });
              return (
                <Table.Tr key={u.id} data-testid={`unknown-payment-${u.databaseId}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(u.paymentDate as string)}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatPesos(u.amount as string)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{u.incomeAccountDescription}</Text>
                    {u.numberIncomeAccount && (
                      <Text size="xs" c="dimmed">
                        {u.numberIncomeAccount}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {u.authorization ?? '—'}
                    </Text>
                    {u.comments && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {u.comments}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[u.status]} variant="light" miw="max-content">
                      {t(`unknownPayments.status.${u.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{u.houseLabel ?? '—'}</Text>
                    {u.conceptDescription && (
                      <Text size="xs" c="dimmed">
                        {u.conceptDescription}
                      </Text>
                    )}
                    {u.receiptDatabaseId != null && u.receipt && (
                      <Anchor component={Link} to={`/houses/${u.receipt.houseDatabaseId}/receipts/${u.receiptDatabaseId}`} size="xs">
                        {t('unknownPayments.receiptLink', { id: u.receiptDatabaseId })}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td data-card="actions">
                    {u.status !== 'MATCHED' && (
                      <Group gap="xs" wrap="nowrap">
                        {mayIdentify && (
                          <Button size="compact-xs" variant="light" component={Link} to={`/unknown_payments/${u.databaseId}/identify`}>
                            {t('unknownPayments.identify')}
                          </Button>
                        )}
                        {mayMatch && (
                          <Button size="compact-xs" variant="light" component={Link} to={`/unknown_payment/receipts?${search}`}>
                            {t('unknownPayments.findReceipts')}
                          </Button>
                        )}
                        {mayDelete && (
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting({ id: u.id, amount: u.amount as string })}>
                            {t('unknownPayments.delete')}
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </PagedList>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('unknownPayments.delete')}>
        <Stack>
          <Text size="sm">{t('unknownPayments.deleteConfirm', { amount: deleting ? formatPesos(deleting.amount) : '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={remove.inFlight} onClick={() => void confirmDelete()}>
              {t('unknownPayments.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

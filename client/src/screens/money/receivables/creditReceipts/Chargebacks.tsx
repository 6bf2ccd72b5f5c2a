import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargebacksQuery } from '../../../../__generated__/ChargebacksQuery.graphql';
import type { ChargebackList_query$key } from '../../../../__generated__/ChargebackList_query.graphql';
import { formatDate, formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';

export const CHARGEBACK_STATUSES = ['CREATED', 'DENIED', 'APPLIED'] as const;
const COLORS: Record<string, string> = { CREATED: 'orange', DENIED: 'green', APPLIED: 'red' };

export const chargebacksQuery = graphql`
  query ChargebacksQuery($first: Int!, $offset: Int!, $status: ChargebackStatus) {
    ...ChargebackList_query @arguments(first: $first, offset: $offset, status: $status)
  }
`;

const listFragment = graphql`
  fragment ChargebackList_query on Query
  @refetchable(queryName: "ChargebackListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, status: { type: "ChargebackStatus" }) {
    chargebacks(first: $first, offset: $offset, status: $status) {
      totalCount
      edges { node { id databaseId status amount gatewayId createdAt houseDatabaseId houseLabel receiptDatabaseId receipt { description } } }
    }
  }
`;

/** /chargebacks: card payments the payer's bank reversed, with their receipt and house, newest first. */
export default function Chargebacks({ queryRef, route }: ScreenProps<ChargebacksQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ChargebacksQuery>(chargebacksQuery, queryRef);
  return <List query={data} route={route} />;
}

function List({ query, route }: { query: ChargebackList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending } = useListRefetch(route, refetch);
  const rows = data.chargebacks.edges.map((e) => e.node);
  return (
    <Stack>
      <PageHeader title={t('chargebacks.title')} description={t('chargebacks.description')} />
      <FilterBar
        primary="status"
        filters={[
          { key: 'status', label: t('chargebacks.status.label'), options: CHARGEBACK_STATUSES.map((s) => ({ value: s, label: t(`chargebacks.status.${s}`) })) },
        ]}
      />
      <PagedList totalCount={data.chargebacks.totalCount ?? 0} empty={<EmptyState title={t('chargebacks.empty')} hint={t('chargebacks.emptyHint')} />}>
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chargebacks.columns.date')}</Table.Th>
              <Table.Th>{t('chargebacks.columns.house')}</Table.Th>
              <Table.Th>{t('chargebacks.columns.receipt')}</Table.Th>
              <Table.Th ta="right">{t('chargebacks.columns.amount')}</Table.Th>
              <Table.Th>{t('chargebacks.columns.status')}</Table.Th>
              <Table.Th>{t('chargebacks.columns.gateway')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(c.createdAt as string)}</Table.Td>
                <Table.Td>{c.houseLabel}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/houses/${c.houseDatabaseId}/receipts/${c.receiptDatabaseId}`} size="sm">
                    {c.receipt?.description ?? `#${c.receiptDatabaseId}`}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPesos(c.amount as string)}
                </Table.Td>
                <Table.Td>
                  <Badge color={COLORS[c.status]} variant="light" miw="max-content">
                    {t(`chargebacks.status.${c.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.gatewayId}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </Stack>
  );
}

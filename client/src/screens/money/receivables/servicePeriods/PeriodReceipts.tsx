import { Alert, Anchor, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PeriodReceiptsQuery } from '../../../../__generated__/PeriodReceiptsQuery.graphql';
import type { PeriodReceipts_period$key } from '../../../../__generated__/PeriodReceipts_period.graphql';
import { formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { ReceiptStatusBadge } from '../maintenances/labels.js';
import { periodsPath } from './paths.js';

export const periodReceiptsQuery = graphql`
  query PeriodReceiptsQuery($id: ID!, $first: Int!, $offset: Int!) {
    node(id: $id) {
      ... on ServicePeriod {
        id
        databaseId
        description
        serviceDatabaseId
        serviceDescription
      }
      ...PeriodReceipts_period @alias @arguments(first: $first, offset: $offset)
    }
  }
`;

const receiptsFragment = graphql`
  fragment PeriodReceipts_period on ServicePeriod
  @refetchable(queryName: "PeriodReceiptsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }) {
    receipts(first: $first, offset: $offset) {
      totalCount
      edges { node { receiptId receiptDatabaseId houseDatabaseId houseLabel consumption amount status } }
    }
  }
`;

/** /services/{serviceId}/periods/{periodId}/receipts: one receipt per house, with its consumption. */
export default function PeriodReceipts({ queryRef, route }: ScreenProps<PeriodReceiptsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const { serviceId } = useParams();
  const data = usePreloadedQuery<PeriodReceiptsQuery>(periodReceiptsQuery, queryRef);
  const period = data.node?.databaseId && String(data.node.serviceDatabaseId) === serviceId ? data.node : null;
  const list = data.node?.PeriodReceipts_period;
  if (!period?.databaseId || !list) return <Alert color="yellow">{t('servicePeriods.notFound')}</Alert>;
  return (
    <Stack>
      <PageHeader
        title={t('servicePeriods.receiptsTitle', { period: period.description })}
        description={period.serviceDescription}
        secondary={{ label: t('servicePeriods.backToPeriods'), to: periodsPath(period.serviceDatabaseId!) }}
      />
      <ReceiptList list={list} route={route} />
    </Stack>
  );
}

function ReceiptList({ list, route }: { list: PeriodReceipts_period$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(receiptsFragment, list);
  const { pending } = useListRefetch(route, refetch);
  const rows = data.receipts?.edges.map(({ node }) => node) ?? [];
  return (
    <PagedList
      totalCount={data.receipts?.totalCount ?? 0}
      empty={<EmptyState title={t('servicePeriods.noReceipts')} hint={t('servicePeriods.noReceiptsHint')} />}
    >
      <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="period-receipts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('servicePeriods.house')}</Table.Th>
            <Table.Th ta="right">{t('servicePeriods.consumption')}</Table.Th>
            <Table.Th ta="right">{t('servicePeriods.amount')}</Table.Th>
            <Table.Th>{t('servicePeriods.receiptStatus')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.receiptId}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.houseLabel}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.consumption == null ? '—' : String(row.consumption)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPesos(String(row.amount))}
              </Table.Td>
              <Table.Td>
                <ReceiptStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Anchor
                  component={Link}
                  to={`/houses/${row.houseDatabaseId}/receipts/${row.receiptDatabaseId}`}
                  size="sm"
                  aria-label={t('servicePeriods.viewReceiptOf', { house: row.houseLabel })}
                >
                  {t('servicePeriods.viewReceipt')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PagedList>
  );
}

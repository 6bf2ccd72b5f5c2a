import { useState } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaintenancesQuery } from '../../../../__generated__/MaintenancesQuery.graphql';
import type { Maintenances_query$key } from '../../../../__generated__/Maintenances_query.graphql';
import { formatDate, formatPesos } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { GenerateMaintenanceDialog, periodKey } from './GenerateMaintenanceDialog.js';
import { Figure, MAINTENANCE_STATUSES, MAINTENANCES_PATH, MaintenanceStatusBadge, MaintenanceTypeBadge } from './labels.js';

export const maintenancesQuery = graphql`
  query MaintenancesQuery($first: Int!, $offset: Int!, $ordinary: Boolean, $status: MaintenanceStatus) {
    ...Maintenances_query @arguments(first: $first, offset: $offset, ordinary: $ordinary, status: $status)
  }
`;

const listFragment = graphql`
  fragment Maintenances_query on Query
  @refetchable(queryName: "MaintenancesRefetchQuery")
  @argumentDefinitions(
    first: { type: "Int!" }
    offset: { type: "Int!" }
    ordinary: { type: "Boolean" }
    status: { type: "MaintenanceStatus" }
  ) {
    maintenances(first: $first, offset: $offset, filter: { ordinary: $ordinary, status: $status }) {
      totalCount
      edges {
        node {
          id
          databaseId
          description
          ordinary
          year
          month
          dueDate
          amount
          status
          summary { receipts paidReceipts collected outstanding }
        }
      }
    }
  }
`;

/** The query-string filters of the list: ?type=ordinary|extraordinary and ?status=NEW|GENERATED|… */
export const FILTER_KEYS = ['type', 'status'] as const;

interface Row {
  id: string;
  databaseId: number;
  description: string;
  ordinary: boolean;
  dueDate: string;
  amount: string | null;
  status: string;
  receipts: number;
  paidReceipts: number;
  collected: string;
  outstanding: string;
}

/** /maintenances: the community's maintenance fees, newest period first, with what each one collected. */
export default function Maintenances({ queryRef, route }: ScreenProps<MaintenancesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<MaintenancesQuery>(maintenancesQuery, queryRef);
  return <MaintenanceList query={data} route={route} />;
}

function MaintenanceList({ query, route }: { query: Maintenances_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const [generating, setGenerating] = useState(false);
  const mayCreate = grants.has('AMaintenancesCreate');
  const rows: Row[] =
    data.maintenances?.edges.map(({ node }) => ({
      id: node.id,
      databaseId: node.databaseId,
      description: node.description,
      ordinary: node.ordinary,
      dueDate: String(node.dueDate),
      amount: (node.amount as string | null | undefined) ?? null,
      status: node.status,
      receipts: node.summary.receipts,
      paidReceipts: node.summary.paidReceipts,
      collected: String(node.summary.collected),
      outstanding: String(node.summary.outstanding),
    })) ?? [];
  const filtered = FILTER_KEYS.some((key) => search.get(key));
  const taken = new Set(data.maintenances?.edges.filter(({ node }) => node.ordinary).map(({ node }) => periodKey(node.year, node.month)) ?? []);
  const extraordinaryAction = mayCreate ? { label: t('maintenances.extraordinaryAction'), to: `${MAINTENANCES_PATH}/custom/form` } : null;

  const title = (row: Row) => (
    <Group gap="xs" wrap="wrap">
      <Anchor component={Link} to={`${MAINTENANCES_PATH}/${row.databaseId}`} fw={500} size="sm">
        {row.description}
      </Anchor>
      <MaintenanceTypeBadge ordinary={row.ordinary} size="sm" />
    </Group>
  );
  return (
    <Stack>
      <PageHeader title={t('maintenances.title')} description={t('maintenances.listDescription')} action={extraordinaryAction}>
        {mayCreate && (
          <Button variant={extraordinaryAction ? 'default' : 'filled'} onClick={() => setGenerating(true)}>
            {t('maintenances.generateAction')}
          </Button>
        )}
      </PageHeader>
      <FilterBar
        primary="status"
        filters={[
          {
            key: 'status',
            label: t('maintenances.statusLabel'),
            options: MAINTENANCE_STATUSES.map((s) => ({ value: s, label: t(`maintenances.status.${s}`) })),
          },
          {
            key: 'type',
            label: t('maintenances.typeLabel'),
            options: [
              { value: 'ordinary', label: t('maintenances.ordinary') },
              { value: 'extraordinary', label: t('maintenances.extraordinary') },
            ],
          },
        ]}
      />
      {/* Phones: one card per maintenance (a table would scroll sideways). */}
      {rows.length > 0 && (
        <Stack gap="xs" hiddenFrom="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="maintenance-cards">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {title(row)}
                  <MaintenanceStatusBadge status={row.status} size="sm" />
                </Group>
                <Text size="xs" c="dimmed">
                  {t('maintenances.dueOn', { date: formatDate(row.dueDate) })}
                  {row.amount ? ` · ${t('maintenances.perHouse', { amount: formatPesos(row.amount) })}` : ''}
                </Text>
                <SimpleGrid cols={2} spacing="xs">
                  <Figure label={t('maintenances.collected')} value={formatPesos(row.collected)} />
                  <Figure label={t('maintenances.outstanding')} value={formatPesos(row.outstanding)} />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {t('maintenances.receiptsCount', { count: row.receipts, paid: row.paidReceipts })}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <PagedList
        totalCount={data.maintenances?.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('maintenances.empty')} hint={mayCreate ? t('maintenances.emptyHint') : undefined} />
          )
        }
      >
        <Table striped highlightOnHover verticalSpacing="sm" visibleFrom="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('maintenances.maintenance')}</Table.Th>
              <Table.Th>{t('maintenances.dueDate')}</Table.Th>
              <Table.Th>{t('maintenances.statusLabel')}</Table.Th>
              <Table.Th ta="right">{t('maintenances.receipts')}</Table.Th>
              <Table.Th ta="right">{t('maintenances.collected')}</Table.Th>
              <Table.Th ta="right">{t('maintenances.outstanding')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {title(row)}
                  {row.amount && (
                    <Text size="xs" c="dimmed">
                      {t('maintenances.perHouse', { amount: formatPesos(row.amount) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(row.dueDate)}</Text>
                </Table.Td>
                <Table.Td>
                  <MaintenanceStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text size="sm">{row.receipts}</Text>
                  {row.receipts > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('maintenances.paidCount', { count: row.paidReceipts })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text size="sm">{formatPesos(row.collected)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text size="sm">{formatPesos(row.outstanding)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      {mayCreate && <GenerateMaintenanceDialog opened={generating} onClose={() => setGenerating(false)} onDone={reload} taken={taken} />}
    </Stack>
  );
}

import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServicePeriodsQuery } from '../../../../__generated__/ServicePeriodsQuery.graphql';
import type { ServicePeriods_query$key } from '../../../../__generated__/ServicePeriods_query.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { PeriodStatusBadge } from './labels.js';
import { PeriodActions } from './PeriodActions.js';
import { periodFormPath, SERVICES_PATH } from './paths.js';
import { formatDate, formatUnitPesos } from '../../../../format.js';

export const servicePeriodsQuery = graphql`
  query ServicePeriodsQuery($serviceId: ID!, $first: Int!, $offset: Int!) {
    service: node(id: $serviceId) {
      ... on MeasuredService {
        id
        databaseId
        description
        type
      }
    }
    ...ServicePeriods_query @arguments(serviceId: $serviceId, first: $first, offset: $offset)
  }
`;

const periodsFragment = graphql`
  fragment ServicePeriods_query on Query
  @refetchable(queryName: "ServicePeriodsRefetchQuery")
  @argumentDefinitions(serviceId: { type: "ID!" }, first: { type: "Int!" }, offset: { type: "Int!" }) {
    # Newest first, and a service has at most one pending period: the newest tells whether one is pending.
    latest: servicePeriods(serviceId: $serviceId, first: 1) {
      edges { node { id description status } }
    }
    servicePeriods(serviceId: $serviceId, first: $first, offset: $offset) {
      totalCount
      edges {
        node {
          id
          databaseId
          description
          cost
          conversionRate
          dueDate
          status
          editable
          deletable
        }
      }
    }
  }
`;

const PENDING = new Set(['NEW', 'READY', 'COMPLETED']);

/** /services/{serviceId}/periods: the service's periods, newest first, each with its next step. */
export default function ServicePeriods({ queryRef, route }: ScreenProps<ServicePeriodsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ServicePeriodsQuery>(servicePeriodsQuery, queryRef);
  const service = data.service?.databaseId ? data.service : null;
  if (!service?.databaseId) return <Alert color="yellow">{t('servicePeriods.notFound')}</Alert>;
  return (
    <PeriodList
      service={{ databaseId: service.databaseId, description: service.description ?? '', type: service.type ?? 'FACTOR' }}
      query={data}
      route={route}
    />
  );
}

function PeriodList({
  service,
  query,
  route,
}: {
  service: { databaseId: number; description: string; type: string };
  query: ServicePeriods_query$key;
  route: ScreenRoute;
}) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(periodsFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const mayCreate = grants.has('AServicesPeriodsCreate');
  const latest = data.latest?.edges[0]?.node;
  const pendingPeriod = latest && PENDING.has(latest.status) ? latest : null;
  const rows = data.servicePeriods?.edges.map(({ node }) => node) ?? [];
  const table = service.type === 'TABLE';

  const actions = (row: (typeof rows)[number]) => (
    <PeriodActions
      serviceId={service.databaseId}
      period={{ id: row.id, databaseId: row.databaseId, description: row.description, status: row.status, editable: row.editable, deletable: row.deletable }}
      onChanged={reload}
    />
  );
  return (
    <Stack>
      <PageHeader
        title={t('servicePeriods.title', { service: service.description })}
        description={table ? t('servicePeriods.tableFixed') : t('servicePeriods.listDescription')}
        secondary={{ label: t('servicePeriods.backToServices'), to: SERVICES_PATH }}
      >
        {mayCreate && !pendingPeriod && (
          <Button component={Link} to={periodFormPath(service.databaseId)}>
            {t('servicePeriods.newPeriod')}
          </Button>
        )}
      </PageHeader>
      {mayCreate && pendingPeriod && (
        <Alert color="blue" data-testid="pending-period">
          {t('servicePeriods.pendingExists', { period: pendingPeriod.description })}
        </Alert>
      )}
      <PagedList
        totalCount={data.servicePeriods?.totalCount ?? 0}
        empty={<EmptyState title={t('servicePeriods.empty')} hint={mayCreate ? t('servicePeriods.emptyHint') : undefined} />}
      >
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="periods-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('servicePeriods.period')}</Table.Th>
              {!table && <Table.Th ta="right">{t('servicePeriods.cost')}</Table.Th>}
              {!table && <Table.Th ta="right">{t('servicePeriods.conversionRate')}</Table.Th>}
              <Table.Th>{t('servicePeriods.dueDate')}</Table.Th>
              <Table.Th>{t('servicePeriods.statusLabel')}</Table.Th>
              <Table.Th ta="right">{t('servicePeriods.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`period-${row.databaseId}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.description}
                  </Text>
                </Table.Td>
                {!table && (
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatUnitPesos(row.cost)}
                  </Table.Td>
                )}
                {!table && (
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.conversionRate}
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm">{formatDate(String(row.dueDate))}</Text>
                </Table.Td>
                <Table.Td>
                  <PeriodStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </Stack>
  );
}

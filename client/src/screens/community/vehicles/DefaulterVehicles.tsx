import { Anchor, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DefaulterVehicleList_query$key } from '../../../__generated__/DefaulterVehicleList_query.graphql';
import type { DefaulterVehiclesQuery } from '../../../__generated__/DefaulterVehiclesQuery.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { formatPesos } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { VehicleStatusIcon } from './VehicleStatusIcon.js';

export const defaulterVehiclesQuery = graphql`
  query DefaulterVehiclesQuery($first: Int!, $offset: Int!) {
    ...DefaulterVehicleList_query @arguments(first: $first, offset: $offset)
  }
`;

const listFragment = graphql`
  fragment DefaulterVehicleList_query on Query
  @refetchable(queryName: "DefaulterVehicleListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }) {
    defaulterVehicles(first: $first, offset: $offset) {
      totalCount
      edges {
        node {
          debt
          vehicle { id databaseId plate typeName description houseLabel ownerName tagTypeName tagNumber statusName icon }
        }
      }
    }
  }
`;

/** /neighborhood/defaulter/vehicles: the vehicles of houses that owe, the largest debts first. */
export default function DefaulterVehicles({ queryRef, route }: ScreenProps<DefaulterVehiclesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<DefaulterVehiclesQuery>(defaulterVehiclesQuery, queryRef);
  return <List query={data} route={route} />;
}

function List({ query, route }: { query: DefaulterVehicleList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending } = useListRefetch(route, refetch);
  return (
    <Stack>
      <PageHeader
        title={t('vehicles.defaulters.title')}
        description={t('vehicles.defaulters.description')}
        secondary={{ label: t('vehicles.defaulters.back'), to: '/neighborhood/scheduled-vehicles' }}
      />
      <PagedList totalCount={data.defaulterVehicles.totalCount ?? 0} empty={<EmptyState title={t('vehicles.defaulters.empty')} />}>
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vehicles.columns.vehicle')}</Table.Th>
              <Table.Th>{t('vehicles.columns.house')}</Table.Th>
              <Table.Th>{t('vehicles.columns.tag')}</Table.Th>
              <Table.Th>{t('vehicles.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('vehicles.columns.debt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.defaulterVehicles.edges.map(({ node }) => (
              <Table.Tr key={node.vehicle.id} data-testid={`defaulter-${node.vehicle.databaseId}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/neighborhood/vehicles/${node.vehicle.databaseId}`} fw={700} ff="monospace" size="sm">
                    {node.vehicle.plate}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[node.vehicle.description, node.vehicle.typeName].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{node.vehicle.houseLabel}</Text>
                  {node.vehicle.ownerName && (
                    <Text size="xs" c="dimmed">
                      {node.vehicle.ownerName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{node.vehicle.tagTypeName ?? t('vehicles.noTag')}</Text>
                  {node.vehicle.tagNumber && (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {node.vehicle.tagNumber}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <VehicleStatusIcon icon={node.vehicle.icon} label={node.vehicle.statusName} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={700} c="red.7">
                    {formatPesos(node.debt)}
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

import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScheduledVehicleList_query$key } from '../../../__generated__/ScheduledVehicleList_query.graphql';
import type { ScheduledVehiclesQuery, ScheduledVehiclesQuery$data } from '../../../__generated__/ScheduledVehiclesQuery.graphql';
import { weekdayOf } from '../../../../../core/amenitySlots.js';
import { DateField } from '../../../components/DateField.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { type FilterDef, FilterBar } from '../../../components/FilterBar.js';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { searchWithFilter } from '../../../components/paging.js';
import { useSession } from '../../../components/SessionProvider.js';
import { formatDate, formatTime } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { CompleteAppointmentButton } from './CompleteAppointmentButton.js';
import { communityDay } from './vehicleTexts.js';
import { VehicleStatusIcon } from './VehicleStatusIcon.js';

export const scheduledVehiclesQuery = graphql`
  query ScheduledVehiclesQuery($first: Int!, $offset: Int!, $filter: ScheduledVehicleFilter) {
    vehicleSettings { revisionPoints { databaseId name } tagTypes { tagTypeId: id name } }
    ...ScheduledVehicleList_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment ScheduledVehicleList_query on Query
  @refetchable(queryName: "ScheduledVehicleListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "ScheduledVehicleFilter" }) {
    scheduledVehicles(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges {
        node {
          id databaseId code start end status canComplete revisionPointName
          vehicle { id databaseId plate typeName description houseLabel ownerName tagTypeName tagNumber statusName icon }
        }
      }
    }
  }
`;

type Settings = ScheduledVehiclesQuery$data['vehicleSettings'];

/**
 * /neighborhood/scheduled-vehicles, the administrator's home when it holds AVehiclesScheduleRead: the inspection
 * appointments from a day on (today unless ?from=), soonest first, filtered by revision point, tag type, code and
 * plates; each with «Marcar como completada».
 */
export default function ScheduledVehicles({ queryRef, route }: ScreenProps<ScheduledVehiclesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<ScheduledVehiclesQuery>(scheduledVehiclesQuery, queryRef);
  return <List query={data} settings={data.vehicleSettings} route={route} />;
}

function List({ query, settings, route }: { query: ScheduledVehicleList_query$key; settings: Settings; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const filters: FilterDef[] = [
    { key: 'plate', label: t('vehicles.scheduled.filters.plate'), placeholder: t('vehicles.filters.platePlaceholder') },
    {
      key: 'revisionPointId',
      label: t('vehicles.scheduled.filters.revisionPointId'),
      options: settings.revisionPoints.map((p) => ({ value: String(p.databaseId), label: p.name })),
    },
    {
      key: 'tagTypeId',
      label: t('vehicles.scheduled.filters.tagTypeId'),
      options: settings.tagTypes.map((tag) => ({ value: String(tag.tagTypeId), label: tag.name })),
    },
    { key: 'code', label: t('vehicles.scheduled.filters.code') },
  ];
  const filtered = filters.some((f) => search.get(f.key)) || !!search.get('from');
  const rows = data.scheduledVehicles.edges.map((e) => e.node);
  return (
    <Stack>
      <PageHeader title={t('vehicles.scheduled.title')} description={t('vehicles.scheduled.description')}>
        {grants.has('AVehiclesRead') && (
          <>
            <Button component={Link} to="/neighborhood/defaulter/vehicles" variant="default">
              {t('vehicles.scheduled.defaulters')}
            </Button>
            <Button component={Link} to="/neighborhood/vehicles" variant="default">
              {t('vehicles.communityTitle')}
            </Button>
          </>
        )}
      </PageHeader>
      <FilterBar filters={filters} primary="plate" primaryWidth={200}>
        <DateField
          label={t('vehicles.scheduled.filters.from')}
          placeholder={t('vehicles.scheduled.today')}
          value={search.get('from') || null}
          onChange={(value) => setSearch(searchWithFilter(search, 'from', value ? String(value).slice(0, 10) : null))}
          flex={{ base: '1 1 140px', xs: '0 1 170px' }}
        />
      </FilterBar>
      <PagedList
        totalCount={data.scheduledVehicles.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('vehicles.scheduled.empty')} hint={t('vehicles.scheduled.emptyHint')} />
          )
        }
      >
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vehicles.scheduled.when')}</Table.Th>
              <Table.Th>{t('vehicles.columns.vehicle')}</Table.Th>
              <Table.Th>{t('vehicles.columns.house')}</Table.Th>
              <Table.Th>{t('vehicles.scheduled.point')}</Table.Th>
              <Table.Th>{t('vehicles.columns.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`appointment-${row.databaseId}`}>
                <Table.Td miw={130}>
                  <Text size="xs" c="dimmed" tt="capitalize">
                    {t(`amenityBookings.weekdays.${weekdayOf(communityDay(row.start))}`)} {formatDate(row.start as string)}
                  </Text>
                  <Text size="sm" fw={700}>
                    {formatTime(row.start as string)} – {formatTime(row.end as string)}
                  </Text>
                </Table.Td>
                <Table.Td miw={150}>
                  {row.vehicle ? (
                    <>
                      <Anchor
                        component={Link}
                        to={`/neighborhood/vehicles/${row.vehicle.databaseId}`}
                        fw={700}
                        ff="monospace"
                        size="sm"
                        style={{ letterSpacing: 1 }}
                      >
                        {row.vehicle.plate}
                      </Anchor>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {[row.vehicle.description, row.vehicle.typeName].filter(Boolean).join(' · ')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.vehicle.tagTypeName ?? t('vehicles.noTag')}
                        {row.vehicle.tagNumber ? ` · ${row.vehicle.tagNumber}` : ''}
                      </Text>
                    </>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.vehicle?.houseLabel}</Text>
                  {row.vehicle?.ownerName && (
                    <Text size="xs" c="dimmed">
                      {row.vehicle.ownerName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.revisionPointName}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {t('vehicles.appointmentCode', { code: row.code })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Badge variant="light" tt="none" color={row.status === 'COMPLETED' ? 'teal' : 'blue'}>
                      {t(`vehicles.status.${row.status}`)}
                    </Badge>
                    {row.vehicle && <VehicleStatusIcon icon={row.vehicle.icon} label={row.vehicle.statusName} />}
                  </Stack>
                </Table.Td>
                <Table.Td data-card="actions">
                  <Group gap={4} justify="flex-end">
                    {row.canComplete && <CompleteAppointmentButton appointmentId={row.id} size="compact-sm" onDone={reload} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </Stack>
  );
}

import { Button, Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CommunityVehicleList_query$key } from '../../../__generated__/CommunityVehicleList_query.graphql';
import type { CommunityVehiclesQuery } from '../../../__generated__/CommunityVehiclesQuery.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { type FilterDef, FilterBar } from '../../../components/FilterBar.js';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { SegmentTabs } from './SegmentTabs.js';
import { VEHICLE_STATUS_VALUES } from './vehicleTexts.js';
import { VehiclesTable } from './VehiclesTable.js';

export const communityVehiclesQuery = graphql`
  query CommunityVehiclesQuery($first: Int!, $offset: Int!, $filter: VehicleFilter) {
    vehicleSettings { tagTypes { tagTypeId: id name } }
    vehiclePlaces {
      streetId: streets { databaseId name }
      condominiumId: condominiums { databaseId name }
      mallId: malls { databaseId name }
    }
    ...CommunityVehicleList_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment CommunityVehicleList_query on Query
  @refetchable(queryName: "CommunityVehicleListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "VehicleFilter" }) {
    vehicles(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...VehiclesTable_vehicles } }
    }
  }
`;

/** The filters typed or chosen in the drawer (the plates stay in sight); the places need the houses' catalogues. */
const DRAWER_FILTERS = ['description', 'externId', 'tagNumber', 'tagSerial', 'catastral', 'exteriorNumber', 'interiorNumber', 'block', 'lot'] as const;

/**
 * /neighborhood/vehicles: the community's vehicles, newest first, by segment, with the filters of spec 3 section 7
 * (plates in sight; status, tag type and the rest behind «Filtros»); «Registrar vehículo» and the appointments.
 */
export default function CommunityVehicles({ queryRef, route }: ScreenProps<CommunityVehiclesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<CommunityVehiclesQuery>(communityVehiclesQuery, queryRef);
  return <List query={data} tagTypes={data.vehicleSettings.tagTypes} places={data.vehiclePlaces} route={route} />;
}

type Place = { readonly databaseId: number; readonly name: string };

/** A place filter's options: the community's places, with the one the address asks for even when it is not among them. */
function placeOptions(places: readonly Place[], current: string | null) {
  const options = places.map((p) => ({ value: String(p.databaseId), label: p.name }));
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

function List({
  query,
  tagTypes,
  places,
  route,
}: {
  query: CommunityVehicleList_query$key;
  tagTypes: readonly { tagTypeId: number; name: string }[];
  places: Record<'streetId' | 'condominiumId' | 'mallId', readonly Place[]>;
  route: ScreenRoute;
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const action = grants.has('AVehiclesCreate') ? { label: t('vehicles.register'), to: '/neighborhood/vehicles/form' } : null;
  const filters: FilterDef[] = [
    { key: 'plate', label: t('vehicles.filters.plate'), placeholder: t('vehicles.filters.platePlaceholder') },
    {
      key: 'status',
      label: t('vehicles.filters.status'),
      options: VEHICLE_STATUS_VALUES.map((s) => ({ value: s, label: t(`vehicles.statusNames.${s}`) })),
    },
    { key: 'tagTypeId', label: t('vehicles.filters.tagTypeId'), options: tagTypes.map((tag) => ({ value: String(tag.tagTypeId), label: tag.name })) },
    // A community without streets, condominiums or malls has no such filter, unless the address asks for one.
    ...(['streetId', 'condominiumId', 'mallId'] as const)
      .filter((key) => places[key].length > 0 || !!search.get(key))
      .map((key) => ({ key, label: t(`vehicles.filters.${key}`), options: placeOptions(places[key], search.get(key)) })),
    ...DRAWER_FILTERS.map((key) => ({ key, label: t(`vehicles.filters.${key}`) })),
  ];
  const filtered = filters.some((f) => search.get(f.key)) || !!search.get('segment');
  return (
    <Stack>
      <PageHeader title={t('vehicles.communityTitle')} description={t('vehicles.communityDescription')} action={action}>
        {grants.has('AVehiclesScheduleRead') && (
          <Button component={Link} to="/neighborhood/scheduled-vehicles" variant="default">
            {t('vehicles.scheduled.title')}
          </Button>
        )}
      </PageHeader>
      <SegmentTabs />
      <FilterBar filters={filters} primary="plate" primaryWidth={220} />
      <PagedList
        totalCount={data.vehicles.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('vehicles.empty')} hint={t('vehicles.emptyHint')} action={action} />
          )
        }
      >
        <VehiclesTable vehicles={data.vehicles.edges.map((e) => e.node)} community pending={pending} onChanged={reload} />
      </PagedList>
    </Stack>
  );
}

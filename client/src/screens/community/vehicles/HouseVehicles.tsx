import { Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseVehicleList_query$key } from '../../../__generated__/HouseVehicleList_query.graphql';
import type { HouseVehiclesQuery } from '../../../__generated__/HouseVehiclesQuery.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { HOUSE_VEHICLE_CREATORS } from './routes.js';
import { SegmentTabs } from './SegmentTabs.js';
import { segmentOf } from './vehicleTexts.js';
import { VehiclesTable } from './VehiclesTable.js';

export const houseVehiclesQuery = graphql`
  query HouseVehiclesQuery($houseId: ID, $houseNodeId: ID!, $withHouse: Boolean!, $first: Int!, $offset: Int!, $filter: VehicleFilter) {
    house: node(id: $houseNodeId) @include(if: $withHouse) { ... on House { databaseId label } }
    ...HouseVehicleList_query @arguments(houseId: $houseId, first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment HouseVehicleList_query on Query
  @refetchable(queryName: "HouseVehicleListRefetchQuery")
  @argumentDefinitions(houseId: { type: "ID" }, first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "VehicleFilter" }) {
    houseVehicles(houseId: $houseId, first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...VehiclesTable_vehicles } }
    }
    all: houseVehicles(houseId: $houseId, first: 1) { totalCount }
    active: houseVehicles(houseId: $houseId, first: 1, filter: { segment: ACTIVE }) { totalCount }
    withPoint: houseVehicles(houseId: $houseId, first: 1, filter: { segment: WITH_REVISION_POINT }) { totalCount }
    withoutPoint: houseVehicles(houseId: $houseId, first: 1, filter: { segment: WITHOUT_REVISION_POINT }) { totalCount }
  }
`;

/**
 * /houses/vehicles (the own house) and /houses/{houseId}/vehicles: the house's vehicles by segment (?segment=:
 * Validados, Con cita, Sin cita, or all of them), each with its status icon and appointment; «Registrar vehículo».
 */
export default function HouseVehicles({ queryRef, route }: ScreenProps<HouseVehiclesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<HouseVehiclesQuery>(houseVehiclesQuery, queryRef);
  return <List query={data} houseLabel={data.house?.label ?? null} route={route} />;
}

function List({ query, houseLabel, route }: { query: HouseVehicleList_query$key; houseLabel: string | null; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const { houseId } = useParams();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const house = houseId ?? (session.house ? String(session.house.databaseId) : null);
  const own = !houseId || String(session.house?.databaseId ?? '') === houseId;
  const mayCreate = own ? HOUSE_VEHICLE_CREATORS.some((g) => grants.has(g)) : grants.has('AVehiclesCreate');
  const action = mayCreate && house ? { label: t('vehicles.register'), to: `/houses/${house}/vehicles/form` } : null;
  const segment = segmentOf(search);
  const counts: Record<string, number | null | undefined> = {
    all: data.all.totalCount,
    ACTIVE: data.active.totalCount,
    WITH_REVISION_POINT: data.withPoint.totalCount,
    WITHOUT_REVISION_POINT: data.withoutPoint.totalCount,
  };
  return (
    <Stack>
      <PageHeader
        title={houseId && houseLabel && !own ? t('vehicles.houseTitleOf', { house: houseLabel }) : t('vehicles.houseTitle')}
        description={t('vehicles.houseDescription')}
        action={action}
      />
      <SegmentTabs counts={counts} />
      <PagedList
        totalCount={data.houseVehicles.totalCount ?? 0}
        empty={
          segment ? (
            <EmptyState title={t('vehicles.emptySegment')} />
          ) : (
            <EmptyState title={t('vehicles.empty')} hint={t('vehicles.emptyHint')} action={action} />
          )
        }
      >
        <VehiclesTable vehicles={data.houseVehicles.edges.map((e) => e.node)} community={false} pending={pending} onChanged={reload} />
      </PagedList>
    </Stack>
  );
}

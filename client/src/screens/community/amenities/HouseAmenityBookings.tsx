import { Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseAmenityBookingList_query$key } from '../../../__generated__/HouseAmenityBookingList_query.graphql';
import type { HouseAmenityBookingsQuery } from '../../../__generated__/HouseAmenityBookingsQuery.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { AmenityBookingFilters } from './AmenityBookingFilters.js';
import { AmenityBookingsTable } from './AmenityBookingsTable.js';
import { HOUSE_SCHEDULE_GRANTS } from './routes.js';
import { useAmenityChanges } from './useAmenityChanges.js';
import { useReturnDepositDialog } from './ReturnDepositDialog.js';

export const houseAmenityBookingsQuery = graphql`
  query HouseAmenityBookingsQuery($houseId: ID, $houseNodeId: ID!, $admin: Boolean!, $first: Int!, $offset: Int!, $filter: AmenityBookingFilter) {
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { label } }
    houseAmenities(houseId: $houseId) { amenityId databaseId name }
    ...HouseAmenityBookingList_query @arguments(houseId: $houseId, first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment HouseAmenityBookingList_query on Query
  @refetchable(queryName: "HouseAmenityBookingListRefetchQuery")
  @argumentDefinitions(houseId: { type: "ID" }, first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "AmenityBookingFilter" }) {
    houseAmenityBookings(houseId: $houseId, first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...AmenityBookingsTable_bookings } }
    }
  }
`;

/**
 * /houses/scheduled-amenities (the own house) and /houses/{idHouse}/scheduled-amenities (the administration):
 * a house's reservations, newest first, filtered by amenity and first day, paged; «Reservar» opens the schedule.
 */
export default function HouseAmenityBookings({ queryRef, route }: ScreenProps<HouseAmenityBookingsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<HouseAmenityBookingsQuery>(houseAmenityBookingsQuery, queryRef);
  return <List query={data} route={route} houseLabel={data.house?.label ?? null} amenities={data.houseAmenities} />;
}

function List({
  query,
  route,
  houseLabel,
  amenities,
}: {
  query: HouseAmenityBookingList_query$key;
  route: ScreenRoute;
  houseLabel: string | null;
  amenities: readonly { amenityId: string; databaseId: number; name: string }[];
}) {
  const { t } = useTranslation();
  const { idHouse } = useParams();
  const [search] = useSearchParams();
  const { grants, session } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  useAmenityChanges(
    amenities.map((a) => a.amenityId),
    reload,
  );
  const own = !idHouse;
  const label = own ? session.house?.label : (houseLabel ?? idHouse);
  const mayBook = own ? HOUSE_SCHEDULE_GRANTS.some((g) => grants.has(g)) : grants.has('AAmenitiesScheduleCreate');
  const bookAction = mayBook ? { label: t('amenityBookings.list.book'), to: own ? '/houses/schedule-amenity' : `/houses/${idHouse}/schedule-amenity` } : null;
  const filtered = !!(search.get('amenity') || search.get('from'));
  const rows = data.houseAmenityBookings.edges.map((e) => e.node);
  const returning = useReturnDepositDialog(reload);
  return (
    <Stack>
      <PageHeader
        title={own ? t('amenityBookings.list.ownTitle') : t('amenityBookings.list.houseTitle', { house: label })}
        description={t('amenityBookings.list.description')}
        action={bookAction}
        secondary={!own && grants.has('AAmenitiesScheduleRead') ? { label: t('amenityBookings.list.title'), to: '/neighborhood/scheduled-amenities' } : null}
      />
      <AmenityBookingFilters amenities={amenities} />
      <PagedList
        totalCount={data.houseAmenityBookings.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState
              title={t('amenityBookings.list.empty')}
              hint={own ? t('amenityBookings.list.emptyOwnHint') : t('amenityBookings.list.emptyHint')}
              action={bookAction}
            />
          )
        }
      >
        <AmenityBookingsTable bookings={rows} community={false} pending={pending} onChanged={reload} onReturnDeposit={returning.ask} />
      </PagedList>
      {returning.dialog}
    </Stack>
  );
}

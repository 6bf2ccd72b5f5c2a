import { Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CommunityAmenityBookingList_query$key } from '../../../__generated__/CommunityAmenityBookingList_query.graphql';
import type { CommunityAmenityBookingsQuery } from '../../../__generated__/CommunityAmenityBookingsQuery.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { useListRefetch } from '../../../components/lists.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { AmenityBookingFilters } from './AmenityBookingFilters.js';
import { AmenityBookingsTable } from './AmenityBookingsTable.js';
import { useReturnDepositDialog } from './ReturnDepositDialog.js';
import { useAmenityChanges } from './useAmenityChanges.js';

export const communityAmenityBookingsQuery = graphql`
  query CommunityAmenityBookingsQuery($first: Int!, $offset: Int!, $filter: AmenityBookingFilter) {
    amenities(first: 100, offset: 0) { edges { node { id databaseId name } } }
    ...CommunityAmenityBookingList_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment CommunityAmenityBookingList_query on Query
  @refetchable(queryName: "CommunityAmenityBookingListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "AmenityBookingFilter" }) {
    amenityBookings(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { houseLabel ...AmenityBookingsTable_bookings } }
    }
  }
`;

/**
 * /neighborhood/scheduled-amenities: the community's reservations, newest first, filtered by amenity, house
 * and first day, paged; each with its house and who booked, cancel and «Devolver depósito».
 */
export default function CommunityAmenityBookings({ queryRef, route }: ScreenProps<CommunityAmenityBookingsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<CommunityAmenityBookingsQuery>(communityAmenityBookingsQuery, queryRef);
  const amenities = data.amenities?.edges.map((e) => e.node) ?? [];
  return <List query={data} route={route} amenities={amenities} />;
}

function List({
  query,
  route,
  amenities,
}: {
  query: CommunityAmenityBookingList_query$key;
  route: ScreenRoute;
  amenities: readonly { id: string; databaseId: number; name: string }[];
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  useAmenityChanges(
    amenities.map((a) => a.id),
    reload,
  );
  const returning = useReturnDepositDialog(reload);
  const edges = data.amenityBookings.edges;
  const filtered = !!(search.get('amenity') || search.get('from') || search.get('id_house'));

  return (
    <Stack>
      <PageHeader title={t('amenityBookings.list.title')} description={t('amenityBookings.list.communityDescription')} />
      <AmenityBookingFilters amenities={amenities} withHouse houseLabel={search.get('id_house') ? (edges[0]?.node.houseLabel ?? null) : null} />
      <PagedList
        totalCount={data.amenityBookings.totalCount ?? 0}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('amenityBookings.list.empty')} hint={t('amenityBookings.list.emptyHint')} />
          )
        }
      >
        <AmenityBookingsTable bookings={edges.map((e) => e.node)} community pending={pending} onChanged={reload} onReturnDeposit={returning.ask} />
      </PagedList>
      {returning.dialog}
    </Stack>
  );
}

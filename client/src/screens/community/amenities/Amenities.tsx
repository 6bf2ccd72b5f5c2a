import { graphql, usePreloadedQuery } from 'react-relay';
import type { AmenitiesQuery } from '../../../__generated__/AmenitiesQuery.graphql';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { AmenityList } from './AmenityList.js';

export const amenitiesQuery = graphql`
  query AmenitiesQuery($first: Int!, $offset: Int!, $name: String, $enabled: Boolean) {
    ...AmenityList_query @arguments(first: $first, offset: $offset, name: $name, enabled: $enabled)
  }
`;

/** /neighborhood/settings/amenities: the community's common areas to configure, with their state, filtered and paged. */
export default function Amenities({ queryRef, route }: ScreenProps<AmenitiesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<AmenitiesQuery>(amenitiesQuery, queryRef);
  return <AmenityList query={data} route={route} mode="settings" />;
}

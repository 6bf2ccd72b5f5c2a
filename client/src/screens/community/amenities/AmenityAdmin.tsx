import { graphql, usePreloadedQuery } from 'react-relay';
import type { AmenityAdminQuery } from '../../../__generated__/AmenityAdminQuery.graphql';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { AmenityList } from './AmenityList.js';

export const amenityAdminQuery = graphql`
  query AmenityAdminQuery($first: Int!, $offset: Int!, $name: String, $enabled: Boolean) {
    ...AmenityList_query @arguments(first: $first, offset: $offset, name: $name, enabled: $enabled)
  }
`;

/** /neighborhood/amenities: the administration's list of common areas, each enabled or disabled with a switch. */
export default function AmenityAdmin({ queryRef, route }: ScreenProps<AmenityAdminQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<AmenityAdminQuery>(amenityAdminQuery, queryRef);
  return <AmenityList query={data} route={route} mode="admin" />;
}

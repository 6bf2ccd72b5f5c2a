import type { AppRoute } from '../../../routes.js';
import HouseDetailQuery from '../../../__generated__/HouseDetailQuery.graphql.js';
import { globalId } from '../../../relay/ids.js';

// The page of one house (spec 1 section 2, /houses/{houseId}): administrators for any house of their
// community, owners and co-owners for their own (the server's house scope decides).
export const houseRoutes: AppRoute[] = [
  {
    path: '/houses/:houseId',
    grants: ['AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'],
    screen: () => import('./HouseDetail.js'),
    query: HouseDetailQuery,
    variables: ({ params }) => ({ houseId: globalId('House', params.houseId) }),
    skeleton: 'page',
  },
];

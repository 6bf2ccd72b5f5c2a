import type { AppRoute } from '../../../../routes.js';
import HousePaymentsQuery from '../../../../__generated__/HousePaymentsQuery.graphql.js';
import { housePaymentsVariables } from './variables.js';

// The payments of one house (spec 1 section 2, /houses/{houseId}/payments): administrators for any house
// of their community, owners and co-owners for their own (the server's house scope decides).
export const housePaymentRoutes: AppRoute[] = [
  {
    path: '/houses/:houseId/payments',
    grants: ['AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'],
    screen: () => import('./HousePayments.js'),
    query: HousePaymentsQuery,
    variables: housePaymentsVariables,
    skeleton: 'list',
  },
];

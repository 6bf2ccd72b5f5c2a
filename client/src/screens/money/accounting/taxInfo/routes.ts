import type { AppRoute } from '../../../../routes.js';
import { globalId } from '../../../../relay/ids.js';
import HouseTaxInfoQuery from '../../../../__generated__/HouseTaxInfoQuery.graphql.js';

const taxInfo = {
  screen: () => import('./HouseTaxInfo.js'),
  query: HouseTaxInfoQuery,
  variables: ({ params }) => ({
    houseId: params.houseId ? globalId('House', params.houseId) : null,
    houseNodeId: globalId('House', params.houseId),
    admin: !!params.houseId,
  }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// A house's tax data for its invoices: the own house's and any house's (administration).
export const taxInfoRoutes: AppRoute[] = [
  { path: '/houses/settings', grants: ['OTaxUpdate', 'STaxUpdate'], menu: { group: 'property', label: 'taxInfo.menu' }, ...taxInfo },
  { path: '/houses/:houseId/settings', grants: ['ATaxRead', 'ATaxUpdate'], ...taxInfo },
];

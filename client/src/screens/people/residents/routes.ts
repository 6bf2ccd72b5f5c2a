import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import HouseResidentsQuery from '../../../__generated__/HouseResidentsQuery.graphql.js';
import HouseResidentFormQuery from '../../../__generated__/HouseResidentFormQuery.graphql.js';
import { residentFormVariables } from './variables.js';

const residentList = {
  screen: () => import('./HouseResidents.js'),
  query: HouseResidentsQuery,
  variables: ({ params, search }) => ({
    ...listVariables(search, ['name']),
    houseId: params.houseId ? globalId('House', params.houseId) : null,
    houseNodeId: globalId('House', params.houseId),
    admin: !!params.houseId,
  }),
  skeleton: 'list',
} satisfies Partial<AppRoute>;

const residentForm = {
  screen: () => import('./HouseResidentForm.js'),
  query: HouseResidentFormQuery,
  variables: residentFormVariables,
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Residents of a house: the own house's (owners, co-owners, residents) and any house's (administration).
export const residentRoutes: AppRoute[] = [
  {
    path: '/houses/residents',
    grants: [
      'OResidentsCreate',
      'OResidentsUpdate',
      'OResidentsDelete',
      'SResidentsCreate',
      'SResidentsUpdate',
      'SResidentsDelete',
      'RResidentsCreate',
      'RResidentsUpdate',
      'RResidentsDelete',
    ],
    menu: { group: 'property', label: 'residents.menu' },
    ...residentList,
  },
  { path: '/houses/residents/form', grants: ['OResidentsCreate', 'SResidentsCreate', 'RResidentsCreate'], ...residentForm },
  { path: '/houses/residents/:residentId', grants: ['OResidentsUpdate', 'SResidentsUpdate', 'RResidentsUpdate'], ...residentForm },
  { path: '/houses/:houseId/residents', grants: ['AResidentsRead'], ...residentList },
  { path: '/residents/form', grants: ['AResidentsCreate'], ...residentForm },
  { path: '/residents/:residentId', grants: ['AResidentsUpdate'], ...residentForm },
];

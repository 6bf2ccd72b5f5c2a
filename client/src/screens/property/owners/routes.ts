import type { AppRoute } from '../../../routes.js';
import { globalId } from '../../../relay/ids.js';
import OwnersQuery from '../../../__generated__/OwnersQuery.graphql.js';
import OwnerFormQuery from '../../../__generated__/OwnerFormQuery.graphql.js';
import OwnerActivateQuery from '../../../__generated__/OwnerActivateQuery.graphql.js';
import OwnerChangeQuery from '../../../__generated__/OwnerChangeQuery.graphql.js';
import MassiveLoadQuery from '../../../__generated__/MassiveLoadQuery.graphql.js';
import { ownersListVariables } from './filters.js';

const ownerForm = {
  screen: () => import('./OwnerForm.js'),
  query: OwnerFormQuery,
  variables: ({ params }) => ({ id: globalId('House', params.houseId), edit: !!params.houseId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const houseVariables: AppRoute['variables'] = ({ params }) => ({ id: globalId('House', params.houseId) });

// Houses and their owners (administration): the list, the house form, activation, owner change, massive load.
export const ownerRoutes: AppRoute[] = [
  {
    path: '/owners',
    grants: ['AHousesRead'],
    menu: { group: 'administration', label: 'menu.owners' },
    screen: () => import('./Owners.js'),
    query: OwnersQuery,
    variables: ({ search }) => ownersListVariables(search),
    skeleton: 'list',
  },
  { path: '/owners/form', grants: ['AHousesCreate'], ...ownerForm },
  { path: '/owners/edit/:houseId', grants: ['AHousesUpdate'], ...ownerForm },
  {
    path: '/owners/active/:houseId',
    grants: ['AHousesUpdate'],
    screen: () => import('./OwnerActivate.js'),
    query: OwnerActivateQuery,
    variables: houseVariables,
    skeleton: 'form',
  },
  {
    path: '/owners/:houseId/change',
    grants: ['AHousesUpdate'],
    screen: () => import('./OwnerChange.js'),
    query: OwnerChangeQuery,
    variables: houseVariables,
    skeleton: 'form',
  },
  {
    path: '/owners/massive-load',
    grants: ['AMasiveHousesCreate'],
    screen: () => import('./MassiveLoad.js'),
    query: MassiveLoadQuery,
    variables: () => ({}),
    skeleton: 'page',
  },
];

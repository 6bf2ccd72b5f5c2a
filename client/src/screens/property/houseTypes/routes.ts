import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import HouseTypesQuery from '../../../__generated__/HouseTypesQuery.graphql.js';
import HouseTypeFormQuery from '../../../__generated__/HouseTypeFormQuery.graphql.js';

const houseTypeForm = {
  screen: () => import('./HouseTypeForm.js'),
  query: HouseTypeFormQuery,
  variables: ({ params }) => ({ id: globalId('HouseType', params.houseTypeId), edit: !!params.houseTypeId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// House types (configuration).
export const houseTypeRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/houses-types',
    grants: ['CHousesTypesRead', 'CHousesTypesCreate', 'CHousesTypesUpdate', 'CHousesTypesDelete'],
    menu: { group: 'configuration', label: 'menu.settings_houses_types' },
    screen: () => import('./HouseTypes.js'),
    query: HouseTypesQuery,
    variables: ({ search }) => listVariables(search, ['name']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/houses-types/form', grants: ['CHousesTypesCreate'], ...houseTypeForm },
  { path: '/neighborhood/settings/houses-types/form/:houseTypeId', grants: ['CHousesTypesUpdate'], ...houseTypeForm },
];

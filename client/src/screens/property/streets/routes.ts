import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import StreetsQuery from '../../../__generated__/StreetsQuery.graphql.js';
import StreetFormQuery from '../../../__generated__/StreetFormQuery.graphql.js';

const streetForm = {
  screen: () => import('./StreetForm.js'),
  query: StreetFormQuery,
  variables: ({ params }) => ({ id: globalId('Street', params.streetId), edit: !!params.streetId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// The community's streets (configuration).
export const streetRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/streets',
    grants: ['CStreetsRead', 'CStreetsCreate', 'CStreetsUpdate', 'CStreetsDelete'],
    menu: { group: 'configuration', label: 'menu.settings_streets' },
    screen: () => import('./Streets.js'),
    query: StreetsQuery,
    variables: ({ search }) => listVariables(search, ['name']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/streets/form', grants: ['CStreetsCreate'], ...streetForm },
  { path: '/neighborhood/settings/streets/:streetId', grants: ['CStreetsUpdate'], ...streetForm },
];

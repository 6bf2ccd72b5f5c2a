import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import ProvidersQuery from '../../../../__generated__/ProvidersQuery.graphql.js';
import ProviderFormQuery from '../../../../__generated__/ProviderFormQuery.graphql.js';

const providerForm = {
  screen: () => import('./ProviderForm.js'),
  query: ProviderFormQuery,
  variables: ({ params }) => ({ id: globalId('Provider', params.idProvider), edit: !!params.idProvider }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Providers: the list (filters name and concept in the query string), the form and its edit.
export const providerRoutes: AppRoute[] = [
  {
    path: '/providers',
    grants: ['AProvidersCreate', 'AProvidersUpdate'],
    menu: { group: 'administration', label: 'menu.providers' },
    screen: () => import('./Providers.js'),
    query: ProvidersQuery,
    variables: ({ search }) => listVariables(search, ['name', 'concept']),
    skeleton: 'list',
  },
  { path: '/providers/form', grants: ['AProvidersCreate'], ...providerForm },
  { path: '/providers/form/:idProvider', grants: ['AProvidersUpdate'], ...providerForm },
];

import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import AmenitiesQuery from '../../../__generated__/AmenitiesQuery.graphql.js';
import AmenityAdminQuery from '../../../__generated__/AmenityAdminQuery.graphql.js';
import AmenityFormQuery from '../../../__generated__/AmenityFormQuery.graphql.js';

/** The list's variables: page, name (?name=) and state (?status=enabled|disabled). */
const amenityListVariables: AppRoute['variables'] = ({ search }) => {
  const status = search.get('status');
  return { ...listVariables(search, ['name']), enabled: status === 'enabled' ? true : status === 'disabled' ? false : null };
};

const form = {
  screen: () => import('./AmenityForm.js'),
  query: AmenityFormQuery,
  variables: ({ params }) => ({ id: globalId('Amenity', params.idAmenity), edit: !!params.idAmenity }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Configuration of common areas (settings) and the administration's list with enable and disable.
export const amenitySettingsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/amenities',
    grants: ['CAmenitiesRead', 'CAmenitiesCreate', 'CAmenitiesUpdate', 'CAmenitiesDelete'],
    menu: { group: 'configuration', label: 'menu.settings_amenities' },
    screen: () => import('./Amenities.js'),
    query: AmenitiesQuery,
    variables: amenityListVariables,
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/amenities/form', grants: ['CAmenitiesCreate'], ...form },
  { path: '/neighborhood/settings/amenities/form/:idAmenity', grants: ['CAmenitiesUpdate'], ...form },
];
export const amenityAdminRoutes: AppRoute[] = [
  {
    path: '/neighborhood/amenities',
    grants: ['AAmenitiesRead'],
    menu: { group: 'administration', label: 'menu.neighborhood_amenities' },
    screen: () => import('./AmenityAdmin.js'),
    query: AmenityAdminQuery,
    variables: amenityListVariables,
    skeleton: 'list',
  },
];

import type { AppRoute } from '../../../routes.js';

// Configuration of common areas (settings) and the administration's list with enable and disable.
export const amenitySettingsRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/amenities', grants: ['CAmenitiesRead'], menu: { group: 'configuration', label: 'menu.settings_amenities' } },
];
export const amenityAdminRoutes: AppRoute[] = [
  { path: '/neighborhood/amenities', grants: ['AAmenitiesRead'], menu: { group: 'administration', label: 'menu.neighborhood_amenities' } },
];

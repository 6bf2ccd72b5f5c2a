import type { AppRoute } from '../../../routes.js';

// The community's fiscal information and its CSD.
export const fiscalRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/fiscal', grants: ['CTaxRead'], menu: { group: 'configuration', label: 'menu.settings_fiscal' } },
];

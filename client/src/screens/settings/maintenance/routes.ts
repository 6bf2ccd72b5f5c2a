import type { AppRoute } from '../../../routes.js';

// Maintenance settings: cutoff, discount, penalty, fees per house type, payment methods.
export const maintenanceRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/maintenance', grants: ['CMaintenancesRead'], menu: { group: 'configuration', label: 'menu.settings_maintenance' } },
];

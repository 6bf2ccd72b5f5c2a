import type { AppRoute } from '../../../../routes.js';
import MaintenanceSettingsQuery from '../../../../__generated__/MaintenanceSettingsQuery.graphql.js';

// Maintenance settings: cutoff, discount, penalty, fees per house type, payment methods.
export const maintenanceRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/maintenance',
    grants: ['CMaintenancesRead', 'CMaintenancesUpdate'],
    menu: { group: 'configuration', label: 'menu.settings_maintenance' },
    screen: () => import('./MaintenanceSettings.js'),
    query: MaintenanceSettingsQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
];

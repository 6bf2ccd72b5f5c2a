import type { AppRoute } from '../../routes.js';

// Maintenance fees (spec 2 section 2): list, detail, extraordinary form, receipts and incomes of one maintenance.
export const maintenanceFeeRoutes: AppRoute[] = [
  { path: '/maintenances', grants: ['AMaintenanceIncomesRead', 'AMaintenancesCreate'], menu: { group: 'administration', label: 'menu.maintenances' } },
];

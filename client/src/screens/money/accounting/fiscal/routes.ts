import type { AppRoute } from '../../../../routes.js';
import FiscalSettingsQuery from '../../../../__generated__/FiscalSettingsQuery.graphql.js';

// The community's fiscal information and its CSD.
export const fiscalRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/fiscal',
    grants: ['CTaxRead', 'CTaxUpdate'],
    menu: { group: 'configuration', label: 'menu.settings_fiscal' },
    screen: () => import('./FiscalSettings.js'),
    query: FiscalSettingsQuery,
    // Its forms take the server's current values once.
    skeleton: 'form',
  },
];

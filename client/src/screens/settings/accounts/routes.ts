import type { AppRoute } from '../../../routes.js';

// Income accounts and the community's accounting accounts.
export const accountsRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/accounts', grants: ['CAccountsRead'], menu: { group: 'configuration', label: 'menu.settings_accounts' } },
];
export const accountingAccountsRoutes: AppRoute[] = [];

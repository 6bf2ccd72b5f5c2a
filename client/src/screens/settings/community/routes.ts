import type { AppRoute } from '../../../routes.js';

// General and behaviour settings, modules, interest-free months and the payment gateway keys.
export const generalRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/general', grants: ['CRead'], menu: { group: 'configuration', label: 'menu.settings_general' } },
];
export const modulesRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/modules', grants: ['CModulesRead'], menu: { group: 'configuration', label: 'menu.settings_modules' } },
];
export const msiRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/msi', grants: ['CMSIRead'], menu: { group: 'configuration', label: 'menu.settings_msi' } },
];
export const gatewayKeysRoutes: AppRoute[] = [];

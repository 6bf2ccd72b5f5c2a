import type { AppRoute } from '../../../routes.js';
import GeneralSettingsQuery from '../../../__generated__/GeneralSettingsQuery.graphql.js';
import BehaviorSettingsQuery from '../../../__generated__/BehaviorSettingsQuery.graphql.js';
import ModulesQuery from '../../../__generated__/ModulesQuery.graphql.js';
import MsiQuery from '../../../__generated__/MsiQuery.graphql.js';
import GatewayKeysQuery from '../../../__generated__/GatewayKeysQuery.graphql.js';

// General and behaviour settings, modules, interest-free months and the payment gateway keys.
export const generalRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/general',
    grants: ['CRead'],
    menu: { group: 'configuration', label: 'menu.settings_general' },
    screen: () => import('./GeneralSettings.js'),
    query: GeneralSettingsQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/neighborhood/settings/behavior',
    grants: ['CRead'],
    menu: { group: 'configuration', label: 'menu.settings_behavior' },
    screen: () => import('./BehaviorSettings.js'),
    query: BehaviorSettingsQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
];
export const modulesRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/modules',
    grants: ['CModulesRead'],
    menu: { group: 'configuration', label: 'menu.settings_modules' },
    screen: () => import('./Modules.js'),
    query: ModulesQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
];
export const msiRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/msi',
    grants: ['CMSIRead', 'CMSIUpdate'],
    menu: { group: 'configuration', label: 'menu.settings_msi' },
    screen: () => import('./Msi.js'),
    query: MsiQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
];
export const gatewayKeysRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/openpay-keys/form',
    grants: ['CGatewayKeysCreate'],
    menu: { group: 'configuration', label: 'menu.settings_gateway_keys' },
    screen: () => import('./GatewayKeys.js'),
    query: GatewayKeysQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
];

import type { AppRoute } from '../../../routes.js';
import UserSettingsQuery from '../../../__generated__/UserSettingsQuery.graphql.js';
import InstallationsQuery from '../../../__generated__/InstallationsQuery.graphql.js';
import { DEVICES_PAGE } from './devices.js';

// The signed-in person's own account: settings and devices.
export const userRoutes: AppRoute[] = [
  {
    path: '/user-settings',
    grants: [],
    menu: { group: 'account', label: 'menu.user_settings' },
    screen: () => import('./UserSettings.js'),
    query: UserSettingsQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/installations',
    grants: [],
    menu: { group: 'account', label: 'menu.installations' },
    screen: () => import('./Installations.js'),
    query: InstallationsQuery,
    variables: () => ({ first: DEVICES_PAGE }),
    skeleton: 'list',
  },
];

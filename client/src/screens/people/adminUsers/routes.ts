import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import AdminUsersQuery from '../../../__generated__/AdminUsersQuery.graphql.js';
import AdminUserFormQuery from '../../../__generated__/AdminUserFormQuery.graphql.js';

const adminUserForm = {
  screen: () => import('./AdminUserForm.js'),
  query: AdminUserFormQuery,
  variables: ({ params }) => ({ id: globalId('AdministrationUser', params.userId), edit: !!params.userId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// The community's administration users (configuration).
export const adminUserRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/users',
    grants: ['CUsersRead', 'CUsersCreate', 'CUsersUpdate', 'CUsersDelete'],
    menu: { group: 'configuration', label: 'menu.settings_users' },
    screen: () => import('./AdminUsers.js'),
    query: AdminUsersQuery,
    variables: ({ search }) => {
      const role = search.get('role')?.trim();
      return { ...listVariables(search, ['search']), roleId: role ? globalId('CommunityRole', role) : null };
    },
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/users/form', grants: ['CUsersCreate'], ...adminUserForm },
  { path: '/neighborhood/settings/users/:userId/edit', grants: ['CUsersUpdate'], ...adminUserForm },
];

import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import SharedFileFormQuery from '../../../__generated__/SharedFileFormQuery.graphql.js';
import SharedFilesQuery from '../../../__generated__/SharedFilesQuery.graphql.js';
import { sharedFileFilterOf } from './fileTexts.js';

/** Who manages the community's shared files (spec 3 "Shared file"). */
export const FILE_MANAGERS = ['AFilesCreate', 'AFilesUpdate', 'AFilesDelete'];
const DB_ID = /^\d{1,10}$/;

const list = {
  screen: () => import('./SharedFiles.js'),
  query: SharedFilesQuery,
  variables: ({ search }) => ({ ...listVariables(search), filter: sharedFileFilterOf(search) }),
  skeleton: 'list',
} satisfies Partial<AppRoute>;

const form = {
  screen: () => import('./SharedFileForm.js'),
  query: SharedFileFormQuery,
  variables: ({ params }) => ({ id: globalId('SharedFile', params.idFile ?? ''), edit: DB_ID.test(params.idFile ?? '') }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// The residents' read-only list (menu «Mi propiedad»): every member of the community reads what its access allows.
export const sharedFilePropertyRoutes: AppRoute[] = [{ path: '/houses/files', grants: [], menu: { group: 'property', label: 'menu.houses_files' }, ...list }];

// The administration's list and form.
export const sharedFileAdminRoutes: AppRoute[] = [
  { path: '/neighborhood/files', grants: FILE_MANAGERS, menu: { group: 'administration', label: 'menu.neighborhood_files' }, ...list },
  { path: '/neighborhood/files/form', grants: ['AFilesCreate'], ...form },
  { path: '/neighborhood/files/form/:idFile', grants: ['AFilesUpdate'], ...form },
];

// Every route of the client with the grants it needs (any one of them), in one table. A route whose
// screen is built names it in `screen`; the others show the "coming soon" page of their area.
import type { ScreenRoute } from './router/screenRoute.js';
import { listVariables } from './components/paging.js';
import { globalId } from './relay/ids.js';
import StreetsQuery from './__generated__/StreetsQuery.graphql.js';
import StreetFormQuery from './__generated__/StreetFormQuery.graphql.js';
import OwnersQuery from './__generated__/OwnersQuery.graphql.js';
import OwnerFormQuery from './__generated__/OwnerFormQuery.graphql.js';
import OwnerActivateQuery from './__generated__/OwnerActivateQuery.graphql.js';
import OwnerChangeQuery from './__generated__/OwnerChangeQuery.graphql.js';
import MassiveLoadQuery from './__generated__/MassiveLoadQuery.graphql.js';
import { ownersListVariables } from './screens/owners/filters.js';
import DashboardQuery from './__generated__/DashboardQuery.graphql.js';
import HouseTypesQuery from './__generated__/HouseTypesQuery.graphql.js';
import HouseTypeFormQuery from './__generated__/HouseTypeFormQuery.graphql.js';
import AdminUsersQuery from './__generated__/AdminUsersQuery.graphql.js';
import AdminUserFormQuery from './__generated__/AdminUserFormQuery.graphql.js';
import HouseResidentsQuery from './__generated__/HouseResidentsQuery.graphql.js';
import HouseResidentFormQuery from './__generated__/HouseResidentFormQuery.graphql.js';
import HouseTaxInfoQuery from './__generated__/HouseTaxInfoQuery.graphql.js';
import UserSettingsQuery from './__generated__/UserSettingsQuery.graphql.js';
import InstallationsQuery from './__generated__/InstallationsQuery.graphql.js';
import { residentFormVariables } from './screens/residents/variables.js';
import { DEVICES_PAGE } from './screens/user/devices.js';
import { gatewayKeysRoutes, generalRoutes, modulesRoutes, msiRoutes } from './screens/settings/community/routes.js';
import { accountingAccountsRoutes, accountsRoutes } from './screens/settings/accounts/routes.js';
import { expenseSettingsRoutes, incomeConceptsRoutes } from './screens/settings/concepts/routes.js';
import { fiscalRoutes } from './screens/settings/fiscal/routes.js';
import { maintenanceRoutes } from './screens/settings/maintenance/routes.js';
import { revisionPointsRoutes } from './screens/settings/revisionPoints/routes.js';
import { amenityAdminRoutes, amenitySettingsRoutes } from './screens/settings/amenities/routes.js';
import { maintenanceFeeRoutes } from './screens/maintenances/routes.js';
import { receiptRoutes } from './screens/receipts/routes.js';
import { externalPaymentRoutes } from './screens/externalPayments/routes.js';
import { unknownPaymentRoutes } from './screens/unknownPayments/routes.js';
import { cfdiRoutes } from './screens/cfdis/routes.js';
import { creditReceiptRoutes } from './screens/creditReceipts/routes.js';
import { paymentRoutes } from './screens/payments/routes.js';
import { balanceRoutes, incomesSummaryRoutes, statementRoutes } from './screens/balances/routes.js';
import { agreementRoutes, ownAgreementRoutes } from './screens/agreements/routes.js';
import { reportRoutes } from './screens/reports/routes.js';
import { transactionRoutes } from './screens/transactions/routes.js';
import { accountingExportRoutes } from './screens/accountingExports/routes.js';
import { servicePeriodRoutes } from './screens/servicePeriods/routes.js';
import { measuredServicesRoutes } from './screens/measuredServices/routes.js';
import { servicesConceptsRoutes } from './screens/settings/servicesConcepts/routes.js';
import { providerRoutes } from './screens/providers/routes.js';
import { expenseRoutes } from './screens/expenses/routes.js';

export type MenuGroup = 'property' | 'administration' | 'configuration' | 'account';

export interface AppRoute extends ScreenRoute {
  /** Any one of these grants opens the route; [] means any signed-in user. */
  grants: string[];
  superAdmin?: boolean;
  /** i18n key of the menu entry, when the route is in the menu. */
  menu?: { group: MenuGroup; label: string };
}

const UserSettings = () => import('./screens/user/UserSettings.js');
const Installations = () => import('./screens/user/Installations.js');
const Dashboard = () => import('./screens/dashboard/Dashboard.js');
const Streets = () => import('./screens/settings/Streets.js');
const StreetForm = () => import('./screens/settings/StreetForm.js');
const HouseTypes = () => import('./screens/settings/HouseTypes.js');
const HouseTypeForm = () => import('./screens/settings/HouseTypeForm.js');
const HouseResidents = () => import('./screens/residents/HouseResidents.js');
const HouseResidentForm = () => import('./screens/residents/HouseResidentForm.js');
const HouseTaxInfo = () => import('./screens/taxInfo/HouseTaxInfo.js');
const AdminUsers = () => import('./screens/settings/AdminUsers.js');
const AdminUserForm = () => import('./screens/settings/AdminUserForm.js');
const Owners = () => import('./screens/owners/Owners.js');
const OwnerForm = () => import('./screens/owners/OwnerForm.js');
const OwnerActivate = () => import('./screens/owners/OwnerActivate.js');
const OwnerChange = () => import('./screens/owners/OwnerChange.js');
const MassiveLoad = () => import('./screens/owners/MassiveLoad.js');

const streetForm = {
  screen: StreetForm,
  query: StreetFormQuery,
  variables: ({ params }) => ({ id: globalId('Street', params.streetId), edit: !!params.streetId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const houseTypeForm = {
  screen: HouseTypeForm,
  query: HouseTypeFormQuery,
  variables: ({ params }) => ({ id: globalId('HouseType', params.houseTypeId), edit: !!params.houseTypeId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const adminUserForm = {
  screen: AdminUserForm,
  query: AdminUserFormQuery,
  variables: ({ params }) => ({ id: globalId('AdministrationUser', params.userId), edit: !!params.userId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const ownerForm = {
  screen: OwnerForm,
  query: OwnerFormQuery,
  variables: ({ params }) => ({ id: globalId('House', params.houseId), edit: !!params.houseId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const residentList = {
  screen: HouseResidents,
  query: HouseResidentsQuery,
  variables: ({ params, search }) => ({
    ...listVariables(search, ['name']),
    houseId: params.houseId ? globalId('House', params.houseId) : null,
    houseNodeId: globalId('House', params.houseId),
    admin: !!params.houseId,
  }),
  skeleton: 'list',
} satisfies Partial<AppRoute>;

const residentForm = {
  screen: HouseResidentForm,
  query: HouseResidentFormQuery,
  variables: residentFormVariables,
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const taxInfo = {
  screen: HouseTaxInfo,
  query: HouseTaxInfoQuery,
  variables: ({ params }) => ({
    houseId: params.houseId ? globalId('House', params.houseId) : null,
    houseNodeId: globalId('House', params.houseId),
    admin: !!params.houseId,
  }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const houseVariables: AppRoute['variables'] = ({ params }) => ({ id: globalId('House', params.houseId) });

export const ROUTES: AppRoute[] = [
  { path: '/', grants: [], screen: Dashboard, query: DashboardQuery, variables: () => ({}), skeleton: 'dashboard' },
  // Property (own house)
  ...receiptRoutes,
  ...externalPaymentRoutes,
  ...ownAgreementRoutes,
  ...statementRoutes,
  ...paymentRoutes,
  {
    path: '/houses/residents',
    grants: [
      'OResidentsCreate',
      'OResidentsUpdate',
      'OResidentsDelete',
      'SResidentsCreate',
      'SResidentsUpdate',
      'SResidentsDelete',
      'RResidentsCreate',
      'RResidentsUpdate',
      'RResidentsDelete',
    ],
    menu: { group: 'property', label: 'residents.menu' },
    ...residentList,
  },
  { path: '/houses/residents/form', grants: ['OResidentsCreate', 'SResidentsCreate', 'RResidentsCreate'], ...residentForm },
  { path: '/houses/residents/:residentId', grants: ['OResidentsUpdate', 'SResidentsUpdate', 'RResidentsUpdate'], ...residentForm },
  { path: '/houses/:houseId/residents', grants: ['AResidentsRead'], ...residentList },
  { path: '/residents/form', grants: ['AResidentsCreate'], ...residentForm },
  { path: '/residents/:residentId', grants: ['AResidentsUpdate'], ...residentForm },
  { path: '/houses/settings', grants: ['OTaxUpdate', 'STaxUpdate'], menu: { group: 'property', label: 'taxInfo.menu' }, ...taxInfo },
  { path: '/houses/:houseId/settings', grants: ['ATaxRead', 'ATaxUpdate'], ...taxInfo },
  ...incomesSummaryRoutes,
  { path: '/houses/visitors', grants: ['OVisitorsRead', 'SVisitorsRead', 'RVisitorsRead'], menu: { group: 'property', label: 'menu.houses_visitors' } },
  { path: '/news', grants: ['APostsRead', 'OPostsRead', 'SPostsRead', 'RPostsRead'], menu: { group: 'property', label: 'menu.news' } },
  // Administration (titled with the community type name)
  {
    path: '/owners',
    grants: ['AHousesRead'],
    menu: { group: 'administration', label: 'menu.owners' },
    screen: Owners,
    query: OwnersQuery,
    variables: ({ search }) => ownersListVariables(search),
    skeleton: 'list',
  },
  { path: '/owners/form', grants: ['AHousesCreate'], ...ownerForm },
  { path: '/owners/edit/:houseId', grants: ['AHousesUpdate'], ...ownerForm },
  { path: '/owners/active/:houseId', grants: ['AHousesUpdate'], screen: OwnerActivate, query: OwnerActivateQuery, variables: houseVariables, skeleton: 'form' },
  { path: '/owners/:houseId/change', grants: ['AHousesUpdate'], screen: OwnerChange, query: OwnerChangeQuery, variables: houseVariables, skeleton: 'form' },
  { path: '/owners/massive-load', grants: ['AMasiveHousesCreate'], screen: MassiveLoad, query: MassiveLoadQuery, variables: () => ({}), skeleton: 'page' },
  ...agreementRoutes,
  ...creditReceiptRoutes,
  ...reportRoutes,
  ...transactionRoutes,
  ...accountingExportRoutes,
  ...maintenanceFeeRoutes,
  ...measuredServicesRoutes,
  ...servicePeriodRoutes,
  ...balanceRoutes,
  ...expenseRoutes,
  ...providerRoutes,
  ...unknownPaymentRoutes,
  ...cfdiRoutes,
  ...amenityAdminRoutes,
  { path: '/neighborhood/vehicles', grants: ['AVehiclesRead'], menu: { group: 'administration', label: 'menu.neighborhood_vehicles' } },
  { path: '/neighborhood/scheduled-vehicles', grants: ['AVehiclesScheduleRead'], menu: { group: 'administration', label: 'menu.scheduled_vehicles' } },
  { path: '/neighborhood/visitors', grants: ['AVisitorsRead'], menu: { group: 'administration', label: 'menu.neighborhood_visitors' } },
  {
    path: '/neighborhood/files',
    grants: ['AFilesCreate', 'AFilesUpdate', 'AFilesDelete'],
    menu: { group: 'administration', label: 'menu.neighborhood_files' },
  },
  { path: '/security/visitors', grants: ['SecVisitorsRead'], menu: { group: 'administration', label: 'menu.security_visitors' } },
  { path: '/vehicle/security', grants: ['SecVehicleRead'], menu: { group: 'administration', label: 'menu.vehicle_security' } },
  // Configuration
  ...generalRoutes,
  ...maintenanceRoutes,
  ...incomeConceptsRoutes,
  ...servicesConceptsRoutes,
  ...expenseSettingsRoutes,
  ...accountsRoutes,
  ...accountingAccountsRoutes,
  ...fiscalRoutes,
  ...modulesRoutes,
  ...msiRoutes,
  ...gatewayKeysRoutes,
  ...revisionPointsRoutes,
  ...amenitySettingsRoutes,
  {
    path: '/neighborhood/settings/houses-types',
    grants: ['CHousesTypesRead', 'CHousesTypesCreate', 'CHousesTypesUpdate', 'CHousesTypesDelete'],
    menu: { group: 'configuration', label: 'menu.settings_houses_types' },
    screen: HouseTypes,
    query: HouseTypesQuery,
    variables: ({ search }) => listVariables(search, ['name']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/houses-types/form', grants: ['CHousesTypesCreate'], ...houseTypeForm },
  { path: '/neighborhood/settings/houses-types/form/:houseTypeId', grants: ['CHousesTypesUpdate'], ...houseTypeForm },
  {
    path: '/neighborhood/settings/streets',
    grants: ['CStreetsRead', 'CStreetsCreate', 'CStreetsUpdate', 'CStreetsDelete'],
    menu: { group: 'configuration', label: 'menu.settings_streets' },
    screen: Streets,
    query: StreetsQuery,
    variables: ({ search }) => listVariables(search, ['name']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/streets/form', grants: ['CStreetsCreate'], ...streetForm },
  { path: '/neighborhood/settings/streets/:streetId', grants: ['CStreetsUpdate'], ...streetForm },
  {
    path: '/neighborhood/settings/users',
    grants: ['CUsersRead', 'CUsersCreate', 'CUsersUpdate', 'CUsersDelete'],
    menu: { group: 'configuration', label: 'menu.settings_users' },
    screen: AdminUsers,
    query: AdminUsersQuery,
    variables: ({ search }) => {
      const role = search.get('role')?.trim();
      return { ...listVariables(search, ['search']), roleId: role ? globalId('CommunityRole', role) : null };
    },
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/users/form', grants: ['CUsersCreate'], ...adminUserForm },
  { path: '/neighborhood/settings/users/:userId/edit', grants: ['CUsersUpdate'], ...adminUserForm },
  // Account
  {
    path: '/user-settings',
    grants: [],
    menu: { group: 'account', label: 'menu.user_settings' },
    screen: UserSettings,
    query: UserSettingsQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/installations',
    grants: [],
    menu: { group: 'account', label: 'menu.installations' },
    screen: Installations,
    query: InstallationsQuery,
    variables: () => ({ first: DEVICES_PAGE }),
    skeleton: 'list',
  },
  { path: '/chats', grants: [], menu: { group: 'account', label: 'menu.chats' } },
];

export function allowed(route: Pick<AppRoute, 'grants' | 'superAdmin'>, grants: ReadonlySet<string>, superAdmin: boolean): boolean {
  if (route.superAdmin && !superAdmin) return false;
  return route.grants.length === 0 || route.grants.some((g) => grants.has(g));
}

/** Spec 3 section 2: where "/" sends a user, by permission, in this priority; null keeps the dashboard. */
export const HOME_PRIORITY: { path: string; grants: string[]; superAdmin?: boolean }[] = [
  { path: '/neighborhood/scheduled-vehicles', grants: ['AVehiclesScheduleRead'] },
  { path: '/neighborhood/settings/maintenance', grants: ['CMaintenancesRead'] },
  { path: '/neighborhood/settings/users', grants: ['CUsersRead'] },
  { path: '/neighborhood/settings/expenses', grants: ['CExpensesRead'] },
  { path: '/neighborhood/settings/accounts', grants: ['CAccountsRead'] },
  { path: '/neighborhood/settings/fiscal', grants: ['CTaxRead'] },
  { path: '/neighborhood/settings/general', grants: ['CRead'] },
  { path: '/security/visitors', grants: ['SecVisitorsRead'] },
  { path: '/neighborhood/incomes', grants: ['AIncomesRead'] },
  { path: '/neighborhood/amenities', grants: ['AAmenitiesRead'] },
  { path: '/chats', grants: [], superAdmin: true },
];

export function homeRedirect(grants: ReadonlySet<string>, superAdmin: boolean, routes: AppRoute[] = ROUTES): string | null {
  for (const target of HOME_PRIORITY) {
    // Only screens that are built: a "coming soon" page is no place to land after sign-in.
    const exists = routes.some((r) => r.path === target.path && r.screen);
    const granted = target.superAdmin ? superAdmin : target.grants.some((g) => grants.has(g));
    if (exists && granted) return target.path;
  }
  return null;
}

export interface MenuSection {
  group: MenuGroup;
  entries: { path: string; label: string }[];
}

/** Menu groups in order; a group appears only when one of its entries is granted. */
export function menuFor(grants: ReadonlySet<string>, superAdmin: boolean, routes: AppRoute[] = ROUTES): MenuSection[] {
  const groups: MenuGroup[] = ['property', 'administration', 'configuration', 'account'];
  return groups
    .map((group) => ({
      group,
      entries: routes.filter((r) => r.menu?.group === group && allowed(r, grants, superAdmin)).map((r) => ({ path: r.path, label: r.menu!.label })),
    }))
    .filter((section) => section.entries.length > 0);
}

// Every route of the client with the grants it needs (any one of them), assembled from the route tables
// of the areas (client/src/screens/<group>/<area>/routes.ts); this file holds no route of its own. A route
// whose screen is built names it in `screen`; the others show the "coming soon" page of their area.
// The order of the list is the order of the menu entries within each menu group.
import type { ScreenRoute } from './router/screenRoute.js';
import { comingSoonAccountRoutes, comingSoonAdministrationRoutes, comingSoonPropertyRoutes } from './screens/common/routes.js';
import { amenityAdminRoutes, amenityBookingAdminRoutes, amenityBookingPropertyRoutes, amenitySettingsRoutes } from './screens/community/amenities/routes.js';
import { dashboardRoutes } from './screens/community/dashboard/routes.js';
import { revisionPointsRoutes } from './screens/community/revisionPoints/routes.js';
import { feedRoutes } from './screens/community/feed/routes.js';
import { sharedFileAdminRoutes, sharedFilePropertyRoutes } from './screens/community/files/routes.js';
import { vehicleAdminRoutes, vehiclePropertyRoutes, vehicleSecurityRoutes } from './screens/community/vehicles/routes.js';
import { visitorAdminRoutes, visitorLogRoutes, visitorPropertyRoutes, visitorSecurityRoutes } from './screens/community/visitors/routes.js';
import { gatewayKeysRoutes, generalRoutes, modulesRoutes, msiRoutes } from './screens/community/settings/routes.js';
import { accountingExportRoutes } from './screens/money/accounting/accountingExports/routes.js';
import { accountingAccountsRoutes, accountsRoutes } from './screens/money/accounting/accounts/routes.js';
import { cfdiRoutes } from './screens/money/accounting/cfdis/routes.js';
import { fiscalRoutes } from './screens/money/accounting/fiscal/routes.js';
import { reportRoutes } from './screens/money/accounting/reports/routes.js';
import { taxInfoRoutes } from './screens/money/accounting/taxInfo/routes.js';
import { transactionRoutes } from './screens/money/accounting/transactions/routes.js';
import { expenseSettingsRoutes } from './screens/money/payables/expenseSettings/routes.js';
import { expenseRoutes } from './screens/money/payables/expenses/routes.js';
import { providerRoutes } from './screens/money/payables/providers/routes.js';
import { agreementRoutes, ownAgreementRoutes } from './screens/money/receivables/agreements/routes.js';
import { balanceRoutes, incomesSummaryRoutes, statementRoutes } from './screens/money/receivables/balances/routes.js';
import { creditReceiptRoutes } from './screens/money/receivables/creditReceipts/routes.js';
import { externalPaymentRoutes } from './screens/money/receivables/externalPayments/routes.js';
import { incomeConceptsRoutes } from './screens/money/receivables/incomeConcepts/routes.js';
import { maintenanceRoutes } from './screens/money/receivables/maintenanceSettings/routes.js';
import { maintenanceFeeRoutes } from './screens/money/receivables/maintenances/routes.js';
import { measuredServicesRoutes } from './screens/money/receivables/measuredServices/routes.js';
import { housePaymentRoutes } from './screens/money/receivables/housePayments/routes.js';
import { paymentRoutes } from './screens/money/receivables/payments/routes.js';
import { receiptRoutes } from './screens/money/receivables/receipts/routes.js';
import { servicePeriodRoutes } from './screens/money/receivables/servicePeriods/routes.js';
import { servicesConceptsRoutes } from './screens/money/receivables/servicesConcepts/routes.js';
import { unknownPaymentRoutes } from './screens/money/receivables/unknownPayments/routes.js';
import { adminUserRoutes } from './screens/people/adminUsers/routes.js';
import { chatRoutes } from './screens/people/chats/routes.js';
import { residentRoutes } from './screens/people/residents/routes.js';
import { userRoutes } from './screens/people/user/routes.js';
import { houseRoutes } from './screens/property/houses/routes.js';
import { houseTypeRoutes } from './screens/property/houseTypes/routes.js';
import { ownerRoutes } from './screens/property/owners/routes.js';
import { streetRoutes } from './screens/property/streets/routes.js';

export type MenuGroup = 'property' | 'administration' | 'configuration' | 'account';

export interface AppRoute extends ScreenRoute {
  /** Any one of these grants opens the route; [] means any signed-in user. */
  grants: string[];
  superAdmin?: boolean;
  /** i18n key of the menu entry, when the route is in the menu. */
  menu?: { group: MenuGroup; label: string };
}

/** The areas' route tables, in menu order: a new area is one line here. */
const AREA_TABLES: AppRoute[][] = [
  dashboardRoutes,
  // Property (own house)
  receiptRoutes,
  housePaymentRoutes,
  externalPaymentRoutes,
  ownAgreementRoutes,
  statementRoutes,
  paymentRoutes,
  residentRoutes,
  taxInfoRoutes,
  incomesSummaryRoutes,
  amenityBookingPropertyRoutes,
  visitorPropertyRoutes,
  vehiclePropertyRoutes,
  feedRoutes,
  sharedFilePropertyRoutes,
  comingSoonPropertyRoutes,
  // Administration (titled with the community type name)
  ownerRoutes,
  houseRoutes,
  agreementRoutes,
  creditReceiptRoutes,
  reportRoutes,
  transactionRoutes,
  accountingExportRoutes,
  maintenanceFeeRoutes,
  measuredServicesRoutes,
  servicePeriodRoutes,
  balanceRoutes,
  expenseRoutes,
  providerRoutes,
  unknownPaymentRoutes,
  cfdiRoutes,
  amenityAdminRoutes,
  amenityBookingAdminRoutes,
  visitorAdminRoutes,
  vehicleAdminRoutes,
  sharedFileAdminRoutes,
  comingSoonAdministrationRoutes,
  visitorSecurityRoutes,
  vehicleSecurityRoutes,
  visitorLogRoutes,
  // Configuration
  generalRoutes,
  maintenanceRoutes,
  incomeConceptsRoutes,
  servicesConceptsRoutes,
  expenseSettingsRoutes,
  accountsRoutes,
  accountingAccountsRoutes,
  fiscalRoutes,
  modulesRoutes,
  msiRoutes,
  gatewayKeysRoutes,
  revisionPointsRoutes,
  amenitySettingsRoutes,
  houseTypeRoutes,
  streetRoutes,
  adminUserRoutes,
  // Account
  userRoutes,
  chatRoutes,
  comingSoonAccountRoutes,
];

export const ROUTES: AppRoute[] = AREA_TABLES.flat();

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

/** Where an owner with overdue debts is sent to pay them (decision in docs/decisions.md, "Owners with debts"). */
export const PAY_DEBTS_PATH = '/houses/receipts';

/**
 * Where "/" sends a user when the app opens: an OWNER of a community with requiredTotalAmountDebts whose house
 * has overdue receipts (the session's debtsToPay, decided by the server) goes to its receipts to pay them;
 * everyone else by the priority above.
 */
export function landingRedirect(
  session: { debtsToPay?: { receipts: number } | null },
  grants: ReadonlySet<string>,
  superAdmin: boolean,
  routes: AppRoute[] = ROUTES,
): string | null {
  if (session.debtsToPay && session.debtsToPay.receipts > 0) {
    const route = routes.find((r) => r.path === PAY_DEBTS_PATH);
    if (route?.screen && allowed(route, grants, superAdmin)) return PAY_DEBTS_PATH;
  }
  return homeRedirect(grants, superAdmin, routes);
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

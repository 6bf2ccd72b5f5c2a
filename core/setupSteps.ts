// Setup progress (spec 3 section 2, "Setup-progress widgets"): per module, the configuration steps a
// community goes through, the screen of each and the grant that shows it. Shared by the server (which
// decides whether each step is configured) and the dashboard widgets.
import type { Grant, ModuleName } from './grants.js';

export const SETUP_STEPS = [
  'GENERAL',
  'HOUSES_TYPES',
  'STREETS',
  'USERS',
  'AMENITIES',
  'MAINTENANCES',
  'ACCOUNTS',
  'CONCEPTS',
  'EXPENSES',
  'ACCOUNTING_ACCOUNTS',
  'GATEWAY_KEYS',
  'MSI',
  'TAX',
  'REVISION_POINTS',
  'BEHAVIOR',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_INFO: Record<SetupStep, { path: string; grant: Grant }> = {
  GENERAL: { path: '/neighborhood/settings/general', grant: 'CRead' },
  HOUSES_TYPES: { path: '/neighborhood/settings/houses-types', grant: 'CHousesTypesRead' },
  STREETS: { path: '/neighborhood/settings/streets', grant: 'CStreetsRead' },
  USERS: { path: '/neighborhood/settings/users', grant: 'CUsersRead' },
  AMENITIES: { path: '/neighborhood/settings/amenities', grant: 'CAmenitiesRead' },
  MAINTENANCES: { path: '/neighborhood/settings/maintenance', grant: 'CMaintenancesRead' },
  ACCOUNTS: { path: '/neighborhood/settings/accounts', grant: 'CAccountsRead' },
  CONCEPTS: { path: '/neighborhood/settings/concepts', grant: 'CConceptsRead' },
  EXPENSES: { path: '/neighborhood/settings/expenses', grant: 'CExpensesRead' },
  ACCOUNTING_ACCOUNTS: { path: '/neighborhood/settings/accounting-accounts', grant: 'CAccountingAccountsRead' },
  GATEWAY_KEYS: { path: '/neighborhood/settings/openpay-keys/form', grant: 'CGatewayKeysCreate' },
  MSI: { path: '/neighborhood/settings/msi', grant: 'CMSIRead' },
  TAX: { path: '/neighborhood/settings/fiscal', grant: 'CTaxRead' },
  REVISION_POINTS: { path: '/neighborhood/settings/revision-points', grant: 'CRevisionPointRead' },
  BEHAVIOR: { path: '/neighborhood/settings/behavior', grant: 'CRead' },
};

/** The steps of each module's widget, in the order the screens are best configured. */
export const MODULE_SETUP_STEPS: Record<ModuleName, SetupStep[]> = {
  BASE: ['GENERAL', 'HOUSES_TYPES', 'STREETS', 'USERS', 'AMENITIES'],
  COBRANZA: ['MAINTENANCES', 'ACCOUNTS', 'CONCEPTS', 'EXPENSES', 'ACCOUNTING_ACCOUNTS'],
  PAGO_EN_LINEA: ['GATEWAY_KEYS', 'MSI'],
  FACTURACION: ['TAX'],
  ACCESO_VEHICULAR: ['REVISION_POINTS'],
  VISITAS: ['BEHAVIOR'],
};

/** Streets only locate houses of a fraccionamiento: condominiums and malls have no streets step. */
export function setupStepsOf(module: ModuleName, neighborhoodType: string): SetupStep[] {
  return MODULE_SETUP_STEPS[module].filter((step) => step !== 'STREETS' || neighborhoodType === 'NEIGHBORHOOD');
}

/** Steps an account sees: those whose grant it holds (grants already filtered by active modules). */
export function visibleSetupSteps(module: ModuleName, neighborhoodType: string, grants: ReadonlySet<string>): SetupStep[] {
  return setupStepsOf(module, neighborhoodType).filter((step) => grants.has(SETUP_STEP_INFO[step].grant));
}

/** Widgets are hidden by default except VISITAS; the choice is kept per community and module in the browser. */
export function setupWidgetHiddenByDefault(module: ModuleName): boolean {
  return module !== 'VISITAS';
}

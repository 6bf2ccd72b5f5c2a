import { ALL_GRANTS } from './grantList.js';

export { ALL_GRANTS };
export type Grant = (typeof ALL_GRANTS)[number];

export const MODULES = ['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS'] as const;
export type ModuleName = (typeof MODULES)[number];

export const ROLE_KINDS = ['ADMIN', 'CONFIG_ADMIN', 'OWNER', 'CO_OWNER', 'RESIDENT', 'SECURITY'] as const;
export type DefaultRoleKind = (typeof ROLE_KINDS)[number];

const byPrefix = (prefix: RegExp) => ALL_GRANTS.filter((g) => prefix.test(g));

/**
 * The default role catalogue copied into every new community. Grants come from the spec's strings by
 * prefix; the administrator also configures the community, so it holds the C grants too
 * (docs/decisions.md).
 */
export const DEFAULT_ROLES: Record<DefaultRoleKind, { name: string; grants: Grant[]; forHouse: boolean; allowCreateForHouseUser: boolean }> = {
  ADMIN: { name: 'Administrador', grants: [...byPrefix(/^A/), ...byPrefix(/^C/)], forHouse: false, allowCreateForHouseUser: false },
  CONFIG_ADMIN: { name: 'Administrador de configuración', grants: byPrefix(/^C/), forHouse: false, allowCreateForHouseUser: false },
  OWNER: { name: 'Propietario', grants: byPrefix(/^O/), forHouse: true, allowCreateForHouseUser: false },
  CO_OWNER: { name: 'Copropietario/Inquilino', grants: byPrefix(/^S(?!ec)/), forHouse: true, allowCreateForHouseUser: true },
  RESIDENT: { name: 'Residente', grants: byPrefix(/^R/), forHouse: true, allowCreateForHouseUser: true },
  SECURITY: { name: 'Seguridad', grants: byPrefix(/^Sec/), forHouse: false, allowCreateForHouseUser: false },
};

/**
 * Which module a grant needs besides BASE. A grant whose module is off is removed from the session,
 * which hides its fields, routes and menu entries at once.
 */
const MODULE_RULES: [ModuleName, RegExp][] = [
  ['FACTURACION', /Cfdi|^CTax|^ATax|^OTax|^STax/],
  ['PAGO_EN_LINEA', /Cards|ReceiptsPaymentsCreate|GatewayKeys|MSI/],
  ['ACCESO_VEHICULAR', /Vehicle|RevisionPoint/],
  ['VISITAS', /Visitors/],
  [
    'COBRANZA',
    /Receipts|Agreements|Balances|Statements|IncomesSummary|Incomes|Maintenance|Concept|UnknownPayments|Accounts|Accounting|Expenses|Providers|Services|AmenitiesDeposit/,
  ],
];

export function moduleOfGrant(grant: string): ModuleName {
  for (const [module, pattern] of MODULE_RULES) if (pattern.test(grant)) return module;
  return 'BASE';
}

export function effectiveGrants(roleGrants: readonly string[], activeModules: readonly string[]): string[] {
  const active = new Set(activeModules);
  return roleGrants.filter((g) => {
    const module = moduleOfGrant(g);
    return module === 'BASE' || active.has(module);
  });
}

export function hasAnyGrant(held: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((g) => held.includes(g));
}

/**
 * The module a route's grants belong to when it is switched off in the community (the route shows the
 * not-enabled notice instead of "not available"); null when any of them is open with the active modules.
 */
export function disabledModuleOf(routeGrants: readonly string[], activeModules: readonly string[]): ModuleName | null {
  if (routeGrants.length === 0) return null;
  const modules = new Set(routeGrants.map(moduleOfGrant));
  if (modules.size !== 1) return null;
  const [module] = modules;
  return module === 'BASE' || activeModules.includes(module) ? null : module;
}

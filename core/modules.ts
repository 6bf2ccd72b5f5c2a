// Modules of a community (spec 3 sections 1, 3, 4 and 5): the catalogue with its monthly costs, which
// module depends on which (its master), the discount by the number of paid modules and the rules of the
// modules screen. Shared by the screen (ticking, prices) and the server (what may be activated).
import { z } from 'zod';
import { MODULES, type ModuleName } from './grants.js';
import { formatMoney, type Money, money, sumMoney } from './money.js';

export { MODULES, type ModuleName };

/** Modules that are paid for and may be switched; BASE is always on and free. */
export const PAID_MODULES = ['COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS'] as const satisfies readonly ModuleName[];
export type PaidModule = (typeof PAID_MODULES)[number];

export interface ModuleOffer {
  module: ModuleName;
  /** Monthly cost in MXN before the discount, two decimals. */
  cost: string;
  /** The module this one needs (its master): ticking this one ticks it, unticking it unticks this one. */
  master: ModuleName | null;
}

/**
 * The catalogue (docs: decisions-community.md). Online payment and invoicing charge and invoice what
 * collections (COBRANZA) bills, so both depend on it.
 */
export const MODULE_CATALOGUE: Readonly<Record<ModuleName, ModuleOffer>> = {
  BASE: { module: 'BASE', cost: '0.00', master: null },
  COBRANZA: { module: 'COBRANZA', cost: '990.00', master: null },
  PAGO_EN_LINEA: { module: 'PAGO_EN_LINEA', cost: '490.00', master: 'COBRANZA' },
  FACTURACION: { module: 'FACTURACION', cost: '590.00', master: 'COBRANZA' },
  ACCESO_VEHICULAR: { module: 'ACCESO_VEHICULAR', cost: '690.00', master: null },
  VISITAS: { module: 'VISITAS', cost: '490.00', master: null },
};

/** Discount percentage by the number of paid active modules (fewer than two: none; five or more: 25%). */
export const MODULE_DISCOUNTS: readonly { paidModules: number; percentage: number }[] = [
  { paidModules: 2, percentage: 10 },
  { paidModules: 3, percentage: 15 },
  { paidModules: 4, percentage: 20 },
  { paidModules: 5, percentage: 25 },
];

export function isPaidModule(module: string): module is PaidModule {
  return (PAID_MODULES as readonly string[]).includes(module);
}

/** The modules that depend on `master`. */
export function dependantsOf(master: ModuleName): ModuleName[] {
  return MODULES.filter((m) => MODULE_CATALOGUE[m].master === master);
}

/** In catalogue order, BASE always included, without repeats or unknown names. */
export function normalizeModules(selection: Iterable<string>): ModuleName[] {
  const chosen = new Set<string>(selection);
  return MODULES.filter((m) => m === 'BASE' || chosen.has(m));
}

/**
 * The selection after ticking or unticking one module on the screen: unticking a master unticks its
 * dependants; ticking a dependant ticks its master. BASE cannot be unticked.
 */
export function toggleModule(selection: Iterable<string>, module: ModuleName, on: boolean): ModuleName[] {
  const next = new Set<string>(normalizeModules(selection));
  if (module === 'BASE') return normalizeModules(next);
  if (on) {
    next.add(module);
    for (let master = MODULE_CATALOGUE[module].master; master; master = MODULE_CATALOGUE[master].master) next.add(master);
  } else {
    const drop = (m: ModuleName) => {
      next.delete(m);
      for (const d of dependantsOf(m)) drop(d);
    };
    drop(module);
  }
  return normalizeModules(next);
}

/** A dependant active without its master, as a Spanish message; null when the selection is consistent. */
export function selectionProblem(selection: readonly string[]): string | null {
  for (const module of normalizeModules(selection)) {
    const master = MODULE_CATALOGUE[module].master;
    if (master && !selection.includes(master)) return `El módulo ${MODULE_NAMES[module]} requiere el módulo ${MODULE_NAMES[master]}`;
  }
  return null;
}

/** Whether the selection differs from the installed set (BASE aside, order aside). */
export function selectionChanged(selection: Iterable<string>, installed: Iterable<string>): boolean {
  const a = normalizeModules(selection);
  const b = normalizeModules(installed);
  return a.length !== b.length || a.some((m, i) => m !== b[i]);
}

/** The discount percentage for this many paid active modules. */
export function discountPercentage(paidModules: number): number {
  let percentage = 0;
  for (const step of MODULE_DISCOUNTS) if (paidModules >= step.paidModules) percentage = step.percentage;
  return percentage;
}

/** A module's monthly price: its cost minus the percentage discount, rounded to the cent. */
export function modulePrice(module: ModuleName, percentage: number): Money {
  const cost = money(MODULE_CATALOGUE[module].cost);
  return money(formatMoney(cost.minus(cost.times(percentage).dividedBy(100))));
}

export interface ModulesQuote {
  modules: ModuleName[];
  paidModules: number;
  percentage: number;
  lines: { module: ModuleName; cost: string; price: string }[];
  /** Sum of the costs, before the discount. */
  subtotal: string;
  discount: string;
  /** What the selection costs per month. */
  total: string;
}

/** What a selection costs per month: each paid module at its cost minus the discount for how many there are. */
export function quoteModules(selection: Iterable<string>): ModulesQuote {
  const modules = normalizeModules(selection);
  const paid = modules.filter(isPaidModule);
  const percentage = discountPercentage(paid.length);
  const lines = modules.map((m) => ({ module: m, cost: MODULE_CATALOGUE[m].cost, price: formatMoney(modulePrice(m, percentage)) }));
  const subtotal = sumMoney(lines.map((l) => l.cost));
  const total = sumMoney(lines.map((l) => l.price));
  return {
    modules,
    paidModules: paid.length,
    percentage,
    lines,
    subtotal: formatMoney(subtotal),
    discount: formatMoney(subtotal.minus(total)),
    total: formatMoney(total),
  };
}

/** Names shown in messages (the screen has its own texts). */
export const MODULE_NAMES: Readonly<Record<ModuleName, string>> = {
  BASE: 'Base',
  COBRANZA: 'Cobranza',
  PAGO_EN_LINEA: 'Pago en línea',
  FACTURACION: 'Facturación',
  ACCESO_VEHICULAR: 'Acceso vehicular',
  VISITAS: 'Visitas',
};

export const TOS_REQUIRED = 'Debes aceptar los términos y condiciones para activar los módulos';
export const BASE_ALWAYS_ON = 'El módulo Base siempre está activo';

/** One switch of the modules screen or of the legacy map { id: boolean }. */
export const ModuleSwitchSchema = z.object({
  module: z.enum(MODULES, { error: 'El módulo no existe' }),
  active: z.boolean({ error: 'Indica si el módulo queda activo' }),
});

/** The activation: the switches (modules not named keep their state) and the acceptance of the terms. */
export const ModulesActivationSchema = z.object({
  modules: z.array(ModuleSwitchSchema).max(20, 'Envía como máximo 20 módulos'),
  acceptTos: z.boolean().nullish(),
});
export type ModulesActivation = z.output<typeof ModulesActivationSchema>;

/**
 * The selection an activation asks for, from the installed set and the switches; the problem (Spanish)
 * when it cannot be saved: BASE off, a dependant without its master, a change without the terms accepted.
 */
export function applyActivation(
  installed: readonly string[],
  activation: ModulesActivation,
): { modules: ModuleName[]; changed: boolean; problem: { field: string; message: string } | null } {
  const next = new Set<string>(normalizeModules(installed));
  for (const s of activation.modules) {
    if (s.module === 'BASE' && !s.active) return { modules: normalizeModules(next), changed: false, problem: { field: 'modules', message: BASE_ALWAYS_ON } };
    if (s.active) next.add(s.module);
    else next.delete(s.module);
  }
  const modules = normalizeModules(next);
  const dependency = selectionProblem(modules);
  if (dependency) return { modules, changed: false, problem: { field: 'modules', message: dependency } };
  const changed = selectionChanged(modules, installed);
  if (changed && !activation.acceptTos) return { modules, changed, problem: { field: 'acceptTos', message: TOS_REQUIRED } };
  return { modules, changed, problem: null };
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, effectiveGrants } from '../../core/grants.js';
import { allowed, homeRedirect, landingRedirect, menuFor, PAY_DEBTS_PATH, ROUTES } from './routes.js';

const ALL = ['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS'];
const grantsOf = (kind: keyof typeof DEFAULT_ROLES, modules = ALL) => new Set(effectiveGrants(DEFAULT_ROLES[kind].grants, modules));

describe('menu by grants', () => {
  it('shows administration and configuration to the administrator', () => {
    const groups = menuFor(grantsOf('ADMIN'), false).map((s) => s.group);
    expect(groups).toEqual(['property', 'administration', 'configuration', 'account']);
  });
  it('shows only property (and account) to an owner', () => {
    expect(menuFor(grantsOf('OWNER'), false).map((s) => s.group)).toEqual(['property', 'account']);
  });
  it('hides entries of inactive modules', () => {
    const entries = menuFor(grantsOf('ADMIN', ['BASE']), false).flatMap((s) => s.entries.map((e) => e.path));
    expect(entries).not.toContain('/expenses');
    expect(entries).not.toContain('/neighborhood/visitors');
    expect(entries).toContain('/neighborhood/settings/general');
  });
  it('gives security staff their visitor and plate screens', () => {
    const entries = menuFor(grantsOf('SECURITY'), false).flatMap((s) => s.entries.map((e) => e.path));
    expect(entries).toEqual(expect.arrayContaining(['/security/visitors', '/vehicle/security']));
  });
});

describe('routes', () => {
  it('declares every path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('allows a route with any one of its grants, or any signed-in user when it has none', () => {
    expect(allowed({ grants: ['A', 'B'] }, new Set(['B']), false)).toBe(true);
    expect(allowed({ grants: ['A'] }, new Set(['B']), false)).toBe(false);
    expect(allowed({ grants: [] }, new Set(), false)).toBe(true);
    expect(allowed({ grants: [], superAdmin: true }, new Set(), false)).toBe(false);
  });
});

describe('home redirect priority (spec 3 section 2)', () => {
  // Every target of the priority list built, as it will be once each area has its screen.
  const screen = () => Promise.resolve({ default: () => null });
  const BUILT = ROUTES.map((r) => ({ ...r, screen: r.screen ?? screen }));
  it('sends the administrator to scheduled vehicles first', () => {
    expect(homeRedirect(grantsOf('ADMIN'), false, BUILT)).toBe('/neighborhood/scheduled-vehicles');
  });
  it('falls to maintenance settings without the vehicle module', () => {
    expect(homeRedirect(grantsOf('ADMIN', ['BASE', 'COBRANZA']), false, BUILT)).toBe('/neighborhood/settings/maintenance');
  });
  it('falls to users settings without the vehicle and collections modules', () => {
    expect(homeRedirect(grantsOf('ADMIN', ['BASE']), false, BUILT)).toBe('/neighborhood/settings/users');
    expect(homeRedirect(grantsOf('CONFIG_ADMIN', ['BASE', 'VISITAS']), false, BUILT)).toBe('/neighborhood/settings/users');
  });
  it('sends security to visitors, leaves owners on the dashboard, super admins to chats', () => {
    expect(homeRedirect(grantsOf('SECURITY'), false, BUILT)).toBe('/security/visitors');
    expect(homeRedirect(grantsOf('OWNER'), false, BUILT)).toBeNull();
    expect(homeRedirect(new Set(), true, BUILT)).toBe('/chats');
  });
  it('lands on built screens: the administrator on the first one, security on the gate, super admins on chats', () => {
    expect(homeRedirect(grantsOf('ADMIN'), false)).toBe('/neighborhood/scheduled-vehicles');
    expect(homeRedirect(grantsOf('ADMIN', ['BASE', 'COBRANZA']), false)).toBe('/neighborhood/settings/maintenance');
    expect(homeRedirect(grantsOf('ADMIN', ['BASE']), false)).toBe('/neighborhood/settings/users');
    expect(homeRedirect(grantsOf('SECURITY'), false)).toBe('/security/visitors');
    expect(homeRedirect(new Set(), true)).toBe('/chats');
  });
});

describe('screens on their route queries', () => {
  // Every source file of the client but the generated artifacts and the tests, as text.
  const sources = Object.entries(
    import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/__generated__/**', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }),
  );

  it('no component fetches its data with useLazyLoadQuery', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.filter(([, source]) => source.includes('useLazyLoadQuery')).map(([file]) => file)).toEqual([]);
  });

  it('every route whose screen reads a preloaded query names that query', () => {
    const byFile = new Map(sources);
    const screens = ROUTES.flatMap((route) => {
      const module = route.screen?.toString().match(/(screens\/[^"']+?)\.(?:js|tsx)["']/)?.[1];
      const source = module && byFile.get(`./${module}.tsx`);
      return source ? [{ route, source }] : [];
    });
    expect(screens.length).toBe(ROUTES.filter((route) => route.screen).length);
    const missing = screens.filter(({ route, source }) => source.includes('usePreloadedQuery') && !route.query);
    expect(missing.map(({ route }) => route.path)).toEqual([]);
  });
});

describe('route tables by area', () => {
  // Every screens/**/routes.ts module with what it exports.
  const modules = Object.values(import.meta.glob<Record<string, unknown>>('./screens/**/routes.ts', { eager: true }));

  it('every route comes from the route table of its area (screens/<group>/<area>/routes.ts)', () => {
    expect(modules.length).toBeGreaterThan(30);
    const fromAreas = new Set(modules.flatMap((module) => Object.values(module).filter(Array.isArray).flat()));
    expect(ROUTES.filter((route) => !fromAreas.has(route)).map((route) => route.path)).toEqual([]);
  });
});

describe('owners with overdue debts (spec 1 section 2: required_total_amount_debts)', () => {
  const screen = () => Promise.resolve({ default: () => null });
  const BUILT = ROUTES.map((r) => ({ ...r, screen: r.screen ?? screen }));
  it('sends an owner whose session has debts to pay to its receipts, and no one else', () => {
    const debts = { debtsToPay: { receipts: 2 } };
    expect(landingRedirect(debts, grantsOf('OWNER'), false, BUILT)).toBe(PAY_DEBTS_PATH);
    expect(PAY_DEBTS_PATH).toBe('/houses/receipts');
    expect(landingRedirect({ debtsToPay: null }, grantsOf('OWNER'), false, BUILT)).toBeNull();
    expect(landingRedirect({}, grantsOf('OWNER'), false, BUILT)).toBeNull();
    // Without the receipts screen's grants (COBRANZA off) the debts send nowhere.
    expect(landingRedirect(debts, grantsOf('OWNER', ['BASE']), false, BUILT)).toBeNull();
    // An administrator keeps the priority list.
    expect(landingRedirect({ debtsToPay: null }, grantsOf('ADMIN'), false, BUILT)).toBe('/neighborhood/scheduled-vehicles');
  });
});

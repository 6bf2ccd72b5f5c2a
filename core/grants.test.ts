import { describe, expect, it } from 'vitest';
import { ALL_GRANTS, DEFAULT_ROLES, disabledModuleOf, effectiveGrants, moduleOfGrant } from './grants.js';

describe('default role catalogue', () => {
  it('holds the 180 grant strings of the spec, and the 9 amenity booking and 23 vehicle grants it describes without naming', () => {
    expect(ALL_GRANTS).toHaveLength(180 + 9 + 23);
  });
  it('splits grants by prefix', () => {
    expect(DEFAULT_ROLES.OWNER.grants.every((g) => g.startsWith('O'))).toBe(true);
    expect(DEFAULT_ROLES.CO_OWNER.grants).toContain('SCardsCreate');
    expect(DEFAULT_ROLES.CO_OWNER.grants.some((g) => g.startsWith('Sec'))).toBe(false);
    expect(DEFAULT_ROLES.SECURITY.grants.sort()).toEqual(['SecVehicleRead', 'SecVisitorsCreate', 'SecVisitorsRead', 'SecVisitorsUpdate']);
    expect(DEFAULT_ROLES.RESIDENT.grants).toHaveLength(18 + 6);
    expect(DEFAULT_ROLES.CONFIG_ADMIN.grants).toHaveLength(44);
    expect(DEFAULT_ROLES.ADMIN.grants).toHaveLength(71 + 5 + 44);
    expect(moduleOfGrant('RVehiclesScheduleCreate')).toBe('ACCESO_VEHICULAR');
  });
});

describe('modules switch grants off', () => {
  it('maps grants to modules', () => {
    expect(moduleOfGrant('AHousesRead')).toBe('BASE');
    expect(moduleOfGrant('AReceiptsRead')).toBe('COBRANZA');
    expect(moduleOfGrant('OCardsCreate')).toBe('PAGO_EN_LINEA');
    expect(moduleOfGrant('ACfdiCreate')).toBe('FACTURACION');
    expect(moduleOfGrant('SecVehicleRead')).toBe('ACCESO_VEHICULAR');
    expect(moduleOfGrant('SecVisitorsRead')).toBe('VISITAS');
    // Booking an amenity needs no module; returning a deposit moves money (COBRANZA).
    expect(moduleOfGrant('OAmenitiesScheduleCreate')).toBe('BASE');
    expect(moduleOfGrant('AAmenitiesScheduleDelete')).toBe('BASE');
    expect(moduleOfGrant('AAmenitiesDepositReturn')).toBe('COBRANZA');
  });
  it('keeps only the grants of active modules', () => {
    const grants = effectiveGrants(DEFAULT_ROLES.ADMIN.grants, ['BASE']);
    expect(grants).toContain('AHousesRead');
    expect(grants).not.toContain('AReceiptsRead');
    expect(grants).not.toContain('AVisitorsRead');
    expect(effectiveGrants(DEFAULT_ROLES.ADMIN.grants, ['BASE', 'VISITAS'])).toContain('AVisitorsRead');
  });
});

describe('disabledModuleOf', () => {
  it('names the switched-off module of a route, and nothing when the route is open or of BASE', () => {
    expect(disabledModuleOf(['CAccountsRead'], ['BASE'])).toBe('COBRANZA');
    expect(disabledModuleOf(['CAccountsRead'], ['BASE', 'COBRANZA'])).toBeNull();
    expect(disabledModuleOf(['CTaxRead'], ['BASE', 'COBRANZA'])).toBe('FACTURACION');
    expect(disabledModuleOf(['CStreetsRead', 'CStreetsCreate'], ['BASE'])).toBeNull();
    expect(disabledModuleOf([], ['BASE'])).toBeNull();
    // Grants of two modules: the route may open through either, so no single module is to blame.
    expect(disabledModuleOf(['AVisitorsRead', 'AReceiptsRead'], ['BASE'])).toBeNull();
  });
});

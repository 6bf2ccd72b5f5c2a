import { describe, expect, it } from 'vitest';
import { hasTag, plateKey, STATE_CODES, vehicleFields, vehicleIcon, vehicleStatus } from './vehicles.js';

const none = { requiredVehicleRevision: false, requiredVehicleTag: false, requiredVehicleAuthorization: false };
const all = { requiredVehicleRevision: true, requiredVehicleTag: true, requiredVehicleAuthorization: true };
const blank = { tagTypeId: null, tagNumber: null, inspectedAt: null, authorizedAt: null, rejectedAt: null };
const at = new Date('2026-11-01T00:00:00Z');

describe('vehicles', () => {
  it('knows the 32 states and EXT', () => {
    expect(STATE_CODES).toHaveLength(33);
    expect(STATE_CODES).toContain('CMX');
    expect(STATE_CODES).toContain('EXT');
  });

  it('reads a plate by its letters and digits in capitals', () => {
    expect(plateKey(' ujk-482 c ')).toBe('UJK482C');
    expect(plateKey('ÑÁB·12')).toBe('NAB12');
  });

  it('gives the status the community’s flags ask for', () => {
    expect(vehicleStatus(none, blank)).toBe('ACTIVE');
    expect(vehicleStatus(all, blank)).toBe('INCOMPLETE');
    expect(vehicleStatus({ ...none, requiredVehicleRevision: true }, { ...blank, inspectedAt: at })).toBe('ACTIVE');
    expect(vehicleStatus({ ...none, requiredVehicleTag: true }, { ...blank, tagTypeId: -1, tagNumber: null })).toBe('INCOMPLETE');
    expect(vehicleStatus({ ...none, requiredVehicleTag: true }, { ...blank, tagTypeId: -2, tagNumber: 'X-1' })).toBe('ACTIVE');
    expect(vehicleStatus(all, { tagTypeId: 3, tagNumber: 'I-1', inspectedAt: at, authorizedAt: null, rejectedAt: null })).toBe('PENDING_AUTHORIZATION');
    expect(vehicleStatus(all, { tagTypeId: 3, tagNumber: 'I-1', inspectedAt: at, authorizedAt: at, rejectedAt: null })).toBe('ACTIVE');
    expect(vehicleStatus(none, { ...blank, rejectedAt: at })).toBe('INCOMPLETE');
  });

  it('draws the icon of the spec', () => {
    expect(vehicleIcon('ACTIVE', true)).toBe('check');
    expect(vehicleIcon('INCOMPLETE', true)).toBe('hourglass');
    expect(vehicleIcon('PENDING_AUTHORIZATION', false)).toBe('clock');
    expect(vehicleIcon('INCOMPLETE', false)).toBe('banned');
  });

  it('checks the form with the flags: tag types by who registers, a tag number with a tag, plates and states', () => {
    const house = vehicleFields(all, false);
    const admin = vehicleFields(all, true);
    expect(house.parse({ plate: 'abc 123', state: 'que', tagTypeId: -1, tagNumber: 'kept?' })).toMatchObject({
      plate: 'ABC 123',
      state: 'QUE',
      type: 'CAR',
      tagNumber: null,
    });
    const issues = (r: ReturnType<typeof house.safeParse>) => (r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    expect(issues(admin.safeParse({ plate: 'ABC123', state: 'QUE', tagTypeId: -1 }))).toEqual(['tagTypeId: El tipo de tag no es válido']);
    expect(issues(house.safeParse({ plate: 'ABC123', state: 'QUE' }))).toEqual(['tagTypeId: El tipo de tag es requerido']);
    expect(issues(house.safeParse({ plate: 'ABC123', state: 'QUE', tagTypeId: 3 }))).toEqual(['tagNumber: El número de tag es requerido']);
    expect(issues(vehicleFields(none, false).safeParse({ plate: 'A-1', state: 'XX' }))).toEqual([
      'plate: Las placas deben tener de 3 a 10 letras o números',
      'state: El estado de las placas es requerido',
    ]);
    expect(issues(vehicleFields(none, false).safeParse({ plate: '', state: 'QUE' }))).toEqual(['plate: Las placas son requeridas']);
    expect(hasTag({ tagTypeId: 3, tagNumber: '' })).toBe(false);
    // The administration keeps a house's «No tengo tag» when it edits that vehicle.
    expect(vehicleFields(all, true, -1).safeParse({ plate: 'ABC123', state: 'QUE', tagTypeId: -1 }).success).toBe(true);
    expect(vehicleFields(all, true, -1).safeParse({ plate: 'ABC123', state: 'QUE', tagTypeId: -2 }).success).toBe(false);
  });
});

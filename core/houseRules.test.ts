import { describe, expect, it } from 'vitest';
import {
  composedCatastral,
  dropUnusedLocation,
  lockHeldByOther,
  missingLocation,
  pendingStatus,
  requiredLocationFields,
  transition,
  type HouseCompleteness,
} from './houseRules.js';
import { templateFlags, templateFor } from './houseTypes.js';
import { houseLabel } from './houseLabel.js';

const avenue = templateFlags(templateFor('NEIGHBORHOOD', 'Propiedad en avenida')!);
const apartment = templateFlags(templateFor('NEIGHBORHOOD', 'Propiedad en condominio')!);
const complete: HouseCompleteness = { hasOwner: true, hasHouseType: true, missingLocation: [], initialBalanceSet: true };

describe('location fields', () => {
  it('lists the fields a type requires, in form order', () => {
    expect(requiredLocationFields(avenue)).toEqual(['block', 'lot', 'streetId', 'exteriorNumber']);
    expect(requiredLocationFields(apartment)).toEqual(['condominiumId', 'interiorNumber']);
  });

  it('drops the fields the type does not require and keeps the others', () => {
    const house = { block: '3', lot: '7', streetId: 4, exteriorNumber: '120', interiorNumber: 'B', condominiumId: 2, mallId: 1, dimension: '90' };
    expect(dropUnusedLocation(house, avenue)).toEqual({
      block: '3',
      lot: '7',
      streetId: 4,
      exteriorNumber: '120',
      interiorNumber: null,
      condominiumId: null,
      mallId: null,
      dimension: null,
    });
    expect(dropUnusedLocation(house, apartment)).toMatchObject({ block: null, streetId: null, interiorNumber: 'B', condominiumId: 2 });
  });

  it('names the required fields that are empty', () => {
    expect(missingLocation({ block: '3', lot: ' ', streetId: null }, avenue)).toEqual(['Lote', 'Calle', 'Número exterior']);
    expect(missingLocation({ block: '3', lot: '1', streetId: 2, exteriorNumber: '10' }, avenue)).toEqual([]);
  });

  it('composes the cadastral key only for INTERIOR_NUMBER_COMPOSED types', () => {
    expect(composedCatastral('INTERIOR_NUMBER_COMPOSED', { prefix: 'Plaza Sol', interiorNumber: 'l-12' })).toBe('PLAZA SOL-L-12');
    expect(composedCatastral('UNIQUE', { prefix: 'Plaza Sol', interiorNumber: 'L-12' })).toBeNull();
    expect(composedCatastral('INTERIOR_NUMBER_COMPOSED', { prefix: 'X', interiorNumber: null })).toBeNull();
  });

  it('labels a house by interior number, exterior number, block and lot, or cadastral key', () => {
    expect(houseLabel({ interiorNumber: 'A-1', exteriorNumber: '5' })).toBe('A-1');
    expect(houseLabel({ exteriorNumber: '5', block: '1', lot: '2' })).toBe('5');
    expect(houseLabel({ block: '1', lot: '2', catastral: 'K' })).toBe('M1B2');
    expect(houseLabel({ block: '1', catastral: 'K' })).toBe('K');
  });
});

describe('status', () => {
  it('derives the pending status from what the house lacks', () => {
    expect(pendingStatus(complete)).toBe('NEW');
    expect(pendingStatus({ ...complete, initialBalanceSet: false })).toBe('MISSING_BALANCE');
    expect(pendingStatus({ ...complete, hasOwner: false, initialBalanceSet: false })).toBe('INCOMPLETE');
    expect(pendingStatus({ ...complete, missingLocation: ['Lote'] })).toBe('INCOMPLETE');
  });

  it('activates a complete house from any pending status, and says what is missing otherwise', () => {
    for (const from of ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'] as const) expect(transition(from, 'activate', complete)).toEqual({ status: 'ACTIVE' });
    expect(transition('NEW', 'activate', { ...complete, hasOwner: false, missingLocation: ['Calle'] })).toEqual({
      refused: 'Faltan datos para activar la propiedad: Propietario, Calle',
    });
    expect(transition('MISSING_BALANCE', 'activate', { ...complete, initialBalanceSet: false })).toEqual({
      refused: 'Indica el saldo inicial para activar la propiedad',
    });
    expect(transition('ACTIVE', 'activate', complete)).toHaveProperty('refused');
    expect(transition('DELETED', 'activate', complete)).toHaveProperty('refused');
  });

  it('blocks only active houses, unblocks only blocked ones, deletes any live house and reactivates deleted ones', () => {
    expect(transition('ACTIVE', 'block', complete)).toEqual({ status: 'BLOCKED' });
    expect(transition('NEW', 'block', complete)).toEqual({ refused: 'Solo se puede bloquear una propiedad activa' });
    expect(transition('BLOCKED', 'unblock', complete)).toEqual({ status: 'ACTIVE' });
    expect(transition('ACTIVE', 'unblock', complete)).toHaveProperty('refused');
    for (const from of ['NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED'] as const)
      expect(transition(from, 'delete', complete)).toEqual({ status: 'DELETED' });
    expect(transition('DELETED', 'delete', complete)).toEqual({ refused: 'La propiedad ya fue eliminada' });
    expect(transition('DELETED', 'reactivate', complete)).toEqual({ status: 'ACTIVE' });
    expect(transition('DELETED', 'reactivate', { ...complete, hasOwner: false })).toEqual({ status: 'INCOMPLETE' });
    expect(transition('ACTIVE', 'reactivate', complete)).toHaveProperty('refused');
  });
});

describe('edit lock', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('holds for someone else for 15 minutes, never for the holder', () => {
    const lock = { lockedByUserId: 7, lockedAt: new Date('2026-11-21T11:50:00Z') };
    expect(lockHeldByOther(lock, 8, now)).toBe(true);
    expect(lockHeldByOther(lock, 7, now)).toBe(false);
    expect(lockHeldByOther({ lockedByUserId: 7, lockedAt: new Date('2026-11-21T11:40:00Z') }, 8, now)).toBe(false);
    expect(lockHeldByOther({ lockedByUserId: null, lockedAt: null }, 8, now)).toBe(false);
  });
});

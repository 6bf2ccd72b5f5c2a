import { describe, expect, it } from 'vitest';
import type { HouseTypeFlags } from '../../../../../../core/houseRules.js';
import { EMPTY_HOUSE, houseFormSchema, houseInput } from './schema.js';

const none: HouseTypeFlags = {
  requireDimension: false,
  requireCondominium: false,
  requireBlock: false,
  requireLot: false,
  requireStreet: false,
  requireExteriorNumber: false,
  requireInteriorNumber: false,
  requireMall: false,
};
const avenue: HouseTypeFlags = { ...none, requireStreet: true, requireExteriorNumber: true };
const condo: HouseTypeFlags = { ...none, requireCondominium: true, requireInteriorNumber: true };
const TYPES = new Map([
  ['type-avenue', avenue],
  ['type-condo', condo],
]);

const schema = (restrictVehicles = false) => houseFormSchema({ flagsOf: (id) => TYPES.get(id) ?? null, restrictVehicles });
const issues = (result: ReturnType<ReturnType<typeof schema>['safeParse']>) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('house form schema (derived from core/houses.ts)', () => {
  it('asks the type first, then the location fields the type requires, with the server messages', () => {
    expect(issues(schema().safeParse(EMPTY_HOUSE))).toEqual({ houseTypeId: 'Elige un tipo de propiedad' });
    expect(issues(schema().safeParse({ ...EMPTY_HOUSE, houseTypeId: 'type-avenue' }))).toEqual({
      streetId: 'Calle es requerido para este tipo de propiedad',
      exteriorNumber: 'Número exterior es requerido para este tipo de propiedad',
    });
    expect(issues(schema().safeParse({ ...EMPTY_HOUSE, houseTypeId: 'type-condo', interiorNumber: '4' }))).toEqual({
      condominiumName: 'Condominio es requerido para este tipo de propiedad',
    });
    expect(issues(schema(true).safeParse({ ...EMPTY_HOUSE, houseTypeId: 'type-condo', interiorNumber: '4', condominiumName: 'Torre A' }))).toEqual({
      parkingSpots: 'Los cajones de estacionamiento son requeridos',
    });
  });

  it('takes the owner as a whole: all blank is no owner, anything typed needs e-mail and name', () => {
    const base = { ...EMPTY_HOUSE, houseTypeId: 'type-condo', interiorNumber: '4', condominiumName: 'Torre A' };
    expect(schema().parse(base).owner).toBeNull();
    expect(issues(schema().safeParse({ ...base, owner: { ...EMPTY_HOUSE.owner, mobile: '123' } }))).toMatchObject({
      'owner.email': expect.any(String),
      'owner.firstName': 'El nombre del propietario es requerido',
      'owner.mobile': 'El celular debe tener 10 dígitos',
    });
    expect(schema().parse({ ...base, owner: { ...EMPTY_HOUSE.owner, email: ' Ana@Correo.MX ', firstName: 'Ana', mobile: '442 123 4567' } }).owner).toEqual({
      email: 'ana@correo.mx',
      firstName: 'Ana',
      lastName: null,
      mobile: '4421234567',
      landline: null,
    });
  });

  it('sends blank inputs as null and drops the location fields the type does not ask', () => {
    const values = schema().parse({
      ...EMPTY_HOUSE,
      houseTypeId: 'type-condo',
      catastral: 'olv-9',
      interiorNumber: '4',
      condominiumName: 'torre a',
      exteriorNumber: '99',
      streetId: 'street-1',
      parkingSpots: 2,
      initialBalance: '-1500',
    });
    const input = houseInput(values, condo, { condominiums: [{ databaseId: 7, name: 'Torre A' }], malls: [] }, true);
    expect(input).toMatchObject({
      catastral: 'OLV-9',
      interiorNumber: '4',
      exteriorNumber: null,
      streetId: null,
      dimension: null,
      condominiumId: 7,
      condominiumName: null,
      parkingSpots: 2,
      initialBalance: '-1500.00',
      balanceReason: null,
      owner: null,
      activate: true,
    });
    const fresh = houseInput({ ...values, condominiumName: 'Torre Nueva' }, condo, { condominiums: [{ databaseId: 7, name: 'Torre A' }], malls: [] }, false);
    expect(fresh).toMatchObject({ condominiumId: null, condominiumName: 'Torre Nueva' });
  });
});

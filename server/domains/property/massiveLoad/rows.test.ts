import { describe, expect, it } from 'vitest';
import { COLUMNS, type SheetRow } from './sheet.js';
import { validateRows, type LoadHouseType } from './rows.js';

const flags = {
  requireDimension: false,
  requireCondominium: false,
  requireBlock: false,
  requireLot: false,
  requireStreet: false,
  requireExteriorNumber: false,
  requireInteriorNumber: false,
  requireMall: false,
};
const avenue: LoadHouseType = {
  id: 1,
  title: 'Propiedad en avenida',
  catastralAlgorithm: 'UNIQUE',
  ...flags,
  requireBlock: true,
  requireLot: true,
  requireStreet: true,
  requireExteriorNumber: true,
};
const shop: LoadHouseType = {
  id: 2,
  title: 'Local comercial',
  catastralAlgorithm: 'INTERIOR_NUMBER_COMPOSED',
  ...flags,
  requireDimension: true,
  requireInteriorNumber: true,
  requireMall: true,
};
const types = [avenue, shop];

let n = 1;
function row(values: Partial<SheetRow>): SheetRow {
  const empty = Object.fromEntries(COLUMNS.map((c) => [c.key, ''])) as Record<(typeof COLUMNS)[number]['key'], string>;
  return { ...empty, row: ++n, ...values };
}
const good = (values: Partial<SheetRow> = {}) =>
  row({
    houseType: 'Propiedad en avenida',
    catastral: 'c-1',
    block: '1',
    lot: '2',
    street: 'Calle Roble',
    exteriorNumber: '10',
    ownerFirstName: 'Ana',
    ownerEmail: 'Ana@Correo.mx',
    ...values,
  });

describe('massive load row validation', () => {
  it('accepts a complete row, normalizing key, e-mail, phones and amounts, and drops unused location fields', () => {
    const { valid, errors } = validateRows([good({ interiorNumber: '5', mall: 'Plaza X', mobile: '442 123 4567', initialBalance: '$1,500.50' })], types, {
      restrictVehicles: false,
    });
    expect(errors).toEqual([]);
    expect(valid[0]).toMatchObject({
      catastral: 'C-1',
      interiorNumber: null,
      mall: null,
      street: 'Calle Roble',
      initialBalance: '1500.50',
      owner: { email: 'ana@correo.mx', firstName: 'Ana', lastName: null, mobile: '4421234567', landline: null },
    });
  });

  it('reports every error of every row', () => {
    const { valid, errors } = validateRows(
      [
        good({ exteriorNumber: '', lot: '', ownerEmail: 'no-es-correo', ownerFirstName: '' }),
        row({ houseType: 'Castillo' }),
        row({ catastral: 'X' }),
        good({ catastral: 'c-9', dimension: 'grande', parkingSpots: '2.5', initialBalance: '10.123', mobile: '123', ownerEmail: '' }),
      ],
      types,
      { restrictVehicles: false },
    );
    expect(valid).toEqual([]);
    expect(errors.map((e) => e.errors)).toEqual([
      ['El correo del propietario no es válido', 'Falta el nombre del propietario', 'Falta el lote', 'Falta el número exterior'],
      ['El tipo de propiedad «Castillo» no existe en la comunidad'],
      ['Falta el tipo de propiedad'],
      [
        'La dimensión debe ser un número con hasta dos decimales',
        'Los cajones de estacionamiento deben ser un número entero de 0 a 99',
        'El saldo inicial debe ser una cantidad con hasta dos decimales',
        'Falta el correo del propietario',
        'El celular debe tener 10 dígitos',
      ],
    ]);
    expect(errors[0].catastral).toBe('c-1');
  });

  it('requires the location fields of the type and parking spots when the community restricts vehicles', () => {
    const { errors } = validateRows([row({ houseType: 'local comercial' })], types, { restrictVehicles: true });
    expect(errors[0].errors).toEqual(['Los cajones de estacionamiento son requeridos', 'Falta la dimensión', 'Falta el número interior', 'Falta la plaza']);
  });

  it('composes the cadastral key of INTERIOR_NUMBER_COMPOSED types', () => {
    const { valid } = validateRows([row({ houseType: 'Local comercial', mall: 'Plaza Sol', interiorNumber: 'l-3', dimension: '45.5' })], types, {
      restrictVehicles: false,
    });
    expect(valid[0].catastral).toBe('PLAZA SOL-L-3');
  });

  it('finds duplicates inside the sheet by cadastral key, or by location without one', () => {
    const { errors, valid } = validateRows(
      [
        good({ catastral: 'A' }),
        good({ catastral: 'a' }),
        good({ catastral: '', exteriorNumber: '7' }),
        good({ catastral: '', exteriorNumber: '7', street: 'calle roble' }),
      ],
      types,
      { restrictVehicles: false },
    );
    expect(valid).toHaveLength(2);
    expect(errors.map((e) => e.errors[0])).toEqual([
      `La clave catastral A está repetida en la fila ${errors[0].row - 1}`,
      `La ubicación está repetida en la fila ${errors[1].row - 1}`,
    ]);
  });
});

// Validation of the massive-load rows, without I/O: every row is checked and every error reported
// (spec 1 section 8: the failure lists the houses with their errors), so the administrator fixes the
// whole sheet at once. Nothing is imported while any row has an error.
import {
  composedCatastral,
  dropUnusedLocation,
  LOCATION_FIELD_LABELS,
  missingLocation,
  requiredLocationFields,
  type HouseTypeFlags,
  type LocationField,
} from '../../../../core/houseRules.js';
import { email as emailCheck, integer, normalizePhone } from '../../../../core/validators.js';
import { COLUMNS, type ColumnKey, type SheetRow } from './sheet.js';
import { formatMoney, parseMoney } from '../../../../core/money.js';

export interface LoadHouseType extends HouseTypeFlags {
  id: number;
  title: string;
  catastralAlgorithm: 'UNIQUE' | 'INTERIOR_NUMBER_COMPOSED';
}

export interface RowErrors {
  row: number;
  catastral: string | null;
  errors: string[];
}

export interface OwnerRow {
  email: string;
  firstName: string;
  lastName: string | null;
  mobile: string | null;
  landline: string | null;
}

/** A row that passed every check, with the location fields its type does not require dropped (null). */
export interface ValidRow {
  row: number;
  type: LoadHouseType;
  catastral: string | null;
  block: string | null;
  lot: string | null;
  exteriorNumber: string | null;
  interiorNumber: string | null;
  street: string | null;
  condominium: string | null;
  mall: string | null;
  dimension: string | null;
  parkingSpots: number | null;
  initialBalance: string | null;
  owner: OwnerRow | null;
  /** Type and required location fields: identifies a house that has no cadastral key. */
  locationKey: string;
}

const MAX_LENGTH: Partial<Record<ColumnKey, number>> = {
  catastral: 60,
  block: 20,
  lot: 20,
  exteriorNumber: 20,
  interiorNumber: 20,
  street: 120,
  condominium: 120,
  mall: 120,
  ownerFirstName: 80,
  ownerLastName: 80,
  ownerEmail: 254,
};

const FEMININE: ReadonlySet<LocationField> = new Set(['dimension', 'block', 'streetId', 'mallId']);
const LABEL_FIELD = new Map(Object.entries(LOCATION_FIELD_LABELS).map(([field, label]) => [label, field as LocationField]));

/** "Falta el número exterior", "Falta la manzana". */
function missingMessage(label: string): string {
  const field = LABEL_FIELD.get(label);
  return `Falta ${field && FEMININE.has(field) ? 'la' : 'el'} ${label.replace(/ \(.*\)$/, '').toLowerCase()}`;
}

const header = (key: ColumnKey) => COLUMNS.find((c) => c.key === key)!.header;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
/** "$1,500.50" -> "1500.50"; spreadsheets often carry currency formatting in text cells. */
const plainNumber = (text: string) => text.replace(/[$,\s]/g, '');

/** Key of a house's location: the type and the location fields it requires (dimension is a size, not a place). */
export function locationKey(typeId: number, type: HouseTypeFlags, values: Partial<Record<LocationField, string | null>>): string {
  const parts = requiredLocationFields(type)
    .filter((f) => f !== 'dimension')
    .map((f) => `${f}=${fold(values[f] ?? '')}`);
  return [`type=${typeId}`, ...parts].join('|');
}

export function validateRows(rows: SheetRow[], types: LoadHouseType[], options: { restrictVehicles: boolean }): { valid: ValidRow[]; errors: RowErrors[] } {
  const typeByTitle = new Map(types.map((t) => [fold(t.title), t]));
  const valid: ValidRow[] = [];
  const errors: RowErrors[] = [];
  const firstRowOfCatastral = new Map<string, number>();
  const firstRowOfLocation = new Map<string, number>();

  for (const raw of rows) {
    const issues: string[] = [];
    for (const [key, max] of Object.entries(MAX_LENGTH) as [ColumnKey, number][]) {
      if (raw[key].length > max) issues.push(`${header(key)} debe tener como máximo ${max} caracteres`);
    }

    const type = raw.houseType ? typeByTitle.get(fold(raw.houseType)) : undefined;
    if (!raw.houseType) issues.push('Falta el tipo de propiedad');
    else if (!type) issues.push(`El tipo de propiedad «${raw.houseType}» no existe en la comunidad`);

    const dimension = orNull(plainNumber(raw.dimension));
    if (dimension !== null && !/^\d{1,8}(\.\d{1,2})?$/.test(dimension)) issues.push('La dimensión debe ser un número con hasta dos decimales');

    const parking = orNull(raw.parkingSpots);
    let parkingSpots: number | null = null;
    if (parking !== null) {
      if (integer(parking) !== null || Number(parking) < 0 || Number(parking) > 99)
        issues.push('Los cajones de estacionamiento deben ser un número entero de 0 a 99');
      else parkingSpots = Number(parking);
    } else if (options.restrictVehicles) {
      issues.push('Los cajones de estacionamiento son requeridos');
    }

    // Money through core/money.ts: the typed text, never a float.
    const balanceText = orNull(plainNumber(raw.initialBalance));
    const balance = balanceText === null ? null : parseMoney(balanceText);
    if (balanceText !== null && balance === null) issues.push('El saldo inicial debe ser una cantidad con hasta dos decimales');
    const initialBalance = balance === null ? null : formatMoney(balance);

    const ownerEmail = orNull(raw.ownerEmail)?.toLowerCase() ?? null;
    const ownerFirstName = orNull(raw.ownerFirstName);
    const mobileText = orNull(raw.mobile);
    const landlineText = orNull(raw.landline);
    const mobile = mobileText && normalizePhone(mobileText);
    const landline = landlineText && normalizePhone(landlineText);
    if (ownerEmail) {
      if (emailCheck(ownerEmail) !== null) issues.push('El correo del propietario no es válido');
      if (!ownerFirstName) issues.push('Falta el nombre del propietario');
    } else if (ownerFirstName || orNull(raw.ownerLastName) || mobileText || landlineText) {
      issues.push('Falta el correo del propietario');
    }
    if (mobileText && !mobile) issues.push('El celular debe tener 10 dígitos');
    if (landlineText && !landline) issues.push('El teléfono fijo debe tener 10 dígitos');

    let row: ValidRow | null = null;
    if (type) {
      const location = dropUnusedLocation(
        {
          dimension,
          block: orNull(raw.block),
          lot: orNull(raw.lot),
          exteriorNumber: orNull(raw.exteriorNumber),
          interiorNumber: orNull(raw.interiorNumber),
          streetId: orNull(raw.street),
          condominiumId: orNull(raw.condominium),
          mallId: orNull(raw.mall),
        },
        type,
      );
      issues.push(...missingLocation(location, type).map(missingMessage));
      const catastral =
        orNull(raw.catastral)?.toUpperCase() ??
        composedCatastral(type.catastralAlgorithm, { prefix: location.mallId ?? location.condominiumId, interiorNumber: location.interiorNumber });
      row = {
        row: raw.row,
        type,
        catastral,
        block: location.block,
        lot: location.lot,
        exteriorNumber: location.exteriorNumber,
        interiorNumber: location.interiorNumber,
        street: location.streetId,
        condominium: location.condominiumId,
        mall: location.mallId,
        dimension: location.dimension,
        parkingSpots,
        initialBalance,
        owner: ownerEmail && ownerFirstName ? { email: ownerEmail, firstName: ownerFirstName, lastName: orNull(raw.ownerLastName), mobile, landline } : null,
        locationKey: locationKey(type.id, type, location),
      };
      // Duplicates inside the sheet: the same cadastral key, or (without one) the same place.
      if (catastral) {
        const first = firstRowOfCatastral.get(catastral);
        if (first !== undefined) issues.push(`La clave catastral ${catastral} está repetida en la fila ${first}`);
        else firstRowOfCatastral.set(catastral, raw.row);
      } else if (!issues.length) {
        const first = firstRowOfLocation.get(row.locationKey);
        if (first !== undefined) issues.push(`La ubicación está repetida en la fila ${first}`);
        else firstRowOfLocation.set(row.locationKey, raw.row);
      }
    }

    if (issues.length || !row) errors.push({ row: raw.row, catastral: orNull(raw.catastral), errors: issues });
    else valid.push(row);
  }
  return { valid, errors };
}

// The spreadsheet of the massive load: its columns, the template, reading an upload and writing the
// export. exceljs does the XLSX work; this file knows only the layout.
import { MASSIVE_LOAD_MAX_BYTES } from '../../../../core/houses.js';
import type ExcelJS from 'exceljs';
import { onFirstUse } from '../../../infra/onFirstUse.js';

const excel = onFirstUse<typeof ExcelJS>('exceljs');
import { inspectZip, isZipProblem } from '../../../infra/files/zipGuard.js';
import { HOUSE_STATUS_LABELS, LOCATION_FIELD_LABELS, requiredLocationFields, type HouseStatus, type HouseTypeFlags } from '../../../../core/houseRules.js';

/** The columns of the template, in order: the key of each value in a row and its Spanish header. */
export const COLUMNS = [
  {
    key: 'houseType',
    header: 'Tipo de propiedad',
    width: 26,
    help: 'Título de uno de los tipos de propiedad de la comunidad (lista al final de esta hoja). Requerido.',
  },
  {
    key: 'catastral',
    header: 'Clave catastral',
    width: 18,
    help: 'Clave catastral de la propiedad. Si se deja vacía, la propiedad se identifica por su tipo y su ubicación.',
  },
  { key: 'block', header: 'Manzana', width: 10, help: 'Manzana (máximo 20 caracteres).' },
  { key: 'lot', header: 'Lote', width: 10, help: 'Lote (máximo 20 caracteres).' },
  { key: 'street', header: 'Calle', width: 24, help: 'Nombre de la calle; si no existe en la comunidad, se crea.' },
  { key: 'exteriorNumber', header: 'Número exterior', width: 16, help: 'Número exterior (máximo 20 caracteres).' },
  { key: 'interiorNumber', header: 'Número interior', width: 16, help: 'Número interior (máximo 20 caracteres).' },
  { key: 'condominium', header: 'Condominio', width: 20, help: 'Nombre del condominio; si no existe en la comunidad, se crea.' },
  { key: 'mall', header: 'Plaza', width: 20, help: 'Nombre de la plaza comercial; si no existe en la comunidad, se crea.' },
  { key: 'dimension', header: 'Dimensión (m²)', width: 14, help: 'Superficie en metros cuadrados, con hasta dos decimales.' },
  { key: 'parkingSpots', header: 'Cajones de estacionamiento', width: 14, help: 'Número entero de 0 a 99. Requerido si la comunidad restringe vehículos.' },
  {
    key: 'initialBalance',
    header: 'Saldo inicial',
    width: 14,
    help: 'Opcional. Cantidad con hasta dos decimales: positiva es saldo a favor, negativa es adeudo. Vacío deja la propiedad «Sin saldo inicial».',
  },
  { key: 'ownerFirstName', header: 'Nombre del propietario', width: 22, help: 'Requerido cuando se indica el correo del propietario.' },
  { key: 'ownerLastName', header: 'Apellidos del propietario', width: 22, help: 'Opcional.' },
  {
    key: 'ownerEmail',
    header: 'Correo del propietario',
    width: 28,
    help: 'Correo del propietario: se le crea una cuenta si no tiene. Sin propietario, la propiedad queda «Incompleta».',
  },
  { key: 'mobile', header: 'Celular', width: 14, help: 'Opcional, 10 dígitos.' },
  { key: 'landline', header: 'Teléfono fijo', width: 14, help: 'Opcional, 10 dígitos.' },
] as const;

export type ColumnKey = (typeof COLUMNS)[number]['key'];
/** One data row of the sheet as text (empty cells are ''), with its row number in the sheet. */
export type SheetRow = Record<ColumnKey, string> & { row: number };

export const EXPORT_EXTRA_COLUMNS = [
  { key: 'status', header: 'Estado', width: 18 },
  { key: 'ownerAccount', header: 'Cuenta del propietario', width: 20 },
] as const;

export const MAX_ROWS = 5000;
export const MAX_FILE_BYTES = MASSIVE_LOAD_MAX_BYTES;
/** Uncompressed size of the whole XLSX (a 5,000-row sheet is a few MB): past it the file is refused unparsed. */
export const MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const HOUSES_SHEET = 'Propiedades';

export class SheetError extends Error {}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE7F0' } };

function addHousesSheet(workbook: ExcelJS.Workbook, extra: readonly { key: string; header: string; width: number }[] = []) {
  const sheet = workbook.addWorksheet(HOUSES_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [...COLUMNS, ...extra].map((c) => ({ key: c.key, header: c.header, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => (cell.fill = HEADER_FILL));
  return sheet;
}

export interface TemplateType extends HouseTypeFlags {
  title: string;
}

/**
 * The template: the Propiedades sheet with the headers and a list validation of the community's type
 * titles, and an Instrucciones sheet explaining each column and what each type requires.
 */
export async function templateWorkbook(types: TemplateType[], options: { restrictVehicles: boolean }): Promise<Buffer> {
  const workbook = new (excel().Workbook)();
  workbook.creator = 'Comunidad';
  const sheet = addHousesSheet(workbook);
  const help = workbook.addWorksheet('Instrucciones');
  help.columns = [
    { key: 'a', width: 30 },
    { key: 'b', width: 90 },
  ];
  help.addRow(['Carga masiva de propiedades']).font = { bold: true, size: 14 };
  help.addRow([
    `Llena una fila por propiedad en la hoja «${HOUSES_SHEET}» sin cambiar los encabezados (máximo ${MAX_ROWS.toLocaleString('en-US')} filas, archivo .xlsx de hasta 5 MB).`,
  ]);
  help.addRow(['Si alguna fila tiene errores no se importa ninguna propiedad y se indican los errores de cada fila.']);
  help.addRow(['Una propiedad que ya existe (misma clave catastral o, sin clave, mismo tipo y ubicación) se actualiza en lugar de duplicarse.']);
  if (options.restrictVehicles) help.addRow(['Esta comunidad restringe vehículos: los cajones de estacionamiento son requeridos.']);
  help.addRow([]);
  help.addRow(['Columna', 'Descripción']).font = { bold: true };
  for (const column of COLUMNS) help.addRow([column.header, column.help]);
  help.addRow([]);
  help.addRow(['Tipo de propiedad', 'Campos de ubicación requeridos']).font = { bold: true };
  const firstTypeRow = help.rowCount + 1;
  for (const type of types) {
    const required = requiredLocationFields(type).map((f) => LOCATION_FIELD_LABELS[f]);
    help.addRow([type.title, required.length ? required.join(', ') : 'Ninguno']);
  }
  if (types.length) {
    // A list validation pointing at the titles above (an inline list is limited to 255 characters).
    const validations = (sheet as unknown as { dataValidations: { add: (range: string, v: ExcelJS.DataValidation) => void } }).dataValidations;
    validations.add(`A2:A${MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`Instrucciones!$A$${firstTypeRow}:$A$${firstTypeRow + types.length - 1}`],
      showErrorMessage: true,
      errorTitle: 'Tipo de propiedad',
      error: 'Elige uno de los tipos de propiedad de la comunidad',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Text of a cell whatever Excel stored: numbers, rich text, hyperlinks (e-mails), formulas, dates. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The data rows of an upload. Refuses files that are not XLSX, headers that are not the template's,
 * sheets without rows and sheets above the row limit; empty rows are skipped.
 */
export async function readSheet(bytes: Uint8Array): Promise<SheetRow[]> {
  // Refused before parsing: an archive that expands past the limit (zip bomb) or a sheet with too many rows.
  const zip = inspectZip(bytes, { maxUncompressedBytes: MAX_UNCOMPRESSED_BYTES, maxEntries: 1_000, maxSheetRows: MAX_ROWS + 1 });
  if (isZipProblem(zip)) {
    if (zip.kind === 'tooLarge')
      throw new SheetError(`La hoja de cálculo es demasiado grande: descomprimida debe ocupar como máximo ${MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB`);
    if (zip.kind === 'tooManyRows') throw new SheetError(tooManyRows());
    throw new SheetError('El archivo no es una hoja de cálculo de Excel (.xlsx) válida');
  }
  const workbook = new (excel().Workbook)();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as never);
  } catch {
    throw new SheetError('El archivo no es una hoja de cálculo de Excel (.xlsx) válida');
  }
  const sheet = workbook.getWorksheet(HOUSES_SHEET) ?? workbook.worksheets[0];
  if (!sheet) throw new SheetError('El archivo no tiene hojas');
  const header = sheet.getRow(1);
  const wrong = COLUMNS.map((c, i) => ({ expected: c.header, found: cellText(header.getCell(i + 1).value) })).filter(
    (c) => normalizeHeader(c.expected) !== normalizeHeader(c.found),
  );
  if (wrong.length) {
    const first = wrong[0];
    throw new SheetError(
      `Los encabezados no coinciden con la plantilla: se esperaba «${first.expected}»${first.found ? ` y se encontró «${first.found}»` : ''}. Descarga la plantilla y vuelve a intentar`,
    );
  }
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    const values = Object.fromEntries(COLUMNS.map((c, i) => [c.key, cellText(row.getCell(i + 1).value)])) as Record<ColumnKey, string>;
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ ...values, row: r });
    if (rows.length > MAX_ROWS) throw new SheetError(tooManyRows());
  }
  if (!rows.length) throw new SheetError('El archivo no tiene propiedades para importar');
  return rows;
}

const tooManyRows = () => `La carga masiva admite como máximo ${MAX_ROWS.toLocaleString('en-US')} propiedades por archivo`;

export type ExportRow = Record<ColumnKey, string | number | null> & { status: HouseStatus; ownerAccount: string | null };

/** The houses list as XLSX: the template's columns plus status and whether the owner has registered. */
export async function exportWorkbook(rows: ExportRow[]): Promise<Buffer> {
  const workbook = new (excel().Workbook)();
  workbook.creator = 'Comunidad';
  const sheet = addHousesSheet(workbook, EXPORT_EXTRA_COLUMNS);
  for (const row of rows) sheet.addRow({ ...row, status: HOUSE_STATUS_LABELS[row.status] });
  for (const key of ['dimension', 'initialBalance'] as const) sheet.getColumn(key).numFmt = '#,##0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

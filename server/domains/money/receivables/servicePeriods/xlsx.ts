// The capture format of a period's measurements: an XLSX with one row per house (house id, label,
// previous reading, current reading), and reading it back once filled. exceljs does the XLSX work; the
// upload is checked by size and as a zip (entries, real uncompressed size, rows) before parsing.
import type ExcelJS from 'exceljs';
import { onFirstUse } from '../../../../infra/onFirstUse.js';

const excel = onFirstUse<typeof ExcelJS>('exceljs');
import { inspectZip, isZipProblem } from '../../../../infra/files/zipGuard.js';
import { cellText } from '../../../property/massiveLoad/sheet.js';
import { createHash } from 'node:crypto';
import type { ServiceContext } from '../../../../kernel/context.js';
import { InputError } from '../../../../kernel/errors.js';
import { importMeasurements, sheetRows, type MeasurementView, type PeriodView } from './service.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SHEET_NAME = 'Mediciones';
export const MAX_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_SHEET_ROWS = 20_000;
const MAX_UNCOMPRESSED_BYTES = 40 * 1024 * 1024;
export const SHEET_TOO_LARGE = 'El archivo debe pesar como máximo 5 MB';
const NOT_XLSX = 'El archivo no es una hoja de cálculo de Excel (.xlsx) válida';

export const SHEET_COLUMNS = [
  { key: 'houseId', header: 'ID de propiedad', width: 16 },
  { key: 'house', header: 'Propiedad', width: 24 },
  { key: 'previous', header: 'Medición anterior', width: 18 },
  { key: 'measurement', header: 'Medición actual', width: 18 },
] as const;

export class CaptureSheetError extends Error {}

export interface CaptureRow {
  row: number;
  houseId: string;
  measurement: string;
}

/** The capture format: readings already captured are filled in, so the sheet also serves as a backup. */
export async function captureWorkbook(title: string, rows: MeasurementView[]): Promise<Buffer> {
  const workbook = new (excel().Workbook)();
  workbook.creator = 'Comunidad';
  workbook.title = title;
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SHEET_COLUMNS.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow({
      houseId: r.houseId,
      house: r.houseLabel,
      previous: Number(r.previous),
      measurement: r.measurement === null ? null : Number(r.measurement),
    });
  }
  sheet.getColumn('previous').numFmt = '0.###';
  sheet.getColumn('measurement').numFmt = '0.###';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** A reading cell as text: numbers keep up to three decimals without a float's tail (12.3000000001 → "12.3"). */
function readingCell(value: ExcelJS.CellValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : 'inválido';
  if (value && typeof value === 'object' && 'result' in value) return readingCell(value.result as ExcelJS.CellValue);
  return cellText(value).replace(',', '.');
}

/** The data rows of an uploaded capture sheet; refuses files that are not XLSX or not the capture format. */
export async function readCaptureSheet(bytes: Uint8Array): Promise<CaptureRow[]> {
  if (bytes.byteLength > MAX_SHEET_BYTES) throw new CaptureSheetError(SHEET_TOO_LARGE);
  const zip = inspectZip(bytes, { maxUncompressedBytes: MAX_UNCOMPRESSED_BYTES, maxEntries: 1_000, maxSheetRows: MAX_SHEET_ROWS + 1 });
  if (isZipProblem(zip)) {
    if (zip.kind === 'tooLarge') throw new CaptureSheetError('La hoja de cálculo es demasiado grande');
    if (zip.kind === 'tooManyRows') throw new CaptureSheetError(`La hoja admite como máximo ${MAX_SHEET_ROWS.toLocaleString('en-US')} filas`);
    throw new CaptureSheetError(NOT_XLSX);
  }
  const workbook = new (excel().Workbook)();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as never);
  } catch {
    throw new CaptureSheetError(NOT_XLSX);
  }
  const sheet = workbook.getWorksheet(SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) throw new CaptureSheetError('El archivo no tiene hojas');
  const header = sheet.getRow(1);
  const wrong = SHEET_COLUMNS.find((c, i) => fold(cellText(header.getCell(i + 1).value)) !== fold(c.header));
  if (wrong) {
    throw new CaptureSheetError(
      `Los encabezados no coinciden con el formato de captura: se esperaba «${wrong.header}». Descarga el formato y vuelve a intentar`,
    );
  }
  const rows: CaptureRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    const houseId = cellText(row.getCell(1).value);
    const measurement = readingCell(row.getCell(4).value);
    if (houseId === '' && measurement === '') continue;
    rows.push({ row: r, houseId, measurement });
  }
  if (!rows.length) throw new CaptureSheetError('El archivo no tiene mediciones para guardar');
  return rows;
}

const fileError = (message: string) => new InputError([{ field: 'file', message }]);

/** The capture format of a period as a download. */
export async function measurementsSheet(ctx: ServiceContext, period: PeriodView) {
  const rows = await sheetRows(ctx, period.id);
  const slug = `${period.serviceDescription}-${period.description}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return {
    fileName: `mediciones-${slug || period.id}.xlsx`,
    contentType: XLSX_TYPE,
    bytes: await captureWorkbook(`${period.serviceDescription} · ${period.description}`, rows),
  };
}

/** Saves the readings of a filled capture sheet: all rows or none (MeasurementsSheetError lists each bad row). */
export async function uploadMeasurements(ctx: ServiceContext, periodId: number, file: File, idempotencyKey?: string | null) {
  if (typeof file.size !== 'number' || file.size > MAX_SHEET_BYTES) throw fileError(SHEET_TOO_LARGE);
  if (file.size === 0) throw fileError('No se ha adjuntado ningún archivo');
  const bytes = new Uint8Array(await file.arrayBuffer());
  let rows: CaptureRow[];
  try {
    rows = await readCaptureSheet(bytes);
  } catch (error) {
    if (error instanceof CaptureSheetError) throw fileError(error.message);
    throw error;
  }
  const digest = createHash('sha256').update(bytes).digest('hex');
  return importMeasurements(ctx, periodId, rows, digest, idempotencyKey);
}

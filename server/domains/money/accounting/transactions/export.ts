// The transactions grid as a streamed file (rows read in batches and written as they come, so a year is
// never one array nor one buffer): XLSX or CSV (UTF-8 with BOM, so Excel reads the accents). A totals row
// and the balances per wallet and per account close the XLSX; the totals row is the sum of the rows above
// it, to the cent.
import { PassThrough, type Readable } from 'node:stream';
import { CentsTotal, formatMoney, type Money } from '../../../../../core/money.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { StreamingWorkbook, XLSX_CONTENT_TYPE } from '../../../../infra/xlsx/streamingWorkbook.js';
import { writeChunk } from '../../../../infra/xlsx/zip.js';
import { registerDownload, type StreamedFile } from '../../../platform/downloads/service.js';
import { DATE_KIND_NAMES, periodDescription } from '../reports/period.js';
import { type ExportedMovement, KIND_NAMES, METHOD_NAMES, type ResolvedFilter, forEachTransactionBatch, transactionBalances } from './service.js';

export const TRANSACTION_COLUMNS = [
  { key: 'date', header: 'Fecha', width: 12 },
  { key: 'source', header: 'Origen', width: 12 },
  { key: 'kind', header: 'Tipo', width: 24 },
  { key: 'house', header: 'Casa', width: 14 },
  { key: 'wallet', header: 'Monedero', width: 22 },
  { key: 'account', header: 'Cuenta', width: 24 },
  { key: 'method', header: 'Método de pago', width: 16 },
  { key: 'reference', header: 'Referencia', width: 14 },
  { key: 'description', header: 'Descripción', width: 40 },
  { key: 'amount', header: 'Importe', width: 16 },
] as const;

const MONEY_FMT = '#,##0.00;[Red]-#,##0.00';

/** A row's cells in TRANSACTION_COLUMNS order. */
function cells(r: ExportedMovement): string[] {
  return [
    r.day,
    r.source === 'HOUSE' ? 'Casa' : 'Comunidad',
    KIND_NAMES[r.kind],
    r.houseLabel ?? '',
    r.walletName ?? '',
    r.accountName ?? '',
    r.paymentMethod ? METHOD_NAMES[r.paymentMethod] : '',
    r.receiptId != null ? `Recibo ${r.receiptId}` : r.expenseFolio ? `Egreso ${r.expenseFolio}` : r.withdrawalId != null ? `Retiro ${r.withdrawalId}` : '',
    (r.description ?? '').replace(/\s+/g, ' ').slice(0, 500),
    // The decimal text itself: the cell holds exactly the ledger's amount.
    r.amount,
  ];
}

const FORMATS = { XLSX: 'xlsx', CSV: 'csv' } as const;

export const transactionsExportName = (f: ResolvedFilter, format: 'XLSX' | 'CSV') => `movimientos-${f.from}-a-${f.to}.${FORMATS[format]}`;

/** The export streamed: rows go out as the cursor reads them (see downloads/service.ts). */
export async function transactionsExport(ctx: Pick<ServiceContext, 'db'>, f: ResolvedFilter, format: 'XLSX' | 'CSV'): Promise<StreamedFile> {
  const fileName = transactionsExportName(f, format);
  // PGlite has one connection: buffer rather than hold it while a slow client reads.
  const backpressure = ctx.db.kind !== 'pglite';
  if (format === 'CSV') return { fileName, contentType: 'text/csv; charset=utf-8', body: csv(ctx, f, backpressure) };
  const workbook = new StreamingWorkbook({ moneyFormat: MONEY_FMT, creator: 'Comunidad', backpressure });
  xlsx(ctx, f, workbook)
    .then(() => workbook.finish())
    .catch((error) => workbook.abort(error));
  return { fileName, contentType: XLSX_CONTENT_TYPE, body: workbook.stream };
}

async function xlsx(ctx: Pick<ServiceContext, 'db'>, f: ResolvedFilter, workbook: StreamingWorkbook): Promise<void> {
  const sheet = workbook.addSheet(
    'Movimientos',
    TRANSACTION_COLUMNS.map((c) => ({ width: c.width, money: c.key === 'amount', date: c.key === 'date', unique: c.key === 'reference' })),
    { frozenRows: 4 },
  );
  await sheet.row([`${f.communityName} · Movimientos y saldos`]);
  await sheet.row([periodDescription(f)]);
  await sheet.row([`Generado el ${f.today.split('-').reverse().join('/')}`]);
  await sheet.row(
    TRANSACTION_COLUMNS.map((c) => c.header),
    { bold: true },
  );
  const inflow = new CentsTotal();
  const outflow = new CentsTotal();
  await forEachTransactionBatch(ctx, f, async (rows) => {
    for (const r of rows) {
      const flushing = sheet.row(cells(r));
      if (flushing) await flushing;
      (r.amount.startsWith('-') ? outflow : inflow).add(r.amount);
    }
  });
  const closing = (label: string, amount: Money, bold = false) => sheet.row([...Array(8).fill(null), label, formatMoney(amount)], { bold });
  await closing('Total', inflow.total.plus(outflow.total), true);
  await closing('Entradas', inflow.total);
  await closing('Salidas', outflow.total);
  await sheet.end();

  const balances = await transactionBalances(ctx, f);
  const bs = workbook.addSheet('Saldos', [
    { width: 14 },
    { width: 30 },
    { width: 16, money: true },
    { width: 16, money: true },
    { width: 16, money: true },
    { width: 16, money: true },
  ]);
  await bs.row([`Saldos del ${f.from.split('-').reverse().join('/')} al ${f.to.split('-').reverse().join('/')} · ${DATE_KIND_NAMES[f.dateKind]}`]);
  await bs.row(['Tipo', 'Nombre', 'Saldo inicial', 'Movimientos', 'Saldo final', 'En tránsito'], { bold: true });
  for (const [group, lines] of [
    ['Monedero', balances.wallets],
    ['Cuenta', balances.accounts],
  ] as const) {
    for (const b of lines)
      await bs.row([
        group,
        b.name,
        formatMoney(b.opening),
        formatMoney(b.movements),
        formatMoney(b.closing),
        b.inTransit == null ? null : formatMoney(b.inTransit),
      ]);
  }
  await bs.end();
}

/** Anything csvCell changes: most cells have none and are written as they are. */
const CSV_SPECIAL = /^[=+\-@\t\r]|[",\n\r;]/;
export const csvCell = (text: string) => {
  if (!CSV_SPECIAL.test(text)) return text;
  // A leading =, +, - or @ would run as a formula in a spreadsheet (except plain numbers: -12.50).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

function csv(ctx: Pick<ServiceContext, 'db'>, f: ResolvedFilter, backpressure: boolean): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const emit = (text: string) => writeChunk(out, text, backpressure);
  (async () => {
    await emit(`\uFEFF${TRANSACTION_COLUMNS.map((c) => csvCell(c.header)).join(',')}\r\n`);
    await forEachTransactionBatch(ctx, f, async (rows) => {
      let chunk = '';
      for (const r of rows) {
        chunk += `${cells(r).map(csvCell).join(',')}\r\n`;
      }
      await emit(chunk);
    });
    out.end();
  })().catch((error) => {
    if (!out.destroyed) out.destroy(error);
  });
  return out;
}

registerDownload<{ filter: ResolvedFilter; format: 'XLSX' | 'CSV' }>('transactions', async (ctx, p) => transactionsExport(ctx, p.filter, p.format));

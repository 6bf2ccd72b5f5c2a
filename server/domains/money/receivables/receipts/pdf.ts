// Receipt PDFs (spec 1 section 4, the receipt link; spec 2, the maintenance's "print receipts"): one
// receipt per page, with pdfkit's standard Helvetica (WinAnsi covers Spanish accents, ñ, ¿ and ¡, so no
// font is embedded). The bulk print of a maintenance reads its receipts by keyset in batches of 500 and
// draws each batch before reading the next, so 5,000 houses hold at most one batch in memory besides
// the PDF's own bytes. Money through formatPesos, dates dd/mm/yyyy.
import type PDFKitDocument from 'pdfkit';
import { onFirstUse } from '../../../../infra/onFirstUse.js';

const PDFDocument = onFirstUse<typeof PDFKitDocument>('pdfkit');
import { formatPesos } from '../../../../../core/money.js';
import { houseLabel, personName } from '../../../../../core/houseLabel.js';
import { periodKey, periodName, todayIn, type PaymentMethod, type ReceiptStatus } from '../../../../../core/receipts.js';
import { reachesHouse } from '../../../../auth/houseScope.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { receiptRows, receiptsPageQuery, type ReceiptRow } from './rows.js';
import { RECEIPT_ADMIN_READERS } from './service.js';

/** A generated file as the GraphQL DownloadFile carries it (base64) and REST answers it (bytes). */
export interface GeneratedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export const PDF_CONTENT_TYPE = 'application/pdf';
/** Receipts read (and drawn) per statement of the bulk print. */
export const PRINT_BATCH = 500;

export const STATUS_NAMES: Record<ReceiptStatus, string> = {
  NEW: 'Nuevo',
  SENT: 'Enviado',
  IN_PROGRESS: 'Pago en proceso',
  PAID: 'Pagado',
  PENALTY: 'Con multa',
  REVIEW: 'En revisión',
  CHARGE_BACK: 'Contracargo',
};

export const METHOD_NAMES: Record<PaymentMethod, string> = {
  CARD: 'Tarjeta',
  STORE: 'Pago en tienda',
  BANK: 'Transferencia bancaria',
  WALLET: 'Monedero',
  CASH: 'Efectivo',
  CREDIT: 'Tarjeta de crédito',
  DEBIT: 'Tarjeta de débito',
  EXTERNAL: 'Pago externo',
  MANUAL: 'Pago registrado',
};

// ---- Shared drawing helpers (the statement PDF uses them too) ---------------------------------------

export const PAGE = { width: 612, height: 792, margin: 50 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** pdfkit's standard fonts (Helvetica): what rememberTexts wraps. */
interface StandardFont {
  encode(text: string, features?: unknown): unknown;
  widthOfString(text: string, size: number, features?: unknown): number;
  subset?: unknown;
  remembers?: boolean;
}

const REMEMBERED_TEXTS = 20_000;

/**
 * pdfkit encodes and measures every text glyph by glyph, with a kerning lookup per pair of letters: a report of
 * thousands of rows spent a third of its time there, on the same few texts (days, methods, accounts, amounts).
 * Each standard font of the document remembers its texts' encodings and widths (its results are only read).
 * Embedded fonts (with a subset) are left as they are.
 */
export function rememberTexts(doc: PDFKit.PDFDocument) {
  const current = () => (doc as unknown as { _font?: StandardFont })._font;
  remember(current());
  const font = doc.font.bind(doc);
  doc.font = ((...args: Parameters<typeof font>) => {
    const chosen = font(...args);
    remember(current());
    return chosen;
  }) as typeof doc.font;
}

function remember(font: StandardFont | undefined) {
  if (!font || font.remembers || 'subset' in font) return;
  font.remembers = true;
  const encode = font.encode.bind(font);
  const widthOf = font.widthOfString.bind(font);
  const encodings = new Map<string, unknown>();
  const widths = new Map<string, number>();
  font.encode = (text, features) => {
    if (features) return encode(text, features);
    let e = encodings.get(text);
    if (e === undefined) {
      e = encode(text);
      if (encodings.size < REMEMBERED_TEXTS) encodings.set(text, e);
    }
    return e;
  };
  font.widthOfString = (text, size, features) => {
    if (features) return widthOf(text, size, features);
    const key = `${size}|${text}`;
    let w = widths.get(key);
    if (w === undefined) {
      w = widthOf(text, size);
      if (widths.size < REMEMBERED_TEXTS) widths.set(key, w);
    }
    return w;
  };
}

/** A letter-size pdfkit document whose bytes are collected as it writes them. */
export function newPdf(title: string, options: { bufferPages?: boolean } = {}) {
  const doc = new (PDFDocument())({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: options.bufferPages ?? false,
    info: { Title: title, Author: 'Comunidad', Creator: 'Comunidad' },
    lang: 'es-MX',
  });
  rememberTexts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: async (): Promise<Buffer> => {
      doc.end();
      return ended;
    },
  };
}

/** "2026-11-05" → "05/11/2026"; empty for no date. */
export function dateEs(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** "noviembre 2026" → "Noviembre 2026". */
export function periodEs(year: number, month: number): string {
  // A month out of range (an older database may hold one) is printed by its number.
  if (!Number.isInteger(month) || month < 1 || month > 12) return periodKey(year, month);
  const name = periodName(year, month);
  return name[0].toUpperCase() + name.slice(1);
}

/** A file name safe for Content-Disposition: ASCII letters, digits and hyphens. */
export function fileSlug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'archivo'
  );
}

/** Text written where pdfkit would otherwise open a new page (a footer below the bottom margin). */
export function footer(doc: PDFKit.PDFDocument, text: string, right?: string) {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = PAGE.height - PAGE.margin + 15;
  doc.font('Helvetica').fontSize(8).fillColor('#666666');
  doc.text(text, PAGE.margin, y, { width: CONTENT_WIDTH, lineBreak: false });
  if (right) doc.text(right, PAGE.margin, y, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
  doc.fillColor('#000000');
  doc.page.margins.bottom = bottom;
}

// ---- The receipt page ------------------------------------------------------------------------------

/** A receipt as printed: its row plus what the list query does not read. */
export interface PrintableReceipt extends ReceiptRow {
  ownerName: string | null;
  incomeAccount: string | null;
}

export interface ReceiptPdfInfo {
  communityName: string;
  timeZone: string;
  /** Today in the community (YYYY-MM-DD), printed as the generation date. */
  today: string;
}

const LABEL_WIDTH = 170;

/** One label and its value; a value wider than its column wraps (measured only then: 5,000 pages add up). */
function line(doc: PDFKit.PDFDocument, y: number, label: string, value: string, bold = false): number {
  const valueX = PAGE.margin + LABEL_WIDTH;
  const valueWidth = CONTENT_WIDTH - LABEL_WIDTH;
  const shown = value || '—';
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(label, PAGE.margin, y, { lineBreak: false });
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(bold ? 12 : 10)
    .fillColor('#000000');
  let height = doc.currentLineHeight();
  if (doc.widthOfString(shown) <= valueWidth) doc.text(shown, valueX, y, { lineBreak: false });
  else {
    height = doc.heightOfString(shown, { width: valueWidth });
    doc.text(shown, valueX, y, { width: valueWidth });
  }
  return y + height + 6;
}

function section(doc: PDFKit.PDFDocument, y: number, title: string): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text(title, PAGE.margin, y + 6, { width: CONTENT_WIDTH });
  doc
    .moveTo(PAGE.margin, y + 21)
    .lineTo(PAGE.width - PAGE.margin, y + 21)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  return y + 28;
}

const money = (value: string | null) => (value === null ? '—' : formatPesos(value));
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Draws one receipt on the current page. */
export function drawReceipt(doc: PDFKit.PDFDocument, r: PrintableReceipt, info: ReceiptPdfInfo) {
  let y: number = PAGE.margin;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#000000')
    .text(clip(info.communityName, 120), PAGE.margin, y, { width: CONTENT_WIDTH - 140 });
  doc.font('Helvetica-Bold').fontSize(14).text('Recibo', PAGE.margin, y, { width: CONTENT_WIDTH, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555555')
    .text(`Folio ${r.id}`, PAGE.margin, y + 18, { width: CONTENT_WIDTH, align: 'right' });
  y = Math.max(doc.y, y + 36) + 10;

  y = section(doc, y, 'Propiedad');
  const label = houseLabel({
    interiorNumber: r.houseInteriorNumber,
    exteriorNumber: r.houseExteriorNumber,
    block: r.houseBlock,
    lot: r.houseLot,
    catastral: r.houseCatastral,
  });
  y = line(doc, y, 'Ubicación', label);
  if (r.houseCatastral && r.houseCatastral !== label) y = line(doc, y, 'Clave catastral', r.houseCatastral);
  if (r.ownerName) y = line(doc, y, 'Propietario', clip(r.ownerName));

  y = section(doc, y + 4, 'Detalle del cobro');
  y = line(doc, y, 'Concepto', clip(r.conceptDescription));
  if (r.description !== r.conceptDescription) y = line(doc, y, 'Descripción', clip(r.description));
  y = line(doc, y, 'Periodo', periodEs(r.year, r.month));
  y = line(doc, y, 'Fecha límite de pago', dateEs(r.dueDate));
  y = line(doc, y, 'Importe original', money(r.sourceAmount));
  y = line(doc, y, 'Descuento', r.discountAmount === null ? '—' : `-${formatPesos(r.discountAmount)}`);
  y = line(doc, y, 'Multa', money(r.penaltyAmount));
  y = line(doc, y, r.status === 'PAID' ? 'Total' : 'Total a pagar', formatPesos(r.amount), true);
  y = line(doc, y, 'Estado', STATUS_NAMES[r.status] ?? r.status);

  const paid = r.status === 'PAID' || r.paymentMethod !== null || r.transactionTotal !== null;
  if (paid || r.paymentReference) {
    y = section(doc, y + 4, 'Datos del pago');
    if (r.paymentMethod) y = line(doc, y, 'Forma de pago', METHOD_NAMES[r.paymentMethod] ?? r.paymentMethod);
    if (r.transactionTotal !== null) y = line(doc, y, 'Monto pagado', formatPesos(r.transactionTotal));
    if (r.paymentDate) y = line(doc, y, 'Fecha de registro', dateEs(todayIn(info.timeZone, new Date(r.paymentDate))));
    if (r.realPaymentDate) y = line(doc, y, 'Fecha de pago', dateEs(r.realPaymentDate));
    if (r.incomeAccount) y = line(doc, y, 'Cuenta de ingreso', clip(r.incomeAccount));
    if (r.paymentAuthorization) y = line(doc, y, 'Autorización', r.paymentAuthorization);
    if (r.cardType || r.accountEnding)
      y = line(doc, y, 'Tarjeta o cuenta', [r.cardType, r.accountEnding ? `terminación ${r.accountEnding}` : null].filter(Boolean).join(', '));
    if (r.paymentReference) y = line(doc, y, 'Referencia de pago', r.paymentReference);
  }
  footer(doc, `${info.communityName} · Recibo ${r.id}`, `Generado el ${dateEs(info.today)}`);
}

/** One PDF with one receipt per page, drawn batch by batch as `batches` yields them. */
export async function renderReceiptsPdf(
  title: string,
  fileName: string,
  info: ReceiptPdfInfo,
  batches: AsyncIterable<PrintableReceipt[]>,
  empty = 'No hay recibos que imprimir',
): Promise<GeneratedFile> {
  const pdf = newPdf(title);
  let pages = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      if (pages++ > 0) pdf.doc.addPage();
      drawReceipt(pdf.doc, r, info);
    }
  }
  if (pages === 0) {
    pdf.doc.font('Helvetica-Bold').fontSize(16).text(info.communityName, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
    pdf.doc
      .font('Helvetica')
      .fontSize(11)
      .text(`${title}: ${empty}`, PAGE.margin, PAGE.margin + 30, { width: CONTENT_WIDTH });
    footer(pdf.doc, info.communityName, `Generado el ${dateEs(info.today)}`);
  }
  return { fileName, contentType: PDF_CONTENT_TYPE, bytes: await pdf.finish() };
}

// ---- Reads -----------------------------------------------------------------------------------------

/** Owner names and income accounts of some receipts (two statements, whatever the batch size). */
export async function printable(tx: Tx, rows: ReceiptRow[]): Promise<PrintableReceipt[]> {
  if (rows.length === 0) return [];
  const [houses, payments] = await Promise.all([
    tx.house.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.houseId))] } },
      select: { id: true, owner: { select: { firstName: true, lastName: true } } },
    }),
    tx.receipt.findMany({
      where: { id: { in: rows.map((r) => r.id) }, incomeAccountId: { not: null } },
      select: { id: true, incomeAccountId: true },
    }),
  ]);
  const accountIds = [...new Set(payments.map((p) => p.incomeAccountId!))];
  const accounts = accountIds.length
    ? await tx.incomeAccount.findMany({
        // The community's own accounts only: a row naming another community's account prints none.
        where: { id: { in: accountIds }, neighborhoodId: rows[0].neighborhoodId },
        select: { id: true, description: true, accountNumber: true },
      })
    : [];
  const ownerOf = new Map(houses.map((h) => [h.id, h.owner ? personName(h.owner) || null : null]));
  const accountName = new Map(accounts.map((a) => [a.id, a.accountNumber ? `${a.description} (terminación ${a.accountNumber.slice(-4)})` : a.description]));
  const accountOf = new Map(payments.map((p) => [p.id, accountName.get(p.incomeAccountId!) ?? null]));
  return rows.map((r) => ({ ...r, ownerName: ownerOf.get(r.houseId) ?? null, incomeAccount: accountOf.get(r.id) ?? null }));
}

async function communityInfo(tx: Tx, neighborhoodId: number): Promise<ReceiptPdfInfo> {
  const n = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { name: true, timeZone: true } });
  return { communityName: n.name, timeZone: n.timeZone, today: todayIn(n.timeZone) };
}

/**
 * The PDF of one receipt, with the Receipt node's rules: null for a receipt of another community (or
 * deleted), and for another house's receipt unless the actor reads every house (AReceiptsRead).
 */
export async function receiptPdf(ctx: ServiceContext, receiptId: number): Promise<GeneratedFile | null> {
  const neighborhoodId = communityOf(ctx);
  const [row] = await receiptRows(ctx.db.kysely, neighborhoodId, [receiptId]);
  if (!row || !reachesHouse(ctx.actor, row.houseId, RECEIPT_ADMIN_READERS)) return null;
  const [receipt] = await printable(ctx.prisma, [row]);
  const info = await communityInfo(ctx.prisma, neighborhoodId);
  async function* one() {
    yield [receipt];
  }
  return renderReceiptsPdf(`Recibo ${row.id}`, `recibo-${row.id}.pdf`, info, one());
}

/** The receipts of a maintenance in id order, `batchSize` per statement (keyset on id). */
export async function* maintenanceReceiptBatches(
  ctx: ServiceContext,
  neighborhoodId: number,
  maintenanceId: number,
  batchSize = PRINT_BATCH,
): AsyncGenerator<PrintableReceipt[]> {
  let lastId: number | null = null;
  for (;;) {
    // A backwards keyset page reads ascending ids greater than `before`.
    const page = { size: batchSize, limit: batchSize, after: null, before: lastId, backwards: true, offset: 0 };
    const rows = (await receiptsPageQuery(ctx.db.kysely, neighborhoodId, { maintenanceId }, page, false).execute()) as ReceiptRow[];
    if (rows.length === 0) return;
    yield await printable(ctx.prisma, rows);
    if (rows.length < batchSize) return;
    lastId = rows[rows.length - 1].id;
  }
}

/** AReceiptsPrintBulk: every receipt of a maintenance, one per page; null for another community's maintenance. */
export async function maintenanceReceiptsPdf(ctx: ServiceContext, maintenanceId: number, batchSize = PRINT_BATCH): Promise<GeneratedFile | null> {
  const neighborhoodId = communityOf(ctx);
  const m = await ctx.prisma.maintenance.findFirst({ where: { id: maintenanceId, neighborhoodId }, select: { id: true, description: true } });
  if (!m) return null;
  const info = await communityInfo(ctx.prisma, neighborhoodId);
  return renderReceiptsPdf(
    `Recibos de ${m.description}`,
    `recibos-${fileSlug(m.description)}-${m.id}.pdf`,
    info,
    maintenanceReceiptBatches(ctx, neighborhoodId, m.id, batchSize),
    'el mantenimiento no tiene recibos',
  );
}

import { formatPesos, money } from '../../../../../core/money.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { CONTENT_WIDTH, dateEs, footer, type GeneratedFile, newPdf, PAGE, PDF_CONTENT_TYPE } from '../../receivables/receipts/pdf.js';
import { XLSX_TYPE } from '../../receivables/servicePeriods/xlsx.js';
import { StreamingWorkbook, XLSX_CONTENT_TYPE } from '../../../../infra/xlsx/streamingWorkbook.js';
import { bufferedFile, registerDownload, type StreamedFile } from '../../../platform/downloads/service.js';
import { type IncomesSummary, incomeRowBatches, incomesSummary, type ReportLine, SOURCE_NAMES } from './incomes.js';
import { type Period, periodDescription } from './period.js';
import { neighborhoodStatement } from './statement.js';
import { collectedWorkbook } from '../../../../infra/xlsx/collectedWorkbook.js';

export type FileFormat = 'XLSX' | 'PDF';
export const PDF_MAX_ROWS = 5000;
const MONEY_FMT = '#,##0.00;-#,##0.00';
const num = (v: string) => Number(v);

type ReportPeriod = Period & { neighborhoodId: number };

const clip = (text: string, max: number) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

// ---- incomes ----

export const incomesFileName = (p: Period, format: FileFormat) => `ingresos-${p.from}-${p.to}.${format === 'XLSX' ? 'xlsx' : 'pdf'}`;

/** The incomes report streamed (XLSX: the summary, then every movement as the cursor reads it) or its PDF. */
export async function incomesFile(ctx: ServiceContext, p: ReportPeriod, format: FileFormat): Promise<StreamedFile> {
  const summary = await incomesSummary(ctx, p);
  if (format === 'PDF') return bufferedFile(await incomesPdf(ctx, p, summary), true);
  const workbook = new StreamingWorkbook({ moneyFormat: MONEY_FMT, creator: 'Comunidad', backpressure: ctx.db.kind !== 'pglite' });
  incomesXlsx(ctx, p, summary, workbook)
    .then(() => workbook.finish())
    .catch((error) => workbook.abort(error));
  return { fileName: incomesFileName(p, 'XLSX'), contentType: XLSX_CONTENT_TYPE, body: workbook.stream };
}

const INCOMES_TITLE = 'Reporte de ingresos';

async function incomesXlsx(ctx: ServiceContext, p: ReportPeriod, summary: IncomesSummary, workbook: StreamingWorkbook): Promise<void> {
  const sheet = workbook.addSheet('Resumen', [{ width: 44 }, { width: 14 }, { width: 18, money: true }]);
  const put = (values: (string | number | null)[], bold = false) => sheet.row(values, { bold });
  await put([`${p.communityName} · ${INCOMES_TITLE}`], true);
  await put([periodDescription(p)]);
  await put([`Generado el ${dateEs(p.today)}`]);
  await put([]);
  await put(['Total de ingresos', summary.count, summary.total], true);
  await put(['Comisiones de pagos en línea', null, money(summary.gatewayFees).negated().toFixed(2)]);
  await put(['Ingreso neto', null, summary.net], true);
  for (const [heading, lines] of incomeSections(summary)) {
    await put([]);
    await put([heading, 'Movimientos', 'Importe'], true);
    for (const l of lines) await put([l.label, l.count, l.amount]);
    await put(['Total', summary.count, summary.total], true);
  }
  await put([]);
  await put(['No incluidos en el total', 'Movimientos', 'Importe'], true);
  await put([summary.walletPayments.label, summary.walletPayments.count, summary.walletPayments.amount]);
  await put([summary.pendingUnknownPayments.label, summary.pendingUnknownPayments.count, summary.pendingUnknownPayments.amount]);
  await sheet.end();

  const cols = [
    { key: 'date', header: 'Fecha', width: 12 },
    { key: 'house', header: 'Propiedad', width: 14 },
    { key: 'concept', header: 'Concepto', width: 26 },
    { key: 'description', header: 'Descripción', width: 34 },
    { key: 'wallet', header: 'Monedero', width: 20 },
    { key: 'method', header: 'Forma de pago', width: 20 },
    { key: 'source', header: 'Origen', width: 28 },
    { key: 'account', header: 'Cuenta', width: 30 },
    { key: 'fee', header: 'Comisión', width: 12 },
    { key: 'amount', header: 'Importe', width: 14 },
  ] as const;
  const rows = workbook.addSheet(
    'Movimientos',
    cols.map((c) => ({ width: c.width, money: c.key === 'fee' || c.key === 'amount', date: c.key === 'date' })),
    { frozenRows: 1 },
  );
  await rows.row(
    cols.map((c) => c.header),
    { bold: true },
  );
  for await (const batch of incomeRowBatches(ctx, p)) {
    for (const r of batch) await rows.row([r.date, r.house, r.concept, r.description, r.wallet, r.method, SOURCE_NAMES[r.source], r.account, r.fee, r.amount]);
  }
  await rows.row(['Total', null, null, `${summary.count} movimientos`, null, null, null, null, summary.gatewayFees, summary.total], { bold: true });
  await rows.end();
}

const incomeSections = (summary: IncomesSummary): [string, ReportLine[]][] => [
  ['Por concepto', summary.byConcept],
  ['Por forma de pago', summary.byMethod],
  ['Por monedero', summary.byWallet],
  ['Por origen', summary.bySource],
  ['Por cuenta', summary.byAccount],
];

async function incomesPdf(ctx: ServiceContext, p: ReportPeriod, summary: IncomesSummary): Promise<GeneratedFile> {
  const title = INCOMES_TITLE;
  const sections = incomeSections(summary);
  const { doc, finish } = newPdf(title);
  const left = PAGE.margin;
  let y: number = PAGE.margin;
  const foot = () => footer(doc, `${p.communityName} · ${title}`, `Generado el ${dateEs(p.today)}`);
  const room = (h: number) => {
    if (y + h > PAGE.height - PAGE.margin - 10) {
      foot();
      doc.addPage();
      y = PAGE.margin;
      return true;
    }
    return false;
  };
  doc.font('Helvetica-Bold').fontSize(14).text(clip(p.communityName, 70), left, y);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(title, left, y + 18);
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(periodDescription(p), left, y + 34);
  doc.fillColor('#000000');
  y += 56;
  const kv = (label: string, value: string, bold = false) => {
    room(14);
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, y, { width: 300, lineBreak: false });
    doc.text(value, left + 300, y, { width: CONTENT_WIDTH - 300, align: 'right', lineBreak: false });
    y += 14;
  };
  kv('Total de ingresos', formatPesos(summary.total), true);
  kv('Comisiones de pagos en línea', formatPesos(money(summary.gatewayFees).negated()));
  kv('Ingreso neto', formatPesos(summary.net), true);
  y += 6;
  const table = (heading: string, lines: ReportLine[]) => {
    room(40);
    y += 6;
    doc.font('Helvetica-Bold').fontSize(9);
    doc.text(heading, left, y, { width: 300, lineBreak: false });
    doc.text('Movimientos', left + 300, y, { width: 80, align: 'right', lineBreak: false });
    doc.text('Importe', left + 380, y, { width: CONTENT_WIDTH - 380, align: 'right', lineBreak: false });
    y += 13;
    doc.font('Helvetica').fontSize(9);
    for (const l of [...lines, { label: 'Total', count: summary.count, amount: summary.total, key: 'TOTAL' }]) {
      room(12);
      if (l.key === 'TOTAL') doc.font('Helvetica-Bold');
      doc.text(clip(l.label, 60), left, y, { width: 300, lineBreak: false });
      doc.text(String(l.count), left + 300, y, { width: 80, align: 'right', lineBreak: false });
      doc.text(formatPesos(l.amount), left + 380, y, { width: CONTENT_WIDTH - 380, align: 'right', lineBreak: false });
      y += 12;
    }
    doc.font('Helvetica');
  };
  for (const [heading, lines] of sections) table(heading, lines);
  y += 8;
  room(40);
  doc.font('Helvetica-Bold').fontSize(9).text('No incluidos en el total', left, y);
  y += 13;
  for (const l of [summary.walletPayments, summary.pendingUnknownPayments]) kv(`${l.label} (${l.count})`, formatPesos(l.amount));
  // Movements
  const cols = [
    { x: left, w: 54, title: 'Fecha' },
    { x: left + 56, w: 56, title: 'Propiedad' },
    { x: left + 114, w: 150, title: 'Concepto' },
    { x: left + 266, w: 90, title: 'Forma de pago' },
    { x: left + 358, w: 80, title: 'Cuenta' },
    { x: left + 440, w: CONTENT_WIDTH - 440, title: 'Importe', right: true },
  ];
  const heads = () => {
    doc.font('Helvetica-Bold').fontSize(8);
    for (const c of cols) doc.text(c.title, c.x, y, { width: c.w, align: c.right ? 'right' : 'left', lineBreak: false });
    y += 12;
    doc.font('Helvetica');
  };
  foot();
  doc.addPage();
  y = PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(11).text('Movimientos', left, y);
  y += 18;
  heads();
  let printed = 0;
  outer: for await (const batch of incomeRowBatches(ctx, p, 1000, PDF_MAX_ROWS)) {
    for (const r of batch) {
      if (printed >= PDF_MAX_ROWS) break outer;
      if (room(11)) heads();
      doc.fontSize(8);
      const values = [dateEs(r.date), clip(r.house, 12), clip(r.concept, 36), clip(r.method, 22), clip(r.account, 18), formatPesos(r.amount)];
      // Thousands of rows: plain text at computed positions (pdfkit's width/align layout per cell costs twice as much).
      values.forEach((v, i) => {
        const c = cols[i];
        doc.text(v, c.right ? c.x + c.w - doc.widthOfString(v) : c.x, y, { lineBreak: false });
      });
      y += 11;
      printed++;
    }
  }
  if (printed === 0) {
    doc.fontSize(9).text('No hubo ingresos en el periodo.', left, y);
    y += 12;
  }
  if (printed < summary.count) {
    room(24);
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(`Se muestran ${printed} de ${summary.count} movimientos; el archivo XLSX contiene todos.`, left, y + 4);
    doc.fillColor('#000000');
    y += 16;
  }
  room(14);
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text(`Total (${summary.count} movimientos)`, left, y + 2, { width: 300, lineBreak: false });
  doc.text(formatPesos(summary.total), left + 300, y + 2, { width: CONTENT_WIDTH - 300, align: 'right', lineBreak: false });
  foot();
  return { fileName: incomesFileName(p, 'PDF'), contentType: PDF_CONTENT_TYPE, bytes: await finish() };
}

// ---- statement ----

export async function statementFile(ctx: ServiceContext, p: ReportPeriod, format: FileFormat): Promise<GeneratedFile> {
  const s = await neighborhoodStatement(ctx, p);
  const name = `estado-de-cuenta-${p.from}-${p.to}`;
  const title = 'Estado de cuenta de la comunidad';
  const neg = (v: string) => (v.startsWith('-') ? v.slice(1) : v === '0.00' ? v : `-${v}`);
  const lines: [string, string, boolean][] = [
    ['Saldo inicial', s.opening, true],
    ['(+) Ingresos', s.incomes, false],
    ['(-) Comisiones de pagos en línea', neg(s.gatewayFees), false],
    ['(-) Egresos pagados', neg(s.expenses), false],
    ['(-) Comisiones de retiros', neg(s.withdrawalFees), false],
    ['Saldo final', s.closing, true],
  ];
  const accountCols = ['Cuenta', 'Saldo inicial', 'Ingresos', 'Comisiones', 'Egresos', 'Retiros', 'Saldo final', 'En tránsito'];
  const accountValues = (a: (typeof s.accounts)[number]) => [a.opening, a.incomes, neg(a.gatewayFees), neg(a.expenses), a.withdrawals, a.closing, a.inTransit];
  if (format === 'XLSX') {
    const { workbook, finish } = collectedWorkbook();
    const sheet = workbook.addWorksheet('Estado de cuenta');
    sheet.columns = [{ width: 44 }, ...accountCols.slice(1).map(() => ({ width: 16 }))];
    const put = (values: (string | number)[], bold = false) => {
      const row = sheet.addRow(values);
      if (bold) row.font = { bold: true };
      for (let i = 2; i <= accountCols.length; i++) row.getCell(i).numFmt = MONEY_FMT;
      row.commit();
    };
    put([`${p.communityName} · ${title}`], true);
    put([periodDescription(p)]);
    put([`Generado el ${dateEs(p.today)}`]);
    put([]);
    for (const [label, value, bold] of lines) put([label, num(value)], bold);
    put(['Pagos en tránsito (incluidos en el saldo final)', num(s.inTransit)]);
    put(['Retirado de la pasarela a cuentas', num(s.withdrawn)]);
    put([]);
    put(accountCols, true);
    for (const a of s.accounts) put([a.label, ...accountValues(a).map(num)]);
    put(
      ['Total', num(s.opening), num(s.incomes), num(neg(s.gatewayFees)), num(neg(s.expenses)), num(neg(s.withdrawalFees)), num(s.closing), num(s.inTransit)],
      true,
    );
    for (const [heading, ls, total] of [
      ['Ingresos por concepto', s.incomesByConcept, s.incomes],
      ['Egresos por concepto', s.expensesByConcept, s.expenses],
    ] as const) {
      put([]);
      put([heading, 'Movimientos', 'Importe'], true);
      for (const l of ls) {
        const row = sheet.addRow([l.label, l.count, num(l.amount)]);
        row.getCell(3).numFmt = MONEY_FMT;
        row.commit();
      }
      const row = sheet.addRow(['Total', ls.reduce((c, l) => c + l.count, 0), num(total)]);
      row.font = { bold: true };
      row.getCell(3).numFmt = MONEY_FMT;
      row.commit();
    }
    sheet.commit();
    return { fileName: `${name}.xlsx`, contentType: XLSX_TYPE, bytes: await finish() };
  }
  const { doc, finish } = newPdf(title);
  const left = PAGE.margin;
  let y: number = PAGE.margin;
  const foot = () => footer(doc, `${p.communityName} · ${title}`, `Generado el ${dateEs(p.today)}`);
  const room = (h: number) => {
    if (y + h > PAGE.height - PAGE.margin - 10) {
      foot();
      doc.addPage();
      y = PAGE.margin;
    }
  };
  doc.font('Helvetica-Bold').fontSize(14).text(clip(p.communityName, 70), left, y);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(title, left, y + 18);
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(periodDescription(p), left, y + 34);
  doc.fillColor('#000000');
  y += 58;
  for (const [label, value, bold] of lines) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, y, { width: 300, lineBreak: false });
    doc.text(formatPesos(value), left + 300, y, { width: CONTENT_WIDTH - 300, align: 'right', lineBreak: false });
    y += 15;
  }
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(`De los cuales en tránsito (cheques y transferencias sin cobrar): ${formatPesos(s.inTransit)}`, left, y + 2);
  doc.text(`Retirado de la pasarela a las cuentas en el periodo: ${formatPesos(s.withdrawn)}`, left, y + 14);
  doc.fillColor('#000000');
  y += 36;
  // Per account (landscape-free: two lines per account in a compact grid).
  const w = (CONTENT_WIDTH - 130) / 7;
  const cell = (text: string, i: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    if (i === 0) doc.text(text, left, y, { width: 128, lineBreak: false });
    else doc.text(text, left + 130 + (i - 1) * w, y, { width: w - 2, align: 'right', lineBreak: false });
  };
  doc.font('Helvetica-Bold').fontSize(11).text('Por cuenta', left, y);
  y += 16;
  accountCols.forEach((c, i) => {
    cell(c, i, true);
  });
  y += 12;
  for (const a of s.accounts) {
    room(12);
    cell(clip(a.label, 30), 0);
    accountValues(a).forEach((v, i) => {
      cell(formatPesos(v), i + 1);
    });
    y += 12;
  }
  room(12);
  cell('Total', 0, true);
  [s.opening, s.incomes, neg(s.gatewayFees), neg(s.expenses), neg(s.withdrawalFees), s.closing, s.inTransit].forEach((v, i) => {
    cell(formatPesos(v), i + 1, true);
  });
  y += 20;
  for (const [heading, ls, total] of [
    ['Ingresos por concepto', s.incomesByConcept, s.incomes],
    ['Egresos por concepto', s.expensesByConcept, s.expenses],
  ] as const) {
    room(40);
    doc.font('Helvetica-Bold').fontSize(11).text(heading, left, y);
    y += 16;
    for (const l of [...ls, { label: 'Total', count: ls.reduce((c, x) => c + x.count, 0), amount: total, key: 'TOTAL' }]) {
      room(12);
      doc.font(l.key === 'TOTAL' ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      doc.text(clip(l.label, 60), left, y, { width: 300, lineBreak: false });
      doc.text(String(l.count), left + 300, y, { width: 80, align: 'right', lineBreak: false });
      doc.text(formatPesos(l.amount), left + 380, y, { width: CONTENT_WIDTH - 380, align: 'right', lineBreak: false });
      y += 12;
    }
    y += 10;
  }
  foot();
  return { fileName: `${name}.pdf`, contentType: PDF_CONTENT_TYPE, bytes: await finish() };
}

registerDownload<{ period: ReportPeriod; format: FileFormat }>('incomes', (ctx, p) => incomesFile(ctx, p.period, p.format));

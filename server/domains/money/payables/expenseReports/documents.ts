import type PDFKitDocument from 'pdfkit';
import { onFirstUse } from '../../../../infra/onFirstUse.js';

const PDFDocument = onFirstUse<typeof PDFKitDocument>('pdfkit');
import { formatPesos, money } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { WITHDRAWAL_STATUS_NAMES } from '../../../../../core/withdrawals.js';
import type { Prisma } from '../../../../db/generated/client.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { CONTENT_WIDTH, dateEs, footer, type GeneratedFile, newPdf, PAGE, PDF_CONTENT_TYPE } from '../../receivables/receipts/pdf.js';
import { XLSX_TYPE } from '../../receivables/servicePeriods/xlsx.js';
import {
  addSums,
  dayOf,
  EXPENSE_STATUS_NAMES,
  type ExpenseReportFilter,
  type ExpenseStatus,
  expenseReportWhere,
  expenseSummary,
  filterDescription,
  fmt,
  folioOf,
  MONEY_COLUMNS,
  type PolicyExpense,
  type ReportRow,
  reportBatches,
  type Sums,
  type SummaryLine,
  zeroSums,
} from './service.js';
import { collectedWorkbook } from '../../../../infra/xlsx/collectedWorkbook.js';

export type ReportFormat = 'XLSX' | 'PDF';

const clip = (text: string | null | undefined, max: number) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

async function header(ctx: ServiceContext, filter: ExpenseReportFilter) {
  const [community, provider, concept] = await Promise.all([
    ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { name: true, timeZone: true } }),
    filter.providerId != null
      ? ctx.prisma.provider.findFirst({ where: { id: filter.providerId, neighborhoodId: communityOf(ctx) }, select: { name: true } })
      : null,
    filter.conceptId != null
      ? ctx.prisma.expenseConcept.findFirst({ where: { id: filter.conceptId, neighborhoodId: communityOf(ctx) }, select: { concept: true } })
      : null,
  ]);
  return {
    community: community.name,
    today: todayIn(community.timeZone),
    filters: filterDescription(filter, { provider: provider?.name, concept: concept?.concept }),
  };
}

const MONEY_FMT = '#,##0.00';
const MONEY_HEADERS: Record<(typeof MONEY_COLUMNS)[number], string> = {
  subtotal: 'Subtotal',
  discount: 'Descuento',
  transferredTaxes: 'Impuestos trasladados',
  retainedTaxes: 'Impuestos retenidos',
  total: 'Total',
};
/** A cell's number: exact to the cent (two-decimal text to number is exact for Decimal(14,2) amounts). */
const cellMoney = (v: unknown) => Number(fmt(v));

// ---- details report ----

const DETAIL_COLUMNS = [
  { key: 'folio', header: 'Folio', width: 12 },
  { key: 'date', header: 'Fecha', width: 12 },
  { key: 'provider', header: 'Proveedor', width: 28 },
  { key: 'concept', header: 'Concepto', width: 24 },
  { key: 'description', header: 'Descripción', width: 36 },
  { key: 'status', header: 'Estado', width: 12 },
  ...MONEY_COLUMNS.map((key) => ({ key, header: MONEY_HEADERS[key], width: 16 })),
  { key: 'paymentDate', header: 'Fecha de pago', width: 14 },
  { key: 'cashDate', header: 'Fecha de cobro', width: 14 },
];

export async function expenseDetailsReport(ctx: ServiceContext, filter: ExpenseReportFilter, format: ReportFormat): Promise<GeneratedFile> {
  const where = expenseReportWhere(ctx, filter);
  const head = await header(ctx, filter);
  const name = `egresos-detalle-${head.today}`;
  return format === 'XLSX' ? detailsXlsx(ctx, where, head, name) : detailsPdf(ctx, where, head, name);
}

async function detailsXlsx(
  ctx: ServiceContext,
  where: Prisma.ExpenseWhereInput,
  head: Awaited<ReturnType<typeof header>>,
  name: string,
): Promise<GeneratedFile> {
  const { workbook, finish } = collectedWorkbook();
  const sheet = workbook.addWorksheet('Egresos', { views: [{ state: 'frozen', ySplit: 4 }] });
  sheet.columns = DETAIL_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  sheet.addRow([`${head.community} · Reporte de egresos (detalle)`]).commit();
  sheet.addRow([head.filters]).commit();
  sheet.addRow([`Generado el ${dateEs(head.today)}`]).commit();
  const titles = sheet.addRow(DETAIL_COLUMNS.map((c) => c.header));
  titles.font = { bold: true };
  titles.commit();
  const sums = zeroSums();
  let count = 0;
  for await (const rows of reportBatches(ctx, where)) {
    for (const r of rows) {
      const row = sheet.addRow({
        folio: folioOf(r),
        date: dayOf(r.operationDate),
        provider: r.provider?.name ?? '',
        concept: r.expenseConcept?.concept ?? '',
        description: r.description ?? '',
        status: EXPENSE_STATUS_NAMES[r.status as ExpenseStatus] ?? r.status,
        ...Object.fromEntries(MONEY_COLUMNS.map((c) => [c, cellMoney(r[c])])),
        paymentDate: dayOf(r.paymentDate) ?? '',
        cashDate: dayOf(r.cashDate) ?? '',
      });
      for (const c of MONEY_COLUMNS) row.getCell(c).numFmt = MONEY_FMT;
      row.commit();
      addSums(sums, r);
      count++;
    }
  }
  const totals = sheet.addRow({
    folio: 'Total',
    description: `${count} egresos`,
    ...Object.fromEntries(MONEY_COLUMNS.map((c) => [c, Number(sums[c].toFixed(2))])),
  });
  totals.font = { bold: true };
  for (const c of MONEY_COLUMNS) totals.getCell(c).numFmt = MONEY_FMT;
  totals.commit();
  sheet.commit();
  return { fileName: `${name}.xlsx`, contentType: XLSX_TYPE, bytes: await finish() };
}

/** Landscape letter for the reports' wide tables. */
const WIDE = { width: 792, height: 612, margin: 36 } as const;

async function detailsPdf(
  ctx: ServiceContext,
  where: Prisma.ExpenseWhereInput,
  head: Awaited<ReturnType<typeof header>>,
  name: string,
): Promise<GeneratedFile> {
  const { doc, finish } = widePdf('Reporte de egresos (detalle)');
  const cols = [
    { x: 36, w: 52, title: 'Folio' },
    { x: 90, w: 56, title: 'Fecha' },
    { x: 148, w: 130, title: 'Proveedor' },
    { x: 280, w: 100, title: 'Concepto' },
    { x: 382, w: 60, title: 'Estado' },
    { x: 444, w: 72, title: 'Subtotal', right: true },
    { x: 518, w: 60, title: 'Descuento', right: true },
    { x: 580, w: 60, title: 'Trasladados', right: true },
    { x: 642, w: 52, title: 'Retenidos', right: true },
    { x: 696, w: 60, title: 'Total', right: true },
  ];
  let y = 0;
  const newPage = (first: boolean) => {
    if (!first) {
      wideFooter(doc, `${head.community} · Reporte de egresos`, `Generado el ${dateEs(head.today)}`);
      doc.addPage();
    }
    y = WIDE.margin;
    if (first) {
      doc.font('Helvetica-Bold').fontSize(14).text(clip(head.community, 90), WIDE.margin, y);
      doc
        .font('Helvetica')
        .fontSize(11)
        .text('Reporte de egresos (detalle)', WIDE.margin, y + 18);
      doc
        .fontSize(9)
        .fillColor('#555555')
        .text(clip(head.filters, 160), WIDE.margin, y + 34);
      doc.fillColor('#000000');
      y += 54;
    }
    doc.font('Helvetica-Bold').fontSize(8);
    for (const c of cols) doc.text(c.title, c.x, y, { width: c.w, align: c.right ? 'right' : 'left', lineBreak: false });
    doc
      .moveTo(WIDE.margin, y + 11)
      .lineTo(WIDE.width - WIDE.margin, y + 11)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    y += 15;
  };
  const sums = zeroSums();
  let count = 0;
  let first = true;
  const line = (values: string[], bold = false) => {
    if (y > WIDE.height - WIDE.margin - 30) newPage(false);
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    values.forEach((v, i) => {
      doc.text(v, cols[i].x, y, { width: cols[i].w, align: cols[i].right ? 'right' : 'left', lineBreak: false });
    });
    y += 12;
  };
  for await (const rows of reportBatches(ctx, where)) {
    for (const r of rows) {
      if (first) {
        newPage(true);
        first = false;
      }
      line([
        folioOf(r),
        dateEs(dayOf(r.operationDate)),
        clip(r.provider?.name, 28),
        clip(r.expenseConcept?.concept, 22),
        EXPENSE_STATUS_NAMES[r.status as ExpenseStatus] ?? r.status,
        ...MONEY_COLUMNS.map((c) => formatPesos(r[c])),
      ]);
      addSums(sums, r);
      count++;
    }
  }
  if (first) newPage(true);
  y += 4;
  line(['Total', '', `${count} egresos`, '', '', ...MONEY_COLUMNS.map((c) => formatPesos(sums[c]))], true);
  wideFooter(doc, `${head.community} · Reporte de egresos`, `Generado el ${dateEs(head.today)}`);
  return { fileName: `${name}.pdf`, contentType: PDF_CONTENT_TYPE, bytes: await finish() };
}

/** A landscape letter document whose bytes are collected as it writes them. */
function widePdf(title: string) {
  const doc = new (PDFDocument())({
    size: 'LETTER',
    layout: 'landscape',
    margin: WIDE.margin,
    info: { Title: title, Author: 'Comunidad', Creator: 'Comunidad' },
    lang: 'es-MX',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: async () => {
      doc.end();
      return ended;
    },
  };
}

function wideFooter(doc: PDFKit.PDFDocument, text: string, right: string) {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = WIDE.height - WIDE.margin + 12;
  const width = WIDE.width - 2 * WIDE.margin;
  doc.font('Helvetica').fontSize(8).fillColor('#666666');
  doc.text(text, WIDE.margin, y, { width, lineBreak: false });
  doc.text(right, WIDE.margin, y, { width, align: 'right', lineBreak: false });
  doc.fillColor('#000000');
  doc.page.margins.bottom = bottom;
}

// ---- summary report ----

export async function expenseSummaryReport(ctx: ServiceContext, filter: ExpenseReportFilter, format: ReportFormat): Promise<GeneratedFile> {
  const where = expenseReportWhere(ctx, filter);
  const [head, summary] = await Promise.all([header(ctx, filter), expenseSummary(ctx, where)]);
  const name = `egresos-resumen-${head.today}`;
  const sections: [string, SummaryLine[]][] = [
    ['Por concepto', summary.byConcept],
    ['Por estado', summary.byStatus],
  ];
  if (format === 'XLSX') {
    const { workbook, finish } = collectedWorkbook();
    const sheet = workbook.addWorksheet('Resumen');
    sheet.columns = [{ width: 34 }, { width: 10 }, ...MONEY_COLUMNS.map(() => ({ width: 18 }))];
    sheet.addRow([`${head.community} · Reporte de egresos (resumen)`]).commit();
    sheet.addRow([head.filters]).commit();
    sheet.addRow([`Generado el ${dateEs(head.today)}`]).commit();
    const put = (values: (string | number)[], bold = false) => {
      const row = sheet.addRow(values);
      if (bold) row.font = { bold: true };
      for (let i = 3; i <= 2 + MONEY_COLUMNS.length; i++) row.getCell(i).numFmt = MONEY_FMT;
      row.commit();
    };
    const amounts = (s: Sums) => MONEY_COLUMNS.map((c) => Number(s[c].toFixed(2)));
    for (const [title, lines] of sections) {
      sheet.addRow([]).commit();
      put([title, 'Egresos', ...MONEY_COLUMNS.map((c) => MONEY_HEADERS[c])], true);
      for (const l of lines) put([l.label, l.count, ...amounts(l.sums)]);
      put(['Total', summary.total.count, ...amounts(summary.total.sums)], true);
    }
    sheet.commit();
    return { fileName: `${name}.xlsx`, contentType: XLSX_TYPE, bytes: await finish() };
  }
  const { doc, finish } = newPdf('Reporte de egresos (resumen)');
  const left = PAGE.margin;
  let y: number = PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(14).text(clip(head.community, 70), left, y);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text('Reporte de egresos (resumen)', left, y + 18);
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(clip(head.filters, 120), left, y + 34);
  doc.fillColor('#000000');
  y += 60;
  const cols = [
    { x: left, w: 128 },
    { x: left + 130, w: 36, right: true },
    { x: left + 168, w: 74, right: true },
    { x: left + 244, w: 60, right: true },
    { x: left + 306, w: 70, right: true },
    { x: left + 378, w: 60, right: true },
    { x: left + 440, w: PAGE.width - PAGE.margin - (left + 440), right: true },
  ];
  const line = (values: string[], bold = false) => {
    if (y > PAGE.height - PAGE.margin - 30) {
      footer(doc, `${head.community} · Resumen de egresos`, `Generado el ${dateEs(head.today)}`);
      doc.addPage();
      y = PAGE.margin;
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    values.forEach((v, i) => {
      doc.text(v, cols[i].x, y, { width: cols[i].w, align: cols[i].right ? 'right' : 'left', lineBreak: false });
    });
    y += 13;
  };
  const amounts = (s: Sums) => MONEY_COLUMNS.map((c) => formatPesos(s[c]));
  for (const [title, lines] of sections) {
    line([title, 'Egresos', 'Subtotal', 'Descuento', 'Trasladados', 'Retenidos', 'Total'], true);
    for (const l of lines) line([clip(l.label, 30), String(l.count), ...amounts(l.sums)]);
    line(['Total', String(summary.total.count), ...amounts(summary.total.sums)], true);
    y += 12;
  }
  footer(doc, `${head.community} · Resumen de egresos`, `Generado el ${dateEs(head.today)}`);
  return { fileName: `${name}.pdf`, contentType: PDF_CONTENT_TYPE, bytes: await finish() };
}

// ---- the policy («póliza de egreso») ----

const PAYMENT_NAMES: Record<string, string> = { CHECK: 'Cheque', TRANSFER: 'Transferencia' };

export async function expensePolicyPdf(ctx: ServiceContext, e: PolicyExpense): Promise<GeneratedFile> {
  const community = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: e.neighborhoodId }, select: { name: true, timeZone: true } });
  const approvers = e.approvals.length
    ? new Map(
        (
          await ctx.prisma.user.findMany({ where: { id: { in: e.approvals.map((a) => a.userId) } }, select: { id: true, firstName: true, lastName: true } })
        ).map((u) => [u.id, `${u.firstName} ${u.lastName ?? ''}`.trim()]),
      )
    : new Map<number, string>();
  const today = todayIn(community.timeZone);
  const folio = folioOf(e);
  const { doc, finish } = newPdf(`Póliza de egreso ${folio}`);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  let y: number = PAGE.margin;
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(clip(community.name, 60), left, y, { width: CONTENT_WIDTH - 170 });
  doc.font('Helvetica-Bold').fontSize(13).text('Póliza de egreso', left, y, { width: CONTENT_WIDTH, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(folio, left, y + 17, { width: CONTENT_WIDTH, align: 'right' });
  y = Math.max(doc.y, y + 34) + 14;

  const fields: [string, string][] = [
    ['Fecha de operación', dateEs(dayOf(e.operationDate))],
    ['Estado', EXPENSE_STATUS_NAMES[e.status as ExpenseStatus] ?? e.status],
    ['Proveedor', clip(e.provider?.name ?? 'Sin proveedor', 70)],
    ...(e.provider?.rfc ? ([['RFC', e.provider.rfc]] as [string, string][]) : []),
    ...(e.provider?.clabe
      ? ([['CLABE del proveedor', `${e.provider.clabe}${e.provider.bank ? ` (${clip(e.provider.bank, 30)})` : ''}`]] as [string, string][])
      : []),
    [
      'Concepto',
      clip(e.expenseConcept ? `${e.expenseConcept.concept}${e.expenseConcept.internalId ? ` (${e.expenseConcept.internalId})` : ''}` : 'Sin concepto', 70),
    ],
    ...(e.description ? ([['Descripción', clip(e.description, 80)]] as [string, string][]) : []),
    ...(e.group ? ([['Grupo', folioOf({ ...e.group, id: e.groupId ?? 0 })]] as [string, string][]) : []),
    ['Facturado', e.invoiced ? 'Sí' : 'No'],
  ];
  if (e.paymentDate || e.paymentMethod) {
    fields.push([
      'Pago',
      [e.paymentMethod ? PAYMENT_NAMES[e.paymentMethod] : null, e.paymentDate ? `el ${dateEs(dayOf(e.paymentDate))}` : null].filter(Boolean).join(' '),
    ]);
    if (e.paymentAccount) fields.push(['Cuenta de pago', clip(e.paymentAccount.description, 60)]);
    if (e.paymentBank || e.paymentClabe) fields.push(['Banco / CLABE', clip([e.paymentBank, e.paymentClabe].filter(Boolean).join(' · '), 70)]);
  }
  if (e.cashDate) fields.push(['Cobrado', `${dateEs(dayOf(e.cashDate))}${e.checkNumber ? ` · cheque ${clip(e.checkNumber, 20)}` : ''}`]);
  if (e.withdrawal) fields.push(['Retiro', `${e.withdrawal.id} (${WITHDRAWAL_STATUS_NAMES[e.withdrawal.status]})`]);
  for (const [label, value] of fields) {
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(label, left, y, { lineBreak: false });
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .text(value, left + 130, y, { width: CONTENT_WIDTH - 130, lineBreak: false });
    y += 14;
  }

  y += 10;
  const cols = [
    { x: left, w: 44, title: 'Cantidad', right: true },
    { x: left + 50, w: 200, title: 'Descripción' },
    { x: left + 252, w: 60, title: 'Clave SAT' },
    { x: left + 314, w: 70, title: 'P. unitario', right: true },
    { x: left + 386, w: 56, title: 'Descuento', right: true },
    { x: left + 444, w: right - (left + 444), title: 'Importe', right: true },
  ];
  const row = (values: string[], bold = false) => {
    if (y > PAGE.height - PAGE.margin - 120) {
      footer(doc, `${community.name} · Póliza de egreso ${folio}`, `Generado el ${dateEs(today)}`);
      doc.addPage();
      y = PAGE.margin;
    }
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    values.forEach((v, i) => {
      doc.text(v, cols[i].x, y, { width: cols[i].w, align: cols[i].right ? 'right' : 'left', lineBreak: false });
    });
    y += 13;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  doc
    .moveTo(left, y - 2)
    .lineTo(right, y - 2)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  y += 2;
  for (const l of e.lines) {
    row([
      money(l.quantity.toString()).toDecimalPlaces(6).toString(),
      clip(l.description, 48),
      l.satProductKey ?? '',
      formatPesos(money(l.unitPrice.toString()).toDecimalPlaces(2)),
      formatPesos(l.discount),
      formatPesos(l.amount),
    ]);
  }
  y += 8;
  const totals: [string, string][] = [
    ['Subtotal', formatPesos(e.subtotal)],
    ['Descuento', formatPesos(e.discount)],
    ...e.taxes.map(
      (t) =>
        [
          `${t.type === 'RETAINED' ? 'Retención' : 'Traslado'} ${t.taxCode}${t.rate != null ? ` ${money(t.rate.toString()).times(100).toDecimalPlaces(4).toString()} %` : ''}`,
          `${t.type === 'RETAINED' ? '-' : ''}${formatPesos(t.amount)}`,
        ] as [string, string],
    ),
    ['Impuestos trasladados', formatPesos(e.transferredTaxes)],
    ['Impuestos retenidos', formatPesos(e.retainedTaxes)],
  ];
  for (const [label, value] of totals) {
    if (y > PAGE.height - PAGE.margin - 100) {
      footer(doc, `${community.name} · Póliza de egreso ${folio}`, `Generado el ${dateEs(today)}`);
      doc.addPage();
      y = PAGE.margin;
    }
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(label, left + 300, y, { width: 120, lineBreak: false });
    doc.text(value, left + 420, y, { width: right - (left + 420), align: 'right', lineBreak: false });
    y += 13;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Total', left + 300, y + 2, { width: 120, lineBreak: false });
  doc.text(formatPesos(e.total), left + 420, y + 2, { width: right - (left + 420), align: 'right', lineBreak: false });
  y += 24;

  if (e.approvals.length) {
    doc.font('Helvetica-Bold').fontSize(9).text('Aprobaciones', left, y);
    y += 13;
    for (const a of e.approvals) {
      const who = approvers.get(a.userId) ?? `Usuario ${a.userId}`;
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .text(
          clip(
            `${a.accepted ? 'Aprobó' : 'Rechazó'}: ${who} (revisión ${a.revision}, ${dateEs(todayIn(community.timeZone, a.createdAt))})${a.comment ? ` — ${a.comment}` : ''}`,
            120,
          ),
          left,
          y,
          {
            lineBreak: false,
          },
        );
      y += 12;
    }
  }

  // Signatures at the bottom of the last page.
  const sy = Math.max(y + 40, PAGE.height - PAGE.margin - 60);
  const third = CONTENT_WIDTH / 3;
  ['Elaboró', 'Autorizó', 'Recibió'].forEach((label, i) => {
    const x = left + i * third + 15;
    doc
      .moveTo(x, sy)
      .lineTo(x + third - 30, sy)
      .lineWidth(0.5)
      .strokeColor('#000000')
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(label, x, sy + 4, { width: third - 30, align: 'center', lineBreak: false });
  });
  footer(doc, `${community.name} · Póliza de egreso ${folio}`, `Generado el ${dateEs(today)}`);
  return { fileName: `poliza-egreso-${folio.replace(/[^A-Za-z0-9-]/g, '')}.pdf`, contentType: PDF_CONTENT_TYPE, bytes: await finish() };
}

export type { ReportRow };

// The PDF of an agreement (spec 1 Agreements, the PDF link): the house, the debt and the parameters, then
// the plan with each receipt's due date, amount and state. Standard Helvetica, like the receipts' PDFs.
import { FREQUENCY_NAMES } from '../../../../../core/agreements.js';
import { formatPesos, sumMoney } from '../../../../../core/money.js';
import { personName } from '../../../../../core/houseLabel.js';
import { todayIn } from '../../../../../core/receipts.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { CONTENT_WIDTH, dateEs, footer, newPdf, PAGE, PDF_CONTENT_TYPE, STATUS_NAMES, type GeneratedFile } from '../receipts/pdf.js';
import { agreementReceipts, type AgreementView } from './service.js';

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function agreementPdf(ctx: ServiceContext, a: AgreementView): Promise<GeneratedFile> {
  const [community, house, receipts] = await Promise.all([
    ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: a.neighborhoodId }, select: { name: true, timeZone: true } }),
    ctx.prisma.house.findUniqueOrThrow({ where: { id: a.houseId }, select: { catastral: true, owner: { select: { firstName: true, lastName: true } } } }),
    agreementReceipts(ctx.prisma, a.id),
  ]);
  const today = todayIn(community.timeZone);
  const { doc, finish } = newPdf(`Convenio ${a.id}`);
  const left = PAGE.margin;
  let y: number = PAGE.margin;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(clip(community.name), left, y, { width: CONTENT_WIDTH - 160 });
  doc.font('Helvetica-Bold').fontSize(14).text(`Convenio ${a.id}`, left, y, { width: CONTENT_WIDTH, align: 'right' });
  y = Math.max(doc.y, y + 24) + 14;

  const rows: [string, string][] = [
    ['Propiedad', a.houseLabel],
    ...(house.catastral && house.catastral !== a.houseLabel ? ([['Clave catastral', house.catastral]] as [string, string][]) : []),
    ...(house.owner ? ([['Propietario', clip(personName(house.owner))]] as [string, string][]) : []),
    ['Fecha del convenio', dateEs(todayIn(community.timeZone, a.createdAt))],
    ['Adeudo convenido', formatPesos(a.debt)],
    ['Enganche', formatPesos(a.downPayment)],
    ['Parcialidades', `${a.instalments} (${FREQUENCY_NAMES[a.frequency].toLowerCase()})`],
    ['Primer pago', dateEs(a.firstDueDate)],
    ['Estado', a.cancelledAt ? `Cancelado el ${dateEs(todayIn(community.timeZone, a.cancelledAt))}` : a.pendingReceipts > 0 ? 'Vigente' : 'Liquidado'],
  ];
  for (const [label, value] of rows) {
    doc.font('Helvetica').fontSize(10).fillColor('#555555').text(label, left, y, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#000000')
      .text(value, left + 170, y, { lineBreak: false });
    y += 16;
  }

  y += 12;
  const cols = [left, left + 240, left + 340, left + 430];
  const header = (at: number) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000');
    doc.text('Recibo', cols[0], at, { lineBreak: false });
    doc.text('Fecha límite', cols[1], at, { lineBreak: false });
    doc.text('Importe', cols[2], at, { width: 80, align: 'right', lineBreak: false });
    doc.text('Estado', cols[3], at, { lineBreak: false });
    doc
      .moveTo(left, at + 14)
      .lineTo(PAGE.width - PAGE.margin, at + 14)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    return at + 20;
  };
  y = header(y);
  for (const r of receipts) {
    if (y > PAGE.height - PAGE.margin - 40) {
      footer(doc, `${community.name} · Convenio ${a.id}`, `Generado el ${dateEs(today)}`);
      doc.addPage();
      y = header(PAGE.margin);
    }
    doc.font('Helvetica').fontSize(10).fillColor('#000000');
    doc.text(clip(r.description, 48), cols[0], y, { width: 235, lineBreak: false });
    doc.text(dateEs(r.dueDate.toISOString()), cols[1], y, { lineBreak: false });
    doc.text(formatPesos(r.amount), cols[2], y, { width: 80, align: 'right', lineBreak: false });
    doc.text(r.deletedAt ? 'Cancelado' : (STATUS_NAMES[r.status] ?? r.status), cols[3], y, { lineBreak: false });
    y += 16;
  }
  const total = sumMoney(receipts.map((r) => r.amount));
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Total del plan', cols[0], y + 6, { lineBreak: false });
  doc.text(formatPesos(total), cols[2], y + 6, { width: 80, align: 'right', lineBreak: false });
  footer(doc, `${community.name} · Convenio ${a.id}`, `Generado el ${dateEs(today)}`);
  return { fileName: `convenio-${a.id}.pdf`, contentType: PDF_CONTENT_TYPE, bytes: await finish() };
}

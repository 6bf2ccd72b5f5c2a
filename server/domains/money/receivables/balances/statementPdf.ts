// The PDF of a house's account statement (spec 1: GET .../houses/{h}/statement/pdf): the figures of
// statement.ts (opening + charges + payments + adjustments = closing) and its rows as a table of date,
// description, cargo and abono, continued on as many pages as it takes, each page numbered.
import { formatPesos, money } from '../../../../../core/money.js';
import { CONTENT_WIDTH, dateEs, fileSlug, footer, newPdf, PAGE, PDF_CONTENT_TYPE, type GeneratedFile } from '../receipts/pdf.js';
import type { HouseStatement } from './statement.js';

const COLUMNS = {
  date: { x: PAGE.margin, width: 65 },
  description: { x: PAGE.margin + 70, width: 252 },
  charge: { x: PAGE.margin + 327, width: 90 },
  payment: { x: PAGE.margin + 422, width: 90 },
} as const;
/** Lowest y a row may reach before the table continues on the next page (room for the footer). */
const LAST_Y = PAGE.height - PAGE.margin - 10;

function tableHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
  doc.text('Fecha', COLUMNS.date.x, y, { width: COLUMNS.date.width, lineBreak: false });
  doc.text('Descripción', COLUMNS.description.x, y, { width: COLUMNS.description.width, lineBreak: false });
  doc.text('Cargo', COLUMNS.charge.x, y, { width: COLUMNS.charge.width, align: 'right', lineBreak: false });
  doc.text('Abono', COLUMNS.payment.x, y, { width: COLUMNS.payment.width, align: 'right', lineBreak: false });
  doc
    .moveTo(PAGE.margin, y + 13)
    .lineTo(PAGE.width - PAGE.margin, y + 13)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  return y + 18;
}

function summaryLine(doc: PDFKit.PDFDocument, y: number, label: string, value: string, bold = false): number {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(10)
    .fillColor('#000000')
    .text(label, PAGE.margin, y, { width: 200, lineBreak: false });
  doc.text(value, PAGE.margin + 200, y, { width: 120, align: 'right', lineBreak: false });
  return y + 15;
}

/** The statement as a PDF; `today` (YYYY-MM-DD in the community) is printed as the generation date. */
export async function statementPdf(s: HouseStatement, today: string): Promise<GeneratedFile> {
  const title = `Estado de cuenta ${s.houseLabel}`;
  const pdf = newPdf(title, { bufferPages: true });
  const { doc } = pdf;

  let y: number = PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000').text(s.communityName, PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y + 4;
  doc.font('Helvetica-Bold').fontSize(13).text('Estado de cuenta', PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y + 8;
  doc.font('Helvetica').fontSize(10);
  doc.text(`Propiedad: ${s.houseLabel}`, PAGE.margin, y, { width: CONTENT_WIDTH });
  doc.text(`Propietario: ${s.ownerName ?? 'Sin propietario'}`, { width: CONTENT_WIDTH });
  doc.text(`Periodo: del ${dateEs(s.from)} al ${dateEs(s.to)}`, { width: CONTENT_WIDTH });
  y = doc.y + 12;

  y = summaryLine(doc, y, 'Saldo inicial', formatPesos(s.opening));
  y = summaryLine(doc, y, 'Cargos', formatPesos(s.charges));
  y = summaryLine(doc, y, 'Pagos', formatPesos(s.payments));
  y = summaryLine(doc, y, 'Ajustes', formatPesos(s.adjustments));
  y = summaryLine(doc, y + 2, 'Saldo final', formatPesos(s.closing), true);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text('Un saldo negativo es un adeudo de la propiedad; uno positivo, saldo a su favor.', PAGE.margin, y + 2, { width: CONTENT_WIDTH });
  y = doc.y + 14;

  y = tableHeader(doc, y);
  if (s.rows.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text('No hay movimientos en el periodo.', PAGE.margin, y, { width: CONTENT_WIDTH });
  }
  for (const row of s.rows) {
    doc.font('Helvetica').fontSize(9);
    const height = Math.max(11, doc.heightOfString(row.description, { width: COLUMNS.description.width })) + 4;
    if (y + height > LAST_Y) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000');
      doc.text(`${s.communityName} · ${title} (continuación)`, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH, lineBreak: false });
      y = tableHeader(doc, PAGE.margin + 20);
      doc.font('Helvetica').fontSize(9);
    }
    const amount = money(row.amount);
    doc.fillColor('#000000');
    doc.text(dateEs(row.date), COLUMNS.date.x, y, { width: COLUMNS.date.width, lineBreak: false });
    doc.text(row.description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    if (amount.isNegative()) doc.text(formatPesos(amount.abs()), COLUMNS.charge.x, y, { width: COLUMNS.charge.width, align: 'right', lineBreak: false });
    else doc.text(formatPesos(amount), COLUMNS.payment.x, y, { width: COLUMNS.payment.width, align: 'right', lineBreak: false });
    y += height;
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    footer(doc, `${s.communityName} · Generado el ${dateEs(today)}`, `Página ${i - start + 1} de ${count}`);
  }
  const fileName = `estado-de-cuenta-${fileSlug(s.houseLabel)}-${s.from}-${s.to}.pdf`;
  return { fileName, contentType: PDF_CONTENT_TYPE, bytes: await pdf.finish() };
}

// The payment instructions of a store or bank reference as PDF (spec 1 section 4: the "payment
// instructions" document of an IN_PROGRESS receipt): what to pay, where, with which reference or CLABE,
// and until when. The instructions are the gateway's answer kept on the receipt's open charge.
import { formatPesos } from '../../../../../core/money.js';
import { reachesHouse } from '../../../../auth/houseScope.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { CONTENT_WIDTH, dateEs, footer, type GeneratedFile, newPdf, PDF_CONTENT_TYPE } from '../receipts/pdf.js';
import { RECEIPT_ADMIN_READERS } from '../receipts/service.js';

export interface Instructions {
  type: 'store' | 'bank_transfer';
  reference: string | null;
  barcodeUrl: string | null;
  clabe: string | null;
  bank: string | null;
  name: string | null;
  agreement: string | null;
}

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

/**
 * A charge's kept instructions, as the gateway answered them (JSON): null when none or not an object.
 * A row of an older database may miss the type or keep fields of another shape: the type then follows
 * the charge's method (STORE: store, else a bank transfer) and a field that is not text is left out.
 */
export function referenceInstructions(value: unknown, method: string): Instructions | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const type = v.type === 'store' || v.type === 'bank_transfer' ? v.type : method === 'STORE' ? 'store' : 'bank_transfer';
  return {
    type,
    reference: textOf(v.reference),
    barcodeUrl: textOf(v.barcodeUrl),
    clabe: textOf(v.clabe),
    bank: textOf(v.bank),
    name: textOf(v.name),
    agreement: textOf(v.agreement),
  };
}

/** null when the receipt is not reachable or has no pending reference. */
export async function paymentInstructionsPdf(ctx: ServiceContext, receiptId: number): Promise<GeneratedFile | null> {
  const receipt = await ctx.prisma.receipt.findFirst({
    where: { id: receiptId, neighborhoodId: communityOf(ctx), deletedAt: null, status: 'IN_PROGRESS' },
    select: { id: true, houseId: true, description: true, neighborhood: { select: { name: true } } },
  });
  if (!receipt || !reachesHouse(ctx.actor, receipt.houseId, RECEIPT_ADMIN_READERS)) return null;
  const charge = await ctx.prisma.charge.findFirst({
    where: { receiptId: receipt.id, status: 'IN_PROGRESS', method: { in: ['STORE', 'BANK'] }, reference: { not: null } },
    orderBy: { createdAt: 'desc' },
  });
  const i = charge ? referenceInstructions(charge.instructions, charge.method) : null;
  if (!charge || !i) return null;
  const due = new Date(charge.createdAt.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const { doc, finish } = newPdf(`Instrucciones de pago del recibo ${receipt.id}`);
  doc.font('Helvetica-Bold').fontSize(16).text(receipt.neighborhood.name);
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(12)
    .text(i.type === 'store' ? 'Instrucciones de pago en tienda' : 'Instrucciones de pago por transferencia bancaria (SPEI)');
  doc.moveDown();
  const row = (label: string, value: string, big = false) => {
    doc.font('Helvetica').fontSize(10).fillColor('#555555').text(label);
    doc
      .font('Helvetica-Bold')
      .fontSize(big ? 18 : 12)
      .fillColor('#000000')
      .text(value, { width: CONTENT_WIDTH });
    doc.moveDown(0.5);
  };
  row('Concepto', receipt.description);
  row('Monto a pagar', `${formatPesos(charge.total)} MXN`, true);
  if (i.type === 'store') {
    row('Referencia', i.reference ?? charge.reference ?? '', true);
    row('Dónde pagar', 'En cualquier tienda participante (7-Eleven, Walmart, Farmacias del Ahorro, entre otras), en efectivo.');
  } else {
    row('CLABE', i.clabe ?? charge.reference ?? '', true);
    row('Banco', i.bank ?? 'STP');
    if (i.name) row('Beneficiario', i.name);
    if (i.agreement) row('Concepto / convenio', i.agreement);
  }
  row('Paga antes del', dateEs(due));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text('Paga exactamente el monto indicado. Tu recibo quedará pagado en cuanto la pasarela confirme el pago; no necesitas enviar el comprobante.', {
      width: CONTENT_WIDTH,
    });
  footer(doc, `Recibo ${receipt.id}`, charge.id);
  return { fileName: `instrucciones-de-pago-${receipt.id}.pdf`, contentType: PDF_CONTENT_TYPE, bytes: await finish() };
}

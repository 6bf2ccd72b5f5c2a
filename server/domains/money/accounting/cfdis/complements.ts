// Payment complements (CFDI de tipo P, Pagos 2.0) of PPD invoices (docs/decisions.md «PUE and PPD»): a
// receipt invoiced before its payment gets, once paid, a complement naming the invoice's UUID, the payment's
// date, form and amount, the instalment and the balances. Invoicing's job creates it (service.ts
// invoicePaidReceipt) and processCfdi seals and stamps it like any invoice; it is cancelled and regenerated
// like one. Its CfdiReceipt links name the receipt it records and are never active: the receipt's valid
// invoice stays the PPD invoice.
import { formatMoney, money, type Money } from '../../../../../core/money.js';
import type { Cfdi } from '../../../../db/generated/client.js';
import { cfdiDate, fromCfdiDate, type PaymentComplementInput } from '../../../../infra/cfdi/voucher.js';
import type { ServiceContext, Tx } from '../../../../kernel/context.js';
import { ConflictError } from '../../../../kernel/errors.js';
import { write } from '../../../../kernel/write.js';
import { PUBLIC_RECEIVER } from './rules.js';

type Deps = Pick<ServiceContext, 'prisma' | 'db' | 'actor' | 'ip' | 'config'>;

/**
 * The complement of a PPD invoice not cancelled, a substitute included (the newest). A partial unique index
 * keeps at most one original open per invoice.
 */
export function openComplement(prisma: Pick<Tx, 'cfdi'>, invoiceId: number) {
  return prisma.cfdi.findFirst({ where: { paidCfdiId: invoiceId, kind: 'PAYMENT', status: { not: 'CANCELLED' } }, orderBy: { id: 'desc' } });
}

/**
 * What a complement records of the receipt's payment: its form, its date and what the receipt asked that day
 * (its amount once paid: a discount or penalty applied, a gateway fee left out).
 */
export function complementPayment(
  receipt: { paymentDate: Date | null; realPaymentDate: Date | null; amount: unknown },
  paymentForm: string,
): { paymentForm: string; paymentDate: Date; paymentAmount: string } {
  return { paymentForm, paymentDate: paymentInstant(receipt), paymentAmount: formatMoney(money(receipt.amount as string)) };
}

/** FechaPago: when the payment was recorded if that was on the day the money moved, else noon of that day (Mexico City). */
export function paymentInstant(r: { paymentDate: Date | null; realPaymentDate: Date | null }): Date {
  const day = r.realPaymentDate?.toISOString().slice(0, 10);
  if (r.paymentDate && (!day || cfdiDate(r.paymentDate).startsWith(day))) return r.paymentDate;
  return (day && fromCfdiDate(`${day}T12:00:00`)) || new Date();
}

/**
 * The PENDING complement of a paid receipt's PPD invoice, created once: its payment's date, form and amount
 * as the receipt records them. A second job for the same payment meets the partial unique index and answers
 * the first one's complement.
 */
export async function createComplement(
  ctx: Deps,
  invoice: Cfdi,
  receipt: { id: number; neighborhoodId: number },
  payment: ReturnType<typeof complementPayment>,
): Promise<number> {
  try {
    return await write({ ...ctx, actor: null }, {}, async ({ tx, audit }) => {
      const cfdi = await tx.cfdi.create({
        data: {
          neighborhoodId: invoice.neighborhoodId,
          kind: 'PAYMENT',
          serie: invoice.serie,
          receiverRfc: invoice.receiverRfc,
          receiverName: invoice.receiverName,
          receiverRegime: invoice.receiverRegime,
          receiverUse: 'CP01',
          receiverPostalCode: invoice.receiverPostalCode,
          ...payment,
          paidCfdiId: invoice.id,
          subtotal: '0',
          taxTotal: '0',
          total: '0',
        },
      });
      await tx.cfdiReceipt.create({
        data: { cfdiId: cfdi.id, receiptId: receipt.id, neighborhoodId: receipt.neighborhoodId, amount: payment.paymentAmount, active: false },
      });
      await audit({
        action: 'CREATE',
        entity: 'Cfdi',
        entityId: cfdi.id,
        neighborhoodId: invoice.neighborhoodId,
        data: { kind: 'PAYMENT', paidCfdiId: invoice.id, receiptId: receipt.id, amount: payment.paymentAmount },
      });
      return cfdi.id;
    });
  } catch (error) {
    const open = await openComplement(ctx.prisma, invoice.id);
    if (open) return open.id;
    throw error;
  }
}

/**
 * What a complement says when it is sealed: the paid invoice's UUID, serie and folio, the instalment (1 +
 * the valid complements before it) and the balance before it; a substitute repeats the one it replaces.
 * Refused (409) when the invoice is no longer valid or nothing of it is left to pay.
 */
export async function complementDocument(
  prisma: Pick<Tx, 'cfdi'>,
  cfdi: Cfdi,
): Promise<{ invoice: Cfdi; document: PaymentComplementInput['documents'][number]; paid: Money; previousBalance: Money; installment: number }> {
  const invoice = cfdi.paidCfdiId ? await prisma.cfdi.findUnique({ where: { id: cfdi.paidCfdiId } }) : null;
  // Not while its cancellation is under way either (cancellationMotive is written when SAT answers "in process").
  if (invoice?.status !== 'STAMPED' || !invoice.uuid || invoice.cancellationMotive) throw new ConflictError('CFDI_PAID_INVOICE_NOT_VALID');
  let installment: number;
  let previousBalance: Money;
  const replaced = cfdi.substitutesId ? await prisma.cfdi.findUnique({ where: { id: cfdi.substitutesId } }) : null;
  if (replaced?.installment && replaced.previousBalance) {
    installment = replaced.installment;
    previousBalance = money(replaced.previousBalance);
  } else {
    const before = await prisma.cfdi.findMany({
      where: { paidCfdiId: invoice.id, kind: 'PAYMENT', status: 'STAMPED', id: { not: cfdi.id }, createdAt: { lte: cfdi.createdAt } },
      select: { paymentAmount: true },
    });
    installment = before.length + 1;
    previousBalance = money(invoice.total).minus(before.reduce((sum, c) => sum.plus(money(c.paymentAmount ?? 0)), money(0)));
  }
  if (!previousBalance.greaterThan(0)) throw new ConflictError('CFDI_PAID_INVOICE_SETTLED');
  // A receipt repriced after it was invoiced (a penalty) may be paid beyond the invoice: the complement records what the invoice owed.
  const asked = money(cfdi.paymentAmount ?? 0);
  const paid = asked.greaterThan(previousBalance) ? previousBalance : asked;
  return {
    invoice,
    document: { uuid: invoice.uuid, serie: invoice.serie, folio: String(invoice.id), installment, previousBalance, paid },
    paid,
    previousBalance,
    installment,
  };
}

/** The receiver of a complement: the paid invoice's (never the general public: a global invoice is PUE). */
export function complementReceiver(cfdi: Pick<Cfdi, 'receiverRfc' | 'receiverName' | 'receiverRegime' | 'receiverPostalCode'>) {
  if (cfdi.receiverRfc === PUBLIC_RECEIVER.rfc) throw new ConflictError('CFDI_PAID_INVOICE_NOT_VALID');
  return { rfc: cfdi.receiverRfc, name: cfdi.receiverName, regime: cfdi.receiverRegime, postalCode: cfdi.receiverPostalCode };
}

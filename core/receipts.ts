// Receipt rules shared by server and client (spec 1 sections 3–5, spec 2 sections 3–5, 9): what a receipt
// is expected to be paid now, which wallet pays it, which tab it belongs to, which documents and actions
// it offers. Pure functions over plain values; money through core/money.ts.
import { formatMoney, type Money, money } from './money.js';

export const RECEIPT_STATUSES = ['NEW', 'SENT', 'IN_PROGRESS', 'PAID', 'PENALTY', 'REVIEW', 'CHARGE_BACK'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const PAYMENT_METHODS = ['CARD', 'STORE', 'BANK', 'WALLET', 'CASH', 'CREDIT', 'DEBIT', 'EXTERNAL', 'MANUAL'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const RECEIPT_GROUPS = ['PENDING', 'COMPLETED'] as const;
export type ReceiptGroup = (typeof RECEIPT_GROUPS)[number];
export type FeeType = 'PERCENTAGE' | 'AMOUNT';

/** Spec 1 section 8: a receipt action on a receipt that was paid meanwhile (code 2079). */
export const RECEIPT_ALREADY_PAID = 'No se completó la solicitud debido a que el recibo fue pagado anteriormente';
export const RECEIPT_MESSAGES = {
  recalculated: 'El recibo ha sido recalculado',
  notAltered: 'El recibo no ha sido alterado',
  penaltyAdded: 'Se ha calculado la multa del recibo',
  penaltyRemoved: 'Se ha quitado la multa al recibo',
  discountAdded: 'Se ha calculado el descuento del recibo',
  discountRemoved: 'Se ha quitado el descuento al recibo',
  paidWithWallet: 'El recibo ha sido pago usando el Monedero',
  reviewCancelled: 'El recibo ha sido cancelado del estado de revisión',
  deleted: 'El recibo ha sido eliminado',
  notesUpdated: 'Las notas han sido actualizadas',
  referenceRemoved: 'La referencia de pago ha sido eliminada',
  walletPaymentRemoved: 'El pago con Monedero ha sido eliminado',
  instructionsSent: 'Las instrucciones de pago han sido enviadas',
  transferDone: 'La transferencia se realizó correctamente',
  balanceModified: 'El saldo ha sido modificado',
} as const;

/** Statuses of the COMPLETED tab; every other status of a receipt not deleted is PENDING. */
export const COMPLETED_STATUSES: readonly ReceiptStatus[] = ['PAID'];
export function receiptGroup(status: ReceiptStatus): ReceiptGroup {
  return COMPLETED_STATUSES.includes(status) ? 'COMPLETED' : 'PENDING';
}
export function statusesOfGroup(group: ReceiptGroup): ReceiptStatus[] {
  return RECEIPT_STATUSES.filter((s) => receiptGroup(s) === group);
}

/** The discount and penalty rules a receipt carries (copied from its maintenance) and the administrator's overrides. */
export interface ReceiptTerms {
  sourceAmount: Money | string;
  hasDiscount: boolean;
  discountType: FeeType;
  discount: Money | string | null;
  /** YYYY-MM-DD: the discount applies up to and including this day. */
  discountEndDate: string | null;
  /** true: applied whatever the date; false: waived; null: by the date. */
  discountOverride: boolean | null;
  hasPenalty: boolean;
  penaltyType: FeeType;
  penalty: Money | string | null;
  /** YYYY-MM-DD: last day to pay without the penalty; it applies from the next day. */
  deadlineDate: string | null;
  penaltyOverride: boolean | null;
}

export interface ExpectedAmount {
  discountAmount: string | null;
  penaltyAmount: string | null;
  /** What the receipt expects now: source − discount + penalty, never below zero. */
  amount: string;
}

/** A rate of an amount: a percentage of it (to the cent, half up) or a fixed amount. */
export function rateOf(base: Money | string, type: FeeType, value: Money | string): Money {
  const rate = money(value);
  return type === 'PERCENTAGE' ? money(base).times(rate).dividedBy(100).toDecimalPlaces(2, 4) : rate;
}

/** The discount a receipt's terms give, whatever the date (null without a discount rule). */
export function discountOf(terms: ReceiptTerms): Money | null {
  if (!terms.hasDiscount || terms.discount == null) return null;
  const source = money(terms.sourceAmount);
  const d = rateOf(source, terms.discountType, terms.discount);
  return d.greaterThan(source) ? source : d;
}

/** The penalty a receipt's terms give, whatever the date (null without a penalty rule). */
export function penaltyOf(terms: ReceiptTerms): Money | null {
  if (!terms.hasPenalty || terms.penalty == null) return null;
  return rateOf(terms.sourceAmount, terms.penaltyType, terms.penalty);
}

export function discountApplies(terms: ReceiptTerms, today: string): boolean {
  if (terms.discountOverride !== null) return terms.discountOverride && discountOf(terms) !== null;
  return discountOf(terms) !== null && terms.discountEndDate !== null && today <= terms.discountEndDate;
}

export function penaltyApplies(terms: ReceiptTerms, today: string): boolean {
  if (terms.penaltyOverride !== null) return terms.penaltyOverride && penaltyOf(terms) !== null;
  return penaltyOf(terms) !== null && terms.deadlineDate !== null && today > terms.deadlineDate;
}

/**
 * Spec 2 section 4, payment expectation: up to the discount end day the discounted amount, after the
 * deadline day the amount with its penalty, otherwise the source amount; an administrator's override
 * (add or remove the discount or the penalty) wins over the dates.
 */
export function expectedAmount(terms: ReceiptTerms, today: string): ExpectedAmount {
  const source = money(terms.sourceAmount);
  const discount = discountApplies(terms, today) ? discountOf(terms) : null;
  const penalty = penaltyApplies(terms, today) ? penaltyOf(terms) : null;
  let amount = source;
  if (discount) amount = amount.minus(discount);
  if (penalty) amount = amount.plus(penalty);
  if (amount.isNegative()) amount = money(0);
  return {
    discountAmount: discount ? formatMoney(discount) : null,
    penaltyAmount: penalty ? formatMoney(penalty) : null,
    amount: formatMoney(amount),
  };
}

/** Statuses whose amount the rule may still change (nothing paid or in payment). */
export const ADJUSTABLE_STATUSES: readonly ReceiptStatus[] = ['NEW', 'SENT', 'PENALTY'];

/** The status a receipt takes after its amounts change: PENALTY while a penalty applies, else back to NEW (SENT stays SENT). */
export function statusAfterTerms(status: ReceiptStatus, penaltyAmount: string | null): ReceiptStatus {
  if (!ADJUSTABLE_STATUSES.includes(status)) return status;
  if (penaltyAmount !== null) return 'PENALTY';
  return status === 'PENALTY' ? 'NEW' : status;
}

export type WalletType = 'ORDINARY' | 'EXTRAORDINARY' | 'MEASURED_SERVICE';

export interface WalletChoiceInput {
  maintenance: { ordinary: boolean } | null;
  agreementId: number | null;
  measuredServiceId: number | null;
  concept: { increaseBalance: boolean } | null;
}

/**
 * Spec 1 section 4: the wallet a receipt is paid from — a maintenance receipt the ordinary wallet if the
 * maintenance is ordinary, else the extraordinary one; an agreement receipt the ordinary; a measured-service
 * receipt that service's wallet; a concept receipt the ordinary if the concept increases balance, else the
 * extraordinary.
 */
export function walletTypeFor(r: WalletChoiceInput): WalletType {
  if (r.maintenance) return r.maintenance.ordinary ? 'ORDINARY' : 'EXTRAORDINARY';
  if (r.agreementId != null) return 'ORDINARY';
  if (r.measuredServiceId != null) return 'MEASURED_SERVICE';
  return r.concept?.increaseBalance ? 'ORDINARY' : 'EXTRAORDINARY';
}

/** Wallet use is allowed only when the matching balance is above 0, and it must cover the receipt. */
export function walletCovers(balance: Money | string, amount: Money | string): boolean {
  const b = money(balance);
  return b.greaterThan(0) && b.greaterThanOrEqualTo(money(amount));
}

export interface ReceiptDocuments {
  receipt: boolean;
  paymentInstructions: boolean;
  externalPayment: boolean;
  cfdiXml: boolean;
  cfdiPdf: boolean;
  attachment: boolean;
}

/** Spec 1 section 4, document links: the receipt for PAID, SENT, PENALTY, REVIEW, IN_PROGRESS; instructions only IN_PROGRESS; the rest only when they exist. */
export function receiptDocuments(
  status: ReceiptStatus,
  has: { externalPayment: boolean; cfdiXml: boolean; cfdiPdf: boolean; attachment: boolean },
): ReceiptDocuments {
  return {
    receipt: ['PAID', 'SENT', 'PENALTY', 'REVIEW', 'IN_PROGRESS'].includes(status),
    paymentInstructions: status === 'IN_PROGRESS',
    ...has,
  };
}

export interface ReceiptActionFlags {
  allowPayment: boolean;
  allowDeleteReceipt: boolean;
  allowUpdateReceipt: boolean;
  allowAddPenalization: boolean;
  allowDeletePenalization: boolean;
  allowAddDiscount: boolean;
  allowDeleteDiscount: boolean;
  allowCancelReview: boolean;
  allowDeletePayment: boolean;
  allowDeleteReference: boolean;
  allowSendPaymentInstructions: boolean;
  allowExternalPayment: boolean;
  allowPayWithWallet: boolean;
}

export interface ActionReceipt {
  status: ReceiptStatus;
  paymentMethod: PaymentMethod | null;
  hasDiscountRule: boolean;
  hasPenaltyRule: boolean;
  discountAmount: string | null;
  penaltyAmount: string | null;
  maintenanceId: number | null;
  /** An agreement's receipt is removed only by cancelling its agreement (which gives its debt back). */
  agreementId?: number | null;
}

/**
 * Which actions of spec 1 section 4 a receipt offers: administrators (`admin`: AReceiptsUpdate) change
 * amounts, delete and undo payments; payers (`payer`) pay. A PAID receipt offers nothing that moves money.
 */
export function receiptActions(
  r: ActionReceipt,
  who: { admin: boolean; payer: boolean; walletBalance: string | null; amount: string; externalPayer?: boolean },
): ReceiptActionFlags {
  const open = ADJUSTABLE_STATUSES.includes(r.status);
  const admin = who.admin;
  return {
    allowPayment: who.payer && open,
    allowDeleteReceipt: admin && open && r.agreementId == null,
    allowUpdateReceipt: admin && open,
    allowAddPenalization: admin && open && r.hasPenaltyRule && r.penaltyAmount === null,
    allowDeletePenalization: admin && open && r.penaltyAmount !== null,
    allowAddDiscount: admin && open && r.hasDiscountRule && r.discountAmount === null,
    allowDeleteDiscount: admin && open && r.discountAmount !== null,
    allowCancelReview: admin && r.status === 'REVIEW',
    allowDeletePayment: admin && r.status === 'PAID' && r.paymentMethod === 'WALLET',
    allowDeleteReference: (admin || who.payer) && r.status === 'IN_PROGRESS',
    allowSendPaymentInstructions: (admin || who.payer) && r.status === 'IN_PROGRESS',
    // External payments need no online-payment module: their own grants (*ReceiptsExternalPaymentsCreate) decide.
    allowExternalPayment: (admin || (who.externalPayer ?? who.payer)) && open,
    allowPayWithWallet: (admin || who.payer) && open && who.walletBalance !== null && walletCovers(who.walletBalance, who.amount),
  };
}

/**
 * Spec 1 section 5: the most a manual payment may be — |negative balance| of the wallet, else the
 * concept's max_amount_balance when it has one, else 100000.
 */
export const MANUAL_PAYMENT_FALLBACK_MAX = '100000.00';
export function manualPaymentMax(balance: Money | string | null, conceptMax: Money | string | null = null): string {
  if (balance !== null && money(balance).isNegative()) return formatMoney(money(balance).abs());
  return conceptMax !== null ? formatMoney(money(conceptMax)) : MANUAL_PAYMENT_FALLBACK_MAX;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in a community's time zone. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** Spanish month names, January first (what every month label in the app is made of). */
export const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
/** "Mantenimiento noviembre 2026". */
export function periodName(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}
export function periodKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

// What a receipt's externalPayment column holds, and the one reader of it. The column is JSON written by
// the external-payment and unknown-payment services (camelCase, every field), but an older database may
// hold other shapes: a blob written by hand or by an import (snake_case keys, a legacy method such as
// BANK, no account, no dates), an array, a string. Every read goes through parseExternalPayment, which
// answers the record in the shape the services write, or null when the value is not an external payment
// at all (no recognizable method or payment date): the receipt then has no external payment to show.
import { isCalendarDay } from '../../../../../core/input.js';
import { RECEIPT_STATUSES, type ReceiptStatus } from '../../../../../core/receipts.js';

/** How the house paid outside the platform. */
export const EXTERNAL_METHODS = ['TRANSFER', 'DEPOSIT', 'CARD', 'CHECK'] as const;
export type ExternalMethod = (typeof EXTERNAL_METHODS)[number];
export const CARD_TYPES = ['CREDIT', 'DEBIT'] as const;
export const EXTERNAL_PAYMENT_STATES = ['REVIEW', 'APPROVED', 'DECLINED', 'REGISTERED'] as const;
export type ExternalPaymentState = (typeof EXTERNAL_PAYMENT_STATES)[number];

/** What a receipt's externalPayment keeps (camelCase JSON): what was sent and what became of it. */
export interface ExternalPaymentRecord {
  method: ExternalMethod;
  cardType: string | null;
  /** null only in records an older database kept without it: a review must choose the account. */
  incomeAccountId: number | null;
  accountEnding: string | null;
  authorization: string | null;
  notes: string | null;
  message: string | null;
  paymentDate: string;
  attachmentFileId: string | null;
  unknownPaymentId: number | null;
  sentByUserId: number | null;
  /** ISO timestamp; null only in records an older database kept without it. */
  sentAt: string | null;
  /** The status the receipt had before REVIEW; a decline returns to it (or to what its dates give now). */
  previousStatus: ReceiptStatus | null;
  state: ExternalPaymentState;
  decidedByUserId: number | null;
  decidedAt: string | null;
}

/** Legacy names of methods (the receipt's payment methods) that mean one of ours. */
const METHOD_ALIASES: Record<string, ExternalMethod> = { BANK: 'TRANSFER', SPEI: 'TRANSFER', TRANSFERENCIA: 'TRANSFER', DEPOSITO: 'DEPOSIT', CHEQUE: 'CHECK' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first present value among the keys (camelCase first, then the legacy snake_case). */
function pick(o: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k];
  return null;
}

function text(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const trimmed = v.trim();
  return trimmed === '' ? null : trimmed;
}

function positiveInt(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

function oneOf<T extends string>(values: readonly T[], v: unknown): T | null {
  const s = text(v)?.toUpperCase();
  return s && (values as readonly string[]).includes(s) ? (s as T) : null;
}

/** A YYYY-MM-DD day (a timestamp keeps its day), or null. */
function day(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const d = s.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(d) && isCalendarDay(d) ? d : null;
}

/** An ISO timestamp, or null. */
function instant(v: unknown): string | null {
  const s = text(v);
  if (!s || !/^\d{4}-\d{2}-\d{2}/.test(s)) return null;
  const t = new Date(s);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

/** What became of a record that does not say: read from the receipt's status. */
function stateOf(status: ReceiptStatus | null | undefined): ExternalPaymentState {
  if (status === 'PAID') return 'REGISTERED';
  if (status === 'REVIEW' || status == null) return 'REVIEW';
  return 'DECLINED';
}

/**
 * The external payment a receipt's column holds, in the services' shape, or null when it holds none (no
 * value, not an object, or no recognizable method and payment date). Fields it cannot read are null;
 * a state it cannot read is taken from the receipt's status.
 */
export function parseExternalPayment(value: unknown, receiptStatus?: ReceiptStatus | null): ExternalPaymentRecord | null {
  if (!isObject(value)) return null;
  const rawMethod = text(pick(value, 'method', 'payment_method'))?.toUpperCase() ?? null;
  const method = rawMethod ? (oneOf(EXTERNAL_METHODS, rawMethod) ?? METHOD_ALIASES[rawMethod] ?? null) : null;
  const paymentDate = day(pick(value, 'paymentDate', 'payment_date'));
  if (!method || !paymentDate) return null;
  return {
    method,
    cardType: oneOf(CARD_TYPES, pick(value, 'cardType', 'card_type')),
    incomeAccountId: positiveInt(pick(value, 'incomeAccountId', 'id_income_account')),
    accountEnding: text(pick(value, 'accountEnding', 'account_ending')),
    authorization: text(pick(value, 'authorization')),
    notes: text(pick(value, 'notes')),
    message: text(pick(value, 'message')),
    paymentDate,
    attachmentFileId:
      text(pick(value, 'attachmentFileId', 'attachment'))
        ?.split('/')
        .pop() || null,
    unknownPaymentId: positiveInt(pick(value, 'unknownPaymentId', 'id_unknown_payment')),
    sentByUserId: positiveInt(pick(value, 'sentByUserId')),
    sentAt: instant(pick(value, 'sentAt', 'sent_at')),
    previousStatus: oneOf(RECEIPT_STATUSES, pick(value, 'previousStatus')),
    state: oneOf(EXTERNAL_PAYMENT_STATES, pick(value, 'state')) ?? stateOf(receiptStatus),
    decidedByUserId: positiveInt(pick(value, 'decidedByUserId')),
    decidedAt: instant(pick(value, 'decidedAt', 'decided_at')),
  };
}

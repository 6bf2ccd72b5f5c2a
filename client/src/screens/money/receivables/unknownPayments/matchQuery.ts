// The data of a payment as the unknown-payment screens pass it along in the query string (spec 2 section 2:
// the register form "can be prefilled from the query"; the matching receipts read it).
import { globalId } from '../../../../relay/ids.js';

export const MATCH_KEYS = [
  'amount',
  'authorization',
  'payment_date',
  'id_income_account',
  'comments',
  'id_house',
  'id_receipt_concept',
  'id_unknown_payment',
] as const;
export type MatchKey = (typeof MATCH_KEYS)[number];

/** Spec 2 section 4: the info shown on the register form when no receipt matches. */
export const NO_MATCHING_RECEIPTS = 'No se encontraron recibos que conincidan con los datos especificados en el formulario';

const ID = /^\d{1,9}$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query string of a payment's data (blank values left out). */
export function matchSearch(values: Partial<Record<MatchKey, string | number | null | undefined>>): string {
  const search = new URLSearchParams();
  for (const key of MATCH_KEYS) {
    const value = values[key];
    if (value !== null && value !== undefined && String(value).trim() !== '') search.set(key, String(value).trim());
  }
  return search.toString();
}

export function matchValues(search: URLSearchParams): Record<MatchKey, string> {
  return Object.fromEntries(MATCH_KEYS.map((k) => [k, search.get(k)?.trim().slice(0, 1000) ?? ''])) as Record<MatchKey, string>;
}

/** The matchingReceipts variables of a query string; null when the amount or the date is missing. */
export function matchingVariables(search: URLSearchParams): Record<string, unknown> {
  const v = matchValues(search);
  const valid = AMOUNT.test(v.amount) && DAY.test(v.payment_date);
  return {
    valid,
    amount: valid ? v.amount : '0',
    paymentDate: valid ? v.payment_date : '1970-01-01',
    authorization: v.authorization || null,
    incomeAccountId: ID.test(v.id_income_account) ? Number(v.id_income_account) : null,
    houseId: ID.test(v.id_house) ? globalId('House', v.id_house) : null,
    conceptId: ID.test(v.id_receipt_concept) ? Number(v.id_receipt_concept) : null,
    unknownPaymentId: ID.test(v.id_unknown_payment) ? globalId('UnknownPayment', v.id_unknown_payment) : null,
  };
}

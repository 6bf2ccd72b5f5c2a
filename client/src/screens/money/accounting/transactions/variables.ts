// The transactions grid's query-string state (?date_kind=&from=&to=&source=&kind=&payment_method=&page=&page_size=):
// read by the route table (kept light: no component code here) and by the screen.
import { pageFromSearch } from '../../../../components/paging.js';
import { reportPeriod } from '../reports/variables.js';

export const SOURCES = ['HOUSE', 'COMMUNITY'] as const;
export const KINDS = [
  'DEPOSIT',
  'RECEIPT_PAID',
  'WALLET_PAYMENT',
  'ADJUSTMENT',
  'INITIAL_BALANCE',
  'TRANSFER',
  'RECEIPT_DELETED',
  'REVERSAL',
  'AGREEMENT',
  'AGREEMENT_CANCELLED',
  'DEPOSIT_RETURNED',
  'EXPENSE_PAID',
  'EXPENSE_CHARGED',
  'WITHDRAWAL',
  'WITHDRAWAL_FEE',
] as const;
export const METHODS = ['CARD', 'STORE', 'BANK', 'WALLET', 'CASH', 'CREDIT', 'DEBIT', 'EXTERNAL', 'MANUAL'] as const;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null => ((values as readonly string[]).includes(v ?? '') ? (v as T) : null);

export function transactionFilter(search: URLSearchParams, now: Date = new Date()) {
  const kind = oneOf(KINDS, search.get('kind'));
  return {
    ...reportPeriod(search, now),
    source: oneOf(SOURCES, search.get('source')),
    kinds: kind ? [kind] : null,
    paymentMethod: oneOf(METHODS, search.get('payment_method')),
  };
}

export function transactionVariables(search: URLSearchParams) {
  const { pageSize, offset } = pageFromSearch(search);
  return { filter: transactionFilter(search), first: pageSize, offset };
}

/** The same filter as the export's query string. */
export function exportQuery(search: URLSearchParams): string {
  const f = transactionFilter(search);
  const q = new URLSearchParams({ date_kind: f.dateKind, from: f.from, to: f.to });
  if (f.source) q.set('source', f.source);
  if (f.kinds) q.set('kind', f.kinds.join(','));
  if (f.paymentMethod) q.set('payment_method', f.paymentMethod);
  return q.toString();
}

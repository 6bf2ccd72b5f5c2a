// The reports' query-string state (?date_kind=&from=&to=, plus page/page_size for the incomes rows): read
// by the route table (kept light: no component code here) and by the screens.
import { pageFromSearch } from '../../../../components/paging.js';

export const DATE_KINDS = ['SYSTEM_DATE', 'PAYMENT_DATE'] as const;
export type DateKind = (typeof DATE_KINDS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string | null): v is string => !!v && DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const pad = (n: number) => String(n).padStart(2, '0');

/** The current month, in the browser's calendar. */
export function currentMonth(now: Date = new Date()): { from: string; to: string } {
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  const last = new Date(y, m, 0).getDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}` };
}

/** The period of ?date_kind=&from=&to=: this month unless both dates name real days in order. */
export function reportPeriod(search: URLSearchParams, now: Date = new Date()): { dateKind: DateKind; from: string; to: string } {
  const kind = search.get('date_kind');
  const dateKind = (DATE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as DateKind) : 'SYSTEM_DATE';
  const from = search.get('from');
  const to = search.get('to');
  const month = currentMonth(now);
  const range = isDate(from) && isDate(to) && from <= to ? { from, to } : month;
  return { dateKind, ...range };
}

export function incomesVariables(search: URLSearchParams) {
  const { page, pageSize } = pageFromSearch(search);
  return { ...reportPeriod(search), offset: (page - 1) * pageSize, first: pageSize };
}

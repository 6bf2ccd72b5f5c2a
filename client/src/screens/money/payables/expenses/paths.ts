// Routes of the expense screens (spec 2 section 2) and the list's query-string filters.
export const EXPENSES_PATH = '/expenses';
export const expenseFormPath = (id?: number | string | null) => (id != null ? `${EXPENSES_PATH}/form/${id}` : `${EXPENSES_PATH}/form`);
export const expenseDetailPath = (id: number | string) => `${EXPENSES_PATH}/${id}/detail`;
export const expenseLogPath = (id: number | string) => `${EXPENSES_PATH}/${id}/log`;

/** The filters of /expenses as the query string names them (spec 2 section 7). */
export const EXPENSE_FILTERS = [
  'status',
  'provider',
  'concept',
  'groupSerie',
  'groupFolio',
  'from',
  'to',
  'fromPayment',
  'toPayment',
  'fromCharge',
  'toCharge',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES = ['NEW', 'EDITED', 'REJECTED', 'APPROVED', 'DELETED', 'INVOICE', 'PAID', 'CHARGED'];

/** The GraphQL ExpenseFilter of the query string (anything malformed is left out). */
export function expenseFilterFromSearch(search: URLSearchParams) {
  const text = (k: string) => search.get(k)?.trim() || null;
  const day = (k: string) => {
    const v = text(k);
    return v && DAY.test(v) ? v : null;
  };
  const int = (k: string) => {
    const v = text(k);
    return v && /^\d{1,9}$/.test(v) ? v : null;
  };
  const status = (text('status') ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => STATUSES.includes(s));
  return {
    status: status.length ? status : null,
    providerId: int('provider'),
    conceptId: int('concept'),
    groupSerie: text('groupSerie')?.slice(0, 40) ?? null,
    groupFolio: int('groupFolio') ? Number(int('groupFolio')) : null,
    from: day('from'),
    to: day('to'),
    fromPayment: day('fromPayment'),
    toPayment: day('toPayment'),
    fromCharge: day('fromCharge'),
    toCharge: day('toCharge'),
  };
}

// Download URLs of the expense documents (REST under /api/1.0, authorized by the session cookie).

export interface ExpenseReportFilters {
  status?: string | null;
  from?: string | null;
  to?: string | null;
  fromPayment?: string | null;
  toPayment?: string | null;
  fromCharge?: string | null;
  toCharge?: string | null;
  provider?: string | null;
  concept?: string | null;
}

const base = (neighborhoodId: number | string) => `/api/1.0/neighborhoods/${encodeURIComponent(String(neighborhoodId))}/expenses`;

/** The expense's detail PDF («póliza de egreso»). */
export function expensePolicyUrl(neighborhoodId: number | string, expenseId: number | string): string {
  return `${base(neighborhoodId)}/${encodeURIComponent(String(expenseId))}/policy`;
}

const FILTER_PARAMS: [keyof ExpenseReportFilters, string][] = [
  ['status', 'status'],
  ['from', 'from'],
  ['to', 'to'],
  ['fromPayment', 'fromPayment'],
  ['toPayment', 'toPayment'],
  ['fromCharge', 'fromCharge'],
  ['toCharge', 'toCharge'],
  ['provider', 'provider'],
  ['concept', 'concept'],
];

function query(filters: ExpenseReportFilters | null | undefined, format: 'xlsx' | 'pdf'): string {
  const params = new URLSearchParams({ format });
  for (const [key, name] of FILTER_PARAMS) {
    const value = filters?.[key];
    if (value !== null && value !== undefined && String(value) !== '') params.set(name, String(value));
  }
  return params.toString();
}

/** The details report (one row per expense) as XLSX or PDF, with the list's filters. */
export function expenseDetailsReportUrl(neighborhoodId: number | string, filters: ExpenseReportFilters | null | undefined, format: 'xlsx' | 'pdf'): string {
  return `${base(neighborhoodId)}/export?${query(filters, format)}`;
}

/** The summary report (totals by concept and status) as XLSX or PDF, with the list's filters. */
export function expenseSummaryReportUrl(neighborhoodId: number | string, filters: ExpenseReportFilters | null | undefined, format: 'xlsx' | 'pdf'): string {
  return `${base(neighborhoodId)}/report?${query(filters, format)}`;
}

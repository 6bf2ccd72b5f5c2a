// The query-string state of the statement (?from=&to=) and the incomes summary (?year=): read by the route
// table (kept light: no component code here) and by the screens.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that names a real day. */
export function isDate(value: string | null | undefined): value is string {
  return !!value && DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** The statement's period from ?from=&to=: the current year unless both name real days in order. */
export function statementRange(search: URLSearchParams, now: Date = new Date()): { from: string; to: string } {
  const year = now.getFullYear();
  const from = search.get('from');
  const to = search.get('to');
  const range = { from: isDate(from) ? from : `${year}-01-01`, to: isDate(to) ? to : `${year}-12-31` };
  return range.from <= range.to ? range : { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** Year choices: the current one and the 24 before it (spec 1 section 5: 25 years from the current one). */
export function yearChoices(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 25 }, (_, i) => year - i);
}

/** ?year= when it is one of the choices, else the current year. */
export function summaryYear(search: URLSearchParams, now: Date = new Date()): number {
  const year = Number(search.get('year'));
  return yearChoices(now).includes(year) ? year : now.getFullYear();
}

/** How many of the latest movements the balance screen shows. */
export const LEDGER_ROWS = 20;

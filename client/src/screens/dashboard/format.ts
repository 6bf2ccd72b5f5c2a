// Money and month labels of the dashboard: pesos as $1,234.56 (core/money), Spanish month names.
import { formatPesos } from '../../../../core/money.js';

export { formatPesos };

const MONTH_LONG = new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH_SHORT = new Intl.DateTimeFormat('es-MX', { month: 'short', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const dateOf = (period: string) => new Date(`${period}-15T12:00:00Z`);

/** "2026-11" → "noviembre de 2026". */
export const monthLong = (period: string) => MONTH_LONG.format(dateOf(period));
/** "2026-11" → "nov"; January also carries its year ("ene 26") so the axis shows where a year starts. */
export function monthShort(period: string) {
  const label = MONTH_SHORT.format(dateOf(period)).replace('.', '');
  return period.endsWith('-01') ? `${label} ${period.slice(2, 4)}` : label;
}
/** "2026-11-03" or an ISO date-time → "3 nov 2026". */
export const dayLabel = (date: string) => DAY.format(new Date(date.length === 10 ? `${date}T12:00:00Z` : date)).replace('.', '');

/** Axis ticks: $950, $12 k, $1.2 M. */
export function compactPesos(value: number) {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `$${(value / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)} M`;
  if (abs >= 1_000) return `$${Math.round(value / 1_000)} k`;
  return `$${Math.round(value)}`;
}

/** The last `count` months ending with `current` (YYYY-MM), newest first. */
export function lastMonths(current: string, count = 12): string[] {
  const [y, m] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

// The one formatter of what the client shows (issue 25; docs/decisions.md "One formatter"): money as es-MX
// pesos ("$1,234.56", negatives "-$1,234.56"), dates as "28/11/2026", date-times as "28/11/2026 14:05" in the
// community's time zone, month periods as "Noviembre 2026", and the compact pesos of chart axes. Screens
// never format dates or money themselves: format.test.ts scans client/src for toLocale*/Intl/dayjs formatting.
import { formatPesos as pesos, money } from '../../core/money.js';
import { MONTH_NAMES, todayIn } from '../../core/receipts.js';

/** Dates of community data are days in this zone (DESIGN.md section 3); date-times are shown in it too. */
export const COMMUNITY_TIME_ZONE = 'America/Mexico_City';

/** An amount as it arrives: a Decimal scalar's text ("1500.5"), a Money, a number literal. */
type Amount = Parameters<typeof pesos>[0] | unknown;
const amountOf = (value: Amount) => money(value as Parameters<typeof pesos>[0]);

/** "$1,234.56"; negatives "-$1,234.56"; "" for no amount. */
export function formatPesos(value: Amount): string {
  if (value == null || value === '') return '';
  return pesos(amountOf(value));
}

/** A price per unit (a service's cost per m³), up to four decimals, in the same style: "$12.3456", "$1,500.00". */
export function formatUnitPesos(value: Amount): string {
  if (value == null || value === '') return '';
  const amount = amountOf(value).toDecimalPlaces(4);
  const cents = pesos(amount.toDecimalPlaces(2, 1));
  const decimals = amount.decimalPlaces();
  if (decimals <= 2) return cents;
  const digits = amount.abs().toFixed(decimals).split('.')[1]!;
  return `${cents.slice(0, -2)}${digits}`;
}

/** An amount taken off (a discount, a retained tax): "-$100.00" ("$0.00" for nothing). */
export function formatMinusPesos(value: Amount): string {
  const amount = amountOf(value).abs();
  return formatPesos(amount.isZero() ? amount : amount.negated());
}

/** An amount added (a penalty, a transferred tax): "+$100.00". */
export function formatPlusPesos(value: Amount): string {
  return `+${formatPesos(amountOf(value).abs())}`;
}

/** A rate as a percentage: "0.16" → "16 %", "0.0125" → "1.25 %". */
export function formatRate(rate: Amount): string {
  return `${amountOf(rate).times(100).toDecimalPlaces(4).toString()} %`;
}

// ---- dates ---------------------------------------------------------------------------------------

type DateLike = string | Date | null | undefined | unknown;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ZONED = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMMUNITY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface Parts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** A YYYY-MM-DD day as it is (no time zone shift); a date-time in the community's time zone; null if neither. */
function partsOf(value: DateLike): Parts | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string') {
    const day = DAY.exec(value);
    if (day) return { year: day[1]!, month: day[2]!, day: day[3]!, hour: '00', minute: '00' };
  }
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(ZONED.formatToParts(date).map((p) => [p.type, p.value])) as Record<string, string>;
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour === '24' ? '00' : parts.hour!, minute: parts.minute! };
}

/** "28/11/2026" for a YYYY-MM-DD day or a date-time (its day in the community); "" for nothing. */
export function formatDate(value: DateLike): string {
  const p = partsOf(value);
  if (!p) return value == null ? '' : String(value);
  return `${p.day}/${p.month}/${p.year}`;
}

/** "28/11/2026 14:05" for a date-time, in the community's time zone; "" for nothing. */
export function formatDateTime(value: DateLike): string {
  const p = partsOf(value);
  if (!p) return value == null ? '' : String(value);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "14:05" for a date-time, in the community's time zone; "" for nothing. */
export function formatTime(value: DateLike): string {
  const p = partsOf(value);
  if (!p) return value == null ? '' : String(value);
  return `${p.hour}:${p.minute}`;
}

/** The date picker's display of its value, the same style as formatDate (dayjs format string). */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

// ---- months --------------------------------------------------------------------------------------

/** "noviembre" for 11. */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? '';
}

/** "Noviembre" for 11: a month on its own (a list of months, a column of them). */
export function formatMonthName(month: number): string {
  const name = monthName(month);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** "Noviembre 2026": a month period (a receipt's, a report's, the dashboard's), the only month style. */
export function formatPeriod(year: number, month: number): string {
  const name = monthName(month);
  if (!name) return String(year);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}

/** "noviembre 2026": the same month period inside a sentence ("No hay egresos en noviembre 2026."). */
export function periodInText(year: number, month: number): string {
  const name = monthName(month);
  return name ? `${name} ${year}` : String(year);
}

/** "2026-11" → "Noviembre 2026". */
export function formatMonth(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return formatPeriod(year, month);
}

/** "2026-11" → "noviembre 2026", inside a sentence. */
export function monthInText(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return periodInText(year, month);
}

/** Chart axes: "2026-11" → "nov"; January also carries its year ("ene 26") so the axis shows where a year starts. */
export function monthShort(period: string): string {
  const label = monthName(Number(period.slice(5, 7))).slice(0, 3);
  return period.endsWith('-01') ? `${label} ${period.slice(2, 4)}` : label;
}

/** Chart axes: $950, $12 k, $1.2 M. */
export function compactPesos(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `$${(value / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)} M`;
  if (abs >= 1_000) return `$${Math.round(value / 1_000)} k`;
  return `$${Math.round(value)}`;
}

/** The community's current month (YYYY-MM). */
export function currentMonth(at: Date = new Date()): string {
  return todayIn(COMMUNITY_TIME_ZONE, at).slice(0, 7);
}

/** The last `count` months ending with `current` (YYYY-MM), newest first. */
export function lastMonths(current: string, count = 12): string[] {
  const [y, m] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

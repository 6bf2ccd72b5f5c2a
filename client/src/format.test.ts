// One formatter (issue 25): what it prints, and a scan of client/src that fails when a screen formats dates or
// money on its own instead of through client/src/format.ts.
import { describe, expect, it } from 'vitest';
import {
  compactPesos,
  formatDate,
  formatDateTime,
  formatTime,
  formatMinusPesos,
  formatMonth,
  formatMonthName,
  formatPeriod,
  formatPesos,
  formatPlusPesos,
  formatRate,
  formatUnitPesos,
  lastMonths,
  monthInText,
  monthShort,
} from './format.js';

describe('the one formatter', () => {
  it('prints money as es-MX pesos, negatives with a leading minus', () => {
    expect(formatPesos('5287.28')).toBe('$5,287.28');
    expect(formatPesos('1234567.5')).toBe('$1,234,567.50');
    expect(formatPesos('-1234.56')).toBe('-$1,234.56');
    expect(formatPesos('0')).toBe('$0.00');
    expect(formatPesos(null)).toBe('');
    expect(formatMinusPesos('100')).toBe('-$100.00');
    expect(formatMinusPesos('0')).toBe('$0.00');
    expect(formatPlusPesos('8')).toBe('+$8.00');
    expect(formatUnitPesos('12.3456')).toBe('$12.3456');
    expect(formatUnitPesos('1500')).toBe('$1,500.00');
    expect(formatRate('0.16')).toBe('16 %');
    expect(formatRate('0.0125')).toBe('1.25 %');
    expect(compactPesos(950)).toBe('$950');
    expect(compactPesos(12_400)).toBe('$12 k');
    expect(compactPesos(1_250_000)).toBe('$1.3 M');
  });

  it('prints a day as 28/11/2026 with no time zone shift, and a date-time in Mexico City', () => {
    expect(formatDate('2026-11-28')).toBe('28/11/2026');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    // 03:30 UTC on the 3rd is still the 2nd in Mexico City (UTC-6).
    expect(formatDate('2026-11-03T03:30:00.000Z')).toBe('02/11/2026');
    expect(formatDateTime('2026-11-28T20:05:00.000Z')).toBe('28/11/2026 14:05');
    expect(formatDateTime(new Date('2026-07-01T00:00:00Z'))).toBe('30/06/2026 18:00');
    expect(formatTime('2026-11-28T20:05:00.000Z')).toBe('14:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  it('names months in Spanish: one period style, a short axis style', () => {
    expect(formatPeriod(2026, 11)).toBe('Noviembre 2026');
    expect(formatMonth('2026-03')).toBe('Marzo 2026');
    expect(monthInText('2026-03')).toBe('marzo 2026');
    expect(formatMonthName(9)).toBe('Septiembre');
    expect(monthShort('2026-11')).toBe('nov');
    expect(monthShort('2027-01')).toBe('ene 27');
    expect(lastMonths('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });
});

// ---- the scan ------------------------------------------------------------------------------------

/** Every source file of the client but tests and generated artifacts, as text (Vite reads them for the test). */
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/__generated__/**', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** Ways of formatting a date or an amount by hand. */
const AD_HOC: [string, RegExp][] = [
  ['toLocaleDateString / toLocaleTimeString', /\.toLocale(Date|Time)String\(/],
  ['toLocaleString', /\.toLocaleString\(/],
  ['Intl.NumberFormat', /\bIntl\.NumberFormat\b/],
  ['Intl.DateTimeFormat', /\bIntl\.DateTimeFormat\b/],
  ['dayjs display format', /\.format\(\s*['"`][^'"`]*(MMM|HH|\[de\]|D\/)[^'"`]*['"`]\s*\)/],
  ['a YYYY-MM-DD turned around by hand', /\.split\(\s*['"]-['"]\s*\)\s*\.reverse\(\)/],
  ['a date picker with a display format of its own (DateField shows DATE_INPUT_FORMAT)', /valueFormat=(\{\s*)?["'`][^"'`]*[DMY]/],
];
/**
 * Files other people own right now (issue 25 left them alone); they still format by hand and move to
 * client/src/format.ts with their next change. Nothing new goes here.
 */
const NOT_YET: string[] = ['screens/property/owners/OwnerChange.tsx'];

describe('one formatter everywhere', () => {
  it('no screen formats dates or money itself: everything goes through client/src/format.ts', () => {
    const offences: string[] = [];
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    for (const name of NOT_YET) expect(SOURCES[`./${name}`], `${name} is gone: take it off NOT_YET`).toBeDefined();
    for (const [file, text] of Object.entries(SOURCES)) {
      const name = file.replace(/^\.\//, '');
      if (name === 'format.ts' || NOT_YET.includes(name)) continue;
      text.split('\n').forEach((line, i) => {
        for (const [what, pattern] of AD_HOC) if (pattern.test(line)) offences.push(`${name}:${i + 1} ${what}: ${line.trim()}`);
      });
    }
    expect(offences, 'use formatDate, formatDateTime, formatPesos... from client/src/format.ts').toEqual([]);
  });

  it('the scan sees what it looks for', () => {
    const caught = (line: string) => AD_HOC.some(([, pattern]) => pattern.test(line));
    expect(caught("new Date(x).toLocaleDateString('es-MX')")).toBe(true);
    expect(caught("new Intl.NumberFormat('es-MX', { style: 'currency' })")).toBe(true);
    expect(caught("dayjs(value).format('D [de] MMMM [de] YYYY')")).toBe(true);
    expect(caught("r.date.split('-').reverse().join('/')")).toBe(true);
    expect(caught("dayjs().format('YYYY-MM-DD')")).toBe(false);
    expect(caught('valueFormat="D MMM YYYY"')).toBe(true);
    expect(caught('valueFormat={(v) => compactPesos(v)}')).toBe(false);
    expect(caught('valueFormat={DATE_INPUT_FORMAT}')).toBe(false);
    expect(caught('formatDate(r.date)')).toBe(false);
  });
});

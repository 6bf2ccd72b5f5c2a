// Typed calendar days (issue 24 item 5): a day that exists, in the years 1900 to 2999 (docs/decisions.md,
// "Years of typed dates"). Year 0000 passed JavaScript's checks and failed in PostgreSQL (22008, a 500).
import { describe, expect, it } from 'vitest';
import { parseDay } from './amenities.js';
import { dayText, isCalendarDay, MAX_DAY_YEAR, MIN_DAY_YEAR } from './input.js';

describe('isCalendarDay and the validators built on it', () => {
  it.each(['1900-01-01', '2026-02-28', '2028-02-29', '2999-12-31'])('accepts %s', (day) => {
    expect(isCalendarDay(day)).toBe(true);
    expect(parseDay(` ${day} `)).toBe(day);
    expect(dayText('La fecha').safeParse(day).success).toBe(true);
  });

  it.each(['0000-01-15', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31', '2026-02-30', '2026-13-01', '+02026-01-01', '26-01-01', ''])(
    'refuses %j',
    (day) => {
      expect(isCalendarDay(day)).toBe(false);
      expect(parseDay(day)).toBeNull();
      expect(dayText('La fecha').safeParse(day).success).toBe(false);
    },
  );

  it('names the range when only the year is wrong', () => {
    const result = dayText('La fecha de pago').safeParse('0000-01-15');
    expect(result.error?.issues.map((i) => i.message)).toEqual([`La fecha de pago debe tener un año entre ${MIN_DAY_YEAR} y ${MAX_DAY_YEAR}`]);
    expect(
      dayText('La fecha de pago')
        .safeParse('2026-02-30')
        .error?.issues.map((i) => i.message),
    ).toEqual(['La fecha de pago no es válida']);
  });
});

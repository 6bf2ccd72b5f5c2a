import { describe, expect, it } from 'vitest';
import { monthsOf, periodFilter } from './service.js';

const community = { id: 1, timeZone: 'America/Mexico_City', name: 'Los Olivos' };
const months = (from: string, to: string) =>
  monthsOf(periodFilter(community, { from, to, dateKind: 'SYSTEM_DATE', today: '2026-11-30' })).map((m) => [m.from, m.to, m.fromAt, m.toNextAt]);

describe('monthsOf (an export reads its period a month at a time)', () => {
  it('cuts a period into its calendar months, the first and the last cut to the period, with their instants', () => {
    expect(months('2023-11-15', '2024-02-10')).toEqual([
      ['2023-11-15', '2023-11-30', '2023-11-15 06:00:00.000', '2023-12-01 06:00:00.000'],
      ['2023-12-01', '2023-12-31', '2023-12-01 06:00:00.000', '2024-01-01 06:00:00.000'],
      ['2024-01-01', '2024-01-31', '2024-01-01 06:00:00.000', '2024-02-01 06:00:00.000'],
      ['2024-02-01', '2024-02-10', '2024-02-01 06:00:00.000', '2024-02-11 06:00:00.000'],
    ]);
  });

  it('a day, a whole month, a leap February and a year', () => {
    expect(months('2024-02-29', '2024-02-29')).toEqual([['2024-02-29', '2024-02-29', '2024-02-29 06:00:00.000', '2024-03-01 06:00:00.000']]);
    expect(months('2024-02-01', '2024-02-29').map(([from, to]) => [from, to])).toEqual([['2024-02-01', '2024-02-29']]);
    const year = months('2002-01-01', '2002-12-31');
    expect(year).toHaveLength(12);
    expect(year.map(([, to]) => to.slice(5))).toEqual([
      '01-31',
      '02-28',
      '03-31',
      '04-30',
      '05-31',
      '06-30',
      '07-31',
      '08-31',
      '09-30',
      '10-31',
      '11-30',
      '12-31',
    ]);
    // Consecutive months meet: each one's next instant is the following one's start.
    for (let i = 1; i < year.length; i++) expect(year[i]![2]).toBe(year[i - 1]![3]);
  });
});

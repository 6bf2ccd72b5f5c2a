import { describe, expect, it } from 'vitest';
import { newRule } from './revisionPoints.js';
import { dayTimes, daySpaces, firstSpaceDay, revisionSpaces, spaceAt, type SpacePoint } from './revisionSpaces.js';

const TZ = 'America/Mexico_City';
const point: SpacePoint = {
  activeFrom: '2026-01-01',
  activeUntil: null,
  minutes: 20,
  rules: [
    { ...newRule(), startHour: '09:00', endHour: '10:00', monday: true, wednesday: true },
    { ...newRule(), startHour: '16:00', endHour: '17:10', monday: true },
    { ...newRule(), startHour: '09:00', endHour: '10:00', saturday: true },
  ],
};

describe('the spaces of a revision point', () => {
  it('cuts each rule of the weekday into appointments, dropping a last shorter piece, in order', () => {
    // 2026-11-30 is a Monday: 09:00–10:00 gives three, 16:00–17:10 three more (17:00–17:10 is too short).
    expect(dayTimes(point, '2026-11-30')).toEqual([
      ['09:00', '09:20'],
      ['09:20', '09:40'],
      ['09:40', '10:00'],
      ['16:00', '16:20'],
      ['16:20', '16:40'],
      ['16:40', '17:00'],
    ]);
    expect(dayTimes(point, '2026-12-01')).toEqual([]); // Tuesday: no rule
    expect(dayTimes(point, '2026-12-02')).toHaveLength(3); // Wednesday
    expect(dayTimes(point, '2026-12-06')).toEqual([]); // Sunday
  });

  it('offers nothing outside the active window', () => {
    expect(dayTimes({ ...point, activeFrom: '2026-12-01' }, '2026-11-30')).toEqual([]);
    expect(dayTimes({ ...point, activeUntil: '2026-11-29' }, '2026-11-30')).toEqual([]);
    expect(dayTimes({ ...point, activeUntil: '2026-11-30' }, '2026-11-30')).toHaveLength(6);
  });

  it('places them in the community’s time zone: Mexico City keeps UTC−6 all year (no daylight saving since 2022)', () => {
    for (const day of ['2026-01-05', '2026-04-06', '2026-07-06', '2026-10-26', '2026-11-02']) {
      const [first] = daySpaces(point, day, TZ);
      expect(first.start.toISOString()).toBe(`${day}T15:00:00.000Z`);
      expect(first.end.toISOString()).toBe(`${day}T15:20:00.000Z`);
    }
    // Tijuana still changes: 09:00 is UTC−7 in July and UTC−8 in December.
    expect(daySpaces(point, '2026-07-06', 'America/Tijuana')[0].start.toISOString()).toBe('2026-07-06T16:00:00.000Z');
    expect(daySpaces(point, '2026-12-07', 'America/Tijuana')[0].start.toISOString()).toBe('2026-12-07T17:00:00.000Z');
  });

  it('shows a week from the asked day, never before today nor before the point opens, without spaces already begun', () => {
    expect(firstSpaceDay('2026-11-01', point, '2026-11-29')).toBe('2026-11-29');
    expect(firstSpaceDay('2026-12-10', point, '2026-11-29')).toBe('2026-12-10');
    expect(firstSpaceDay(null, { activeFrom: '2027-01-04' }, '2026-11-29')).toBe('2027-01-04');
    const now = new Date('2026-11-30T15:25:00Z'); // Monday 09:25 in Mexico City
    const week = revisionSpaces(point, { asked: null, today: '2026-11-30', now, timeZone: TZ, vehicleId: 7 }, []);
    expect(week.from).toBe('2026-11-30');
    expect(week.to).toBe('2026-12-06');
    expect(week.days).toHaveLength(7);
    expect(week.days[0].spaces.map((s) => s.start.toISOString())).toEqual([
      '2026-11-30T15:40:00.000Z',
      '2026-11-30T22:00:00.000Z',
      '2026-11-30T22:20:00.000Z',
      '2026-11-30T22:40:00.000Z',
    ]);
    expect(week.days[0].spaces.every((s) => s.status === 'AVAILABLE' && s.minute === s.start.getTime() / 60_000)).toBe(true);
  });

  it('tells this vehicle’s appointment from another’s, and a completed one', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    const week = revisionSpaces(point, { asked: null, today: '2026-11-29', now, timeZone: TZ, vehicleId: 7 }, [
      { id: 1, start: at('2026-11-30T15:00:00Z'), end: at('2026-11-30T15:20:00Z'), vehicleId: 7, status: 'CONFIRMED', code: 'ABCD2345' },
      { id: 2, start: at('2026-11-30T15:20:00Z'), end: at('2026-11-30T15:40:00Z'), vehicleId: 8, status: 'CONFIRMED', code: 'ZZZZ2345' },
      { id: 3, start: at('2026-11-30T15:40:00Z'), end: at('2026-11-30T16:00:00Z'), vehicleId: 9, status: 'COMPLETED', code: 'YYYY2345' },
    ]);
    const monday = week.days.find((d) => d.day === '2026-11-30')!;
    expect(monday.spaces.slice(0, 4).map((s) => [s.status, s.code, s.bookingId])).toEqual([
      ['CONFIRMED', 'ABCD2345', 1],
      ['TAKEN', null, null],
      ['COMPLETED', null, null],
      ['AVAILABLE', null, null],
    ]);
    const admin = revisionSpaces(point, { asked: null, today: '2026-11-29', now, timeZone: TZ, vehicleId: null }, [
      { id: 1, start: at('2026-11-30T15:00:00Z'), end: at('2026-11-30T15:20:00Z'), vehicleId: 7, status: 'CONFIRMED', code: 'ABCD2345' },
    ]);
    expect(admin.days.find((d) => d.day === '2026-11-30')!.spaces[0].status).toBe('TAKEN');
  });

  it('keeps the spaces a booking covers after the point’s length changed', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    // Booked 09:00–09:30 when appointments lasted 30 minutes; now they last 20: 09:00 and 09:20 are both taken.
    const week = revisionSpaces(point, { asked: null, today: '2026-11-29', now, timeZone: TZ, vehicleId: 8 }, [
      { id: 1, start: new Date('2026-11-30T15:00:00Z'), end: new Date('2026-11-30T15:30:00Z'), vehicleId: 7, status: 'CONFIRMED', code: 'ABCD2345' },
    ]);
    expect(
      week.days
        .find((d) => d.day === '2026-11-30')!
        .spaces.slice(0, 3)
        .map((s) => s.status),
    ).toEqual(['TAKEN', 'TAKEN', 'AVAILABLE']);
  });

  it('finds a space by its minute only where the point offers one', () => {
    const start = new Date('2026-11-30T15:20:00Z');
    expect(spaceAt(point, start.getTime() / 60_000, TZ)).toEqual({ start, end: new Date('2026-11-30T15:40:00Z') });
    expect(spaceAt(point, start.getTime() / 60_000 + 5, TZ)).toBeNull(); // 09:25 is not a space's start
    expect(spaceAt(point, new Date('2026-12-01T15:00:00Z').getTime() / 60_000, TZ)).toBeNull(); // Tuesday
    expect(spaceAt(point, Number.MAX_SAFE_INTEGER, TZ)).toBeNull();
    expect(spaceAt(point, 1.5, TZ)).toBeNull();
  });
});

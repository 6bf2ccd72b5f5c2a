// How a visitor's window and state read in the lists and at the gate, from the server's fields and warnings.
import { describe, expect, it } from 'vitest';
import { visitWarning, type VisitWindow } from '../../../../../core/visitors.js';
import { clockOf, datesOf, hoursOf, statusOf, whenOf } from './visitorTexts.js';

// The key and its values, so the test reads which text a case chose without the Spanish catalogue.
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const ALL = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const window = (w: Partial<VisitWindow>): VisitWindow => ({
  visitorType: 'OCCASIONAL',
  entryDate: '2026-11-30',
  entryHour: null,
  entryMinute: null,
  departureDate: null,
  departureHour: null,
  departureMinute: null,
  days: ALL,
  ...w,
});

describe('a visit’s dates and hours', () => {
  it('reads one day, a range, a permanent visit without end, and its hours', () => {
    expect(clockOf(9, null)).toBe('09:00');
    expect(clockOf(null, 30)).toBeNull();
    expect(datesOf(t, { visitorType: 'OCCASIONAL', entryDate: '2026-11-30' })).toBe('30/11/2026');
    expect(datesOf(t, { visitorType: 'OCCASIONAL', entryDate: '2026-11-30', departureDate: '2026-11-30' })).toBe('30/11/2026');
    expect(datesOf(t, { visitorType: 'OCCASIONAL', entryDate: '2026-11-30', departureDate: '2026-12-02' })).toBe(
      'visitors.whenRange {"from":"30/11/2026","to":"02/12/2026"}',
    );
    expect(datesOf(t, { visitorType: 'PERMANENT', entryDate: '2026-11-30' })).toBe('visitors.permanentFrom {"date":"30/11/2026"}');
    const w = { visitorType: 'OCCASIONAL', entryDate: '2026-11-30' };
    expect(hoursOf(t, { ...w, entryHour: 9, entryMinute: 5, departureHour: 18, departureMinute: 0 })).toBe('visitors.hours {"from":"09:05","to":"18:00"}');
    expect(hoursOf(t, { ...w, entryHour: 9 })).toBe('visitors.fromHour {"time":"09:00"}');
    expect(hoursOf(t, { ...w, departureHour: 18 })).toBe('visitors.untilHour {"time":"18:00"}');
    expect(hoursOf(t, w)).toBeNull();
    expect(whenOf(t, { ...w, entryHour: 9 })).toBe('30/11/2026 visitors.fromHour {"time":"09:00"}');
  });
});

describe('a visitor’s state', () => {
  it('sorts the server’s warnings: scheduled later, finished, not allowed now, expected', () => {
    const scheduled = visitWarning(window({ entryDate: '2026-12-05' }), '2026-11-30', 600);
    const finished = visitWarning(window({ entryDate: '2026-11-20' }), '2026-11-30', 600);
    const notToday = visitWarning(window({ days: { ...ALL, monday: false } }), '2026-11-30', 600);
    expect([scheduled, finished, notToday].every(Boolean)).toBe(true);
    expect(statusOf(t, { inside: false, warning: scheduled })).toEqual({ label: 'visitors.status.scheduled', color: 'cyan' });
    expect(statusOf(t, { inside: false, warning: finished })).toEqual({ label: 'visitors.status.finished', color: 'gray' });
    expect(statusOf(t, { inside: false, warning: notToday })).toEqual({ label: 'visitors.status.notNow', color: 'yellow' });
    expect(statusOf(t, { inside: false, warning: null })).toEqual({ label: 'visitors.status.expected', color: 'blue' });
  });

  it('tells who is inside since when, and that an occasional visit that left is over', () => {
    const now = new Date();
    expect(statusOf(t, { inside: true, insideSince: now.toISOString() }).color).toBe('green');
    expect(statusOf(t, { inside: true, insideSince: now.toISOString() }).label).toMatch(/^visitors\.status\.inside \{"time":"\d\d:\d\d"\}$/);
    expect(statusOf(t, { inside: true, insideSince: '2026-01-02T15:00:00Z' }).label).toMatch(/^visitors\.status\.insideSince \{"date":"02\/01\/2026"/);
    expect(statusOf(t, { inside: false, visitorType: 'OCCASIONAL', lastDepartureAt: '2026-11-29T20:00:00Z', warning: null }).label).toMatch(
      /^visitors\.status\.left /,
    );
    expect(statusOf(t, { inside: false, visitorType: 'PERMANENT', lastDepartureAt: '2026-11-29T20:00:00Z', warning: null }).label).toBe(
      'visitors.status.expected',
    );
  });
});

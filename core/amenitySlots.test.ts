import { describe, expect, it } from 'vitest';
import { addDays, debtRefusal, firstSlotDay, localInstant, scheduleRefusal, weekdayOf, weekSlots } from './amenitySlots.js';

describe('debtRefusal (max_ordinary_debt against the ORDINARY balance)', () => {
  it('no limit: any balance books', () => {
    expect(debtRefusal(null, '-99999.00')).toBeNull();
    expect(debtRefusal('', '-1.00')).toBeNull();
  });
  it('a negative limit allows a debt up to its size, with the spec’s message beyond it', () => {
    expect(debtRefusal('-500.00', '-500.00')).toBeNull();
    expect(debtRefusal('-500.00', '-500.01')).toBe('No puedes reservar este espacio común debido a que tienes un adeudo mayor a $500.00.');
  });
  it('zero asks for payments up to date', () => {
    expect(debtRefusal('0', '0.00')).toBeNull();
    expect(debtRefusal('0.00', '-0.01')).toBe('No puedes reservar este espacio común porque tus pagos no se encuentran al corriente.');
  });
  it('a positive limit asks for that much in favour', () => {
    expect(debtRefusal('1500', '1500.00')).toBeNull();
    expect(debtRefusal('1500', '1499.99')).toBe(
      'Para reservar este espacio común tienes que disponer de al menos $1,500.00 en tu balance de cuotas ordinarias.',
    );
  });
});

describe('scheduleRefusal (schedule_allowed)', () => {
  const amenity = { enabled: true, ownersOnly: false, maxOrdinaryDebt: null, availableFrom: null, availableTo: null };
  const house = { owner: false, ordinaryBalance: '0.00' };
  it('refuses a disabled amenity, an owners-only one to others, and one past its last day', () => {
    expect(scheduleRefusal(amenity, house, '2026-11-28')).toBeNull();
    expect(scheduleRefusal({ ...amenity, enabled: false }, house, '2026-11-28')).toBe('Este espacio común no está disponible para reservar');
    expect(scheduleRefusal({ ...amenity, ownersOnly: true }, house, '2026-11-28')).toBe('Este espacio común solo lo pueden reservar los propietarios');
    expect(scheduleRefusal({ ...amenity, ownersOnly: true }, { ...house, owner: true }, '2026-11-28')).toBeNull();
    expect(scheduleRefusal({ ...amenity, availableTo: '2026-11-27' }, house, '2026-11-28')).toBe('Este espacio común ya no admite reservaciones');
    expect(scheduleRefusal({ ...amenity, availableTo: '2026-11-28' }, house, '2026-11-28')).toBeNull();
  });
  it('applies the debt rule last', () => {
    expect(scheduleRefusal({ ...amenity, maxOrdinaryDebt: '0' }, { owner: true, ordinaryBalance: '-10.00' }, '2026-11-28')).toBe(
      'No puedes reservar este espacio común porque tus pagos no se encuentran al corriente.',
    );
  });
});

describe('days and local instants', () => {
  it('adds days across months and years; Monday is 0', () => {
    expect(addDays('2026-12-29', 5)).toBe('2027-01-03');
    expect(weekdayOf('2026-11-30')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });
  it('reads a wall-clock time in the community’s zone, across a change of offset', () => {
    expect(localInstant('2026-11-28', '08:00', 'America/Mexico_City').toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(localInstant('2026-11-28', '24:00', 'America/Mexico_City').toISOString()).toBe('2026-11-29T06:00:00.000Z');
    // Tijuana keeps daylight saving time: UTC-7 in July, UTC-8 in December; the change day (8 March 2026) at noon is already UTC-7.
    expect(localInstant('2026-07-01', '10:00', 'America/Tijuana').toISOString()).toBe('2026-07-01T17:00:00.000Z');
    expect(localInstant('2026-12-01', '10:00', 'America/Tijuana').toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(localInstant('2026-03-08', '12:00', 'America/Tijuana').toISOString()).toBe('2026-03-08T19:00:00.000Z');
    // Either side of the change (02:00 becomes 03:00), asked again once the offsets are remembered.
    for (let i = 0; i < 2; i++) {
      expect(localInstant('2026-03-08', '01:00', 'America/Tijuana').toISOString()).toBe('2026-03-08T09:00:00.000Z');
      expect(localInstant('2026-03-08', '03:00', 'America/Tijuana').toISOString()).toBe('2026-03-08T10:00:00.000Z');
      expect(localInstant('2026-11-01', '00:30', 'America/Tijuana').toISOString()).toBe('2026-11-01T07:30:00.000Z');
      expect(localInstant('2026-11-01', '03:00', 'America/Tijuana').toISOString()).toBe('2026-11-01T11:00:00.000Z');
    }
  });
});

describe('weekSlots', () => {
  const TZ = 'America/Mexico_City';
  const hourly = { fromTime: '09:00', toTime: '12:30', reservationUnit: 'HOUR' as const, availableFrom: null, availableTo: null };
  const at = (day: string, time: string) => localInstant(day, time, TZ);

  it('starts today when asked for a past day, at the amenity’s first day when later, else on the asked day', () => {
    expect(firstSlotDay('2026-11-01', hourly, '2026-11-28')).toBe('2026-11-28');
    expect(firstSlotDay('2026-12-03', hourly, '2026-11-28')).toBe('2026-12-03');
    expect(firstSlotDay(null, { availableFrom: '2026-12-15' }, '2026-11-28')).toBe('2026-12-15');
  });

  it('seven days of hourly slots inside the opening hours, the last one shorter; taken, mine and past slots marked', () => {
    const bookings = [
      { id: 1, start: at('2026-11-29', '10:00'), end: at('2026-11-29', '11:00'), houseId: 7 },
      { id: 2, start: at('2026-11-30', '09:00'), end: at('2026-11-30', '11:00'), houseId: 8 },
    ];
    const week = weekSlots(hourly, { asked: null, today: '2026-11-28', now: at('2026-11-28', '10:15'), timeZone: TZ, houseId: 7 }, bookings);
    expect(week.from).toBe('2026-11-28');
    expect(week.to).toBe('2026-12-04');
    expect(week.days.map((d) => d.day)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    const today = week.days[0].slots;
    expect(today.map((s) => [s.start.toISOString(), s.end.toISOString(), s.available])).toEqual([
      ['2026-11-28T15:00:00.000Z', '2026-11-28T16:00:00.000Z', false],
      ['2026-11-28T16:00:00.000Z', '2026-11-28T17:00:00.000Z', false],
      ['2026-11-28T17:00:00.000Z', '2026-11-28T18:00:00.000Z', true],
      ['2026-11-28T18:00:00.000Z', '2026-11-28T18:30:00.000Z', true],
    ]);
    const sunday = week.days[1].slots;
    expect(sunday.map((s) => [s.available, s.mine, s.bookingId])).toEqual([
      [true, false, null],
      [false, true, 1],
      [true, false, null],
      [true, false, null],
    ]);
    // Another house's two-hour booking takes both of its hours, not mine.
    expect(week.days[2].slots.map((s) => [s.available, s.mine])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [true, false],
    ]);
  });

  it('DAY amenities give one slot per day, and no day after the amenity’s last one', () => {
    const daily = { fromTime: '08:00', toTime: '22:00', reservationUnit: 'DAY' as const, availableFrom: null, availableTo: '2026-12-01' };
    const bookings = [{ id: 3, start: at('2026-11-30', '08:00'), end: at('2026-11-30', '22:00'), houseId: 9 }];
    const week = weekSlots(daily, { asked: '2026-11-29', today: '2026-11-28', now: at('2026-11-28', '23:00'), timeZone: TZ, houseId: 7 }, bookings);
    expect(week.days.map((d) => [d.day, d.slots.length, d.slots[0].available, d.slots[0].unit])).toEqual([
      ['2026-11-29', 1, true, 'DAY'],
      ['2026-11-30', 1, false, 'DAY'],
      ['2026-12-01', 1, true, 'DAY'],
    ]);
    expect(week.days[0].slots[0].end.toISOString()).toBe('2026-11-30T04:00:00.000Z');
  });
  it('builds each day’s slots from the local times, also on a day the offset changes', () => {
    const amenity = { fromTime: '00:00', toTime: '06:00', reservationUnit: 'HOUR' as const, availableFrom: null, availableTo: null };
    for (const day of ['2026-03-07', '2026-03-08', '2026-11-01']) {
      const week = weekSlots(
        amenity,
        { asked: day, today: '2026-01-01', now: new Date('2026-01-01T00:00:00Z'), timeZone: 'America/Tijuana', houseId: null },
        [],
      );
      const first = week.days[0];
      expect(first.day).toBe(day);
      expect(first.slots.map((s) => s.start.toISOString())).toEqual(
        ['00:00', '01:00', '02:00', '03:00', '04:00', '05:00'].map((t) => localInstant(day, t, 'America/Tijuana').toISOString()),
      );
    }
  });
});

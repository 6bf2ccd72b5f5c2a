import { describe, expect, it } from 'vitest';
import { bookingTotal, chosenSlots, pickSlot } from './slotSelection.js';

const slot = (hour: number, available = true) => ({
  start: `2099-01-05T${String(hour + 6).padStart(2, '0')}:00:00.000Z`,
  end: `2099-01-05T${String(hour + 7).padStart(2, '0')}:00:00.000Z`,
  available,
  mine: false,
});
const hours = [
  { day: '2099-01-05', slots: [slot(9), slot(10), slot(11, false), slot(12)] },
  { day: '2099-01-06', slots: [slot(9)] },
];
const days = ['2099-01-05', '2099-01-06', '2099-01-07', '2099-01-08'].map((day, i) => ({ day, slots: [{ ...slot(8), available: i !== 2 }] }));

describe('choosing slots in a row', () => {
  it('extends a run of hours of one day, and starts over on another day', () => {
    let { selection } = pickSlot('HOUR', hours, null, '2099-01-05', 0);
    ({ selection } = pickSlot('HOUR', hours, selection, '2099-01-05', 1));
    expect(selection).toEqual({ day: '2099-01-05', from: 0, to: 1 });
    expect(chosenSlots('HOUR', hours, selection)).toHaveLength(2);
    expect(pickSlot('HOUR', hours, selection, '2099-01-06', 0).selection).toEqual({ day: '2099-01-06', from: 0, to: 0 });
  });
  it('refuses a taken slot, and a run over one', () => {
    const first = pickSlot('HOUR', hours, null, '2099-01-05', 0).selection;
    expect(pickSlot('HOUR', hours, first, '2099-01-05', 2)).toEqual({ selection: first, refused: true });
    expect(pickSlot('HOUR', hours, first, '2099-01-05', 3)).toEqual({ selection: first, refused: true });
  });
  it('takes an end of the run off, and clears a run of one', () => {
    expect(pickSlot('HOUR', hours, { day: '2099-01-05', from: 0, to: 1 }, '2099-01-05', 1).selection).toEqual({ day: '2099-01-05', from: 0, to: 0 });
    expect(pickSlot('HOUR', hours, { day: '2099-01-05', from: 0, to: 0 }, '2099-01-05', 0).selection).toBeNull();
  });
  it('books whole days one after another, not over a taken day', () => {
    const first = pickSlot('DAY', days, null, '2099-01-05', 0).selection;
    expect(pickSlot('DAY', days, first, '2099-01-06', 0).selection).toEqual({ day: null, from: 0, to: 1 });
    expect(pickSlot('DAY', days, first, '2099-01-08', 0).refused).toBe(true);
  });
  it('adds cost per slot and the deposit once', () => {
    expect(bookingTotal('150.5', '500', 3)).toEqual({ cost: '451.50', deposit: '500.00', total: '951.50' });
    expect(bookingTotal(null, null, 2)).toEqual({ cost: '0.00', deposit: '0.00', total: '0.00' });
  });
});

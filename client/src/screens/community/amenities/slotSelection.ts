// Choosing the slots of one booking in the week grid: a run of slots one after another, each free. An
// hourly amenity books hours of one day; a daily one books whole days in a row (its one slot per day).
import { money } from '../../../../../core/money.js';

export interface GridSlot {
  start: string;
  end: string;
  available: boolean;
  mine: boolean;
}

export interface GridDay {
  day: string;
  slots: readonly GridSlot[];
}

/** The chosen run: for HOUR the slots `from`..`to` of `day`; for DAY the days `from`..`to` of the week. */
export interface Selection {
  day: string | null;
  from: number;
  to: number;
}

export type Unit = 'HOUR' | 'DAY';

/** The slots a run can be made of: one day's slots (HOUR), or the first slot of each day (DAY). */
export function trackOf(unit: Unit, days: readonly GridDay[], day: string | null): readonly (GridSlot | undefined)[] {
  if (unit === 'DAY') return days.map((d) => d.slots[0]);
  return days.find((d) => d.day === day)?.slots ?? [];
}

export type Pick = { selection: Selection | null; refused: boolean };

/**
 * Clicking a slot: a free slot starts a run, or extends the run of the same day (HOUR) or of the week (DAY)
 * up to it when every slot between is free too (else `refused`, and the run stays); clicking an end of the
 * run takes that slot off; clicking inside it starts over from that slot. A slot not free is refused.
 */
export function pickSlot(unit: Unit, days: readonly GridDay[], current: Selection | null, day: string, index: number): Pick {
  const key = unit === 'DAY' ? null : day;
  const position = unit === 'DAY' ? days.findIndex((d) => d.day === day) : index;
  const track = trackOf(unit, days, key);
  if (!track[position]?.available) return { selection: current, refused: true };
  if (!current || current.day !== key) return { selection: { day: key, from: position, to: position }, refused: false };
  const { from, to } = current;
  if (position === from && position === to) return { selection: null, refused: false };
  if (position === from) return { selection: { day: key, from: from + 1, to }, refused: false };
  if (position === to) return { selection: { day: key, from, to: to - 1 }, refused: false };
  if (position > from && position < to) return { selection: { day: key, from: position, to: position }, refused: false };
  const low = Math.min(from, position);
  const high = Math.max(to, position);
  for (let i = low; i <= high; i++) if (!track[i]?.available) return { selection: current, refused: true };
  return { selection: { day: key, from: low, to: high }, refused: false };
}

/** The slots of a run, first to last. */
export function chosenSlots(unit: Unit, days: readonly GridDay[], selection: Selection | null): GridSlot[] {
  if (!selection) return [];
  const track = trackOf(unit, days, selection.day);
  return track.slice(selection.from, selection.to + 1).filter((s): s is GridSlot => !!s);
}

/** Whether the slot at (day, index) is in the run. */
export function isChosen(unit: Unit, days: readonly GridDay[], selection: Selection | null, day: string, index: number): boolean {
  if (!selection) return false;
  if (unit === 'DAY') {
    const position = days.findIndex((d) => d.day === day);
    return index === 0 && position >= selection.from && position <= selection.to;
  }
  return selection.day === day && index >= selection.from && index <= selection.to;
}

/** What the run costs: cost × slots, the deposit once, and their sum (text amounts, "0" when free). */
export function bookingTotal(cost: unknown, deposit: unknown, count: number): { cost: string; deposit: string; total: string } {
  const price = cost == null || cost === '' ? money(0) : money(cost as string);
  const held = deposit == null || deposit === '' ? money(0) : money(deposit as string);
  const charge = price.times(count);
  return { cost: charge.toFixed(2), deposit: held.toFixed(2), total: charge.plus(held).toFixed(2) };
}

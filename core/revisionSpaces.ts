// Inspection appointments (spec 3 sections 3, 6 and 7): the spaces a revision point offers, generated from its
// rules in the community's time zone. Pure: the server reads the point and its booked spaces, and this decides.
// Mexico has kept standard time all year since 2022; localInstant still follows the zone's offset each day.
import { addDays, localInstant, weekdayOf } from './amenitySlots.js';
import { todayIn } from './receipts.js';
import { minutesOf, type RevisionRule, WEEKDAYS } from './revisionPoints.js';

/** Spaces page by 7 days. */
export const SPACE_DAYS = 7;

export const SPACE_STATUSES = ['TAKEN', 'AVAILABLE', 'CONFIRMED', 'COMPLETED'] as const;
export type SpaceStatus = (typeof SPACE_STATUSES)[number];

export interface SpacePoint {
  /** YYYY-MM-DD. */
  activeFrom: string;
  activeUntil: string | null;
  minutes: number;
  rules: RevisionRule[];
}

export interface BookedSpace {
  id: number;
  start: Date;
  end: Date;
  vehicleId: number;
  status: 'CONFIRMED' | 'COMPLETED';
  code: string;
}

export interface Space {
  /** The space's number within its point: its start in minutes since 1970 (what a booking names). */
  minute: number;
  start: Date;
  end: Date;
  /** AVAILABLE: free and ahead; TAKEN: another vehicle's; CONFIRMED or COMPLETED: this vehicle's. */
  status: SpaceStatus;
  /** The booking, when the space is this vehicle's. */
  bookingId: number | null;
  code: string | null;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The local start and end times ("HH:mm") of a day's spaces: each rule of that weekday cut into `minutes`, a last shorter piece dropped. */
export function dayTimes(point: SpacePoint, day: string): [string, string][] {
  if (day < point.activeFrom || (point.activeUntil && day > point.activeUntil)) return [];
  if (!Number.isInteger(point.minutes) || point.minutes <= 0) return [];
  const weekday = WEEKDAYS[weekdayOf(day)];
  const times: [string, string][] = [];
  for (const rule of point.rules) {
    if (!rule[weekday] || !rule.startHour || !rule.endHour) continue;
    const end = minutesOf(rule.endHour);
    for (let start = minutesOf(rule.startHour); start + point.minutes <= end; start += point.minutes) times.push([hhmm(start), hhmm(start + point.minutes)]);
  }
  return times.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A day's spaces as instants. */
export function daySpaces(point: SpacePoint, day: string, timeZone: string): { start: Date; end: Date }[] {
  return dayTimes(point, day).map(([a, b]) => ({ start: localInstant(day, a, timeZone), end: localInstant(day, b, timeZone) }));
}

/** The first day shown: the asked one, but never before today nor before the point opens. */
export function firstSpaceDay(asked: string | null, point: Pick<SpacePoint, 'activeFrom'>, today: string): string {
  let day = asked && asked > today ? asked : today;
  if (point.activeFrom > day) day = point.activeFrom;
  return day;
}

/**
 * Seven days of spaces from firstSpaceDay, those not yet begun: each with its state for `vehicleId` (null: the
 * administration's view, where every booked space reads TAKEN unless COMPLETED).
 */
export function revisionSpaces(
  point: SpacePoint,
  options: { asked: string | null; today: string; now: Date; timeZone: string; vehicleId: number | null },
  booked: BookedSpace[],
): { from: string; to: string; days: { day: string; spaces: Space[] }[] } {
  const from = firstSpaceDay(options.asked, point, options.today);
  // A booking takes every space its time overlaps: after the point's hours or length change, a booking made on the
  // old grid still keeps the spaces it covers (and shows as this vehicle's where it is).
  const overlapping = (s: { start: Date; end: Date }) => {
    const hits = booked.filter((b) => b.start.getTime() < s.end.getTime() && b.end.getTime() > s.start.getTime());
    return hits.find((b) => options.vehicleId !== null && b.vehicleId === options.vehicleId) ?? hits[0];
  };
  const now = options.now.getTime();
  const days: { day: string; spaces: Space[] }[] = [];
  for (let i = 0; i < SPACE_DAYS; i++) {
    const day = addDays(from, i);
    if (point.activeUntil && day > point.activeUntil) break;
    const spaces = daySpaces(point, day, options.timeZone)
      .filter((s) => s.start.getTime() > now)
      .map((s): Space => {
        const b = overlapping(s);
        const mine = !!b && options.vehicleId !== null && b.vehicleId === options.vehicleId;
        return {
          minute: s.start.getTime() / 60_000,
          start: s.start,
          end: s.end,
          status: !b ? 'AVAILABLE' : mine || b.status === 'COMPLETED' ? b.status : 'TAKEN',
          bookingId: mine ? b.id : null,
          code: mine ? b.code : null,
        };
      });
    days.push({ day, spaces });
  }
  return { from, to: addDays(from, SPACE_DAYS - 1), days };
}

/** The space of a point starting at `minute` (minutes since 1970), or null when the point offers none then. */
export function spaceAt(point: SpacePoint, minute: number, timeZone: string): { start: Date; end: Date } | null {
  if (!Number.isSafeInteger(minute)) return null;
  const at = new Date(minute * 60_000);
  if (Number.isNaN(at.getTime())) return null;
  const day = todayIn(timeZone, at);
  return daySpaces(point, day, timeZone).find((s) => s.start.getTime() === at.getTime()) ?? null;
}

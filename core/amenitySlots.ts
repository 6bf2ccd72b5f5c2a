// Booking an amenity (spec 3 sections 3, 6 and 7): who may book it (schedule_allowed and its three debt
// refusals) and the week of slots a house sees, in the community's time zone. Pure: the server reads the
// amenity, the house's ordinary balance and the bookings, and these rules decide.
import { addDays } from './input.js';
import { formatPesos, money, type Money } from './money.js';
import type { ReservationUnit } from './amenities.js';

/** Slots page by 7 days (spec 3 section 7). */
export const SLOT_DAYS = 7;

export const BOOKING_MESSAGES = {
  debtAbove: (amount: string) => `No puedes reservar este espacio común debido a que tienes un adeudo mayor a ${amount}.`,
  notUpToDate: 'No puedes reservar este espacio común porque tus pagos no se encuentran al corriente.',
  balanceAtLeast: (amount: string) => `Para reservar este espacio común tienes que disponer de al menos ${amount} en tu balance de cuotas ordinarias.`,
  disabled: 'Este espacio común no está disponible para reservar',
  ownersOnly: 'Este espacio común solo lo pueden reservar los propietarios',
  outOfWindow: 'Este espacio común ya no admite reservaciones',
} as const;

/**
 * The debt rule (max_ordinary_debt against the house's ORDINARY balance, positive in its favour): null
 * allows any balance; negative allows a debt up to its size; zero asks for payments up to date; positive
 * asks for that much in favour. Answers the spec's refusal, or null when the house may book.
 */
export function debtRefusal(maxOrdinaryDebt: Money | string | null | undefined, ordinaryBalance: Money | string): string | null {
  if (maxOrdinaryDebt == null || maxOrdinaryDebt === '') return null;
  const limit = money(maxOrdinaryDebt);
  const balance = money(ordinaryBalance);
  if (!balance.lessThan(limit)) return null;
  if (limit.isNegative()) return BOOKING_MESSAGES.debtAbove(formatPesos(limit.negated()));
  if (limit.isZero()) return BOOKING_MESSAGES.notUpToDate;
  return BOOKING_MESSAGES.balanceAtLeast(formatPesos(limit));
}

export interface BookableAmenity {
  enabled: boolean;
  ownersOnly: boolean;
  maxOrdinaryDebt: Money | string | null;
  /** YYYY-MM-DD or null. */
  availableFrom: string | null;
  availableTo: string | null;
}

/**
 * schedule_allowed: whether this house may book the amenity now, and why not. `owner`: the booking is made by
 * the house's owner (or the administration for the house).
 */
export function scheduleRefusal(amenity: BookableAmenity, house: { owner: boolean; ordinaryBalance: Money | string }, today: string): string | null {
  if (!amenity.enabled) return BOOKING_MESSAGES.disabled;
  if (amenity.ownersOnly && !house.owner) return BOOKING_MESSAGES.ownersOnly;
  if (amenity.availableTo && amenity.availableTo < today) return BOOKING_MESSAGES.outOfWindow;
  return debtRefusal(amenity.maxOrdinaryDebt, house.ordinaryBalance);
}

// The calendar's day arithmetic, which the slots' callers also import from here.
export { addDays };

/** 0 = Monday … 6 = Sunday (the app's weeks start on Monday). */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

// One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one (a week of
// hourly slots asks for a few hundred offsets).
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormat = (timeZone: string) => {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  return format;
};

/** The instant of a local wall-clock time ("HH:mm", or "24:00" for the day's end) of a day in a time zone. */
export function localInstant(day: string, time: string, timeZone: string): Date {
  const [h, m] = time.split(':').map(Number);
  const guess = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), h, m);
  // The zone's offset at the guess, then again at the corrected instant (a change of offset that day).
  const first = guess - zoneOffset(timeZone, guess);
  return new Date(guess - zoneOffset(timeZone, first));
}

// Offsets change only at quarter-hour instants (whole local hours, offsets in quarters of an hour): one look per
// zone and quarter of an hour answers every instant in it.
const QUARTER = 15 * 60_000;
const offsets = new Map<string, number>();

/** A time zone's offset from UTC at an instant, in milliseconds. */
function zoneOffset(timeZone: string, at: number): number {
  const key = `${timeZone}|${Math.floor(at / QUARTER)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts = offsetFormat(timeZone).formatToParts(new Date(at));
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '');
    offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export interface SlotAmenity {
  /** "HH:mm". */
  fromTime: string;
  toTime: string;
  reservationUnit: ReservationUnit;
  availableFrom: string | null;
  availableTo: string | null;
}

export interface Booking {
  id: number;
  start: Date;
  end: Date;
  houseId: number;
}

export interface Slot {
  start: Date;
  end: Date;
  unit: ReservationUnit;
  /** Free and not yet begun. */
  available: boolean;
  /** Taken by the caller's house. */
  mine: boolean;
  /** The booking that takes it, when one does. */
  bookingId: number | null;
}

/** The first day of the slots shown: the asked day, but never before today nor before the amenity opens. */
export function firstSlotDay(asked: string | null, amenity: Pick<SlotAmenity, 'availableFrom'>, today: string): string {
  let day = asked && asked > today ? asked : today;
  if (amenity.availableFrom && amenity.availableFrom > day) day = amenity.availableFrom;
  return day;
}

/**
 * Seven days of slots from firstSlotDay: each hour from the opening to the closing time (HOUR; a last
 * shorter hour when closing is not on the hour), or the whole opening time of each day (DAY); no day after
 * the amenity's last day. A slot overlapped by a booking is taken (mine when the caller's house made it); a
 * slot already begun is not available.
 */
export function weekSlots(
  amenity: SlotAmenity,
  options: { asked: string | null; today: string; now: Date; timeZone: string; houseId: number | null },
  bookings: Booking[],
): { from: string; to: string; days: { day: string; slots: Slot[] }[] } {
  const from = firstSlotDay(options.asked, amenity, options.today);
  const days: { day: string; slots: Slot[] }[] = [];
  const taken = bookings.map((b) => ({ booking: b, start: b.start.getTime(), end: b.end.getTime() }));
  const now = options.now.getTime();
  for (let i = 0; i < SLOT_DAYS; i++) {
    const day = addDays(from, i);
    if (amenity.availableTo && day > amenity.availableTo) break;
    const ranges: [string, string][] = [];
    if (amenity.reservationUnit === 'DAY') ranges.push([amenity.fromTime, amenity.toTime]);
    else {
      const close = minutesOf(amenity.toTime);
      for (let start = minutesOf(amenity.fromTime); start < close; start += 60) ranges.push([hhmm(start), hhmm(Math.min(start + 60, close))]);
    }
    // One offset for the whole day unless it changes that day (then each time by itself).
    const dayStart = localInstant(day, '00:00', options.timeZone).getTime();
    const steady = localInstant(day, '24:00', options.timeZone).getTime() - dayStart === 86_400_000;
    const at = (time: string) => (steady ? new Date(dayStart + minutesOf(time) * 60_000) : localInstant(day, time, options.timeZone));
    const slots = ranges.map(([a, b]) => {
      const start = at(a);
      const end = at(b);
      const [s, e] = [start.getTime(), end.getTime()];
      const booking = taken.find((x) => x.start < e && x.end > s)?.booking ?? null;
      return {
        start,
        end,
        unit: amenity.reservationUnit,
        available: !booking && s > now,
        mine: !!booking && booking.houseId === options.houseId,
        bookingId: booking?.id ?? null,
      };
    });
    days.push({ day, slots });
  }
  return { from, to: addDays(from, SLOT_DAYS - 1), days };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// Visitors announced to the gate (spec 3 sections 3, 4, 5 and 9): one zod schema for the browser's form and
// the server, the community's flags applied to it, and the visit's window as the gate judges it.
import { z } from 'zod';
import { weekdayOf } from './amenitySlots.js';
import { boundedText, dayText } from './input.js';

export const VISITOR_TYPES = ['PERMANENT', 'OCCASIONAL'] as const;
export type VisitorType = (typeof VISITOR_TYPES)[number];
export const ENTRANCE_TYPES = ['WALKING', 'DRIVING'] as const;
export type EntranceType = (typeof ENTRANCE_TYPES)[number];
/** The visit's allowed weekdays, Monday first (spec 3: all true by default). */
export const VISIT_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type VisitDay = (typeof VISIT_DAYS)[number];
export const DAY_NAMES: Record<VisitDay, string> = {
  monday: 'lunes',
  tuesday: 'martes',
  wednesday: 'miércoles',
  thursday: 'jueves',
  friday: 'viernes',
  saturday: 'sábado',
  sunday: 'domingo',
};
/** The form's shortcuts (spec 3 "Visitor": working_days, weekend, all_days). */
export const DAY_SHORTCUTS = {
  workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  weekend: ['saturday', 'sunday'],
  allDays: [...VISIT_DAYS],
} as const satisfies Record<string, readonly VisitDay[]>;

/** References: 10 characters of 31 (no 0/O, 1/I/L), about 8·10^14 of them: not guessed by trying (docs/decisions.md). */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 10;

const EMAIL_INVALID = 'El correo electrónico no es válido';

export const VISITOR_MESSAGES = {
  photoRequired: 'La foto es requerida',
  emailRequired: 'El correo electrónico es requerido',
  reasonRequired: 'El motivo de la visita es requerido',
  vehicleRequired: 'El vehículo es requerido',
  plateRequired: 'Las placas son requeridas',
  noDays: 'Elige al menos un día permitido',
  departureBeforeEntry: 'La salida no puede ser anterior a la entrada',
  hourInvalid: 'La hora debe estar entre 0 y 23',
  minuteInvalid: 'Los minutos deben estar entre 0 y 59',
  deleteFailed: 'No logramos eliminar el registro de la visita',
  notifyFailed: 'El código de visita no pudo ser enviado',
  created: 'La visita ha sido registrada',
  updated: 'La visita ha sido actualizada',
  deleted: 'La visita ha sido eliminada',
  notified: 'El código de visita fue enviado',
  entered: 'La entrada ha sido registrada',
  departed: 'La salida ha sido registrada',
  alreadyInside: 'La visita ya registró su entrada y sigue dentro',
  notInside: 'La visita no ha registrado su entrada',
} as const;

/** How visitWarning's warnings start, for screens that sort them into a state. */
export const WARNING_STARTS = { scheduled: 'La visita está programada a partir del', finished: 'La visita terminó el' } as const;

/** The community's flags that shape the form (spec 3 "Neighbourhood" visitor_* flags). */
export interface VisitorFlags {
  requireVehicleInfo: boolean;
  emailRequired: boolean;
  reasonRequired: boolean;
  pictureRequired: boolean;
  allowPermanent: boolean;
}

const optionalText = (max: number, label: string) =>
  boundedText(max, label)
    .nullish()
    .transform((v) => v || null);

const clock = (max: number, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(max, message)
    .nullish()
    .transform((v) => v ?? null);

const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? true);

/** The fields of a visitor as typed; `visitorFields(flags, asAdmin)` adds the community's rules. */
export const VisitorFields = z.object({
  name: boundedText(120, 'El nombre', { required: true }),
  email: z
    .string()
    .max(508, EMAIL_INVALID)
    .nullish()
    .transform((v) => v?.trim().toLowerCase() || null)
    .refine((v) => v === null || (v.length <= 254 && z.email().safeParse(v).success), EMAIL_INVALID),
  reason: optionalText(500, 'El motivo'),
  visitorType: z
    .enum(VISITOR_TYPES, 'Elige si la visita es permanente u ocasional')
    .nullish()
    .transform((v) => v ?? 'OCCASIONAL'),
  entranceType: z
    .enum(ENTRANCE_TYPES, 'Elige si la visita llega a pie o en vehículo')
    .nullish()
    .transform((v) => v ?? 'WALKING'),
  vehicle: optionalText(80, 'El vehículo'),
  vehiclePlate: optionalText(15, 'Las placas').transform((v) => (v ? v.toUpperCase().replace(/\s+/g, ' ') : null)),
  badge: optionalText(40, 'El gafete'),
  photoFileId: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => v || null),
  entryDate: dayText('La fecha de entrada'),
  entryHour: clock(23, VISITOR_MESSAGES.hourInvalid),
  entryMinute: clock(59, VISITOR_MESSAGES.minuteInvalid),
  departureDate: dayText('La fecha de salida')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  departureHour: clock(23, VISITOR_MESSAGES.hourInvalid),
  departureMinute: clock(59, VISITOR_MESSAGES.minuteInvalid),
  monday: flag,
  tuesday: flag,
  wednesday: flag,
  thursday: flag,
  friday: flag,
  saturday: flag,
  sunday: flag,
});
export type VisitorInput = z.input<typeof VisitorFields>;
export type VisitorData = z.output<typeof VisitorFields>;

const minutesOf = (hour: number | null, minute: number | null) => (hour == null ? null : hour * 60 + (minute ?? 0));

/**
 * The form with the community's rules (spec 3 section 5): WALKING clears the vehicle and plate; PERMANENT
 * only for administrators or where the community allows it, else OCCASIONAL; photo, e-mail, reason and a
 * DRIVING visitor's vehicle and plate required by the flags; at least one allowed day; departure not before entry.
 */
export function visitorFields(flags: VisitorFlags, asAdmin: boolean) {
  return VisitorFields.transform((v) => ({
    ...v,
    visitorType: v.visitorType === 'PERMANENT' && !(asAdmin || flags.allowPermanent) ? ('OCCASIONAL' as const) : v.visitorType,
    vehicle: v.entranceType === 'WALKING' ? null : v.vehicle,
    vehiclePlate: v.entranceType === 'WALKING' ? null : v.vehiclePlate,
    entryMinute: v.entryHour == null ? null : (v.entryMinute ?? 0),
    departureMinute: v.departureHour == null ? null : (v.departureMinute ?? 0),
  })).superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (flags.pictureRequired && !v.photoFileId) issue('photoFileId', VISITOR_MESSAGES.photoRequired);
    if (flags.emailRequired && !v.email) issue('email', VISITOR_MESSAGES.emailRequired);
    if (flags.reasonRequired && !v.reason) issue('reason', VISITOR_MESSAGES.reasonRequired);
    if (flags.requireVehicleInfo && v.entranceType === 'DRIVING') {
      if (!v.vehicle) issue('vehicle', VISITOR_MESSAGES.vehicleRequired);
      if (!v.vehiclePlate) issue('vehiclePlate', VISITOR_MESSAGES.plateRequired);
    }
    if (!VISIT_DAYS.some((d) => v[d])) issue('monday', VISITOR_MESSAGES.noDays);
    if (v.departureDate) {
      const entry = minutesOf(v.entryHour, v.entryMinute) ?? 0;
      const departure = minutesOf(v.departureHour, v.departureMinute) ?? 24 * 60;
      if (v.departureDate < v.entryDate || (v.departureDate === v.entryDate && departure < entry)) {
        issue('departureDate', VISITOR_MESSAGES.departureBeforeEntry);
      }
    }
  });
}

/** What the gate judges a visit by. */
export interface VisitWindow {
  visitorType: VisitorType;
  entryDate: string;
  entryHour: number | null;
  entryMinute: number | null;
  departureDate: string | null;
  departureHour: number | null;
  departureMinute: number | null;
  days: Record<VisitDay, boolean>;
}

/** The last day of the visit: its departure day; an occasional visit without one lasts its entry day; a permanent one has no end. */
export function lastVisitDay(w: Pick<VisitWindow, 'visitorType' | 'entryDate' | 'departureDate'>): string | null {
  return w.departureDate ?? (w.visitorType === 'OCCASIONAL' ? w.entryDate : null);
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * Whether the visit is expected at this local day and minute of the community; null when it is, else why
 * not, in Spanish. The gate lets a visitor in anyway with this warning (spec 3 section 5: "date limits are
 * not enforced beyond the pickers"; docs/decisions.md), and the log keeps it.
 */
export function visitWarning(w: VisitWindow, today: string, minuteOfDay: number): string | null {
  const last = lastVisitDay(w);
  const from = minutesOf(w.entryHour, w.entryMinute);
  const to = minutesOf(w.departureHour, w.departureMinute);
  if (today < w.entryDate || (today === w.entryDate && from != null && minuteOfDay < from)) {
    return `${WARNING_STARTS.scheduled} ${dmy(w.entryDate)}${from != null ? ` a las ${hhmm(from)}` : ''}`;
  }
  // The departure hour ends the last day (a one-day visit's too), unless it is before the entry hour that same day (a visit overnight).
  const endsAt = to != null && (w.departureDate !== null || from === null || to >= from) ? to : null;
  if (last && (today > last || (today === last && endsAt != null && minuteOfDay > endsAt))) {
    return `${WARNING_STARTS.finished} ${dmy(last)}${endsAt != null ? ` a las ${hhmm(endsAt)}` : ''}`;
  }
  const day = VISIT_DAYS[weekdayOf(today)]!;
  if (!w.days[day]) return `La visita no tiene permitido el ${DAY_NAMES[day]}`;
  // A visit of several days keeps its hours each day (a permanent visitor's working hours).
  const multiDay = last === null || last !== w.entryDate;
  if (multiDay && from != null && to != null && from <= to && (minuteOfDay < from || minuteOfDay > to)) {
    return `La visita tiene permitido entrar de ${hhmm(from)} a ${hhmm(to)}`;
  }
  return null;
}

/** Whether the visit is expected on `day` at all (the coming-visitors lists): in its dates and on an allowed weekday. */
export function expectedOn(w: VisitWindow, day: string): boolean {
  const last = lastVisitDay(w);
  return w.entryDate <= day && (last === null || day <= last) && w.days[VISIT_DAYS[weekdayOf(day)]!];
}

/** The days of the form from the shortcuts: working days, the weekend or every day. */
export function daysOf(shortcut: keyof typeof DAY_SHORTCUTS): Record<VisitDay, boolean> {
  const chosen = new Set<VisitDay>(DAY_SHORTCUTS[shortcut]);
  return Object.fromEntries(VISIT_DAYS.map((d) => [d, chosen.has(d)])) as Record<VisitDay, boolean>;
}

/** The allowed days as the spec's summary booleans (has_days, all_days, working_days, weekend) and a Spanish list. */
export function daysSummary(days: Record<VisitDay, boolean>) {
  const same = (list: readonly VisitDay[]) => VISIT_DAYS.every((d) => days[d] === list.includes(d));
  return {
    hasDays: VISIT_DAYS.some((d) => days[d]),
    allDays: same(DAY_SHORTCUTS.allDays),
    workingDays: same(DAY_SHORTCUTS.workingDays),
    weekend: same(DAY_SHORTCUTS.weekend),
    allowedDays: VISIT_DAYS.filter((d) => days[d])
      .map((d) => DAY_NAMES[d])
      .join(', '),
  };
}

/** Text folded for searching: lower case, without accents, spaces collapsed («Sofía  FLORES» → «sofia flores»). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters or digits in a row the gate's search needs: a trigram index finds 3 anywhere in 100,000 visitors; 2 would read them all. */
export const GATE_SEARCH_MIN = 3;
const GATE_SEARCHABLE = new RegExp(`[\\p{L}\\p{N}]{${GATE_SEARCH_MIN}}`, 'u');

/** Whether what the guard typed can be searched: GATE_SEARCH_MIN letters or digits in a row once folded («de la» cannot, «ortiz 4» can). */
export function gateSearchable(text: string): boolean {
  return GATE_SEARCHABLE.test(foldForSearch(text));
}

/** What the gate searches in: the visitor's name, reference and plate, folded; the guard's words are found anywhere in it. */
export function gateKeyOf(v: { name: string; reference: string; vehiclePlate: string | null }): string {
  return foldForSearch([v.name, v.reference, v.vehiclePlate].filter(Boolean).join(' '));
}

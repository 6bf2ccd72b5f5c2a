// Vehicle revision points (spec 3 sections 3 and 5): where and when vehicles are inspected. One zod schema
// for the browser's form and the server. A point has a name, the dates it is active, the minutes of each
// appointment and its schedule rules (hours on chosen weekdays).
import { z } from 'zod';
import { isCleanText } from './cleanText.js';
import { isCalendarDay } from './input.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MIN_MINUTES = 5;
export const MAX_MINUTES = 480;
export const MAX_RULES = 20;

export const MAX_NAME = 120;
export const NAME_REQUIRED = 'El nombre del punto de revisión es requerido';
export const NAME_TOO_LONG = `El nombre del punto de revisión debe tener como máximo ${MAX_NAME} caracteres`;
export const ACTIVE_FROM_REQUIRED = 'La fecha de inicio es requerida';
export const DATE_INVALID = 'La fecha debe tener el formato AAAA-MM-DD';
export const UNTIL_BEFORE_FROM = 'La fecha de fin no puede ser anterior a la fecha de inicio';
export const MINUTES_RANGE = `La duración de cada cita debe ser de ${MIN_MINUTES} a ${MAX_MINUTES} minutos`;
export const RULES_REQUIRED = 'Agrega al menos un horario';
export const HOUR_REQUIRED = 'La hora es requerida';
export const HOUR_INVALID = 'La hora debe tener el formato HH:mm (de 00:00 a 23:59)';
export const END_AFTER_START = 'La hora final debe ser posterior a la hora inicial';
export const DAY_REQUIRED = 'Elige al menos un día para este horario';

export interface RevisionRule {
  startHour: string;
  endHour: string;
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
}

export interface RevisionPointValues {
  name: string;
  activeFrom: string;
  activeUntil: string | null;
  minutes: number;
  rules: RevisionRule[];
}

/** A new rule: 09:00 to 14:00 with every day off (spec 3 section 5: a new rule starts with all days unchecked). */
export function newRule(): RevisionRule {
  return {
    startHour: '09:00',
    endHour: '14:00',
    monday: false,
    tuesday: false,
    wednesday: false,
    thursday: false,
    friday: false,
    saturday: false,
    sunday: false,
  };
}

/** "HH:mm" (or "HH:mm:ss" from legacy clients) as "HH:mm"; null when it is not a time of day. */
export function parseHour(value: string): string | null {
  const m = /^\s*([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?\s*$/.exec(value);
  return m ? `${m[1]}:${m[2]}` : null;
}

/** Minutes since midnight of an "HH:mm". */
export function minutesOf(hour: string): number {
  const [h, m] = hour.split(':').map(Number);
  return h * 60 + m;
}

/** A calendar day YYYY-MM-DD (a real one: no 31 April); null otherwise. */
export function parseDate(value: string): string | null {
  const text = value.trim().slice(0, 10);
  return value.trim().length <= 10 && isCalendarDay(text) ? text : null;
}

const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .nullish();
const dayFlag = z.boolean().nullish();

const RuleSchema = z.object({
  startHour: text(20),
  endHour: text(20),
  monday: dayFlag,
  tuesday: dayFlag,
  wednesday: dayFlag,
  thursday: dayFlag,
  friday: dayFlag,
  saturday: dayFlag,
  sunday: dayFlag,
});

/**
 * A revision point as an administrator saves it (decisions in docs/decisions.md, revision points):
 * - name required (up to 120 characters); active from a date, optionally until a later or equal date;
 * - each appointment lasts 5 to 480 minutes (whole minutes);
 * - one to 20 rules; each from a start hour to a later end hour (HH:mm), long enough for one appointment,
 *   on at least one weekday; two rules sharing a weekday may not overlap in time.
 */
export const RevisionPointSchema = z
  .object({
    name: z
      .string(NAME_REQUIRED)
      .max(MAX_NAME * 4, NAME_TOO_LONG)
      .nullish(),
    activeFrom: text(20),
    activeUntil: text(20),
    minutes: z.union([z.number(), z.string().max(20), z.null()]).optional(),
    rules: z.array(RuleSchema).max(MAX_RULES, `Se admiten como máximo ${MAX_RULES} horarios`).nullish(),
  })
  .transform((v, ctx): RevisionPointValues => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

    // The name is checked here with the rest, so the form shows every problem at once.
    const name = v.name?.trim() ?? '';
    if (name === '') issue(['name'], NAME_REQUIRED);
    else if (!isCleanText(name)) issue(['name'], 'El nombre del punto de revisión contiene caracteres no permitidos');
    else if (name.length > MAX_NAME) issue(['name'], NAME_TOO_LONG);

    const fromText = v.activeFrom?.trim() ?? '';
    const activeFrom = fromText === '' ? null : parseDate(fromText);
    if (fromText === '') issue(['activeFrom'], ACTIVE_FROM_REQUIRED);
    else if (!activeFrom) issue(['activeFrom'], DATE_INVALID);
    const untilText = v.activeUntil?.trim() ?? '';
    const activeUntil = untilText === '' ? null : parseDate(untilText);
    if (untilText !== '' && !activeUntil) issue(['activeUntil'], DATE_INVALID);
    else if (activeFrom && activeUntil && activeUntil < activeFrom) issue(['activeUntil'], UNTIL_BEFORE_FROM);

    const rawMinutes = v.minutes;
    const minutes =
      typeof rawMinutes === 'number' ? rawMinutes : typeof rawMinutes === 'string' && /^\s*\d{1,4}\s*$/.test(rawMinutes) ? Number(rawMinutes) : Number.NaN;
    const minutesOk = Number.isInteger(minutes) && minutes >= MIN_MINUTES && minutes <= MAX_MINUTES;
    if (!minutesOk) issue(['minutes'], MINUTES_RANGE);

    const rules: RevisionRule[] = [];
    const spans: { rule: number; start: number; end: number; days: Weekday[] }[] = [];
    if (!v.rules || v.rules.length === 0) issue(['rules'], RULES_REQUIRED);
    for (const [i, raw] of (v.rules ?? []).entries()) {
      const hour = (value: string | null | undefined, field: 'startHour' | 'endHour') => {
        if (!value || value.trim() === '') {
          issue(['rules', i, field], HOUR_REQUIRED);
          return null;
        }
        const parsed = parseHour(value);
        if (!parsed) issue(['rules', i, field], HOUR_INVALID);
        return parsed;
      };
      const startHour = hour(raw.startHour, 'startHour');
      const endHour = hour(raw.endHour, 'endHour');
      const days = WEEKDAYS.filter((d) => !!raw[d]);
      if (days.length === 0) issue(['rules', i, 'days'], DAY_REQUIRED);
      if (startHour && endHour) {
        const start = minutesOf(startHour);
        const end = minutesOf(endHour);
        if (end <= start) issue(['rules', i, 'endHour'], END_AFTER_START);
        else if (minutesOk && end - start < minutes) issue(['rules', i, 'endHour'], `El horario no alcanza para una cita de ${minutes} minutos`);
        else {
          const clash = spans.find((s) => s.start < end && start < s.end && s.days.some((d) => days.includes(d)));
          if (clash) issue(['rules', i, 'startHour'], `Este horario se traslapa con el horario ${clash.rule + 1}`);
          spans.push({ rule: i, start, end, days });
        }
      }
      rules.push({
        startHour: startHour ?? '',
        endHour: endHour ?? '',
        ...(Object.fromEntries(WEEKDAYS.map((d) => [d, !!raw[d]])) as Record<Weekday, boolean>),
      });
    }

    return { name, activeFrom: activeFrom ?? '', activeUntil, minutes: minutesOk ? minutes : 0, rules };
  });

export type RevisionPointInput = z.input<typeof RevisionPointSchema>;

/** The stored rules (JSON) read back as rules; anything malformed is dropped. */
export function storedRules(value: unknown): RevisionRule[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => ({
      startHour: typeof r.startHour === 'string' ? r.startHour : '',
      endHour: typeof r.endHour === 'string' ? r.endHour : '',
      ...(Object.fromEntries(WEEKDAYS.map((d) => [d, r[d] === true])) as Record<Weekday, boolean>),
    }));
}

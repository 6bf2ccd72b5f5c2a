// Text and phone inputs shared by the browser's forms and the server's validation (same zod schemas).
import { z } from 'zod';
import { isCleanText } from './cleanText.js';
import { normalizePhone } from './validators.js';
import { MAX_MONEY, parseMoney } from './money.js';

export { isCleanText };

/** An optional Mexican phone (normalizePhone): blank is null, kept as its 10 digits. */
export function phoneInput(message = 'El teléfono debe tener 10 dígitos') {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (!value || value.trim() === '') return null;
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return phone;
    });
}

/**
 * A string input, trimmed, at most `max` characters, without NUL bytes or lone surrogates; `label`
 * names the field in the Spanish message; `required` refuses a blank value.
 */
/** "El nombre es requerido", "La descripción es requerida": the participle agrees with the label's article. */
export function requiredMessage(label: string): string {
  const feminine = /^(la|las|una) /i.test(label);
  const plural = /^(los|las) /i.test(label);
  return `${label} ${plural ? 'son' : 'es'} requerid${feminine ? 'a' : 'o'}${plural ? 's' : ''}`;
}

export function boundedText(max: number, label = 'El texto', options: { required?: boolean } = {}) {
  const trimmed = z.string().max(max, `${label} debe tener como máximo ${max} caracteres`);
  return z
    .string()
    .max(max * 4, `${label} debe tener como máximo ${max} caracteres`)
    .refine((value) => isCleanText(value), `${label} contiene caracteres no permitidos`)
    .transform((value) => value.trim())
    .pipe(options.required ? trimmed.min(1, requiredMessage(label)) : trimmed);
}

/**
 * Years a typed calendar day may have (docs/decisions.md, "Years of typed dates"): PostgreSQL refuses year
 * 0000 and JavaScript writes years past 9999 as "+010000-...", so days are kept far from both ends and
 * the arithmetic on them (instalments, periods, next days) never leaves four-digit years.
 */
export const MIN_DAY_YEAR = 1900;
export const MAX_DAY_YEAR = 2999;

/** Whether YYYY-MM-DD is a day that exists ("2026-02-30" does not), whatever its year. */
function existingDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

const yearInRange = (text: string) => {
  const year = Number(text.slice(0, 4));
  return year >= MIN_DAY_YEAR && year <= MAX_DAY_YEAR;
};

/** A calendar day (YYYY-MM-DD) plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whether `text` is a calendar day YYYY-MM-DD that exists and whose year is within MIN_DAY_YEAR..MAX_DAY_YEAR. */
export function isCalendarDay(text: string): boolean {
  return existingDay(text) && yearInRange(text);
}

/** A calendar day as YYYY-MM-DD that exists ("2026-02-30" does not) in the years 1900 to 2999; `label` like 'La fecha límite'. */
export function dayText(label: string) {
  return z
    .string({ error: requiredMessage(label) })
    .max(10, `${label} debe tener el formato AAAA-MM-DD`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} debe tener el formato AAAA-MM-DD`)
    .refine(existingDay, `${label} no es válida`)
    .refine(yearInRange, `${label} debe tener un año entre ${MIN_DAY_YEAR} y ${MAX_DAY_YEAR}`);
}

/** Money typed as text: more than zero, two decimals at most, within Decimal(14,2). */
export function positiveAmountText(label = 'El monto') {
  return z
    .string({ error: requiredMessage(label) })
    .max(40)
    .transform((v) => v.trim())
    .refine((v) => {
      const m = parseMoney(v);
      return !!m && m.greaterThan(0) && m.lessThanOrEqualTo(MAX_MONEY);
    }, `${label} debe ser mayor a cero con hasta dos decimales`);
}

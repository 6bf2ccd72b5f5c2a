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

/** A calendar day as YYYY-MM-DD that exists ("2026-02-30" does not); `label` like 'La fecha límite'. */
export function dayText(label: string) {
  return z
    .string({ error: requiredMessage(label) })
    .max(10, `${label} debe tener el formato AAAA-MM-DD`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} debe tener el formato AAAA-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} no es válida`);
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

import { z } from 'zod';
import { InputError } from './errors.js';
import { normalizePhone } from '../../core/validators.js';

z.config(z.locales.es());

/** Validates a mutation input with its zod schema; failures become an InputError with Spanish messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new InputError(
    result.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'input',
      message: issue.message,
    })),
  );
}

/** An optional Mexican phone (core/validators.ts normalizePhone): blank is null, stored as its 10 digits. */
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
 * A required string input, trimmed, at most `max` characters, without NUL bytes or lone surrogates;
 * `label` names the field in the Spanish message.
 */
export function boundedText(max: number, label = 'El texto', options: { required?: boolean } = {}) {
  const trimmed = z.string().max(max, `${label} debe tener como máximo ${max} caracteres`);
  return z
    .string()
    .max(max * 4, `${label} debe tener como máximo ${max} caracteres`)
    .refine((value) => isCleanText(value), `${label} contiene caracteres no permitidos`)
    .transform((value) => value.trim())
    .pipe(options.required ? trimmed.min(1, `${label} es requerido`) : trimmed);
}

/** No NUL bytes, other control characters than tab and line breaks, or lone UTF-16 surrogates. */
export function isCleanText(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

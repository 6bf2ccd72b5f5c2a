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

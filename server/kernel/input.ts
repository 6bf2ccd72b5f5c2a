import { z } from 'zod';
import * as zc from 'zod/v4/core';
import { InputError } from './errors.js';

export { boundedText, isCleanText, phoneInput } from '../../core/input.js';

z.config(z.locales.es());
// z.coerce turns "abc" into NaN or an Invalid Date, which the locale's message would name ("recibido NaN").
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    if (typeof issue.input === 'number' && Number.isNaN(issue.input)) return 'Entrada inválida: se esperaba un número';
    if (issue.input instanceof Date && Number.isNaN(issue.input.getTime())) return 'Entrada inválida: se esperaba una fecha válida';
    return undefined;
  },
});

/**
 * Validates a mutation input with its zod schema (full zod or the tree-shakable zod/mini the light
 * pages share); failures become an InputError with Spanish messages.
 */
export function parseInput<S extends zc.$ZodType>(schema: S, input: unknown): zc.output<S> {
  const result = zc.safeParse(schema, input);
  if (result.success) return result.data;
  throw new InputError(
    result.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'input',
      message: issue.message,
    })),
  );
}

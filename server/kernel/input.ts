import { z } from 'zod';
import { InputError } from './errors.js';

export { boundedText, isCleanText, phoneInput } from '../../core/input.js';

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

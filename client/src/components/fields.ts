// Form building blocks over react-hook-form: zod rules from core/ and the spec's input transforms.
import { z } from 'zod';
import type { Check } from '../../../core/validators.js';
import { blankToNull, capitalize, lower, parseQuantityInput, upper } from '../../../core/validators.js';

/** A zod string that must pass one of core/'s checks; the check's Spanish message is the error. */
export function checked(check: Check) {
  return z.string().superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

export const transforms = {
  blankToNull: (v: string) => blankToNull(v),
  upper,
  lower,
  capitalize,
  quantity: (v: string) => parseQuantityInput(v),
};

/** Optional text: blank becomes null before it is sent. */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => blankToNull(v ?? null));

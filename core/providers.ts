// Providers (spec 2 section 3 Provider; section 5 Provider): who the community pays and how. One schema
// for the browser's form and the server.
import { clabe as clabeLib } from 'clabe-validator';
import { z } from 'zod';
import { boundedText } from './input.js';
import { GENERIC_RFC, clabe as clabeCheck, clabeBankName, rfc as rfcCheck } from './validators.js';

export const PROVIDER_PAYMENT_METHODS = ['CHECK', 'TRANSFER'] as const;
export type ProviderPaymentMethod = (typeof PROVIDER_PAYMENT_METHODS)[number];

export const MAX_PROVIDER_NAME = 200;
export const MAX_BANK = 100;

export const PAYMENT_METHOD_MESSAGE = 'La forma de pago debe ser cheque o transferencia';
export const CLABE_REQUIRED = 'La CLABE es requerida para pagar por transferencia';
export const GENERIC_RFC_MESSAGE = `El RFC genérico ${GENERIC_RFC} (público en general) no identifica a un proveedor`;

/** An RFC in capitals, or null when blank; checked against SAT's pattern, the generic one refused. */
const rfcField = z
  .string()
  .max(60, 'El RFC no tiene un formato válido')
  .nullish()
  .transform((value, ctx) => {
    const text = (value ?? '').trim().toUpperCase();
    if (text === '') return null;
    const problem = text === GENERIC_RFC ? GENERIC_RFC_MESSAGE : rfcCheck(text);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text;
  });

/** A CLABE as typed (spaces and dashes allowed between digits), kept as its 18 digits; blank is null. */
const clabeField = z
  .string()
  .max(60, 'La CLABE debe tener exactamente 18 dígitos')
  .nullish()
  .transform((value, ctx) => {
    const text = (value ?? '').replace(/[\s-]/g, '');
    if (text === '') return null;
    const problem = clabeCheck(text);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text;
  });

/**
 * The provider form: name, RFC (optional), payment method, bank and CLABE (required with TRANSFER),
 * default expense concept (its global id, optional). The bank is the one the CLABE names when the
 * CLABE's bank code is known (a typed bank that disagrees with the CLABE would be wrong), else as typed.
 */
export const ProviderSchema = z
  .object({
    name: boundedText(MAX_PROVIDER_NAME, 'El nombre', { required: true }),
    rfc: rfcField,
    paymentMethod: z.enum(PROVIDER_PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE }),
    bank: boundedText(MAX_BANK, 'El banco')
      .nullish()
      .transform((v) => v || null),
    clabe: clabeField,
    expenseConceptId: z
      .string()
      .max(200)
      .nullish()
      .transform((v) => v?.trim() || null),
  })
  .superRefine((value, ctx) => {
    if (value.paymentMethod === 'TRANSFER' && !value.clabe) ctx.addIssue({ code: 'custom', path: ['clabe'], message: CLABE_REQUIRED });
  })
  .transform((value) => ({ ...value, bank: (value.clabe ? providerBank(value.clabe) : null) ?? value.bank }));

export type ProviderInput = z.input<typeof ProviderSchema>;
export type ProviderValues = z.output<typeof ProviderSchema>;

/** The bank a valid CLABE names (its first three digits), when known. */
export function providerBank(clabe: string): string | null {
  const digits = clabe.replace(/[\s-]/g, '');
  if (clabeCheck(digits)) return null;
  return clabeBankName(digits);
}

/** The banks a CLABE may name (Banxico's codes, from clabe-validator), sorted by name: the form's choices. */
export function providerBanks(): string[] {
  const names = Object.values(clabeLib.banksMap)
    .map((bank) => bank.name?.trim())
    .filter((name): name is string => !!name);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b, 'es'));
}

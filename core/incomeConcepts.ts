// Income concepts (spec 2 section 3, spec 3 section 3): what a receipt charges for, in which wallet its
// payments land and how it behaves for owners. One schema for the browser's form and the server.
import { z } from 'zod';
import { boundedText } from './input.js';
import { formatMoney, MAX_MONEY, parseMoney } from './money.js';
import { accountingAccount } from './validators.js';

export const WALLET_TYPES = ['ORDINARY', 'EXTRAORDINARY', 'MEASURED_SERVICE'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** The on/off behaviour of a concept, in the order the form and the list show them. */
export const INCOME_CONCEPT_FLAGS = [
  'increaseBalance',
  'notifyPayment',
  'visibleToOwner',
  'mandatory',
  'allowAmount',
  'allowComments',
  'allowAttachments',
] as const;
export type IncomeConceptFlag = (typeof INCOME_CONCEPT_FLAGS)[number];

/**
 * The concepts the platform itself charges with (IncomeConcept.systemKey): every community has them,
 * they cannot be deleted, and their description and wallet stay as the platform set them. `calculated`
 * marks those whose receipts the platform calculates (a fee, a penalty, an agreement's instalment, a
 * reservation): spec 1's receipt concept `receipts_calculated`.
 */
export const SYSTEM_CONCEPTS = [
  {
    key: 'MAINTENANCE',
    description: 'Cuota de mantenimiento',
    wallet: 'ORDINARY',
    increaseBalance: true,
    mandatory: true,
    notifyPayment: true,
    calculated: true,
  },
  { key: 'PENALTY', description: 'Recargo por pago tardío', wallet: 'ORDINARY', increaseBalance: true, calculated: true },
  { key: 'EXTRAORDINARY', description: 'Cuota extraordinaria', wallet: 'EXTRAORDINARY', notifyPayment: true, calculated: true },
  { key: 'AGREEMENT', description: 'Convenio de pago', wallet: 'ORDINARY', increaseBalance: true, notifyPayment: true, calculated: true },
  { key: 'AMENITY', description: 'Reservación de área común', wallet: 'EXTRAORDINARY', calculated: true },
  // Spec 3 Amenity: a reservation may carry a deposit, returned afterwards.
  { key: 'AMENITY_DEPOSIT', description: 'Depósito de área común', wallet: 'EXTRAORDINARY', calculated: true },
  // Spec 1 section 5 (manual payment): owners pay an initial debt or prepay fees.
  { key: 'INITIAL_BALANCE', description: 'Adeudo inicial', wallet: 'ORDINARY', increaseBalance: true, allowAmount: true },
  { key: 'PREPAYMENT', description: 'Pago anticipado de cuotas', wallet: 'ORDINARY', increaseBalance: true, allowAmount: true },
] as const satisfies readonly {
  key: string;
  description: string;
  wallet: 'ORDINARY' | 'EXTRAORDINARY';
  increaseBalance?: boolean;
  mandatory?: boolean;
  notifyPayment?: boolean;
  allowAmount?: boolean;
  calculated?: boolean;
}[];
export type SystemConceptKey = (typeof SYSTEM_CONCEPTS)[number]['key'];

/**
 * Spec 1 receipt concept `receipts_calculated`: the platform calculates this concept's receipts (maintenance
 * generation, penalties, agreements, reservations); the community's own concepts, an initial debt and a
 * prepayment are amounts someone types.
 */
export function receiptsCalculated(systemKey: string | null): boolean {
  return SYSTEM_CONCEPTS.some((c) => c.key === systemKey && 'calculated' in c && c.calculated);
}

export const SYSTEM_CONCEPT_LOCKED = 'Es un concepto del sistema: su descripción y su monedero no se pueden cambiar';
export const MAX_AMOUNT_BALANCE_MESSAGE = 'El monto máximo debe ser una cantidad mayor a cero con hasta dos decimales';
export const MAX_PAYMENT_DATE_MESSAGE = 'La fecha límite de pago debe ser una fecha válida (AAAA-MM-DD)';
export const WALLET_REQUIRED = 'Elige un monedero';

const flag = z
  .boolean()
  .nullish()
  .transform((v) => !!v);
/** Owners see a concept (and a request may carry a file) unless told otherwise. */
const visibleFlag = z
  .boolean()
  .nullish()
  .transform((v) => v !== false);

/** An optional accounting account (core/validators accountingAccount): blank is none. */
export function optionalAccountingAccount(label: string) {
  return boundedText(40, label)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const problem = accountingAccount(value);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return value;
    });
}

/** An optional calendar day YYYY-MM-DD (a real day: no 2025-02-30); blank is none. */
const optionalDay = z
  .string()
  .max(40, MAX_PAYMENT_DATE_MESSAGE)
  .nullish()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
    if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text || text < '2000-01-01' || text > '2100-12-31') {
      ctx.addIssue({ code: 'custom', message: MAX_PAYMENT_DATE_MESSAGE });
      return z.NEVER;
    }
    return text;
  });

/** An optional amount above zero within Decimal(14,2), two decimals out; blank is none. */
const optionalPositiveMoney = z
  .string()
  .max(40, MAX_AMOUNT_BALANCE_MESSAGE)
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value.trim() === '') return null;
    const amount = parseMoney(value);
    if (!amount?.greaterThan(0) || amount.greaterThan(MAX_MONEY)) {
      ctx.addIssue({ code: 'custom', message: MAX_AMOUNT_BALANCE_MESSAGE });
      return z.NEVER;
    }
    return formatMoney(amount);
  });

/** An income concept as typed in its form (and sent by API clients). `walletId` is the wallet's id. */
export const IncomeConceptSchema = z.object({
  description: boundedText(120, 'La descripción').pipe(z.string().min(1, 'La descripción es requerida')),
  increaseBalance: flag,
  notifyPayment: flag,
  visibleToOwner: visibleFlag,
  mandatory: flag,
  allowAmount: flag,
  allowComments: flag,
  /** A manual payment request may carry a file unless told otherwise (spec 1 allow_attachments). */
  allowAttachments: visibleFlag,
  accountingAccount: optionalAccountingAccount('La cuenta contable'),
  suspenseAccount: optionalAccountingAccount('La cuenta de suspenso'),
  maxPaymentDate: optionalDay,
  maxAmountBalance: optionalPositiveMoney,
  walletId: z.string().max(200, WALLET_REQUIRED).trim().min(1, WALLET_REQUIRED),
});
export type IncomeConceptInput = z.input<typeof IncomeConceptSchema>;
export type IncomeConceptValues = z.output<typeof IncomeConceptSchema>;

/** Most concepts one bulk flag update may change (a community has a few dozen). */
export const MAX_BULK_CONCEPTS = 200;

const optionalFlag = z.boolean().nullish();

/** One row of the bulk flag update: the concept's id and the flags to change (the others stay). */
export const IncomeConceptFlagsSchema = z.object({
  id: z.string().max(200).trim().min(1, 'Falta el concepto'),
  increaseBalance: optionalFlag,
  notifyPayment: optionalFlag,
  visibleToOwner: optionalFlag,
  mandatory: optionalFlag,
  allowAmount: optionalFlag,
  allowComments: optionalFlag,
  allowAttachments: optionalFlag,
});

/** The bulk flag update: each concept at most once, up to MAX_BULK_CONCEPTS. */
export const IncomeConceptsFlagsSchema = z.object({
  concepts: z
    .array(IncomeConceptFlagsSchema)
    .min(1, 'Envía al menos un concepto')
    .max(MAX_BULK_CONCEPTS, `Envía como máximo ${MAX_BULK_CONCEPTS} conceptos`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Cada concepto puede aparecer una sola vez' });
        seen.add(row.id);
      });
    }),
});

/** The fields a system concept keeps from the platform: what differs in `next` from `current`. */
export function lockedFieldChanges(
  current: { description: string; walletId: string },
  next: { description: string; walletId: string },
): ('description' | 'walletId')[] {
  const changed: ('description' | 'walletId')[] = [];
  if (current.description !== next.description) changed.push('description');
  if (current.walletId !== next.walletId) changed.push('walletId');
  return changed;
}

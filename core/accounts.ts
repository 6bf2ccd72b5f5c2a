// Income accounts (spec 2 section 3 "Account", spec 3 sections 3 and 5) and the community's accounting
// accounts (settings/accounting-accounts): the rules the browser's forms and the server check with the
// same zod schemas.
import { z } from 'zod';
import { boundedText } from './input.js';
import { accountingAccount, clabe, clabeBankName } from './validators.js';

export const INCOME_ACCOUNT_TYPES = ['CLABE', 'CARD', 'TERMINAL', 'CASH'] as const;
export type IncomeAccountType = (typeof INCOME_ACCOUNT_TYPES)[number];

const MAX_ACCOUNT_NUMBER = 60;

export const ACCOUNT_TYPE_REQUIRED = 'Elige el tipo de cuenta';
export const ACCOUNTING_ACCOUNT_FORMAT = 'La cuenta contable debe ser grupos de dígitos separados por guiones, por ejemplo 102-01';
export const CARD_LENGTH = 'El número de tarjeta debe tener 16 dígitos';
export const CARD_INVALID = 'El número de tarjeta no es válido: revisa sus dígitos';
export const TERMINAL_FORMAT = 'El identificador de la terminal solo admite letras, números, guiones y guiones bajos (hasta 30)';

/** What each type needs as its number: the message when it is missing. CASH has none. */
const NUMBER_REQUIRED: Record<IncomeAccountType, string | null> = {
  CLABE: 'La CLABE es requerida',
  CARD: 'El número de tarjeta es requerido',
  TERMINAL: 'El identificador de la terminal es requerido',
  CASH: null,
};

/** Luhn check of a card number (every issued card passes it; a typo almost never does). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The number as stored: CLABE and card numbers without the spaces and hyphens people type; CASH has none. */
export function normalizeAccountNumber(type: IncomeAccountType, raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (type === 'CASH' || value === '') return null;
  return type === 'CLABE' || type === 'CARD' ? value.replace(/[\s-]/g, '') : value;
}

/** Why a number does not fit its account type, or null when it does (blank numbers: see NUMBER_REQUIRED). */
export function accountNumberProblem(type: IncomeAccountType, raw: string | null | undefined): string | null {
  const value = normalizeAccountNumber(type, raw);
  if (type === 'CASH') return null;
  if (value === null) return NUMBER_REQUIRED[type];
  switch (type) {
    case 'CLABE':
      return clabe(value);
    case 'CARD':
      if (!/^\d{16}$/.test(value)) return CARD_LENGTH;
      return luhn(value) ? null : CARD_INVALID;
    case 'TERMINAL':
      return /^[A-Za-z0-9][A-Za-z0-9_-]{0,29}$/.test(value) ? null : TERMINAL_FORMAT;
  }
}

/** The bank behind a valid CLABE (clabe-validator's catalogue), else null. */
export function accountBankName(type: IncomeAccountType | string, number: string | null | undefined): string | null {
  if (type !== 'CLABE' || !number) return null;
  const value = normalizeAccountNumber('CLABE', number);
  if (!value || clabe(value) !== null) return null;
  return clabeBankName(value);
}

/** The number as lists show it: the last four digits of a CLABE or card, a terminal's identifier, nothing for cash. */
export function maskAccountNumber(type: IncomeAccountType | string, number: string | null | undefined): string | null {
  if (!number || type === 'CASH') return null;
  if (type === 'CLABE' || type === 'CARD') return `•••• ${number.slice(-4)}`;
  return number;
}

const optionalText = (max: number, label: string) =>
  boundedText(max, label)
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional accounting account number: blank is none, else digit groups separated by hyphens. */
export function accountingAccountInput(label = 'La cuenta contable') {
  return optionalText(40, label).refine((value) => value === null || accountingAccount(value) === null, ACCOUNTING_ACCOUNT_FORMAT);
}

/** An income account as saved (create and update): the number checked and normalized by its type. */
export const IncomeAccountSchema = z
  .object({
    accountType: z.enum(INCOME_ACCOUNT_TYPES, { error: ACCOUNT_TYPE_REQUIRED }),
    description: boundedText(120, 'La descripción').pipe(z.string().min(1, 'La descripción es requerida')),
    holderName: optionalText(120, 'El titular'),
    accountNumber: optionalText(MAX_ACCOUNT_NUMBER, 'El número de cuenta'),
    accountingAccount: accountingAccountInput(),
  })
  .superRefine((value, ctx) => {
    // zod still refines an object whose fields failed: a number already refused for its length says so once.
    if (!INCOME_ACCOUNT_TYPES.includes(value.accountType) || (value.accountNumber?.length ?? 0) > MAX_ACCOUNT_NUMBER) return;
    const problem = accountNumberProblem(value.accountType, value.accountNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: problem });
  })
  .transform((value) => ({ ...value, accountNumber: normalizeAccountNumber(value.accountType, value.accountNumber) }));

export type IncomeAccountInput = z.output<typeof IncomeAccountSchema>;

// ---- Accounting accounts of the community (the accounting-policy exports use them) ----

export const ACCOUNTING_ACCOUNT_KEYS = [
  'BANKS',
  'CASH',
  'RECEIVABLES',
  'MAINTENANCE_INCOME',
  'EXTRAORDINARY_INCOME',
  'PENALTY_INCOME',
  'DISCOUNTS',
  'SUSPENSE',
  'VAT_TRANSFERRED',
  'VAT_PENDING',
  'PROVIDERS',
  'EXPENSES',
  'GATEWAY_FEES',
] as const;
export type AccountingAccountKey = (typeof ACCOUNTING_ACCOUNT_KEYS)[number];

/** The settings form's sections, in the order of a chart of accounts. */
export const ACCOUNTING_ACCOUNT_GROUPS: readonly { group: 'ASSETS' | 'INCOME' | 'TAXES' | 'LIABILITIES_EXPENSES'; keys: readonly AccountingAccountKey[] }[] = [
  { group: 'ASSETS', keys: ['BANKS', 'CASH', 'RECEIVABLES'] },
  { group: 'INCOME', keys: ['MAINTENANCE_INCOME', 'EXTRAORDINARY_INCOME', 'PENALTY_INCOME', 'DISCOUNTS'] },
  { group: 'TAXES', keys: ['VAT_TRANSFERRED', 'VAT_PENDING'] },
  { group: 'LIABILITIES_EXPENSES', keys: ['SUSPENSE', 'PROVIDERS', 'EXPENSES', 'GATEWAY_FEES'] },
];

export const NAME_WITHOUT_NUMBER = 'Escribe el número de la cuenta o deja también vacío su nombre';

/**
 * The whole set of accounting accounts: saving replaces it, a blank number removes its key. Each key
 * at most once.
 */
export const AccountingAccountSettingsSchema = z
  .object({
    accounts: z
      .array(
        z.object({
          key: z.enum(ACCOUNTING_ACCOUNT_KEYS, { error: 'La cuenta no es una de las cuentas contables de la comunidad' }),
          number: accountingAccountInput('El número de cuenta'),
          name: optionalText(120, 'El nombre de la cuenta'),
        }),
      )
      .max(ACCOUNTING_ACCOUNT_KEYS.length, `Caben como máximo ${ACCOUNTING_ACCOUNT_KEYS.length} cuentas`),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.accounts.forEach((account, index) => {
      if (seen.has(account.key)) ctx.addIssue({ code: 'custom', path: ['accounts', index, 'key'], message: `La cuenta ${account.key} aparece más de una vez` });
      seen.add(account.key);
      if (account.number === null && account.name !== null) ctx.addIssue({ code: 'custom', path: ['accounts', index, 'number'], message: NAME_WITHOUT_NUMBER });
    });
  });

export type AccountingAccountSettingsInput = z.output<typeof AccountingAccountSettingsSchema>;

/** Orders accounting account numbers as a chart of accounts does: group by group, numerically (101-2 before 101-10). */
export function compareAccountingAccounts(a: string, b: string): number {
  const ga = a.split('-');
  const gb = b.split('-');
  for (let i = 0; i < Math.min(ga.length, gb.length); i++) {
    const diff = Number(ga[i]) - Number(gb[i]);
    if (diff !== 0 && Number.isFinite(diff)) return diff;
    if (ga[i] !== gb[i]) return ga[i] < gb[i] ? -1 : 1;
  }
  return ga.length - gb.length || (a < b ? -1 : a > b ? 1 : 0);
}

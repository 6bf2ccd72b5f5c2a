// Maintenance settings of a community (spec 3 sections 3 and 5, spec 2 sections 3, 5 and 9): the day each
// month's fee is generated, the early-payment discount, the late-payment penalty, the payment methods,
// the accounting accounts and the monthly fee of every house type. One zod schema for the browser's form
// and the server; capDay and dueDates give the dates of a period with the days capped by the month's end.
import { z } from 'zod';
import { FEE_MESSAGE, FEE_REQUIRED } from './houseTypes.js';
import { formatMoney, formatPesos, MAX_MONEY, money, parseMoney } from './money.js';
import { accountingAccount } from './validators.js';

export const FEE_TYPES = ['PERCENTAGE', 'AMOUNT'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** Most house types one save may carry (a community has a handful). */
export const MAX_FEES = 200;
export const MAX_ACCOUNT = 40;

export const CUTOFF_REQUIRED = 'El día de corte es requerido';
export const DAY_MESSAGES = {
  cutoffDay: { label: 'El día de corte', required: CUTOFF_REQUIRED },
  discountEndDay: { label: 'El día límite del descuento', required: 'El día límite del descuento es requerido' },
  deadlineDay: { label: 'El día límite de pago', required: 'El día límite de pago es requerido' },
} as const;
export const DISCOUNT_REQUIRED = 'El descuento por pronto pago es requerido';
export const DISCOUNT_INVALID = 'El descuento por pronto pago debe ser una cantidad mayor a cero con hasta dos decimales';
export const DISCOUNT_PERCENT_MAX = 'El descuento por pronto pago no puede ser mayor al 100%';
export const PENALTY_REQUIRED = 'La multa por pago tardío es requerida';
export const PENALTY_INVALID = 'La multa por pago tardío debe ser una cantidad mayor a cero con hasta dos decimales';
export const PENALTY_PERCENT_MAX = 'La multa por pago tardío no puede ser mayor al 100%';
export const DISCOUNT_BEFORE_DEADLINE = 'El día límite del descuento debe ser anterior al día límite de pago';
export const DISCOUNT_AFTER_CUTOFF = 'El día límite del descuento no puede ser anterior al día de corte';
export const DEADLINE_AFTER_CUTOFF = 'El día límite de pago no puede ser anterior al día de corte';
export const FEE_TYPE_INVALID = 'El tipo debe ser porcentaje o monto fijo';
export const HOUSE_TYPE_REPEATED = 'El tipo de propiedad aparece más de una vez';

const dayValue = z.union([z.number(), z.string().max(20), z.null()]).optional();
const moneyValue = z.string().max(40, FEE_MESSAGE).nullish();
const accountValue = z
  .string()
  .max(MAX_ACCOUNT * 4, `La cuenta contable debe tener como máximo ${MAX_ACCOUNT} caracteres`)
  .nullish();
const flag = z.boolean().nullish();
const feeType = z.enum(FEE_TYPES, { error: FEE_TYPE_INVALID }).nullish();

/** The saved form of the settings: days as numbers, money as two-decimal strings, blanks as null. */
export interface MaintenanceSettingsValues {
  cutoffDay: number;
  hasDiscount: boolean;
  earlyPaymentDiscountType: FeeType;
  earlyPaymentDiscount: string | null;
  discountEndDay: number | null;
  hasPenalty: boolean;
  penaltyFeeType: FeeType;
  penaltyFee: string | null;
  deadlineDay: number | null;
  incomeAccountingAccount: string | null;
  penaltyAccountingAccount: string | null;
  discountAccountingAccount: string | null;
  bankEnabled: boolean;
  storeEnabled: boolean;
  cardEnabled: boolean;
  /** Who pays the online-payment gateway fee (true: the payer, added to the total; false: the community, deducted from the deposit); null leaves it unchanged. */
  gatewayFeePaidByPayer?: boolean | null;
  /** The monthly fee of each house type named (its id as the API gives it). */
  fees: { houseTypeId: string; amount: string }[];
}

type Issue = (path: (string | number)[], message: string) => void;

/** A day of the month, 1 to 31; null when blank. Undefined (after an issue) when it is not one. */
function day(value: number | string | null | undefined, field: keyof typeof DAY_MESSAGES, issue: Issue): number | null | undefined {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 31) {
    issue([field], `${DAY_MESSAGES[field].label} debe ser un día del mes, del 1 al 31`);
    return undefined;
  }
  return n;
}

/** A discount or penalty: more than zero, two decimals at most, a percentage up to 100. */
function rate(
  value: string | null | undefined,
  type: FeeType,
  field: string,
  messages: { required: string; invalid: string; percentMax: string },
  issue: Issue,
): string | null {
  if (value == null || value.trim() === '') {
    issue([field], messages.required);
    return null;
  }
  const amount = parseMoney(value);
  if (!amount || amount.lessThanOrEqualTo(0) || amount.greaterThan(MAX_MONEY)) {
    issue([field], messages.invalid);
    return null;
  }
  if (type === 'PERCENTAGE' && amount.greaterThan(100)) {
    issue([field], messages.percentMax);
    return null;
  }
  return formatMoney(amount);
}

function account(value: string | null | undefined, field: string, issue: Issue): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (text.length > MAX_ACCOUNT) {
    issue([field], `La cuenta contable debe tener como máximo ${MAX_ACCOUNT} caracteres`);
    return null;
  }
  const problem = accountingAccount(text);
  if (problem) issue([field], problem);
  return text;
}

/**
 * The maintenance settings as an administrator saves them (decisions in docs/decisions.md, maintenance):
 * - cutoff day required, 1 to 31 (the day the month's fee is generated);
 * - with the discount on: its type, an amount above zero (a percentage up to 100) and its last day; with
 *   the penalty on: its type, an amount above zero (a percentage up to 100) and the deadline day;
 * - discount end day and deadline day fall in the period's month, on or after the cutoff day, and the
 *   discount ends before the deadline when both are on (all days capped by the month's last day: capDay);
 * - a switched-off discount or penalty keeps its type and clears its amount and day;
 * - accounting accounts optional, digit groups separated by hyphens;
 * - payment methods default to on; every fee listed is required, zero or more, two decimals at most.
 */
export const MaintenanceSettingsSchema = z
  .object({
    cutoffDay: dayValue,
    hasDiscount: flag,
    earlyPaymentDiscountType: feeType,
    earlyPaymentDiscount: moneyValue,
    discountEndDay: dayValue,
    hasPenalty: flag,
    penaltyFeeType: feeType,
    penaltyFee: moneyValue,
    deadlineDay: dayValue,
    incomeAccountingAccount: accountValue,
    penaltyAccountingAccount: accountValue,
    discountAccountingAccount: accountValue,
    bankEnabled: flag,
    storeEnabled: flag,
    cardEnabled: flag,
    gatewayFeePaidByPayer: flag,
    fees: z
      .array(z.object({ houseTypeId: z.string().min(1, 'El tipo de propiedad es requerido').max(200), amount: moneyValue }))
      .max(MAX_FEES, `Se admiten como máximo ${MAX_FEES} cuotas`)
      .nullish(),
  })
  .transform((v, ctx): MaintenanceSettingsValues => {
    const issue: Issue = (path, message) => ctx.addIssue({ code: 'custom', path, message });
    const hasDiscount = !!v.hasDiscount;
    const hasPenalty = !!v.hasPenalty;
    const earlyPaymentDiscountType = v.earlyPaymentDiscountType ?? 'PERCENTAGE';
    const penaltyFeeType = v.penaltyFeeType ?? 'PERCENTAGE';

    const cutoffDay = day(v.cutoffDay, 'cutoffDay', issue);
    if (cutoffDay === null) issue(['cutoffDay'], CUTOFF_REQUIRED);

    let earlyPaymentDiscount: string | null = null;
    let discountEndDay: number | null | undefined = null;
    if (hasDiscount) {
      earlyPaymentDiscount = rate(
        v.earlyPaymentDiscount,
        earlyPaymentDiscountType,
        'earlyPaymentDiscount',
        { required: DISCOUNT_REQUIRED, invalid: DISCOUNT_INVALID, percentMax: DISCOUNT_PERCENT_MAX },
        issue,
      );
      discountEndDay = day(v.discountEndDay, 'discountEndDay', issue);
      if (discountEndDay === null) issue(['discountEndDay'], DAY_MESSAGES.discountEndDay.required);
      else if (discountEndDay && cutoffDay && discountEndDay < cutoffDay) issue(['discountEndDay'], DISCOUNT_AFTER_CUTOFF);
    }

    let penaltyFee: string | null = null;
    let deadlineDay: number | null | undefined = null;
    if (hasPenalty) {
      penaltyFee = rate(
        v.penaltyFee,
        penaltyFeeType,
        'penaltyFee',
        { required: PENALTY_REQUIRED, invalid: PENALTY_INVALID, percentMax: PENALTY_PERCENT_MAX },
        issue,
      );
      deadlineDay = day(v.deadlineDay, 'deadlineDay', issue);
      if (deadlineDay === null) issue(['deadlineDay'], DAY_MESSAGES.deadlineDay.required);
      else if (deadlineDay && cutoffDay && deadlineDay < cutoffDay) issue(['deadlineDay'], DEADLINE_AFTER_CUTOFF);
    }
    if (discountEndDay && deadlineDay && discountEndDay >= deadlineDay) issue(['discountEndDay'], DISCOUNT_BEFORE_DEADLINE);

    const seen = new Set<string>();
    const fees = (v.fees ?? []).map((fee, i) => {
      if (seen.has(fee.houseTypeId)) issue(['fees', i, 'houseTypeId'], HOUSE_TYPE_REPEATED);
      seen.add(fee.houseTypeId);
      const text = fee.amount?.trim() ?? '';
      const amount = text === '' ? null : parseMoney(text);
      if (text === '') issue(['fees', i, 'amount'], FEE_REQUIRED);
      else if (!amount || amount.isNegative() || amount.greaterThan(MAX_MONEY)) issue(['fees', i, 'amount'], FEE_MESSAGE);
      return { houseTypeId: fee.houseTypeId, amount: amount && !amount.isNegative() ? formatMoney(amount) : '0.00' };
    });

    return {
      cutoffDay: cutoffDay ?? 1,
      hasDiscount,
      earlyPaymentDiscountType,
      earlyPaymentDiscount,
      discountEndDay: discountEndDay ?? null,
      hasPenalty,
      penaltyFeeType,
      penaltyFee,
      deadlineDay: deadlineDay ?? null,
      incomeAccountingAccount: account(v.incomeAccountingAccount, 'incomeAccountingAccount', issue),
      penaltyAccountingAccount: account(v.penaltyAccountingAccount, 'penaltyAccountingAccount', issue),
      discountAccountingAccount: account(v.discountAccountingAccount, 'discountAccountingAccount', issue),
      bankEnabled: v.bankEnabled ?? true,
      storeEnabled: v.storeEnabled ?? true,
      cardEnabled: v.cardEnabled ?? true,
      gatewayFeePaidByPayer: v.gatewayFeePaidByPayer ?? null,
      fees,
    };
  });

export type MaintenanceSettingsInput = z.input<typeof MaintenanceSettingsSchema>;

/** Days in a month (month 1 to 12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A day of the month capped by the month's last day: 31 is 30 in April, 28 or 29 in February. */
export function capDay(day: number, year: number, month: number): number {
  return Math.max(1, Math.min(Math.trunc(day), daysInMonth(year, month)));
}

function isoDate(year: number, month: number, dayOfMonth: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

export interface PeriodDates {
  /** The day the period's fee is generated. */
  cutoffDate: string;
  /** Last day the early-payment discount applies (null without a discount). */
  discountEndDate: string | null;
  /** Last day to pay without the penalty (null without a penalty); the penalty applies from the next day. */
  deadlineDate: string | null;
}

type DueSettings = Pick<MaintenanceSettingsValues, 'cutoffDay' | 'hasDiscount' | 'discountEndDay' | 'hasPenalty' | 'deadlineDay'>;

/** The dates of the period of `year`/`month` (1 to 12), as YYYY-MM-DD, with every day capped by the month's last day. */
export function dueDates(settings: DueSettings, year: number, month: number): PeriodDates {
  const at = (d: number) => isoDate(year, month, capDay(d, year, month));
  return {
    cutoffDate: at(settings.cutoffDay),
    discountEndDate: settings.hasDiscount && settings.discountEndDay ? at(settings.discountEndDay) : null,
    deadlineDate: settings.hasPenalty && settings.deadlineDay ? at(settings.deadlineDay) : null,
  };
}

/** "5 %" or "$1,500.00" as the settings screen describes a discount or a penalty. */
export function describeRate(type: FeeType, amount: string): string {
  return type === 'PERCENTAGE' ? `${money(amount).toFixed(2).replace(/\.00$/, '')} %` : formatPesos(amount);
}

// Withdrawals (spec 2 sections 3, 4 and 5 "Withdrawal"): money taken out of the community's gateway
// balance to one of its accounts through the gateway's payouts, for a set of available expenses. The fee
// comes from payout fees keyed by account type; total = Σ the selected expenses' totals + fee; a
// withdrawal has a maximum total. Shared by the builder dialog (live fee and total) and the server
// (which recomputes and refuses a mismatch).
import { formatMoney, formatPesos, Money, money, sumMoney } from './money.js';

export const WITHDRAWAL_STATUSES = ['IN_PROGRESS', 'SUCCESSFUL', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Expense statuses a withdrawal may take (and only while no other withdrawal holds the expense). */
export const WITHDRAWABLE_EXPENSE_STATUSES = ['APPROVED', 'INVOICE', 'PAID'] as const;

export const WITHDRAWAL_IN_PROGRESS = 'El retiro está en progreso';

/** IVA charged on the gateway's fee. */
export const FEE_IVA_RATE = '0.16';

/**
 * Payout fees by account type (the spec keeps the values to itself; decided, shaped as a Mexican gateway
 * charges them): a SPEI transfer to a CLABE costs a fixed $8.00, a push to a debit card 1.20 % of the
 * amount with a $10.00 minimum; IVA (16 %) on top of either. TERMINAL and CASH accounts cannot receive a
 * payout (there is nowhere to send it).
 */
export const PAYOUT_FEES = {
  CLABE: { fixed: '8.00', percent: '0', minimum: '0' },
  CARD: { fixed: '0', percent: '1.20', minimum: '10.00' },
} as const;

export type PayoutAccountType = keyof typeof PAYOUT_FEES;
export const PAYOUT_ACCOUNT_TYPES = Object.keys(PAYOUT_FEES) as PayoutAccountType[];

/** The largest total of one withdrawal (the gateway's per-payout limit for an unverified merchant account). */
export const MAX_WITHDRAWAL_TOTAL = '250000.00';
/** Expenses one withdrawal may carry. */
export const MAX_WITHDRAWAL_EXPENSES = 100;

export const NOT_PAYOUT_ACCOUNT = 'Solo una cuenta CLABE o una tarjeta de débito puede recibir un retiro';
export const NO_EXPENSES = 'Elige al menos un egreso disponible';
export const TOO_MANY_EXPENSES = `Un retiro puede incluir como máximo ${MAX_WITHDRAWAL_EXPENSES} egresos`;
export const OVER_MAXIMUM = `El total de un retiro no puede pasar de ${formatPesos(MAX_WITHDRAWAL_TOTAL)}`;
export const NOT_POSITIVE = 'El monto del retiro debe ser mayor a cero';

export function isPayoutAccountType(type: string | null | undefined): type is PayoutAccountType {
  return type === 'CLABE' || type === 'CARD';
}

/** The fee of a payout of `amount` to an account of `type`, IVA included, rounded to the cent; null when the type takes no payouts. */
export function payoutFee(type: string | null | undefined, amount: Money | string): Money | null {
  if (!isPayoutAccountType(type)) return null;
  const fee = PAYOUT_FEES[type];
  const base = Money.max(money(fee.fixed).plus(money(amount).times(fee.percent).dividedBy(100)), money(fee.minimum));
  return new Money(base.times(money(1).plus(FEE_IVA_RATE)).toFixed(2, Money.ROUND_HALF_UP));
}

export interface WithdrawalFigures {
  amount: string;
  fee: string;
  total: string;
}

/** Amount (Σ expense totals), fee and total of a withdrawal; the fee is null for an account that takes no payouts. */
export function withdrawalFigures(type: string | null | undefined, expenseTotals: Iterable<Money | string>): WithdrawalFigures | null {
  const amount = sumMoney(expenseTotals);
  const fee = payoutFee(type, amount);
  if (!fee) return null;
  return { amount: formatMoney(amount), fee: formatMoney(fee), total: formatMoney(amount.plus(fee)) };
}

/** Why a withdrawal cannot be made (the first reason), or null. */
export function withdrawalProblem(type: string | null | undefined, expenseTotals: (Money | string)[]): string | null {
  if (!isPayoutAccountType(type)) return NOT_PAYOUT_ACCOUNT;
  if (expenseTotals.length === 0) return NO_EXPENSES;
  if (expenseTotals.length > MAX_WITHDRAWAL_EXPENSES) return TOO_MANY_EXPENSES;
  const figures = withdrawalFigures(type, expenseTotals)!;
  if (money(figures.amount).lte(0)) return NOT_POSITIVE;
  if (money(figures.total).gt(MAX_WITHDRAWAL_TOTAL)) return OVER_MAXIMUM;
  return null;
}

export const WITHDRAWAL_STATUS_NAMES: Record<WithdrawalStatus, string> = {
  IN_PROGRESS: 'En progreso',
  SUCCESSFUL: 'Exitoso',
  FAILED: 'Fallido',
};

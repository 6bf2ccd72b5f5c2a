// Withdrawals (spec 2 "Withdrawal"): money out of the community's gateway balance to one of its CLABE or
// debit-card accounts through the gateway's payouts, for a set of available expenses.
//
// create: one write locks the chosen expenses (FOR UPDATE, in id order), checks each is available
// (APPROVED, INVOICE or PAID, not deleted, in no withdrawal), recomputes amount, fee and total
// (core/withdrawals.ts) and refuses a mismatch with what the client showed, then writes the withdrawal
// IN_PROGRESS with its items and sets each expense's withdrawalId (no longer available nor editable).
// After commit the payout is sent with our order id; an answer that never came is recovered by that order
// id (findPayoutByOrderId) by the poll job, which also follows the payout until it settles:
// SUCCESSFUL writes the community ledger (contract 2: gateway balance −total, the account +amount, the fee
// being the difference), FAILED keeps the gateway's error and gives the expenses back.
import { randomUUID } from 'node:crypto';
import { gatewayErrorMessage } from '../../../../../core/gatewayErrors.js';
import { formatMoney, money, parseMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import {
  isPayoutAccountType,
  MAX_WITHDRAWAL_EXPENSES,
  NO_EXPENSES,
  TOO_MANY_EXPENSES,
  WITHDRAWABLE_EXPENSE_STATUSES,
  WITHDRAWAL_IN_PROGRESS,
  withdrawalFigures,
  withdrawalProblem,
  type WithdrawalStatus,
} from '../../../../../core/withdrawals.js';
import { defineJob, enqueueJob } from '../../../../infra/jobs.js';
import { gatewayAccount, gatewayFor } from '../../../../infra/gateway/index.js';
import { GatewayError, type GatewayPayout, GatewayUnavailableError, type PayoutDestination } from '../../../../infra/gateway/types.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow, lockRows } from '../../../../kernel/locks.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { write } from '../../../../kernel/write.js';
import { message } from '../../../../kernel/reasons.js';

export const WITHDRAWAL_READERS = ['AExpensesRead'] as const;
export const WITHDRAWAL_CREATORS = ['AExpensesUpdate'] as const;

export const WITHDRAWAL_POLL_JOB = 'withdrawals.poll';
/** Seconds after creation (or the previous poll) of each poll of a payout; the last wait repeats. */
export const POLL_SCHEDULE_S = [3, 15, 60, 300, 1800, 3600, 6 * 3600];

export const ACCOUNT_NOT_FOUND = message('ACCOUNT_NOT_FOUND');
export const EXPENSE_NOT_FOUND = message('EXPENSE_NOT_FOUND');
export const NO_GATEWAY = 'La comunidad no tiene configurada la pasarela de pago para hacer retiros';
export const NO_DESTINATION = 'La cuenta no tiene un número válido y un titular para recibir el retiro';

export interface CreateWithdrawalInput {
  accountId: number;
  expenseIds: number[];
  /** What the client showed; each, when given, must equal the server's figure to the cent. */
  amount?: string | null;
  fee?: string | null;
  total?: string | null;
}

/** The order id of a withdrawal's payout: unique per merchant, stable across retries. */
export function payoutOrderId(w: { id: number; createdAt: Date }): string {
  return `retiro-${w.id}-${w.createdAt.getTime().toString(36)}`;
}

const mismatch = (field: string, label: string, expected: string) =>
  new InputError([{ field, message: `${label} no coincide con el calculado (${expected}); actualiza la lista e intenta de nuevo` }]);

export async function createWithdrawal(ctx: ServiceContext, input: CreateWithdrawalInput, idempotencyKey?: string | null): Promise<{ id: number }> {
  const neighborhoodId = communityOf(ctx);
  const ids = [...new Set(input.expenseIds)].sort((a, b) => a - b);
  if (ids.length === 0) throw new InputError([{ field: 'expenseIds', message: NO_EXPENSES }]);
  if (ids.length > MAX_WITHDRAWAL_EXPENSES) throw new InputError([{ field: 'expenseIds', message: TOO_MANY_EXPENSES }]);
  for (const [field, value] of [
    ['amount', input.amount],
    ['fee', input.fee],
    ['total', input.total],
  ] as const) {
    if (value != null && (!parseMoney(String(value)) || money(String(value)).lt(0)))
      throw new InputError([{ field, message: 'Debe ser una cantidad con hasta dos decimales' }]);
  }
  const created = await write(ctx, { rowLocks: true, idempotencyKey, request: { operation: 'createWithdrawal', input } }, async ({ tx, audit }) => {
    const account = await tx.incomeAccount.findFirst({ where: { id: input.accountId, neighborhoodId, deletedAt: null } });
    if (!account) throw new NotFoundError('ACCOUNT_NOT_FOUND');
    if (!destinationOf(account)) {
      const problem = withdrawalProblem(account.accountType, ['1']);
      throw new InputError([{ field: 'accountId', message: problem ?? NO_DESTINATION }]);
    }
    // Locks the chosen expenses in id order (two overlapping withdrawals queue here instead of deadlocking).
    await lockRows(tx, 'Expense', ids, { neighborhoodId });
    const expenses = await tx.expense.findMany({
      where: { id: { in: ids }, neighborhoodId },
      select: { id: true, status: true, total: true, withdrawalId: true, deletedAt: true, serie: true, folio: true },
      orderBy: { id: 'asc' },
    });
    if (expenses.length !== ids.length || expenses.some((e) => e.status === 'DELETED' || e.deletedAt)) throw new NotFoundError('EXPENSE_NOT_FOUND');
    if (expenses.some((e) => e.withdrawalId !== null || !(WITHDRAWABLE_EXPENSE_STATUSES as readonly string[]).includes(e.status)))
      throw new ConflictError('EXPENSE_UNAVAILABLE_FOR_WITHDRAWAL');
    const totals = expenses.map((e) => money(e.total));
    const problem = withdrawalProblem(account.accountType, totals);
    if (problem) throw new InputError([{ field: 'expenseIds', message: problem }]);
    const figures = withdrawalFigures(account.accountType, totals)!;
    if (input.amount != null && formatMoney(String(input.amount)) !== figures.amount) throw mismatch('amount', 'El monto', figures.amount);
    if (input.fee != null && formatMoney(String(input.fee)) !== figures.fee) throw mismatch('fee', 'La comisión', figures.fee);
    if (input.total != null && formatMoney(String(input.total)) !== figures.total) throw mismatch('total', 'El total', figures.total);

    const withdrawal = await tx.withdrawal.create({
      data: {
        neighborhoodId,
        accountId: account.id,
        amount: figures.amount,
        fee: figures.fee,
        total: figures.total,
        status: 'IN_PROGRESS',
        createdByUserId: ctx.actor?.userId ?? null,
        items: { create: expenses.map((e) => ({ expenseId: e.id, amount: formatMoney(e.total) })) },
      },
    });
    const taken = await tx.expense.updateMany({ where: { id: { in: ids }, neighborhoodId, withdrawalId: null }, data: { withdrawalId: withdrawal.id } });
    if (taken.count !== ids.length) throw new ConflictError('EXPENSE_UNAVAILABLE_FOR_WITHDRAWAL');
    await audit({ action: 'CREATE', entity: 'Withdrawal', entityId: withdrawal.id, data: { accountId: account.id, expenseIds: ids, ...figures } });
    for (const e of expenses) {
      await audit({ action: 'WITHDRAWAL_REQUESTED', entity: 'Expense', entityId: e.id, data: { withdrawalId: withdrawal.id, amount: formatMoney(e.total) } });
    }
    await enqueueJob(tx, {
      kind: WITHDRAWAL_POLL_JOB,
      payload: { withdrawalId: withdrawal.id, attempt: 0 },
      runAt: new Date(Date.now() + POLL_SCHEDULE_S[0] * 1000),
      uniqueKey: `${WITHDRAWAL_POLL_JOB}:${withdrawal.id}:0`,
    });
    return { id: withdrawal.id, sent: false };
  });
  // The same key answered again: the payout was sent (or is followed by the poll job) the first time.
  await sendPayout(ctx, created.id);
  return { id: created.id };
}

export const createdMessage = (status: WithdrawalStatus, errorDescription: string | null) =>
  status === 'FAILED' ? (errorDescription ?? 'El retiro no se pudo realizar') : WITHDRAWAL_IN_PROGRESS;

function destinationOf(account: {
  accountType: string;
  accountNumber: string | null;
  holderName: string | null;
  description: string;
}): PayoutDestination | null {
  if (!isPayoutAccountType(account.accountType)) return null;
  const holderName = (account.holderName ?? '').trim() || account.description.trim();
  const number = (account.accountNumber ?? '').replace(/\s+/g, '');
  if (!holderName) return null;
  if (account.accountType === 'CLABE') return /^\d{18}$/.test(number) ? { type: 'bank_account', clabe: number, holderName } : null;
  return /^\d{16}$/.test(number) ? { type: 'card', cardNumber: number, holderName } : null;
}

/** Sends (or finds) the payout of an IN_PROGRESS withdrawal without a payout id; then applies what the gateway answered. */
export async function sendPayout(ctx: Pick<ServiceContext, 'prisma' | 'db' | 'config' | 'actor' | 'ip'>, withdrawalId: number): Promise<void> {
  const w = await ctx.prisma.withdrawal.findUnique({ where: { id: withdrawalId }, include: { account: true } });
  if (w?.status !== 'IN_PROGRESS' || w.gatewayPayoutId) return;
  const account = await gatewayAccount(ctx.prisma, ctx.config, w.neighborhoodId);
  if (!account) return settle(ctx, withdrawalId, { status: 'failed', errorMessage: NO_GATEWAY });
  const destination = destinationOf(w.account);
  if (!destination) return settle(ctx, withdrawalId, { status: 'failed', errorMessage: NO_DESTINATION });
  const gateway = gatewayFor(ctx);
  const orderId = payoutOrderId(w);
  let payout: GatewayPayout | null;
  try {
    payout = await gateway.payout(account, { orderId, amount: formatMoney(w.amount), description: `Retiro ${w.id}`, destination });
  } catch (error) {
    if (error instanceof GatewayError && error.code !== 1006) {
      // Refused before it began (bad destination, no funds): the expenses are available again.
      return settle(ctx, withdrawalId, { status: 'failed', errorMessage: gatewayErrorMessage(error.code, error.message) });
    }
    if (!(error instanceof GatewayError) && !(error instanceof GatewayUnavailableError)) throw error;
    // No answer, or "already processed": the payout may exist under our order id.
    try {
      payout = await gateway.findPayoutByOrderId(account, orderId);
    } catch (again) {
      if (again instanceof GatewayError || again instanceof GatewayUnavailableError) return; // the poll job tries again
      throw again;
    }
    if (!payout) return;
  }
  await recordPayout(ctx, withdrawalId, payout);
}

/** Stores the payout's id and applies its state when it already settled. */
async function recordPayout(ctx: Pick<ServiceContext, 'prisma' | 'db' | 'actor' | 'ip'>, withdrawalId: number, payout: GatewayPayout) {
  await ctx.prisma.withdrawal.updateMany({ where: { id: withdrawalId, gatewayPayoutId: null }, data: { gatewayPayoutId: payout.id } });
  if (payout.status !== 'in_progress') await settle(ctx, withdrawalId, payout);
}

/**
 * The payout settled: SUCCESSFUL writes the ledger entries, FAILED keeps the error and frees the expenses.
 * Runs once per withdrawal (its row locked; a settled withdrawal is left as it is).
 */
export async function settle(
  ctx: Pick<ServiceContext, 'prisma' | 'db' | 'actor' | 'ip'>,
  withdrawalId: number,
  payout: Pick<GatewayPayout, 'status' | 'errorMessage'>,
): Promise<void> {
  if (payout.status === 'in_progress') return;
  await write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
    await lockRow(tx, 'Withdrawal', withdrawalId);
    const w = await tx.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId }, include: { items: true, neighborhood: { select: { timeZone: true } } } });
    if (w.status !== 'IN_PROGRESS') return;
    const neighborhoodId = w.neighborhoodId;
    const now = new Date();
    if (payout.status === 'completed') {
      await tx.withdrawal.update({ where: { id: w.id }, data: { status: 'SUCCESSFUL', completedAt: now, errorDescription: null } });
      await appendWithdrawalLedger(tx, w, todayIn(w.neighborhood.timeZone, now));
      await audit({ action: 'WITHDRAWAL_SUCCEEDED', entity: 'Withdrawal', entityId: w.id, neighborhoodId, data: { total: formatMoney(w.total) } });
      for (const item of w.items)
        await audit({ action: 'WITHDRAWAL_SUCCEEDED', entity: 'Expense', entityId: item.expenseId, neighborhoodId, data: { withdrawalId: w.id } });
    } else {
      const errorDescription = (payout.errorMessage ?? 'La pasarela de pago rechazó el retiro').slice(0, 500);
      await tx.withdrawal.update({ where: { id: w.id }, data: { status: 'FAILED', completedAt: now, errorDescription } });
      await tx.expense.updateMany({ where: { withdrawalId: w.id }, data: { withdrawalId: null } });
      await audit({ action: 'WITHDRAWAL_FAILED', entity: 'Withdrawal', entityId: w.id, neighborhoodId, data: { errorDescription } });
      for (const item of w.items)
        await audit({
          action: 'WITHDRAWAL_FAILED',
          entity: 'Expense',
          entityId: item.expenseId,
          neighborhoodId,
          data: { withdrawalId: w.id, errorDescription },
        });
    }
  });
}

/** Contract 2: the gateway balance (accountId null) gives the total, the account receives the amount; the fee is the difference. */
async function appendWithdrawalLedger(
  tx: Tx,
  w: { id: number; neighborhoodId: number; accountId: number; amount: unknown; total: unknown; createdByUserId: number | null },
  day: string,
) {
  const groupId = randomUUID();
  const effectiveDate = new Date(`${day}T00:00:00Z`);
  const base = {
    neighborhoodId: w.neighborhoodId,
    kind: 'WITHDRAWAL' as const,
    withdrawalId: w.id,
    groupId,
    effectiveDate,
    createdByUserId: w.createdByUserId,
  };
  await tx.communityLedgerEntry.createMany({
    data: [
      {
        ...base,
        accountId: null,
        amount: money(w.total as string)
          .negated()
          .toFixed(2),
      },
      { ...base, accountId: w.accountId, amount: money(w.amount as string).toFixed(2) },
    ],
  });
}

/** Asks the gateway again about an IN_PROGRESS withdrawal (the poll job; a payout webhook may call it too). */
export async function refreshWithdrawal(
  ctx: Pick<ServiceContext, 'prisma' | 'db' | 'config' | 'actor' | 'ip'>,
  withdrawalId: number,
): Promise<WithdrawalStatus | null> {
  const w = await ctx.prisma.withdrawal.findUnique({ where: { id: withdrawalId } });
  if (!w) return null;
  if (w.status !== 'IN_PROGRESS') return w.status;
  if (!w.gatewayPayoutId) {
    await sendPayout(ctx, withdrawalId);
  } else {
    const account = await gatewayAccount(ctx.prisma, ctx.config, w.neighborhoodId);
    if (account) {
      try {
        await settle(ctx, withdrawalId, await gatewayFor(ctx).getPayout(account, w.gatewayPayoutId));
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError) && !(error instanceof GatewayError)) throw error;
      }
    }
  }
  return (await ctx.prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId }, select: { status: true } })).status;
}

/** A payout.succeeded / payout.failed notification: the payout is read again from the gateway, never trusted from the body. */
export async function handlePayoutEvent(ctx: Pick<ServiceContext, 'prisma' | 'db' | 'config' | 'actor' | 'ip'>, neighborhoodId: number, payoutId: string) {
  const w = await ctx.prisma.withdrawal.findFirst({ where: { neighborhoodId, gatewayPayoutId: payoutId }, select: { id: true } });
  if (w) await refreshWithdrawal(ctx, w.id);
}

defineJob(WITHDRAWAL_POLL_JOB, async (ctx, payload) => {
  const { withdrawalId, attempt } = (payload ?? {}) as { withdrawalId?: unknown; attempt?: unknown };
  if (typeof withdrawalId !== 'number' || typeof attempt !== 'number') return;
  const status = await refreshWithdrawal(ctx, withdrawalId);
  if (status !== 'IN_PROGRESS') return;
  const next = attempt + 1;
  const wait = POLL_SCHEDULE_S[Math.min(next, POLL_SCHEDULE_S.length - 1)];
  await enqueueJob(ctx.prisma, {
    kind: WITHDRAWAL_POLL_JOB,
    payload: { withdrawalId, attempt: next },
    runAt: new Date(Date.now() + wait * 1000),
    uniqueKey: `${WITHDRAWAL_POLL_JOB}:${withdrawalId}:${next}`,
  });
});

// ---- reads ----

export function withdrawalWhere(ctx: ServiceContext, filter?: { status?: WithdrawalStatus | null } | null) {
  return { neighborhoodId: communityOf(ctx), ...(filter?.status ? { status: filter.status } : {}) };
}

/** Expenses a new withdrawal may take (contract 1: APPROVED, INVOICE or PAID, in no withdrawal, not deleted). */
export function availableExpenseWhere(neighborhoodId: number) {
  return {
    neighborhoodId,
    status: { in: [...WITHDRAWABLE_EXPENSE_STATUSES] },
    withdrawalId: null,
    deletedAt: null,
  };
}

/** The community's accounts that can receive a payout (CLABE or debit card with a number and a holder). */
export async function payoutAccounts(ctx: ServiceContext) {
  const rows = await ctx.prisma.incomeAccount.findMany({
    where: { neighborhoodId: communityOf(ctx), deletedAt: null, accountType: { in: ['CLABE', 'CARD'] } },
    orderBy: [{ description: 'asc' }, { id: 'asc' }],
    take: 200,
  });
  return rows.filter((a) => destinationOf(a) !== null);
}

/** "•••• 1234": the last four digits of an account number. */
export function maskedNumber(number: string | null): string | null {
  if (!number) return null;
  const digits = number.replace(/\s+/g, '');
  return digits.length <= 4 ? digits : `•••• ${digits.slice(-4)}`;
}

// The wallet ledger of houses (spec 1 sections 3–4, spec 2 section 3): this module owns every write of
// LedgerEntry. Entries are appended, never changed (a database trigger refuses updates and deletes); a
// wallet's balance is the sum of its entries. Money writes that touch a house's wallets take the house's
// row lock first (lockHouse), so concurrent writes on one house queue instead of reading stale balances.
import { randomUUID } from 'node:crypto';
import { formatMoney, money, type Money } from '../../../../../core/money.js';
import type { Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';

import type { PAYMENT_METHODS } from '../../../../../core/receipts.js';
import type { LedgerKind, PaymentMethod } from '../../../../db/generated/enums.js';

// The ledger's kinds and payment methods are the database's enums (Prisma's generated types).
export type { LedgerKind, PaymentMethod };
/** core's list of payment methods (shared with the client) names exactly the database's: tsc fails when they part. */
type SameMembers<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _coreMethodsAreTheDatabases: SameMembers<(typeof PAYMENT_METHODS)[number], PaymentMethod> = true;

export interface Movement {
  walletId: number;
  kind: LedgerKind;
  /** Signed: positive in the house's favour, negative a debt. */
  amount: Money | string;
  receiptId?: number | null;
  paymentMethod?: PaymentMethod | null;
  reversesId?: bigint | null;
  /** The gateway charge that moved this money. */
  chargeId?: string | null;
  reason?: string | null;
  authorizedByUserId?: number | null;
  /** When it happened, for movements recorded afterwards (the demo's history); now by default. */
  at?: Date;
}

/** Waits for and holds the house's row lock until the transaction ends. */
export async function lockHouse(tx: Tx, houseId: number): Promise<void> {
  await lockRow(tx, 'House', houseId);
}

/** Appends movements of one house as one group (a transfer's two sides, a payment's deposit and its receipt). */
export async function appendMovements(
  tx: Tx,
  house: { neighborhoodId: number; houseId: number },
  createdByUserId: number | null,
  movements: Movement[],
): Promise<bigint[]> {
  const groupId = movements.length > 1 ? randomUUID() : null;
  const ids: bigint[] = [];
  for (const m of movements) {
    const row = await tx.ledgerEntry.create({
      data: {
        neighborhoodId: house.neighborhoodId,
        houseId: house.houseId,
        walletId: m.walletId,
        kind: m.kind,
        amount: formatMoney(m.amount),
        receiptId: m.receiptId ?? null,
        paymentMethod: m.paymentMethod ?? null,
        reversesId: m.reversesId ?? null,
        chargeId: m.chargeId ?? null,
        reason: m.reason ?? null,
        authorizedByUserId: m.authorizedByUserId ?? null,
        createdByUserId,
        groupId,
        ...(m.at ? { createdAt: m.at } : {}),
      },
      select: { id: true },
    });
    ids.push(row.id);
  }
  return ids;
}

/** The balance of every wallet a house has moved money in, by wallet id (wallets without movements are 0). */
export async function houseBalances(tx: Tx, houseId: number): Promise<Map<number, Money>> {
  const rows = await tx.ledgerEntry.groupBy({ by: ['walletId'], where: { houseId }, _sum: { amount: true } });
  return new Map(rows.map((r) => [r.walletId, money(r._sum.amount ?? '0')]));
}

export async function walletBalance(tx: Tx, houseId: number, walletId: number): Promise<Money> {
  const row = await tx.ledgerEntry.aggregate({ where: { houseId, walletId }, _sum: { amount: true } });
  return money(row._sum.amount ?? '0');
}

/**
 * The stated initial balance of a house that became active is its wallet's first movement (ORDINARY),
 * once: a house reactivated later keeps the entry it has.
 */
export async function recordInitialBalance(
  tx: Tx,
  house: { neighborhoodId: number; houseId: number },
  initialBalance: unknown,
  userId: number | null,
  at?: Date,
) {
  if (initialBalance == null || money(initialBalance as string).isZero()) return;
  if (await tx.ledgerEntry.count({ where: { houseId: house.houseId, kind: 'INITIAL_BALANCE' } })) return;
  const wallet = await ordinaryWallet(tx, house.neighborhoodId);
  if (!wallet) return;
  await appendMovements(tx, house, userId, [
    { walletId: wallet.id, kind: 'INITIAL_BALANCE', amount: money(initialBalance as string), reason: 'Saldo inicial', at },
  ]);
}

/** Many houses' movements in one statement (a history being recorded, such as the demo's); each row is its own group. */
export async function appendHistory(tx: Tx, neighborhoodId: number, createdByUserId: number | null, rows: (Movement & { houseId: number })[]): Promise<number> {
  if (rows.length === 0) return 0;
  const data = rows.map((m) => ({
    neighborhoodId,
    houseId: m.houseId,
    walletId: m.walletId,
    kind: m.kind,
    amount: formatMoney(m.amount),
    receiptId: m.receiptId ?? null,
    paymentMethod: m.paymentMethod ?? null,
    chargeId: m.chargeId ?? null,
    reason: m.reason ?? null,
    authorizedByUserId: m.authorizedByUserId ?? null,
    createdByUserId,
    ...(m.at ? { createdAt: m.at } : {}),
  }));
  return (await tx.ledgerEntry.createMany({ data })).count;
}

/** The community's ORDINARY wallet (the oldest, should there be more than one), or null. */
export function ordinaryWallet(tx: Pick<Tx, 'wallet'>, neighborhoodId: number): Promise<{ id: number } | null> {
  return tx.wallet.findFirst({ where: { neighborhoodId, type: 'ORDINARY' }, orderBy: { id: 'asc' }, select: { id: true } });
}

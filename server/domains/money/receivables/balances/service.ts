// A house's wallets (spec 1 sections 3–4, spec 2 section 3): their balances (sums of the ledger), the
// balance adjustment an administrator authorises (ABalancesAuthorise), transfers between wallets and the
// house's account statement. Movements are written through the ledger module.
import { z } from 'zod';
import { formatMoney, MAX_MONEY, money, parseMoney, type Money } from '../../../../../core/money.js';
import { RECEIPT_MESSAGES } from '../../../../../core/receipts.js';
import { boundedText, positiveAmountText } from '../../../../../core/input.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import { actorOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { ConflictError, InputError } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { appendMovements, houseBalances, lockHouse, walletBalance } from '../ledger/service.js';
import { message } from '../../../../kernel/reasons.js';

/** Who reads a house's balances: administrators of any house, the house's people their own. */
export const BALANCE_READERS = ['AReceiptsRead', 'ABalancesAuthorise', 'AStatementsRead', 'OReceiptsRead', 'SReceiptsRead'] as const;
export const BALANCE_ADMIN = ['AReceiptsRead', 'ABalancesAuthorise', 'AStatementsRead'] as const;
export const BALANCE_WRITERS = ['ABalancesAuthorise'] as const;
export const STATEMENT_READERS = ['AStatementsRead', 'OReceiptsRead', 'SReceiptsRead'] as const;
export const FOREIGN_HOUSE = message('FOREIGN_BALANCE');

export const TRANSFER_SAME_WALLET = 'Elige monederos distintos para la transferencia';
export const TRANSFER_INSUFFICIENT = message('TRANSFER_INSUFFICIENT');

export interface WalletBalanceView {
  walletId: number;
  type: 'ORDINARY' | 'EXTRAORDINARY' | 'MEASURED_SERVICE';
  name: string;
  measuredServiceId: number | null;
  balance: string;
}

export interface HouseBalanceView {
  houseId: number;
  ordinary: string;
  extraordinary: string;
  wallets: WalletBalanceView[];
  /** Sum of what the house's pending receipts expect. */
  pendingReceipts: string;
}

/** The balance of each of the community's wallets for the house (0 where nothing moved). */
export async function houseBalance(ctx: ServiceContext, houseId: number | null, tx: Tx = ctx.prisma): Promise<HouseBalanceView> {
  const house = await targetHouse(ctx, houseId, BALANCE_ADMIN, 'FOREIGN_BALANCE', { tx });
  return balanceOf(tx, house.neighborhoodId, house.id);
}

export async function balanceOf(tx: Tx, neighborhoodId: number, houseId: number): Promise<HouseBalanceView> {
  const [wallets, sums, pending] = await Promise.all([
    tx.wallet.findMany({
      where: { neighborhoodId },
      orderBy: [{ type: 'asc' }, { id: 'asc' }],
      select: { id: true, type: true, name: true, measuredServiceId: true },
    }),
    houseBalances(tx, houseId),
    tx.receipt.aggregate({ where: { houseId, deletedAt: null, creditsWallet: false, status: { not: 'PAID' } }, _sum: { amount: true } }),
  ]);
  const views = wallets.map((w) => ({
    walletId: w.id,
    type: w.type,
    name: w.name,
    measuredServiceId: w.measuredServiceId,
    balance: formatMoney(sums.get(w.id) ?? 0),
  }));
  const of = (type: string) => views.find((w) => w.type === type)?.balance ?? '0.00';
  return { houseId, ordinary: of('ORDINARY'), extraordinary: of('EXTRAORDINARY'), wallets: views, pendingReceipts: formatMoney(pending._sum.amount ?? 0) };
}

const amountText = (label: string) =>
  z
    .string({ error: `${label} es requerido` })
    .max(40)
    .transform((v) => v.trim());

export const AdjustmentSchema = z.object({
  walletId: z.coerce.number({ error: 'El monedero es requerido' }).int(),
  amount: amountText('El monto').refine((v) => {
    const m = parseMoney(v);
    return !!m && !m.isZero() && m.abs().lessThanOrEqualTo(MAX_MONEY);
  }, 'El monto debe ser distinto de cero, con hasta dos decimales (negativo para un cargo)'),
  reason: boundedText(500, 'El motivo', { required: true }),
});

async function ownWallet(tx: Tx, neighborhoodId: number, walletId: number, field: string) {
  const wallet = await tx.wallet.findFirst({ where: { id: rowId(walletId), neighborhoodId }, select: { id: true, name: true } });
  if (!wallet) throw new InputError([{ field, message: 'El monedero no existe' }]);
  return wallet;
}

/** PUT balance: an adjustment of one wallet with its reason; the administrator who writes it authorises it. */
export async function adjustBalance(ctx: ServiceContext, houseId: number, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(AdjustmentSchema, raw);
  const actor = actorOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'adjustHouseBalance', input: { houseId, ...input } } }, async ({ tx, audit }) => {
    const house = await targetHouse(ctx, houseId, BALANCE_WRITERS, 'FOREIGN_BALANCE', { tx });
    const wallet = await ownWallet(tx, house.neighborhoodId, input.walletId, 'walletId');
    await lockHouse(tx, house.id);
    const [entryId] = await appendMovements(tx, { neighborhoodId: house.neighborhoodId, houseId: house.id }, actor.userId, [
      { walletId: wallet.id, kind: 'ADJUSTMENT', amount: input.amount, reason: input.reason, authorizedByUserId: actor.userId },
    ]);
    await audit({
      action: 'ADJUST_BALANCE',
      entity: 'House',
      entityId: house.id,
      data: { walletId: wallet.id, amount: formatMoney(input.amount), reason: input.reason, entryId },
    });
    return { houseId: house.id, message: RECEIPT_MESSAGES.balanceModified, balance: await balanceOf(tx, house.neighborhoodId, house.id) };
  });
}

export const TransferSchema = z.object({
  fromWalletId: z.coerce.number({ error: 'El monedero de origen es requerido' }).int(),
  toWalletId: z.coerce.number({ error: 'El monedero de destino es requerido' }).int(),
  amount: positiveAmountText(),
});

/** POST transfer-balance: money of the house moves from one wallet to another (both sides in one group). */
export async function transferBalance(ctx: ServiceContext, houseId: number, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(TransferSchema, raw);
  if (input.fromWalletId === input.toWalletId) throw new InputError([{ field: 'toWalletId', message: TRANSFER_SAME_WALLET }]);
  const actor = actorOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'transferHouseBalance', input: { houseId, ...input } } }, async ({ tx, audit }) => {
    const house = await targetHouse(ctx, houseId, BALANCE_WRITERS, 'FOREIGN_BALANCE', { tx });
    const from = await ownWallet(tx, house.neighborhoodId, input.fromWalletId, 'fromWalletId');
    const to = await ownWallet(tx, house.neighborhoodId, input.toWalletId, 'toWalletId');
    await lockHouse(tx, house.id);
    const available = await walletBalance(tx, house.id, from.id);
    const amount: Money = money(input.amount);
    if (!available.greaterThan(0) || available.lessThan(amount)) throw new ConflictError('TRANSFER_INSUFFICIENT');
    await appendMovements(tx, { neighborhoodId: house.neighborhoodId, houseId: house.id }, actor.userId, [
      { walletId: from.id, kind: 'TRANSFER', amount: amount.negated(), reason: `Transferencia a ${to.name}` },
      { walletId: to.id, kind: 'TRANSFER', amount, reason: `Transferencia de ${from.name}` },
    ]);
    await audit({
      action: 'TRANSFER_BALANCE',
      entity: 'House',
      entityId: house.id,
      data: { fromWalletId: from.id, toWalletId: to.id, amount: formatMoney(amount) },
    });
    return { houseId: house.id, message: RECEIPT_MESSAGES.transferDone, balance: await balanceOf(tx, house.neighborhoodId, house.id) };
  });
}

// SPEI transfers to a house's CLABE (issue 28; spec 1 section 2, wallet panel). The house's customer at the gateway
// owns a CLABE (cards.ts, depositAccount); a transfer to it reaches the gateway as a bank_account transaction of that
// customer and is notified (Openpay's `spei.received`, or a `charge.succeeded` of method bank_account that is no
// charge of ours). Like every event it is only a claim: the transaction is read again from the gateway, under the
// customer the body names (a transaction of another customer is not found there), and only a completed bank_account
// transaction moves money. It is credited once per gateway transaction (SpeiDeposit's unique key) to the house's
// ORDINARY wallet, less the deposit fee the panel shows, as a DEPOSIT through the receivables door: the incomes
// report (a wallet deposit through the gateway), the house's statement and the transactions grid read it like any
// deposit. Events stored before this existed are replayed once (the job below, queued by the migration).
import { formatMoney, money } from '../../../../../core/money.js';
import { gatewayFee } from '../../../../../core/payments.js';
import type { ServiceContext, Tx } from '../../../../kernel/context.js';
import { isUniqueViolation } from '../../../../kernel/dbErrors.js';
import { write } from '../../../../kernel/write.js';
import { defineJob } from '../../../../infra/jobs.js';
import { gatewayAccount, gatewayFor } from '../../../../infra/gateway/index.js';
import { type GatewayAccount, GatewayError, type GatewayTransaction } from '../../../../infra/gateway/types.js';
import { lockHouse, ordinaryWallet } from '../ledger/service.js';
import { depositToWallet } from '../receipts/door.js';

/** Openpay's notification of a SPEI transfer received on a customer's CLABE. */
export const SPEI_RECEIVED = 'spei.received';
export const SPEI_REPLAY_JOB = 'payments.replaySpeiEvents';

/** Whether an event reports a bank transfer (a SPEI received, or a completed bank_account charge). */
export function isBankTransferEvent(type: string, t: Pick<GatewayTransaction, 'method'> | null): boolean {
  return !!t && (type === SPEI_RECEIVED || (type === 'charge.succeeded' && t.method === 'bank_account'));
}

/** The customer a notification's transaction names (Openpay's transaction.customer_id), or null. */
export function customerOfPayload(payload: unknown): string | null {
  const t = (payload as { transaction?: { customer_id?: unknown } } | null)?.transaction;
  const id = t && typeof t === 'object' ? t.customer_id : null;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** The deposit fee of a transfer (the wallet panel's) and what reaches the wallet: the amount less the fee, never below 0. */
export function speiCredit(amount: string): { fee: string; credited: string } {
  const fee = gatewayFee('BANK', amount);
  const credited = money(amount).minus(fee);
  return { fee: formatMoney(fee), credited: formatMoney(credited.isNegative() ? 0 : credited) };
}

/**
 * A bank transfer the gateway notified: null when it was credited (now or before) or there was nothing to credit,
 * else why nothing moved (the event stays unprocessed, so a later delivery or the replay asks again). A gateway
 * that does not answer throws (the event answers 500 and is delivered again).
 */
export async function receiveSpeiTransfer(
  ctx: ServiceContext,
  account: GatewayAccount,
  transfer: { transactionId: string; customerId: string | null; eventId: string | null; replayed?: boolean },
): Promise<string | null> {
  const neighborhoodId = account.neighborhoodId;
  const gatewayId = transfer.transactionId.slice(0, 200);
  const done = await ctx.prisma.speiDeposit.findUnique({ where: { neighborhoodId_gatewayId: { neighborhoodId, gatewayId } }, select: { id: true } });
  if (done) return null;
  if (!transfer.customerId) return 'the transfer names no customer';
  const customer = await ctx.prisma.gatewayCustomer.findFirst({ where: { neighborhoodId, customerId: transfer.customerId } });
  if (!customer) return 'no house of this community has that customer';
  // A deleted house's wallet is seen by nobody: the transfer waits (unprocessed, with why) for the house or a refund.
  if (await houseDeleted(ctx.prisma, customer.houseId)) return HOUSE_DELETED;
  let t: GatewayTransaction;
  try {
    t = await gatewayFor(ctx).getCharge(account, gatewayId, customer.customerId);
  } catch (error) {
    if (error instanceof GatewayError && error.httpStatus === 404) return 'the gateway does not know the transfer';
    throw error;
  }
  if (t.method !== 'bank_account') return `the gateway says the transaction is a ${t.method} charge`;
  if (t.status !== 'completed') return `the gateway says the transfer is ${t.status}`;
  if (money(t.amount).lte(0)) return 'the gateway shows no amount';
  const wallet = await ordinaryWallet(ctx.prisma, neighborhoodId);
  if (!wallet) return 'the community has no ORDINARY wallet';
  const { fee, credited } = speiCredit(t.amount);
  let refused: string | null = null;
  try {
    await write(ctx, { rowLocks: true }, async ({ tx, audit, afterCommit }) => {
      await lockHouse(tx, customer.houseId);
      // Deleted while this one waited for it.
      if (await houseDeleted(tx, customer.houseId)) {
        refused = HOUSE_DELETED;
        return;
      }
      // A concurrent delivery of the same transfer credited it while this one waited for the house.
      if (await tx.speiDeposit.findUnique({ where: { neighborhoodId_gatewayId: { neighborhoodId, gatewayId } }, select: { id: true } })) return;
      const house = { neighborhoodId, houseId: customer.houseId };
      const ledgerEntryId = money(credited).gt(0)
        ? await depositToWallet(tx, house, { walletId: wallet.id, amount: credited, method: 'BANK', reason: `Transferencia SPEI ${gatewayId}`, userId: null })
        : null;
      const row = await tx.speiDeposit.create({
        data: {
          neighborhoodId,
          houseId: customer.houseId,
          gatewayId,
          customerId: customer.customerId,
          amount: t.amount,
          fee,
          credited,
          walletId: wallet.id,
          ledgerEntryId,
          eventId: transfer.eventId?.slice(0, 200) ?? null,
          operationDate: t.operationDate ?? t.creationDate ?? null,
        },
      });
      // The open dashboards of the community read their money widgets again, as for any payment.
      afterCommit(() => ctx.pubsub.publish('community:money', neighborhoodId, { neighborhoodId, kind: 'PAYMENT', at: new Date() }));
      await audit({
        action: 'SPEI_DEPOSIT',
        entity: 'House',
        entityId: customer.houseId,
        data: { speiDepositId: String(row.id), gatewayId, amount: t.amount, fee, credited, ...(transfer.replayed ? { replayed: true } : {}) },
      });
    });
  } catch (error) {
    // The unique key: another instance credited the same transfer at the same moment.
    if (!isUniqueViolation(error)) throw error;
  }
  return refused;
}

const HOUSE_DELETED = 'the house of that customer was deleted';

async function houseDeleted(tx: Tx, houseId: number): Promise<boolean> {
  const house = await tx.house.findUnique({ where: { id: houseId }, select: { status: true } });
  return !house || house.status === 'DELETED';
}

/**
 * Replays the stored bank-transfer events no charge of ours matched (received before transfers were credited, or
 * left unprocessed): each is asked about again by its transaction and customer, and marked processed once
 * credited. A charge of ours is matched as the live path matches it (webhooks.ts): by its gateway id, or by the
 * order id (a 3-D Secure attempt's ends in -3ds). An event now ignored is left unprocessed with why (a later
 * delivery of it is then asked about again, not taken for a duplicate). A row that fails (the gateway does not
 * answer) keeps its error and the others carry on; the job then fails, so it is run again. Safe to run again: a
 * transfer is credited once.
 */
export async function replayStoredSpeiEvents(ctx: ServiceContext): Promise<{ credited: number; ignored: number; failed: number }> {
  const rows = await ctx.prisma.$queryRaw<{ id: bigint; neighborhoodId: number; eventId: string; transactionId: string; payload: unknown }[]>`
    SELECT e.id, e."neighborhoodId", e."eventId", e."transactionId", e.payload
    FROM "GatewayEvent" e
    WHERE e."transactionId" IS NOT NULL
      AND (e.type = ${SPEI_RECEIVED} OR (e.type = 'charge.succeeded' AND e.payload->'transaction'->>'method' = 'bank_account'))
      AND NOT EXISTS (
        SELECT 1 FROM "Charge" c WHERE c."neighborhoodId" = e."neighborhoodId"
          AND (c."gatewayId" = e."transactionId"
            OR c.id::text = lower(regexp_replace(COALESCE(e.payload->'transaction'->>'order_id', ''), '-3ds$', ''))))
      AND NOT EXISTS (SELECT 1 FROM "SpeiDeposit" d WHERE d."neighborhoodId" = e."neighborhoodId" AND d."gatewayId" = e."transactionId")
    ORDER BY e.id`;
  let credited = 0;
  let ignored = 0;
  let failed = 0;
  for (const row of rows) {
    let why: string | null;
    try {
      const account = await gatewayAccount(ctx.prisma, ctx.config, row.neighborhoodId);
      why = account
        ? await receiveSpeiTransfer(ctx, account, {
            transactionId: row.transactionId,
            customerId: customerOfPayload(row.payload),
            eventId: row.eventId,
            replayed: true,
          })
        : 'the community has no gateway account';
    } catch (error) {
      failed++;
      await ctx.prisma.gatewayEvent.update({
        where: { id: row.id },
        data: { processedAt: null, error: `replay failed: ${String((error as Error)?.message ?? error)}`.slice(0, 1000) },
      });
      continue;
    }
    await ctx.prisma.gatewayEvent.update({
      where: { id: row.id },
      data: why === null ? { processedAt: new Date(), error: null } : { processedAt: null, error: `ignored: ${why}`.slice(0, 1000) },
    });
    if (why === null) credited++;
    else ignored++;
  }
  if (failed > 0) throw new Error(`${failed} of ${rows.length} stored SPEI events could not be replayed (their rows say why); the job runs again`);
  return { credited, ignored, failed };
}

defineJob(SPEI_REPLAY_JOB, async (ctx) => {
  await replayStoredSpeiEvents(ctx);
});

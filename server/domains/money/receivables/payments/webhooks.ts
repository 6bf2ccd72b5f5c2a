// Webhook notifications of the payment gateway (POST /webhooks/openpay/{neighborhoodId}). Each is
// authenticated by the gateway adapter, recorded once (a repeated event id changes nothing), and never
// trusted: an event is only a claim, and before anything moves the object it names is read again from the
// gateway (gatewayFor(ctx) with the community's account) — the charge for charge and chargeback events, the
// payout for payout events. What moves is what the gateway answers, and only when it backs the claim: a
// charge.succeeded needs the charge completed there, a chargeback.accepted the charge in chargeback_accepted,
// a payout.failed the payout failed. An event the gateway does not back (forged with stolen credentials, or
// naming nothing of ours) changes nothing and is answered 200 { ignored: true }, so the gateway does not
// retry it forever; its row keeps why, unprocessed, so a later delivery of it is asked about again (see
// docs/decisions.md, "Unconfirmed gateway events"). They confirm store and bank references and card charges
// confirmed late, create chargebacks, and settle withdrawals' payouts. A bank transfer that is no charge of ours
// is a SPEI to a house's CLABE: credited to its wallet once per gateway transaction (spei.ts).
import { formatMoney } from '../../../../../core/money.js';
import type { Charge } from '../../../../db/generated/client.js';
import type { ServiceContext, Tx } from '../../../../kernel/context.js';
import { write } from '../../../../kernel/write.js';
import { isUniqueViolation } from '../../../../kernel/dbErrors.js';
import { gatewayAccount, gatewayFor } from '../../../../infra/gateway/index.js';
import {
  type GatewayAccount,
  type GatewayChargebackState,
  type GatewayChargeStatus,
  GatewayError,
  type GatewayEvent,
  type GatewayPayout,
  type GatewayPayoutStatus,
  type GatewayTransaction,
} from '../../../../infra/gateway/types.js';
import { lockHouse } from '../ledger/service.js';
import { chargeBack, reverse } from '../receipts/door.js';
import { handlePayoutEvent } from '../../payables/withdrawals/service.js';
import { settleCharge } from './service.js';
import { customerOfPayload, isBankTransferEvent, receiveSpeiTransfer } from './spei.js';

export interface WebhookAnswer {
  status: number;
  body: unknown;
}

/** The charge events that move a receipt, and the gateway statuses that back each. */
const CHARGE_CLAIMS: Record<string, GatewayChargeStatus> = {
  'charge.succeeded': 'completed',
  'charge.failed': 'failed',
  'charge.cancelled': 'cancelled',
};

/** The chargeback events, what each applies, and the chargeback states of the gateway's charge that back it. */
const CHARGEBACK_CLAIMS: Record<string, { status: 'CREATED' | 'DENIED' | 'APPLIED'; shown: GatewayChargebackState[] }> = {
  // Created: the charge shows a chargeback, in any state (a late "created" after its outcome changes nothing).
  'chargeback.created': { status: 'CREATED', shown: ['pending', 'accepted', 'adjustment'] },
  'chargeback.rejected': { status: 'DENIED', shown: ['adjustment'] },
  'chargeback.accepted': { status: 'APPLIED', shown: ['accepted'] },
};
/** A chargeback only moves forward: CREATED → DENIED or APPLIED (a late CREATED changes nothing). */
const CHARGEBACK_RANK = { CREATED: 0, DENIED: 1, APPLIED: 1 } as const;

/** The payout events and the gateway status that backs each. */
const PAYOUT_CLAIMS: Record<string, GatewayPayoutStatus> = {
  'payout.succeeded': 'completed',
  'payout.failed': 'failed',
};

/** Why an event moved nothing (recorded on its row); null when it was applied or had nothing left to do. */
type Ignored = string | null;

/** A table's entry for an event type (own keys only: a type named "constructor" is no entry). */
const entryOf = <T>(table: Record<string, T>, type: string): T | undefined => (Object.hasOwn(table, type) ? table[type] : undefined);

export async function receiveGatewayWebhook(ctx: ServiceContext, neighborhoodId: number, headers: Headers, body: string): Promise<WebhookAnswer> {
  const account = await gatewayAccount(ctx.prisma, ctx.config, neighborhoodId);
  // Answered like bad credentials: an outsider cannot tell which communities take online payments.
  if (!account) return { status: 401, body: { description: 'Credenciales inválidas' } };
  let event: GatewayEvent;
  try {
    event = gatewayFor(ctx).parseWebhook(account, headers, body);
  } catch (error) {
    if (error instanceof GatewayError) return { status: error.httpStatus === 401 ? 401 : 400, body: { description: error.message } };
    throw error;
  }
  const recorded = await recordEvent(ctx, neighborhoodId, event, body);
  if (!recorded) return { status: 200, body: { received: true, duplicate: true } };
  let ignored: Ignored;
  try {
    ignored = await processEvent(ctx, account, event, customerOfPayload(JSON.parse(body)));
  } catch (error) {
    // Answered as an error so the gateway sends it again; the next delivery processes it (the row exists unprocessed).
    await ctx.prisma.gatewayEvent.update({ where: { id: recorded }, data: { error: String((error as Error).message).slice(0, 1000) } });
    return { status: 500, body: { description: 'No logramos procesar la notificación' } };
  }
  if (ignored !== null) {
    // Left unprocessed: a later delivery of the same event is asked about again (and applied once the gateway backs it).
    await ctx.prisma.gatewayEvent.update({ where: { id: recorded }, data: { error: `ignored: ${ignored}`.slice(0, 1000) } });
    return { status: 200, body: { received: true, ignored: true } };
  }
  await ctx.prisma.gatewayEvent.update({ where: { id: recorded }, data: { processedAt: new Date(), error: null } });
  return { status: 200, body: { received: true } };
}

/** The event's row id when it is new or was not processed yet; null when it was processed before. */
async function recordEvent(ctx: ServiceContext, neighborhoodId: number, event: GatewayEvent, body: string): Promise<bigint | null> {
  try {
    const row = await ctx.prisma.gatewayEvent.create({
      data: {
        neighborhoodId,
        eventId: event.id.slice(0, 200),
        type: event.type.slice(0, 100),
        transactionId: event.transaction?.id ?? null,
        payload: JSON.parse(body),
      },
    });
    return row.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await ctx.prisma.gatewayEvent.findUnique({ where: { neighborhoodId_eventId: { neighborhoodId, eventId: event.id.slice(0, 200) } } });
    return existing && !existing.processedAt ? existing.id : null;
  }
}

/** States of a charge the gateway will not change again (Openpay's charge.status). */
const SETTLED_BY_GATEWAY = new Set<GatewayChargeStatus>(['completed', 'failed', 'cancelled']);

async function processEvent(ctx: ServiceContext, account: GatewayAccount, event: GatewayEvent, customerId: string | null): Promise<Ignored> {
  const t = event.transaction;
  // Nothing to act on (the gateway's verification request, types we do not handle): nothing moves.
  if (!t) return null;
  if (event.type.startsWith('payout.')) return payoutEvent(ctx, account, event.type, t.id);
  const chargeClaim = entryOf(CHARGE_CLAIMS, event.type);
  const chargebackClaim = entryOf(CHARGEBACK_CLAIMS, event.type);
  // A bank transfer: a payment of one of our bank references, else a SPEI to a house's CLABE (spei.ts).
  const bankTransfer = isBankTransferEvent(event.type, t);
  if (!chargeClaim && !chargebackClaim && !bankTransfer) return `${event.type} is not acted on`;
  const neighborhoodId = account.neighborhoodId;
  const orderId = orderOf(t.orderId);
  const charge = await ctx.prisma.charge.findFirst({
    where: { neighborhoodId, OR: [{ gatewayId: t.id }, ...(isUuid(orderId) ? [{ id: orderId! }] : [])] },
  });
  if (!charge) {
    if (bankTransfer) return receiveSpeiTransfer(ctx, account, { transactionId: t.id, customerId, eventId: event.id });
    return 'no charge of this community has that transaction or order id';
  }
  if (chargebackClaim) return chargebackEvent(ctx, account, charge, event.chargebackId ?? `${t.id}:chargeback`, chargebackClaim);
  return chargeEvent(ctx, account, charge, chargeClaim ?? 'completed');
}

/**
 * charge.succeeded / failed / cancelled: the event only makes us ask. The charge read again settles ours when
 * the gateway has settled it, whatever the event claimed (a late or out-of-order event, or a forged one, still
 * leads to the gateway's truth); while the gateway has it open, nothing moves.
 */
async function chargeEvent(ctx: ServiceContext, account: GatewayAccount, charge: Charge, claim: GatewayChargeStatus): Promise<Ignored> {
  // Settled already (the charge's own answer came first): nothing can move.
  if (charge.status !== 'IN_PROGRESS' && charge.status !== 'CANCELLED' && charge.status !== 'FAILED') return null;
  const transaction = await readCharge(ctx, account, charge);
  if (!transaction) return 'the gateway does not know the charge';
  if (!SETTLED_BY_GATEWAY.has(transaction.status)) return `the gateway says the charge is ${transaction.status}, not ${claim}`;
  // A failure or cancellation we recorded already; only a completion changes a closed charge (paid late).
  if (charge.status !== 'IN_PROGRESS' && transaction.status !== 'completed') return null;
  await settleCharge(ctx, charge.id, { transaction });
  return null;
}

/** chargeback.*: applied only when the gateway's charge shows its chargeback in the state the event claims. */
async function chargebackEvent(
  ctx: ServiceContext,
  account: GatewayAccount,
  charge: Charge,
  chargebackId: string,
  claim: (typeof CHARGEBACK_CLAIMS)[string],
): Promise<Ignored> {
  if (!['COMPLETED', 'CREDITED', 'CHARGED_BACK'].includes(charge.status) || !charge.gatewayId) return 'the charge was not paid';
  const current = await ctx.prisma.chargeback.findFirst({ where: { chargeId: charge.id }, select: { status: true } });
  // Its outcome is known already (a late or repeated event): nothing moves.
  if (current && CHARGEBACK_RANK[current.status] >= CHARGEBACK_RANK[claim.status]) return null;
  const transaction = await readCharge(ctx, account, charge);
  if (!transaction) return 'the gateway does not know the charge';
  if (!transaction.chargeback || !claim.shown.includes(transaction.chargeback))
    return transaction.chargeback ? `the gateway shows the chargeback ${transaction.chargeback}` : 'the gateway shows no chargeback on the charge';
  await applyChargeback(ctx, charge.id, chargebackId, claim.status);
  return null;
}

/** payout.succeeded / failed: the withdrawal is settled (by handlePayoutEvent, which reads the payout again) when the gateway's payout says so. */
async function payoutEvent(ctx: ServiceContext, account: GatewayAccount, type: string, payoutId: string): Promise<Ignored> {
  const claim = entryOf(PAYOUT_CLAIMS, type);
  if (!claim) return `${type} is not acted on`;
  const withdrawal = await ctx.prisma.withdrawal.findFirst({
    where: { neighborhoodId: account.neighborhoodId, gatewayPayoutId: payoutId },
    select: { status: true },
  });
  if (!withdrawal) return 'no withdrawal of this community has that payout';
  if (withdrawal.status !== 'IN_PROGRESS') return null;
  let payout: GatewayPayout;
  try {
    payout = await gatewayFor(ctx).getPayout(account, payoutId);
  } catch (error) {
    if (error instanceof GatewayError && error.httpStatus === 404) return 'the gateway does not know the payout';
    throw error;
  }
  if (payout.status !== claim) return `the gateway says the payout is ${payout.status}`;
  await handlePayoutEvent(ctx, account.neighborhoodId, payoutId);
  return null;
}

/**
 * Our charge as the gateway has it: by its transaction id, else (its answer was lost) by our order id, the
 * 3-D Secure attempt's first. Null when the gateway does not know it. A gateway that does not answer throws,
 * so the event answers 500 and is delivered again.
 */
async function readCharge(ctx: ServiceContext, account: GatewayAccount, charge: Charge): Promise<GatewayTransaction | null> {
  const gateway = gatewayFor(ctx);
  const customerId = charge.cardId ? (await ctx.prisma.card.findUnique({ where: { id: charge.cardId } }))?.gatewayCustomerId : null;
  try {
    if (charge.gatewayId) return await gateway.getCharge(account, charge.gatewayId, customerId);
    return (
      (charge.method === 'CARD' ? await gateway.findChargeByOrderId(account, `${charge.id}-3ds`, customerId) : null) ??
      (await gateway.findChargeByOrderId(account, charge.id, customerId))
    );
  } catch (error) {
    if (error instanceof GatewayError && error.httpStatus === 404) return null;
    throw error;
  }
}

/** Our Charge id from an order id (a 3-D Secure attempt's order id ends in -3ds). */
const orderOf = (orderId: string | null) => orderId?.replace(/-3ds$/, '') ?? null;
const isUuid = (v: string | null | undefined) => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * A chargeback of a charge whose money arrived (one per charge: its first id names it), once the gateway backs
 * it (chargebackEvent). APPLIED reverses that charge's own movements in the ledger; when the charge paid the
 * receipt, the receipt becomes CHARGE_BACK (payable again). DENIED moves nothing.
 */
async function applyChargeback(ctx: ServiceContext, chargeId: string, gatewayId: string, status: 'CREATED' | 'DENIED' | 'APPLIED') {
  const head = await ctx.prisma.charge.findUniqueOrThrow({ where: { id: chargeId }, select: { houseId: true } });
  await write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
    await lockHouse(tx, head.houseId);
    const charge = await tx.charge.findUniqueOrThrow({ where: { id: chargeId } });
    if (!['COMPLETED', 'CREDITED', 'CHARGED_BACK'].includes(charge.status)) return;
    const current = await tx.chargeback.findFirst({ where: { chargeId } });
    if (current && CHARGEBACK_RANK[current.status] >= CHARGEBACK_RANK[status]) return;
    const row = current
      ? await tx.chargeback.update({ where: { id: current.id }, data: { status } })
      : await tx.chargeback.create({
          data: {
            neighborhoodId: charge.neighborhoodId,
            houseId: charge.houseId,
            receiptId: charge.receiptId,
            chargeId,
            gatewayId,
            status,
            amount: charge.amount,
          },
        });
    if (status === 'APPLIED') await reversePayment(tx, charge);
    await audit({
      action: `CHARGEBACK_${status}`,
      entity: 'Receipt',
      entityId: charge.receiptId,
      data: { chargeId, chargebackId: row.id, amount: formatMoney(charge.amount) },
    });
  });
}

async function reversePayment(tx: Tx, charge: { id: string; status: string; receiptId: number; houseId: number; neighborhoodId: number }) {
  const moved = await tx.ledgerEntry.findMany({ where: { receiptId: charge.receiptId, chargeId: charge.id, reversesId: null }, orderBy: { id: 'asc' } });
  const reversed = new Set(
    (await tx.ledgerEntry.findMany({ where: { reversesId: { in: moved.map((e) => e.id) } }, select: { reversesId: true } })).map((e) => e.reversesId),
  );
  const entries = moved.filter((e) => !reversed.has(e.id));
  await reverse(tx, { id: charge.receiptId, neighborhoodId: charge.neighborhoodId, houseId: charge.houseId }, entries, {
    userId: null,
    chargeId: charge.id,
    reason: 'Contracargo aplicado',
  });
  const paidTheReceipt = charge.status === 'COMPLETED';
  await tx.charge.update({ where: { id: charge.id }, data: { status: 'CHARGED_BACK' } });
  if (!paidTheReceipt) return;
  const receipt = await tx.receipt.findUniqueOrThrow({ where: { id: charge.receiptId } });
  if (receipt.status !== 'PAID') return;
  await chargeBack(tx, receipt);
}

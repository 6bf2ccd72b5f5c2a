// Webhook notifications of the payment gateway (POST /webhooks/openpay/{neighborhoodId}). Each is
// authenticated by the gateway adapter, recorded once (a repeated event id changes nothing), and never
// trusted for the money: the charge's state is asked again from the gateway, so events arriving out of
// order or forged ones cannot move a receipt the wrong way. They confirm store and bank references and
// card charges confirmed late, create chargebacks, and settle withdrawals' payouts.
import { formatMoney, money } from '../../../core/money.js';
import type { ServiceContext, Tx } from '../../kernel/context.js';
import { write } from '../../kernel/write.js';
import { isUniqueViolation } from '../../kernel/dbErrors.js';
import { gatewayAccount, gatewayFor } from '../../infra/gateway/index.js';
import { GatewayError, type GatewayEvent } from '../../infra/gateway/types.js';
import { appendMovements, lockHouse } from '../ledger/service.js';
import { refreshMaintenanceStatus } from '../receipts/service.js';
import { handlePayoutEvent } from '../withdrawals/service.js';
import { refreshFromGateway } from './service.js';

export interface WebhookAnswer {
  status: number;
  body: unknown;
}

const CHARGEBACK_STATUS: Record<string, 'CREATED' | 'DENIED' | 'APPLIED'> = {
  'chargeback.created': 'CREATED',
  'chargeback.rejected': 'DENIED',
  'chargeback.accepted': 'APPLIED',
};
/** A chargeback only moves forward: CREATED → DENIED or APPLIED (a late CREATED changes nothing). */
const CHARGEBACK_RANK = { CREATED: 0, DENIED: 1, APPLIED: 1 } as const;

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
  try {
    await processEvent(ctx, neighborhoodId, event);
    await ctx.prisma.gatewayEvent.update({ where: { id: recorded }, data: { processedAt: new Date(), error: null } });
  } catch (error) {
    // Answered as an error so the gateway sends it again; the next delivery processes it (the row exists unprocessed).
    await ctx.prisma.gatewayEvent.update({ where: { id: recorded }, data: { error: String((error as Error).message).slice(0, 1000) } });
    return { status: 500, body: { description: 'No logramos procesar la notificación' } };
  }
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

async function processEvent(ctx: ServiceContext, neighborhoodId: number, event: GatewayEvent) {
  const t = event.transaction;
  if (!t) return;
  // A withdrawal's payout: read again from the gateway, never taken from the body.
  if (event.type.startsWith('payout.')) {
    await handlePayoutEvent(ctx, neighborhoodId, t.id);
    return;
  }
  const charge = await ctx.prisma.charge.findFirst({
    where: { neighborhoodId, OR: [{ gatewayId: t.id }, ...(isUuid(orderOf(t.orderId)) ? [{ id: orderOf(t.orderId)! }] : [])] },
  });
  if (!charge) return;
  const chargebackStatus = CHARGEBACK_STATUS[event.type];
  if (chargebackStatus) {
    await applyChargeback(ctx, charge.id, event.chargebackId ?? `${t.id}:chargeback`, chargebackStatus);
    return;
  }
  if (event.type.startsWith('charge.')) await refreshFromGateway(ctx, charge);
}

/** Our Charge id from an order id (a 3-D Secure attempt's order id ends in -3ds). */
const orderOf = (orderId: string | null) => orderId?.replace(/-3ds$/, '') ?? null;
const isUuid = (v: string | null | undefined) => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * A chargeback of a charge whose money arrived (one per charge: its first id names it). APPLIED reverses that
 * charge's own movements in the ledger; when the charge paid the receipt, the receipt becomes CHARGE_BACK
 * (payable again). DENIED moves nothing.
 */
export async function applyChargeback(ctx: ServiceContext, chargeId: string, gatewayId: string, status: 'CREATED' | 'DENIED' | 'APPLIED') {
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
  await appendMovements(
    tx,
    { neighborhoodId: charge.neighborhoodId, houseId: charge.houseId },
    null,
    entries.map((e) => ({
      walletId: e.walletId,
      kind: 'REVERSAL' as const,
      amount: money(e.amount).negated(),
      receiptId: charge.receiptId,
      reversesId: e.id,
      chargeId: charge.id,
      reason: 'Contracargo aplicado',
    })),
  );
  const paidTheReceipt = charge.status === 'COMPLETED';
  await tx.charge.update({ where: { id: charge.id }, data: { status: 'CHARGED_BACK' } });
  if (!paidTheReceipt) return;
  const receipt = await tx.receipt.findUniqueOrThrow({ where: { id: charge.receiptId } });
  if (receipt.status !== 'PAID') return;
  await tx.receipt.update({
    where: { id: receipt.id },
    data: { status: 'CHARGE_BACK', paymentDate: null, realPaymentDate: null, transactionTotal: null, paymentAuthorization: null },
  });
  if (receipt.maintenanceId !== null) await refreshMaintenanceStatus(tx, receipt.maintenanceId);
}

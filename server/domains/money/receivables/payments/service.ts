// Online payments of receipts through the payment gateway (spec 1 sections 3–8): card (a token made in
// the browser, or a saved card), store and bank references. Never charge twice, never lose a payment:
// 1. openCharge, one transaction under the house lock: checks, then a Charge row IN_PROGRESS (at most one
//    open per receipt, a partial unique index) and the receipt IN_PROGRESS, and a recovery job;
// 2. the gateway call, outside any transaction, claimed by one caller (sentAt) and sent with the Charge id
//    as Openpay's order_id, so a repeat can never create a second charge at the gateway;
// 3. settleCharge, one transaction: the gateway's answer (or a webhook's, or verify-charge's, or the
//    recovery job's) moves the Charge and the receipt; a completed charge pays the receipt in the ledger
//    once (a settled charge is never settled again).
// A lost answer (timeout, crash) leaves the Charge IN_PROGRESS until verify-charge, the webhook or the
// recovery job asks the gateway by order id.
import { z } from 'zod';
import { formatMoney } from '../../../../../core/money.js';
import { boundedText } from '../../../../../core/input.js';
import { expectedAmount, type ReceiptStatus } from '../../../../../core/receipts.js';
import {
  FAILED_ATTEMPTS_WINDOW_HOURS,
  MAX_FAILED_ATTEMPTS,
  msiChoices,
  PAYMENT_MESSAGES,
  paymentFee,
  REDIRECT_CODE,
  type OnlineMethod,
} from '../../../../../core/payments.js';
import { gatewayErrorMessage } from '../../../../../core/gatewayErrors.js';
import type { Charge, Receipt } from '../../../../db/generated/client.js';
import { holdsAny, reachesHouse } from '../../../../auth/houseScope.js';
import { actorOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError, PaymentError } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { defineJob, enqueueJob } from '../../../../infra/jobs.js';
import { gatewayAccount, gatewayFor } from '../../../../infra/gateway/index.js';
import {
  GatewayError,
  GatewayUnavailableError,
  type ChargeRequest,
  type GatewayAccount,
  type GatewayTransaction,
  type PaymentGateway,
} from '../../../../infra/gateway/types.js';
import { lockHouse } from '../ledger/service.js';
import { alreadyPaid, findReceipt, termsOf } from '../receipts/service.js';
import { annotate, creditWallet, postPayment, reopen, startPayment } from '../receipts/door.js';
import { addCardToHouse, CARD_READERS, cardOfHouse } from './cards.js';

export const PAYERS = ['AReceiptsPaymentsCreate', 'OReceiptsPaymentsCreate', 'SReceiptsPaymentsCreate', 'RReceiptsPaymentsCreate'] as const;
export const ADMIN_PAYERS = ['AReceiptsPaymentsCreate'] as const;
/** Statuses from which a receipt may be paid online. */
const PAYABLE: readonly ReceiptStatus[] = ['NEW', 'SENT', 'PENALTY', 'CHARGE_BACK'];
/** How long a reference stays payable at the store or the bank. */
const REFERENCE_DAYS = 3;

export const ChargeSchema = z.object({
  receiptId: z.coerce.number().int(),
  method: z.enum(['CARD', 'STORE', 'BANK', 'WALLET'], { error: PAYMENT_MESSAGES.unsupportedMethod }),
  /** A token made in the browser by the gateway's tokenization (never a card number). */
  cardToken: boundedText(100, 'El token de la tarjeta').nullish(),
  cardId: z.coerce.number().int().nullish(),
  deviceSessionId: boundedText(255, 'La sesión del dispositivo').nullish(),
  persistCard: z.boolean().default(false),
  saveAutomaticCharge: z.boolean().default(false),
  authorize: z.boolean().default(false),
  acceptTos: z.boolean().default(false),
  msi: z.coerce.number().int().min(1).max(24).nullish(),
  /** The client's origin: where the 3-D Secure page returns (payment-verification), when PUBLIC_URL is not set. */
  origin: z
    .string()
    .max(200)
    .regex(/^https?:\/\/[^/\s?#]+$/, 'El origen no es válido')
    .nullish(),
});
export type ChargeInput = z.infer<typeof ChargeSchema>;

/** What the pay screen shows after a charge request, a verification or a webhook. */
export interface ChargeView {
  chargeId: string;
  receiptId: number;
  houseId: number;
  method: OnlineMethod;
  status: Charge['status'];
  amount: string;
  fee: string;
  total: string;
  reference: string | null;
  instructions: unknown;
  redirectUrl: string | null;
  authorization: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  message: string;
  /** Failed card attempts of the house within the window (the client warns at 3). */
  failedAttempts: number;
}

interface Send {
  tokenId?: string | null;
  deviceSessionId?: string | null;
  persistCard: boolean;
  saveAutomaticCharge: boolean;
  origin?: string | null;
}

/** POST …/charge: pays a receipt online (or with the wallet). */
export async function chargeReceipt(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<ChargeView | { walletMessage: string }> {
  const input = parseInput(ChargeSchema, raw);
  if (!input.acceptTos) throw new InputError([{ field: 'acceptTos', message: PAYMENT_MESSAGES.acceptTos }]);
  if (input.method === 'WALLET') {
    const { payReceiptWithWallet } = await import('../receipts/service.js');
    const result = await payReceiptWithWallet(ctx, input.receiptId, idempotencyKey);
    return { walletMessage: result.message };
  }
  const actor = actorOf(ctx);
  if ((input.cardId != null || input.persistCard || input.saveAutomaticCharge) && !usesHouseCards(ctx, actor.houseId)) {
    throw new ForbiddenError('FOREIGN_CARD');
  }
  const gateway = gatewayFor(ctx);
  const opened = await write(
    ctx,
    { rowLocks: true, idempotencyKey, request: { operation: 'chargeReceipt', input: { ...input, cardToken: input.cardToken ? 'token' : null } } },
    async ({ tx, audit }) => {
      const found = await findReceipt(ctx, tx, input.receiptId, ADMIN_PAYERS);
      await lockHouse(tx, found.houseId);
      const r = await lockReceipt(tx, found.id);
      const account = await gatewayAccount(tx, ctx.config, r.neighborhoodId);
      if (!account) throw new ConflictError('ONLINE_PAYMENTS_DISABLED');
      const charge = await openCharge(tx, ctx.config, r, { ...input, method: input.method as OnlineMethod }, actor.userId);
      await audit({
        action: 'OPEN_CHARGE',
        entity: 'Receipt',
        entityId: r.id,
        data: {
          chargeId: charge.id,
          method: charge.method,
          amount: formatMoney(charge.amount),
          fee: formatMoney(charge.fee),
          total: formatMoney(charge.total),
        },
      });
      return { chargeId: charge.id };
    },
  );
  await sendCharge(ctx, gateway, opened.chargeId, {
    tokenId: input.cardToken,
    deviceSessionId: input.deviceSessionId,
    persistCard: input.persistCard,
    saveAutomaticCharge: input.saveAutomaticCharge,
    origin: input.origin,
  });
  return chargeView(ctx.prisma, opened.chargeId);
}

async function lockReceipt(tx: Tx, receiptId: number): Promise<Receipt> {
  await lockRow(tx, 'Receipt', receiptId);
  const r = await tx.receipt.findUniqueOrThrow({ where: { id: receiptId } });
  if (r.deletedAt) throw new NotFoundError('RECEIPT_NOT_FOUND');
  return r;
}

/** The order id of a charge's second attempt, with 3-D Secure. */
const secureOrderId = (chargeId: string) => `${chargeId}-3ds`;

/** Saved cards are the house's own: only its people with card grants see, use or save them. */
function usesHouseCards(ctx: ServiceContext, houseId: number | null): boolean {
  return houseId != null && ctx.actor?.houseId === houseId && holdsAny(ctx, CARD_READERS);
}

/** Failed card attempts of one payer for a house within the window (an administrator's never lock the owner out). */
export async function failedAttempts(tx: Tx, houseId: number, userId: number | null): Promise<number> {
  const since = new Date(Date.now() - FAILED_ATTEMPTS_WINDOW_HOURS * 3600_000);
  return tx.charge.count({ where: { houseId, userId, method: 'CARD', status: 'FAILED', createdAt: { gte: since } } });
}

/** The checks and the Charge row of a payment (inside the caller's transaction, house and receipt locked). */
export async function openCharge(
  tx: Tx,
  config: Pick<ServiceContext['config'], 'chargeRecoveryDelayMs'>,
  r: Receipt,
  input: Pick<ChargeInput, 'cardToken' | 'cardId' | 'saveAutomaticCharge' | 'authorize' | 'msi'> & { method: OnlineMethod },
  userId: number | null,
) {
  if (r.status === 'PAID') throw alreadyPaid();
  const open = await tx.charge.findFirst({ where: { receiptId: r.id, status: 'IN_PROGRESS' }, select: { id: true } });
  if (open || r.status === 'IN_PROGRESS') throw new ConflictError('CHARGE_IN_PROGRESS');
  if (!PAYABLE.includes(r.status as ReceiptStatus)) throw new ConflictError('RECEIPT_PAYMENT_PENDING');
  const settings = await tx.maintenanceSettings.findUnique({ where: { neighborhoodId: r.neighborhoodId } });
  const enabled = { CARD: settings?.cardEnabled ?? true, STORE: settings?.storeEnabled ?? true, BANK: settings?.bankEnabled ?? true };
  if (!enabled[input.method]) throw new InputError([{ field: 'method', message: PAYMENT_MESSAGES.unsupportedMethod }]);
  let card: { id: number; brand: string; cardNumber: string; automaticCharge: boolean } | null = null;
  if (input.method === 'CARD') {
    if ((await failedAttempts(tx, r.houseId, userId)) >= MAX_FAILED_ATTEMPTS) throw new PaymentError('PAYMENT_TOO_MANY_ATTEMPTS');
    if (input.cardId != null) {
      card = await cardOfHouse(tx, r.houseId, input.cardId);
      if (!card) throw new PaymentError('SAVED_CARD_GONE');
    } else if (!input.cardToken) {
      throw new InputError([{ field: 'cardToken', message: 'Captura los datos de la tarjeta' }]);
    }
    if (input.saveAutomaticCharge && !input.authorize && !card?.automaticCharge) {
      throw new InputError([{ field: 'authorize', message: PAYMENT_MESSAGES.authorizationRequired }]);
    }
  }
  const today = await communityToday(tx, r.neighborhoodId);
  const expected = expectedAmount(termsOf(r), today);
  if (input.msi != null) {
    const terms = await tx.msiSetting.findMany({ where: { neighborhoodId: r.neighborhoodId } });
    if (input.method !== 'CARD' || !msiChoices(expected.amount, terms).includes(input.msi)) {
      throw new InputError([{ field: 'msi', message: 'Los meses sin intereses elegidos no están disponibles para este monto' }]);
    }
  }
  const community = await tx.neighborhood.findUniqueOrThrow({ where: { id: r.neighborhoodId }, select: { gatewayFeePaidByPayer: true } });
  const fee = paymentFee(input.method, expected.amount, community.gatewayFeePaidByPayer);
  const charge = await tx.charge.create({
    data: {
      neighborhoodId: r.neighborhoodId,
      houseId: r.houseId,
      receiptId: r.id,
      userId,
      method: input.method,
      amount: expected.amount,
      fee: fee.fee,
      total: fee.total,
      feePaidByPayer: community.gatewayFeePaidByPayer,
      cardId: card?.id ?? null,
      cardBrand: card?.brand ?? null,
      cardNumber: card?.cardNumber ?? null,
      msi: input.msi ?? null,
    },
  });
  await startPayment(tx, r.id, {
    status: 'IN_PROGRESS',
    paymentMethod: input.method,
    amount: expected.amount,
    discountAmount: expected.discountAmount,
    penaltyAmount: expected.penaltyAmount,
  });
  await enqueueJob(tx, {
    kind: RECOVER_JOB,
    payload: { chargeId: charge.id },
    runAt: new Date(Date.now() + config.chargeRecoveryDelayMs),
    uniqueKey: `charge:${charge.id}`,
  });
  return charge;
}

/**
 * Sends an open charge to the gateway once (the caller that claims sentAt) and settles its answer. A
 * lost answer leaves it IN_PROGRESS for verification.
 */
export async function sendCharge(ctx: ServiceContext, gateway: PaymentGateway, chargeId: string, send: Send): Promise<void> {
  const claimed = await ctx.prisma.charge.updateMany({ where: { id: chargeId, sentAt: null, status: 'IN_PROGRESS' }, data: { sentAt: new Date() } });
  if (claimed.count === 0) return;
  const charge = await ctx.prisma.charge.findUniqueOrThrow({ where: { id: chargeId } });
  const account = await gatewayAccount(ctx.prisma, ctx.config, charge.neighborhoodId);
  if (!account) {
    await settleCharge(ctx, chargeId, { failure: { code: 1002, message: PAYMENT_MESSAGES.noOnlinePayments } });
    return;
  }
  let transaction: GatewayTransaction;
  try {
    const request = await chargeRequest(ctx, gateway, account, charge, send);
    try {
      transaction = await gateway.charge(account, request);
    } catch (error) {
      // The bank wants 3-D Secure (3005): the same card again with authentication, which answers a redirect.
      if (!(error instanceof GatewayError && error.code === REDIRECT_CODE && request.method === 'card' && !request.use3dSecure)) throw error;
      transaction = await gateway.charge(account, { ...request, orderId: secureOrderId(charge.id), use3dSecure: true });
    }
  } catch (error) {
    if (error instanceof GatewayError) {
      await settleCharge(ctx, chargeId, { failure: { code: error.code, message: error.message } });
      return;
    }
    if (error instanceof GatewayUnavailableError) return;
    throw error;
  }
  await settleCharge(ctx, chargeId, { transaction });
}

async function chargeRequest(ctx: ServiceContext, gateway: PaymentGateway, account: GatewayAccount, charge: Charge, send: Send): Promise<ChargeRequest> {
  const receipt = await ctx.prisma.receipt.findUniqueOrThrow({ where: { id: charge.receiptId }, select: { description: true } });
  const base: ChargeRequest = {
    orderId: charge.id,
    method: charge.method === 'CARD' ? 'card' : charge.method === 'STORE' ? 'store' : 'bank_account',
    amount: formatMoney(charge.total),
    description: receipt.description.slice(0, 250),
  };
  if (charge.method !== 'CARD') {
    return { ...base, dueDate: new Date(Date.now() + REFERENCE_DAYS * 86_400_000).toISOString(), customer: await payerOf(ctx, charge) };
  }
  const publicUrl = ctx.config.publicUrl?.replace(/\/+$/, '') ?? send.origin ?? `http://localhost:${ctx.config.port}`;
  const card = {
    ...base,
    deviceSessionId: send.deviceSessionId ?? undefined,
    msi: charge.msi ?? undefined,
    use3dSecure: false,
    redirectUrl: `${publicUrl}/houses/${charge.houseId}/receipts/${charge.receiptId}/payment-verification`,
  };
  if (charge.cardId != null) {
    const saved = await ctx.prisma.card.findUniqueOrThrow({ where: { id: charge.cardId } });
    return { ...card, sourceId: saved.gatewayCardId, customerId: saved.gatewayCustomerId };
  }
  if (send.persistCard || send.saveAutomaticCharge) {
    const saved = await addCardToHouse(ctx, gateway, account, charge, {
      tokenId: send.tokenId!,
      deviceSessionId: send.deviceSessionId,
      automatic: send.saveAutomaticCharge,
    });
    await ctx.prisma.charge.update({ where: { id: charge.id }, data: { cardId: saved.id, cardBrand: saved.brand, cardNumber: saved.cardNumber } });
    return { ...card, sourceId: saved.gatewayCardId, customerId: saved.gatewayCustomerId };
  }
  return { ...card, sourceId: send.tokenId!, customer: await payerOf(ctx, charge) };
}

/** The payer as the gateway wants it: the person who pays, else the house's owner. */
async function payerOf(ctx: ServiceContext, charge: Charge) {
  const user = charge.userId
    ? await ctx.prisma.user.findUnique({ where: { id: charge.userId }, select: { firstName: true, lastName: true, email: true } })
    : null;
  const owner = user
    ? null
    : await ctx.prisma.house.findUnique({ where: { id: charge.houseId }, select: { owner: { select: { firstName: true, lastName: true, email: true } } } });
  const person = user ?? owner?.owner;
  return { name: person?.firstName ?? 'Propietario', lastName: person?.lastName ?? null, email: person?.email ?? 'sin-correo@comunidad.mx' };
}

type Outcome = { transaction: GatewayTransaction } | { failure: { code: number; message: string } };

/**
 * Moves a charge by what the gateway says (idempotent: a settled charge stays settled; a late success of
 * a cancelled or failed charge still credits the money).
 */
export async function settleCharge(ctx: ServiceContext, chargeId: string, outcome: Outcome): Promise<void> {
  const head = await ctx.prisma.charge.findUnique({ where: { id: chargeId }, select: { houseId: true, neighborhoodId: true } });
  if (!head) return;
  let event: { receiptId: number; status: string } | null = null;
  await write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
    await lockHouse(tx, head.houseId);
    await lockRow(tx, 'Charge', chargeId);
    const charge = await tx.charge.findUniqueOrThrow({ where: { id: chargeId } });
    if (charge.status === 'COMPLETED' || charge.status === 'CHARGED_BACK' || charge.status === 'CREDITED') return;
    const receipt = await tx.receipt.findUniqueOrThrow({ where: { id: charge.receiptId } });
    const t = 'transaction' in outcome ? outcome.transaction : null;
    const status = t ? t.status : 'failed';
    const gatewayFields: {
      gatewayId?: string;
      authorization?: string | null;
      reference?: string;
      instructions?: object;
      redirectUrl?: string;
      cardBrand?: string;
      cardNumber?: string;
    } = t
      ? {
          gatewayId: t.id,
          authorization: t.authorization,
          ...(t.paymentMethod?.type === 'store' ? { reference: t.paymentMethod.reference, instructions: t.paymentMethod as object } : {}),
          ...(t.paymentMethod?.type === 'bank_transfer' ? { reference: t.paymentMethod.clabe, instructions: t.paymentMethod as object } : {}),
          ...(t.paymentMethod?.type === 'redirect' ? { redirectUrl: t.paymentMethod.url } : {}),
          ...(t.card ? { cardBrand: t.card.brand, cardNumber: t.card.cardNumber } : {}),
        }
      : {};
    if (status === 'completed') {
      const paidReceipt = await completeCharge(tx, charge, receipt, t!);
      await tx.charge.update({ where: { id: charge.id }, data: { ...gatewayFields, status: paidReceipt ? 'COMPLETED' : 'CREDITED', settledAt: new Date() } });
      await audit({
        action: 'CHARGE_COMPLETED',
        entity: 'Receipt',
        entityId: receipt.id,
        data: { chargeId, total: formatMoney(charge.total), gatewayId: t!.id },
      });
      event = { receiptId: receipt.id, status: 'COMPLETED' };
      return;
    }
    if (charge.status !== 'IN_PROGRESS') return;
    if (status === 'in_progress' || status === 'charge_pending') {
      await tx.charge.update({ where: { id: charge.id }, data: gatewayFields });
      if (t?.paymentMethod?.type === 'store' || t?.paymentMethod?.type === 'bank_transfer') {
        await annotate(tx, receipt.id, { paymentReference: gatewayFields.reference ?? null });
      }
      event = { receiptId: receipt.id, status: 'IN_PROGRESS' };
      return;
    }
    const failure = 'failure' in outcome ? outcome.failure : { code: t?.errorCode ?? 3001, message: t?.errorMessage ?? 'El cargo no se completó' };
    await tx.charge.update({
      where: { id: charge.id },
      data: {
        ...gatewayFields,
        status: status === 'cancelled' ? 'CANCELLED' : 'FAILED',
        errorCode: failure.code,
        errorMessage: failure.message.slice(0, 500),
        settledAt: new Date(),
      },
    });
    await reopenReceipt(tx, receipt);
    await audit({ action: 'CHARGE_FAILED', entity: 'Receipt', entityId: receipt.id, data: { chargeId, code: failure.code } });
    event = { receiptId: receipt.id, status: 'FAILED' };
  });
  const published = event as { receiptId: number; status: string } | null;
  if (published)
    ctx.pubsub.publish('receipt:payment', published.receiptId, { receiptId: published.receiptId, chargeId, status: published.status, at: new Date() });
  if (published?.status === 'COMPLETED')
    ctx.pubsub.publish('community:money', head.neighborhoodId, { neighborhoodId: head.neighborhoodId, kind: 'PAYMENT', at: new Date() });
}

/**
 * The money of a completed charge: it pays the receipt (true), or — the receipt was paid otherwise or deleted
 * meanwhile — credits its wallet (false).
 */
async function completeCharge(tx: Tx, charge: Charge, receipt: Receipt, t: GatewayTransaction): Promise<boolean> {
  const today = await communityToday(tx, receipt.neighborhoodId);
  const payable = receipt.deletedAt === null && receipt.status !== 'PAID';
  const method = charge.method as 'CARD' | 'STORE' | 'BANK';
  const amount = formatMoney(charge.amount);
  if (!payable) {
    await creditWallet(tx, receipt, { amount, method, userId: charge.userId, chargeId: charge.id });
    return false;
  }
  await postPayment(tx, receipt, {
    method,
    userId: charge.userId,
    paid: {
      amount,
      discountAmount: receipt.discountAmount === null ? null : formatMoney(receipt.discountAmount),
      penaltyAmount: receipt.penaltyAmount === null ? null : formatMoney(receipt.penaltyAmount),
    },
    chargeId: charge.id,
    total: formatMoney(charge.total),
    today,
    authorization: t.authorization,
    realPaymentDate: (t.operationDate ?? t.creationDate)?.slice(0, 10) || today,
    ...(charge.cardNumber || t.card
      ? { card: { cardType: t.card?.type ?? null, accountEnding: (t.card?.cardNumber ?? charge.cardNumber ?? '').slice(-4) || null } }
      : {}),
  });
  return true;
}

/** A receipt whose charge failed or was dropped is payable again (its status by its dates). */
export async function reopenReceipt(tx: Tx, receipt: Receipt) {
  if (receipt.status !== 'IN_PROGRESS') return;
  await reopen(tx, receipt, await communityToday(tx, receipt.neighborhoodId), { also: { paymentReference: null } });
}

/** Drops the open charge of a receipt whose reference the payer removed (the receipt action). */
export async function cancelOpenCharge(tx: Tx, receiptId: number) {
  await tx.charge.updateMany({ where: { receiptId, status: 'IN_PROGRESS' }, data: { status: 'CANCELLED', settledAt: new Date() } });
}

/** GET …/verify-charge/{tx}: asks the gateway about the receipt's charge (3-D Secure return, "payment in process"). */
export async function verifyCharge(ctx: ServiceContext, receiptId: number, transactionId: string | null): Promise<ChargeView> {
  const receipt = await findReceipt(ctx, ctx.prisma, receiptId, ADMIN_PAYERS);
  const charge = await ctx.prisma.charge.findFirst({
    where: { receiptId: receipt.id, ...(transactionId ? { gatewayId: transactionId } : {}) },
    orderBy: { createdAt: 'desc' },
  });
  if (!charge) throw new NotFoundError('CHARGE_NOT_FOUND');
  await refreshFromGateway(ctx, charge);
  return chargeView(ctx.prisma, charge.id);
}

/** Asks the gateway for a charge's state (by its transaction id, else by our order id) and settles it. */
export async function refreshFromGateway(ctx: ServiceContext, charge: Charge): Promise<void> {
  if (charge.status !== 'IN_PROGRESS' && charge.status !== 'CANCELLED' && charge.status !== 'FAILED') return;
  const account = await gatewayAccount(ctx.prisma, ctx.config, charge.neighborhoodId);
  if (!account) return;
  const gateway = gatewayFor(ctx);
  const customerId = charge.cardId ? (await ctx.prisma.card.findUnique({ where: { id: charge.cardId } }))?.gatewayCustomerId : null;
  let transaction: GatewayTransaction | null;
  try {
    transaction = charge.gatewayId
      ? await gateway.getCharge(account, charge.gatewayId, customerId)
      : ((charge.method === 'CARD' ? await gateway.findChargeByOrderId(account, secureOrderId(charge.id), customerId) : null) ??
        (await gateway.findChargeByOrderId(account, charge.id, customerId)));
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new PaymentError('PAYMENT_GATEWAY_UNAVAILABLE');
    if (error instanceof GatewayError && error.httpStatus === 404) transaction = null;
    else throw error;
  }
  if (!transaction) {
    // Never reached the gateway: after the recovery delay it is safe to drop.
    if (charge.status === 'IN_PROGRESS' && Date.now() - charge.createdAt.getTime() >= ctx.config.chargeRecoveryDelayMs) {
      await settleCharge(ctx, charge.id, { failure: { code: 1005, message: 'El cargo no llegó a la pasarela de pago' } });
    }
    return;
  }
  if (charge.status !== 'IN_PROGRESS' && transaction.status !== 'completed') return;
  await settleCharge(ctx, charge.id, { transaction });
}

const RECOVER_JOB = 'payments.recoverCharge';
defineJob(RECOVER_JOB, async (ctx, payload) => {
  const { chargeId } = payload as { chargeId: string };
  const charge = await ctx.prisma.charge.findUnique({ where: { id: chargeId } });
  if (charge?.status !== 'IN_PROGRESS') return;
  if (charge.sentAt === null) {
    // The process died between opening the charge and sending it: nothing reached the gateway.
    await settleCharge(ctx, chargeId, { failure: { code: 1005, message: 'El cargo no llegó a la pasarela de pago' } });
    return;
  }
  await refreshFromGateway(ctx, charge);
  const after = await ctx.prisma.charge.findUniqueOrThrow({ where: { id: chargeId } });
  if (after.status === 'IN_PROGRESS') {
    // A reference not paid yet (or a gateway that still says in progress): ask again later.
    await enqueueJob(ctx.prisma, {
      kind: RECOVER_JOB,
      payload: { chargeId },
      runAt: new Date(Date.now() + (after.method === 'CARD' ? 10 * 60_000 : 6 * 3600_000)),
      uniqueKey: `charge:${chargeId}:${Date.now()}`,
    });
  }
});

/** The pay screen's view of a charge, with the message to show. */
export async function chargeView(db: Tx, chargeId: string): Promise<ChargeView> {
  const c = await db.charge.findUniqueOrThrow({ where: { id: chargeId } });
  const failed = await failedAttempts(db, c.houseId, c.userId);
  const redirect = c.status === 'IN_PROGRESS' && c.redirectUrl ? c.redirectUrl : null;
  return {
    chargeId: c.id,
    receiptId: c.receiptId,
    houseId: c.houseId,
    method: c.method as OnlineMethod,
    status: c.status,
    amount: formatMoney(c.amount),
    fee: formatMoney(c.fee),
    total: formatMoney(c.total),
    reference: c.reference,
    instructions: c.instructions ?? null,
    redirectUrl: redirect,
    authorization: c.authorization,
    errorCode: c.status === 'FAILED' ? c.errorCode : redirect ? REDIRECT_CODE : null,
    errorMessage: c.status === 'FAILED' ? gatewayErrorMessage(c.errorCode ?? -1, c.errorMessage ?? '') : redirect,
    message:
      c.status === 'COMPLETED'
        ? PAYMENT_MESSAGES.paid
        : c.status === 'IN_PROGRESS'
          ? c.reference
            ? PAYMENT_MESSAGES.inProcess
            : 'Tu pago está en proceso'
          : gatewayErrorMessage(c.errorCode ?? -1, c.errorMessage ?? ''),
    failedAttempts: failed,
  };
}

/** The charges a house user or an administrator may see for a receipt (latest first). */
export async function receiptCharges(ctx: ServiceContext, receiptId: number) {
  const r = await findReceipt(ctx, ctx.prisma, rowId(receiptId));
  return ctx.prisma.charge.findMany({ where: { receiptId: r.id }, orderBy: { createdAt: 'desc' }, take: 20 });
}

/** The pay screen's options for a receipt (the legacy receipt read's cards, methods, fees and gateway keys). */
export async function payOptions(ctx: ServiceContext, receiptId: number) {
  const r = await findReceipt(ctx, ctx.prisma, receiptId, [...ADMIN_PAYERS, 'AReceiptsRead']);
  const payer = holdsAny(ctx, PAYERS) && reachesHouse(ctx.actor, r.houseId, ADMIN_PAYERS);
  const [community, settings, msi, cards, latest, failed] = await Promise.all([
    ctx.prisma.neighborhood.findUniqueOrThrow({
      where: { id: r.neighborhoodId },
      select: { modules: true, timeZone: true, gatewayFeePaidByPayer: true, gatewayAccountId: true, gatewayPublicKey: true, gatewaySandbox: true },
    }),
    ctx.prisma.maintenanceSettings.findUnique({ where: { neighborhoodId: r.neighborhoodId } }),
    ctx.prisma.msiSetting.findMany({ where: { neighborhoodId: r.neighborhoodId } }),
    usesHouseCards(ctx, r.houseId) ? ctx.prisma.card.findMany({ where: { houseId: r.houseId, deletedAt: null }, orderBy: { id: 'asc' } }) : [],
    ctx.prisma.charge.findFirst({ where: { receiptId: r.id }, orderBy: { createdAt: 'desc' }, select: { id: true } }),
    failedAttempts(ctx.prisma, r.houseId, ctx.actor?.userId ?? null),
  ]);
  const account = await gatewayAccount(ctx.prisma, ctx.config, r.neighborhoodId);
  const online = payer && community.modules.includes('PAGO_EN_LINEA') && account !== null;
  const enabled = { CARD: settings?.cardEnabled ?? true, STORE: settings?.storeEnabled ?? true, BANK: settings?.bankEnabled ?? true };
  const methods = online ? (['CARD', 'STORE', 'BANK'] as const).filter((m) => enabled[m]) : [];
  const expected = expectedAmount(termsOf(r), await communityToday(ctx.prisma, r.neighborhoodId));
  const gateway = online ? gatewayFor(ctx) : null;
  return {
    receiptId: r.id,
    online,
    methods: [...methods],
    amount: expected.amount,
    fees: methods.map((m) => paymentFee(m, expected.amount, community.gatewayFeePaidByPayer)),
    feePaidByPayer: community.gatewayFeePaidByPayer,
    msiChoices: online && enabled.CARD ? msiChoices(expected.amount, msi) : [],
    cards,
    gatewayName: gateway?.name ?? null,
    gatewayAccountId: online ? community.gatewayAccountId : null,
    gatewayPublicKey: online ? community.gatewayPublicKey : null,
    gatewaySandboxMode: online ? account!.sandbox : null,
    tokenBaseUrl: gateway && account ? gateway.tokenBaseUrl(account) : null,
    failedAttempts: failed,
    latestChargeId: latest?.id ?? null,
  };
}
export type PayOptions = Awaited<ReturnType<typeof payOptions>>;

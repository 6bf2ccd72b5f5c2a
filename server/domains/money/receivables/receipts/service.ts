// Receipts of houses and their actions (spec 1 sections 4, 5 and 8; spec 2 sections 4 and 7): this module
// owns every write of the Receipt table. Every action runs through write(): the house's row lock first
// (so money actions on one house queue), then the receipt's; a PAID receipt refuses every action that
// moves money with code 2079; each action leaves its audit record and its ledger movements together.
import { ADJUSTABLE_STATUSES, expectedAmount, RECEIPT_MESSAGES, walletCovers, type ReceiptStatus, type ReceiptTerms } from '../../../../../core/receipts.js';
import { formatMoney } from '../../../../../core/money.js';
import { holdsAny, reachesHouse } from '../../../../auth/houseScope.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { write, type WriteScope } from '../../../../kernel/write.js';
import { lockHouse, walletBalance } from '../ledger/service.js';
import { kickMailer, queueEmail } from '../../../../infra/mail/outbox.js';
import { Prisma, type Receipt } from '../../../../db/generated/client.js';
import { announce } from '../../../../kernel/events.js';
import { postPayment, remove, reopen, reprice, reverse, annotate } from './door.js';
import { message } from '../../../../kernel/reasons.js';

/** Who reads receipts: administrators any house of the community, owners and tenants their own. */
export const RECEIPT_READERS = ['AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'] as const;
export const RECEIPT_ADMIN_READERS = ['AReceiptsRead'] as const;
/** Who changes a receipt's amounts, deletes it or undoes its payments. */
export const RECEIPT_UPDATERS = ['AReceiptsUpdate'] as const;
/** Who pays a receipt with the house's wallet: administrators for any house, payers for their own. */
export const WALLET_PAYERS = [
  'AReceiptsUpdate',
  'AReceiptsPaymentsCreate',
  'OReceiptsPaymentsCreate',
  'SReceiptsPaymentsCreate',
  'RReceiptsPaymentsCreate',
] as const;
/** Who handles a pending store or bank reference (remove it, send its instructions again). */
export const REFERENCE_HANDLERS = WALLET_PAYERS;

export const RECEIPT_NOT_FOUND = message('RECEIPT_NOT_FOUND');
export const FOREIGN_RECEIPT = message('FOREIGN_RECEIPT');
export const NO_PENALTY_RULE = message('RECEIPT_NO_PENALTY_RULE');
export const NOTES_MAX = 2000;

export function alreadyPaid() {
  return new ConflictError('RECEIPT_ALREADY_PAID');
}

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function termsOf(r: Receipt): ReceiptTerms {
  return {
    sourceAmount: formatMoney(r.sourceAmount),
    hasDiscount: r.hasDiscount,
    discountType: r.discountType,
    discount: r.discount === null ? null : formatMoney(r.discount),
    discountEndDate: isoDate(r.discountEndDate),
    discountOverride: r.discountOverride,
    hasPenalty: r.hasPenalty,
    penaltyType: r.penaltyType,
    penalty: r.penalty === null ? null : formatMoney(r.penalty),
    deadlineDate: isoDate(r.deadlineDate),
    penaltyOverride: r.penaltyOverride,
  };
}

/** The receipt of the actor's community the actor may reach (its house scope), or 404 / 403. */
export async function findReceipt(ctx: ServiceContext, tx: Tx, receiptId: number, adminGrants: readonly string[] = RECEIPT_ADMIN_READERS) {
  const receipt = await tx.receipt.findFirst({ where: { id: receiptId, neighborhoodId: communityOf(ctx), deletedAt: null } });
  if (!receipt) throw new NotFoundError('RECEIPT_NOT_FOUND');
  if (!reachesHouse(ctx.actor, receipt.houseId, adminGrants)) throw new ForbiddenError('FOREIGN_RECEIPT');
  return receipt;
}

export interface ReceiptActionResult {
  receiptId: number;
  message: string;
  /** recalculate only: whether anything changed (legacy data.recalculated). */
  recalculated?: boolean;
}

interface ActionOptions {
  action: string;
  idempotencyKey?: string | null;
  /** Grants that reach any house of the community for this action. */
  adminGrants: readonly string[];
  input?: unknown;
}

/**
 * One receipt action: the house lock, then the receipt re-read under its own lock, then `fn`. PAID answers
 * 2079 unless the action is about the payment itself (`allowPaid`).
 */
async function receiptAction(
  ctx: ServiceContext,
  receiptId: number,
  options: ActionOptions & { allowPaid?: boolean },
  fn: (r: Receipt, scope: WriteScope, today: string) => Promise<ReceiptActionResult>,
): Promise<ReceiptActionResult> {
  const actor = actorOf(ctx);
  return write(
    ctx,
    { idempotencyKey: options.idempotencyKey, request: { operation: options.action, input: { receiptId, ...((options.input as object) ?? {}) } } },
    async (scope) => {
      const found = await findReceipt(ctx, scope.tx, receiptId, options.adminGrants);
      await lockHouse(scope.tx, found.houseId);
      const [r] = await scope.tx.$queryRaw<{ id: number }[]>`SELECT id FROM "Receipt" WHERE id = ${receiptId} FOR UPDATE`;
      const receipt = await scope.tx.receipt.findUniqueOrThrow({ where: { id: r.id } });
      if (receipt.deletedAt) throw new NotFoundError('RECEIPT_NOT_FOUND');
      if (receipt.status === 'PAID' && !options.allowPaid) throw alreadyPaid();
      const today = await communityToday(scope.tx, receipt.neighborhoodId);
      const result = await fn(receipt, scope, today);
      await scope.audit({
        action: options.action,
        entity: 'Receipt',
        entityId: receipt.id,
        data: { houseId: receipt.houseId, userId: actor.userId, ...((options.input as object) ?? {}) },
      });
      return result;
    },
  );
}

function requireOpen(r: Receipt) {
  if (!ADJUSTABLE_STATUSES.includes(r.status as ReceiptStatus)) throw new ConflictError('RECEIPT_PAYMENT_PENDING');
}

/** The fee an ordinary maintenance receipt would take today from its house type (null: keep the receipt's). */
async function currentFee(tx: Tx, r: Receipt): Promise<string | null> {
  if (r.maintenanceId === null) return null;
  const m = await tx.maintenance.findUnique({ where: { id: r.maintenanceId }, select: { ordinary: true } });
  if (!m?.ordinary) return null;
  const house = await tx.house.findUnique({ where: { id: r.houseId }, select: { houseType: { select: { amount: true } } } });
  const amount = house?.houseType?.amount;
  return amount == null ? null : formatMoney(amount);
}

/** PUT recalculate: today's rule and, for an ordinary fee, the house type's current fee. */
export function recalculateReceipt(ctx: ServiceContext, receiptId: number, idempotencyKey?: string | null) {
  return receiptAction(ctx, receiptId, { action: 'RECALCULATE', idempotencyKey, adminGrants: RECEIPT_UPDATERS }, async (r, { tx }, today) => {
    requireOpen(r);
    const fee = await currentFee(tx, r);
    const terms = { ...termsOf(r), ...(fee !== null ? { sourceAmount: fee } : {}) };
    const recalculated = await reprice(tx, r, terms, today);
    return { receiptId: r.id, recalculated, message: recalculated ? RECEIPT_MESSAGES.recalculated : RECEIPT_MESSAGES.notAltered };
  });
}

/** Add (true) or remove (false) the penalty or the discount: an override that wins over the dates. */
export function setReceiptAdjustment(ctx: ServiceContext, receiptId: number, which: 'penalty' | 'discount', apply: boolean, idempotencyKey?: string | null) {
  const action = `${apply ? 'ADD' : 'REMOVE'}_${which.toUpperCase()}`;
  return receiptAction(ctx, receiptId, { action, idempotencyKey, adminGrants: RECEIPT_UPDATERS }, async (r, { tx }, today) => {
    requireOpen(r);
    const terms = termsOf(r);
    if (which === 'penalty') {
      if (apply && (!r.hasPenalty || r.penalty === null)) throw new ConflictError('RECEIPT_NO_PENALTY_RULE');
      terms.penaltyOverride = apply;
    } else {
      if (apply && (!r.hasDiscount || r.discount === null)) throw new ConflictError('RECEIPT_NO_DISCOUNT_RULE');
      terms.discountOverride = apply;
    }
    await reprice(tx, r, terms, today);
    const messages = {
      penalty: apply ? RECEIPT_MESSAGES.penaltyAdded : RECEIPT_MESSAGES.penaltyRemoved,
      discount: apply ? RECEIPT_MESSAGES.discountAdded : RECEIPT_MESSAGES.discountRemoved,
    };
    return { receiptId: r.id, message: messages[which] };
  });
}

/** Delete a pending receipt; a maintenance receipt's amount stays as a debt in its wallet (RECEIPT_DELETED). */
export function deleteReceipt(ctx: ServiceContext, receiptId: number, idempotencyKey?: string | null) {
  const actor = actorOf(ctx);
  return receiptAction(ctx, receiptId, { action: 'DELETE', idempotencyKey, adminGrants: RECEIPT_UPDATERS }, async (r, { tx }) => {
    requireOpen(r);
    if (r.agreementId !== null) throw new ConflictError('RECEIPT_IN_AGREEMENT');
    await remove(tx, [r], actor.userId);
    return { receiptId: r.id, message: RECEIPT_MESSAGES.deleted };
  });
}

/** Leaves REVIEW: the external payment under review is discarded and the receipt is pending again. */
export function cancelReceiptReview(ctx: ServiceContext, receiptId: number, idempotencyKey?: string | null) {
  return receiptAction(ctx, receiptId, { action: 'CANCEL_REVIEW', idempotencyKey, adminGrants: RECEIPT_UPDATERS }, async (r, { tx }, today) => {
    if (r.status !== 'REVIEW') throw new ConflictError('RECEIPT_NOT_IN_REVIEW');
    await reopen(tx, r, today, { also: { externalPayment: Prisma.DbNull } });
    return { receiptId: r.id, message: RECEIPT_MESSAGES.reviewCancelled };
  });
}

const amountsOf = (e: ReturnType<typeof expectedAmount>) => ({ amount: e.amount, discountAmount: e.discountAmount, penaltyAmount: e.penaltyAmount });

/** Drops a pending store or bank reference so the payer may choose another method. */
export function removePaymentReference(ctx: ServiceContext, receiptId: number, idempotencyKey?: string | null) {
  return receiptAction(ctx, receiptId, { action: 'REMOVE_REFERENCE', idempotencyKey, adminGrants: RECEIPT_UPDATERS }, async (r, { tx }, today) => {
    assertPayer(ctx, r);
    if (r.status !== 'IN_PROGRESS') throw new ConflictError('RECEIPT_NO_PENDING_REFERENCE');
    // The reference's charge is dropped; if it is paid at the store anyway, its webhook still credits the money.
    await tx.charge.updateMany({ where: { receiptId: r.id, status: 'IN_PROGRESS' }, data: { status: 'CANCELLED', settledAt: new Date() } });
    await reopen(tx, r, today, { also: { paymentReference: null } });
    return { receiptId: r.id, message: RECEIPT_MESSAGES.referenceRemoved };
  });
}

/** Sends the payment instructions of a pending reference again to the house's owner (IN_PROGRESS only). */
export function sendPaymentInstructions(ctx: ServiceContext, receiptId: number, idempotencyKey?: string | null) {
  return receiptAction(
    ctx,
    receiptId,
    { action: 'SEND_PAYMENT_INSTRUCTIONS', idempotencyKey, adminGrants: RECEIPT_UPDATERS },
    async (r, { tx, afterCommit }) => {
      assertPayer(ctx, r);
      if (r.status !== 'IN_PROGRESS' || !r.paymentReference) throw new ConflictError('RECEIPT_NO_PENDING_REFERENCE');
      const house = await tx.house.findUniqueOrThrow({ where: { id: r.houseId }, select: { owner: { select: { email: true } } } });
      if (!house.owner) throw new ConflictError('HOUSE_WITHOUT_OWNER_FOR_INSTRUCTIONS');
      await queueEmail(tx, {
        to: house.owner.email,
        neighborhoodId: r.neighborhoodId,
        subject: `Instrucciones de pago: ${r.description}`,
        text: `Para pagar ${r.description} por $${formatMoney(r.amount)} usa la referencia ${r.paymentReference} (${r.paymentMethod === 'STORE' ? 'pago en tienda' : 'transferencia bancaria'}).`,
      });
      afterCommit(() => kickMailer(ctx.prisma));
      return { receiptId: r.id, message: RECEIPT_MESSAGES.instructionsSent };
    },
  );
}

/** House users act only on their own house's receipts; administrators (RECEIPT_UPDATERS) on any. */
function assertPayer(ctx: ServiceContext, r: Receipt) {
  if (!reachesHouse(ctx.actor, r.houseId, RECEIPT_UPDATERS)) throw new ForbiddenError('FOREIGN_RECEIPT');
}

/** Pays the receipt with its wallet (spec 1 section 4: allowed only when the balance covers it). */
export function payReceiptWithWallet(ctx: ServiceContext, receiptId: number, idempotencyKey?: string | null) {
  const actor = actorOf(ctx);
  return receiptAction(ctx, receiptId, { action: 'PAY_WITH_WALLET', idempotencyKey, adminGrants: RECEIPT_UPDATERS }, async (r, { tx, afterCommit }, today) => {
    assertPayer(ctx, r);
    // The dashboard's latest paid receipts change.
    afterCommit(() => ctx.pubsub.publish('community:money', r.neighborhoodId, { neighborhoodId: r.neighborhoodId, kind: 'PAYMENT', at: new Date() }));
    requireOpen(r);
    if (!(await payWithCredit(tx, r, today, actor.userId))) throw new ConflictError('WALLET_INSUFFICIENT');
    return { receiptId: r.id, message: RECEIPT_MESSAGES.paidWithWallet };
  });
}

/**
 * Pays an open receipt (locked by the caller, as its house) with the balance in favour of its wallet when
 * that balance covers what the receipt asks on `day`; false when it does not. The owner's «Pagar con
 * Monedero», and the credit rule (docs/decisions.md «The credit rule»): receipts
 * issued to a house with credit, and receipts about to be penalised, are paid with it.
 */
export async function payWithCredit(tx: Tx, r: Receipt, day: string, userId: number | null, at?: Date): Promise<boolean> {
  if (r.creditsWallet || r.deletedAt || !ADJUSTABLE_STATUSES.includes(r.status as ReceiptStatus)) return false;
  const expected = expectedAmount(termsOf(r), day);
  const balance = await walletBalance(tx, r.houseId, r.walletId);
  if (!walletCovers(balance, expected.amount)) return false;
  await postPayment(tx, r, { method: 'WALLET', userId, paid: amountsOf(expected), total: expected.amount, today: day, paidAt: at });
  return true;
}

/** The receipts just issued to houses with credit in their wallet are paid with it (payWithCredit); `at`: an issue recorded afterwards. */
export async function payIssuedWithCredit(tx: Tx, receiptIds: number[], day: string, at?: Date): Promise<number> {
  if (receiptIds.length === 0) return 0;
  let paid = 0;
  for (const { id, houseId } of await receiptsWithCredit(tx, receiptIds)) {
    await lockHouse(tx, houseId);
    await lockRow(tx, 'Receipt', id);
    if (await payWithCredit(tx, await tx.receipt.findUniqueOrThrow({ where: { id } }), day, null, at)) paid++;
  }
  return paid;
}

/** Of these receipts, those whose house has a balance in favour in the receipt's wallet (oldest first per house). */
async function receiptsWithCredit(tx: Tx, receiptIds: number[]) {
  return tx.$queryRaw<{ id: number; houseId: number }[]>`
    WITH credit AS (
      SELECT l."houseId", l."walletId" FROM "LedgerEntry" l
       WHERE l."houseId" IN (SELECT "houseId" FROM "Receipt" WHERE id = ANY(${receiptIds}::int[]))
       GROUP BY l."houseId", l."walletId" HAVING sum(l.amount) > 0)
    SELECT r.id, r."houseId" FROM "Receipt" r JOIN credit c ON c."houseId" = r."houseId" AND c."walletId" = r."walletId"
     WHERE r.id = ANY(${receiptIds}::int[])
     ORDER BY r."houseId", r."dueDate", r.id`;
}

/** Undoes a wallet payment: the wallet gets the money back (REVERSAL) and the receipt is pending again. */
export function removeWalletPayment(ctx: ServiceContext, receiptId: number, idempotencyKey?: string | null) {
  const actor = actorOf(ctx);
  return receiptAction(
    ctx,
    receiptId,
    { action: 'REMOVE_WALLET_PAYMENT', idempotencyKey, adminGrants: RECEIPT_UPDATERS, allowPaid: true },
    async (r, { tx }, today) => {
      if (!holdsAny(ctx, RECEIPT_UPDATERS)) throw new ForbiddenError();
      if (r.status !== 'PAID' || r.paymentMethod !== 'WALLET') throw new ConflictError('RECEIPT_NOT_WALLET_PAID');
      const payment = await tx.ledgerEntry.findFirst({ where: { receiptId: r.id, kind: 'WALLET_PAYMENT' }, orderBy: { id: 'desc' } });
      const reversed = payment && (await tx.ledgerEntry.count({ where: { reversesId: payment.id } }));
      if (!payment || reversed) throw new ConflictError('RECEIPT_NOT_WALLET_PAID');
      await announce(tx, 'receipt.undoing', { receiptId: r.id, undoing: 'payment' });
      await reverse(tx, r, [payment], { userId: actor.userId });
      await reopen(tx, r, today, { also: { transactionTotal: null, paymentDate: null, realPaymentDate: null } });
      return { receiptId: r.id, message: RECEIPT_MESSAGES.walletPaymentRemoved };
    },
  );
}

/**
 * A maintenance's status from its receipts: GENERATED until one is paid, COLLECTING while some are
 * pending, COMPLETED when none is (deleted receipts do not count).
 */
export async function refreshMaintenanceStatus(tx: Tx, maintenanceId: number) {
  const m = await tx.maintenance.findUnique({ where: { id: maintenanceId }, select: { status: true } });
  if (!m || m.status === 'NEW') return;
  const [paid, pending] = await Promise.all([
    tx.receipt.count({ where: { maintenanceId, deletedAt: null, status: 'PAID' } }),
    tx.receipt.count({ where: { maintenanceId, deletedAt: null, status: { not: 'PAID' } } }),
  ]);
  const status = pending === 0 && paid > 0 ? 'COMPLETED' : paid > 0 ? 'COLLECTING' : 'GENERATED';
  if (status !== m.status) await tx.maintenance.update({ where: { id: maintenanceId }, data: { status } });
}

/** PUT notes: administrators write a receipt's notes (up to NOTES_MAX characters; blank clears them). */
export function updateReceiptNotes(ctx: ServiceContext, receiptId: number, notes: string | null, idempotencyKey?: string | null) {
  const text = notes?.trim() ? notes.trim() : null;
  if (text && text.length > NOTES_MAX) throw new InputError([{ field: 'notes', message: `Las notas deben tener como máximo ${NOTES_MAX} caracteres` }]);
  return receiptAction(
    ctx,
    receiptId,
    { action: 'UPDATE_NOTES', idempotencyKey, adminGrants: RECEIPT_UPDATERS, allowPaid: true, input: { notes: text } },
    async (r, { tx }) => {
      if (!holdsAny(ctx, RECEIPT_UPDATERS)) throw new ForbiddenError();
      await annotate(tx, r.id, { notes: text });
      return { receiptId: r.id, message: RECEIPT_MESSAGES.notesUpdated };
    },
  );
}

/**
 * The daily job's work for one community (spec 2 section 4: penalties and discounts on their days): every
 * pending receipt whose expected amount changed with the date gets it, in batches of one transaction each.
 */
export async function applyDueDates(ctx: ServiceContext, neighborhoodId: number, today: string): Promise<number> {
  const day = new Date(`${today}T00:00:00Z`);
  // Only receipts the date can change: a discount that ended, or a deadline that passed, without an override.
  const candidates = await ctx.prisma.receipt.findMany({
    where: {
      neighborhoodId,
      deletedAt: null,
      status: { in: [...ADJUSTABLE_STATUSES] },
      OR: [
        { hasDiscount: true, discountOverride: null, discountAmount: { not: null }, discountEndDate: { lt: day } },
        { hasPenalty: true, penaltyOverride: null, penaltyAmount: null, deadlineDate: { lt: day } },
      ],
    },
    select: { id: true, houseId: true },
    orderBy: { id: 'asc' },
  });
  let changed = 0;
  for (let i = 0; i < candidates.length; i += 200) {
    const batch = candidates.slice(i, i + 200);
    changed += await write(
      ctx,
      { audit: { action: 'APPLY_DUE_DATES', entity: 'Receipt', entityId: null, neighborhoodId, data: { today, receipts: batch.length } } },
      async ({ tx }) => {
        let n = 0;
        const withCredit = new Set(
          (
            await receiptsWithCredit(
              tx,
              batch.map((c) => c.id),
            )
          ).map((c) => c.id),
        );
        for (const c of batch) {
          if (withCredit.has(c.id)) await lockHouse(tx, c.houseId);
          await lockRow(tx, 'Receipt', c.id);
          const r = await tx.receipt.findUniqueOrThrow({ where: { id: c.id } });
          if (!ADJUSTABLE_STATUSES.includes(r.status as ReceiptStatus) || r.deletedAt) continue;
          // A balance in favour pays the receipt on its deadline, before the penalty (the credit rule).
          const deadline = r.deadlineDate?.toISOString().slice(0, 10);
          if (withCredit.has(r.id) && r.penaltyAmount === null && deadline && deadline < today && (await payWithCredit(tx, r, deadline, null))) {
            n++;
            continue;
          }
          if (await reprice(tx, r, termsOf(r), today)) n++;
        }
        return n;
      },
    );
  }
  return changed;
}

// Money that reaches receipts outside the gateway (spec 1 sections 3, 5; spec 2 sections 3, 5):
// - payment capture: an administrator records a payment received for some of a house's receipts, into an
//   income account (CLABE or CARD only); each receipt not yet PAID is paid with its expected amount
//   (a DEPOSIT and its RECEIPT_PAID in the ledger);
// - manual payment requests: a receipt the house asks to pay for a concept that allows an amount (an
//   initial debt, a prepayment); paying it credits the concept's wallet. When the concept allows
//   attachments the request may carry a file (its proof), downloaded and removed through
//   …/manual-payment/attachment while nothing is paying the request.
import { z } from 'zod';
import { receiptsCalculated } from '../../../../../core/incomeConcepts.js';
import { boundedText, dayText, positiveAmountText } from '../../../../../core/input.js';
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import { expectedAmount, manualPaymentMax } from '../../../../../core/receipts.js';
import { holdsAny, targetHouse } from '../../../../auth/houseScope.js';
import { actorOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { lockRow } from '../../../../kernel/locks.js';
import { parseInput } from '../../../../kernel/input.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { claimFile } from '../../../../infra/files/service.js';
import { lockHouse, walletBalance } from '../ledger/service.js';
import { alreadyPaid, termsOf } from './service.js';
import { annotate, issueOne, postPayment } from './door.js';
import type { GeneratedFile } from './pdf.js';

export const CAPTURE_GRANTS = ['AReceiptsExternalPaymentsCreate'] as const;
export const MANUAL_PAYMENT_GRANTS = ['AReceiptsCreate', 'OReceiptsCreate', 'SReceiptsCreate'] as const;
export const MANUAL_PAYMENT_ADMIN = ['AReceiptsCreate'] as const;
export const CAPTURE_ACCOUNT_TYPES = ['CLABE', 'CARD'] as const;
export const PAYMENT_CAPTURED = 'El pago ha sido registrado';
export const MANUAL_PAYMENT_CREATED = 'La solicitud de pago ha sido registrada';
export const MANUAL_ATTACHMENT_REMOVED = 'El archivo adjunto ha sido eliminado';
/** Spec 2's message for a missing file (expense attachments), also what GET …/manual-payment/attachment answers with 404. */
export const MANUAL_NO_ATTACHMENT = 'No se ha adjuntado ningún archivo';
export const MANUAL_ATTACHMENTS_NOT_ALLOWED = 'El concepto no admite archivos adjuntos';
/** A request's file may be removed while nothing is paying it: not PAID, IN_PROGRESS (a gateway reference) nor REVIEW (an external payment sent). */
export const ATTACHMENT_REMOVABLE_STATUSES = ['NEW', 'SENT', 'PENALTY'] as const;
/** Spec 1 section 5: non-administrators get a due date this many days ahead. */
export const MANUAL_DUE_DAYS = 10;

export const CaptureSchema = z.object({
  receiptIds: z.array(z.coerce.number().int()).min(1, 'Elige al menos un recibo').max(100, 'Se registran como máximo 100 recibos a la vez'),
  incomeAccountId: z.coerce.number({ error: 'La cuenta de ingreso es requerida' }).int(),
  paymentDate: dayText('La fecha de pago'),
  authorization: boundedText(100, 'La autorización').nullish(),
});

/**
 * Records a payment received for some of a house's receipts (payment capture). `recordedAt`: when it was
 * recorded, for the demo's history (now by default).
 */
export async function capturePayment(ctx: ServiceContext, houseId: number, raw: unknown, idempotencyKey?: string | null, recordedAt?: Date) {
  const input = parseInput(CaptureSchema, raw);
  const actor = actorOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'capturePayment', input: { houseId, ...input } } }, async ({ tx, audit, afterCommit }) => {
    const house = await targetHouse(ctx, houseId, CAPTURE_GRANTS, 'FOREIGN_PAYMENT_HOUSE', { tx });
    afterCommit(() => ctx.pubsub.publish('community:money', house.neighborhoodId, { neighborhoodId: house.neighborhoodId, kind: 'PAYMENT', at: new Date() }));
    const account = await tx.incomeAccount.findFirst({
      where: { id: rowId(input.incomeAccountId), neighborhoodId: house.neighborhoodId, deletedAt: null },
      select: { id: true, accountType: true },
    });
    if (!account) throw new InputError([{ field: 'incomeAccountId', message: 'La cuenta de ingreso no existe' }]);
    if (!(CAPTURE_ACCOUNT_TYPES as readonly string[]).includes(account.accountType)) {
      throw new InputError([{ field: 'incomeAccountId', message: 'Solo se registran pagos en cuentas CLABE o de tarjeta' }]);
    }
    const today = await communityToday(tx, house.neighborhoodId);
    if (input.paymentDate > today) throw new InputError([{ field: 'paymentDate', message: 'La fecha de pago no puede ser futura' }]);
    await lockHouse(tx, house.id);
    const ids = [...new Set(input.receiptIds)].sort((a, b) => a - b);
    const receipts = await tx.receipt.findMany({ where: { id: { in: ids.map(rowId) }, houseId: house.id, deletedAt: null }, orderBy: { id: 'asc' } });
    if (receipts.length !== ids.length) throw new NotFoundError('RECEIPTS_NOT_FOUND');
    if (receipts.some((r) => r.status === 'PAID')) throw alreadyPaid();
    if (receipts.some((r) => r.status === 'IN_PROGRESS' || r.status === 'REVIEW')) throw new ConflictError('RECEIPTS_PAYMENT_PENDING');
    const paid: { receiptId: number; amount: string }[] = [];
    for (const r of receipts) {
      const expected = expectedAmount(termsOf(r), input.paymentDate);
      await postPayment(tx, r, {
        method: 'MANUAL',
        userId: actor.userId,
        paid: expected,
        total: expected.amount,
        today,
        incomeAccountId: account.id,
        authorization: input.authorization ?? null,
        realPaymentDate: input.paymentDate,
        ...(recordedAt ? { paidAt: recordedAt } : {}),
      });
      paid.push({ receiptId: r.id, amount: expected.amount });
    }
    const total = formatMoney(sumMoney(paid.map((p) => p.amount)));
    await audit({
      action: 'CAPTURE_PAYMENT',
      entity: 'House',
      entityId: house.id,
      data: { incomeAccountId: account.id, paymentDate: input.paymentDate, total, receipts: paid },
    });
    return { houseId: house.id, total, receipts: paid, message: PAYMENT_CAPTURED };
  });
}

export const ManualPaymentSchema = z.object({
  conceptId: z.coerce.number({ error: 'El concepto es requerido' }).int(),
  amount: positiveAmountText(),
  dueDate: dayText('La fecha límite').nullish(),
  notes: boundedText(1000, 'Las notas').nullish(),
  attachmentFileId: z.string().max(64).nullish(),
});

/** Spec 1's receipt concept, as the manual payment offers it. */
export interface ManualPaymentConcept {
  conceptId: number;
  description: string;
  walletId: number;
  /** The most this request may be: |negative balance| of the concept's wallet, else maxAmountBalance, else 100000. */
  maxAmount: string;
  maxPaymentDate: string | null;
  /** The concept's own cap when its wallet owes nothing (IncomeConcept.maxAmountBalance). */
  maxAmountBalance: string | null;
  /** Its payments count in the ordinary balance (else the extraordinary one). */
  increaseBalance: boolean;
  /** The platform calculates this concept's receipts (core receiptsCalculated). */
  receiptsCalculated: boolean;
  /** The request may carry a file. */
  allowAttachments: boolean;
}

const CONCEPT_SELECT = {
  id: true,
  description: true,
  walletId: true,
  maxPaymentDate: true,
  maxAmountBalance: true,
  increaseBalance: true,
  systemKey: true,
  allowAttachments: true,
} as const;

/** GET manual-payment: the concepts a house may pay by amount, each with its maximum, and the default due date. */
export async function manualPaymentOptions(ctx: ServiceContext, houseId: number | null) {
  const house = await targetHouse(ctx, houseId, MANUAL_PAYMENT_ADMIN, 'FOREIGN_PAYMENT_HOUSE');
  const admin = holdsAny(ctx, MANUAL_PAYMENT_ADMIN);
  const concepts = await ctx.prisma.incomeConcept.findMany({
    where: { neighborhoodId: house.neighborhoodId, deletedAt: null, allowAmount: true, ...(admin ? {} : { visibleToOwner: true }) },
    select: CONCEPT_SELECT,
    orderBy: [{ description: 'asc' }, { id: 'asc' }],
  });
  const options: ManualPaymentConcept[] = [];
  for (const c of concepts) {
    const balance = await walletBalance(ctx.prisma, house.id, c.walletId);
    const maxAmountBalance = c.maxAmountBalance === null ? null : formatMoney(c.maxAmountBalance.toString());
    options.push({
      conceptId: c.id,
      description: c.description,
      walletId: c.walletId,
      maxAmount: manualPaymentMax(balance, maxAmountBalance),
      maxPaymentDate: c.maxPaymentDate?.toISOString().slice(0, 10) ?? null,
      maxAmountBalance,
      increaseBalance: c.increaseBalance,
      receiptsCalculated: receiptsCalculated(c.systemKey),
      allowAttachments: c.allowAttachments,
    });
  }
  return {
    houseId: house.id,
    concepts: options,
    defaultDueDate: admin ? null : addDays(await communityToday(ctx.prisma, house.neighborhoodId), MANUAL_DUE_DAYS),
  };
}

function addDays(day: string, n: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** POST manual-payment: a receipt for a concept that allows an amount; paying it credits the concept's wallet. */
export async function createManualPayment(ctx: ServiceContext, houseId: number | null, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(ManualPaymentSchema, raw);
  // Before the transaction: the file check reads outside it (PGlite has one connection).
  const attachmentFileId = input.attachmentFileId ? await claimFile(ctx, input.attachmentFileId) : null;
  return write(ctx, { idempotencyKey, request: { operation: 'createManualPayment', input: { houseId, ...input } } }, async ({ tx, audit }) => {
    const house = await targetHouse(ctx, houseId, MANUAL_PAYMENT_ADMIN, 'FOREIGN_PAYMENT_HOUSE', { tx });
    const admin = holdsAny(ctx, MANUAL_PAYMENT_ADMIN);
    const concept = await tx.incomeConcept.findFirst({
      where: {
        id: rowId(input.conceptId),
        neighborhoodId: house.neighborhoodId,
        deletedAt: null,
        allowAmount: true,
        ...(admin ? {} : { visibleToOwner: true }),
      },
      select: CONCEPT_SELECT,
    });
    if (!concept) throw new InputError([{ field: 'conceptId', message: 'El concepto no existe o no admite pagos por monto' }]);
    if (attachmentFileId && !concept.allowAttachments) throw new InputError([{ field: 'attachmentFileId', message: MANUAL_ATTACHMENTS_NOT_ALLOWED }]);
    await lockHouse(tx, house.id);
    const max = manualPaymentMax(
      await walletBalance(tx, house.id, concept.walletId),
      concept.maxAmountBalance === null ? null : concept.maxAmountBalance.toString(),
    );
    if (money(input.amount).greaterThan(max)) throw new InputError([{ field: 'amount', message: `El monto máximo es $${max}` }]);
    const today = await communityToday(tx, house.neighborhoodId);
    const dueDate = input.dueDate ?? (admin ? today : addDays(today, MANUAL_DUE_DAYS));
    if (dueDate < today) throw new InputError([{ field: 'dueDate', message: 'La fecha límite no puede ser anterior a hoy' }]);
    const maxDate = concept.maxPaymentDate?.toISOString().slice(0, 10);
    if (maxDate && dueDate > maxDate) throw new InputError([{ field: 'dueDate', message: `La fecha límite no puede ser posterior al ${maxDate}` }]);
    const [y, m] = dueDate.split('-').map(Number);
    const amount = formatMoney(input.amount);
    const receipt = await issueOne(tx, {
      neighborhoodId: house.neighborhoodId,
      houseId: house.id,
      incomeConceptId: concept.id,
      walletId: concept.walletId,
      description: concept.description,
      year: y,
      month: m,
      dueDate: new Date(`${dueDate}T00:00:00Z`),
      sourceAmount: amount,
      amount,
      notes: input.notes ?? null,
      creditsWallet: true,
      attachmentFileId,
    });
    await audit({
      action: 'CREATE_MANUAL_PAYMENT',
      entity: 'Receipt',
      entityId: receipt.id,
      data: { houseId: house.id, conceptId: concept.id, amount, dueDate },
    });
    return { receiptId: receipt.id, message: MANUAL_PAYMENT_CREATED };
  });
}

/**
 * The house's manual payment request (a receipt that credits its wallet, not deleted): the one named, or
 * the most recent. Another house's or community's receipt, or one that is not a request, is not found.
 */
async function findManualRequest(db: Pick<Tx, 'receipt'>, houseId: number, receiptId: number | null) {
  const request = await db.receipt.findFirst({
    where: { houseId, creditsWallet: true, deletedAt: null, ...(receiptId === null ? {} : { id: rowId(receiptId) }) },
    orderBy: { id: 'desc' },
    select: { id: true, status: true, attachmentFileId: true },
  });
  if (!request) throw new NotFoundError('RECEIPT_NOT_FOUND');
  return request;
}

/**
 * GET …/manual-payment/attachment: the file of a house's manual payment request (the one named, else the
 * most recent); null when it has none. Whoever may ask for manual payments of the house may read it.
 */
export async function manualPaymentAttachment(
  ctx: ServiceContext,
  houseId: number | null,
  receiptId: number | null,
): Promise<(GeneratedFile & { receiptId: number }) | null> {
  const house = await targetHouse(ctx, houseId, MANUAL_PAYMENT_ADMIN, 'FOREIGN_PAYMENT_HOUSE');
  const request = await findManualRequest(ctx.prisma, house.id, receiptId);
  if (!request.attachmentFileId) return null;
  const file = await ctx.prisma.storedFile.findFirst({
    where: { id: request.attachmentFileId, neighborhoodId: house.neighborhoodId },
    select: { name: true, contentType: true, data: true },
  });
  return file ? { receiptId: request.id, fileName: file.name, contentType: file.contentType, bytes: Buffer.from(file.data) } : null;
}

/**
 * DELETE …/manual-payment/attachment: the request no longer carries its file. Only while nothing is paying
 * it (NEW, SENT, PENALTY): a PAID request is 2079, one IN_PROGRESS or in REVIEW is 409. The stored bytes
 * stay with their uploader and the administrators (the audit names the file); the house no longer reads them.
 */
export async function removeManualPaymentAttachment(ctx: ServiceContext, houseId: number | null, receiptId: number | null, idempotencyKey?: string | null) {
  return write(ctx, { idempotencyKey, request: { operation: 'removeManualPaymentAttachment', input: { houseId, receiptId } } }, async ({ tx, audit }) => {
    const house = await targetHouse(ctx, houseId, MANUAL_PAYMENT_ADMIN, 'FOREIGN_PAYMENT_HOUSE', { tx });
    await lockHouse(tx, house.id);
    const found = await findManualRequest(tx, house.id, receiptId);
    await lockRow(tx, 'Receipt', found.id);
    const request = await findManualRequest(tx, house.id, found.id);
    if (request.status === 'PAID') throw alreadyPaid();
    if (!(ATTACHMENT_REMOVABLE_STATUSES as readonly string[]).includes(request.status)) throw new ConflictError('RECEIPT_PAYMENT_PENDING');
    if (!request.attachmentFileId) throw new NotFoundError('ATTACHMENT_NOT_FOUND');
    await annotate(tx, request.id, { attachmentFileId: null });
    await audit({
      action: 'REMOVE_MANUAL_PAYMENT_ATTACHMENT',
      entity: 'Receipt',
      entityId: request.id,
      data: { houseId: house.id, fileId: request.attachmentFileId },
    });
    return { receiptId: request.id, message: MANUAL_ATTACHMENT_REMOVED };
  });
}

// Unknown payments (spec 2 sections 2, 3, 4, 7 and 8): money that reached one of the community's CLABE or
// CARD accounts without a known payer. The administration registers it, identifies it against a house and
// an income concept (it stays so until matched), matches it to a receipt — which is then paid through the
// ledger with the unknown payment's amount, date and account (one unknown payment pays one receipt) — or
// deletes it while unmatched. The money path is the external payments' (receipts/externalPayments.ts).
import { z } from 'zod';
import { boundedText, dayText, positiveAmountText } from '../../../../../core/input.js';
import { formatMoney, money } from '../../../../../core/money.js';
import { expectedAmount, type ReceiptStatus } from '../../../../../core/receipts.js';
import { holdsAny } from '../../../../auth/houseScope.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import type { Prisma, Receipt, UnknownPayment } from '../../../../db/generated/client.js';
import { termsOf } from '../receipts/service.js';
import { annotate } from '../receipts/door.js';
import {
  assertNotFuture,
  type ExternalPaymentRecord,
  EXTERNAL_PAYMENT_ADMIN_CREATE,
  lockReceipt,
  lockUnknownPayment,
  markUnknownPaymentMatched,
  PAYMENT_ACCOUNT_TYPES,
  payExternally,
  paymentAccount,
  parseExternalPayment,
} from '../receipts/externalPayments.js';
import { sameText } from '../../../../kernel/textFilter.js';

/** Spec 2 section 6: who works with unknown payments (reading them: any of these). */
export const UNKNOWN_PAYMENT_READERS = [
  'AUnknownPaymentsCreate',
  'AUnknownPaymentsUpdate',
  'AUnknownPaymentsDelete',
  'AReceiptsExternalPaymentsCreate',
] as const;
export const UNKNOWN_PAYMENT_CREATORS = ['AUnknownPaymentsCreate'] as const;
export const UNKNOWN_PAYMENT_UPDATERS = ['AUnknownPaymentsUpdate'] as const;
export const UNKNOWN_PAYMENT_DELETERS = ['AUnknownPaymentsDelete'] as const;
/** Matching pays a receipt: the grant of registering payments into receipts (spec 2 section 6 lists it with unknown payments). */
export const UNKNOWN_PAYMENT_MATCHERS = EXTERNAL_PAYMENT_ADMIN_CREATE;

export const UNKNOWN_PAYMENT_STATUSES = ['REGISTERED', 'IDENTIFIED', 'MATCHED'] as const;
export type UnknownPaymentStatus = (typeof UNKNOWN_PAYMENT_STATUSES)[number];

export const UNKNOWN_PAYMENT_MESSAGES = {
  registered: 'El pago no reconocido ha sido registrado',
  registeredAndMatched: 'El pago ha sido registrado y aplicado al recibo',
  identified: 'El pago no reconocido ha sido identificado',
  matched: 'El pago no reconocido ha sido aplicado al recibo',
  deleted: 'El pago no reconocido ha sido eliminado',
} as const;
/** Spec 2 section 4: no receipt matches the data of the form (info; the client returns to the register form). */
export const NO_MATCHING_RECEIPTS = 'No se encontraron recibos que conincidan con los datos especificados en el formulario';
export const MATCHABLE_STATUSES: readonly ReceiptStatus[] = ['NEW', 'SENT', 'PENALTY', 'REVIEW'];

export function unknownPaymentStatus(up: Pick<UnknownPayment, 'receiptId' | 'matchedAt' | 'houseId'>): UnknownPaymentStatus {
  if (up.receiptId !== null || up.matchedAt !== null) return 'MATCHED';
  return up.houseId !== null ? 'IDENTIFIED' : 'REGISTERED';
}

const idInput = z.coerce.number().int();

export const RegisterUnknownPaymentSchema = z.object({
  incomeAccountId: z.coerce.number({ error: 'La cuenta de ingreso es requerida' }).int(),
  amount: positiveAmountText(),
  authorization: boundedText(100, 'La autorización').nullish(),
  paymentDate: dayText('La fecha de pago'),
  comments: boundedText(1000, 'Los comentarios').nullish(),
  houseId: idInput.nullish(),
  receiptId: idInput.nullish(),
});

export const IdentifyUnknownPaymentSchema = z.object({
  houseId: z.coerce.number({ error: 'La propiedad es requerida' }).int(),
  conceptId: z.coerce.number({ error: 'El concepto es requerido' }).int(),
  comments: boundedText(1000, 'Los comentarios').nullish(),
});

const blank = (v: string | null | undefined) => (v == null || v === '' ? null : v);

async function houseOfCommunity(tx: Tx, neighborhoodId: number, houseId: number, field = 'houseId') {
  const house = await tx.house.findFirst({ where: { id: rowId(houseId), neighborhoodId, status: { not: 'DELETED' } }, select: { id: true } });
  if (!house) throw new InputError([{ field, message: 'La propiedad no existe' }]);
  return house;
}

function assertMatchable(r: Receipt) {
  if (r.status === 'PAID') return; // payExternally answers 2079
  if (!MATCHABLE_STATUSES.includes(r.status as ReceiptStatus)) throw new ConflictError('RECEIPT_NOT_MATCHABLE');
}

/** The receipt's record of the unknown payment that paid it (the document link and the review read it). */
function matchedRecord(actorId: number, up: UnknownPayment, r: Receipt, accountType: string): ExternalPaymentRecord {
  const previous = parseExternalPayment(r.externalPayment, r.status as ReceiptStatus);
  const now = new Date().toISOString();
  return {
    method: previous?.method ?? (accountType === 'CARD' ? 'DEPOSIT' : 'TRANSFER'),
    cardType: previous?.cardType ?? null,
    incomeAccountId: up.incomeAccountId,
    accountEnding: previous?.accountEnding ?? null,
    authorization: up.authorization,
    notes: up.comments,
    message: previous?.message ?? null,
    paymentDate: up.paymentDate.toISOString().slice(0, 10),
    attachmentFileId: previous?.attachmentFileId ?? null,
    unknownPaymentId: up.id,
    sentByUserId: previous?.sentByUserId ?? actorId,
    sentAt: previous?.sentAt ?? now,
    previousStatus: previous?.previousStatus ?? null,
    state: r.status === 'REVIEW' ? 'APPROVED' : 'REGISTERED',
    decidedByUserId: actorId,
    decidedAt: now,
  };
}

/** Pays a locked receipt with a locked unknown payment and links them. */
async function applyToReceipt(ctx: ServiceContext, tx: Tx, up: UnknownPayment, r: Receipt, today: string) {
  const account = await tx.incomeAccount.findUniqueOrThrow({ where: { id: up.incomeAccountId }, select: { accountType: true } });
  const record = matchedRecord(actorOf(ctx).userId, up, r, account.accountType);
  const paid = await payExternally(
    ctx,
    tx,
    r,
    { incomeAccountId: up.incomeAccountId, paymentDate: record.paymentDate, authorization: up.authorization, received: formatMoney(up.amount) },
    today,
  );
  await annotate(tx, r.id, { externalPayment: record as unknown as Prisma.InputJsonValue });
  await markUnknownPaymentMatched(tx, up, r);
  return paid;
}

/**
 * POST unknown_payments: registers it; with id_receipt (chosen among the matching receipts) the receipt is
 * paid with it at once (the administrator needs AReceiptsExternalPaymentsCreate too); with id_house only
 * it is registered as identified with that house.
 */
export async function registerUnknownPayment(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(RegisterUnknownPaymentSchema, raw);
  const actor = actorOf(ctx);
  if (input.receiptId != null && !holdsAny(ctx, UNKNOWN_PAYMENT_MATCHERS)) throw new ForbiddenError('RECEIPT_PAYMENT_FORBIDDEN');
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'registerUnknownPayment', input } }, async ({ tx, audit }) => {
    // The receipt's house lock first, as every money write.
    const receipt = input.receiptId != null ? await lockReceipt(ctx, tx, input.receiptId, UNKNOWN_PAYMENT_MATCHERS) : null;
    if (receipt && input.houseId != null && receipt.houseId !== rowId(input.houseId))
      throw new InputError([{ field: 'receiptId', message: 'El recibo no es de la propiedad elegida' }]);
    if (receipt) assertMatchable(receipt);
    const house = input.houseId != null ? await houseOfCommunity(tx, neighborhoodId, input.houseId) : null;
    await paymentAccount(tx, neighborhoodId, input.incomeAccountId);
    const today = await communityToday(tx, neighborhoodId);
    assertNotFuture(input.paymentDate, today);
    const authorization = blank(input.authorization);
    if (authorization) {
      const duplicate = await tx.unknownPayment.count({
        where: {
          neighborhoodId,
          deletedAt: null,
          incomeAccountId: input.incomeAccountId,
          paymentDate: new Date(`${input.paymentDate}T00:00:00Z`),
          authorization: sameText(authorization),
        },
      });
      if (duplicate > 0) throw new ConflictError('UNKNOWN_PAYMENT_DUPLICATE');
    }
    const now = new Date();
    const up = await tx.unknownPayment.create({
      data: {
        neighborhoodId,
        incomeAccountId: input.incomeAccountId,
        amount: formatMoney(input.amount),
        authorization,
        paymentDate: new Date(`${input.paymentDate}T00:00:00Z`),
        comments: blank(input.comments),
        houseId: house?.id ?? receipt?.houseId ?? null,
        identifiedAt: house || receipt ? now : null,
        createdByUserId: actor.userId,
      },
    });
    if (receipt) await applyToReceipt(ctx, tx, up, receipt, today);
    await audit({
      action: receipt ? 'REGISTER_AND_MATCH_UNKNOWN_PAYMENT' : 'REGISTER_UNKNOWN_PAYMENT',
      entity: 'UnknownPayment',
      entityId: up.id,
      data: { amount: formatMoney(input.amount), incomeAccountId: input.incomeAccountId, paymentDate: input.paymentDate, receiptId: receipt?.id ?? null },
    });
    return { unknownPaymentId: up.id, message: receipt ? UNKNOWN_PAYMENT_MESSAGES.registeredAndMatched : UNKNOWN_PAYMENT_MESSAGES.registered };
  });
}

async function lockOwn(tx: Tx, neighborhoodId: number, id: number) {
  await lockRow(tx, 'UnknownPayment', rowId(id));
  const up = await tx.unknownPayment.findFirst({ where: { id: rowId(id), neighborhoodId, deletedAt: null } });
  if (!up) throw new NotFoundError('UNKNOWN_PAYMENT_NOT_FOUND');
  return up;
}

/** PUT unknown_payments/{id}/identify: the house and income concept it belongs to (until it is matched). */
export async function identifyUnknownPayment(ctx: ServiceContext, id: number, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(IdentifyUnknownPaymentSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'identifyUnknownPayment', input: { id, ...input } } }, async ({ tx, audit }) => {
    const up = await lockOwn(tx, neighborhoodId, id);
    if (unknownPaymentStatus(up) === 'MATCHED') throw new ConflictError('UNKNOWN_PAYMENT_ALREADY_MATCHED');
    const house = await houseOfCommunity(tx, neighborhoodId, input.houseId);
    const concept = await tx.incomeConcept.findFirst({ where: { id: rowId(input.conceptId), neighborhoodId, deletedAt: null }, select: { id: true } });
    if (!concept) throw new InputError([{ field: 'conceptId', message: 'El concepto no existe' }]);
    await tx.unknownPayment.update({
      where: { id: up.id },
      data: {
        houseId: house.id,
        incomeConceptId: concept.id,
        identifiedAt: new Date(),
        ...(input.comments != null ? { comments: blank(input.comments) } : {}),
      },
    });
    await audit({ action: 'IDENTIFY_UNKNOWN_PAYMENT', entity: 'UnknownPayment', entityId: up.id, data: { houseId: house.id, conceptId: concept.id } });
    return { unknownPaymentId: up.id, message: UNKNOWN_PAYMENT_MESSAGES.identified };
  });
}

/** Matches an unknown payment to a receipt: the receipt is paid with it (of the identified house and concept, when identified). */
export async function matchUnknownPayment(ctx: ServiceContext, id: number, receiptId: number, idempotencyKey?: string | null) {
  return write(ctx, { idempotencyKey, request: { operation: 'matchUnknownPayment', input: { id, receiptId } } }, async ({ tx, audit, afterCommit }) => {
    const receipt = await lockReceipt(ctx, tx, receiptId, UNKNOWN_PAYMENT_MATCHERS);
    afterCommit(() =>
      ctx.pubsub.publish('community:money', receipt.neighborhoodId, { neighborhoodId: receipt.neighborhoodId, kind: 'PAYMENT', at: new Date() }),
    );
    assertMatchable(receipt);
    const up = await lockUnknownPayment(tx, receipt.neighborhoodId, id, receipt, 'receiptId');
    const today = await communityToday(tx, receipt.neighborhoodId);
    const paid = await applyToReceipt(ctx, tx, up, receipt, today);
    await audit({
      action: 'MATCH_UNKNOWN_PAYMENT',
      entity: 'UnknownPayment',
      entityId: up.id,
      data: { receiptId: receipt.id, houseId: receipt.houseId, amount: paid.received },
    });
    return { unknownPaymentId: up.id, receiptId: receipt.id, message: UNKNOWN_PAYMENT_MESSAGES.matched };
  });
}

/** DELETE unknown_payments/{id}: only while unmatched (a matched one paid a receipt). */
export async function deleteUnknownPayment(ctx: ServiceContext, id: number, idempotencyKey?: string | null) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'deleteUnknownPayment', input: { id } } }, async ({ tx, audit }) => {
    const up = await lockOwn(tx, neighborhoodId, id);
    if (unknownPaymentStatus(up) === 'MATCHED') throw new ConflictError('UNKNOWN_PAYMENT_MATCHED_NOT_DELETABLE');
    await tx.unknownPayment.update({ where: { id: up.id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE_UNKNOWN_PAYMENT', entity: 'UnknownPayment', entityId: up.id, data: { amount: formatMoney(up.amount) } });
    return { unknownPaymentId: up.id, message: UNKNOWN_PAYMENT_MESSAGES.deleted };
  });
}

export interface UnknownPaymentFilter {
  status?: UnknownPaymentStatus | null;
}

export function unknownPaymentWhere(ctx: ServiceContext, f: UnknownPaymentFilter = {}): Prisma.UnknownPaymentWhereInput {
  const where: Prisma.UnknownPaymentWhereInput = { neighborhoodId: communityOf(ctx), deletedAt: null };
  if (f.status === 'MATCHED') where.receiptId = { not: null };
  if (f.status === 'IDENTIFIED') Object.assign(where, { receiptId: null, houseId: { not: null } });
  if (f.status === 'REGISTERED') Object.assign(where, { receiptId: null, houseId: null });
  return where;
}

export const MatchingReceiptsSchema = z.object({
  amount: positiveAmountText(),
  authorization: boundedText(100, 'La autorización').nullish(),
  paymentDate: dayText('La fecha de pago'),
  incomeAccountId: z.coerce.number().int().nullish(),
  houseId: z.coerce.number().int().nullish(),
  conceptId: z.coerce.number().int().nullish(),
  unknownPaymentId: z.coerce.number().int().nullish(),
});

/** Most receipts a search reads before comparing amounts (a community's pending receipts of one fee). */
const MATCH_SCAN_LIMIT = 2000;
export const MATCH_RESULT_LIMIT = 100;

/**
 * GET unknown_payments/receipts: pending receipts (NEW, SENT, PENALTY, REVIEW) the payment could be for —
 * those whose expected amount on the payment date is the amount, and those in REVIEW whose external
 * payment names the same authorization (and account, when given); of the identified house and concept
 * when given (an unknown payment named by id_unknown_payment brings its own). REVIEW matches first, then
 * by due date, oldest first.
 */
export async function matchingReceipts(ctx: ServiceContext, raw: unknown): Promise<number[]> {
  const q = parseInput(MatchingReceiptsSchema, raw);
  const neighborhoodId = communityOf(ctx);
  let houseId = q.houseId != null ? rowId(q.houseId) : null;
  let conceptId = q.conceptId != null ? rowId(q.conceptId) : null;
  if (q.unknownPaymentId != null) {
    const up = await ctx.prisma.unknownPayment.findFirst({ where: { id: rowId(q.unknownPaymentId), neighborhoodId, deletedAt: null } });
    if (!up) throw new NotFoundError('UNKNOWN_PAYMENT_NOT_FOUND');
    houseId = up.houseId ?? houseId;
    conceptId = up.incomeConceptId ?? conceptId;
  }
  if (q.incomeAccountId != null) {
    const account = await ctx.prisma.incomeAccount.findFirst({
      where: { id: rowId(q.incomeAccountId), neighborhoodId, deletedAt: null },
      select: { accountType: true },
    });
    if (!account || !(PAYMENT_ACCOUNT_TYPES as readonly string[]).includes(account.accountType))
      throw new InputError([{ field: 'incomeAccountId', message: 'La cuenta de ingreso no existe o no es CLABE ni de tarjeta' }]);
  }
  const amount = money(q.amount);
  const authorization = blank(q.authorization)?.toLowerCase() ?? null;
  const candidates = await ctx.prisma.receipt.findMany({
    where: {
      neighborhoodId,
      deletedAt: null,
      status: { in: [...MATCHABLE_STATUSES] },
      ...(houseId != null ? { houseId } : {}),
      ...(conceptId != null ? { incomeConceptId: conceptId } : {}),
      // The expected amount is at most the source amount plus its penalty: receipts below the amount cannot match.
      OR: [{ status: 'REVIEW' }, { amount: formatMoney(amount) }, { sourceAmount: { lte: formatMoney(amount) } }],
    },
    orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
    take: MATCH_SCAN_LIMIT,
  });
  const byAuthorization: number[] = [];
  const byAmount: number[] = [];
  for (const r of candidates) {
    const ep = parseExternalPayment(r.externalPayment, r.status as ReceiptStatus);
    if (
      r.status === 'REVIEW' &&
      authorization &&
      ep?.authorization?.toLowerCase() === authorization &&
      (q.incomeAccountId == null || ep.incomeAccountId === q.incomeAccountId)
    ) {
      byAuthorization.push(r.id);
      continue;
    }
    if (money(expectedAmount(termsOf(r), q.paymentDate).amount).equals(amount) || money(r.amount).equals(amount)) byAmount.push(r.id);
  }
  return [...byAuthorization, ...byAmount].slice(0, MATCH_RESULT_LIMIT);
}

/** GET unknown_payments/accounts: the community's CLABE and CARD income accounts. */
export function paymentAccounts(ctx: ServiceContext) {
  return ctx.prisma.incomeAccount.findMany({
    where: { neighborhoodId: communityOf(ctx), deletedAt: null, accountType: { in: [...PAYMENT_ACCOUNT_TYPES] } },
    orderBy: [{ description: 'asc' }, { id: 'asc' }],
    take: 200,
  });
}

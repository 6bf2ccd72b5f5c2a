// External payments of receipts (spec 1 sections 4 and 7; spec 2 sections 4 and 5): money a house paid
// outside the platform (a transfer, a deposit, a card at the bank) into one of the community's CLABE or
// CARD accounts.
// - An administrator (AReceiptsExternalPaymentsCreate) registers it directly: the receipt is paid through
//   the ledger (a DEPOSIT and its RECEIPT_PAID), method EXTERNAL.
// - Owners, tenants and residents (O/S/R...ExternalPaymentsCreate) send it to REVIEW: the receipt keeps what
//   they sent in externalPayment until an administrator SAVEs, APPROVEs (pays it as above) or DECLINEs it
//   (the receipt returns to the status its dates give, the declined payment kept for the record).
// - An unknown payment (server/domains/money/receivables/unknownPayments) pays a receipt through the same path: one unknown
//   payment pays one receipt, with its own amount, date and account.
// Every write: write() (audited, idempotency key), the house's lock first, then the receipt's; PAID answers 2079.
import { z } from 'zod';
import { boundedText, dayText } from '../../../../../core/input.js';
import { formatMoney, money, type Money } from '../../../../../core/money.js';
import { ADJUSTABLE_STATUSES, expectedAmount, type ReceiptStatus } from '../../../../../core/receipts.js';
import { holdsAny } from '../../../../auth/houseScope.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRow } from '../../../../kernel/locks.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { write, type WriteScope } from '../../../../kernel/write.js';
import { claimFile } from '../../../../infra/files/service.js';
import type { Prisma, Receipt } from '../../../../db/generated/client.js';
import { lockHouse } from '../ledger/service.js';
import { alreadyPaid, findReceipt, termsOf } from './service.js';
import { annotate, postPayment, reopen, startPayment } from './door.js';
import { CARD_TYPES, EXTERNAL_METHODS, type ExternalPaymentRecord, parseExternalPayment } from './externalPaymentRecord.js';
import { message } from '../../../../kernel/reasons.js';
import { sameText } from '../../../../kernel/textFilter.js';

export { CARD_TYPES, EXTERNAL_METHODS, type ExternalMethod, type ExternalPaymentRecord, parseExternalPayment } from './externalPaymentRecord.js';

/** Who sends an external payment: administrators for any house (registered at once), house users for their own (to review). */
export const EXTERNAL_PAYMENT_CREATORS = [
  'AReceiptsExternalPaymentsCreate',
  'OReceiptsExternalPaymentsCreate',
  'SReceiptsExternalPaymentsCreate',
  'RReceiptsExternalPaymentsCreate',
] as const;
/** Who edits an external payment under review (house users their own; administrators any, and they approve or decline). */
export const EXTERNAL_PAYMENT_UPDATERS = [
  'AReceiptsExternalPaymentsUpdate',
  'OReceiptsExternalPaymentsUpdate',
  'SReceiptsExternalPaymentsUpdate',
  'RReceiptsExternalPaymentsUpdate',
] as const;
export const EXTERNAL_PAYMENT_ADMIN_CREATE = ['AReceiptsExternalPaymentsCreate'] as const;
export const EXTERNAL_PAYMENT_ADMIN_UPDATE = ['AReceiptsExternalPaymentsUpdate'] as const;
/** Any of these reaches every house of the community for external payments. */
export const EXTERNAL_PAYMENT_ADMINS = [...EXTERNAL_PAYMENT_ADMIN_CREATE, ...EXTERNAL_PAYMENT_ADMIN_UPDATE] as const;
/** Spec 2 sections 5 and 9: only CLABE and CARD accounts receive captured, external and unknown payments. */
export const PAYMENT_ACCOUNT_TYPES = ['CLABE', 'CARD'] as const;

export const REVIEW_ACTIONS = ['SAVE', 'APPROVE', 'DECLINE'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** Spec 1 section 8: "external payment registered, accepted, denied, updated". */
export const EXTERNAL_PAYMENT_MESSAGES = {
  registered: 'El pago externo ha sido registrado',
  sentToReview: 'El pago externo ha sido registrado y será revisado por la administración',
  accepted: 'El pago externo ha sido aceptado',
  denied: 'El pago externo ha sido rechazado',
  updated: 'El pago externo ha sido actualizado',
} as const;
export const NO_MATCHING_UNKNOWN_PAYMENTS = 'No hay pagos no reconocidos que concuerden con el pago revisado';
export const ACCOUNT_NOT_FOUND = 'La cuenta de ingreso no existe';
export const ACCOUNT_TYPE_REFUSED = 'Solo se registran pagos en cuentas CLABE o de tarjeta';
export const FUTURE_PAYMENT_DATE = 'La fecha de pago no puede ser futura';
export const UNKNOWN_PAYMENT_NOT_FOUND = message('UNKNOWN_PAYMENT_NOT_FOUND');
export const ADMIN_ONLY_ACTION = 'Solo la administración puede aceptar o rechazar un pago externo';
/** A receipt in REVIEW whose external payment is missing or unreadable (an older database): nothing to review. */
export const REVIEW_WITHOUT_PAYMENT =
  'El recibo está en revisión, pero no tiene los datos de un pago externo que revisar. La administración puede cancelar la revisión para que el recibo vuelva a estar pendiente';

export const ExternalPaymentSchema = z
  .object({
    method: z.enum(EXTERNAL_METHODS, { error: 'Elige cómo se hizo el pago' }),
    cardType: z.enum(CARD_TYPES, { error: 'Elige el tipo de tarjeta' }).nullish(),
    incomeAccountId: z.coerce.number({ error: 'La cuenta de ingreso es requerida' }).int(),
    accountEnding: z
      .string()
      .max(8)
      .transform((v) => v.trim())
      .refine((v) => v === '' || /^\d{4}$/.test(v), 'La terminación de la cuenta son sus últimos 4 dígitos')
      .nullish(),
    authorization: boundedText(100, 'La autorización').nullish(),
    notes: boundedText(1000, 'Las notas').nullish(),
    message: boundedText(1000, 'El mensaje').nullish(),
    paymentDate: dayText('La fecha de pago'),
    action: z.enum(REVIEW_ACTIONS, { error: 'La acción debe ser SAVE, APPROVE o DECLINE' }).nullish(),
    unknownPaymentId: z.coerce.number().int().nullish(),
    attachmentFileId: z.string().max(64).nullish(),
  })
  .superRefine((v, issue) => {
    if (v.method === 'CARD' && !v.cardType) issue.addIssue({ code: 'custom', path: ['cardType'], message: 'Elige el tipo de tarjeta' });
  });
export type ExternalPaymentInput = z.output<typeof ExternalPaymentSchema>;

export interface ExternalPaymentResult {
  receiptId: number;
  message: string;
  action: ReviewAction | 'REGISTER';
}

/** A CLABE or CARD income account of the community, or 400. */
export async function paymentAccount(tx: Tx, neighborhoodId: number, id: number, field = 'incomeAccountId') {
  const account = await tx.incomeAccount.findFirst({
    where: { id: rowId(id), neighborhoodId, deletedAt: null },
    select: { id: true, accountType: true },
  });
  if (!account) throw new InputError([{ field, message: ACCOUNT_NOT_FOUND }]);
  if (!(PAYMENT_ACCOUNT_TYPES as readonly string[]).includes(account.accountType)) throw new InputError([{ field, message: ACCOUNT_TYPE_REFUSED }]);
  return account;
}

export function assertNotFuture(paymentDate: string, today: string, field = 'paymentDate') {
  if (paymentDate > today) throw new InputError([{ field, message: FUTURE_PAYMENT_DATE }]);
}

/** The receipt under both locks (house, then receipt), re-read; another community's or a deleted one is 404. */
export async function lockReceipt(ctx: ServiceContext, tx: Tx, receiptId: number, adminGrants: readonly string[]): Promise<Receipt> {
  const found = await findReceipt(ctx, tx, receiptId, adminGrants);
  await lockHouse(tx, found.houseId);
  await lockRow(tx, 'Receipt', found.id);
  const receipt = await tx.receipt.findUniqueOrThrow({ where: { id: found.id } });
  if (receipt.deletedAt) throw new NotFoundError('RECEIPT_NOT_FOUND');
  return receipt;
}

/**
 * The unknown payment of the community, locked, that may pay `receipt`: not deleted, not matched, and, when
 * identified, of the receipt's house and concept.
 */
export async function lockUnknownPayment(tx: Tx, neighborhoodId: number, unknownPaymentId: number, receipt: Receipt, field = 'unknownPaymentId') {
  await lockRow(tx, 'UnknownPayment', rowId(unknownPaymentId));
  const up = await tx.unknownPayment.findFirst({ where: { id: rowId(unknownPaymentId), neighborhoodId, deletedAt: null } });
  if (!up) throw new NotFoundError('UNKNOWN_PAYMENT_NOT_FOUND');
  if (up.receiptId !== null || up.matchedAt !== null) throw new ConflictError('UNKNOWN_PAYMENT_ALREADY_MATCHED');
  if (up.houseId !== null && up.houseId !== receipt.houseId)
    throw new InputError([{ field, message: 'El pago no reconocido fue identificado con otra propiedad' }]);
  if (up.incomeConceptId !== null && up.incomeConceptId !== receipt.incomeConceptId)
    throw new InputError([{ field, message: 'El pago no reconocido fue identificado con otro concepto' }]);
  return up;
}

export interface ExternalPay {
  incomeAccountId: number;
  paymentDate: string;
  authorization: string | null;
  cardType?: string | null;
  accountEnding?: string | null;
  /** The money received; by default what the receipt expected on the payment date. */
  received?: Money | string | null;
}

/**
 * Pays a locked receipt not yet PAID with money received outside the platform: a DEPOSIT of what was
 * received and the RECEIPT_PAID of what the receipt expected on the payment date (a manual payment request
 * credits its wallet: no RECEIPT_PAID); what was received beyond it stays in the wallet in the house's favour.
 */
export async function payExternally(ctx: ServiceContext, tx: Tx, r: Receipt, p: ExternalPay, today: string) {
  const actor = actorOf(ctx);
  if (r.status === 'PAID') throw alreadyPaid();
  const expected = expectedAmount(termsOf(r), p.paymentDate);
  const received = money(p.received ?? expected.amount);
  if (received.lessThan(money(expected.amount))) {
    throw new ConflictError(reason('EXTERNAL_PAYMENT_SHORT', { received: formatMoney(received), expected: expected.amount }));
  }
  await postPayment(tx, r, {
    method: 'EXTERNAL',
    userId: actor.userId,
    paid: expected,
    received: formatMoney(received),
    total: formatMoney(received),
    today,
    incomeAccountId: p.incomeAccountId,
    authorization: p.authorization,
    realPaymentDate: p.paymentDate,
    card: { cardType: p.cardType ?? null, accountEnding: p.accountEnding ?? null },
  });
  return { amount: expected.amount, received: formatMoney(received) };
}

/** Links a locked unknown payment to the receipt it paid (one unknown payment, one receipt). */
export async function markUnknownPaymentMatched(tx: Tx, up: { id: number; identifiedAt: Date | null }, r: Receipt) {
  const now = new Date();
  await tx.unknownPayment.update({
    where: { id: up.id },
    data: { receiptId: r.id, matchedAt: now, houseId: r.houseId, incomeConceptId: r.incomeConceptId, identifiedAt: up.identifiedAt ?? now },
  });
}

function recordOf(r: Receipt): ExternalPaymentRecord | null {
  return parseExternalPayment(r.externalPayment, r.status as ReceiptStatus);
}

function blank(v: string | null | undefined) {
  return v == null || v === '' ? null : v;
}

/** Reads the input (attachment claimed outside the transaction: PGlite has one connection). */
async function prepare(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(ExternalPaymentSchema, raw);
  const attachmentFileId = input.attachmentFileId ? await claimFile(ctx, input.attachmentFileId) : null;
  return { ...input, attachmentFileId, accountEnding: blank(input.accountEnding), cardType: input.method === 'CARD' ? (input.cardType ?? null) : null };
}
type Prepared = Awaited<ReturnType<typeof prepare>>;

function record(actorId: number, input: Prepared, previous: ExternalPaymentRecord | null, extra: Partial<ExternalPaymentRecord>): ExternalPaymentRecord {
  return {
    method: input.method,
    cardType: input.cardType,
    incomeAccountId: input.incomeAccountId,
    accountEnding: input.accountEnding,
    authorization: blank(input.authorization),
    notes: blank(input.notes),
    message: blank(input.message),
    paymentDate: input.paymentDate,
    // An edit without a new file keeps the one sent before.
    attachmentFileId: input.attachmentFileId ?? previous?.attachmentFileId ?? null,
    unknownPaymentId: input.unknownPaymentId ?? previous?.unknownPaymentId ?? null,
    sentByUserId: previous?.sentByUserId ?? actorId,
    sentAt: previous?.sentAt ?? new Date().toISOString(),
    previousStatus: previous?.previousStatus ?? null,
    state: 'REVIEW',
    decidedByUserId: null,
    decidedAt: null,
    ...extra,
  };
}

const json = (r: ExternalPaymentRecord) => r as unknown as Prisma.InputJsonValue;

/** Approves (pays) a locked receipt with the external payment `input`; an unknown payment named in it is matched. */
async function approve(ctx: ServiceContext, scope: WriteScope, r: Receipt, input: Prepared, previous: ExternalPaymentRecord | null, today: string) {
  const { tx } = scope;
  const actor = actorOf(ctx);
  let pay: ExternalPay = {
    incomeAccountId: input.incomeAccountId,
    paymentDate: input.paymentDate,
    authorization: blank(input.authorization),
    cardType: input.cardType,
    accountEnding: input.accountEnding,
  };
  let up: Awaited<ReturnType<typeof lockUnknownPayment>> | null = null;
  if (input.unknownPaymentId != null) {
    // The unknown payment is the money: its account, date, authorization and amount.
    up = await lockUnknownPayment(tx, r.neighborhoodId, input.unknownPaymentId, r);
    pay = {
      ...pay,
      incomeAccountId: up.incomeAccountId,
      paymentDate: up.paymentDate.toISOString().slice(0, 10),
      authorization: up.authorization ?? pay.authorization,
      received: formatMoney(up.amount),
    };
  } else {
    await paymentAccount(tx, r.neighborhoodId, input.incomeAccountId);
  }
  assertNotFuture(pay.paymentDate, today);
  const paid = await payExternally(ctx, tx, r, pay, today);
  if (up) await markUnknownPaymentMatched(tx, up, r);
  const unknownPaymentId = up?.id ?? null;
  // Accepted from review (even when an older database kept nothing readable under review), or registered.
  const state = r.status === 'REVIEW' ? 'APPROVED' : 'REGISTERED';
  await annotate(tx, r.id, {
    externalPayment: json(
      record(actor.userId, { ...input, incomeAccountId: pay.incomeAccountId, paymentDate: pay.paymentDate }, previous, {
        state,
        unknownPaymentId,
        decidedByUserId: actor.userId,
        decidedAt: new Date().toISOString(),
      }),
    ),
  });
  return { ...paid, unknownPaymentId };
}

/**
 * POST external-payment: an administrator registers it (the receipt is paid; action SAVE keeps it in REVIEW
 * instead); a house user sends it to REVIEW. A receipt IN_PROGRESS (a pending reference) or already in
 * REVIEW is refused; PAID answers 2079.
 */
export async function createExternalPayment(ctx: ServiceContext, receiptId: number, raw: unknown, idempotencyKey?: string | null) {
  const input = await prepare(ctx, raw);
  const actor = actorOf(ctx);
  const admin = holdsAny(ctx, EXTERNAL_PAYMENT_ADMIN_CREATE);
  if (input.action === 'DECLINE') throw new InputError([{ field: 'action', message: 'Un pago externo nuevo no se puede rechazar' }]);
  if (!admin && input.unknownPaymentId != null) throw new ForbiddenError('UNKNOWN_PAYMENT_ADMIN_ONLY');
  return write(ctx, { idempotencyKey, request: { operation: 'createExternalPayment', input: { receiptId, ...input } } }, async (scope) => {
    const r = await lockReceipt(ctx, scope.tx, receiptId, EXTERNAL_PAYMENT_ADMINS);
    scope.afterCommit(() => ctx.pubsub.publish('community:money', r.neighborhoodId, { neighborhoodId: r.neighborhoodId, kind: 'PAYMENT', at: new Date() }));
    if (r.status === 'PAID') throw alreadyPaid();
    if (!ADJUSTABLE_STATUSES.includes(r.status as ReceiptStatus)) throw new ConflictError('RECEIPT_PAYMENT_PENDING');
    const today = await communityToday(scope.tx, r.neighborhoodId);
    assertNotFuture(input.paymentDate, today);
    let result: ExternalPaymentResult;
    let unknownPaymentId: number | null = null;
    if (admin && input.action !== 'SAVE') {
      unknownPaymentId = (await approve(ctx, scope, r, input, null, today)).unknownPaymentId;
      result = { receiptId: r.id, message: EXTERNAL_PAYMENT_MESSAGES.registered, action: 'REGISTER' };
    } else {
      await paymentAccount(scope.tx, r.neighborhoodId, input.incomeAccountId);
      await startPayment(scope.tx, r.id, {
        status: 'REVIEW',
        paymentMethod: 'EXTERNAL',
        externalPayment: json(record(actor.userId, input, null, { previousStatus: r.status as ReceiptStatus, unknownPaymentId: null })),
      });
      result = { receiptId: r.id, message: admin ? EXTERNAL_PAYMENT_MESSAGES.registered : EXTERNAL_PAYMENT_MESSAGES.sentToReview, action: 'SAVE' };
    }
    await scope.audit({
      action: result.action === 'REGISTER' ? 'REGISTER_EXTERNAL_PAYMENT' : 'SEND_EXTERNAL_PAYMENT_TO_REVIEW',
      entity: 'Receipt',
      entityId: r.id,
      data: { houseId: r.houseId, method: input.method, incomeAccountId: input.incomeAccountId, paymentDate: input.paymentDate, unknownPaymentId },
    });
    return result;
  });
}

/**
 * PUT review (and PUT external-payment on a receipt in REVIEW): SAVE keeps it in review with the fields
 * sent; APPROVE pays it; DECLINE returns the receipt to the status its dates give (SENT stays SENT), the
 * declined payment kept. House users only SAVE (whatever action they send). An administrator's PUT
 * external-payment on a receipt paid EXTERNAL corrects what was recorded (account, authorization, card
 * data, notes); the money stays as it was.
 */
export async function reviewExternalPayment(ctx: ServiceContext, receiptId: number, raw: unknown, idempotencyKey?: string | null) {
  const input = await prepare(ctx, raw);
  const actor = actorOf(ctx);
  const admin = holdsAny(ctx, EXTERNAL_PAYMENT_ADMIN_UPDATE);
  const action: ReviewAction = admin ? (input.action ?? 'SAVE') : 'SAVE';
  if (!admin && input.unknownPaymentId != null) throw new ForbiddenError('UNKNOWN_PAYMENT_ADMIN_ONLY');
  return write(ctx, { idempotencyKey, request: { operation: 'reviewExternalPayment', input: { receiptId, ...input, action } } }, async (scope) => {
    const { tx } = scope;
    const r = await lockReceipt(ctx, tx, receiptId, EXTERNAL_PAYMENT_ADMINS);
    scope.afterCommit(() => ctx.pubsub.publish('community:money', r.neighborhoodId, { neighborhoodId: r.neighborhoodId, kind: 'PAYMENT', at: new Date() }));
    const previous = recordOf(r);
    const today = await communityToday(tx, r.neighborhoodId);
    let message: string;
    if (r.status === 'PAID') {
      if (!admin || action !== 'SAVE') throw alreadyPaid();
      if (r.paymentMethod !== 'EXTERNAL') throw new ConflictError('RECEIPT_NOT_EXTERNALLY_PAID');
      // A correction of what was recorded: the ledger is not touched, the payment date stays.
      await paymentAccount(tx, r.neighborhoodId, input.incomeAccountId);
      await annotate(tx, r.id, {
        incomeAccountId: input.incomeAccountId,
        paymentAuthorization: blank(input.authorization),
        cardType: input.cardType,
        accountEnding: input.accountEnding,
        externalPayment: json(
          record(actor.userId, { ...input, paymentDate: previous?.paymentDate ?? input.paymentDate }, previous, {
            state: previous?.state ?? 'REGISTERED',
            decidedByUserId: previous?.decidedByUserId ?? null,
            decidedAt: previous?.decidedAt ?? null,
          }),
        ),
      });
      message = EXTERNAL_PAYMENT_MESSAGES.updated;
    } else {
      if (r.status !== 'REVIEW') throw new ConflictError('RECEIPT_NOT_IN_REVIEW');
      assertNotFuture(input.paymentDate, today);
      if (action === 'APPROVE') {
        await approve(ctx, scope, r, input, previous, today);
        message = EXTERNAL_PAYMENT_MESSAGES.accepted;
      } else if (action === 'DECLINE') {
        await reopen(tx, r, today, {
          from: previous?.previousStatus ?? 'NEW',
          also: {
            externalPayment: json(
              record(actor.userId, input, previous, { state: 'DECLINED', decidedByUserId: actor.userId, decidedAt: new Date().toISOString() }),
            ),
          },
        });
        message = EXTERNAL_PAYMENT_MESSAGES.denied;
      } else {
        await paymentAccount(tx, r.neighborhoodId, input.incomeAccountId);
        await annotate(tx, r.id, { externalPayment: json(record(actor.userId, input, previous, {})) });
        message = EXTERNAL_PAYMENT_MESSAGES.updated;
      }
    }
    await scope.audit({
      action: `REVIEW_EXTERNAL_PAYMENT_${action}`,
      entity: 'Receipt',
      entityId: r.id,
      data: {
        houseId: r.houseId,
        action,
        incomeAccountId: input.incomeAccountId,
        paymentDate: input.paymentDate,
        unknownPaymentId: input.unknownPaymentId ?? null,
      },
    });
    return { receiptId: r.id, message, action } satisfies ExternalPaymentResult;
  });
}

/** The external payment of a receipt the actor reaches (null when it has none). */
export async function readExternalPayment(ctx: ServiceContext, receiptId: number) {
  const r = await findReceipt(ctx, ctx.prisma, receiptId, EXTERNAL_PAYMENT_ADMINS);
  return { receipt: r, record: recordOf(r) };
}

/**
 * Unknown payments that could be the one a review names (spec 1 section 7, "unknown-payment search for a
 * review: authorization, payment_date"): not matched, not deleted, of the receipt's house when identified;
 * the same authorization (any case) and/or the same payment date.
 */
export async function unknownPaymentsForReview(ctx: ServiceContext, receiptId: number, q: { authorization?: string | null; paymentDate?: string | null }) {
  const r = await findReceipt(ctx, ctx.prisma, receiptId, EXTERNAL_PAYMENT_ADMINS);
  if (!holdsAny(ctx, EXTERNAL_PAYMENT_ADMINS)) throw new ForbiddenError();
  const authorization = q.authorization?.trim() || null;
  const paymentDate = q.paymentDate?.trim() || null;
  if (authorization && authorization.length > 100)
    throw new InputError([{ field: 'authorization', message: 'La autorización debe tener como máximo 100 caracteres' }]);
  if (paymentDate) parseInput(dayText('La fecha de pago'), paymentDate);
  if (!authorization && !paymentDate) return [];
  return ctx.prisma.unknownPayment.findMany({
    where: {
      neighborhoodId: communityOf(ctx),
      deletedAt: null,
      receiptId: null,
      OR: [{ houseId: null }, { houseId: r.houseId }],
      AND: [
        ...(authorization ? [{ authorization: sameText(authorization) }] : []),
        ...(paymentDate ? [{ paymentDate: new Date(`${paymentDate}T00:00:00Z`) }] : []),
      ],
    },
    orderBy: { id: 'desc' },
    take: 50,
  });
}

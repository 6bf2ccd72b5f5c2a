// Money that reaches receipts outside the gateway (spec 1 sections 3, 5; spec 2 sections 3, 5):
// - payment capture: an administrator records a payment received for some of a house's receipts, into an
//   income account (CLABE or CARD only); each receipt not yet PAID is paid with its expected amount
//   (a DEPOSIT and its RECEIPT_PAID in the ledger);
// - manual payment requests: a receipt the house asks to pay for a concept that allows an amount (an
//   initial debt, a prepayment); paying it credits the concept's wallet.
import { z } from 'zod';
import { boundedText, dayText, positiveAmountText } from '../../../../../core/input.js';
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import { expectedAmount, manualPaymentMax } from '../../../../../core/receipts.js';
import { holdsAny, targetHouse } from '../../../../auth/houseScope.js';
import { actorOf, type ServiceContext } from '../../../../kernel/context.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { parseInput } from '../../../../kernel/input.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { claimFile } from '../../../../infra/files/service.js';
import { lockHouse, walletBalance } from '../ledger/service.js';
import { alreadyPaid, termsOf } from './service.js';
import { issueOne, postPayment } from './door.js';

export const CAPTURE_GRANTS = ['AReceiptsExternalPaymentsCreate'] as const;
export const MANUAL_PAYMENT_GRANTS = ['AReceiptsCreate', 'OReceiptsCreate', 'SReceiptsCreate'] as const;
export const MANUAL_PAYMENT_ADMIN = ['AReceiptsCreate'] as const;
export const CAPTURE_ACCOUNT_TYPES = ['CLABE', 'CARD'] as const;
export const PAYMENT_CAPTURED = 'El pago ha sido registrado';
export const MANUAL_PAYMENT_CREATED = 'La solicitud de pago ha sido registrada';
/** Spec 1 section 5: non-administrators get a due date this many days ahead. */
export const MANUAL_DUE_DAYS = 10;

export const CaptureSchema = z.object({
  receiptIds: z.array(z.coerce.number().int()).min(1, 'Elige al menos un recibo').max(100, 'Se registran como máximo 100 recibos a la vez'),
  incomeAccountId: z.coerce.number({ error: 'La cuenta de ingreso es requerida' }).int(),
  paymentDate: dayText('La fecha de pago'),
  authorization: boundedText(100, 'La autorización').nullish(),
});

/** Records a payment received for some of a house's receipts (payment capture). */
export async function capturePayment(ctx: ServiceContext, houseId: number, raw: unknown, idempotencyKey?: string | null) {
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

export interface ManualPaymentConcept {
  conceptId: number;
  description: string;
  walletId: number;
  /** The most this request may be: |negative balance| of the concept's wallet, else 100000. */
  maxAmount: string;
  maxPaymentDate: string | null;
}

/** GET manual-payment: the concepts a house may pay by amount, each with its maximum, and the default due date. */
export async function manualPaymentOptions(ctx: ServiceContext, houseId: number | null) {
  const house = await targetHouse(ctx, houseId, MANUAL_PAYMENT_ADMIN, 'FOREIGN_PAYMENT_HOUSE');
  const admin = holdsAny(ctx, MANUAL_PAYMENT_ADMIN);
  const concepts = await ctx.prisma.incomeConcept.findMany({
    where: { neighborhoodId: house.neighborhoodId, deletedAt: null, allowAmount: true, ...(admin ? {} : { visibleToOwner: true }) },
    select: { id: true, description: true, walletId: true, maxPaymentDate: true },
    orderBy: [{ description: 'asc' }, { id: 'asc' }],
  });
  const options: ManualPaymentConcept[] = [];
  for (const c of concepts) {
    const balance = await walletBalance(ctx.prisma, house.id, c.walletId);
    options.push({
      conceptId: c.id,
      description: c.description,
      walletId: c.walletId,
      maxAmount: manualPaymentMax(balance),
      maxPaymentDate: c.maxPaymentDate?.toISOString().slice(0, 10) ?? null,
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
      select: { id: true, description: true, walletId: true, maxPaymentDate: true },
    });
    if (!concept) throw new InputError([{ field: 'conceptId', message: 'El concepto no existe o no admite pagos por monto' }]);
    await lockHouse(tx, house.id);
    const max = manualPaymentMax(await walletBalance(tx, house.id, concept.walletId));
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

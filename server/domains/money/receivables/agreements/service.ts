// Payment agreements (convenios, spec 1 Agreements): this module owns every write of the Agreement table
// and the receipts of agreements. A house's ordinary debt (the negative balance of its ORDINARY wallet:
// what no pending receipt references) is settled in the ledger by an AGREEMENT entry and replaced by the
// agreement's receipts (a down payment and instalments, core/agreements.ts). Cancelling deletes the unpaid
// ones and gives their sum back as debt (AGREEMENT_CANCELLED); paid receipts stay paid. Writes take the
// house's row lock first, so two submits of one agreement queue and the second finds no debt.
import {
  AGREEMENT_MESSAGES,
  agreementParametersSchema,
  agreementPlan,
  planLineDescription,
  planProblems,
  type AgreementFrequency,
  type AgreementPlan,
} from '../../../../../core/agreements.js';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { formatMoney, money, parseMoney, sameMoney, sumMoney, type Money } from '../../../../../core/money.js';
import { ADJUSTABLE_STATUSES, type ReceiptStatus } from '../../../../../core/receipts.js';
import { reachesHouse, targetHouse } from '../../../../auth/houseScope.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import type { Prisma } from '../../../../db/generated/client.js';
import { appendMovements, lockHouse, ordinaryWallet, walletBalance } from '../ledger/service.js';
import { issue, remove } from '../receipts/door.js';
import { agreementsPage } from './rows.js';

/** Who reads agreements: administrators any house of the community, owners and tenants their own. */
export const AGREEMENT_READERS = ['AAgreementsRead', 'OReceiptsRead', 'SReceiptsRead'] as const;
export const AGREEMENT_ADMIN_READERS = ['AAgreementsRead'] as const;
export const AGREEMENT_CREATORS = ['AAgreementsCreate'] as const;
export const AGREEMENT_DELETERS = ['AAgreementsDelete'] as const;

export interface AgreementView {
  id: number;
  neighborhoodId: number;
  houseId: number;
  houseLabel: string;
  debt: string;
  downPayment: string;
  instalments: number;
  frequency: AgreementFrequency;
  firstDueDate: string;
  pendingReceipts: number;
  createdAt: Date;
  cancelledAt: Date | null;
}

export interface AgreementDebt {
  houseId: number;
  /** The ORDINARY wallet's balance (negative: a debt). */
  ordinaryBalance: string;
  /** What an agreement would settle: the balance sign-inverted when negative, else 0. */
  debt: string;
  today: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The house's ordinary wallet and the debt in it (0 when the balance is not negative). */
export async function ordinaryDebt(tx: Tx, neighborhoodId: number, houseId: number): Promise<{ walletId: number; balance: Money; debt: Money }> {
  const wallet = await ordinaryWallet(tx, neighborhoodId);
  if (!wallet) throw new ConflictError('ORDINARY_WALLET_MISSING');
  const balance = await walletBalance(tx, houseId, wallet.id);
  return { walletId: wallet.id, balance, debt: balance.lessThan(0) ? balance.negated() : money(0) };
}

/** GraphQL agreementDebt: what the new-agreement screen shows before calculating. */
export async function houseAgreementDebt(ctx: ServiceContext, houseId: number): Promise<AgreementDebt> {
  const house = await targetHouse(ctx, houseId, AGREEMENT_CREATORS, 'FOREIGN_AGREEMENT');
  const { balance, debt } = await ordinaryDebt(ctx.prisma, house.neighborhoodId, house.id);
  return { houseId: house.id, ordinaryBalance: formatMoney(balance), debt: formatMoney(debt), today: await communityToday(ctx.prisma, house.neighborhoodId) };
}

function problemsToError(problems: ReturnType<typeof planProblems>) {
  if (problems.some((p) => p.field === 'debt')) return new ConflictError('AGREEMENT_NO_DEBT');
  return new InputError(problems);
}

/** The agreement a house's debt would become with these parameters (nothing is written). */
export async function calculateAgreement(ctx: ServiceContext, houseId: number, raw: unknown): Promise<AgreementPlan> {
  const params = parseInput(agreementParametersSchema, raw);
  const house = await targetHouse(ctx, houseId, AGREEMENT_CREATORS, 'FOREIGN_AGREEMENT');
  const { debt } = await ordinaryDebt(ctx.prisma, house.neighborhoodId, house.id);
  const today = await communityToday(ctx.prisma, house.neighborhoodId);
  const problems = planProblems(debt, params, today);
  if (problems.length) throw problemsToError(problems);
  return agreementPlan(debt, params, today);
}

/**
 * Writes an agreement of a plan: the Agreement row, the AGREEMENT ledger entry (+debt in the ordinary
 * wallet) and its receipts. The caller holds the house's lock and checked the plan.
 */
export async function insertAgreement(
  tx: Tx,
  a: { neighborhoodId: number; houseId: number; walletId: number; plan: AgreementPlan; userId: number | null; at?: Date },
): Promise<number> {
  const concept = await tx.incomeConcept.findFirst({ where: { neighborhoodId: a.neighborhoodId, systemKey: 'AGREEMENT' }, select: { id: true } });
  if (!concept) throw new ConflictError('AGREEMENT_CONCEPT_MISSING');
  const agreement = await tx.agreement.create({
    data: {
      neighborhoodId: a.neighborhoodId,
      houseId: a.houseId,
      debtAmount: a.plan.debt,
      downPayment: a.plan.downPayment,
      instalments: a.plan.instalments,
      frequency: a.plan.frequency,
      firstDueDate: new Date(`${a.plan.firstDueDate}T00:00:00Z`),
      createdByUserId: a.userId,
      ...(a.at ? { createdAt: a.at } : {}),
    },
    select: { id: true },
  });
  await appendMovements(tx, { neighborhoodId: a.neighborhoodId, houseId: a.houseId }, a.userId, [
    { walletId: a.walletId, kind: 'AGREEMENT', amount: a.plan.debt, reason: `Convenio ${agreement.id}`, ...(a.at ? { at: a.at } : {}) },
  ]);
  await issue(
    tx,
    a.plan.lines.map((line) => {
      const [year, month] = line.dueDate.split('-').map(Number);
      return {
        neighborhoodId: a.neighborhoodId,
        houseId: a.houseId,
        agreementId: agreement.id,
        incomeConceptId: concept.id,
        walletId: a.walletId,
        description: planLineDescription(agreement.id, line, a.plan.instalments),
        year,
        month,
        dueDate: new Date(`${line.dueDate}T00:00:00Z`),
        sourceAmount: line.amount,
        amount: line.amount,
        ...(a.at ? { createdAt: a.at } : {}),
      };
    }),
  );
  return agreement.id;
}

/** POST agreements: the house's ordinary debt becomes an agreement (AAgreementsCreate). */
export async function createAgreement(
  ctx: ServiceContext,
  houseId: number,
  raw: unknown,
  idempotencyKey?: string | null,
): Promise<{ message: string; agreement: AgreementView }> {
  const { debt: seen, ...rest } = (raw ?? {}) as Record<string, unknown>;
  const params = parseInput(agreementParametersSchema, rest);
  let seenDebt: Money | null = null;
  if (seen != null) {
    seenDebt = typeof seen === 'string' && seen.length <= 40 ? parseMoney(seen) : null;
    if (!seenDebt) throw new InputError([{ field: 'debt', message: 'El adeudo debe ser una cantidad con hasta dos decimales' }]);
  }
  const actor = actorOf(ctx);
  const request = { operation: 'createAgreement', input: { houseId, ...params, debt: seenDebt ? formatMoney(seenDebt) : null } };
  return write(ctx, { idempotencyKey, request, rowLocks: true }, async ({ tx, audit }) => {
    const house = await targetHouse(ctx, houseId, AGREEMENT_CREATORS, 'FOREIGN_AGREEMENT', { tx });
    if (!house.asAdmin) throw new ForbiddenError();
    await lockHouse(tx, house.id);
    const { walletId, debt } = await ordinaryDebt(tx, house.neighborhoodId, house.id);
    if (!debt.greaterThan(0)) throw new ConflictError('AGREEMENT_NO_DEBT');
    if (seenDebt && !sameMoney(seenDebt, debt)) throw new ConflictError('AGREEMENT_DEBT_CHANGED');
    const today = await communityToday(tx, house.neighborhoodId);
    const problems = planProblems(debt, params, today);
    if (problems.length) throw problemsToError(problems);
    const plan = agreementPlan(debt, params, today);
    const id = await insertAgreement(tx, { neighborhoodId: house.neighborhoodId, houseId: house.id, walletId, plan, userId: actor.userId });
    await audit({
      action: 'CREATE_AGREEMENT',
      entity: 'Agreement',
      entityId: id,
      data: {
        houseId: house.id,
        debt: plan.debt,
        downPayment: plan.downPayment,
        instalments: plan.instalments,
        frequency: plan.frequency,
        firstDueDate: plan.firstDueDate,
      },
    });
    const [view] = await agreementViews(tx, { id });
    return { message: AGREEMENT_MESSAGES.created, agreement: view };
  });
}

/**
 * DELETE agreements/{id} (AAgreementsDelete, only while receipts are pending): the unpaid receipts are
 * deleted and their sum goes back to the ordinary wallet as debt (AGREEMENT_CANCELLED).
 */
export async function cancelAgreement(ctx: ServiceContext, agreementId: number, houseId: number | null, idempotencyKey?: string | null) {
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'cancelAgreement', input: { agreementId, houseId } }, rowLocks: true }, async ({ tx, audit }) => {
    const found = await tx.agreement.findFirst({ where: { id: rowId(agreementId), neighborhoodId }, select: { id: true, houseId: true } });
    if (!found || (houseId != null && found.houseId !== houseId)) throw new NotFoundError('AGREEMENT_NOT_FOUND');
    const house = await targetHouse(ctx, found.houseId, AGREEMENT_DELETERS, 'FOREIGN_AGREEMENT', { tx });
    if (!house.asAdmin) throw new ForbiddenError();
    await lockHouse(tx, house.id);
    const agreement = await tx.agreement.findUniqueOrThrow({ where: { id: found.id } });
    const unpaid = await tx.receipt.findMany({ where: { agreementId: agreement.id, deletedAt: null, status: { not: 'PAID' } }, orderBy: { id: 'asc' } });
    if (agreement.cancelledAt || unpaid.length === 0) throw new ConflictError('AGREEMENT_ALREADY_CANCELLED');
    if (unpaid.some((r) => !ADJUSTABLE_STATUSES.includes(r.status as ReceiptStatus))) throw new ConflictError('AGREEMENT_RECEIPT_PAYMENT_PENDING');
    const returned = sumMoney(unpaid.map((r) => r.amount));
    const now = new Date();
    await remove(tx, unpaid, actor.userId, now);
    await tx.agreement.update({ where: { id: agreement.id }, data: { cancelledAt: now, cancelledByUserId: actor.userId } });
    const { walletId } = await ordinaryDebt(tx, agreement.neighborhoodId, agreement.houseId);
    await appendMovements(tx, { neighborhoodId: agreement.neighborhoodId, houseId: agreement.houseId }, actor.userId, [
      { walletId, kind: 'AGREEMENT_CANCELLED', amount: returned.negated(), reason: `Cancelación del convenio ${agreement.id}` },
    ]);
    await audit({
      action: 'CANCEL_AGREEMENT',
      entity: 'Agreement',
      entityId: agreement.id,
      data: { houseId: agreement.houseId, returned: formatMoney(returned), receipts: unpaid.map((r) => r.id) },
    });
    const [view] = await agreementViews(tx, { id: agreement.id });
    return { message: AGREEMENT_MESSAGES.cancelled, agreement: view };
  });
}

// ---- Reads --------------------------------------------------------------------------------------------

/** Agreements as the lists show them, newest first, with their pending receipts counted in one statement. */
export async function agreementViews(
  tx: Tx,
  where: Prisma.AgreementWhereInput,
  page: { skip?: number; take?: number; order?: 'asc' | 'desc' } = {},
): Promise<AgreementView[]> {
  const rows = await tx.agreement.findMany({
    where,
    orderBy: { id: page.order ?? 'desc' },
    skip: page.skip,
    take: page.take,
    include: { house: { select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true } } },
  });
  if (rows.length === 0) return [];
  const pending = await tx.receipt.groupBy({
    by: ['agreementId'],
    where: { agreementId: { in: rows.map((r) => r.id) }, deletedAt: null, status: { not: 'PAID' } },
    _count: { _all: true },
  });
  const counts = new Map(pending.map((p) => [p.agreementId, p._count._all]));
  return rows.map((r) => ({
    id: r.id,
    neighborhoodId: r.neighborhoodId,
    houseId: r.houseId,
    houseLabel: houseLabel(r.house),
    debt: formatMoney(r.debtAmount),
    downPayment: formatMoney(r.downPayment),
    instalments: r.instalments,
    frequency: r.frequency,
    firstDueDate: iso(r.firstDueDate),
    pendingReceipts: r.cancelledAt ? 0 : (counts.get(r.id) ?? 0),
    createdAt: r.createdAt,
    cancelledAt: r.cancelledAt,
  }));
}

/** One agreement the actor may read (its house scope), or null. */
export async function findAgreement(ctx: ServiceContext, agreementId: number): Promise<AgreementView | null> {
  const page = { size: 1, limit: 1, after: null, before: null, backwards: false, offset: 0 };
  const [view] = (await agreementsPage(ctx.db.kysely, communityOf(ctx), { ids: [rowId(agreementId)] }, page, false)).rows;
  if (!view || !reachesHouse(ctx.actor, view.houseId, AGREEMENT_ADMIN_READERS)) return null;
  return view;
}

/** The where of a house's agreements, after the house-scope rule (403 for another house of house users). */
export async function houseAgreementsWhere(ctx: ServiceContext, houseId: number | null): Promise<{ neighborhoodId: number; houseId: number }> {
  const house = await targetHouse(ctx, houseId, AGREEMENT_ADMIN_READERS, 'FOREIGN_AGREEMENT');
  if (!house.asAdmin && house.id !== ctx.actor?.houseId) throw new ForbiddenError('FOREIGN_AGREEMENT');
  return { neighborhoodId: house.neighborhoodId, houseId: house.id };
}

/** The receipts of an agreement as its PDF prints them (deleted ones too, marked). */
export async function agreementReceipts(tx: Tx, agreementId: number) {
  return tx.receipt.findMany({
    where: { agreementId },
    orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
    select: { id: true, description: true, dueDate: true, amount: true, status: true, deletedAt: true, paymentDate: true },
  });
}

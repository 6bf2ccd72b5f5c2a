// Expense settings (approvals, folios, series, approvers) and expense concepts of a community (spec 2
// section 3): this module owns every write of ExpenseSettings, ExpenseApprover and ExpenseConcept.
import { EXPENSE_APPROVER_GRANTS, ExpenseConceptSchema, ExpenseSettingsSchema } from '../../../../../core/expenseSettings.js';
import { communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { parseInput } from '../../../../kernel/input.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { message } from '../../../../kernel/reasons.js';
import { containsText, sameText } from '../../../../kernel/textFilter.js';

/** The settings screen reads with CExpensesRead and saves with CExpensesUpdate. */
export const EXPENSE_SETTINGS_READERS = ['CExpensesRead', 'CExpensesUpdate'] as const;
/** Expense concepts: their settings screens, and the expense and provider forms that pick one. */
export const EXPENSE_CONCEPT_READERS = [
  'CExpensesRead',
  'CExpensesUpdate',
  'AExpensesRead',
  'AExpensesCreate',
  'AExpensesUpdate',
  'AProvidersCreate',
  'AProvidersUpdate',
] as const;

export const EXPENSE_CONCEPT_NOT_FOUND = message('EXPENSE_CONCEPT_NOT_FOUND');
export const NOT_AN_APPROVER = 'Solo un administrador activo de la comunidad con permisos de egresos puede aprobar egresos';

export interface ApproverCandidate {
  userId: number;
  firstName: string;
  lastName: string | null;
  email: string;
  roleName: string;
  approver: boolean;
}

export interface ExpenseSettingsView {
  configured: boolean;
  requiredExpenseApproval: boolean;
  useFolio: boolean;
  initialFolio: number;
  serie: string | null;
  groupInitialFolio: number;
  groupSerie: string | null;
  candidates: ApproverCandidate[];
}

/**
 * Who may approve expenses: active (accepted) administration accounts of the community whose role
 * holds an expense grant of the administration (AExpenses*), i.e. people who work on /expenses.
 */
function candidateWhere(neighborhoodId: number) {
  return {
    neighborhoodId,
    houseId: null,
    active: true,
    pending: false,
    role: { forHouse: false, grants: { hasSome: [...EXPENSE_APPROVER_GRANTS] } },
  };
}

/**
 * The community's expense approvers: chosen (ExpenseApprover) and still candidates. The one set the settings
 * page ticks and the expenses accept (isApprover, decideExpense, the approval request's e-mails): someone
 * chosen who stopped being a candidate (role changed, account suspended) no longer approves.
 */
export function approverWhere(neighborhoodId: number) {
  return { neighborhoodId, user: { memberships: { some: candidateWhere(neighborhoodId) } } };
}

async function eligibleApprovers(db: Tx, neighborhoodId: number, userIds?: number[]) {
  const memberships = await db.membership.findMany({
    where: { ...candidateWhere(neighborhoodId), ...(userIds ? { userId: { in: userIds } } : {}) },
    select: { userId: true, role: { select: { name: true } }, user: { select: { firstName: true, lastName: true, email: true } } },
    orderBy: [{ user: { firstName: 'asc' } }, { user: { lastName: 'asc' } }, { userId: 'asc' }],
  });
  const seen = new Set<number>();
  return memberships.filter((m) => !seen.has(m.userId) && !!seen.add(m.userId));
}

/** The settings (defaults until first saved) and every approver candidate, marked when approving. */
export async function readExpenseSettings(ctx: ServiceContext): Promise<ExpenseSettingsView> {
  const neighborhoodId = communityOf(ctx);
  const [settings, approvers, candidates] = await Promise.all([
    ctx.prisma.expenseSettings.findUnique({ where: { neighborhoodId } }),
    ctx.prisma.expenseApprover.findMany({ where: { neighborhoodId }, select: { userId: true } }),
    eligibleApprovers(ctx.prisma, neighborhoodId),
  ]);
  const chosen = new Set(approvers.map((a) => a.userId));
  return {
    configured: !!settings,
    requiredExpenseApproval: settings?.requiredExpenseApproval ?? false,
    useFolio: settings?.useFolio ?? false,
    initialFolio: settings?.initialFolio ?? 1,
    serie: settings?.serie ?? null,
    groupInitialFolio: settings?.groupInitialFolio ?? 1,
    groupSerie: settings?.groupSerie ?? null,
    // An approver who stopped being a candidate (role changed, account suspended) no longer approves.
    candidates: candidates.map((m) => ({
      userId: m.userId,
      firstName: m.user.firstName,
      lastName: m.user.lastName,
      email: m.user.email,
      roleName: m.role.name,
      approver: chosen.has(m.userId),
    })),
  };
}

/** Saves the settings and replaces the approvers; every approver must be a candidate, or nothing changes. */
export async function updateExpenseSettings(ctx: ServiceContext, raw: unknown) {
  const input = parseInput(ExpenseSettingsSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const userIds = [...new Set(input.approverIds.map(rowId))];
  return write(ctx, {}, async ({ tx, audit }) => {
    const eligible = await eligibleApprovers(tx, neighborhoodId, userIds);
    if (eligible.length !== userIds.length) throw new InputError([{ field: 'approverIds', message: NOT_AN_APPROVER }]);
    const before = await tx.expenseSettings.findUnique({ where: { neighborhoodId } });
    const beforeApprovers = await tx.expenseApprover.findMany({ where: { neighborhoodId }, select: { userId: true }, orderBy: { userId: 'asc' } });
    const data = {
      requiredExpenseApproval: input.requiredExpenseApproval,
      useFolio: input.useFolio,
      initialFolio: input.initialFolio,
      serie: input.serie,
      groupInitialFolio: input.groupInitialFolio,
      groupSerie: input.groupSerie,
    };
    await tx.expenseSettings.upsert({ where: { neighborhoodId }, create: { neighborhoodId, ...data }, update: data });
    await tx.expenseApprover.deleteMany({ where: { neighborhoodId } });
    if (userIds.length) await tx.expenseApprover.createMany({ data: userIds.map((userId) => ({ neighborhoodId, userId })) });
    const view = (s: typeof data | null) =>
      s && {
        requiredExpenseApproval: s.requiredExpenseApproval,
        useFolio: s.useFolio,
        initialFolio: s.initialFolio,
        serie: s.serie,
        groupInitialFolio: s.groupInitialFolio,
        groupSerie: s.groupSerie,
      };
    await audit({
      action: before ? 'UPDATE' : 'CREATE',
      entity: 'ExpenseSettings',
      entityId: neighborhoodId,
      data: {
        from: before ? { ...view(before), approverIds: beforeApprovers.map((a) => a.userId) } : null,
        to: { ...data, approverIds: [...userIds].sort((a, b) => a - b) },
      },
    });
    return neighborhoodId;
  });
}

// ---- Expense concepts ----

export function expenseConceptWhere(ctx: ServiceContext, filter?: { concept?: string | null } | null) {
  const text = filter?.concept?.trim();
  return {
    neighborhoodId: communityOf(ctx),
    deletedAt: null,
    ...(text ? { OR: [{ concept: containsText(text) }, { internalId: containsText(text) }] } : {}),
  };
}

async function findOwnConcept(tx: Tx, neighborhoodId: number, id: number) {
  const concept = await tx.expenseConcept.findFirst({ where: { id, neighborhoodId, deletedAt: null } });
  if (!concept) throw new NotFoundError('EXPENSE_CONCEPT_NOT_FOUND');
  return concept;
}

/**
 * A live concept's name and internal id are each unique in the community, whatever their case. No
 * unique index can say so (deleted concepts keep theirs), so the community's concept writes take turns
 * on an advisory lock and the check runs inside the write.
 */
async function assertConceptFree(tx: Tx, neighborhoodId: number, input: { concept: string; internalId: string | null }, exceptId?: number) {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`expenseConcept:${neighborhoodId}`}))::text AS held`;
  const others = { neighborhoodId, deletedAt: null, ...(exceptId ? { id: { not: exceptId } } : {}) };
  if (input.internalId) {
    const taken = await tx.expenseConcept.findFirst({
      where: { ...others, internalId: sameText(input.internalId) },
      select: { concept: true },
    });
    if (taken) throw new ConflictError(reason('EXPENSE_CONCEPT_ID_TAKEN', { internalId: input.internalId, concept: taken.concept }));
  }
  const named = await tx.expenseConcept.findFirst({ where: { ...others, concept: sameText(input.concept) }, select: { id: true } });
  if (named) throw new ConflictError(reason('EXPENSE_CONCEPT_NAME_TAKEN', { concept: input.concept }));
}

export async function createExpenseConcept(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null) {
  const input = parseInput(ExpenseConceptSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createExpenseConcept', input } }, async ({ tx, audit }) => {
    await assertConceptFree(tx, neighborhoodId, input);
    const concept = await tx.expenseConcept.create({ data: { neighborhoodId, concept: input.concept, internalId: input.internalId }, select: { id: true } });
    await audit({ action: 'CREATE', entity: 'ExpenseConcept', entityId: concept.id, data: input });
    return concept.id;
  });
}

export async function updateExpenseConcept(ctx: ServiceContext, id: number, raw: unknown) {
  const input = parseInput(ExpenseConceptSchema, raw);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const concept = await findOwnConcept(tx, neighborhoodId, id);
    await assertConceptFree(tx, neighborhoodId, input, id);
    await tx.expenseConcept.update({ where: { id }, data: { concept: input.concept, internalId: input.internalId } });
    await audit({
      action: 'UPDATE',
      entity: 'ExpenseConcept',
      entityId: id,
      data: { from: { concept: concept.concept, internalId: concept.internalId }, to: input },
    });
    return id;
  });
}

/** Deleting keeps the row (expenses will point at it) and hides it from every list. */
export async function deleteExpenseConcept(ctx: ServiceContext, id: number) {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, {}, async ({ tx, audit }) => {
    const concept = await findOwnConcept(tx, neighborhoodId, id);
    await tx.expenseConcept.update({ where: { id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'ExpenseConcept', entityId: id, data: { concept: concept.concept, internalId: concept.internalId } });
    return id;
  });
}

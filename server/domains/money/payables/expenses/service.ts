// Expenses (spec 2 sections 3-7): this module owns every write of Expense, ExpenseLine, ExpenseTax and
// ExpenseApproval, and the community-ledger entries of paying and cashing an expense. Every write locks
// the expense's row first (FOR UPDATE), so two concurrent "mark paid" queue and the second finds it PAID.
// Every action is audited with entity 'Expense' and the expense's id: that is the expense's log.
import { randomUUID } from 'node:crypto';
import { decodeGlobalID } from '@pothos/plugin-relay';
import {
  canAskApproval,
  canCharge,
  canDelete,
  canEdit,
  canPay,
  ChargeExpenseSchema,
  DecideExpenseSchema,
  decideRefusal,
  EXPENSE_MESSAGES,
  ExpenseInputSchema,
  expenseTotals,
  initialStatus,
  lineAmount,
  PayExpenseSchema,
  statusAfterEdit,
  TAX_NAMES,
  withinOperationWindow,
  OPERATION_DATE_WINDOW_DAYS,
  type ExpenseValues,
} from '../../../../../core/expenses.js';
import { formatMoney, MAX_MONEY, money, sumMoney } from '../../../../../core/money.js';
import { clabe as checkClabe, clabeBankName } from '../../../../../core/validators.js';
import { kickMailer, queueEmail } from '../../../../infra/mail/outbox.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { lockRows } from '../../../../kernel/locks.js';
import { communityToday } from '../../../../kernel/today.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseInput } from '../../../../kernel/input.js';
import { write } from '../../../../kernel/write.js';
import { linkExpenseCfdis } from '../expenseCfdis/service.js';
import { approverWhere } from '../expenseSettings/service.js';
import { EXPENSE_APPROVER_GRANTS } from '../../../../../core/expenseSettings.js';
import { sql } from 'kysely';
import type { ExpenseSettings } from '../../../../db/generated/client.js';
import { expensePage, type ExpenseView } from './rows.js';

export const EXPENSE_READERS = ['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'] as const;
export const EXPENSE_CREATORS = ['AExpensesCreate'] as const;
export const EXPENSE_UPDATERS = ['AExpensesUpdate'] as const;
/** Asking for approval: whoever registers or edits expenses. */
export const EXPENSE_ASKERS = ['AExpensesCreate', 'AExpensesUpdate'] as const;

/** A database id from a GraphQL global ID of `typename`, or digits (legacy); anything else matches no row. */
export function idOf(typename: string, value: string | number | null | undefined): number | null {
  if (value == null || value === '') return null;
  if (typeof value === 'number' || /^\d{1,10}$/.test(value)) return rowId(value);
  try {
    const decoded = decodeGlobalID(value);
    return decoded.typename === typename ? rowId(decoded.id) : -1;
  } catch {
    return -1;
  }
}

const day = (text: string) => new Date(`${text}T00:00:00Z`);

// ---- Views -------------------------------------------------------------------------------------------

const ONE = { after: null, before: null, backwards: false, limit: 1, offset: 0 };

/** One expense of the caller's community (deleted ones too), or null. */
export async function findExpense(ctx: ServiceContext, id: number): Promise<ExpenseView | null> {
  const { rows } = await expensePage(ctx.db.kysely, communityOf(ctx), { ids: [rowId(id)], withDeleted: true }, ONE);
  return rows[0] ?? null;
}

/** The community's expense settings and approvers (with their names), read in one statement once per request context. */
const communityCache = new WeakMap<object, Promise<{ settings: ExpenseSettings | null; approvers: { userId: number; name: string }[] }>>();
function expenseCommunity(ctx: ServiceContext) {
  let cached = communityCache.get(ctx);
  if (!cached) {
    const neighborhoodId = communityOf(ctx);
    cached = expenseCommunityStatement(neighborhoodId)
      .execute(ctx.db.kysely)
      .then(({ rows: [row] }) => ({
        settings: row?.settings ? { ...row.settings, updatedAt: new Date(`${row.settings.updatedAt}Z`) } : null,
        approvers: (row?.approvers ?? []).map((a) => ({ userId: a.userId, name: [a.firstName, a.lastName].filter(Boolean).join(' ') })),
      }));
    communityCache.set(ctx, cached);
  }
  return cached;
}

/**
 * The community's expense settings row and its approvers who are still candidates (approverWhere in
 * expenseSettings/service.ts: an active, accepted, community-wide membership whose role holds an expense
 * grant), in one statement.
 */
export function expenseCommunityStatement(neighborhoodId: number) {
  return sql<{
    settings: Omit<ExpenseSettings, 'updatedAt'> & { updatedAt: string };
    approvers: { userId: number; firstName: string | null; lastName: string | null }[] | null;
  }>`SELECT (SELECT to_json(s) FROM "ExpenseSettings" s WHERE s."neighborhoodId" = n.id) AS settings,
            (SELECT json_agg(json_build_object('userId', a."userId", 'firstName', u."firstName", 'lastName', u."lastName") ORDER BY a."userId")
               FROM "ExpenseApprover" a JOIN "User" u ON u.id = a."userId"
              WHERE a."neighborhoodId" = n.id
                AND EXISTS (SELECT 1 FROM "Membership" m JOIN "Role" r ON r.id = m."roleId"
                             WHERE m."userId" = a."userId" AND m."neighborhoodId" = n.id AND m."houseId" IS NULL AND m.active AND NOT m.pending
                               AND NOT r."forHouse" AND r.grants && ${sql.val([...EXPENSE_APPROVER_GRANTS])}::text[])) AS approvers
       FROM "Neighborhood" n WHERE n.id = ${neighborhoodId}`;
}

export async function communityApprovers(ctx: ServiceContext): Promise<{ userId: number; name: string }[]> {
  return (await expenseCommunity(ctx)).approvers;
}

/** Whether the user approves expenses in the community (chosen on the settings page and still a candidate there). */
export async function isApprover(ctx: ServiceContext): Promise<boolean> {
  const { userId } = actorOf(ctx);
  return (await communityApprovers(ctx)).some((a) => a.userId === userId);
}

export interface ExpenseLineView {
  id: number;
  position: number;
  quantity: string;
  unitPrice: string;
  amount: string;
  discount: string;
  description: string;
  satProductKey: string | null;
  expenseConceptId: number | null;
  invoiceUuid: string | null;
  transferred: { taxCode: string; rate: string | null; amount: string }[];
  retained: { taxCode: string; rate: string | null; amount: string }[];
}

export interface ExpenseTaxSummary {
  type: 'traslated' | 'retained';
  taxCode: string;
  taxName: string;
  rate: string | null;
  amount: string;
  details: { amount: string; invoiceUuid: string | null }[];
}

const rateText = (r: { toFixed(n: number): string } | null) => (r == null ? null : money(r.toFixed(6)).toFixed());

export async function expenseLines(tx: Tx, expenseId: number): Promise<ExpenseLineView[]> {
  const lines = await tx.expenseLine.findMany({ where: { expenseId }, orderBy: { position: 'asc' }, include: { taxes: { orderBy: { id: 'asc' } } } });
  return lines.map((l) => {
    const tax = (type: 'TRANSFERRED' | 'RETAINED') =>
      l.taxes.filter((t) => t.type === type).map((t) => ({ taxCode: t.taxCode, rate: rateText(t.rate), amount: formatMoney(t.amount) }));
    return {
      id: l.id,
      position: l.position,
      quantity: money(l.quantity.toFixed(6)).toFixed(),
      unitPrice: money(l.unitPrice.toFixed(6)).toFixed(),
      amount: formatMoney(l.amount),
      discount: formatMoney(l.discount),
      description: l.description,
      satProductKey: l.satProductKey,
      expenseConceptId: l.expenseConceptId,
      invoiceUuid: l.invoiceUuid,
      transferred: tax('TRANSFERRED'),
      retained: tax('RETAINED'),
    };
  });
}

/** The taxes of an expense by type, code and rate, each with its amounts per invoice. */
export async function expenseTaxSummary(tx: Tx, expenseId: number): Promise<ExpenseTaxSummary[]> {
  const taxes = await tx.expenseTax.findMany({ where: { expenseId }, orderBy: { id: 'asc' } });
  const groups = new Map<string, ExpenseTaxSummary & { byInvoice: Map<string, ReturnType<typeof money>> }>();
  for (const t of taxes) {
    const rate = rateText(t.rate);
    const key = `${t.type}|${t.taxCode}|${rate}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        type: t.type === 'TRANSFERRED' ? 'traslated' : 'retained',
        taxCode: t.taxCode,
        taxName: TAX_NAMES[t.taxCode] ?? t.taxCode,
        rate,
        amount: '0',
        details: [],
        byInvoice: new Map(),
      };
      groups.set(key, g);
    }
    const inv = t.invoiceUuid ?? '';
    g.byInvoice.set(inv, (g.byInvoice.get(inv) ?? money(0)).plus(money(t.amount)));
  }
  return [...groups.values()].map(({ byInvoice, ...g }) => ({
    ...g,
    amount: formatMoney(sumMoney(byInvoice.values())),
    details: [...byInvoice].map(([uuid, amount]) => ({ amount: formatMoney(amount), invoiceUuid: uuid || null })),
  }));
}

export interface ExpenseApprovalView {
  id: number;
  userId: number;
  userName: string;
  revision: number;
  accepted: boolean;
  comment: string | null;
  createdAt: Date;
  current: boolean;
}

export async function expenseApprovals(tx: Tx, expense: { id: number; revision: number }): Promise<ExpenseApprovalView[]> {
  const rows = await tx.expenseApproval.findMany({ where: { expenseId: expense.id }, orderBy: { id: 'asc' } });
  const users = await tx.user.findMany({ where: { id: { in: rows.map((r) => r.userId) } }, select: { id: true, firstName: true, lastName: true } });
  const names = new Map(users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ')]));
  return rows.map((r) => ({ ...r, userName: names.get(r.userId) ?? '', current: r.revision === expense.revision }));
}

export interface ExpenseLogEntry {
  id: string;
  action: string;
  userName: string | null;
  data: unknown;
  createdAt: Date;
}

/** Every audit row of the expense (its own writes and those of attachments, CFDIs, groups and withdrawals). */
export async function expenseLog(ctx: ServiceContext, expenseId: number): Promise<ExpenseLogEntry[] | null> {
  const found = await ctx.prisma.expense.findFirst({ where: { id: rowId(expenseId), neighborhoodId: communityOf(ctx) }, select: { id: true } });
  if (!found) return null;
  const rows = await ctx.prisma.auditLog.findMany({ where: { entity: 'Expense', entityId: String(found.id) }, orderBy: { id: 'asc' }, take: 1000 });
  const ids = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const users = await ctx.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true } });
  const names = new Map(users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ')]));
  return rows.map((r) => ({
    id: String(r.id),
    action: r.action,
    userName: r.userId ? (names.get(r.userId) ?? null) : null,
    data: r.data,
    createdAt: r.createdAt,
  }));
}

/** What the list and the form need besides the expenses, each part read only when asked for (and once). */
export interface ExpenseConfig {
  requiredApprovals: () => Promise<boolean>;
  useFolio: () => Promise<boolean>;
  serie: () => Promise<string | null>;
  nextFolio: () => Promise<number | null>;
  isApprover: () => Promise<boolean>;
  approvers: () => Promise<{ userId: number; name: string }[]>;
  accounts: () => Promise<{ id: number; description: string; accountType: string; accountNumber: string | null }[]>;
  today: () => Promise<string>;
}

const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
};

/** Approvals, folio, approvers and the accounts to pay from (the list asks for a few, the form for most). */
export function expenseConfig(ctx: ServiceContext): ExpenseConfig {
  const neighborhoodId = communityOf(ctx);
  const settings = async () => (await expenseCommunity(ctx)).settings;
  return {
    requiredApprovals: async () => (await settings())?.requiredExpenseApproval ?? false,
    useFolio: async () => (await settings())?.useFolio ?? false,
    serie: async () => (await settings())?.serie ?? null,
    nextFolio: once(async () => {
      const s = await settings();
      return s?.useFolio ? nextFolio(ctx.prisma, neighborhoodId, s.serie, s.initialFolio) : null;
    }),
    isApprover: () => isApprover(ctx),
    approvers: () => communityApprovers(ctx),
    accounts: once(() =>
      ctx.prisma.incomeAccount.findMany({
        where: { neighborhoodId, deletedAt: null },
        orderBy: { id: 'asc' },
        select: { id: true, description: true, accountType: true, accountNumber: true },
      }),
    ),
    today: once(() => communityToday(ctx.prisma, neighborhoodId)),
  };
}

async function nextFolio(tx: Tx, neighborhoodId: number, serie: string | null, initialFolio: number) {
  const last = await tx.expense.aggregate({ where: { neighborhoodId, serie, folio: { not: null } }, _max: { folio: true } });
  return Math.max(initialFolio, (last._max.folio ?? 0) + 1);
}

// ---- Writes ------------------------------------------------------------------------------------------

/** The expense's row, locked for this transaction; another community's (or no) id is not found. */
async function lockExpense(tx: Tx, neighborhoodId: number, id: number) {
  const locked = await lockRows(tx, 'Expense', [rowId(id)], { neighborhoodId });
  if (!locked.length) throw new NotFoundError('EXPENSE_NOT_FOUND');
  return tx.expense.findUniqueOrThrow({ where: { id: locked[0] } });
}

interface Resolved {
  providerId: number | null;
  expenseConceptId: number | null;
  lineConcepts: (number | null)[];
  cfdiIds: number[];
}

/** Provider, concepts and CFDIs of the input, each of the caller's community, or a 4xx. */
async function resolveRefs(tx: Tx, neighborhoodId: number, input: ExpenseValues, today: string): Promise<Resolved> {
  if (!withinOperationWindow(input.operationDate, today))
    throw new InputError([
      { field: 'operationDate', message: `La fecha de operación debe estar dentro de ${OPERATION_DATE_WINDOW_DAYS} días antes o después de hoy` },
    ]);
  const providerId = idOf('Provider', input.providerId);
  if (providerId != null && !(await tx.provider.findFirst({ where: { id: providerId, neighborhoodId }, select: { id: true } })))
    throw new InputError([{ field: 'providerId', message: EXPENSE_MESSAGES.providerNotFound }]);
  const expenseConceptId = idOf('ExpenseConcept', input.expenseConceptId);
  const lineConcepts = input.lines.map((l) => idOf('ExpenseConcept', l.expenseConceptId));
  const conceptIds = [...new Set([expenseConceptId, ...lineConcepts].filter((c): c is number => c != null))];
  if (conceptIds.length) {
    const found = await tx.expenseConcept.count({ where: { id: { in: conceptIds }, neighborhoodId, deletedAt: null } });
    if (found !== conceptIds.length) throw new InputError([{ field: 'expenseConceptId', message: EXPENSE_MESSAGES.conceptNotFound }]);
  }
  const cfdiIds = input.cfdiIds.map((c) => idOf('ExpenseCfdi', c) ?? -1);
  if (cfdiIds.some((c) => c < 1)) throw new InputError([{ field: 'cfdiIds', message: 'Los CFDi seleccionados no son válidos' }]);
  return { providerId, expenseConceptId, lineConcepts, cfdiIds };
}

/** Every stored amount fits its column (14,2): a huge line or subtotal offset by retentions or discounts is refused. */
function assertAmountsFit(input: ExpenseValues) {
  const t = expenseTotals(input.lines);
  const tooBig = (m: { greaterThan: (v: typeof MAX_MONEY) => boolean }) => m.greaterThan(MAX_MONEY);
  input.lines.forEach((l, i) => {
    if (tooBig(lineAmount(l.quantity, l.unitPrice)))
      throw new InputError([{ field: `lines.${i}.unitPrice`, message: 'El importe del concepto es demasiado grande' }]);
  });
  for (const [field, amount] of [
    ['subtotal', t.subtotal],
    ['discount', t.discount],
    ['transferred', t.transferred],
    ['retained', t.retained],
  ] as const)
    if (tooBig(amount)) throw new InputError([{ field, message: 'El importe es demasiado grande' }]);
}

function totalsData(input: ExpenseValues) {
  const t = expenseTotals(input.lines);
  return {
    subtotal: t.subtotal.toFixed(2),
    discount: t.discount.toFixed(2),
    transferredTaxes: t.transferred.toFixed(2),
    retainedTaxes: t.retained.toFixed(2),
    total: t.total.toFixed(2),
  };
}

async function writeLines(tx: Tx, expenseId: number, input: ExpenseValues, refs: Resolved) {
  const lines = await tx.expenseLine.createManyAndReturn({
    data: input.lines.map((l, i) => ({
      expenseId,
      position: i + 1,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: lineAmount(l.quantity, l.unitPrice).toFixed(2),
      discount: l.discount,
      description: l.description,
      satProductKey: l.satProductKey,
      expenseConceptId: refs.lineConcepts[i] ?? refs.expenseConceptId,
      invoiceUuid: l.invoiceUuid,
      operationDate: day(input.operationDate),
    })),
    select: { id: true, position: true },
  });
  const byPosition = new Map(lines.map((l) => [l.position, l.id]));
  const taxes = input.lines.flatMap((l, i) =>
    (['transferred', 'retained'] as const).flatMap((kind) =>
      l[kind].map((t) => ({
        expenseId,
        lineId: byPosition.get(i + 1)!,
        type: kind === 'transferred' ? ('TRANSFERRED' as const) : ('RETAINED' as const),
        taxCode: t.taxCode,
        rate: t.rate,
        amount: money(t.amount).toFixed(2),
        invoiceUuid: l.invoiceUuid,
      })),
    ),
  );
  if (taxes.length) await tx.expenseTax.createMany({ data: taxes });
}

export interface ExpenseResult {
  message: string;
  id: number;
}

/** POST expenses: a new expense, NEW when approvals are required (else APPROVED), with its folio. */
export async function createExpense(ctx: ServiceContext, raw: unknown, idempotencyKey?: string | null): Promise<ExpenseResult> {
  const input = parseInput(ExpenseInputSchema, raw);
  assertAmountsFit(input);
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'createExpense', input }, rowLocks: true }, async ({ tx, audit }) => {
    const today = await communityToday(tx, neighborhoodId);
    const refs = await resolveRefs(tx, neighborhoodId, input, today);
    const settings = await tx.expenseSettings.findUnique({ where: { neighborhoodId } });
    const approveRequired = settings?.requiredExpenseApproval ?? false;
    let folio: number | null = null;
    let serie: string | null = null;
    if (settings?.useFolio) {
      // Folios take turns per community; the unique index (neighborhood, serie, folio) is the backstop.
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`expenseFolio:${neighborhoodId}`}))::text AS held`;
      serie = settings.serie;
      folio = await nextFolio(tx, neighborhoodId, serie, settings.initialFolio);
    }
    const totals = totalsData(input);
    const expense = await tx.expense.create({
      data: {
        neighborhoodId,
        status: initialStatus(approveRequired),
        providerId: refs.providerId,
        expenseConceptId: refs.expenseConceptId,
        description: input.description,
        operationDate: day(input.operationDate),
        serie,
        folio,
        ...totals,
        approveRequired,
        createdByUserId: actor.userId,
      },
      select: { id: true },
    });
    await writeLines(tx, expense.id, input, refs);
    if (refs.cfdiIds.length) await linkExpenseCfdis(tx, { neighborhoodId, expenseId: expense.id, providerId: refs.providerId }, refs.cfdiIds, actor.userId);
    await audit({
      action: 'CREATE',
      entity: 'Expense',
      entityId: expense.id,
      data: { status: initialStatus(approveRequired), serie, folio, ...totals, lines: input.lines.length, providerId: refs.providerId },
    });
    return { message: EXPENSE_MESSAGES.created, id: expense.id };
  });
}

/** PUT expenses/{id}: lines and totals replaced; a new revision (EDITED) when approvals are required. */
export async function updateExpense(ctx: ServiceContext, id: number, raw: unknown, idempotencyKey?: string | null): Promise<ExpenseResult> {
  const input = parseInput(ExpenseInputSchema, raw);
  assertAmountsFit(input);
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'updateExpense', input: { id, ...input } }, rowLocks: true }, async ({ tx, audit }) => {
    const expense = await lockExpense(tx, neighborhoodId, id);
    if (!canEdit(expense)) throw new ConflictError('EXPENSE_NOT_EDITABLE');
    const refs = await resolveRefs(tx, neighborhoodId, input, await communityToday(tx, neighborhoodId));
    const totals = totalsData(input);
    await tx.expenseTax.deleteMany({ where: { expenseId: expense.id } });
    await tx.expenseLine.deleteMany({ where: { expenseId: expense.id } });
    const status = statusAfterEdit(expense);
    await tx.expense.update({
      where: { id: expense.id },
      data: {
        status,
        providerId: refs.providerId,
        expenseConceptId: refs.expenseConceptId,
        description: input.description,
        operationDate: day(input.operationDate),
        ...totals,
        revision: expense.approveRequired ? { increment: 1 } : undefined,
      },
    });
    await writeLines(tx, expense.id, input, refs);
    if (refs.cfdiIds.length) await linkExpenseCfdis(tx, { neighborhoodId, expenseId: expense.id, providerId: refs.providerId }, refs.cfdiIds, actor.userId);
    await audit({
      action: 'UPDATE',
      entity: 'Expense',
      entityId: expense.id,
      data: {
        from: { status: expense.status, total: formatMoney(expense.total), providerId: expense.providerId },
        to: { status, ...totals, providerId: refs.providerId, lines: input.lines.length },
      },
    });
    return { message: EXPENSE_MESSAGES.updated, id: expense.id };
  });
}

/** DELETE expenses/{id}: the row stays, DELETED. */
export async function deleteExpense(ctx: ServiceContext, id: number, idempotencyKey?: string | null): Promise<ExpenseResult> {
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'deleteExpense', input: { id } }, rowLocks: true }, async ({ tx, audit }) => {
    const expense = await lockExpense(tx, neighborhoodId, id);
    if (!canDelete(expense)) throw new ConflictError('EXPENSE_NOT_DELETABLE');
    await tx.expense.update({ where: { id: expense.id }, data: { status: 'DELETED', deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'Expense', entityId: expense.id, data: { from: expense.status, total: formatMoney(expense.total) } });
    return { message: EXPENSE_MESSAGES.deleted, id: expense.id };
  });
}

/** POST expenses/{id}/notification: the author asks every approver (e-mail through the outbox). */
export async function requestExpenseApproval(ctx: ServiceContext, id: number): Promise<ExpenseResult> {
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { rowLocks: true }, async ({ tx, audit, afterCommit }) => {
    const expense = await lockExpense(tx, neighborhoodId, id);
    if (!canAskApproval(expense, actor.userId)) throw new ConflictError('EXPENSE_APPROVAL_NOT_REQUESTABLE');
    const all = await tx.expenseApprover.findMany({
      where: approverWhere(neighborhoodId),
      include: { user: { select: { email: true, firstName: true } } },
    });
    // The author never approves their own expense: the others are asked; when the author is the only approver, they are told so.
    const approvers = all.filter((a) => a.userId !== actor.userId);
    if (!approvers.length) throw new ConflictError(all.length ? 'EXPENSE_OWN_ONLY_APPROVER' : 'EXPENSE_NO_APPROVERS');
    const community = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { name: true } });
    const label = expense.folio != null ? `${expense.serie ?? ''}${expense.serie ? '-' : ''}${expense.folio}` : `#${expense.id}`;
    for (const a of approvers)
      await queueEmail(tx, {
        to: a.user.email,
        neighborhoodId,
        subject: `Egreso ${label} pendiente de aprobación`,
        text: `Hola ${a.user.firstName}:\n\nSe solicita tu aprobación del egreso ${label} de ${community.name} por $${formatMoney(expense.total)}.\nRevísalo en /expenses/${expense.id}/detail para aprobarlo o rechazarlo.\n`,
      });
    afterCommit(() => kickMailer(ctx.prisma));
    await audit({
      action: 'ASK_APPROVAL',
      entity: 'Expense',
      entityId: expense.id,
      data: { revision: expense.revision, approvers: approvers.map((a) => a.userId) },
    });
    return { message: EXPENSE_MESSAGES.approvalRequested, id: expense.id };
  });
}

/** PUT expenses/{id}/approvement: an approver (not the author) approves or rejects the current revision. */
export async function decideExpense(ctx: ServiceContext, id: number, raw: unknown, idempotencyKey?: string | null): Promise<ExpenseResult> {
  const input = parseInput(DecideExpenseSchema, raw);
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'decideExpense', input: { id, ...input } }, rowLocks: true }, async ({ tx, audit }) => {
    const expense = await lockExpense(tx, neighborhoodId, id);
    const approverIds = (await tx.expenseApprover.findMany({ where: approverWhere(neighborhoodId), select: { userId: true } })).map((a) => a.userId);
    // The refusal says which rule applies (the author's own expense, no approvers, not an approver).
    const refusal = decideRefusal(expense, actor.userId, approverIds);
    if (refusal) throw new ConflictError(reason('EXPENSE_DECISION_REFUSED', { message: refusal }));
    const before = await tx.expenseApproval.findFirst({ where: { expenseId: expense.id, revision: expense.revision, userId: actor.userId } });
    if (before) throw new ConflictError('EXPENSE_ALREADY_DECIDED');
    await tx.expenseApproval.create({
      data: { expenseId: expense.id, userId: actor.userId, revision: expense.revision, accepted: input.accepted, comment: input.comment },
    });
    const status = input.accepted ? 'APPROVED' : 'REJECTED';
    await tx.expense.update({ where: { id: expense.id }, data: { status } });
    await audit({
      action: input.accepted ? 'APPROVE' : 'REJECT',
      entity: 'Expense',
      entityId: expense.id,
      data: { revision: expense.revision, comment: input.comment, from: expense.status, to: status },
    });
    return { message: input.accepted ? EXPENSE_MESSAGES.approved : EXPENSE_MESSAGES.rejected, id: expense.id };
  });
}

/** PUT expenses/{id}/pay: PAID from an account of the community; the ledger records the money leaving it (in transit). */
export async function payExpense(ctx: ServiceContext, id: number, raw: unknown, idempotencyKey?: string | null): Promise<ExpenseResult> {
  const input = parseInput(PayExpenseSchema, raw);
  let clabe: string | null = null;
  let bank = input.bank;
  if (input.paymentType === 'TRANSFER') {
    const problem = input.clabe ? checkClabe(input.clabe) : EXPENSE_MESSAGES.clabeRequired;
    if (problem) throw new InputError([{ field: 'clabe', message: problem }]);
    clabe = input.clabe!.trim();
    bank ??= clabeBankName(clabe);
    if (!bank) throw new InputError([{ field: 'bank', message: EXPENSE_MESSAGES.bankRequired }]);
  }
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  const accountId = idOf('IncomeAccount', input.accountId) ?? -1;
  const request = { operation: 'payExpense', input: { id, ...input } };
  return write(ctx, { idempotencyKey, request, rowLocks: true }, async ({ tx, audit }) => {
    const expense = await lockExpense(tx, neighborhoodId, id);
    if (!canPay(expense)) throw new ConflictError('EXPENSE_NOT_PAYABLE');
    const account = await tx.incomeAccount.findFirst({ where: { id: accountId, neighborhoodId, deletedAt: null }, select: { id: true } });
    if (!account) throw new InputError([{ field: 'accountId', message: EXPENSE_MESSAGES.accountNotFound }]);
    const today = await communityToday(tx, neighborhoodId);
    await tx.expense.update({
      where: { id: expense.id },
      data: {
        status: 'PAID',
        paymentDate: day(today),
        paymentMethod: input.paymentType,
        paymentAccountId: account.id,
        paymentBank: bank,
        paymentClabe: clabe,
        paidByUserId: actor.userId,
      },
    });
    await tx.communityLedgerEntry.create({
      data: {
        neighborhoodId,
        accountId: account.id,
        kind: 'EXPENSE_PAID',
        amount: money(expense.total.toFixed(2)).negated().toFixed(2),
        inTransit: true,
        expenseId: expense.id,
        groupId: randomUUID(),
        effectiveDate: day(today),
        createdByUserId: actor.userId,
      },
    });
    await audit({
      action: 'PAY',
      entity: 'Expense',
      entityId: expense.id,
      data: { from: expense.status, paymentType: input.paymentType, accountId: account.id, bank, clabe, total: formatMoney(expense.total), paymentDate: today },
    });
    return { message: EXPENSE_MESSAGES.paid, id: expense.id };
  });
}

/** PUT expenses/{id}/charge: the payment was cashed (CHARGED); the ledger moves it from in transit to the account. */
export async function chargeExpense(ctx: ServiceContext, id: number, raw: unknown, idempotencyKey?: string | null): Promise<ExpenseResult> {
  const input = parseInput(ChargeExpenseSchema, raw);
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  return write(ctx, { idempotencyKey, request: { operation: 'chargeExpense', input: { id, ...input } }, rowLocks: true }, async ({ tx, audit }) => {
    const expense = await lockExpense(tx, neighborhoodId, id);
    if (!canCharge(expense)) throw new ConflictError('EXPENSE_NOT_CHARGEABLE');
    if (expense.paymentMethod === 'CHECK' && !input.checkNumber)
      throw new InputError([{ field: 'checkNumber', message: 'El número de cheque es requerido para un pago con cheque' }]);
    const today = await communityToday(tx, neighborhoodId);
    await tx.expense.update({
      where: { id: expense.id },
      data: { status: 'CHARGED', cashDate: day(today), checkNumber: input.checkNumber, cashMethod: input.method, chargedByUserId: actor.userId },
    });
    const total = money(expense.total.toFixed(2));
    const groupId = randomUUID();
    const entry = {
      neighborhoodId,
      accountId: expense.paymentAccountId,
      kind: 'EXPENSE_CHARGED' as const,
      expenseId: expense.id,
      groupId,
      effectiveDate: day(today),
      createdByUserId: actor.userId,
    };
    await tx.communityLedgerEntry.createMany({
      data: [
        { ...entry, amount: total.toFixed(2), inTransit: true },
        { ...entry, amount: total.negated().toFixed(2), inTransit: false },
      ],
    });
    await audit({
      action: 'CHARGE',
      entity: 'Expense',
      entityId: expense.id,
      data: { checkNumber: input.checkNumber, method: input.method, total: formatMoney(total), cashDate: today },
    });
    return { message: EXPENSE_MESSAGES.charged, id: expense.id };
  });
}

// What the expense downloads read (spec 2 section 7, Downloads): the expense list's filters, the
// community's expenses in keyset batches (a year of expenses is drawn batch by batch, never held at once),
// the summary by concept and by status summed by the database, and one expense with everything its
// policy («póliza de egreso») prints.
import { isCalendarDay } from '../../../../../core/input.js';
import { formatMoney, money, type Money, sumMoney } from '../../../../../core/money.js';
import type { Prisma } from '../../../../db/generated/client.js';
import { communityOf, type ServiceContext } from '../../../../kernel/context.js';
import { InputError } from '../../../../kernel/errors.js';

export const EXPENSE_REPORT_READERS = ['AExpensesRead'] as const;
export const REPORT_BATCH = 500;

export const EXPENSE_STATUSES = ['NEW', 'EDITED', 'REJECTED', 'APPROVED', 'DELETED', 'INVOICE', 'PAID', 'CHARGED'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

export const EXPENSE_STATUS_NAMES: Record<ExpenseStatus, string> = {
  NEW: 'Nuevo',
  EDITED: 'Editado',
  REJECTED: 'Rechazado',
  APPROVED: 'Aprobado',
  DELETED: 'Eliminado',
  INVOICE: 'Facturado',
  PAID: 'Pagado',
  CHARGED: 'Cobrado',
};

export interface ExpenseReportFilter {
  status?: ExpenseStatus | null;
  from?: string | null;
  to?: string | null;
  fromPayment?: string | null;
  toPayment?: string | null;
  fromCharge?: string | null;
  toCharge?: string | null;
  providerId?: number | null;
  conceptId?: number | null;
}

function day(field: string, value: string | null | undefined): Date | undefined {
  if (value == null || value === '') return undefined;
  if (!isCalendarDay(value)) throw new InputError([{ field, message: 'La fecha debe tener el formato AAAA-MM-DD (años 1900 a 2999)' }]);
  return new Date(`${value}T00:00:00Z`);
}

function range(fromField: string, from: string | null | undefined, toField: string, to: string | null | undefined) {
  const gte = day(fromField, from);
  const lte = day(toField, to);
  if (gte && lte && gte > lte) throw new InputError([{ field: fromField, message: 'La fecha inicial debe ser anterior o igual a la final' }]);
  return gte || lte ? { ...(gte ? { gte } : {}), ...(lte ? { lte } : {}) } : undefined;
}

/** The filter as a Prisma where within the caller's community; deleted expenses only when asked by status. */
export function expenseReportWhere(ctx: ServiceContext, f: ExpenseReportFilter = {}): Prisma.ExpenseWhereInput {
  const operationDate = range('from', f.from, 'to', f.to);
  const paymentDate = range('fromPayment', f.fromPayment, 'toPayment', f.toPayment);
  const cashDate = range('fromCharge', f.fromCharge, 'toCharge', f.toCharge);
  return {
    neighborhoodId: communityOf(ctx),
    ...(f.status ? { status: f.status } : { status: { not: 'DELETED' }, deletedAt: null }),
    ...(operationDate ? { operationDate } : {}),
    ...(paymentDate ? { paymentDate } : {}),
    ...(cashDate ? { cashDate } : {}),
    ...(f.providerId != null ? { providerId: f.providerId } : {}),
    ...(f.conceptId != null ? { expenseConceptId: f.conceptId } : {}),
  };
}

export const reportRowSelect = {
  id: true,
  serie: true,
  folio: true,
  status: true,
  operationDate: true,
  description: true,
  subtotal: true,
  discount: true,
  transferredTaxes: true,
  retainedTaxes: true,
  total: true,
  paymentDate: true,
  cashDate: true,
  provider: { select: { name: true } },
  expenseConcept: { select: { concept: true } },
} satisfies Prisma.ExpenseSelect;

export type ReportRow = Prisma.ExpenseGetPayload<{ select: typeof reportRowSelect }>;

/** The filtered expenses in batches, by operation date then id (keyset on both). */
export async function* reportBatches(ctx: ServiceContext, where: Prisma.ExpenseWhereInput, batch = REPORT_BATCH): AsyncGenerator<ReportRow[]> {
  let after: { operationDate: Date; id: number } | null = null;
  for (;;) {
    const cut: Prisma.ExpenseWhereInput = after
      ? { OR: [{ operationDate: { gt: after.operationDate } }, { operationDate: after.operationDate, id: { gt: after.id } }] }
      : {};
    const rows: ReportRow[] = await ctx.prisma.expense.findMany({
      where: { AND: [where, cut] },
      select: reportRowSelect,
      orderBy: [{ operationDate: 'asc' }, { id: 'asc' }],
      take: batch,
    });
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { operationDate: last.operationDate, id: last.id };
  }
}

export const MONEY_COLUMNS = ['subtotal', 'discount', 'transferredTaxes', 'retainedTaxes', 'total'] as const;
export type MoneyColumn = (typeof MONEY_COLUMNS)[number];
export type Sums = Record<MoneyColumn, Money>;

export const zeroSums = (): Sums => ({ subtotal: money(0), discount: money(0), transferredTaxes: money(0), retainedTaxes: money(0), total: money(0) });

export function addSums(sums: Sums, row: Record<MoneyColumn, unknown>): Sums {
  for (const c of MONEY_COLUMNS) sums[c] = sums[c].plus(money(row[c] as string));
  return sums;
}

export interface SummaryLine {
  label: string;
  count: number;
  sums: Sums;
}

export interface ExpenseSummary {
  byConcept: SummaryLine[];
  byStatus: SummaryLine[];
  total: SummaryLine;
}

const sumsOf = (s: Partial<Record<MoneyColumn, unknown>> | null | undefined): Sums => {
  const out = zeroSums();
  for (const c of MONEY_COLUMNS) out[c] = money((s?.[c] as string | null) ?? '0');
  return out;
};

/** Counts and sums by concept and by status (summed by the database, exact decimals); the total is the sum of the concept lines. */
export async function expenseSummary(ctx: ServiceContext, where: Prisma.ExpenseWhereInput): Promise<ExpenseSummary> {
  const sum = { subtotal: true, discount: true, transferredTaxes: true, retainedTaxes: true, total: true } as const;
  const [concepts, statuses] = await Promise.all([
    ctx.prisma.expense.groupBy({ by: ['expenseConceptId'], where, _count: { _all: true }, _sum: sum }),
    ctx.prisma.expense.groupBy({ by: ['status'], where, _count: { _all: true }, _sum: sum }),
  ]);
  const names = new Map(
    (
      await ctx.prisma.expenseConcept.findMany({
        where: { id: { in: concepts.map((c) => c.expenseConceptId).filter((id): id is number => id !== null) } },
        select: { id: true, concept: true },
      })
    ).map((c) => [c.id, c.concept]),
  );
  const byConcept = concepts
    .map((c) => ({
      label: c.expenseConceptId === null ? 'Sin concepto' : (names.get(c.expenseConceptId) ?? 'Sin concepto'),
      count: c._count._all,
      sums: sumsOf(c._sum),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
  const byStatus = statuses
    .map((s) => ({
      label: EXPENSE_STATUS_NAMES[s.status as ExpenseStatus] ?? s.status,
      count: s._count._all,
      sums: sumsOf(s._sum),
      order: EXPENSE_STATUSES.indexOf(s.status as ExpenseStatus),
    }))
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...line }) => line);
  const total = { label: 'Total', count: byConcept.reduce((n, l) => n + l.count, 0), sums: zeroSums() };
  for (const c of MONEY_COLUMNS) total.sums[c] = sumMoney(byConcept.map((l) => l.sums[c]));
  return { byConcept, byStatus, total };
}

/** One expense with what its policy prints; null outside the caller's community. */
export async function policyExpense(ctx: ServiceContext, expenseId: number) {
  return ctx.prisma.expense.findFirst({
    where: { id: expenseId, neighborhoodId: communityOf(ctx) },
    include: {
      provider: { select: { name: true, rfc: true, bank: true, clabe: true, paymentMethod: true } },
      expenseConcept: { select: { concept: true, internalId: true } },
      paymentAccount: { select: { description: true, accountNumber: true } },
      group: { select: { serie: true, folio: true } },
      withdrawal: { select: { id: true, status: true } },
      lines: { orderBy: { position: 'asc' }, include: { expenseConcept: { select: { concept: true } } } },
      taxes: { orderBy: { id: 'asc' } },
      approvals: { orderBy: { id: 'asc' } },
    },
  });
}

export type PolicyExpense = NonNullable<Awaited<ReturnType<typeof policyExpense>>>;

export const folioOf = (e: { serie: string | null; folio: number | null; id: number }) =>
  e.folio != null ? `${e.serie ? `${e.serie}-` : ''}${e.folio}` : `#${e.id}`;

export const dayOf = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

export const fmt = (v: unknown) => formatMoney(v as string);

/** The filters as the reports print them, in Spanish. */
export function filterDescription(f: ExpenseReportFilter, names: { provider?: string | null; concept?: string | null }): string {
  const dmy = (iso: string) => iso.split('-').reverse().join('/');
  const parts: string[] = [];
  const span = (label: string, from?: string | null, to?: string | null) => {
    if (from && to) parts.push(`${label} del ${dmy(from)} al ${dmy(to)}`);
    else if (from) parts.push(`${label} desde el ${dmy(from)}`);
    else if (to) parts.push(`${label} hasta el ${dmy(to)}`);
  };
  if (f.status) parts.push(`Estado: ${EXPENSE_STATUS_NAMES[f.status]}`);
  span('Fecha', f.from, f.to);
  span('Pago', f.fromPayment, f.toPayment);
  span('Cobro', f.fromCharge, f.toCharge);
  if (names.provider) parts.push(`Proveedor: ${names.provider}`);
  if (names.concept) parts.push(`Concepto: ${names.concept}`);
  return parts.length ? parts.join(' · ') : 'Todos los egresos';
}

// Expense reads in one SQL statement (DESIGN.md section 9), as receipts/rows.ts: the page's ids are cut on the
// expense table alone (newest first, the filter's total as count(*) OVER () before the limit), then only those
// rows are joined to their provider, concept, group, paying account and author. Dates come back as YYYY-MM-DD
// text and money as numeric text, so nothing passes through a float or a time zone.
import { sql, type Expression, type SqlBool } from 'kysely';
import { AVAILABLE_FOR_WITHDRAWAL } from '../../../../../core/expenses.js';
import type { ExpensePaymentType, ExpenseStatus } from '../../../../db/generated/client.js';
import type { KyselyDb } from '../../../../db/client.js';
import type { KeysetPage } from '../../../../graphql/builder.js';

export interface ExpenseView {
  id: number;
  neighborhoodId: number;
  status: ExpenseStatus;
  provider: { id: number; name: string; rfc: string | null; paymentMethod: ExpensePaymentType; bank: string | null; clabe: string | null } | null;
  expenseConcept: { id: number; concept: string; internalId: string | null } | null;
  description: string | null;
  operationDate: string;
  serie: string | null;
  folio: number | null;
  subtotal: string;
  discount: string;
  transferredTaxes: string;
  retainedTaxes: string;
  total: string;
  approveRequired: boolean;
  invoiced: boolean;
  revision: number;
  group: { id: number; serie: string | null; folio: number } | null;
  withdrawalId: number | null;
  createdByUserId: number;
  createdByName: string | null;
  paymentDate: string | null;
  paymentMethod: ExpensePaymentType | null;
  paymentAccount: { id: number; description: string; accountType: string } | null;
  paymentBank: string | null;
  paymentClabe: string | null;
  cashDate: string | null;
  checkNumber: string | null;
  cashMethod: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ExpenseFilter {
  providerId?: number | null;
  status?: ExpenseStatus[] | null;
  groupSerie?: string | null;
  groupFolio?: number | null;
  conceptId?: number | null;
  from?: string | null;
  to?: string | null;
  fromPayment?: string | null;
  toPayment?: string | null;
  fromCharge?: string | null;
  toCharge?: string | null;
  onlyAvailable?: boolean | null;
  ids?: number[] | null;
  /** DELETED ones too (a single expense read by id); the list shows them only when the status filter asks. */
  withDeleted?: boolean;
}

const statusIn = (statuses: ExpenseStatus[]) => sql<SqlBool>`e.status IN (${sql.join(statuses.map((s) => sql`${s}::"ExpenseStatus"`))})`;

/** The list's conditions: every filter of spec 2 section 7. */
function conditions(neighborhoodId: number, f: ExpenseFilter): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [sql<SqlBool>`e."neighborhoodId" = ${neighborhoodId}`];
  if (f.onlyAvailable) c.push(statusIn(AVAILABLE_FOR_WITHDRAWAL), sql<SqlBool>`e."withdrawalId" IS NULL`);
  else if (f.status?.length) c.push(statusIn(f.status));
  else if (!f.withDeleted) c.push(sql<SqlBool>`e.status <> 'DELETED'::"ExpenseStatus"`);
  if (f.ids) c.push(f.ids.length ? sql<SqlBool>`e.id IN (${sql.join(f.ids)})` : sql<SqlBool>`false`);
  if (f.providerId != null) c.push(sql<SqlBool>`e."providerId" = ${f.providerId}`);
  if (f.conceptId != null)
    c.push(
      sql<SqlBool>`(e."expenseConceptId" = ${f.conceptId} OR EXISTS (SELECT 1 FROM "ExpenseLine" l WHERE l."expenseId" = e.id AND l."expenseConceptId" = ${f.conceptId}))`,
    );
  if (f.groupSerie || f.groupFolio != null) {
    const group = [sql<SqlBool>`g.id = e."groupId"`];
    if (f.groupSerie) group.push(sql<SqlBool>`lower(g.serie) = lower(${f.groupSerie})`);
    if (f.groupFolio != null) group.push(sql<SqlBool>`g.folio = ${f.groupFolio}`);
    c.push(sql<SqlBool>`EXISTS (SELECT 1 FROM "ExpenseGroup" g WHERE ${sql.join(group, sql` AND `)})`);
  }
  const range = (column: string, from?: string | null, to?: string | null) => {
    if (from) c.push(sql<SqlBool>`${sql.ref(column)} >= ${from}::date`);
    if (to) c.push(sql<SqlBool>`${sql.ref(column)} <= ${to}::date`);
  };
  range('e.operationDate', f.from, f.to);
  range('e.paymentDate', f.fromPayment, f.toPayment);
  range('e.cashDate', f.fromCharge, f.toCharge);
  return c;
}

const dateText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const moneyText = (column: string) => sql<string>`${sql.ref(column)}::text`;

/**
 * One page of expenses (newest first, or oldest first for a backwards page), with the filter's total when
 * asked and the page is not cut by a cursor (a cursor's page counts with expenseCount).
 */
export async function expensePage(
  k: KyselyDb,
  neighborhoodId: number,
  filter: ExpenseFilter,
  page: Pick<KeysetPage<number>, 'after' | 'before' | 'backwards' | 'limit' | 'offset'>,
  withTotal = false,
): Promise<{ rows: ExpenseView[]; total: number | null }> {
  const where = conditions(neighborhoodId, filter);
  const direction = page.backwards ? 'asc' : 'desc';
  const countInPage = withTotal && page.after == null && page.before == null;
  // The page's rows are read whole in the CTE (no second pass over the table) and the total is a scalar
  // count beside it, which PostgreSQL answers from the date index: a window count(*) OVER () walked every
  // expense of the community in id order to count a month.
  const rows = await k
    .with('page', (db) =>
      db
        .selectFrom('Expense as e')
        .selectAll('e')
        .where((eb) => eb.and(where))
        .$if(page.after != null, (qb) => qb.where('e.id', '<', page.after!))
        .$if(page.before != null, (qb) => qb.where('e.id', '>', page.before!))
        .orderBy('e.id', direction)
        .limit(page.limit)
        .offset(page.offset),
    )
    .selectFrom('page as e')
    .leftJoin('Provider as pr', 'pr.id', 'e.providerId')
    .leftJoin('ExpenseConcept as c', 'c.id', 'e.expenseConceptId')
    .leftJoin('ExpenseGroup as g', 'g.id', 'e.groupId')
    .leftJoin('IncomeAccount as a', 'a.id', 'e.paymentAccountId')
    .leftJoin('User as u', 'u.id', 'e.createdByUserId')
    .select([
      'e.id',
      'e.neighborhoodId',
      'e.status',
      'pr.id as providerId',
      'pr.name as providerName',
      'pr.rfc as providerRfc',
      'pr.paymentMethod as providerPaymentMethod',
      'pr.bank as providerBank',
      'pr.clabe as providerClabe',
      'c.id as conceptId',
      'c.concept as conceptName',
      'c.internalId as conceptInternalId',
      'e.description',
      dateText('e.operationDate').as('operationDate'),
      'e.serie',
      'e.folio',
      moneyText('e.subtotal').as('subtotal'),
      moneyText('e.discount').as('discount'),
      moneyText('e.transferredTaxes').as('transferredTaxes'),
      moneyText('e.retainedTaxes').as('retainedTaxes'),
      moneyText('e.total').as('total'),
      'e.approveRequired',
      'e.invoiced',
      'e.revision',
      'g.id as groupId',
      'g.serie as groupSerie',
      'g.folio as groupFolio',
      'e.withdrawalId',
      'e.createdByUserId',
      'u.firstName as creatorFirstName',
      'u.lastName as creatorLastName',
      dateText('e.paymentDate').as('paymentDate'),
      'e.paymentMethod',
      'a.id as accountId',
      'a.description as accountDescription',
      'a.accountType',
      'e.paymentBank',
      'e.paymentClabe',
      dateText('e.cashDate').as('cashDate'),
      'e.checkNumber',
      'e.cashMethod',
      sql<Date>`e."createdAt" AT TIME ZONE 'UTC'`.as('createdAt'),
      sql<Date>`e."updatedAt" AT TIME ZONE 'UTC'`.as('updatedAt'),
    ])
    .$if(countInPage, (qb) => qb.select(sql<string>`(SELECT count(*) FROM "Expense" e WHERE ${sql.join(where, sql` AND `)})`.as('matching')))
    .orderBy('e.id', direction)
    .execute();
  let total: number | null = null;
  if (countInPage && rows.length) total = Number((rows[0] as { matching?: string }).matching);
  else if (countInPage && page.offset === 0) total = 0;
  else if (withTotal) total = await expenseCount(k, neighborhoodId, filter);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      neighborhoodId: r.neighborhoodId,
      status: r.status as ExpenseStatus,
      provider:
        r.providerId == null
          ? null
          : {
              id: r.providerId,
              name: r.providerName!,
              rfc: r.providerRfc,
              paymentMethod: r.providerPaymentMethod as ExpensePaymentType,
              bank: r.providerBank,
              clabe: r.providerClabe,
            },
      expenseConcept: r.conceptId == null ? null : { id: r.conceptId, concept: r.conceptName!, internalId: r.conceptInternalId },
      description: r.description,
      operationDate: r.operationDate!,
      serie: r.serie,
      folio: r.folio,
      subtotal: r.subtotal,
      discount: r.discount,
      transferredTaxes: r.transferredTaxes,
      retainedTaxes: r.retainedTaxes,
      total: r.total,
      approveRequired: r.approveRequired,
      invoiced: r.invoiced,
      revision: r.revision,
      group: r.groupId == null ? null : { id: r.groupId, serie: r.groupSerie, folio: r.groupFolio! },
      withdrawalId: r.withdrawalId,
      createdByUserId: r.createdByUserId,
      createdByName: [r.creatorFirstName, r.creatorLastName].filter(Boolean).join(' ') || null,
      paymentDate: r.paymentDate,
      paymentMethod: r.paymentMethod as ExpensePaymentType | null,
      paymentAccount: r.accountId == null ? null : { id: r.accountId, description: r.accountDescription!, accountType: r.accountType! },
      paymentBank: r.paymentBank,
      paymentClabe: r.paymentClabe,
      cashDate: r.cashDate,
      checkNumber: r.checkNumber,
      cashMethod: r.cashMethod,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })),
  };
}

/** How many expenses match a filter. */
export async function expenseCount(k: KyselyDb, neighborhoodId: number, filter: ExpenseFilter): Promise<number> {
  const where = conditions(neighborhoodId, filter);
  const [row] = await k
    .selectFrom('Expense as e')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.and(where))
    .execute();
  return Number(row.n);
}

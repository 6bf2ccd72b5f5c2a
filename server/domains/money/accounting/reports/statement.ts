// The neighbourhood statement (spec 2 sections 2 and 7: /neighborhood-statements, GET …/statements): the
// community's own money in a period. Its money is what came in from the houses (ledger DEPOSITs net of
// chargebacks, as the incomes report counts them), less the gateway fees it absorbed, plus its own ledger
// (CommunityLedgerEntry: expenses paid and cleared, withdrawals from the gateway balance to an account).
// Per place where the money is (the gateway balance, each income account, money with no account):
// opening + incomes − fees − expenses + withdrawals = closing, to the cent. A withdrawal moves money from
// the gateway to an account (its two sides cancel but for the payout's fee, which is what the total
// shows); a cleared expense payment moves money out of transit (no change to the total).
import { sql } from 'kysely';
import { addDays } from '../../../../../core/input.js';
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { type AccountRow, accountBalances } from './balances.js';
import { accountLabel, incomesSummary, localDay, localMidnight, type ReportLine, reportLabels } from './incomes.js';
import type { Period } from './period.js';

export const STATEMENT_READERS = ['AStatementsRead'] as const;

export interface StatementAccount {
  key: string;
  label: string;
  opening: string;
  incomes: string;
  gatewayFees: string;
  expenses: string;
  withdrawals: string;
  closing: string;
  /** Of the closing balance, payments issued (checks, transfers) not yet cleared by the bank (negative). */
  inTransit: string;
}

export interface NeighborhoodStatement {
  period: Period;
  opening: string;
  incomes: string;
  gatewayFees: string;
  expenses: string;
  /** The net of the period's withdrawals: minus their payout fees. */
  withdrawalFees: string;
  /** Money moved from the gateway balance to the accounts in the period (informative). */
  withdrawn: string;
  closing: string;
  inTransit: string;
  accounts: StatementAccount[];
  incomesByConcept: ReportLine[];
  expensesByConcept: ReportLine[];
}

export async function neighborhoodStatement(ctx: ServiceContext, p: Period & { neighborhoodId: number }): Promise<NeighborhoodStatement> {
  const n = p.neighborhoodId;
  const expenseDay = p.dateKind === 'SYSTEM_DATE' ? localDay(sql`e."createdAt"`, p.timeZone) : sql`e."effectiveDate"`;
  const expenseRange =
    p.dateKind === 'SYSTEM_DATE'
      ? sql`e."createdAt" >= ${localMidnight(p.from, p.timeZone)} AND e."createdAt" < ${localMidnight(addDays(p.to, 1), p.timeZone)}`
      : sql`e."effectiveDate" BETWEEN ${p.from}::date AND ${p.to}::date`;
  const byConcept = sql<{ conceptId: number | null; concept: string | null; count: number; amount: string }>`
    SELECT x."expenseConceptId" AS "conceptId", ec.concept, count(*)::int AS count, (-sum(e.amount))::text AS amount
    FROM "CommunityLedgerEntry" e
    JOIN "Expense" x ON x.id = e."expenseId"
    LEFT JOIN "ExpenseConcept" ec ON ec.id = x."expenseConceptId"
    WHERE e."neighborhoodId" = ${n} AND e.kind = 'EXPENSE_PAID' AND ${expenseRange} AND ${expenseDay} IS NOT NULL
    GROUP BY x."expenseConceptId", ec.concept`;
  const k = ctx.db.kysely;
  const [rows, concepts, incomes, l] = await Promise.all([accountBalances(ctx.db, n, p), byConcept.execute(k), incomesSummary(ctx, p), reportLabels(ctx, n)]);
  const order = { GATEWAY: 0, ACCOUNT: 1, NONE: 2 } as Record<string, number>;
  const accounts: StatementAccount[] = rows
    .map((r) => ({
      key: `${r.accountKind}:${r.accountId ?? ''}`,
      label: accountLabel(l, r.accountKind, r.accountId),
      opening: formatMoney(r.opening),
      incomes: formatMoney(r.incomes),
      gatewayFees: formatMoney(money(r.fees).negated()),
      expenses: formatMoney(money(r.expenses).negated()),
      withdrawals: formatMoney(r.withdrawals),
      closing: formatMoney(r.closing),
      inTransit: formatMoney(r.inTransit),
      sortKey: order[r.accountKind] ?? 3,
    }))
    .sort((a, b) => a.sortKey - b.sortKey || a.label.localeCompare(b.label, 'es'))
    .map(({ sortKey: _s, ...a }) => a);
  const total = (f: keyof AccountRow) => sumMoney(rows.map((r) => r[f] as string));
  const opening = total('opening');
  const incomesTotal = total('incomes');
  const fees = total('fees').negated();
  const expenses = total('expenses').negated();
  const withdrawals = total('withdrawals');
  return {
    period: p,
    opening: formatMoney(opening),
    incomes: formatMoney(incomesTotal),
    gatewayFees: formatMoney(fees),
    expenses: formatMoney(expenses),
    withdrawalFees: formatMoney(withdrawals.negated()),
    withdrawn: formatMoney(total('withdrawn')),
    // Computed from the parts, and equal to the database's own sum (a test checks both).
    closing: formatMoney(opening.plus(incomesTotal).minus(fees).minus(expenses).plus(withdrawals)),
    inTransit: formatMoney(total('inTransit')),
    accounts,
    incomesByConcept: incomes.byConcept,
    expensesByConcept: concepts.rows
      .map((c) => ({ key: String(c.conceptId ?? 'NONE'), label: c.concept ?? 'Sin concepto', count: c.count, amount: formatMoney(c.amount) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'es')),
  };
}

/** The database's closing balance summed directly (the statement's closing must equal it). */
export function statementClosingCheck(s: NeighborhoodStatement): string {
  return formatMoney(sumMoney(s.accounts.map((a) => a.closing)));
}

// The dashboard's money widgets (spec 2 "Dashboard money widgets", spec 3 "Dashboard data"): monthly incomes,
// monthly outcomes per expense concept, debts per key, the latest paid and in-review receipts and the
// community's gateway panel. Each widget is one or two set-based statements over the session's community;
// dates are the community's (its time zone), as /work/notes/decisions-dashboard.md explains.
import { sql } from 'kysely';
import { gatewayFee } from '../../../../core/payments.js';
import { clabeBankName } from '../../../../core/validators.js';
import { formatMoney, money, sumMoney } from '../../../../core/money.js';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import { gatewayAccount, gatewayFor } from '../../../infra/gateway/index.js';
import { InputError } from '../../../kernel/errors.js';
import { todayIn } from '../../../../core/receipts.js';
import { accountBalances } from '../../money/accounting/reports/balances.js';

type Ctx = Pick<ServiceContext, 'actor' | 'db'>;

export interface MonthlyIncome {
  /** YYYY-MM in the community's time zone. */
  month: string;
  /** Money that came in (DEPOSIT entries of the house ledger, less their reversals), two decimals. */
  amount: string;
  /** Payments (DEPOSIT entries) of the month. */
  payments: number;
}

/**
 * The last `months` months (the current one included), oldest first, every month listed: what the houses
 * paid in, by the day the platform recorded it (SYSTEM_DATE), less chargebacks' reversals of those deposits.
 */
export async function monthlyIncomes(ctx: Ctx, months = 12): Promise<MonthlyIncome[]> {
  if (!Number.isInteger(months) || months < 1 || months > 36) throw new InputError([{ field: 'months', message: 'Elige de 1 a 36 meses' }]);
  const n = communityOf(ctx);
  const { rows } = await sql<MonthlyIncome>`
    WITH n AS (SELECT "timeZone" AS tz FROM "Neighborhood" WHERE id = ${n}),
    months AS (
      SELECT generate_series(date_trunc('month', now() AT TIME ZONE n.tz) - make_interval(months => ${months - 1}),
                             date_trunc('month', now() AT TIME ZONE n.tz), interval '1 month') AS m
      FROM n
    ),
    moves AS (
      SELECT date_trunc('month', (le."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE n.tz) AS m, le.kind, le.amount
      FROM "LedgerEntry" le
      CROSS JOIN n
      LEFT JOIN "LedgerEntry" r ON r.id = le."reversesId"
      WHERE le."neighborhoodId" = ${n}
        AND le."createdAt" >= (((SELECT min(m) FROM months) AT TIME ZONE n.tz) AT TIME ZONE 'UTC')
        AND (le.kind = 'DEPOSIT' OR (le.kind = 'REVERSAL' AND r.kind = 'DEPOSIT'))
    )
    SELECT to_char(months.m, 'YYYY-MM') AS month,
           coalesce(sum(moves.amount), 0)::text AS amount,
           count(moves.kind) FILTER (WHERE moves.kind = 'DEPOSIT')::int AS payments
    FROM months LEFT JOIN moves ON moves.m = months.m
    GROUP BY months.m
    ORDER BY months.m
  `.execute(ctx.db.kysely);
  return rows.map((r) => ({ ...r, amount: formatMoney(r.amount) }));
}

export interface MonthlyOutcome {
  conceptId: number | null;
  /** The expense concept's name; '' for expenses without a concept. */
  concept: string;
  /** Charged to the community: expenses of the month by operation date, except rejected and deleted ones. */
  amountCharged: string;
  /** Paid: expenses PAID or CHARGED whose payment date falls in the month. */
  amountPaid: string;
}

export interface MonthlyOutcomes {
  /** YYYY-MM */
  month: string;
  concepts: MonthlyOutcome[];
  totalCharged: string;
  totalPaid: string;
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The community's current month (YYYY-MM, in its time zone). */
async function currentMonth(ctx: Ctx, n: number): Promise<string> {
  const { rows } = await sql<{ month: string }>`
    SELECT to_char(now() AT TIME ZONE "timeZone", 'YYYY-MM') AS month FROM "Neighborhood" WHERE id = ${n}
  `.execute(ctx.db.kysely);
  return rows[0]!.month;
}

/** Monthly outcomes: per expense concept, what the month charged against what it paid (largest first). */
export async function monthlyOutcomes(ctx: Ctx, period?: string | null): Promise<MonthlyOutcomes> {
  const n = communityOf(ctx);
  const month = period ?? (await currentMonth(ctx, n));
  const match = PERIOD.exec(month);
  if (!match || Number(match[1]) < 2000 || Number(match[1]) > 2100) throw new InputError([{ field: 'month', message: 'El mes debe tener la forma AAAA-MM' }]);
  const start = `${month}-01`;
  const { rows } = await sql<{ conceptId: number | null; concept: string | null; charged: string; paid: string }>`
    WITH b AS (SELECT ${start}::date AS start, (${start}::date + interval '1 month')::date AS stop)
    SELECT e."expenseConceptId" AS "conceptId", ec.concept,
           coalesce(sum(e.total) FILTER (WHERE e."operationDate" >= b.start AND e."operationDate" < b.stop
                                          AND e.status NOT IN ('REJECTED', 'DELETED')), 0)::text AS charged,
           coalesce(sum(e.total) FILTER (WHERE e."paymentDate" >= b.start AND e."paymentDate" < b.stop
                                          AND e.status IN ('PAID', 'CHARGED')), 0)::text AS paid
    FROM "Expense" e
    CROSS JOIN b
    LEFT JOIN "ExpenseConcept" ec ON ec.id = e."expenseConceptId"
    WHERE e."neighborhoodId" = ${n} AND e."deletedAt" IS NULL
      AND ((e."operationDate" >= b.start AND e."operationDate" < b.stop) OR (e."paymentDate" >= b.start AND e."paymentDate" < b.stop))
    GROUP BY e."expenseConceptId", ec.concept
  `.execute(ctx.db.kysely);
  const concepts = rows
    .map((r) => ({ conceptId: r.conceptId, concept: r.concept ?? '', amountCharged: formatMoney(r.charged), amountPaid: formatMoney(r.paid) }))
    .filter((c) => !money(c.amountCharged).isZero() || !money(c.amountPaid).isZero())
    .sort((a, b) => money(b.amountCharged).plus(b.amountPaid).comparedTo(money(a.amountCharged).plus(a.amountPaid)) || a.concept.localeCompare(b.concept));
  return {
    month,
    concepts,
    totalCharged: formatMoney(sumMoney(concepts.map((c) => c.amountCharged))),
    totalPaid: formatMoney(sumMoney(concepts.map((c) => c.amountPaid))),
  };
}

export const DEBT_GROUPINGS = ['AGE', 'STREET'] as const;
export type DebtGrouping = (typeof DEBT_GROUPINGS)[number];
/** Keys of the AGE grouping, in the chart's order: days overdue, then debts kept in the wallets. */
export const DEBT_AGE_KEYS = ['DAYS_1_30', 'DAYS_31_60', 'DAYS_61_90', 'DAYS_91_180', 'DAYS_181_PLUS', 'BALANCE'] as const;
/** STREET keys beyond this many are summed into OTHER, so the stats still add up to the total. */
export const DEBT_STREET_LIMIT = 12;

export interface DebtStat {
  /** AGE: one of DEBT_AGE_KEYS; STREET: the street's name, NO_STREET or OTHER. */
  key: string;
  amount: string;
  /** Houses with debt under this key. */
  houses: number;
}

export interface Debts {
  by: DebtGrouping;
  stats: DebtStat[];
  /** The sum of the stats: the community's debt. */
  total: string;
  /** Houses owing anything. */
  houses: number;
}

/**
 * The community's debt (houses not DELETED): its overdue pending receipts (due before today, not paid, not
 * deleted, not a wallet credit) plus its houses' negative wallet balances (initial debts, deleted receipts'
 * debts, adjustments), grouped by age of the receipt (AGE; wallet debts under BALANCE) or by street.
 */
export async function debts(ctx: Ctx, by: DebtGrouping = 'AGE'): Promise<Debts> {
  const n = communityOf(ctx);
  const key =
    by === 'AGE'
      ? sql`CASE WHEN d.days IS NULL THEN 'BALANCE' WHEN d.days <= 30 THEN 'DAYS_1_30' WHEN d.days <= 60 THEN 'DAYS_31_60'
                 WHEN d.days <= 90 THEN 'DAYS_61_90' WHEN d.days <= 180 THEN 'DAYS_91_180' ELSE 'DAYS_181_PLUS' END`
      : sql`coalesce(s.name, 'NO_STREET')`;
  // One pass over the receipts and the ledger: the keys' rows, and (the empty grouping set) the houses owing
  // anything, counted once however many keys they appear under.
  const { rows: grouped } = await sql<{ key: string; amount: string; houses: number; whole: number }>`
    WITH today AS (SELECT (now() AT TIME ZONE "timeZone")::date AS d FROM "Neighborhood" WHERE id = ${n}),
    d AS (
      -- Each house's overdue receipts summed per age bucket (its upper bound in days), so the keys below and
      -- the houses' count work on a few rows per house instead of every receipt.
      SELECT r."houseId", CASE WHEN today.d - r."dueDate" <= 30 THEN 30 WHEN today.d - r."dueDate" <= 60 THEN 60
                               WHEN today.d - r."dueDate" <= 90 THEN 90 WHEN today.d - r."dueDate" <= 180 THEN 180 ELSE 181 END AS days,
             sum(r.amount) AS amount
      FROM "Receipt" r CROSS JOIN today
      WHERE r."neighborhoodId" = ${n} AND r."deletedAt" IS NULL AND r.status <> 'PAID' AND NOT r."creditsWallet"
        AND r."dueDate" < today.d AND r.amount > 0
      GROUP BY 1, 2
      UNION ALL
      SELECT b."houseId", NULL, -b.balance FROM "HouseWalletBalance" b WHERE b."neighborhoodId" = ${n} AND b.balance < 0
    ),
    keyed AS (
      SELECT ${key} AS key, d.amount, d."houseId"
      FROM d
      JOIN "House" h ON h.id = d."houseId" AND h.status <> 'DELETED'
      LEFT JOIN "Street" s ON s.id = h."streetId"
    )
    SELECT key, sum(amount)::text AS amount, count(DISTINCT "houseId")::int AS houses, GROUPING(key)::int AS whole
    FROM keyed
    GROUP BY GROUPING SETS ((key), ())
  `.execute(ctx.db.kysely);
  const rows = grouped.filter((r) => r.whole === 0);
  const owing = grouped.find((r) => r.whole === 1)?.houses ?? 0;
  let stats: DebtStat[] = rows.map((r) => ({ key: r.key, amount: formatMoney(r.amount), houses: r.houses }));
  if (by === 'AGE') {
    stats = DEBT_AGE_KEYS.map((k) => stats.find((s) => s.key === k) ?? { key: k, amount: '0.00', houses: 0 });
  } else {
    stats.sort((a, b) => money(b.amount).comparedTo(money(a.amount)) || a.key.localeCompare(b.key));
    if (stats.length > DEBT_STREET_LIMIT) {
      const rest = stats.slice(DEBT_STREET_LIMIT - 1);
      stats = [
        ...stats.slice(0, DEBT_STREET_LIMIT - 1),
        { key: 'OTHER', amount: formatMoney(sumMoney(rest.map((s) => s.amount))), houses: rest.reduce((sum, s) => sum + s.houses, 0) },
      ];
    }
  }
  return { by, stats, total: formatMoney(sumMoney(stats.map((s) => s.amount))), houses: owing };
}

export interface ReceiptIds {
  ids: number[];
  /** Every receipt of the list (for "see all"). */
  total: number;
}

export const LATEST_PAGE_SIZE = 5;

function page(limit?: number | null, offset?: number | null) {
  const size = limit ?? LATEST_PAGE_SIZE;
  const skip = offset ?? 0;
  if (!Number.isInteger(size) || size < 1 || size > 100) throw new InputError([{ field: 'first', message: 'Pide de 1 a 100 recibos' }]);
  if (!Number.isInteger(skip) || skip < 0 || skip > 100_000) throw new InputError([{ field: 'offset', message: 'El desplazamiento no es válido' }]);
  return { size, skip };
}

/** Latest paid receipts: newest payment first. */
export async function latestPaidReceipts(ctx: Ctx, limit?: number | null, offset?: number | null): Promise<ReceiptIds> {
  const n = communityOf(ctx);
  const { size, skip } = page(limit, offset);
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<{ id: number }>`
      SELECT id FROM "Receipt"
      WHERE "neighborhoodId" = ${n} AND status = 'PAID' AND "deletedAt" IS NULL AND "paymentDate" IS NOT NULL
      ORDER BY "paymentDate" DESC, id DESC
      LIMIT ${size} OFFSET ${skip}
    `.execute(ctx.db.kysely),
    sql<{ total: number }>`
      SELECT count(*)::int AS total FROM "Receipt" WHERE "neighborhoodId" = ${n} AND status = 'PAID' AND "deletedAt" IS NULL AND "paymentDate" IS NOT NULL
    `.execute(ctx.db.kysely),
  ]);
  return { ids: rows.map((r) => r.id), total: count[0]?.total ?? 0 };
}

/** Latest receipts in review (an external payment waiting for the administrator): newest first. */
export async function latestInReviewReceipts(ctx: Ctx, limit?: number | null, offset?: number | null): Promise<ReceiptIds> {
  const n = communityOf(ctx);
  const { size, skip } = page(limit, offset);
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<{ id: number }>`
      SELECT id FROM "Receipt" WHERE "neighborhoodId" = ${n} AND status = 'REVIEW' AND "deletedAt" IS NULL
      ORDER BY "updatedAt" DESC, id DESC
      LIMIT ${size} OFFSET ${skip}
    `.execute(ctx.db.kysely),
    sql<{ total: number }>`
      SELECT count(*)::int AS total FROM "Receipt" WHERE "neighborhoodId" = ${n} AND status = 'REVIEW' AND "deletedAt" IS NULL
    `.execute(ctx.db.kysely),
  ]);
  return { ids: rows.map((r) => r.id), total: count[0]?.total ?? 0 };
}

/** The session house's pending receipts (not paid, not deleted): the next due first. */
export async function ownPendingReceipts(ctx: Ctx, houseId: number, limit?: number | null): Promise<ReceiptIds> {
  const n = communityOf(ctx);
  const { size } = page(limit, 0);
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<{ id: number }>`
      SELECT id FROM "Receipt"
      WHERE "neighborhoodId" = ${n} AND "houseId" = ${houseId} AND status <> 'PAID' AND "deletedAt" IS NULL
      ORDER BY "dueDate" ASC, id ASC
      LIMIT ${size}
    `.execute(ctx.db.kysely),
    sql<{ total: number }>`
      SELECT count(*)::int AS total FROM "Receipt"
      WHERE "neighborhoodId" = ${n} AND "houseId" = ${houseId} AND status <> 'PAID' AND "deletedAt" IS NULL
    `.execute(ctx.db.kysely),
  ]);
  return { ids: rows.map((r) => r.id), total: count[0]?.total ?? 0 };
}

export interface GatewayPanel {
  gatewayName: string;
  /** Whether the community's gateway keys are set (payments can be taken). */
  configured: boolean;
  /** The community's money at the gateway: online deposits less chargebacks, the fees it pays, payouts and their fees. */
  balance: string;
  /** Online payments received (card, store and bank deposits). */
  payments: number;
  /** The community's own CLABE for SPEI deposits to its gateway account, as its administrator set it (gateway keys). */
  clabe: string | null;
  bankName: string | null;
  /** The gateway's fee of a SPEI deposit. */
  depositFee: string;
}

/** The wallet panel of the community (PAGO_EN_LINEA only; null otherwise). */
export async function gatewayPanel(ctx: Pick<ServiceContext, 'actor' | 'db' | 'config'>): Promise<GatewayPanel | null> {
  const n = communityOf(ctx);
  const community = await ctx.db.prisma.neighborhood.findUnique({ where: { id: n }, select: { modules: true, timeZone: true, gatewayClabe: true } });
  if (!community?.modules.includes('PAGO_EN_LINEA')) return null;
  // The gateway's balance as the community statement counts it (reports/statement.ts: the payments the
  // gateway moved, less chargebacks, the fees the community pays, payouts and their fees), up to today.
  const today = todayIn(community.timeZone);
  const [places, { rows }] = await Promise.all([
    accountBalances(ctx.db, n, { dateKind: 'SYSTEM_DATE', from: today, to: today, timeZone: community.timeZone }),
    sql<{ payments: number }>`
      SELECT count(*)::int AS payments FROM "LedgerEntry" le
       WHERE le."neighborhoodId" = ${n} AND le.kind = 'DEPOSIT' AND le."chargeId" IS NOT NULL`.execute(ctx.db.kysely),
  ]);
  const row = { balance: places.find((p) => p.accountKind === 'GATEWAY')?.closing ?? '0', payments: rows[0]?.payments ?? 0 };
  const account = await gatewayAccount(ctx.db.prisma, ctx.config, n).catch(() => null);
  return {
    gatewayName: gatewayFor(ctx).name,
    configured: !!account,
    balance: formatMoney(row.balance),
    payments: row.payments,
    clabe: community.gatewayClabe,
    bankName: community.gatewayClabe ? clabeBankName(community.gatewayClabe) : null,
    depositFee: formatMoney(gatewayFee('BANK', '0')),
  };
}

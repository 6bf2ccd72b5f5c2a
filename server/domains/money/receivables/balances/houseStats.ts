// A house in figures (GET /neighborhoods/{n}/houses/{h}/stats and the house's page): its pending and
// overdue debt, what it has paid and how punctually, its wallets against its debt, and the money it paid
// in per month, as the dashboard's widgets count them for the whole community. Administrators read any
// house of their community; house users their own (without houseId).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { sql } from 'kysely';
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import { builder, grants } from '../../../../graphql/builder.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { InputError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { communityToday } from '../../../../kernel/today.js';
import { BALANCE_ADMIN, BALANCE_READERS, balanceOf } from './service.js';

export const HOUSE_STATS_READERS = BALANCE_READERS;
export const HOUSE_STATS_ADMIN = BALANCE_ADMIN;
export const HOUSE_STATS_MONTHS = 12;

export interface HouseMonthlyPayment {
  /** YYYY-MM in the community's time zone. */
  month: string;
  /** Money paid in (deposits less their reversals) recorded in the month. */
  amount: string;
  payments: number;
}

export interface HouseStats {
  houseId: number;
  /** The day the figures were read for (today in the community's time zone): overdue means due before it. */
  asOf: string;
  pendingReceipts: number;
  pendingAmount: string;
  overdueReceipts: number;
  overdueAmount: string;
  oldestOverdueDueDate: string | null;
  paidReceipts: number;
  paidAmount: string;
  /** Paid receipts whose payment day was on or before their due date. */
  paidOnTime: number;
  lastPaymentDate: string | null;
  /** The sum of the house's wallets (positive in its favour). */
  walletsTotal: string;
  /** Wallets minus pending debt: what the house would have (or owe) after paying every pending receipt. */
  position: string;
  monthlyPayments: HouseMonthlyPayment[];
}

interface ReceiptFigures {
  pending: number;
  pending_amount: string;
  overdue: number;
  overdue_amount: string;
  oldest_overdue: string | null;
  paid: number;
  paid_amount: string;
  paid_on_time: number;
  last_payment: string | null;
}

/** The stats of one house; the house scope is the balances' (FOREIGN_BALANCE for another house, 404 for another community's). */
export async function houseStats(ctx: ServiceContext, houseId: number | null, months = HOUSE_STATS_MONTHS): Promise<HouseStats> {
  if (!Number.isInteger(months) || months < 1 || months > 36) throw new InputError([{ field: 'months', message: 'Elige de 1 a 36 meses' }]);
  const house = await targetHouse(ctx, houseId, HOUSE_STATS_ADMIN, 'FOREIGN_BALANCE');
  const today = await communityToday(ctx.prisma, house.neighborhoodId);
  const db = ctx.db.kysely;
  const [figures, monthly, balance] = await Promise.all([
    // Pending debt as the balance counts it (manual payment requests credit a wallet: they are no debt).
    sql<ReceiptFigures>`
      WITH tz AS (SELECT "timeZone" AS tz FROM "Neighborhood" WHERE id = ${house.neighborhoodId}),
      r AS (
        SELECT rc.status, rc.amount, rc."dueDate", rc."creditsWallet",
               coalesce(rc."realPaymentDate", ((rc."paymentDate" AT TIME ZONE 'UTC') AT TIME ZONE tz.tz)::date) AS paid_day
        FROM "Receipt" rc CROSS JOIN tz
        WHERE rc."neighborhoodId" = ${house.neighborhoodId} AND rc."houseId" = ${house.id} AND rc."deletedAt" IS NULL
      )
      SELECT
        count(*) FILTER (WHERE status <> 'PAID' AND NOT "creditsWallet")::int AS pending,
        coalesce(sum(amount) FILTER (WHERE status <> 'PAID' AND NOT "creditsWallet"), 0)::text AS pending_amount,
        count(*) FILTER (WHERE status <> 'PAID' AND NOT "creditsWallet" AND "dueDate" < ${today}::date)::int AS overdue,
        coalesce(sum(amount) FILTER (WHERE status <> 'PAID' AND NOT "creditsWallet" AND "dueDate" < ${today}::date), 0)::text AS overdue_amount,
        to_char(min("dueDate") FILTER (WHERE status <> 'PAID' AND NOT "creditsWallet" AND "dueDate" < ${today}::date), 'YYYY-MM-DD') AS oldest_overdue,
        count(*) FILTER (WHERE status = 'PAID')::int AS paid,
        coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0)::text AS paid_amount,
        count(*) FILTER (WHERE status = 'PAID' AND paid_day <= "dueDate")::int AS paid_on_time,
        to_char(max(paid_day) FILTER (WHERE status = 'PAID'), 'YYYY-MM-DD') AS last_payment
      FROM r
    `.execute(db),
    // The dashboard's monthly incomes (community/dashboard/money.ts) for this house alone.
    sql<HouseMonthlyPayment>`
      WITH n AS (SELECT "timeZone" AS tz FROM "Neighborhood" WHERE id = ${house.neighborhoodId}),
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
        WHERE le."neighborhoodId" = ${house.neighborhoodId} AND le."houseId" = ${house.id}
          AND le."createdAt" >= (((SELECT min(m) FROM months) AT TIME ZONE n.tz) AT TIME ZONE 'UTC')
          AND (le.kind = 'DEPOSIT' OR (le.kind = 'REVERSAL' AND r.kind = 'DEPOSIT'))
      )
      SELECT to_char(months.m, 'YYYY-MM') AS month,
             coalesce(sum(moves.amount), 0)::text AS amount,
             count(moves.kind) FILTER (WHERE moves.kind = 'DEPOSIT')::int AS payments
      FROM months LEFT JOIN moves ON moves.m = months.m
      GROUP BY months.m
      ORDER BY months.m
    `.execute(db),
    balanceOf(ctx.prisma, house.neighborhoodId, house.id),
  ]);
  const f = figures.rows[0]!;
  const walletsTotal = sumMoney(balance.wallets.map((w) => w.balance));
  return {
    houseId: house.id,
    asOf: today,
    pendingReceipts: f.pending,
    pendingAmount: formatMoney(f.pending_amount),
    overdueReceipts: f.overdue,
    overdueAmount: formatMoney(f.overdue_amount),
    oldestOverdueDueDate: f.oldest_overdue,
    paidReceipts: f.paid,
    paidAmount: formatMoney(f.paid_amount),
    paidOnTime: f.paid_on_time,
    lastPaymentDate: f.last_payment,
    walletsTotal: formatMoney(walletsTotal),
    position: formatMoney(money(walletsTotal).minus(money(f.pending_amount))),
    monthlyPayments: monthly.rows.map((m) => ({ ...m, amount: formatMoney(m.amount) })),
  };
}

const HouseMonthlyPaymentRef = builder.objectRef<HouseMonthlyPayment>('HouseMonthlyPayment').implement({
  description: 'What a house paid in one month',
  fields: (t) => ({
    month: t.exposeString('month', { description: 'YYYY-MM in the community’s time zone' }),
    amount: t.field({ type: 'Decimal', description: 'Money paid in (deposits less their reversals) recorded in the month', resolve: (m) => m.amount }),
    payments: t.exposeInt('payments', { description: 'Deposits recorded in the month' }),
  }),
});

export const HouseStatsRef = builder.objectRef<HouseStats>('HouseStats').implement({
  description: 'A house in figures (GET …/houses/{h}/stats): debt, payments, punctuality, wallets and the money paid in per month',
  fields: (t) => ({
    houseId: t.id({ resolve: (s) => encodeGlobalID('House', s.houseId) }),
    houseDatabaseId: t.exposeInt('houseId'),
    asOf: t.field({ type: 'Date', description: 'Today in the community’s time zone: overdue receipts were due before it', resolve: (s) => s.asOf }),
    pendingReceipts: t.exposeInt('pendingReceipts', { description: 'Receipts not paid (manual payment requests aside)' }),
    pendingAmount: t.field({ type: 'Decimal', description: 'What the pending receipts expect', resolve: (s) => s.pendingAmount }),
    overdueReceipts: t.exposeInt('overdueReceipts', { description: 'Pending receipts whose due date has passed' }),
    overdueAmount: t.field({ type: 'Decimal', resolve: (s) => s.overdueAmount }),
    oldestOverdueDueDate: t.field({
      type: 'Date',
      nullable: true,
      description: 'The due date of the oldest overdue receipt',
      resolve: (s) => s.oldestOverdueDueDate,
    }),
    paidReceipts: t.exposeInt('paidReceipts'),
    paidAmount: t.field({ type: 'Decimal', description: 'What the paid receipts were paid with', resolve: (s) => s.paidAmount }),
    paidOnTime: t.exposeInt('paidOnTime', { description: 'Paid receipts paid on or before their due date' }),
    lastPaymentDate: t.field({ type: 'Date', nullable: true, description: 'The payment day of the latest paid receipt', resolve: (s) => s.lastPaymentDate }),
    walletsTotal: t.field({ type: 'Decimal', description: "The sum of the house's wallets (positive in its favour)", resolve: (s) => s.walletsTotal }),
    position: t.field({ type: 'Decimal', description: 'Wallets minus pending debt (negative: what the house owes)', resolve: (s) => s.position }),
    monthlyPayments: t.field({
      type: [HouseMonthlyPaymentRef],
      description: 'The last months, oldest first, every month listed',
      resolve: (s) => s.monthlyPayments,
    }),
  }),
});

/** The database id of a House global id argument (another type's id matches no house); null when absent. */
const houseArg = (id: { typename: string; id: string } | null | undefined): number | null => (id ? (id.typename === 'House' ? rowId(id.id) : -1) : null);

builder.queryField('houseStats', (t) =>
  t.field({
    type: HouseStatsRef,
    description: "A house's statistics (/houses/{houseId}); house users read their own house without houseId",
    ...grants(...HOUSE_STATS_READERS),
    args: { houseId: t.arg.globalID({ required: false }), months: t.arg.int({ required: false, description: 'Months of monthlyPayments, 1 to 36 (12)' }) },
    resolve: (_r, args, ctx) => houseStats(ctx, houseArg(args.houseId), args.months ?? HOUSE_STATS_MONTHS),
  }),
);

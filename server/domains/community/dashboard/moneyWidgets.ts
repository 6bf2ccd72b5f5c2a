// GraphQL of the dashboard's money widgets: fields of Dashboard, each visible with a dashboard grant
// (ADashboardsRead or CDashboardRead) plus its own (AIncomesRead for incomes and debts, AExpensesRead for
// outcomes, AReceiptsRead for the receipt lists); a widget the account may not see answers null. The
// dashboardMoneyUpdated subscription tells an open dashboard to refetch when a payment lands.
import type { Grant } from '../../../../core/grants.js';
import { builder } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';
import { ForbiddenError } from '../../../kernel/errors.js';
import { ReceiptRef } from '../../money/receivables/receipts/receipt.js';
import { HouseBalanceRef } from '../../money/receivables/balances/balance.js';
import { houseBalance } from '../../money/receivables/balances/service.js';
import { receiptRows } from '../../money/receivables/receipts/rows.js';
import { DASHBOARD_READERS, DashboardRef } from './dashboard.js';
import {
  DEBT_GROUPINGS,
  debts,
  type DebtStat,
  type Debts,
  gatewayPanel,
  type GatewayPanel,
  latestInReviewReceipts,
  latestPaidReceipts,
  ownPendingReceipts,
  monthlyIncomes,
  type MonthlyIncome,
  monthlyOutcomes,
  type MonthlyOutcome,
  type MonthlyOutcomes,
  type ReceiptIds,
} from './money.js';

/** A dashboard grant and the widget's own grant, both required; printed as the widget's grant. */
function widget(own: Grant) {
  return {
    authScopes: { $all: { grant: [own], $any: { grant: [...DASHBOARD_READERS] } } },
    directives: { grant: { any: [own] } },
    unauthorizedResolver: () => null,
    nullable: true,
  } as const;
}

const MonthlyIncomeRef = builder.objectRef<MonthlyIncome>('DashboardMonthlyIncome').implement({
  fields: (t) => ({
    month: t.exposeString('month', { description: 'YYYY-MM in the community’s time zone' }),
    amount: t.field({ type: 'Decimal', description: 'Money paid in (deposits less their reversals) recorded in the month', resolve: (m) => m.amount }),
    payments: t.exposeInt('payments', { description: 'Payments (deposits) recorded in the month' }),
  }),
});

const MonthlyOutcomeRef = builder.objectRef<MonthlyOutcome>('DashboardMonthlyOutcome').implement({
  fields: (t) => ({
    conceptDatabaseId: t.exposeInt('conceptId', { nullable: true }),
    concept: t.exposeString('concept', { description: 'The expense concept; empty for expenses without one' }),
    amountCharged: t.field({
      type: 'Decimal',
      description: 'Expenses of the month by operation date, whatever their payment, except rejected and deleted ones',
      resolve: (o) => o.amountCharged,
    }),
    amountPaid: t.field({ type: 'Decimal', description: 'Expenses PAID or CHARGED whose payment date falls in the month', resolve: (o) => o.amountPaid }),
  }),
});

const MonthlyOutcomesRef = builder.objectRef<MonthlyOutcomes>('DashboardMonthlyOutcomes').implement({
  fields: (t) => ({
    month: t.exposeString('month'),
    concepts: t.field({ type: [MonthlyOutcomeRef], resolve: (o) => o.concepts }),
    totalCharged: t.field({ type: 'Decimal', resolve: (o) => o.totalCharged }),
    totalPaid: t.field({ type: 'Decimal', resolve: (o) => o.totalPaid }),
  }),
});

const DebtGroupingEnum = builder.enumType('DebtGrouping', {
  description: 'AGE: days overdue (and BALANCE for debts kept in the wallets); STREET: the house’s street',
  values: DEBT_GROUPINGS,
});

const DebtStatRef = builder.objectRef<DebtStat>('DashboardDebtStat').implement({
  fields: (t) => ({
    key: t.exposeString('key', {
      description: 'AGE: DAYS_1_30, DAYS_31_60, DAYS_61_90, DAYS_91_180, DAYS_181_PLUS or BALANCE; STREET: the street, NO_STREET or OTHER',
    }),
    amount: t.field({ type: 'Decimal', resolve: (s) => s.amount }),
    houses: t.exposeInt('houses'),
  }),
});

const DebtsRef = builder.objectRef<Debts>('DashboardDebts').implement({
  fields: (t) => ({
    by: t.field({ type: DebtGroupingEnum, resolve: (d) => d.by }),
    stats: t.field({ type: [DebtStatRef], resolve: (d) => d.stats }),
    total: t.field({ type: 'Decimal', description: 'The sum of the stats', resolve: (d) => d.total }),
    houses: t.exposeInt('houses', { description: 'Houses owing anything' }),
  }),
});

const ReceiptListRef = builder.objectRef<ReceiptIds & { rows: Promise<unknown[]> }>('DashboardReceiptList').implement({
  fields: (t) => ({
    receipts: t.field({ type: [ReceiptRef], resolve: (l) => l.rows as never }),
    totalCount: t.exposeInt('total'),
  }),
});

const GatewayPanelRef = builder.objectRef<GatewayPanel>('DashboardGatewayPanel').implement({
  description: 'The community’s wallet panel: its money at the payment gateway',
  fields: (t) => ({
    gatewayName: t.exposeString('gatewayName'),
    configured: t.exposeBoolean('configured', { description: 'The community’s gateway keys are set' }),
    balance: t.field({
      type: 'Decimal',
      description: 'Online deposits (card, store, bank) less chargebacks, the fees the community pays, payouts and their fees',
      resolve: (p) => p.balance,
    }),
    payments: t.exposeInt('payments', { description: 'Online payments received' }),
    clabe: t.exposeString('clabe', { nullable: true }),
    bankName: t.exposeString('bankName', { nullable: true }),
    depositFee: t.field({ type: 'Decimal', resolve: (p) => p.depositFee }),
  }),
});

builder.objectFields(DashboardRef, (t) => ({
  monthlyIncomes: t.field({
    type: [MonthlyIncomeRef],
    description: 'Monthly incomes: the last months, oldest first, every month listed',
    ...widget('AIncomesRead'),
    args: { months: t.arg.int({ required: false, description: '1 to 36 (default 12)' }) },
    resolve: (dashboard, args) => monthlyIncomes(dashboard.ctx, args.months ?? 12),
  }),
  monthlyOutcomes: t.field({
    type: MonthlyOutcomesRef,
    description: 'Monthly outcomes: per expense concept, what the month charged against what it paid',
    ...widget('AExpensesRead'),
    args: { month: t.arg.string({ required: false, description: 'YYYY-MM (default: the current month)' }) },
    resolve: (dashboard, args) => monthlyOutcomes(dashboard.ctx, args.month),
  }),
  debts: t.field({
    type: DebtsRef,
    description: 'The community’s debt per key: overdue receipts and negative wallet balances',
    ...widget('AIncomesRead'),
    args: { by: t.arg({ type: DebtGroupingEnum, required: false }) },
    resolve: (dashboard, args) => debts(dashboard.ctx, args.by ?? 'AGE'),
  }),
  latestPaidReceipts: t.field({
    type: ReceiptListRef,
    description: 'The latest paid receipts, newest payment first (5 by default)',
    ...widget('AReceiptsRead'),
    args: { first: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
    resolve: async (dashboard, args) => withRows(dashboard.ctx, await latestPaidReceipts(dashboard.ctx, args.first, args.offset)),
  }),
  latestInReviewReceipts: t.field({
    type: ReceiptListRef,
    description: 'The latest receipts in review (an external payment to review), newest first (5 by default)',
    ...widget('AReceiptsRead'),
    args: { first: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
    resolve: async (dashboard, args) => withRows(dashboard.ctx, await latestInReviewReceipts(dashboard.ctx, args.first, args.offset)),
  }),
  gatewayPanel: t.field({
    type: GatewayPanelRef,
    description: 'The community’s wallet panel (online payments only)',
    ...widget('AIncomesRead'),
    resolve: (dashboard) => gatewayPanel(dashboard.ctx),
  }),
  ownHouseBalance: t.field({
    type: HouseBalanceRef,
    description: 'Owner dashboard: the session house’s wallets (null without a house)',
    ...ownerWidget(),
    resolve: (dashboard) => (dashboard.ctx.actor?.houseId ? houseBalance(dashboard.ctx, null) : null),
  }),
  ownPendingReceipts: t.field({
    type: ReceiptListRef,
    description: 'Owner dashboard: the session house’s pending receipts, the next due first (5 by default; null without a house)',
    ...ownerWidget(),
    args: { first: t.arg.int({ required: false }) },
    resolve: async (dashboard, args) => {
      const houseId = dashboard.ctx.actor?.houseId;
      return houseId ? withRows(dashboard.ctx, await ownPendingReceipts(dashboard.ctx, houseId, args.first)) : null;
    },
  }),
}));

/** Owner dashboard widgets (spec 3): a house account with OReceiptsRead or SReceiptsRead; null for everyone else. */
function ownerWidget() {
  return {
    authScopes: { grant: [...OWNER_RECEIPT_READERS] },
    directives: { grant: { any: [...OWNER_RECEIPT_READERS] } },
    unauthorizedResolver: () => null,
    nullable: true,
  } as const;
}
const OWNER_RECEIPT_READERS = ['OReceiptsRead', 'SReceiptsRead'] as const;

/** The receipts of a list in the list's order, read in one statement. */
function withRows(ctx: Parameters<typeof gatewayPanel>[0], list: ReceiptIds) {
  const rows = receiptRows(ctx.db.kysely, communityOf(ctx), list.ids).then((found) => {
    const byId = new Map(found.map((r) => [r.id, r]));
    return list.ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  });
  return { ...list, rows };
}

const MoneyEventRef = builder.objectRef<{ kind: string; at: Date }>('DashboardMoneyEvent').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'PAYMENT: a payment landed (online, captured or external)' }),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
  }),
});

builder.subscriptionField('dashboardMoneyUpdated', (t) =>
  t.field({
    type: MoneyEventRef,
    description: 'The community’s money moved: an open dashboard refetches its money widgets',
    authScopes: { grant: [...DASHBOARD_READERS] },
    directives: { grant: { any: [...DASHBOARD_READERS] } },
    subscribe: (_root, _args, ctx) => {
      // scope-auth guards the events' resolve; refuse the subscription itself too, so it never opens.
      if (!DASHBOARD_READERS.some((g) => ctx.actor?.grants.has(g))) throw new ForbiddenError();
      return ctx.pubsub.subscribe('community:money', communityOf(ctx));
    },
    resolve: (event) => event,
  }),
);

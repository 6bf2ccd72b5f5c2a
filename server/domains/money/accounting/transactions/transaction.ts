import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, keysetConnection, keysetPage, MAX_PAGE_SIZE, selectsField } from '../../../../graphql/builder.js';
import { idOf } from '../../../../kernel/ids.js';
import { DownloadLinkRef } from '../../../platform/downloads/downloadLink.js';
import { downloadLink } from '../../../platform/downloads/service.js';
import { transactionsExportName } from './export.js';
import {
  type BalanceLine,
  decodeRowCursor,
  encodeRowCursor,
  KIND_NAMES,
  METHOD_NAMES,
  PAYMENT_METHODS,
  pageTotals,
  resolveFilter,
  TRANSACTION_KINDS,
  TRANSACTION_READERS,
  TRANSACTION_SOURCES,
  type TransactionFilter,
  type TransactionKind,
  type TransactionRow,
  type TransactionTotals,
  transactionBalances,
  transactionRows,
  transactionTotals,
} from './service.js';

const TransactionKindEnum = builder.enumType('TransactionKind', {
  description: "A movement's kind: the houses' wallet ledger kinds and the community ledger's (EXPENSE_PAID, EXPENSE_CHARGED, WITHDRAWAL, WITHDRAWAL_FEE)",
  values: TRANSACTION_KINDS,
});
const TransactionSourceEnum = builder.enumType('TransactionSource', {
  description: "HOUSE: a house's wallet ledger; COMMUNITY: the community's own accounts",
  values: TRANSACTION_SOURCES,
});
const TransactionPaymentMethodEnum = builder.enumType('TransactionPaymentMethod', { values: PAYMENT_METHODS });
const TransactionDateKindEnum = builder.enumType('TransactionDateKind', {
  description: 'SYSTEM_DATE: the day the movement was recorded; PAYMENT_DATE: the day the money moved (the receipt payment, the expense payment or cash date)',
  values: ['SYSTEM_DATE', 'PAYMENT_DATE'] as const,
});

const TransactionFilterInput = builder.inputType('TransactionFilter', {
  description: 'Filters of the transactions grid; from and to are days (YYYY-MM-DD) in the community, both included (one of them is needed)',
  fields: (t) => ({
    dateKind: t.field({ type: TransactionDateKindEnum, required: false, description: 'SYSTEM_DATE by default' }),
    from: t.string({ required: false }),
    to: t.string({ required: false }),
    kinds: t.field({ type: [TransactionKindEnum], required: false }),
    source: t.field({ type: TransactionSourceEnum, required: false }),
    walletId: t.globalID({ required: false, description: "A Wallet (houses' movements only)" }),
    houseId: t.globalID({ required: false, description: "A House (houses' movements only)" }),
    paymentMethod: t.field({ type: TransactionPaymentMethodEnum, required: false, description: "Houses' movements only" }),
    accountId: t.globalID({ required: false, description: "An IncomeAccount: the community's movements on it and the houses' payments received in it" }),
  }),
});

type GlobalId = { typename: string; id: string } | null | undefined;

export type FilterArg = {
  dateKind?: 'SYSTEM_DATE' | 'PAYMENT_DATE' | null;
  from?: string | null;
  to?: string | null;
  kinds?: readonly TransactionKind[] | null;
  source?: TransactionFilter['source'];
  walletId?: GlobalId;
  houseId?: GlobalId;
  paymentMethod?: TransactionFilter['paymentMethod'];
  accountId?: GlobalId;
};

export function filterOf(f: FilterArg | null | undefined): TransactionFilter {
  return {
    dateKind: f?.dateKind,
    from: f?.from,
    to: f?.to,
    kinds: f?.kinds as TransactionFilter['kinds'],
    source: f?.source,
    walletId: idOf(f?.walletId, 'Wallet'),
    houseId: idOf(f?.houseId, 'House'),
    paymentMethod: f?.paymentMethod,
    accountId: idOf(f?.accountId, 'IncomeAccount'),
  };
}

const TransactionRef = builder.objectRef<TransactionRow>('Transaction').implement({
  description: "One movement of the community's money: a house's wallet ledger entry or a community ledger entry",
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Unique in the grid: H-{id} (house ledger) or C-{id} (community ledger)' }),
    source: t.field({ type: TransactionSourceEnum, resolve: (r) => r.source }),
    databaseId: t.exposeString('id', { description: 'The ledger row id (64-bit, as text)' }),
    kind: t.field({ type: TransactionKindEnum, resolve: (r) => r.kind }),
    kindName: t.string({ resolve: (r) => KIND_NAMES[r.kind] }),
    date: t.exposeString('day', { description: 'The day by the filter’s date kind (YYYY-MM-DD)' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    amount: t.field({
      type: 'Decimal',
      description: "Signed: money in the house's favour or into the community's accounts is positive",
      resolve: (r) => r.amount,
    }),
    description: t.exposeString('description'),
    houseId: t.id({ nullable: true, resolve: (r) => (r.houseId != null ? encodeGlobalID('House', r.houseId) : null) }),
    houseDatabaseId: t.exposeInt('houseId', { nullable: true }),
    houseLabel: t.exposeString('houseLabel', { nullable: true }),
    walletId: t.id({ nullable: true, resolve: (r) => (r.walletId != null ? encodeGlobalID('Wallet', r.walletId) : null) }),
    walletName: t.exposeString('walletName', { nullable: true }),
    receiptId: t.id({ nullable: true, resolve: (r) => (r.receiptId != null ? encodeGlobalID('Receipt', r.receiptId) : null) }),
    receiptDatabaseId: t.exposeInt('receiptId', { nullable: true }),
    paymentMethod: t.field({ type: TransactionPaymentMethodEnum, nullable: true, resolve: (r) => r.paymentMethod }),
    paymentMethodName: t.string({ nullable: true, resolve: (r) => (r.paymentMethod ? METHOD_NAMES[r.paymentMethod] : null) }),
    accountId: t.id({ nullable: true, resolve: (r) => (r.accountId != null ? encodeGlobalID('IncomeAccount', r.accountId) : null) }),
    accountName: t.exposeString('accountName', { nullable: true }),
    expenseId: t.id({ nullable: true, resolve: (r) => (r.expenseId != null ? encodeGlobalID('Expense', r.expenseId) : null) }),
    expenseDatabaseId: t.exposeInt('expenseId', { nullable: true }),
    expenseFolio: t.exposeString('expenseFolio', { nullable: true }),
    withdrawalDatabaseId: t.exposeInt('withdrawalId', { nullable: true }),
    inTransit: t.exposeBoolean('inTransit', { nullable: true, description: 'Community ledger: a payment issued and not yet cashed' }),
  }),
});

const TransactionTotalsRef = builder.objectRef<TransactionTotals>('TransactionTotals').implement({
  fields: (t) => ({
    count: t.exposeInt('count'),
    inflow: t.field({ type: 'Decimal', description: 'Sum of the positive amounts', resolve: (s) => s.inflow }),
    outflow: t.field({ type: 'Decimal', description: 'Sum of the negative amounts (negative)', resolve: (s) => s.outflow }),
    net: t.field({ type: 'Decimal', resolve: (s) => s.net }),
  }),
});

const TransactionConnectionRef = builder.connectionObject({
  type: TransactionRef,
  name: 'TransactionConnection',
  fields: (t) => ({
    totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }),
    pageTotals: t.field({
      type: TransactionTotalsRef,
      description: "The sums of this page's rows",
      resolve: (c) => pageTotals((c.edges as { node: TransactionRow }[]).map((e) => e.node)),
    }),
  }),
});

builder.queryField('transactions', (t) =>
  t.field({
    type: TransactionConnectionRef,
    description: "Every movement of the community's money in the period, oldest first (/neighborhood/transactions); pages by cursor (first/after) or offset",
    ...grants(...TRANSACTION_READERS),
    args: {
      filter: t.arg({ type: TransactionFilterInput, required: true }),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after' }),
    },
    resolve: async (_r, args, ctx, info) => {
      const f = await resolveFilter(ctx, filterOf(args.filter));
      const page = keysetPage({ first: args.first, after: args.after, offset: args.offset }, decodeRowCursor, { defaultSize: 20, maxSize: MAX_PAGE_SIZE });
      const wantsTotal = selectsField(info, 'totalCount');
      const [{ rows, cursors }, totals] = await Promise.all([
        transactionRows(ctx, f, { after: page.after, offset: page.offset, limit: page.limit }),
        wantsTotal ? transactionTotals(ctx, f) : null,
      ]);
      const cursorOf = new Map(rows.map((r, i) => [r.key, encodeRowCursor(cursors[i])]));
      return keysetConnection(rows, page, (r) => cursorOf.get(r.key)!, totals?.count) as never;
    },
  }),
);

const BalanceLineRef = builder.objectRef<BalanceLine>('TransactionBalance').implement({
  description: 'A balance at the start and at the end of the period',
  fields: (t) => ({
    id: t.id({
      nullable: true,
      description: 'The Wallet or IncomeAccount global ID (null: the gateway balance)',
      resolve: (b) => (b.id != null ? encodeGlobalID(b.typename, b.id) : null),
    }),
    databaseId: t.exposeInt('id', { nullable: true }),
    name: t.exposeString('name'),
    type: t.exposeString('type', { nullable: true, description: 'Wallet type or account type' }),
    opening: t.field({ type: 'Decimal', resolve: (b) => b.opening }),
    movements: t.field({ type: 'Decimal', resolve: (b) => b.movements }),
    closing: t.field({ type: 'Decimal', resolve: (b) => b.closing }),
    inTransit: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Accounts: payments issued and not yet cashed, within the closing balance',
      resolve: (b) => b.inTransit,
    }),
  }),
});

type Summary = { totals: TransactionTotals; wallets: BalanceLine[]; accounts: BalanceLine[]; from: string; to: string; dateKind: string };

const TransactionSummaryRef = builder.objectRef<Summary>('TransactionSummary').implement({
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    dateKind: t.exposeString('dateKind'),
    totals: t.field({ type: TransactionTotalsRef, resolve: (s) => s.totals }),
    wallets: t.field({
      type: [BalanceLineRef],
      description: "The houses' balances per wallet (one house's with the house filter)",
      resolve: (s) => s.wallets,
    }),
    accounts: t.field({ type: [BalanceLineRef], description: "The community's balances per account", resolve: (s) => s.accounts }),
  }),
});

builder.queryField('transactionsSummary', (t) =>
  t.field({
    type: TransactionSummaryRef,
    description: 'The totals of the filtered movements and the balances per wallet and per account at both ends of the period',
    ...grants(...TRANSACTION_READERS),
    args: { filter: t.arg({ type: TransactionFilterInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const f = await resolveFilter(ctx, filterOf(args.filter));
      const [totals, balances] = await Promise.all([transactionTotals(ctx, f), transactionBalances(ctx, f)]);
      return { totals, ...balances, from: f.from, to: f.to, dateKind: f.dateKind };
    },
  }),
);

const TransactionExportFormatEnum = builder.enumType('TransactionExportFormat', { values: ['XLSX', 'CSV'] as const });

builder.queryField('transactionsExport', (t) =>
  t.field({
    type: DownloadLinkRef,
    description: 'A link to the filtered movements as XLSX (with totals and balances) or CSV, streamed as they are read',
    ...grants(...TRANSACTION_READERS),
    args: {
      filter: t.arg({ type: TransactionFilterInput, required: true }),
      format: t.arg({ type: TransactionExportFormatEnum, required: false, defaultValue: 'XLSX' }),
    },
    resolve: async (_r, args, ctx) => {
      const filter = await resolveFilter(ctx, filterOf(args.filter));
      const format = args.format ?? 'XLSX';
      return downloadLink(ctx, 'transactions', { filter, format }, transactionsExportName(filter, format));
    },
  }),
);

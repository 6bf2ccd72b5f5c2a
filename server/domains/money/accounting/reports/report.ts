// GraphQL of the money reports: the incomes report (AIncomesRead) and the neighbourhood statement
// (AStatementsRead), each with its XLSX and PDF download (DownloadFile, as the other downloads).
import { builder, grants, MAX_PAGE_SIZE } from '../../../../graphql/builder.js';
import { DownloadFileRef } from '../../receivables/receipts/documents.js';
import { incomesFileName, statementFile } from './documents.js';
import { DownloadLinkRef } from '../../../platform/downloads/downloadLink.js';
import { downloadLink } from '../../../platform/downloads/service.js';
import { INCOME_SOURCES, type IncomeRow, INCOMES_READERS, type IncomesReport, incomeRowsPage, incomesSummary, type ReportLine } from './incomes.js';
import { DATE_KINDS, type Period, type PeriodInput, reportPeriod } from './period.js';
import { type NeighborhoodStatement, neighborhoodStatement, STATEMENT_READERS, type StatementAccount } from './statement.js';

const DateKindEnum = builder.enumType('ReportDateKind', {
  description: 'SYSTEM_DATE: when the money was recorded in the platform; PAYMENT_DATE: when the payment was made',
  values: DATE_KINDS,
});
const FormatEnum = builder.enumType('ReportFileFormat', { values: ['XLSX', 'PDF'] as const });
const SourceEnum = builder.enumType('IncomeSource', {
  description: 'Where money came from: a receipt paid, a deposit to a wallet, an identified unknown payment, or a chargeback taking it back',
  values: INCOME_SOURCES,
});

const PeriodRef = builder.objectRef<Period>('ReportPeriod').implement({
  fields: (t) => ({
    dateKind: t.field({ type: DateKindEnum, resolve: (p) => p.dateKind }),
    from: t.exposeString('from', { description: 'YYYY-MM-DD, included' }),
    to: t.exposeString('to', { description: 'YYYY-MM-DD, included' }),
  }),
});

const LineRef = builder.objectRef<ReportLine>('ReportLine').implement({
  description: 'One line of a breakdown: what it groups, how many movements and their sum',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    count: t.exposeInt('count'),
    amount: t.field({ type: 'Decimal', resolve: (l) => l.amount }),
  }),
});

const IncomeRowRef = builder.objectRef<IncomeRow>('IncomeReportRow').implement({
  description: 'Money that came in (or a chargeback that took it back)',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The ledger movement' }),
    date: t.exposeString('date'),
    house: t.exposeString('house'),
    concept: t.exposeString('concept'),
    description: t.exposeString('description'),
    wallet: t.exposeString('wallet'),
    method: t.exposeString('method'),
    source: t.field({ type: SourceEnum, resolve: (r) => r.source }),
    account: t.exposeString('account'),
    amount: t.field({ type: 'Decimal', resolve: (r) => r.amount }),
    fee: t.field({ type: 'Decimal', description: 'The gateway fee the community absorbed', resolve: (r) => r.fee }),
  }),
});

type ReportWithId = IncomesReport & { neighborhoodId: number };

const IncomesReportRef = builder.objectRef<ReportWithId>('IncomesReport').implement({
  description: 'The money that came into the community in a period',
  fields: (t) => ({
    period: t.field({ type: PeriodRef, resolve: (r) => r.period }),
    total: t.field({ type: 'Decimal', resolve: (r) => r.total }),
    count: t.exposeInt('count'),
    gatewayFees: t.field({ type: 'Decimal', resolve: (r) => r.gatewayFees }),
    net: t.field({ type: 'Decimal', description: 'total − gatewayFees', resolve: (r) => r.net }),
    byConcept: t.field({ type: [LineRef], resolve: (r) => r.byConcept }),
    byWallet: t.field({ type: [LineRef], resolve: (r) => r.byWallet }),
    byMethod: t.field({ type: [LineRef], resolve: (r) => r.byMethod }),
    bySource: t.field({ type: [LineRef], resolve: (r) => r.bySource }),
    byAccount: t.field({ type: [LineRef], resolve: (r) => r.byAccount }),
    walletPayments: t.field({ type: LineRef, description: 'Receipts paid from wallets: not new money', resolve: (r) => r.walletPayments }),
    pendingUnknownPayments: t.field({
      type: LineRef,
      description: 'Unknown payments not yet identified: not counted',
      resolve: (r) => r.pendingUnknownPayments,
    }),
    rows: t.field({
      type: [IncomeRowRef],
      description: 'A page of the movements, in the order they were recorded',
      args: { offset: t.arg.int({ required: false }), first: t.arg.int({ required: false }) },
      resolve: (r, args, ctx) =>
        incomeRowsPage(
          ctx,
          { ...r.period, neighborhoodId: r.neighborhoodId },
          Math.min(Math.max(0, args.offset ?? 0), 10_000_000),
          Math.min(Math.max(1, args.first ?? 20), MAX_PAGE_SIZE),
        ),
    }),
  }),
});

const AccountRef = builder.objectRef<StatementAccount>('StatementAccount').implement({
  description: 'Where money is kept (the gateway balance, an income account, or no account) and how it moved',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    opening: t.field({ type: 'Decimal', resolve: (a) => a.opening }),
    incomes: t.field({ type: 'Decimal', resolve: (a) => a.incomes }),
    gatewayFees: t.field({ type: 'Decimal', resolve: (a) => a.gatewayFees }),
    expenses: t.field({ type: 'Decimal', resolve: (a) => a.expenses }),
    withdrawals: t.field({ type: 'Decimal', description: 'In (+) or out (−) by withdrawals', resolve: (a) => a.withdrawals }),
    closing: t.field({ type: 'Decimal', resolve: (a) => a.closing }),
    inTransit: t.field({ type: 'Decimal', description: 'Payments issued not yet cleared (negative)', resolve: (a) => a.inTransit }),
  }),
});

const StatementRef = builder.objectRef<NeighborhoodStatement>('NeighborhoodStatement').implement({
  description: 'opening + incomes − gatewayFees − expenses − withdrawalFees = closing, to the cent',
  fields: (t) => ({
    period: t.field({ type: PeriodRef, resolve: (s) => s.period }),
    opening: t.field({ type: 'Decimal', resolve: (s) => s.opening }),
    incomes: t.field({ type: 'Decimal', resolve: (s) => s.incomes }),
    gatewayFees: t.field({ type: 'Decimal', resolve: (s) => s.gatewayFees }),
    expenses: t.field({ type: 'Decimal', resolve: (s) => s.expenses }),
    withdrawalFees: t.field({ type: 'Decimal', resolve: (s) => s.withdrawalFees }),
    withdrawn: t.field({ type: 'Decimal', description: 'Moved from the gateway balance to accounts', resolve: (s) => s.withdrawn }),
    closing: t.field({ type: 'Decimal', resolve: (s) => s.closing }),
    inTransit: t.field({ type: 'Decimal', resolve: (s) => s.inTransit }),
    accounts: t.field({ type: [AccountRef], resolve: (s) => s.accounts }),
    incomesByConcept: t.field({ type: [LineRef], resolve: (s) => s.incomesByConcept }),
    expensesByConcept: t.field({ type: [LineRef], resolve: (s) => s.expensesByConcept }),
  }),
});

const periodArgs = (t: any) => ({
  dateKind: t.arg({ type: DateKindEnum, required: false }),
  from: t.arg.string({ required: false }),
  to: t.arg.string({ required: false }),
});

builder.queryField('incomesReport', (t) =>
  t.field({
    type: IncomesReportRef,
    description: 'The incomes report of a period (dateKind SYSTEM_DATE by default; from or to required)',
    ...grants(...INCOMES_READERS),
    args: periodArgs(t),
    resolve: async (_r, args, ctx) => {
      const period = await reportPeriod(ctx, args as PeriodInput);
      return { ...(await incomesSummary(ctx, period)), period, neighborhoodId: period.neighborhoodId };
    },
  }),
);

builder.queryField('incomesReportFile', (t) =>
  t.field({
    type: DownloadLinkRef,
    description: 'A link to the incomes report as XLSX (summary and every movement, streamed) or PDF',
    ...grants(...INCOMES_READERS),
    args: { ...periodArgs(t), format: t.arg({ type: FormatEnum, required: true }) },
    resolve: async (_r, args, ctx) => {
      const period = await reportPeriod(ctx, args as PeriodInput);
      return downloadLink(ctx, 'incomes', { period, format: args.format }, incomesFileName(period, args.format));
    },
  }),
);

builder.queryField('neighborhoodStatement', (t) =>
  t.field({
    type: StatementRef,
    description: "The community's statement of a period: opening, incomes, fees, expenses, withdrawals and closing, per account",
    ...grants(...STATEMENT_READERS),
    args: periodArgs(t),
    resolve: async (_r, args, ctx) => neighborhoodStatement(ctx, await reportPeriod(ctx, args as PeriodInput)),
  }),
);

builder.queryField('neighborhoodStatementFile', (t) =>
  t.field({
    type: DownloadFileRef,
    description: 'The neighbourhood statement as XLSX or PDF (to print)',
    ...grants(...STATEMENT_READERS),
    args: { ...periodArgs(t), format: t.arg({ type: FormatEnum, required: true }) },
    resolve: async (_r, args, ctx) => statementFile(ctx, await reportPeriod(ctx, args as PeriodInput), args.format),
  }),
);

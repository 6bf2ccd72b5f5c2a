import { builder, grants } from '../../../../graphql/builder.js';
import { idOf } from '../../../../kernel/ids.js';
import { DownloadFileRef } from '../../receivables/receipts/documents.js';
import { expenseDetailsReport, expensePolicyPdf, expenseSummaryReport } from './documents.js';
import { EXPENSE_REPORT_READERS, EXPENSE_STATUSES, type ExpenseReportFilter, policyExpense } from './service.js';

const ReportFormatEnum = builder.enumType('ExpenseReportFormat', { values: ['XLSX', 'PDF'] as const });
const ReportStatusEnum = builder.enumType('ExpenseReportStatus', {
  description: 'An expense status, as the reports filter by it',
  values: EXPENSE_STATUSES,
});

const ExpenseReportFilterInput = builder.inputType('ExpenseReportFilter', {
  description: "The expense list's filters: dates are YYYY-MM-DD (operation date, payment date, cash date)",
  fields: (f) => ({
    status: f.field({ type: ReportStatusEnum, required: false, description: 'Without it every status but DELETED' }),
    from: f.string({ required: false }),
    to: f.string({ required: false }),
    fromPayment: f.string({ required: false }),
    toPayment: f.string({ required: false }),
    fromCharge: f.string({ required: false }),
    toCharge: f.string({ required: false }),
    providerId: f.globalID({ required: false }),
    conceptId: f.globalID({ required: false }),
  }),
});

type FilterArg = {
  status?: ExpenseReportFilter['status'];
  from?: string | null;
  to?: string | null;
  fromPayment?: string | null;
  toPayment?: string | null;
  fromCharge?: string | null;
  toCharge?: string | null;
  providerId?: { typename: string; id: string } | null;
  conceptId?: { typename: string; id: string } | null;
} | null;

function filterOf(f: FilterArg | undefined): ExpenseReportFilter {
  if (!f) return {};
  return { ...f, providerId: idOf(f.providerId, 'Provider'), conceptId: idOf(f.conceptId, 'ExpenseConcept') };
}

builder.queryField('expenseDetailsReport', (t) =>
  t.field({
    type: DownloadFileRef,
    description: 'The expenses matching the filter, one row each with a totals row, as XLSX or PDF',
    ...grants(...EXPENSE_REPORT_READERS),
    args: { filter: t.arg({ type: ExpenseReportFilterInput, required: false }), format: t.arg({ type: ReportFormatEnum, required: true }) },
    resolve: (_r, args, ctx) => expenseDetailsReport(ctx, filterOf(args.filter), args.format),
  }),
);

builder.queryField('expenseSummaryReport', (t) =>
  t.field({
    type: DownloadFileRef,
    description: 'Counts and sums of the expenses matching the filter, by concept and by status, as XLSX or PDF',
    ...grants(...EXPENSE_REPORT_READERS),
    args: { filter: t.arg({ type: ExpenseReportFilterInput, required: false }), format: t.arg({ type: ReportFormatEnum, required: true }) },
    resolve: (_r, args, ctx) => expenseSummaryReport(ctx, filterOf(args.filter), args.format),
  }),
);

builder.queryField('expensePolicyPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "An expense's policy («póliza de egreso») as PDF; null for another community's expense",
    ...grants(...EXPENSE_REPORT_READERS),
    args: { expenseId: t.arg.globalID({ required: true }) },
    resolve: async (_r, { expenseId }, ctx) => {
      const e = await policyExpense(ctx, idOf(expenseId, 'Expense')!);
      return e ? expensePolicyPdf(ctx, e) : null;
    },
  }),
);

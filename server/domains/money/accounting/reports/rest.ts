// Legacy /api/1.0 routes of the money reports (spec 2 section 7, Reports): GET …/incomes (date_kind, from,
// to; a page of movements by offset/page_size), …/incomes/xls and …/incomes/pdf; GET …/statements,
// …/statements/print (PDF), …/statements/xls and …/statements/pdf. Answers in snake_case; files as
// themselves.
import { z } from 'zod';
import { fileResponse, legacyPageQuery, LinkedDownload, type RestRoute } from '../../../../rest/router.js';
import { FILE_FIELDS } from '../../receivables/receipts/rest.js';
import { DATE_KINDS, PERIOD_MESSAGES } from './period.js';

const N = '/neighborhoods/{n}';
const text = z.string().max(40).optional();
const periodQuery = z.object({
  date_kind: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z.enum(DATE_KINDS, { error: PERIOD_MESSAGES.dateKind }).optional(),
  ),
  from: text,
  to: text,
});
const kindOf = (q: z.infer<typeof periodQuery>) => ({ dateKind: q.date_kind ?? null, from: q.from ?? null, to: q.to ?? null });
const PERIOD_ARGS = '$dateKind: ReportDateKind, $from: String, $to: String';
const PERIOD_VARS = 'dateKind: $dateKind, from: $from, to: $to';
const LINE = 'key label count amount';
const ACCOUNT = 'key label opening incomes gatewayFees expenses withdrawals closing inTransit';

const line = (l: { key: string; label: string; count: number; amount: string }) => l;
const account = (a: Record<string, string>) => ({
  key: a.key,
  label: a.label,
  opening: a.opening,
  incomes: a.incomes,
  gateway_fees: a.gatewayFees,
  expenses: a.expenses,
  withdrawals: a.withdrawals,
  closing: a.closing,
  in_transit: a.inTransit,
});

function fileRoute(path: string, field: 'incomesReportFile' | 'neighborhoodStatementFile', format: 'XLSX' | 'PDF'): RestRoute {
  return {
    method: 'GET',
    path,
    query: periodQuery,
    operation: `query(${PERIOD_ARGS}, $format: ReportFileFormat!) { ${field}(${PERIOD_VARS}, format: $format) { ${field === 'incomesReportFile' ? 'url' : FILE_FIELDS} } }`,
    variables: ({ query }) => ({ ...kindOf(query), format }),
    result: (data) => (field === 'incomesReportFile' ? new LinkedDownload(data[field].url) : fileResponse(data[field])),
  };
}

export const reportRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: `${N}/incomes`,
    query: periodQuery.merge(legacyPageQuery),
    operation: `query(${PERIOD_ARGS}, $offset: Int, $first: Int) { incomesReport(${PERIOD_VARS}) {
      period { dateKind from to } total count gatewayFees net
      byConcept { ${LINE} } byWallet { ${LINE} } byMethod { ${LINE} } bySource { ${LINE} } byAccount { ${LINE} }
      walletPayments { ${LINE} } pendingUnknownPayments { ${LINE} }
      rows(offset: $offset, first: $first) { id date house concept description wallet method source account amount fee } } }`,
    variables: ({ query }) => ({ ...kindOf(query), offset: query.offset, first: query.page_size }),
    result: (data, { query }) => {
      const r = data.incomesReport;
      return {
        date_kind: r.period.dateKind,
        from: r.period.from,
        to: r.period.to,
        total: r.total,
        count: r.count,
        gateway_fees: r.gatewayFees,
        net: r.net,
        by_concept: r.byConcept.map(line),
        by_wallet: r.byWallet.map(line),
        by_method: r.byMethod.map(line),
        by_source: r.bySource.map(line),
        by_account: r.byAccount.map(line),
        wallet_payments: line(r.walletPayments),
        pending_unknown_payments: line(r.pendingUnknownPayments),
        offset: query.offset,
        page_size: query.page_size,
        incomes: r.rows,
      };
    },
  },
  fileRoute(`${N}/incomes/xls`, 'incomesReportFile', 'XLSX'),
  fileRoute(`${N}/incomes/pdf`, 'incomesReportFile', 'PDF'),
  {
    method: 'GET',
    path: `${N}/statements`,
    query: periodQuery,
    operation: `query(${PERIOD_ARGS}) { neighborhoodStatement(${PERIOD_VARS}) {
      period { dateKind from to } opening incomes gatewayFees expenses withdrawalFees withdrawn closing inTransit
      accounts { ${ACCOUNT} } incomesByConcept { ${LINE} } expensesByConcept { ${LINE} } } }`,
    variables: ({ query }) => kindOf(query),
    result: (data) => {
      const s = data.neighborhoodStatement;
      return {
        date_kind: s.period.dateKind,
        from: s.period.from,
        to: s.period.to,
        opening_balance: s.opening,
        incomes: s.incomes,
        gateway_fees: s.gatewayFees,
        expenses: s.expenses,
        withdrawal_fees: s.withdrawalFees,
        withdrawn: s.withdrawn,
        closing_balance: s.closing,
        in_transit: s.inTransit,
        accounts: s.accounts.map(account),
        incomes_by_concept: s.incomesByConcept.map(line),
        expenses_by_concept: s.expensesByConcept.map(line),
      };
    },
  },
  fileRoute(`${N}/statements/print`, 'neighborhoodStatementFile', 'PDF'),
  fileRoute(`${N}/statements/pdf`, 'neighborhoodStatementFile', 'PDF'),
  fileRoute(`${N}/statements/xls`, 'neighborhoodStatementFile', 'XLSX'),
];

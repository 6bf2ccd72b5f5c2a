// Legacy /api/1.0 downloads of expenses (spec 2 section 7, Downloads): the details report
// (GET …/expenses/export) and the summary report (GET …/expenses/report), each with format=xlsx|pdf and
// the list's filters (status, from/to, fromPayment/toPayment, fromCharge/toCharge, provider, concept); and
// an expense's policy PDF (GET …/expenses/{id}/policy). Files answer as themselves.
import { z } from 'zod';
import { fileResponse, globalId, RestError, type RestRoute } from '../../../../rest/router.js';
import { FILE_FIELDS } from '../../receivables/receipts/rest.js';
import { EXPENSE_STATUSES } from './service.js';

const BASE = '/neighborhoods/{n}/expenses';
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const dayText = z.string().max(10).optional();
const id = z
  .string()
  .regex(/^\d{1,10}$/, 'debe ser un número')
  .optional();

const reportQuery = z.object({
  format: z.preprocess((v) => upper(v ?? 'xlsx'), z.enum(['XLSX', 'PDF'])),
  status: z.preprocess((v) => (v === '' ? undefined : upper(v)), z.enum(EXPENSE_STATUSES).optional()),
  from: dayText,
  to: dayText,
  fromPayment: dayText,
  toPayment: dayText,
  fromCharge: dayText,
  toCharge: dayText,
  provider: id,
  concept: id,
});

const filterOf = (q: z.infer<typeof reportQuery>) => ({
  status: q.status ?? null,
  from: q.from || null,
  to: q.to || null,
  fromPayment: q.fromPayment || null,
  toPayment: q.toPayment || null,
  fromCharge: q.fromCharge || null,
  toCharge: q.toCharge || null,
  providerId: q.provider ? globalId('Provider', q.provider) : null,
  conceptId: q.concept ? globalId('ExpenseConcept', q.concept) : null,
});

export const expenseReportRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: `${BASE}/export`,
    query: reportQuery,
    operation: `query($filter: ExpenseReportFilter, $format: ExpenseReportFormat!) { expenseDetailsReport(filter: $filter, format: $format) { ${FILE_FIELDS} } }`,
    variables: ({ query }) => ({ filter: filterOf(query), format: query.format }),
    result: (data) => fileResponse(data.expenseDetailsReport),
  },
  {
    method: 'GET',
    path: `${BASE}/report`,
    query: reportQuery,
    operation: `query($filter: ExpenseReportFilter, $format: ExpenseReportFormat!) { expenseSummaryReport(filter: $filter, format: $format) { ${FILE_FIELDS} } }`,
    variables: ({ query }) => ({ filter: filterOf(query), format: query.format }),
    result: (data) => fileResponse(data.expenseSummaryReport),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/policy`,
    operation: `query($id: ID!) { expensePolicyPdf(expenseId: $id) { ${FILE_FIELDS} } }`,
    variables: ({ params }) => ({ id: globalId('Expense', params.id) }),
    result: (data) => {
      if (!data.expensePolicyPdf) throw new RestError(404, 404, 'El egreso no existe');
      return fileResponse(data.expensePolicyPdf);
    },
  },
];

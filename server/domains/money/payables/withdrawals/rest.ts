// Legacy /api/1.0 routes of withdrawals (spec 2 section 7, Withdrawals): create with id_account, amount,
// fee, total and expense_ids (the server recomputes the figures and refuses a mismatch), the list and one.
import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '../../../../../core/withdrawals.js';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const BASE = '/neighborhoods/{n}/withdrawals';
const SELECTION = `databaseId status amount fee total errorDescription createdAt completedAt
  account { databaseId accountType description maskedNumber }
  items { expenseDatabaseId serie folio description providerName amount }`;

export function legacyWithdrawal(w: any) {
  return {
    id: w.databaseId,
    status: w.status,
    id_account: w.account.databaseId,
    account: { id: w.account.databaseId, account_type: w.account.accountType, description: w.account.description, account_number: w.account.maskedNumber },
    amount: w.amount,
    fee: w.fee,
    total: w.total,
    error_description: w.errorDescription,
    created_at: w.createdAt,
    completed_at: w.completedAt,
    expense_ids: w.items.map((i: any) => i.expenseDatabaseId),
    expenses: w.items.map((i: any) => ({
      id: i.expenseDatabaseId,
      serie: i.serie,
      folio: i.folio,
      description: i.description,
      provider: i.providerName,
      amount: i.amount,
    })),
  };
}

/** Amounts as JSON strings or numbers; the service reads the text. */
const amountText = z.union([z.string().max(40), z.number()]).transform((v) => String(v));
const legacyId = z.union([z.number().int(), z.string().regex(/^\d{1,10}$/)]).transform((v) => String(v));

export const withdrawalRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: BASE,
    body: z.object({
      id_account: legacyId,
      amount: amountText.optional(),
      fee: amountText.optional(),
      total: amountText.optional(),
      expense_ids: z.array(legacyId).max(200),
    }),
    operation: `mutation($input: CreateWithdrawalInput!) { createWithdrawal(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreateWithdrawalSuccess { data { message withdrawal { ${SELECTION} } } } } }`,
    variables: ({ body }) => ({
      input: {
        accountId: globalId('IncomeAccount', body.id_account),
        expenseIds: body.expense_ids.map((id: string) => globalId('Expense', id)),
        amount: body.amount ?? null,
        fee: body.fee ?? null,
        total: body.total ?? null,
      },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.createWithdrawal);
      return { message: payload.message, ...legacyWithdrawal(payload.withdrawal) };
    },
    status: 201,
  },
  {
    method: 'GET',
    path: BASE,
    query: legacyPageQuery.extend({
      status: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(WITHDRAWAL_STATUSES)).optional(),
    }),
    operation: `query($first: Int!, $offset: Int!, $filter: WithdrawalFilter) {
      withdrawals(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${SELECTION} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: query.status ? { status: query.status } : null }),
    result: (data) => ({ total: data.withdrawals.totalCount, content: data.withdrawals.edges.map((e: any) => legacyWithdrawal(e.node)) }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on Withdrawal { ${SELECTION} } } }`,
    variables: ({ params }) => ({ id: globalId('Withdrawal', params.id) }),
    result: (data) => {
      if (!data.node?.databaseId) throw new RestError(404, 404, 'El retiro no existe');
      return legacyWithdrawal(data.node);
    },
  },
];

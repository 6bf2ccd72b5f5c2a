import { z } from 'zod';
import { INCOME_ACCOUNT_TYPES } from '../../../../../core/accounts.js';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const SELECTION = 'databaseId accountType description holderName accountNumber accountingAccount bankName';

export function legacyIncomeAccount(a: any) {
  return {
    id: a.databaseId,
    account_type: a.accountType,
    description: a.description,
    holder_name: a.holderName,
    account_number: a.accountNumber,
    accounting_account: a.accountingAccount,
    bank_name: a.bankName,
  };
}

const ACCOUNT_TYPE_MESSAGE = `El tipo de cuenta debe ser uno de ${INCOME_ACCOUNT_TYPES.join(', ')}`;

const listQuery = legacyPageQuery.extend({
  account_type: z.enum(INCOME_ACCOUNT_TYPES, { error: ACCOUNT_TYPE_MESSAGE }).optional(),
});

// Types only: lengths, characters and the number's rules are the core schema's, answered per field.
const text = z.string().nullish();
const body = z.object({
  account_type: z.enum(INCOME_ACCOUNT_TYPES, { error: ACCOUNT_TYPE_MESSAGE }),
  description: z.string(),
  holder_name: text,
  account_number: z.union([z.string(), z.number().int().nonnegative().transform(String)]).nullish(),
  accounting_account: text,
});

const toInput = (b: z.infer<typeof body>) => ({
  accountType: b.account_type,
  description: b.description,
  holderName: b.holder_name ?? null,
  accountNumber: b.account_number ?? null,
  accountingAccount: b.accounting_account ?? null,
});

const LEGACY_FIELDS: Record<string, string> = {
  accountType: 'account_type',
  description: 'description',
  holderName: 'holder_name',
  accountNumber: 'account_number',
  accountingAccount: 'accounting_account',
};

/** A mutation's result as legacy JSON; field problems answer 400 with each message under its legacy field name. */
function unwrapAccount(result: any) {
  if (result?.__typename === 'InputError') {
    const fields: Record<string, string> = {};
    for (const issue of result.issues as { field: string; message: string }[]) fields[LEGACY_FIELDS[issue.field] ?? issue.field] ??= issue.message;
    throw new RestError(400, 400, result.message, { fields });
  }
  return legacyIncomeAccount(unwrapResult<any>(result).incomeAccount);
}

const RESULT = (name: string) =>
  `${RESULT_ERROR_FIELDS} ... on InputError { issues { field message } } ... on Mutation${name}Success { data { incomeAccount { ${SELECTION} } } }`;

export const incomeAccountRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/accounts',
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: IncomeAccountFilter) {
      incomeAccounts(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${SELECTION} } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: { accountType: query.account_type ?? null } }),
    result: (data) => ({ total: data.incomeAccounts.totalCount, content: data.incomeAccounts.edges.map((e: any) => legacyIncomeAccount(e.node)) }),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/accounts/{id}',
    operation: `query($id: ID!) { node(id: $id) { ... on IncomeAccount { ${SELECTION} } } }`,
    variables: ({ params }) => ({ id: globalId('IncomeAccount', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'La cuenta no existe');
      return legacyIncomeAccount(data.node);
    },
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/accounts',
    body,
    operation: `mutation($input: CreateIncomeAccountInput!) { createIncomeAccount(input: $input) { ${RESULT('CreateIncomeAccount')} } }`,
    variables: ({ body }) => ({ input: toInput(body) }),
    result: (data) => unwrapAccount(data.createIncomeAccount),
    status: 201,
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/accounts/{id}',
    body,
    operation: `mutation($input: UpdateIncomeAccountInput!) { updateIncomeAccount(input: $input) { ${RESULT('UpdateIncomeAccount')} } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('IncomeAccount', params.id), ...toInput(body) } }),
    result: (data) => unwrapAccount(data.updateIncomeAccount),
  },
  {
    method: 'DELETE',
    path: '/neighborhoods/{n}/accounts/{id}',
    operation: `mutation($input: DeleteIncomeAccountInput!) { deleteIncomeAccount(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteIncomeAccountSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('IncomeAccount', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteIncomeAccount);
      return { content: true };
    },
  },
];

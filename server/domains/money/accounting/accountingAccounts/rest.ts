import { z } from 'zod';
import { ACCOUNTING_ACCOUNT_KEYS } from '../../../../../core/accounts.js';
import { RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const legacyList = (rows: { key: string; number: string; name: string | null }[]) => rows.map((r) => ({ key: r.key, number: r.number, name: r.name }));

const entry = z.object({
  key: z.enum(ACCOUNTING_ACCOUNT_KEYS, { error: `La clave debe ser una de ${ACCOUNTING_ACCOUNT_KEYS.join(', ')}` }),
  number: z.union([z.string(), z.number().int().nonnegative().transform(String)]).nullish(),
  name: z.string().nullish(),
});
// The legacy payload is the list itself; { accounts: [...] } is taken too.
const body = z.union([z.array(entry), z.object({ accounts: z.array(entry) }).transform((b) => b.accounts)]);

export const accountingAccountRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/settings/accounting-accounts',
    operation: 'query { accountingAccountSettings { key number name } }',
    result: (data) => legacyList(data.accountingAccountSettings),
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/settings/accounting-accounts',
    body,
    operation: `mutation($input: UpdateAccountingAccountSettingsInput!) {
      updateAccountingAccountSettings(input: $input) {
        ${RESULT_ERROR_FIELDS}
        ... on InputError { issues { field message } }
        ... on MutationUpdateAccountingAccountSettingsSuccess { data { accountingAccountSettings { key number name } } }
      }
    }`,
    variables: ({ body }) => ({
      input: { accounts: (body as z.output<typeof entry>[]).map((a) => ({ key: a.key, number: a.number ?? null, name: a.name ?? null })) },
    }),
    result: (data) => {
      const result = data.updateAccountingAccountSettings;
      if (result?.__typename === 'InputError') {
        // Each message under its place in the legacy list, e.g. "3.number".
        const fields = Object.fromEntries((result.issues as { field: string; message: string }[]).map((i) => [i.field.replace(/^accounts\./, ''), i.message]));
        throw new RestError(400, 400, result.message, { fields });
      }
      return legacyList(unwrapResult<any>(result).accountingAccountSettings);
    },
  },
];

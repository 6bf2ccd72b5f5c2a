import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const MESSAGE_ID = 'Los egresos deben ser números enteros';
const legacyId = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number().int(MESSAGE_ID).positive(MESSAGE_ID).max(2_147_483_647, MESSAGE_ID),
);
const FOLIO_MESSAGE = 'El folio debe ser un número entero mayor o igual a 1';

const body = z.object({
  expenses: z.array(legacyId, { error: 'expenses debe ser una lista de egresos' }).max(500, 'Agrupa como máximo 500 egresos'),
  folio: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v === '' ? null : v),
      z.number({ error: FOLIO_MESSAGE }).int(FOLIO_MESSAGE).nullish(),
    )
    .refine((v) => v == null || (v >= 1 && v <= 2_147_483_647), FOLIO_MESSAGE),
  serie: z.string().max(100).nullish(),
  comment: z.string().max(10_000).nullish(),
});

const GROUP_FIELDS = 'databaseId serie folio comment createdAt';
const legacyGroup = (g: any) => ({ id: g.databaseId, serie: g.serie, folio: g.folio, comment: g.comment, created_at: g.createdAt });

export const expenseGroupRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/expenses-group/folio',
    operation: 'query { nextExpenseGroupFolio { serie folio } }',
    result: (data) => ({ folio: data.nextExpenseGroupFolio.folio, serie: data.nextExpenseGroupFolio.serie }),
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/expenses-group',
    body,
    operation: `mutation($input: CreateExpenseGroupInput!) { createExpenseGroup(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateExpenseGroupSuccess { data { affectedExpenses group { ${GROUP_FIELDS} } } } } }`,
    variables: ({ body }) => ({
      input: {
        expenseIds: body.expenses.map((id: number) => globalId('Expense', String(id))),
        folio: body.folio ?? null,
        serie: body.serie ?? null,
        comment: body.comment ?? null,
      },
    }),
    result: (data) => {
      const result = unwrapResult<any>(data.createExpenseGroup);
      return { group: legacyGroup(result.group), affected_expenses: result.affectedExpenses };
    },
    status: 201,
  },
];

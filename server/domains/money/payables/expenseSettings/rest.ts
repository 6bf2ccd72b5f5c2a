import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const SETTINGS_FIELDS = `requiredExpenseApproval useFolio initialFolio serie groupInitialFolio groupSerie
  approverCandidates { userDatabaseId firstName lastName email roleName approver }`;

const legacySettings = (s: any) => ({
  required_expense_approval: s.requiredExpenseApproval,
  use_folio: s.useFolio,
  initial_folio: s.initialFolio,
  serie: s.serie,
  group_initial_folio: s.groupInitialFolio,
  group_serie: s.groupSerie,
  // Every possible approver, checked when chosen.
  users: s.approverCandidates.map((u: any) => ({
    id: u.userDatabaseId,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    role: u.roleName,
    checked: u.approver,
  })),
});

const MESSAGE_ID = 'Debe ser un número entero';
/** A legacy numeric id, as a number or as digits. */
const legacyId = z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number().int(MESSAGE_ID).positive().max(2_147_483_647));
const folio = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z.number().int(MESSAGE_ID).max(2_147_483_647).nullish(),
);

/**
 * The approvers: the ids of the chosen users, the list the GET answers (`{ id, checked }`), or a map
 * of id to checked; only the checked ones are kept.
 */
const users = z
  .union([
    z.array(z.union([legacyId, z.object({ id: legacyId, checked: z.boolean().nullish() })])).max(1000),
    z.record(z.string().regex(/^\d{1,10}$/, MESSAGE_ID), z.boolean()),
  ])
  .nullish()
  .transform((value): number[] => {
    if (!value) return [];
    if (Array.isArray(value)) return value.flatMap((u) => (typeof u === 'number' ? [u] : u.checked === false ? [] : [u.id]));
    return Object.entries(value).flatMap(([id, checked]) => (checked ? [Number(id)] : []));
  });

const settingsBody = z.object({
  required_expense_approval: z.boolean().nullish(),
  use_folio: z.boolean().nullish(),
  initial_folio: folio,
  serie: z.string().nullish(),
  group_initial_folio: folio,
  group_serie: z.string().nullish(),
  users,
});

const legacyConcept = (c: { databaseId: number; concept: string; internalId: string | null }) => ({
  id: c.databaseId,
  concept: c.concept,
  internal_id: c.internalId,
});
const CONCEPT_FIELDS = 'databaseId concept internalId';
const conceptBody = z.object({ concept: z.string(), internal_id: z.union([z.string(), z.number().int().transform(String)]).nullish() });
const conceptsQuery = legacyPageQuery.extend({ concept: z.string().optional() });
const CONCEPTS = '/neighborhoods/{n}/settings/expenses/concepts';

export const expenseSettingsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/settings/expenses',
    operation: `query { expenseSettings { ${SETTINGS_FIELDS} } }`,
    result: (data) => legacySettings(data.expenseSettings),
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/settings/expenses',
    body: settingsBody,
    operation: `mutation($input: ExpenseSettingsInput!) { updateExpenseSettings(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateExpenseSettingsSuccess { data { expenseSettings { ${SETTINGS_FIELDS} } } } } }`,
    variables: ({ body }) => ({
      input: {
        requiredExpenseApproval: body.required_expense_approval ?? null,
        useFolio: body.use_folio ?? null,
        initialFolio: body.initial_folio ?? null,
        serie: body.serie ?? null,
        groupInitialFolio: body.group_initial_folio ?? null,
        groupSerie: body.group_serie ?? null,
        approverIds: body.users.map((id: number) => globalId('User', id)),
      },
    }),
    result: (data) => legacySettings(unwrapResult<any>(data.updateExpenseSettings).expenseSettings),
  },
  {
    method: 'GET',
    path: CONCEPTS,
    query: conceptsQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: ExpenseConceptFilter) {
      expenseConcepts(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${CONCEPT_FIELDS} } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: { concept: query.concept ?? null } }),
    result: (data) => ({ total: data.expenseConcepts.totalCount, content: data.expenseConcepts.edges.map((e: any) => legacyConcept(e.node)) }),
  },
  {
    method: 'GET',
    path: `${CONCEPTS}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on ExpenseConcept { ${CONCEPT_FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('ExpenseConcept', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'El concepto de egreso no existe');
      return legacyConcept(data.node);
    },
  },
  {
    method: 'POST',
    path: CONCEPTS,
    body: conceptBody,
    operation: `mutation($input: CreateExpenseConceptInput!) { createExpenseConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateExpenseConceptSuccess { data { concept { ${CONCEPT_FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { concept: body.concept, internalId: body.internal_id ?? null } }),
    result: (data) => legacyConcept(unwrapResult<any>(data.createExpenseConcept).concept),
    status: 201,
  },
  {
    method: 'PUT',
    path: `${CONCEPTS}/{id}`,
    body: conceptBody,
    operation: `mutation($input: UpdateExpenseConceptInput!) { updateExpenseConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateExpenseConceptSuccess { data { concept { ${CONCEPT_FIELDS} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('ExpenseConcept', params.id), concept: body.concept, internalId: body.internal_id ?? null } }),
    result: (data) => legacyConcept(unwrapResult<any>(data.updateExpenseConcept).concept),
  },
  {
    method: 'DELETE',
    path: `${CONCEPTS}/{id}`,
    operation: `mutation($input: DeleteExpenseConceptInput!) { deleteExpenseConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteExpenseConceptSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('ExpenseConcept', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteExpenseConcept);
      return { content: true };
    },
  },
];

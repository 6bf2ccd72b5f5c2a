import { z } from 'zod';
import { PAYMENT_METHOD_MESSAGE } from '../../../../../core/providers.js';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const FIELDS = 'databaseId name rfc paymentMethod bank clabe expenseConcept { databaseId concept internalId }';

export const legacyProvider = (p: any) => ({
  id: p.databaseId,
  id_provider: p.databaseId,
  name: p.name,
  rfc: p.rfc,
  payment_method: p.paymentMethod,
  bank: p.bank,
  clabe: p.clabe,
  id_concept: p.expenseConcept?.databaseId ?? null,
  expense_concept: p.expenseConcept ? { id: p.expenseConcept.databaseId, concept: p.expenseConcept.concept, internal_id: p.expenseConcept.internalId } : null,
});

const MESSAGE_ID = 'El concepto debe ser un número entero';
/** A legacy numeric id as a number or digits; blank or null is none. */
const legacyId = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number({ error: MESSAGE_ID }).int(MESSAGE_ID).positive(MESSAGE_ID).max(2_147_483_647, MESSAGE_ID).nullish(),
);
const text = z.string().max(10_000).nullish();

const body = z
  .object({
    name: z.string().max(10_000),
    rfc: text,
    payment_method: z.enum(['CHECK', 'TRANSFER'], { error: PAYMENT_METHOD_MESSAGE }),
    bank: text,
    clabe: z.union([z.string().max(100), z.number().transform(String)]).nullish(),
    id_concept: legacyId,
  })
  .transform((b) => ({
    name: b.name,
    rfc: b.rfc ?? null,
    paymentMethod: b.payment_method,
    bank: b.bank ?? null,
    clabe: b.clabe ?? null,
    expenseConceptId: b.id_concept ? globalId('ExpenseConcept', String(b.id_concept)) : null,
  }));

const listQuery = legacyPageQuery.extend({
  name: z.string().max(200).optional(),
  concept: z.string().max(20).optional(),
});

const BASE = '/neighborhoods/{n}/providers';
const notFound = () => new RestError(404, 404, 'El proveedor no existe');

export const providerRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: ProviderFilter) { providers(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${FIELDS} } } } }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.offset,
      filter: { name: query.name?.trim() || null, concept: query.concept?.trim() || null },
    }),
    result: (data) => ({ total: data.providers.totalCount, content: data.providers.edges.map((e: any) => legacyProvider(e.node)) }),
  },
  {
    method: 'GET',
    path: `${BASE}/config`,
    operation: `query { providerFormConfig { paymentMethods banks } expenseConcepts(first: 100) { edges { node { databaseId concept internalId } } } }`,
    result: (data) => ({
      payment_methods: data.providerFormConfig.paymentMethods,
      banks: data.providerFormConfig.banks,
      expense_concepts: (data.expenseConcepts?.edges ?? []).map((e: any) => ({
        id: e.node.databaseId,
        concept: e.node.concept,
        internal_id: e.node.internalId,
      })),
    }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on Provider { ${FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('Provider', params.id) }),
    result: (data) => {
      if (!data.node?.databaseId) throw notFound();
      return legacyProvider(data.node);
    },
  },
  {
    method: 'POST',
    path: BASE,
    body,
    operation: `mutation($input: CreateProviderInput!) { createProvider(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateProviderSuccess { data { provider { ${FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { provider: body } }),
    result: (data) => legacyProvider(unwrapResult<any>(data.createProvider).provider),
    status: 201,
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body,
    operation: `mutation($input: UpdateProviderInput!) { updateProvider(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateProviderSuccess { data { provider { ${FIELDS} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('Provider', params.id), provider: body } }),
    result: (data) => legacyProvider(unwrapResult<any>(data.updateProvider).provider),
  },
];

import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const FIELDS = 'databaseId name type amount calculateIva ivaPercent position';

export const legacyServiceConcept = (c: any) => ({
  id: c.databaseId,
  concept: c.name,
  name: c.name,
  type: c.type,
  amount: c.amount,
  calculate_iva: c.calculateIva,
  iva_percent: c.ivaPercent,
  position: c.position,
});

const decimal = z.union([z.string().max(60), z.number().transform(String)]).nullish();

/** The legacy body names the concept `concept` (spec 2 Measured service concept); `name` is accepted too. */
const body = z
  .object({
    concept: z.string().max(10_000).nullish(),
    name: z.string().max(10_000).nullish(),
    type: z.string().max(20),
    amount: decimal,
    calculate_iva: z.boolean().nullish(),
    iva_percent: decimal,
  })
  .transform((b) => ({
    name: b.concept ?? b.name ?? '',
    type: b.type,
    amount: b.amount ?? null,
    calculateIva: b.calculate_iva ?? null,
    ivaPercent: b.iva_percent ?? null,
  }));

const TYPES = ['FIXED', 'FIXED_TOTAL', 'PERCENT', 'IVA', 'SUBTOTAL', 'TOTAL'];
function conceptInput(b: z.output<typeof body>) {
  if (!TYPES.includes(b.type)) throw new RestError(400, 400, 'Elige el tipo del concepto');
  return b;
}

const BASE = '/neighborhoods/{n}/measured_services/concepts';

export const serviceConceptRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: legacyPageQuery,
    operation: `query($first: Int!, $offset: Int!) { serviceConcepts(first: $first, offset: $offset) { totalCount edges { node { ${FIELDS} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset }),
    result: (data) => ({ total: data.serviceConcepts.totalCount, content: data.serviceConcepts.edges.map((e: any) => legacyServiceConcept(e.node)) }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on ServiceConcept { ${FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('ServiceConcept', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'El concepto no existe');
      return legacyServiceConcept(data.node);
    },
  },
  {
    method: 'POST',
    path: BASE,
    body,
    operation: `mutation($input: CreateServiceConceptInput!) { createServiceConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateServiceConceptSuccess { data { concept { ${FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { concept: conceptInput(body) } }),
    result: (data) => legacyServiceConcept(unwrapResult<any>(data.createServiceConcept).concept),
    status: 201,
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body,
    operation: `mutation($input: UpdateServiceConceptInput!) { updateServiceConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateServiceConceptSuccess { data { concept { ${FIELDS} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('ServiceConcept', params.id), concept: conceptInput(body) } }),
    result: (data) => legacyServiceConcept(unwrapResult<any>(data.updateServiceConcept).concept),
  },
  {
    method: 'PATCH',
    path: `${BASE}/{id}/move`,
    body: z.object({ direction: z.enum(['UP', 'DOWN'], { error: 'La dirección debe ser UP o DOWN' }) }),
    operation: `mutation($input: MoveServiceConceptInput!) { moveServiceConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationMoveServiceConceptSuccess { data { concept { ${FIELDS} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('ServiceConcept', params.id), direction: body.direction } }),
    result: (data) => legacyServiceConcept(unwrapResult<any>(data.moveServiceConcept).concept),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteServiceConceptInput!) { deleteServiceConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteServiceConceptSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('ServiceConcept', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteServiceConcept);
      return { content: true };
    },
  },
];

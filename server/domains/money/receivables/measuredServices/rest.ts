import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const FIELDS = `databaseId description type presetCost presetConversionRate walletId incomeConceptId hasPeriods
  concepts { base position concept { databaseId name type amount calculateIva ivaPercent } }
  ranges { databaseId from to amounts { conceptId amount } }`;

const legacyService = (s: any) => ({
  id: s.databaseId,
  description: s.description,
  type: s.type,
  preset_cost: s.presetCost,
  preset_conversion_rate: s.presetConversionRate,
  id_wallet: s.walletId,
  id_concept: s.incomeConceptId,
  has_periods: s.hasPeriods,
  concepts: s.concepts.map((c: any) => ({
    id: c.concept.databaseId,
    concept: c.concept.name,
    type: c.concept.type,
    base: c.base,
    amount: c.concept.amount,
    calculate_iva: c.concept.calculateIva,
    iva_percent: c.concept.ivaPercent,
  })),
  ranges: s.ranges.map((r: any) => ({
    id: r.databaseId,
    from: r.from,
    to: r.to,
    amounts: r.amounts.map((a: any) => ({ concept_id: a.conceptId, amount: a.amount })),
  })),
});

const legacyId = z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number().int().positive().max(2_147_483_647));
const decimal = z.union([z.string().max(60), z.number().transform(String)]).nullish();

const body = z.object({
  description: z.string().max(10_000),
  type: z.enum(['TABLE', 'FACTOR'], { error: 'Elige el tipo de servicio' }),
  preset_cost: decimal,
  preset_conversion_rate: decimal,
  concepts: z.array(z.object({ id: legacyId.optional(), concept_id: legacyId.optional(), base: z.boolean().nullish() })).max(50),
  ranges: z
    .array(
      z.object({
        from: decimal,
        to: decimal,
        amounts: z
          .array(z.object({ concept_id: legacyId, amount: decimal }))
          .max(50)
          .nullish(),
      }),
    )
    .max(1000)
    .nullish(),
});

function serviceInput(b: z.infer<typeof body>) {
  return {
    description: b.description,
    type: b.type,
    presetCost: b.preset_cost ?? null,
    presetConversionRate: b.preset_conversion_rate ?? null,
    concepts: b.concepts.map((c) => {
      const id = c.concept_id ?? c.id;
      if (id == null) throw new RestError(400, 400, 'Uno de los conceptos no existe');
      return { conceptId: globalId('ServiceConcept', id), base: c.base ?? false };
    }),
    ranges: (b.ranges ?? []).map((r) => ({
      from: r.from ?? null,
      to: r.to ?? null,
      amounts: (r.amounts ?? []).map((a) => ({ conceptId: globalId('ServiceConcept', a.concept_id), amount: a.amount ?? null })),
    })),
  };
}

const listQuery = legacyPageQuery.extend({ description: z.string().max(200).optional() });
const BASE = '/neighborhoods/{n}/measured_services/services';

export const measuredServiceRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: MeasuredServiceFilter) {
      measuredServices(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${FIELDS} } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: { description: query.description ?? null } }),
    result: (data) => ({ total: data.measuredServices.totalCount, content: data.measuredServices.edges.map((e: any) => legacyService(e.node)) }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on MeasuredService { ${FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('MeasuredService', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'El servicio no existe');
      return legacyService(data.node);
    },
  },
  {
    method: 'POST',
    path: BASE,
    body,
    operation: `mutation($input: CreateMeasuredServiceInput!) { createMeasuredService(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateMeasuredServiceSuccess { data { service { ${FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { service: serviceInput(body) } }),
    result: (data) => legacyService(unwrapResult<any>(data.createMeasuredService).service),
    status: 201,
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body,
    operation: `mutation($input: UpdateMeasuredServiceInput!) { updateMeasuredService(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateMeasuredServiceSuccess { data { service { ${FIELDS} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('MeasuredService', params.id), service: serviceInput(body) } }),
    result: (data) => legacyService(unwrapResult<any>(data.updateMeasuredService).service),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteMeasuredServiceInput!) { deleteMeasuredService(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteMeasuredServiceSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('MeasuredService', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteMeasuredService);
      return { content: true };
    },
  },
];

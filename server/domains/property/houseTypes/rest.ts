import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const HOUSE_TYPE_SELECTION = `databaseId title description defaultName catastralAlgorithm requireDimension requireCondominium requireBlock
  requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall hiddenToPublic isCustom amount`;

export function legacyHouseType(h: any) {
  return {
    id: h.databaseId,
    title: h.title,
    description: h.description,
    default_name: h.defaultName,
    catastral_algorithm: h.catastralAlgorithm,
    require_dimension: h.requireDimension,
    require_condominium: h.requireCondominium,
    require_block: h.requireBlock,
    require_lot: h.requireLot,
    require_street: h.requireStreet,
    require_exterior_number: h.requireExteriorNumber,
    require_interior_number: h.requireInteriorNumber,
    require_mall: h.requireMall,
    hidden_to_public: h.hiddenToPublic,
    amount: h.amount,
    is_custom: h.isCustom,
  };
}

const listQuery = legacyPageQuery.extend({
  name: z.string().optional(),
});

const flag = z.boolean().nullish();
const body = z.object({
  predefined: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  default_name: z.string().nullish(),
  catastral_algorithm: z.enum(['UNIQUE', 'INTERIOR_NUMBER_COMPOSED']).nullish(),
  is_custom: flag,
  hidden_to_public: flag,
  require_dimension: flag,
  require_condominium: flag,
  require_block: flag,
  require_lot: flag,
  require_street: flag,
  require_exterior_number: flag,
  require_interior_number: flag,
  require_mall: flag,
  amount: z.union([z.string(), z.number()]).nullish(),
});

/** Legacy payloads name the type by title and flag custom ones with is_custom. */
function toInput(b: z.infer<typeof body>) {
  return {
    predefined: b.predefined ?? (b.is_custom ? 'Otro' : (b.title ?? '')),
    title: b.title ?? null,
    description: b.description ?? null,
    defaultName: b.default_name ?? null,
    catastralAlgorithm: b.catastral_algorithm ?? null,
    hiddenToPublic: b.hidden_to_public ?? null,
    requireDimension: b.require_dimension ?? null,
    requireCondominium: b.require_condominium ?? null,
    requireBlock: b.require_block ?? null,
    requireLot: b.require_lot ?? null,
    requireStreet: b.require_street ?? null,
    requireExteriorNumber: b.require_exterior_number ?? null,
    requireInteriorNumber: b.require_interior_number ?? null,
    requireMall: b.require_mall ?? null,
    amount: b.amount === null || b.amount === undefined ? null : String(b.amount),
  };
}

export const houseTypeRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses_types',
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: HouseTypeFilter) {
      houseTypes(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${HOUSE_TYPE_SELECTION} } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: { title: query.name ?? null } }),
    result: (data) => ({ total: data.houseTypes.totalCount, content: data.houseTypes.edges.map((e: any) => legacyHouseType(e.node)) }),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses_types/{id}',
    operation: `query($id: ID!) { node(id: $id) { ... on HouseType { ${HOUSE_TYPE_SELECTION} } } }`,
    variables: ({ params }) => ({ id: globalId('HouseType', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'El tipo de propiedad no existe');
      return legacyHouseType(data.node);
    },
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/houses_types',
    body,
    operation: `mutation($input: HouseTypeInput!) { createHouseType(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateHouseTypeSuccess { data { houseType { ${HOUSE_TYPE_SELECTION} } } } } }`,
    variables: ({ body }) => ({ input: toInput(body) }),
    result: (data) => legacyHouseType(unwrapResult<any>(data.createHouseType).houseType),
    status: 201,
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/houses_types/{id}',
    body,
    operation: `mutation($input: UpdateHouseTypeInput!) { updateHouseType(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateHouseTypeSuccess { data { houseType { ${HOUSE_TYPE_SELECTION} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('HouseType', params.id), houseType: toInput(body) } }),
    result: (data) => legacyHouseType(unwrapResult<any>(data.updateHouseType).houseType),
  },
  {
    method: 'DELETE',
    path: '/neighborhoods/{n}/houses_types/{id}',
    operation: `mutation($input: DeleteHouseTypeInput!) { deleteHouseType(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteHouseTypeSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('HouseType', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteHouseType);
      return { content: true };
    },
  },
];

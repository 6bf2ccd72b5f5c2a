// Legacy /api/1.0 routes of the amenities' configuration (spec 3 section 7: settings/amenities with enable and disable).
import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { AMENITY_NOT_FOUND } from './service.js';

const BASE = '/neighborhoods/{n}/settings/amenities';

const SELECTION = `databaseId name description cost deposit fromTime toTime maxOrdinaryDebt reservationUnit availableFrom availableTo ownersOnly enabled
  receiptConcept { databaseId }`;

export function legacyAmenity(a: any) {
  return {
    id: a.databaseId,
    name: a.name,
    description: a.description,
    cost: a.cost,
    deposit: a.deposit,
    from: a.fromTime,
    to: a.toTime,
    max_ordinary_debt: a.maxOrdinaryDebt,
    reservation_unit: a.reservationUnit,
    available_from: a.availableFrom,
    available_to: a.availableTo,
    owners_only: a.ownersOnly,
    id_receipt_concept: a.receiptConcept?.databaseId ?? null,
    enabled: a.enabled,
  };
}

const listQuery = legacyPageQuery.extend({
  name: z.string().optional(),
  enabled: z.enum(['true', 'false']).optional(),
});

/** Legacy clients send amounts as JSON numbers or strings; the core schema reads the text. */
const amount = z.union([z.string(), z.number()]).nullish();
const legacyId = z.union([z.number().int(), z.string().regex(/^\d{1,10}$/, 'debe ser un número')]);

const body = z.object({
  name: z.string(),
  description: z.string().nullish(),
  cost: amount,
  deposit: amount,
  from: z.string(),
  to: z.string(),
  max_ordinary_debt: amount,
  reservation_unit: z.enum(['DAY', 'HOUR']).nullish(),
  available_from: z.string().nullish(),
  available_to: z.string().nullish(),
  owners_only: z.boolean().nullish(),
  id_receipt_concept: legacyId.nullish(),
  enabled: z.boolean().nullish(),
});

/** PUT on the collection names the amenity to update with `id`, or creates one without it. */
const saveBody = body.extend({ id: legacyId.nullish() });

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

function toInput(b: z.infer<typeof body>) {
  return {
    name: b.name,
    description: b.description ?? null,
    cost: text(b.cost),
    deposit: text(b.deposit),
    fromTime: b.from,
    toTime: b.to,
    maxOrdinaryDebt: text(b.max_ordinary_debt),
    reservationUnit: b.reservation_unit ?? null,
    availableFrom: b.available_from ?? null,
    availableTo: b.available_to ?? null,
    ownersOnly: b.owners_only ?? null,
    receiptConceptId: b.id_receipt_concept == null ? null : globalId('IncomeConcept', String(b.id_receipt_concept)),
    enabled: b.enabled ?? null,
  };
}

/** A placeholder that only satisfies the document's variable types: the skipped mutation never reads it. */
const UNUSED = '{ id: "", amenity: { name: "", fromTime: "", toTime: "" } }';
const UNUSED_CREATE = '{ amenity: { name: "", fromTime: "", toTime: "" } }';

function switchRoute(action: 'enable' | 'disable'): RestRoute {
  return {
    method: 'PUT',
    path: `${BASE}/{id}/${action}`,
    operation: `mutation($input: SetAmenityEnabledInput!) { setAmenityEnabled(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationSetAmenityEnabledSuccess { data { amenity { ${SELECTION} } } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('Amenity', params.id), enabled: action === 'enable' } }),
    result: (data) => legacyAmenity(unwrapResult<any>(data.setAmenityEnabled).amenity),
  };
}

export const amenitySettingsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: AmenityFilter) {
      amenities(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${SELECTION} } } }
    }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.offset,
      filter: { name: query.name ?? null, enabled: query.enabled === undefined ? null : query.enabled === 'true' },
    }),
    result: (data) => ({ total: data.amenities.totalCount, content: data.amenities.edges.map((e: any) => legacyAmenity(e.node)) }),
  },
  {
    method: 'POST',
    path: BASE,
    body,
    operation: `mutation($input: CreateAmenityInput!) { createAmenity(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateAmenitySuccess { data { amenity { ${SELECTION} } } } } }`,
    variables: ({ body }) => ({ input: { amenity: toInput(body) } }),
    result: (data) => legacyAmenity(unwrapResult<any>(data.createAmenity).amenity),
    status: 201,
  },
  {
    // Save one amenity: the body's id updates that one (CAmenitiesUpdate), no id creates it (CAmenitiesCreate).
    method: 'PUT',
    path: BASE,
    body: saveBody,
    operation: `mutation($isUpdate: Boolean!, $create: CreateAmenityInput = ${UNUSED_CREATE}, $update: UpdateAmenityInput = ${UNUSED}) {
      created: createAmenity(input: $create) @skip(if: $isUpdate) { ${RESULT_ERROR_FIELDS} ... on MutationCreateAmenitySuccess { data { amenity { ${SELECTION} } } } }
      updated: updateAmenity(input: $update) @include(if: $isUpdate) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateAmenitySuccess { data { amenity { ${SELECTION} } } } }
    }`,
    variables: ({ body }) => {
      const { id, ...fields } = body;
      const amenity = toInput(fields);
      return id == null ? { isUpdate: false, create: { amenity } } : { isUpdate: true, update: { id: globalId('Amenity', String(id)), amenity } };
    },
    result: (data) => legacyAmenity(unwrapResult<any>(data.updated ?? data.created).amenity),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on Amenity { ${SELECTION} } } }`,
    variables: ({ params }) => ({ id: globalId('Amenity', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, AMENITY_NOT_FOUND);
      return legacyAmenity(data.node);
    },
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body,
    operation: `mutation($input: UpdateAmenityInput!) { updateAmenity(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateAmenitySuccess { data { amenity { ${SELECTION} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('Amenity', params.id), amenity: toInput(body) } }),
    result: (data) => legacyAmenity(unwrapResult<any>(data.updateAmenity).amenity),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteAmenityInput!) { deleteAmenity(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteAmenitySuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('Amenity', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteAmenity);
      return { content: true };
    },
  },
  switchRoute('enable'),
  switchRoute('disable'),
];

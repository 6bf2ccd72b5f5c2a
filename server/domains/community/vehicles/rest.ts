// Legacy /api/1.0 routes of vehicles (spec 3 sections 3 to 9, checklists/api.tsv): the community's and a house's
// vehicles (list with the spec's filters, create, get, save, delete), authorize, reject, the settings, the
// circulation card, the defaulters, a revision point's spaces, a vehicle's appointment (get, book, cancel), the
// scheduled list, the guard's plate lookup and comments, and the public appointment page. Each runs its GraphQL
// operation.
import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRequest, type RestRoute } from '../../../rest/router.js';
import { FILES_PATH } from '../../../infra/files/http.js';
import { VEHICLE_SEGMENTS, VEHICLE_STATUSES, VEHICLE_TYPES } from '../../../../core/vehicles.js';
import { Response } from '../../../http/response.js';

const BASE = '/neighborhoods/{n}/vehicles';
const HOUSE_BASE = '/neighborhoods/{n}/houses/{h}/vehicles';

const APPOINTMENT = 'databaseId code start end status revisionPointDatabaseId revisionPointName canComplete';
/** A vehicle in lists (its comments are read one vehicle at a time, with VEHICLE). */
const VEHICLE_ROW = `databaseId houseDatabaseId houseLabel catastral ownerName type typeName plate state stateName tagTypeId tagTypeName tagNumber tagSerial
  circulationCardFileId description externId status statusName icon rejectionReason rejectedAt authorizedAt inspectedAt createdAt
  appointment { ${APPOINTMENT} } canUpdate canDelete canBook canCancel canAuthorize`;
const VEHICLE = `${VEHICLE_ROW} comments { databaseId comment createdAt userName }`;

const fileUrl = (id: string | null) => (id ? `${FILES_PATH}/${id}` : null);

function legacyAppointment(a: any) {
  if (!a) return null;
  return {
    id: a.databaseId,
    code: a.code,
    status: a.status,
    id_revision_point: a.revisionPointDatabaseId,
    revision_point_name: a.revisionPointName,
    entry_date: a.start,
    end_date: a.end,
    formatted_entry_date: a.start,
  };
}

/** A vehicle in the spec's snake_case ("Vehicle"). */
export function legacyVehicle(v: any) {
  return {
    id: v.databaseId,
    id_house: v.houseDatabaseId,
    house: { id: v.houseDatabaseId, label: v.houseLabel, owner_name: v.ownerName },
    type: v.type,
    type_name: v.typeName,
    plate: v.plate,
    status: v.status,
    status_name: v.statusName,
    icon: v.icon,
    state: v.state,
    state_name: v.stateName,
    id_tag_type: v.tagTypeId,
    tag_type_name: v.tagTypeName,
    circulation_card: fileUrl(v.circulationCardFileId),
    revision_point_space: legacyAppointment(v.appointment),
    ...(v.comments ? { comments: v.comments.map((c: any) => ({ id: c.databaseId, comment: c.comment, created_at: c.createdAt, user_name: c.userName })) } : {}),
    description: v.description,
    extern_id: v.externId,
    tag_number: v.tagNumber,
    tag_serial: v.tagSerial,
    catastral: v.catastral,
    rejection_reason: v.rejectionReason,
    authorized_at: v.authorizedAt,
    inspected_at: v.inspectedAt,
    created_at: v.createdAt,
    can_update: v.canUpdate,
    can_delete: v.canDelete,
    can_book: v.canBook,
  };
}

const list = (connection: any) => ({ total: connection.totalCount, content: connection.edges.map((e: any) => legacyVehicle(e.node)) });

const legacyId = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un número`)
    .positive(`${label} debe ser un número`)
    .max(2_147_483_647);
const tagId = z.coerce.number({ error: 'El tipo de tag debe ser un número' }).int('El tipo de tag debe ser un número').min(-2).max(1_000);
const text = z.string().max(200).optional();

const filterQuery = z.object({
  description: text,
  plate: text,
  extern_id: text,
  tag_number: text,
  tag_serial: text,
  id_tag_type: tagId.optional(),
  segment: z.enum(VEHICLE_SEGMENTS, { error: 'El segmento debe ser ACTIVE, WITH_REVISION_POINT o WITHOUT_REVISION_POINT' }).optional(),
  status: z.enum(VEHICLE_STATUSES, { error: 'El estado debe ser INCOMPLETE, PENDING_AUTHORIZATION o ACTIVE' }).optional(),
  catastral: text,
  id_mall: legacyId('La plaza').optional(),
  id_condominium: legacyId('El condominio').optional(),
  id_street: legacyId('La calle').optional(),
  exterior_number: text,
  interior_number: text,
  block: text,
  lot: text,
  id_house_type: legacyId('El tipo de propiedad').optional(),
  id_house: legacyId('La propiedad').optional(),
});
const listQuery = legacyPageQuery.extend(filterQuery.shape);

function filterOf(q: z.infer<typeof filterQuery>, withHouse: boolean) {
  const or = (v: string | undefined) => (v === undefined || v === '' ? null : v);
  return {
    description: or(q.description),
    plate: or(q.plate),
    externId: or(q.extern_id),
    tagNumber: or(q.tag_number),
    tagSerial: or(q.tag_serial),
    tagTypeId: q.id_tag_type ?? null,
    segment: q.segment ?? null,
    status: q.status ?? null,
    catastral: or(q.catastral),
    mallId: q.id_mall ? globalId('Mall', String(q.id_mall)) : null,
    condominiumId: q.id_condominium ? globalId('Condominium', String(q.id_condominium)) : null,
    streetId: q.id_street ? globalId('Street', String(q.id_street)) : null,
    exteriorNumber: or(q.exterior_number),
    interiorNumber: or(q.interior_number),
    block: or(q.block),
    lot: or(q.lot),
    houseTypeId: q.id_house_type ? globalId('HouseType', String(q.id_house_type)) : null,
    houseId: withHouse && q.id_house ? globalId('House', String(q.id_house)) : null,
  };
}

const houseIdBody = z
  .union([
    z.number().int().positive().max(2_147_483_647),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'debe ser un número'),
  ])
  .nullish();
const tagBody = z
  .union([
    z.number(),
    z.literal('').transform(() => null),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,6}$/, 'debe ser un número')
      .transform(Number),
  ])
  .nullish()
  .transform((v) => v ?? null);

const vehicleBody = z.object({
  type: z.string().max(40).nullish(),
  plate: z.string().max(1_000).nullish(),
  state: z.string().max(40).nullish(),
  id_tag_type: tagBody,
  tag_number: z.string().max(1_000).nullish(),
  tag_serial: z.string().max(1_000).nullish(),
  /** The uploaded file's id (POST /api/1.0/files), or the link a GET answers (/api/1.0/files/{id}). */
  circulation_card: z.string().max(300).nullish(),
  description: z.string().max(5_000).nullish(),
  extern_id: z.string().max(1_000).nullish(),
  id_house: houseIdBody,
});
type VehicleBody = z.infer<typeof vehicleBody>;

function fieldsOf(b: VehicleBody) {
  const type = b.type ? b.type.trim().toUpperCase() : null;
  if (type !== null && !(VEHICLE_TYPES as readonly string[]).includes(type)) throw new RestError(400, 400, 'Elige el tipo de vehículo');
  const card = (b.circulation_card ?? '').trim();
  return {
    type,
    plate: b.plate ?? '',
    state: b.state ?? '',
    tagTypeId: b.id_tag_type,
    tagNumber: b.tag_number ?? null,
    tagSerial: b.tag_serial ?? null,
    circulationCardFileId: card ? (card.split('/').pop() ?? null) : null,
    description: b.description ?? null,
    externId: b.extern_id ?? null,
  };
}

const payloadOf = (field: string) => (data: any) => {
  const payload = unwrapResult<any>(data[field]);
  return { message: payload.message, needs_appointment: payload.needsAppointment, ...legacyVehicle(payload.vehicle) };
};
const doneOf = (field: string) => (data: any) => {
  const payload = unwrapResult<any>(data[field]);
  return { id: payload.vehicleDatabaseId, message: payload.message };
};

const PAGE_ARGS = '$first: Int, $offset: Int, $filter: VehicleFilter';
const CREATE = `mutation($input: CreateVehicleInput!) { createVehicle(input: $input) { ${RESULT_ERROR_FIELDS}
  ... on MutationCreateVehicleSuccess { data { message needsAppointment vehicle { ${VEHICLE} } } } } }`;
const UPDATE = `mutation($input: UpdateVehicleInput!) { updateVehicle(input: $input) { ${RESULT_ERROR_FIELDS}
  ... on MutationUpdateVehicleSuccess { data { message needsAppointment vehicle { ${VEHICLE} } } } } }`;
const DELETE = `mutation($input: VehicleIdInput!) { deleteVehicle(input: $input) { ${RESULT_ERROR_FIELDS}
  ... on MutationDeleteVehicleSuccess { data { vehicleDatabaseId message } } } }`;
const GET = `query($id: ID!) { vehicle(vehicleId: $id) { ${RESULT_ERROR_FIELDS} ... on QueryVehicleSuccess { data { ${VEHICLE} } } } }`;

/** A vehicle addressed under a house must be that house's (else 404, as a foreign id). */
const ofHouse = (req: RestRequest, v: any) => {
  if (req.params.h !== undefined && String(v.houseDatabaseId) !== req.params.h) throw new RestError(404, 404, 'El vehículo no existe');
  return v;
};

function getRoute(path: string): RestRoute {
  return {
    method: 'GET',
    path,
    operation: GET,
    variables: ({ params }) => ({ id: globalId('Vehicle', params.id) }),
    result: (data, req) => legacyVehicle(ofHouse(req, unwrapResult<any>(data.vehicle))),
  };
}
function updateRoute(path: string): RestRoute {
  return {
    method: 'PUT',
    path,
    body: vehicleBody,
    operation: UPDATE,
    variables: ({ params, body }) => ({
      input: { vehicleId: globalId('Vehicle', params.id), ...(params.h ? { houseId: globalId('House', params.h) } : {}), ...fieldsOf(body) },
    }),
    result: payloadOf('updateVehicle'),
  };
}
function deleteRoute(path: string): RestRoute {
  return {
    method: 'DELETE',
    path,
    operation: DELETE,
    variables: ({ params }) => ({ input: { vehicleId: globalId('Vehicle', params.id), ...(params.h ? { houseId: globalId('House', params.h) } : {}) } }),
    result: doneOf('deleteVehicle'),
  };
}

const spacesQuery = z.object({
  from: z.string().max(40).optional(),
  id_vehicle: legacyId('El vehículo').optional(),
});
const bookBody = z.object({
  id_revision_point: z.coerce.number({ error: 'El punto de revisión es requerido' }).int('El punto de revisión es requerido').positive().max(2_147_483_647),
  id_revision_point_space: z.coerce
    .number({ error: 'El horario es requerido' })
    .int('El horario es requerido')
    .positive('El horario es requerido')
    .max(2 ** 31 - 1, 'El horario no existe'),
});
const scheduledQuery = legacyPageQuery.extend({
  id_revision_point: legacyId('El punto de revisión').optional(),
  id_tag_type: tagId.optional(),
  from: z.string().max(40).optional(),
  code: z.string().max(40).optional(),
  plate: z.string().max(40).optional(),
});
const commentBody = z.object({ comment: z.string().max(4_000).nullish() });

export const vehicleRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: `${BASE}/settings`,
    operation:
      'query { vehicleSettings { tagTypes { id name } requiredVehicleRevision requiredVehicleTag requiredVehicleAuthorization restrictVehicles revisionPoints { databaseId name } } }',
    result: (data) => {
      const s = data.vehicleSettings;
      return {
        tag_types: s.tagTypes,
        required_vehicle_revision: s.requiredVehicleRevision,
        required_vehicle_tag: s.requiredVehicleTag,
        required_vehicle_authorization: s.requiredVehicleAuthorization,
        restrict_vehicles: s.restrictVehicles,
        revision_points: s.revisionPoints.map((p: any) => ({ id: p.databaseId, name: p.name })),
      };
    },
  },
  {
    // Appointments from a day on (today by default), soonest first.
    method: 'GET',
    path: `${BASE}/scheduled`,
    query: scheduledQuery,
    operation: `query($first: Int, $offset: Int, $filter: ScheduledVehicleFilter) { scheduledVehicles(first: $first, offset: $offset, filter: $filter) {
      totalCount edges { node { ${APPOINTMENT} vehicle { ${VEHICLE_ROW} } } } } }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.offset,
      filter: {
        revisionPointId: query.id_revision_point ?? null,
        tagTypeId: query.id_tag_type ?? null,
        from: query.from || null,
        code: query.code || null,
        plate: query.plate || null,
      },
    }),
    result: (data) => ({
      total: data.scheduledVehicles.totalCount,
      content: data.scheduledVehicles.edges.map(({ node }: any) => ({
        ...legacyAppointment(node),
        vehicle: node.vehicle ? legacyVehicle(node.vehicle) : null,
      })),
    }),
  },
  {
    method: 'GET',
    path: `${BASE}/defaulters`,
    query: legacyPageQuery,
    operation: `query($first: Int, $offset: Int) { defaulterVehicles(first: $first, offset: $offset) { totalCount edges { node { debt vehicle { ${VEHICLE_ROW} } } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset }),
    result: (data) => ({
      total: data.defaulterVehicles.totalCount,
      content: data.defaulterVehicles.edges.map(({ node }: any) => ({ ...legacyVehicle(node.vehicle), debt: node.debt })),
    }),
  },
  {
    // The guard's lookup: the plate's letters and digits (from 3), the exact plate first; each with its house and comments.
    method: 'GET',
    path: `${BASE}/plate/{plate}`,
    operation: `query($plate: String!) { vehicleLookup(plate: $plate) { ${VEHICLE} } }`,
    variables: ({ params }) => {
      if (!/^[\p{L}\p{N} .·-]{1,20}$/u.test(params.plate)) throw new RestError(400, 400, 'Las placas solo llevan letras, números, espacios y guiones');
      return { plate: params.plate };
    },
    result: (data) => {
      const rows = data.vehicleLookup.map(legacyVehicle);
      return { total: rows.length, content: rows };
    },
  },
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query(${PAGE_ARGS}) { vehicles(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${VEHICLE_ROW} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: filterOf(query, true) }),
    result: (data) => list(data.vehicles),
  },
  {
    // The administration registers a vehicle for `id_house`.
    method: 'POST',
    path: BASE,
    body: vehicleBody,
    operation: CREATE,
    variables: ({ body }) => {
      if (body.id_house == null) throw new RestError(400, 400, 'La propiedad es requerida');
      return { input: { ...fieldsOf(body), houseId: globalId('House', String(body.id_house)) } };
    },
    result: payloadOf('createVehicle'),
    status: 201,
  },
  getRoute(`${BASE}/{id}`),
  updateRoute(`${BASE}/{id}`),
  deleteRoute(`${BASE}/{id}`),
  {
    method: 'PUT',
    path: `${BASE}/{id}/authorize`,
    operation: `mutation($input: VehicleIdInput!) { authorizeVehicle(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationAuthorizeVehicleSuccess { data { message needsAppointment vehicle { ${VEHICLE} } } } } }`,
    variables: ({ params }) => ({ input: { vehicleId: globalId('Vehicle', params.id) } }),
    result: payloadOf('authorizeVehicle'),
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}/reject`,
    body: commentBody,
    operation: `mutation($input: RejectVehicleInput!) { rejectVehicle(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationRejectVehicleSuccess { data { message needsAppointment vehicle { ${VEHICLE} } } } } }`,
    variables: ({ params, body }) => ({ input: { vehicleId: globalId('Vehicle', params.id), comment: body.comment ?? null } }),
    result: payloadOf('rejectVehicle'),
  },
  {
    method: 'POST',
    path: `${BASE}/{id}/comments`,
    body: commentBody,
    operation: `mutation($input: AddVehicleCommentInput!) { addVehicleComment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationAddVehicleCommentSuccess { data { message comment { databaseId comment createdAt userName } vehicle { ${VEHICLE} } } } } }`,
    variables: ({ params, body }) => ({ input: { vehicleId: globalId('Vehicle', params.id), comment: body.comment ?? null } }),
    result: (data) => {
      const p = unwrapResult<any>(data.addVehicleComment);
      return {
        message: p.message,
        comment: { id: p.comment.databaseId, comment: p.comment.comment, created_at: p.comment.createdAt, user_name: p.comment.userName },
        ...legacyVehicle(p.vehicle),
      };
    },
    status: 201,
  },
  {
    method: 'GET',
    path: HOUSE_BASE,
    query: listQuery,
    operation: `query($houseId: ID, ${PAGE_ARGS}) { houseVehicles(houseId: $houseId, first: $first, offset: $offset, filter: $filter) {
      totalCount edges { node { ${VEHICLE_ROW} } } } }`,
    variables: ({ params, query }) => ({ houseId: globalId('House', params.h), first: query.page_size, offset: query.offset, filter: filterOf(query, false) }),
    result: (data) => list(data.houseVehicles),
  },
  {
    method: 'POST',
    path: HOUSE_BASE,
    body: vehicleBody,
    operation: CREATE,
    variables: ({ params, body }) => ({ input: { ...fieldsOf(body), houseId: globalId('House', params.h) } }),
    result: payloadOf('createVehicle'),
    status: 201,
  },
  getRoute(`${HOUSE_BASE}/{id}`),
  updateRoute(`${HOUSE_BASE}/{id}`),
  deleteRoute(`${HOUSE_BASE}/{id}`),
  {
    // The circulation card's file (the files endpoint judges who may read it).
    method: 'GET',
    path: `${HOUSE_BASE}/{id}/circulation-card`,
    operation: GET,
    variables: ({ params }) => ({ id: globalId('Vehicle', params.id) }),
    result: (data, req) => {
      const v = ofHouse(req, unwrapResult<any>(data.vehicle));
      if (!v.circulationCardFileId) throw new RestError(404, 404, 'El vehículo no tiene tarjeta de circulación');
      return new Response(null, { status: 302, headers: { location: `${FILES_PATH}/${v.circulationCardFileId}` } });
    },
  },
  {
    method: 'GET',
    path: `${HOUSE_BASE}/{id}/schedule`,
    operation: `query($id: ID!, $houseId: ID) { vehicleSchedule(vehicleId: $id, houseId: $houseId) { ${APPOINTMENT} } }`,
    variables: ({ params }) => ({ id: globalId('Vehicle', params.id), houseId: globalId('House', params.h) }),
    result: (data) => legacyAppointment(data.vehicleSchedule) ?? {},
  },
  {
    method: 'POST',
    path: `${HOUSE_BASE}/{id}/schedule`,
    body: bookBody,
    operation: `mutation($input: BookRevisionSpaceInput!) { bookRevisionSpace(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationBookRevisionSpaceSuccess { data { message appointment { ${APPOINTMENT} } } } } }`,
    variables: ({ params, body }) => ({
      input: {
        vehicleId: globalId('Vehicle', params.id),
        houseId: globalId('House', params.h),
        revisionPointId: body.id_revision_point,
        minute: body.id_revision_point_space,
      },
    }),
    result: (data) => {
      const p = unwrapResult<any>(data.bookRevisionSpace);
      return { message: p.message, ...legacyAppointment(p.appointment) };
    },
    status: 201,
  },
  {
    method: 'DELETE',
    path: `${HOUSE_BASE}/{id}/schedule`,
    operation: `mutation($input: CancelRevisionSpaceInput!) { cancelRevisionSpace(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCancelRevisionSpaceSuccess { data { vehicleDatabaseId message } } } }`,
    variables: ({ params }) => ({ input: { vehicleId: globalId('Vehicle', params.id), houseId: globalId('House', params.h) } }),
    result: doneOf('cancelRevisionSpace'),
  },
  {
    // A week of the point's spaces: each space's id is its start in minutes since 1970 (docs/decisions.md).
    method: 'GET',
    path: '/neighborhoods/{n}/revision-points/{id}/spaces',
    query: spacesQuery,
    operation: `query($id: Int!, $from: String, $vehicleId: ID) { revisionPointSpaces(revisionPointId: $id, from: $from, vehicleId: $vehicleId) {
      ${RESULT_ERROR_FIELDS} ... on QueryRevisionPointSpacesSuccess { data { revisionPointDatabaseId revisionPointName minutes from to
      days { day spaces { minute start end status code } } } } } }`,
    variables: ({ params, query }) => {
      if (!/^\d{1,10}$/.test(params.id) || Number(params.id) > 2_147_483_647) throw new RestError(404, 404, 'El punto de revisión no existe');
      return { id: Number(params.id), from: query.from || null, vehicleId: query.id_vehicle ? globalId('Vehicle', String(query.id_vehicle)) : null };
    },
    result: (data) => {
      const w = unwrapResult<any>(data.revisionPointSpaces);
      return {
        id_revision_point: w.revisionPointDatabaseId,
        name: w.revisionPointName,
        minutes: w.minutes,
        from: w.from,
        to: w.to,
        days: w.days.map((d: any) => ({
          day: d.day,
          spaces: d.spaces.map((s: any) => ({
            id: s.minute,
            status: s.status,
            entry_date: s.start,
            end_date: s.end,
            formatted_entry_date: s.start,
            code: s.code,
          })),
        })),
      };
    },
  },
  {
    // The public page of an appointment (no session): by the community's domain and the appointment's code.
    method: 'GET',
    path: '/public/{domain}/revision-point-spaces/{code}',
    operation: `query($domain: String!, $code: String!) { publicRevisionSpace(domain: $domain, code: $code) { ${RESULT_ERROR_FIELDS}
      ... on QueryPublicRevisionSpaceSuccess { data { code communityName revisionPointName start end status plate stateName typeName tagTypeName description houseLabel } } } }`,
    variables: ({ params }) => ({ domain: params.domain, code: params.code }),
    result: (data) => {
      const p = unwrapResult<any>(data.publicRevisionSpace);
      return {
        code: p.code,
        status: p.status,
        neighborhood_name: p.communityName,
        revision_point_name: p.revisionPointName,
        entry_date: p.start,
        end_date: p.end,
        formatted_entry_date: p.start,
        vehicle: { plate: p.plate, state_name: p.stateName, type_name: p.typeName, tag_type_name: p.tagTypeName, description: p.description },
        house: { label: p.houseLabel },
      };
    },
  },
];

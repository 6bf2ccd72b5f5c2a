// Legacy /api/1.0 routes of visitors and the gate (spec 3 sections 3 to 9, checklists/api.tsv): the house's,
// the community's and security's lists with the spec's filters, one visitor, create/save/delete, notify,
// entry and departure, the log, coming visitors, the settings (with the upload block), the XLS of every
// visitor and the public pass by community domain and reference. Each runs its GraphQL operation.
import { z } from 'zod';
import {
  globalId,
  legacyPageQuery,
  LinkedDownload,
  RESULT_ERROR_FIELDS,
  RestError,
  unwrapResult,
  type RestRequest,
  type RestRoute,
} from '../../../rest/router.js';
import { FILE_TYPES, MAX_FILE_BYTES } from '../../../infra/files/service.js';
import { FILES_PATH } from '../../../infra/files/http.js';
import { VISIT_DAYS } from '../../../../core/visitors.js';
import { COMING_PAGE, COMING_TODAY_MAX } from './service.js';

const BASE = '/neighborhoods/{n}/visitors';
const VISITOR_NOT_FOUND = 'La visita no existe';

const VISITOR = `databaseId reference name email reason visitorType entranceType vehicle vehiclePlate badge photoFileId origin houseDatabaseId houseLabel
  ownerName createdByName entryDate entryHour entryMinute departureDate departureHour departureMinute ${VISIT_DAYS.join(' ')}
  hasDays allDays workingDays weekend allowedDays inside insideSince lastEntryAt lastDepartureAt createdAt warning canUpdate`;

const fileUrl = (id: string | null) => (id ? `${FILES_PATH}/${id}` : null);

/** A visitor in the spec's snake_case ("Visitor"), plus what the gate shows. */
export function legacyVisitor(v: any, neighborhoodId: number | null) {
  return {
    id: v.databaseId,
    id_neighborhood: neighborhoodId,
    name: v.name,
    email: v.email,
    reference: v.reference,
    visitor_type: v.visitorType,
    entrance_type: v.entranceType,
    vehicle: v.vehicle,
    vehicle_plate: v.vehiclePlate,
    badge: v.badge,
    id_house: v.houseDatabaseId,
    id_inner_neighborhood: null,
    photo_url: fileUrl(v.photoFileId),
    entry_date: v.entryDate,
    entry_hour: v.entryHour,
    entry_minute: v.entryMinute,
    departure_date: v.departureDate,
    departure_hour: v.departureHour,
    departure_minute: v.departureMinute,
    ...Object.fromEntries(VISIT_DAYS.map((d) => [d, v[d]])),
    has_days: v.hasDays,
    all_days: v.allDays,
    working_days: v.workingDays,
    weekend: v.weekend,
    allowed_days: v.allowedDays,
    inside: v.inside,
    inside_since: v.insideSince,
    last_entry_at: v.lastEntryAt,
    last_departure_at: v.lastDepartureAt,
    house: v.houseDatabaseId === null ? null : { id: v.houseDatabaseId, label: v.houseLabel },
    owner_name: v.ownerName,
    reason: v.reason,
    origin: v.origin,
    created_by: v.createdByName,
    created_at: v.createdAt,
    warning: v.warning,
    can_update: v.canUpdate,
  };
}

const communityId = (req: RestRequest) => (/^\d{1,10}$/.test(req.params.n) ? Number(req.params.n) : null);
const list = (connection: any, req: RestRequest) => ({
  total: connection.totalCount,
  content: connection.edges.map((e: any) => legacyVisitor(e.node, communityId(req))),
});

// ---------------------------------------------------------------------------------------------------
// Filters (spec 3 section 7) from the query string.

const legacyId = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un número`)
    .positive()
    .max(2_147_483_647);
const text = z.string().max(200).optional();

const filterQuery = z.object({
  name: text,
  email: text,
  reference: text,
  entrance_from: text,
  entrance_to: text,
  entrance_scheduled_from: text,
  entrance_scheduled_to: text,
  creation_date: text,
  owner_first_name: text,
  owner_last_name: text,
  id_mall: legacyId('La plaza').optional(),
  id_condominium: legacyId('El condominio').optional(),
  id_street: legacyId('La calle').optional(),
  exterior_number: text,
  interior_number: text,
  block: text,
  lot: text,
  vehicle: text,
  vehicle_plate: text,
  badge: text,
  id_house: legacyId('La propiedad').optional(),
  inside: z.enum(['true', 'false'], { error: 'inside debe ser true o false' }).optional(),
});
const listQuery = legacyPageQuery.extend(filterQuery.shape);
type FilterQuery = z.infer<typeof filterQuery>;

function filterOf(q: FilterQuery, withHouse: boolean) {
  const or = (v: string | undefined) => (v === undefined || v === '' ? null : v);
  return {
    name: or(q.name),
    email: or(q.email),
    reference: or(q.reference),
    entranceFrom: or(q.entrance_from),
    entranceTo: or(q.entrance_to),
    scheduledFrom: or(q.entrance_scheduled_from),
    scheduledTo: or(q.entrance_scheduled_to),
    creationDate: or(q.creation_date),
    ownerFirstName: or(q.owner_first_name),
    ownerLastName: or(q.owner_last_name),
    mallId: q.id_mall ? globalId('Mall', String(q.id_mall)) : null,
    condominiumId: q.id_condominium ? globalId('Condominium', String(q.id_condominium)) : null,
    streetId: q.id_street ? globalId('Street', String(q.id_street)) : null,
    exteriorNumber: or(q.exterior_number),
    interiorNumber: or(q.interior_number),
    block: or(q.block),
    lot: or(q.lot),
    vehicle: or(q.vehicle),
    vehiclePlate: or(q.vehicle_plate),
    badge: or(q.badge),
    houseId: withHouse && q.id_house ? globalId('House', String(q.id_house)) : null,
    inside: q.inside === undefined ? null : q.inside === 'true',
  };
}

const PAGE_ARGS = '$first: Int, $offset: Int, $filter: VisitorFilter';
const pageVariables = (query: z.infer<typeof listQuery>, withHouse: boolean) => ({
  first: query.page_size,
  offset: query.offset,
  filter: filterOf(query, withHouse),
});

function listRoute(path: string, field: 'visitors' | 'securityVisitors'): RestRoute {
  return {
    method: 'GET',
    path,
    query: listQuery,
    operation: `query(${PAGE_ARGS}) { ${field}(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${VISITOR} } } } }`,
    variables: ({ query }) => pageVariables(query, true),
    result: (data, req) => list(data[field], req),
  };
}

// ---------------------------------------------------------------------------------------------------
// The form (create and save), in the spec's snake_case.

/** Legacy clients send numbers as JSON numbers or as text; the core schema judges the range (Spanish messages). */
const clock = z
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
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'debe ser true o false' }).transform((v) => v === 'true' || v === '1')])
  .nullish()
  .transform((v) => v ?? null);
const houseId = z
  .union([
    z.number().int().positive().max(2_147_483_647),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'debe ser un número'),
  ])
  .nullish();

const visitorBody = z.object({
  name: z.string().max(1_000).nullish(),
  email: z.string().max(1_000).nullish(),
  reason: z.string().max(5_000).nullish(),
  visitor_type: z.string().max(20).nullish(),
  entrance_type: z.string().max(20).nullish(),
  vehicle: z.string().max(1_000).nullish(),
  vehicle_plate: z.string().max(1_000).nullish(),
  badge: z.string().max(1_000).nullish(),
  /** The uploaded file's id (POST /api/1.0/files), or the link a GET answers (/api/1.0/files/{id}). */
  photo: z.string().max(300).nullish(),
  photo_url: z.string().max(300).nullish(),
  entry_date: z.string().max(40).nullish(),
  entry_hour: clock,
  entry_minute: clock,
  departure_date: z.string().max(40).nullish(),
  departure_hour: clock,
  departure_minute: clock,
  ...(Object.fromEntries(VISIT_DAYS.map((d) => [d, flag])) as Record<(typeof VISIT_DAYS)[number], typeof flag>),
  id_house: houseId,
});
type VisitorBody = z.infer<typeof visitorBody>;

const upperOrNull = (v: string | null | undefined) => (v ? v.trim().toUpperCase() : null);

function fieldsOf(b: VisitorBody) {
  const photo = (b.photo ?? b.photo_url ?? '').trim();
  return {
    name: b.name ?? '',
    email: b.email ?? null,
    reason: b.reason ?? null,
    visitorType: upperOrNull(b.visitor_type),
    entranceType: upperOrNull(b.entrance_type),
    vehicle: b.vehicle ?? null,
    vehiclePlate: b.vehicle_plate ?? null,
    badge: b.badge ?? null,
    photoFileId: photo ? (photo.split('/').pop() ?? null) : null,
    entryDate: b.entry_date ?? '',
    entryHour: b.entry_hour,
    entryMinute: b.entry_minute,
    departureDate: b.departure_date ?? null,
    departureHour: b.departure_hour,
    departureMinute: b.departure_minute,
    ...Object.fromEntries(VISIT_DAYS.map((d) => [d, b[d]])),
  };
}

/** The enum values GraphQL takes; anything else answers the core schema's Spanish message (400) before GraphQL runs. */
function checkEnums(fields: ReturnType<typeof fieldsOf>) {
  if (fields.visitorType !== null && !['PERMANENT', 'OCCASIONAL'].includes(fields.visitorType)) {
    throw new RestError(400, 400, 'Elige si la visita es permanente u ocasional');
  }
  if (fields.entranceType !== null && !['WALKING', 'DRIVING'].includes(fields.entranceType)) {
    throw new RestError(400, 400, 'Elige si la visita llega a pie o en vehículo');
  }
  return fields;
}

const payloadOf = (field: string) => (data: any, req: RestRequest) => {
  const payload = unwrapResult<any>(data[field]);
  return {
    message: payload.message,
    ...legacyVisitor(payload.visitor, communityId(req)),
    ...(payload.warning !== undefined ? { warning: payload.warning } : {}),
  };
};

function passageRoute(action: 'entry' | 'departure'): RestRoute {
  const field = action === 'entry' ? 'registerVisitorEntry' : 'registerVisitorDeparture';
  const success = `Mutation${field[0].toUpperCase()}${field.slice(1)}Success`;
  return {
    method: 'PUT',
    path: `${BASE}/{id}/${action}`,
    operation: `mutation($input: VisitorIdInput!) { ${field}(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on ${success} { data { message warning visitor { ${VISITOR} } } } } }`,
    variables: ({ params }) => ({ input: { visitorId: globalId('Visitor', params.id) } }),
    result: payloadOf(field),
  };
}

const LOG = 'id kind at warning userName';
const comingQuery = z.object({
  page_size: z.coerce.number({ error: 'page_size debe ser un número' }).int().min(1).max(COMING_TODAY_MAX).default(COMING_PAGE),
  id_house: legacyId('La propiedad').optional(),
});

/** Image types a visitor's photo may have (what POST /api/1.0/files accepts as a picture). */
const PHOTO_TYPES = [...new Set(Object.values(FILE_TYPES).filter((t) => t.startsWith('image/')))];

export const visitorRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses/{h}/visitors',
    query: listQuery,
    operation: `query($houseId: ID, ${PAGE_ARGS}) { houseVisitors(houseId: $houseId, first: $first, offset: $offset, filter: $filter) {
      totalCount edges { node { ${VISITOR} } } } }`,
    variables: ({ params, query }) => ({ houseId: globalId('House', params.h), ...pageVariables(query, false) }),
    result: (data, req) => list(data.houseVisitors, req),
  },
  listRoute(BASE, 'visitors'),
  listRoute('/neighborhoods/{n}/security/visitors', 'securityVisitors'),
  {
    // Register a visitor: for `id_house`, else for the person's own house (the administration and security: for no house).
    method: 'POST',
    path: BASE,
    body: visitorBody,
    operation: `mutation($input: CreateVisitorInput!) { createVisitor(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreateVisitorSuccess { data { message visitor { ${VISITOR} } } } } }`,
    variables: ({ body }) => {
      const fields = checkEnums(fieldsOf(body));
      const house = body.id_house == null ? null : globalId('House', String(body.id_house));
      return { input: { ...fields, houseId: house, forAdministration: house === null } };
    },
    result: payloadOf('createVisitor'),
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/settings`,
    operation: `query { visitorSettings { requireVehicleInfo emailRequired reasonRequired pictureRequired allowPermanent allowAdminSeeAll arrivalEmail } }`,
    result: (data) => {
      const s = data.visitorSettings;
      return {
        visitor_require_vehicle_info: s.requireVehicleInfo,
        visitor_email_required: s.emailRequired,
        visitor_reason_required: s.reasonRequired,
        visitor_picture_required: s.pictureRequired,
        visitor_allow_permanent: s.allowPermanent,
        visitor_allow_admin_see_all: s.allowAdminSeeAll,
        visitor_arrival_email: s.arrivalEmail,
        // The legacy client's object-storage policy: here, the app's own upload (its answer's id goes in `photo`).
        s3_upload: { endpoint: FILES_PATH, method: 'POST', field: 'file', max_size: MAX_FILE_BYTES, types: PHOTO_TYPES },
      };
    },
  },
  {
    // Today's expected visitors: the dashboard's 5 (continued with the next days'), or all of today's (page_size above 5, up to 500).
    method: 'GET',
    path: `${BASE}/coming`,
    query: comingQuery,
    operation: `query($houseId: ID, $allToday: Boolean) { comingVisitors(houseId: $houseId, allToday: $allToday) { ${VISITOR} } }`,
    variables: ({ query }) => ({
      houseId: query.id_house ? globalId('House', String(query.id_house)) : null,
      allToday: query.page_size > COMING_PAGE,
    }),
    result: (data, req) => {
      const rows = data.comingVisitors.slice(0, req.query.page_size);
      return { total: rows.length, content: rows.map((v: any) => legacyVisitor(v, communityId(req))) };
    },
  },
  {
    // Every visitor of the community as XLSX (AAllVisitorsRead), with the list's filters.
    method: 'GET',
    path: `${BASE}/xls`,
    query: filterQuery,
    operation: `query($filter: VisitorFilter) { visitorsXls(filter: $filter) { url } }`,
    variables: ({ query }) => ({ filter: filterOf(query, true) }),
    result: (data) => new LinkedDownload(data.visitorsXls.url),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { visitor(visitorId: $id) { ${RESULT_ERROR_FIELDS} ... on QueryVisitorSuccess { data { ${VISITOR} } } } }`,
    variables: ({ params }) => ({ id: globalId('Visitor', params.id) }),
    result: (data, req) => legacyVisitor(unwrapResult<any>(data.visitor), communityId(req)),
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body: visitorBody,
    operation: `mutation($input: UpdateVisitorInput!) { updateVisitor(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateVisitorSuccess { data { message visitor { ${VISITOR} } } } } }`,
    variables: ({ params, body }) => ({ input: { visitorId: globalId('Visitor', params.id), ...checkEnums(fieldsOf(body)) } }),
    result: payloadOf('updateVisitor'),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: VisitorIdInput!) { deleteVisitor(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeleteVisitorSuccess { data { visitorDatabaseId message } } } }`,
    variables: ({ params }) => ({ input: { visitorId: globalId('Visitor', params.id) } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.deleteVisitor);
      return { id: payload.visitorDatabaseId, message: payload.message };
    },
  },
  {
    // Resend the visitor its code by e-mail (at most every 30 seconds).
    method: 'PUT',
    path: `${BASE}/{id}/notify`,
    operation: `mutation($input: VisitorIdInput!) { notifyVisitor(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationNotifyVisitorSuccess { data { visitorDatabaseId message } } } }`,
    variables: ({ params }) => ({ input: { visitorId: globalId('Visitor', params.id) } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.notifyVisitor);
      return { id: payload.visitorDatabaseId, message: payload.message };
    },
  },
  passageRoute('entry'),
  passageRoute('departure'),
  {
    method: 'GET',
    path: `${BASE}/{id}/log`,
    query: legacyPageQuery,
    operation: `query($id: ID!, $first: Int, $offset: Int) { visitorLog(visitorId: $id, first: $first, offset: $offset) {
      totalCount edges { node { ${LOG} } } } }`,
    variables: ({ params, query }) => ({ id: globalId('Visitor', params.id), first: query.page_size, offset: query.offset }),
    result: (data, req) => {
      const connection = data.visitorLog;
      return {
        total: connection.totalCount,
        content: connection.edges.map(({ node: l }: any) => ({
          id: Number(l.id),
          id_visitor: Number(req.params.id),
          kind: l.kind,
          created_at: l.at,
          warning: l.warning,
          user_name: l.userName,
        })),
      };
    },
  },
  {
    // The public pass (no session): by the community's domain and the visitor's reference.
    method: 'GET',
    path: '/public/{domain}/visitors/{reference}',
    operation: `query($domain: String!, $reference: String!) { publicVisitor(domain: $domain, reference: $reference) { ${RESULT_ERROR_FIELDS}
      ... on QueryPublicVisitorSuccess { data { reference name communityName houseLabel visitorType entryDate entryHour entryMinute departureDate
        departureHour departureMinute allowedDays inside warning } } } }`,
    variables: ({ params }) => ({ domain: params.domain, reference: params.reference }),
    result: (data) => {
      const p = unwrapResult<any>(data.publicVisitor);
      if (!p) throw new RestError(404, 404, VISITOR_NOT_FOUND);
      return {
        reference: p.reference,
        name: p.name,
        neighborhood_name: p.communityName,
        house: p.houseLabel === null ? null : { label: p.houseLabel },
        visitor_type: p.visitorType,
        entry_date: p.entryDate,
        entry_hour: p.entryHour,
        entry_minute: p.entryMinute,
        departure_date: p.departureDate,
        departure_hour: p.departureHour,
        departure_minute: p.departureMinute,
        allowed_days: p.allowedDays,
        inside: p.inside,
        warning: p.warning,
      };
    },
  },
];

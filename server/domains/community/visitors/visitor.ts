// GraphQL of visitors and the gate (service.ts): the house's, the community's and security's lists, the
// gate's search, coming visitors, the log, create/update/delete/notify, entry and departure, the public
// pass, and the live changes.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { filter } from '@graphql-yoga/subscription';
import { z } from 'zod';
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import { dayText } from '../../../../core/input.js';
import { daysSummary, ENTRANCE_TYPES, VISIT_DAYS, type VisitDay, VISITOR_TYPES } from '../../../../core/visitors.js';
import {
  builder,
  grants,
  idempotencyKeyField,
  idPageArgs,
  keysetConnection,
  keysetPage,
  parseBigIdCursor,
  parseIdCursor,
  selectsField,
} from '../../../graphql/builder.js';
import { holdsAny } from '../../../auth/houseScope.js';
import type { VisitorEvent } from '../../../infra/pubsub.js';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { parseInput } from '../../../kernel/input.js';
import {
  ADMIN_HOUSE_GRANTS,
  comingVisitors,
  createVisitor,
  deleteVisitor,
  GATE_KEEPERS,
  getVisitor,
  HOUSE_READERS,
  listVisitors,
  localNow,
  mayUpdate,
  notifyVisitor,
  publicVisitor,
  registerPassage,
  searchGate,
  SECURITY_CREATORS,
  SECURITY_READERS,
  updateVisitor,
  VISITOR_CREATORS,
  VISITOR_READERS,
  VISITOR_UPDATERS,
  visitorLog,
  visitorHouses,
  visitorSettings,
  type LogRow,
  type VisitorFilter,
  type VisitorRow,
  windowOf,
} from './service.js';
import { visitWarning } from '../../../../core/visitors.js';
import { communityPlaces, PlacesRef } from '../../property/houses/house.js';

const idOf = (id: { typename: string; id: string } | null | undefined, typename: string) => (id ? (id.typename === typename ? rowId(id.id) : -1) : null);
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export const VisitorTypeEnum = builder.enumType('VisitorType', { values: VISITOR_TYPES });
export const VisitorEntranceEnum = builder.enumType('VisitorEntrance', { values: ENTRANCE_TYPES });
const VisitorOriginEnum = builder.enumType('VisitorOrigin', {
  description: "Who registered the visit: the house's people, the administration or security at the gate",
  values: ['HOUSE', 'ADMINISTRATION', 'SECURITY'] as const,
});
const VisitorLogKindEnum = builder.enumType('VisitorLogKind', { values: ['CREATED', 'QUERY', 'GET_IN', 'GET_OUT'] as const });

/** The community's time zone, read once per request for the rows' warnings. */
const timeZones = new WeakMap<object, Promise<string>>();
function timeZoneOf(ctx: ServiceContext): Promise<string> {
  let zone = timeZones.get(ctx);
  if (!zone) {
    zone = ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { timeZone: true } }).then((n) => n.timeZone);
    timeZones.set(ctx, zone);
  }
  return zone;
}

export const VisitorRef = builder.objectRef<VisitorRow>('Visitor').implement({
  description: 'A visitor announced to the gate (spec 3 "Visitor")',
  fields: (t) => ({
    id: t.id({ resolve: (v) => encodeGlobalID('Visitor', v.id) }),
    databaseId: t.exposeInt('id'),
    reference: t.exposeString('reference', { description: 'What the visitor shows at the gate' }),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    reason: t.exposeString('reason', { nullable: true }),
    visitorType: t.field({ type: VisitorTypeEnum, resolve: (v) => v.visitorType }),
    entranceType: t.field({ type: VisitorEntranceEnum, resolve: (v) => v.entranceType }),
    vehicle: t.exposeString('vehicle', { nullable: true }),
    vehiclePlate: t.exposeString('vehiclePlate', { nullable: true }),
    badge: t.exposeString('badge', { nullable: true }),
    photoFileId: t.exposeString('photoFileId', { nullable: true, description: 'GET /api/1.0/files/{id}' }),
    origin: t.field({ type: VisitorOriginEnum, resolve: (v) => v.origin }),
    houseId: t.id({ nullable: true, resolve: (v) => (v.houseId === null ? null : encodeGlobalID('House', v.houseId)) }),
    houseDatabaseId: t.exposeInt('houseId', { nullable: true }),
    houseLabel: t.string({ nullable: true, resolve: (v) => (v.house ? houseLabel(v.house) : null) }),
    ownerName: t.string({ nullable: true, description: "The house owner's name", resolve: (v) => (v.house?.owner ? personName(v.house.owner) : null) }),
    createdByName: t.string({ resolve: (v) => personName(v.createdBy) }),
    entryDate: t.string({ description: 'YYYY-MM-DD', resolve: (v) => day(v.entryDate)! }),
    entryHour: t.exposeInt('entryHour', { nullable: true }),
    entryMinute: t.exposeInt('entryMinute', { nullable: true }),
    departureDate: t.string({ nullable: true, resolve: (v) => day(v.departureDate) }),
    departureHour: t.exposeInt('departureHour', { nullable: true }),
    departureMinute: t.exposeInt('departureMinute', { nullable: true }),
    ...(Object.fromEntries(VISIT_DAYS.map((d) => [d, t.boolean({ resolve: (v: VisitorRow) => v[d as VisitDay] })])) as Record<VisitDay, never>),
    hasDays: t.boolean({ resolve: (v) => daysSummary(windowOf(v).days).hasDays }),
    allDays: t.boolean({ resolve: (v) => daysSummary(windowOf(v).days).allDays }),
    workingDays: t.boolean({ resolve: (v) => daysSummary(windowOf(v).days).workingDays }),
    weekend: t.boolean({ resolve: (v) => daysSummary(windowOf(v).days).weekend }),
    allowedDays: t.string({ description: 'The allowed weekdays in Spanish', resolve: (v) => daysSummary(windowOf(v).days).allowedDays }),
    inside: t.boolean({ description: 'Entered and not left yet', resolve: (v) => v.insideSince !== null }),
    insideSince: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.insideSince }),
    lastEntryAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.lastEntryAt }),
    lastDepartureAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.lastDepartureAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.createdAt }),
    warning: t.string({
      nullable: true,
      description: 'Why the visit is not expected now (the gate lets it in with this warning), or null',
      resolve: async (v, _a, ctx) => {
        const local = localNow(await timeZoneOf(ctx));
        return visitWarning(windowOf(v), local.today, local.minute);
      },
    }),
    canUpdate: t.boolean({ description: 'The viewer may edit or delete it', resolve: (v, _a, ctx) => mayUpdate(ctx, v) }),
    canRegisterPassage: t.boolean({ description: 'The viewer keeps the gate (entry and departure)', resolve: (_v, _a, ctx) => holdsAny(ctx, GATE_KEEPERS) }),
  }),
});

const VisitorConnectionRef = builder.connectionObject({
  type: VisitorRef,
  name: 'VisitorConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

const Days = z.object({
  entranceFrom: dayText('La fecha de entrada inicial').nullish(),
  entranceTo: dayText('La fecha de entrada final').nullish(),
  scheduledFrom: dayText('La fecha programada inicial').nullish(),
  scheduledTo: dayText('La fecha programada final').nullish(),
  creationDate: dayText('La fecha de registro').nullish(),
});

const VisitorFilterInput = builder.inputType('VisitorFilter', {
  description: 'Every filter of spec 3 section 7 (dates YYYY-MM-DD in the community)',
  fields: (t) => ({
    name: t.string({ required: false }),
    email: t.string({ required: false }),
    reference: t.string({ required: false, description: 'From its start' }),
    entranceFrom: t.string({ required: false, description: 'Last entry on or after this day' }),
    entranceTo: t.string({ required: false }),
    scheduledFrom: t.string({ required: false, description: 'Entry date on or after this day' }),
    scheduledTo: t.string({ required: false }),
    creationDate: t.string({ required: false }),
    ownerFirstName: t.string({ required: false }),
    ownerLastName: t.string({ required: false }),
    mallId: t.globalID({ required: false }),
    condominiumId: t.globalID({ required: false }),
    streetId: t.globalID({ required: false }),
    exteriorNumber: t.string({ required: false }),
    interiorNumber: t.string({ required: false }),
    block: t.string({ required: false }),
    lot: t.string({ required: false }),
    vehicle: t.string({ required: false }),
    vehiclePlate: t.string({ required: false }),
    badge: t.string({ required: false }),
    houseId: t.globalID({ required: false, description: "The community's and security's lists only" }),
    inside: t.boolean({ required: false, description: 'Only those inside now (true) or outside (false)' }),
  }),
});

type FilterArg = typeof VisitorFilterInput.$inferInput;

export function filterOf(f: FilterArg | null | undefined): VisitorFilter {
  const g = f ?? {};
  const days = parseInput(Days, {
    entranceFrom: g.entranceFrom || null,
    entranceTo: g.entranceTo || null,
    scheduledFrom: g.scheduledFrom || null,
    scheduledTo: g.scheduledTo || null,
    creationDate: g.creationDate || null,
  });
  const text = (v: string | null | undefined) => (v ? v.slice(0, 200) : null);
  return {
    ...days,
    name: text(g.name),
    email: text(g.email),
    reference: text(g.reference),
    ownerFirstName: text(g.ownerFirstName),
    ownerLastName: text(g.ownerLastName),
    mallId: idOf(g.mallId, 'Mall'),
    condominiumId: idOf(g.condominiumId, 'Condominium'),
    streetId: idOf(g.streetId, 'Street'),
    exteriorNumber: text(g.exteriorNumber),
    interiorNumber: text(g.interiorNumber),
    block: text(g.block),
    lot: text(g.lot),
    vehicle: text(g.vehicle),
    vehiclePlate: text(g.vehiclePlate),
    badge: text(g.badge),
    houseId: idOf(g.houseId, 'House'),
    inside: g.inside ?? null,
  };
}

function visitorList(name: string, description: string, kind: 'house' | 'community' | 'security', grantList: readonly string[]) {
  builder.queryField(name, (t) =>
    t.field({
      type: VisitorConnectionRef,
      description,
      ...grants(...(grantList as ['AVisitorsRead'])),
      args: {
        ...(kind === 'house' ? { houseId: t.arg.globalID({ required: false, description: "The viewer's house when omitted" }) } : {}),
        filter: t.arg({ type: VisitorFilterInput, required: false }),
        ...idPageArgs(t.arg),
      },
      resolve: async (_r, args, ctx, info) => {
        const page = keysetPage(args, parseIdCursor);
        const filter = filterOf(args.filter);
        const houseArg = (args as { houseId?: { typename: string; id: string } | null }).houseId;
        const { rows, total } = await listVisitors(
          ctx,
          kind === 'house' ? { kind, houseId: idOf(houseArg, 'House') } : { kind },
          kind === 'house' ? { ...filter, houseId: null } : filter,
          page,
          selectsField(info, 'totalCount'),
        );
        return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
      },
    }),
  );
}

const HOUSE_LIST_GRANTS = [...HOUSE_READERS, 'OVisitorsCreate', 'SVisitorsCreate', 'RVisitorsCreate', ...ADMIN_HOUSE_GRANTS] as const;
visitorList('houseVisitors', "A house's visitors, newest first (GET houses/{h}/visitors)", 'house', HOUSE_LIST_GRANTS);
visitorList('visitors', "The community's visitors as the administration sees them, newest first (GET visitors)", 'community', ADMIN_HOUSE_GRANTS);
visitorList(
  'securityVisitors',
  "The community's visitors for security (and the administration, as far as it sees them), newest first (GET security/visitors)",
  'security',
  [...SECURITY_READERS, ...SECURITY_CREATORS, ...GATE_KEEPERS, ...ADMIN_HOUSE_GRANTS],
);

builder.queryField('visitor', (t) =>
  t.field({
    type: VisitorRef,
    description: 'One visitor the viewer sees (GET visitors/{id})',
    ...grants(...VISITOR_READERS),
    errors: { types: [NotFoundError] },
    args: { visitorId: t.arg.globalID({ required: true }) },
    resolve: (_r, { visitorId }, ctx) => getVisitor(ctx, idOf(visitorId, 'Visitor')!),
  }),
);

const VisitorHouseRef = builder.objectRef<Awaited<ReturnType<typeof visitorHouses>>[number]>('VisitorHouseOption').implement({
  description: 'A house a visit can be registered for: its label and owner, nothing else',
  fields: (t) => ({
    databaseId: t.exposeInt('databaseId'),
    label: t.exposeString('label'),
    catastral: t.exposeString('catastral', { nullable: true }),
    ownerName: t.exposeString('ownerName', { nullable: true }),
  }),
});

builder.queryField('visitorHouses', (t) =>
  t.field({
    type: [VisitorHouseRef],
    description: 'Houses to register a visit for, by key, number or owner (2 characters or more; 20 at most): for the administration and security',
    ...grants('AVisitorsCreate', 'SecVisitorsCreate'),
    args: { phrase: t.arg.string({ required: true }) },
    resolve: (_r, { phrase }, ctx) => visitorHouses(ctx, phrase.slice(0, 100)),
  }),
);

builder.queryField('gateVisitors', (t) =>
  t.field({
    type: [VisitorRef],
    description:
      'The gate: visitors by name, reference or plate, anywhere and in any case or accents, as the guard types (from 3 letters or digits in a row); inside first',
    ...grants(...SECURITY_READERS, ...SECURITY_CREATORS, ...GATE_KEEPERS),
    args: { search: t.arg.string({ required: true }), first: t.arg.int({ required: false }) },
    resolve: (_r, { search, first }, ctx) => searchGate(ctx, search.slice(0, 100), first ?? 20),
  }),
);

builder.queryField('comingVisitors', (t) =>
  t.field({
    type: [VisitorRef],
    description:
      "Visitors expected today and not inside yet, by entry time; the first 5 continue with the next days' (allToday: all of today's, up to 500) (GET visitors/coming)",
    ...grants(...VISITOR_READERS),
    args: {
      houseId: t.arg.globalID({ required: false, description: "One house's; house people always their own" }),
      allToday: t.arg.boolean({ required: false }),
    },
    resolve: (_r, args, ctx) => comingVisitors(ctx, { houseId: idOf(args.houseId, 'House'), allToday: args.allToday ?? false }),
  }),
);

const VisitorLogRef = builder.objectRef<LogRow>('VisitorLogEntry').implement({
  description: 'An event of a visitor (spec 3: CREATED, QUERY, GET_IN, GET_OUT)',
  fields: (t) => ({
    id: t.string({ resolve: (l) => String(l.id) }),
    kind: t.field({ type: VisitorLogKindEnum, resolve: (l) => l.kind }),
    at: t.field({ type: 'DateTime', resolve: (l) => l.at }),
    warning: t.exposeString('warning', { nullable: true, description: 'An entry outside the visit, let in with this warning' }),
    userName: t.string({
      nullable: true,
      description: 'Who registered it; null for a lookup of the public page',
      resolve: (l) => (l.user ? personName(l.user) : null),
    }),
  }),
});

const VisitorLogConnectionRef = builder.connectionObject({
  type: VisitorLogRef,
  name: 'VisitorLogConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

const parseBigCursor = (cursor: string) => BigInt(parseBigIdCursor(cursor));

builder.queryField('visitorLog', (t) =>
  t.field({
    type: VisitorLogConnectionRef,
    description: "A visitor's log, newest first (GET visitors/{id}/log)",
    ...grants(...VISITOR_READERS),
    args: { visitorId: t.arg.globalID({ required: true }), ...idPageArgs(t.arg) },
    resolve: async (_r, args, ctx, info) => {
      const page = keysetPage(args, parseBigCursor);
      const { rows, total } = await visitorLog(ctx, idOf(args.visitorId, 'Visitor')!, page, selectsField(info, 'totalCount'));
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: String(r.id) }, 'id'), total) as never;
    },
  }),
);

const VisitorSettingsRef = builder.objectRef<Awaited<ReturnType<typeof visitorSettings>>>('VisitorSettings').implement({
  description: "What the community asks of a visitor's registration (its visitor_* flags)",
  fields: (t) => ({
    requireVehicleInfo: t.exposeBoolean('requireVehicleInfo'),
    emailRequired: t.exposeBoolean('emailRequired'),
    reasonRequired: t.exposeBoolean('reasonRequired'),
    pictureRequired: t.exposeBoolean('pictureRequired'),
    allowPermanent: t.exposeBoolean('allowPermanent', { description: 'The viewer may register a permanent visitor' }),
    allowAdminSeeAll: t.exposeBoolean('allowAdminSeeAll'),
    arrivalEmail: t.exposeBoolean('arrivalEmail'),
  }),
});

builder.queryField('visitorPlaces', (t) =>
  t.field({
    type: PlacesRef,
    description: "The places a visitor list filters by (its filter's streetId, condominiumId and mallId)",
    ...grants(...ADMIN_HOUSE_GRANTS, ...SECURITY_READERS, ...SECURITY_CREATORS, ...GATE_KEEPERS),
    resolve: (_r, _a, ctx) => communityPlaces(ctx),
  }),
);

builder.queryField('visitorSettings', (t) =>
  t.field({
    type: VisitorSettingsRef,
    description: 'The community visitor rules (GET visitors/settings)',
    ...grants(...VISITOR_READERS),
    resolve: (_r, _a, ctx) => visitorSettings(ctx),
  }),
);

const PublicVisitorRef = builder.objectRef<Awaited<ReturnType<typeof publicVisitor>>>('PublicVisitor').implement({
  description: "A visitor's pass as the public page shows it (no session)",
  fields: (t) => ({
    reference: t.exposeString('reference'),
    name: t.exposeString('name'),
    communityName: t.exposeString('communityName'),
    houseLabel: t.exposeString('houseLabel', { nullable: true }),
    visitorType: t.field({ type: VisitorTypeEnum, resolve: (p) => p.window.visitorType }),
    entryDate: t.string({ resolve: (p) => p.window.entryDate }),
    entryHour: t.int({ nullable: true, resolve: (p) => p.window.entryHour }),
    entryMinute: t.int({ nullable: true, resolve: (p) => p.window.entryMinute }),
    departureDate: t.string({ nullable: true, resolve: (p) => p.window.departureDate }),
    departureHour: t.int({ nullable: true, resolve: (p) => p.window.departureHour }),
    departureMinute: t.int({ nullable: true, resolve: (p) => p.window.departureMinute }),
    allowedDays: t.string({ resolve: (p) => daysSummary(p.window.days).allowedDays }),
    inside: t.exposeBoolean('inside'),
    warning: t.exposeString('warning', { nullable: true }),
  }),
});

builder.queryField('publicVisitor', (t) =>
  t.field({
    type: PublicVisitorRef,
    description: "A visitor's pass by community domain and reference, without a session; throttled per address (GET public/{domain}/visitors/{reference})",
    errors: { types: [NotFoundError] },
    args: { domain: t.arg.string({ required: true }), reference: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => publicVisitor(ctx, args.domain, args.reference),
  }),
);

const visitorFieldsInput = (f: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  name: f.string({ required: true }),
  email: f.string({ required: false }),
  reason: f.string({ required: false }),
  visitorType: f.field({ type: VisitorTypeEnum, required: false, description: 'OCCASIONAL by default; PERMANENT only where allowed' }),
  entranceType: f.field({ type: VisitorEntranceEnum, required: false, description: 'WALKING by default (clears vehicle and plate)' }),
  vehicle: f.string({ required: false }),
  vehiclePlate: f.string({ required: false }),
  badge: f.string({ required: false }),
  photoFileId: f.string({ required: false, description: 'An upload of POST /api/1.0/files' }),
  entryDate: f.string({ required: true, description: 'YYYY-MM-DD' }),
  entryHour: f.int({ required: false }),
  entryMinute: f.int({ required: false }),
  departureDate: f.string({ required: false }),
  departureHour: f.int({ required: false }),
  departureMinute: f.int({ required: false }),
  ...(Object.fromEntries(VISIT_DAYS.map((d) => [d, f.boolean({ required: false, description: 'Allowed weekday (true by default)' })])) as Record<
    VisitDay,
    never
  >),
});

const VisitorPayloadRef = builder.objectRef<{ visitor: VisitorRow; message: string; warning?: string | null }>('VisitorPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    warning: t.string({ nullable: true, description: 'Entry outside the visit: let in, with this warning', resolve: (p) => p.warning ?? null }),
    visitor: t.field({ type: VisitorRef, resolve: (p) => p.visitor }),
  }),
});

builder.mutationField('createVisitor', (t) =>
  t.field({
    type: VisitorPayloadRef,
    description: "Register a visitor for a house (the viewer's when omitted) or, for the administration and security, for no house (POST visitors)",
    ...grants(...VISITOR_CREATORS),
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateVisitorInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: false }),
            forAdministration: f.boolean({ required: false, description: 'The administration or security registers it for no house' }),
            ...visitorFieldsInput(f),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { houseId, forAdministration, idempotencyKey, ...fields } = input;
      const house = idOf(houseId, 'House') ?? (forAdministration ? null : (ctx.actor?.houseId ?? null));
      return createVisitor(ctx, house, fields as never, idempotencyKey);
    },
  }),
);

builder.mutationField('updateVisitor', (t) =>
  t.field({
    type: VisitorPayloadRef,
    description: 'Edit a visitor (PUT visitors/{id})',
    ...grants(...VISITOR_UPDATERS),
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateVisitorInput', {
          fields: (f) => ({ visitorId: f.globalID({ required: true }), ...visitorFieldsInput(f), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { visitorId, idempotencyKey, ...fields } = input;
      return updateVisitor(ctx, idOf(visitorId, 'Visitor')!, fields as never, idempotencyKey);
    },
  }),
);

const VisitorIdInput = builder.inputType('VisitorIdInput', {
  fields: (f) => ({ visitorId: f.globalID({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
});

const DeletedVisitorRef = builder.objectRef<{ id: number; message: string }>('DeletedVisitor').implement({
  fields: (t) => ({ visitorDatabaseId: t.exposeInt('id'), message: t.exposeString('message') }),
});

builder.mutationField('deleteVisitor', (t) =>
  t.field({
    type: DeletedVisitorRef,
    description: 'Delete a visitor that is not inside; its log stays (DELETE visitors/{id})',
    ...grants(...VISITOR_UPDATERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: VisitorIdInput, required: true }) },
    resolve: (_r, { input }, ctx) => deleteVisitor(ctx, idOf(input.visitorId, 'Visitor')!, input.idempotencyKey),
  }),
);

builder.mutationField('notifyVisitor', (t) =>
  t.field({
    type: DeletedVisitorRef,
    description: 'E-mail the visitor its code again, at most every 30 seconds (PUT visitors/{id}/notify)',
    ...grants(...VISITOR_UPDATERS, ...VISITOR_CREATORS),
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: VisitorIdInput, required: true }) },
    resolve: (_r, { input }, ctx) => notifyVisitor(ctx, idOf(input.visitorId, 'Visitor')!, input.idempotencyKey),
  }),
);

for (const [name, kind, description] of [
  ['registerVisitorEntry', 'GET_IN', 'The gate: the visitor entered; outside its visit it is let in with a warning (PUT visitors/{id}/entry)'],
  ['registerVisitorDeparture', 'GET_OUT', 'The gate: the visitor left (PUT visitors/{id}/departure)'],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: VisitorPayloadRef,
      description,
      ...grants(...GATE_KEEPERS),
      errors: { types: [NotFoundError, ConflictError] },
      args: { input: t.arg({ type: VisitorIdInput, required: true }) },
      resolve: (_r, { input }, ctx) => registerPassage(ctx, idOf(input.visitorId, 'Visitor')!, kind, new Date(), input.idempotencyKey),
    }),
  );
}

const VisitorChangeRef = builder.objectRef<VisitorEvent>('VisitorChange').implement({
  description: 'A visitor was registered, changed, deleted, entered or left: open lists refetch; GET_IN is the arrival',
  fields: (t) => ({
    visitorDatabaseId: t.exposeInt('visitorId'),
    houseDatabaseId: t.exposeInt('houseId', { nullable: true }),
    kind: t.exposeString('kind', { description: 'CREATED, UPDATED, DELETED, GET_IN or GET_OUT' }),
    name: t.exposeString('name'),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
  }),
});

builder.subscriptionField('visitorsChanged', (t) =>
  t.field({
    type: VisitorChangeRef,
    description: "The viewer's visitors changed: a house's people hear their house's; the administration and security the community's",
    authScopes: { grant: [...VISITOR_READERS] },
    directives: { grant: { any: [...VISITOR_READERS] } },
    subscribe: async (_root, _args, ctx) => {
      if (!holdsAny(ctx, VISITOR_READERS)) throw new ForbiddenError();
      const neighborhoodId = communityOf(ctx);
      if (holdsAny(ctx, [...ADMIN_HOUSE_GRANTS, ...SECURITY_READERS, ...SECURITY_CREATORS, ...GATE_KEEPERS])) {
        const n = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { visitorAllowAdminSeeAll: true } });
        const security = holdsAny(ctx, [...SECURITY_READERS, ...SECURITY_CREATORS, ...GATE_KEEPERS]);
        const events = ctx.pubsub.subscribe('visitors:community', neighborhoodId);
        // An administration that does not see the houses' visitors hears only its own and security's.
        return security || n.visitorAllowAdminSeeAll ? events : filter((e: VisitorEvent) => e.origin !== 'HOUSE')(events);
      }
      if (ctx.actor?.houseId == null) throw new ForbiddenError();
      return ctx.pubsub.subscribe('visitors:house', ctx.actor.houseId);
    },
    resolve: (event) => event,
  }),
);

// GraphQL of vehicles (service.ts): a house's and the community's lists, one vehicle, create/update/delete,
// authorize and reject, the settings, a revision point's spaces, booking, cancelling and completing an
// appointment, the scheduled list, the guard's plate lookup and comments, the defaulters and the public page.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import { dayText } from '../../../../core/input.js';
import { SPACE_STATUSES } from '../../../../core/revisionSpaces.js';
import {
  STATES,
  type StateCode,
  tagTypeName,
  VEHICLE_SEGMENTS,
  VEHICLE_STATUS_NAMES,
  VEHICLE_STATUSES,
  VEHICLE_TYPE_NAMES,
  VEHICLE_TYPES,
  vehicleIcon,
} from '../../../../core/vehicles.js';
import { builder, grants, idempotencyKeyField, idPageArgs, keysetConnection, keysetPage, parseIdCursor, selectsField } from '../../../graphql/builder.js';
import { holdsAny } from '../../../auth/houseScope.js';
import { InputError, ConflictError, NotFoundError } from '../../../kernel/errors.js';
import { communityPlaces, PlacesRef } from '../../property/houses/house.js';
import { rowId } from '../../../kernel/ids.js';
import { parseInput } from '../../../kernel/input.js';
import { z } from 'zod';
import {
  ADMIN_HOUSE_GRANTS,
  ADMIN_READERS,
  ADMIN_UPDATERS,
  addVehicleComment,
  authorizeVehicle,
  bookSpace,
  cancelSpace,
  COMMENTERS,
  type CommentRow,
  completeSpace,
  createVehicle,
  defaulterVehicles,
  deleteVehicle,
  getVehicle,
  HOUSE_GRANTS,
  listVehicles,
  lookupPlate,
  mayBook,
  mayCancel,
  mayDelete,
  mayUpdate,
  ownerName,
  pointSpaces,
  publicSpace,
  rejectVehicle,
  SCHEDULE_READERS,
  scheduledVehicles,
  SECURITY_READERS,
  SPACE_BOOKERS,
  SPACE_CANCELLERS,
  type SpaceRow,
  updateVehicle,
  VEHICLE_CREATORS,
  VEHICLE_DELETERS,
  VEHICLE_READERS,
  VEHICLE_UPDATERS,
  vehicleComments,
  type VehicleFilter,
  type VehicleRow,
  vehicleSchedule,
  vehicleSettings,
} from './service.js';

const idOf = (id: { typename: string; id: string } | null | undefined, typename: string) => (id ? (id.typename === typename ? rowId(id.id) : -1) : null);

export const VehicleTypeEnum = builder.enumType('VehicleType', { values: VEHICLE_TYPES });
export const VehicleStatusEnum = builder.enumType('VehicleStatus', { values: VEHICLE_STATUSES });
const VehicleSegmentEnum = builder.enumType('VehicleSegment', {
  description: "ACTIVE 'Validados'; WITH_REVISION_POINT 'Con cita' (not active, holds an appointment); WITHOUT_REVISION_POINT 'Sin cita'",
  values: VEHICLE_SEGMENTS,
});
const VehicleIconEnum = builder.enumType('VehicleIcon', { values: ['check', 'hourglass', 'clock', 'banned'] as const });
const RevisionSpaceStatusEnum = builder.enumType('RevisionSpaceStatus', { values: SPACE_STATUSES });

const VehicleCommentRef = builder.objectRef<CommentRow>('VehicleComment').implement({
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    comment: t.exposeString('comment'),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    userName: t.string({ resolve: (c) => personName(c.user) }),
  }),
});

/** An appointment as a vehicle holds it (its included space) or as the scheduled list reads it (with its vehicle). */
type Appointment = {
  id: number;
  code: string;
  start: Date;
  end: Date;
  status: 'CONFIRMED' | 'COMPLETED';
  revisionPointId: number;
  revisionPoint: { name: string };
  vehicle?: VehicleRow;
};

const RevisionAppointmentRef = builder.objectRef<Appointment>('RevisionAppointment');

export const VehicleRef = builder.objectRef<VehicleRow>('Vehicle').implement({
  description: 'A house\'s vehicle (spec 3 "Vehicle")',
  fields: (t) => ({
    id: t.id({ resolve: (v) => encodeGlobalID('Vehicle', v.id) }),
    databaseId: t.exposeInt('id'),
    houseId: t.id({ resolve: (v) => encodeGlobalID('House', v.houseId) }),
    houseDatabaseId: t.exposeInt('houseId'),
    houseLabel: t.string({ resolve: (v) => houseLabel(v.house) }),
    catastral: t.string({ nullable: true, resolve: (v) => v.house.catastral }),
    ownerName: t.string({ nullable: true, description: "The house owner's name", resolve: (v) => ownerName(v) }),
    type: t.field({ type: VehicleTypeEnum, resolve: (v) => v.type }),
    typeName: t.string({ resolve: (v) => VEHICLE_TYPE_NAMES[v.type] }),
    plate: t.exposeString('plate'),
    state: t.exposeString('state', { description: 'A Mexican state code (ISO 3166-2:MX) or EXT' }),
    stateName: t.string({ resolve: (v) => STATES[v.state as StateCode] ?? v.state }),
    tagTypeId: t.exposeInt('tagTypeId', { nullable: true, description: '-1 «No tengo tag», -2 «No está en esta lista»' }),
    tagTypeName: t.string({ nullable: true, resolve: (v) => tagTypeName(v.tagTypeId) }),
    tagNumber: t.exposeString('tagNumber', { nullable: true }),
    tagSerial: t.exposeString('tagSerial', { nullable: true }),
    circulationCardFileId: t.exposeString('circulationCardFileId', { nullable: true, description: 'GET /api/1.0/files/{id}' }),
    description: t.exposeString('description', { nullable: true }),
    externId: t.exposeString('externId', { nullable: true }),
    status: t.field({ type: VehicleStatusEnum, resolve: (v) => v.status }),
    statusName: t.string({ resolve: (v) => (v.rejectedAt ? 'Rechazado' : VEHICLE_STATUS_NAMES[v.status]) }),
    icon: t.field({ type: VehicleIconEnum, resolve: (v) => vehicleIcon(v.status, v.spaces.length > 0) }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true }),
    rejectedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.rejectedAt }),
    authorizedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.authorizedAt }),
    inspectedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.inspectedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.createdAt }),
    appointment: t.field({
      type: RevisionAppointmentRef,
      nullable: true,
      description: 'The appointment it holds (CONFIRMED), if any',
      resolve: (v) => (v.spaces[0] ? { ...v.spaces[0], status: 'CONFIRMED' as const } : null),
    }),
    comments: t.field({
      type: [VehicleCommentRef],
      description: 'Security and administration comments, newest first (empty for others)',
      args: { first: t.arg.int({ required: false }) },
      resolve: (v, { first }, ctx) => vehicleComments(ctx, v, first ?? 5),
    }),
    canUpdate: t.boolean({ resolve: (v, _a, ctx) => mayUpdate(ctx, v) }),
    canDelete: t.boolean({ resolve: (v, _a, ctx) => mayDelete(ctx, v) }),
    canBook: t.boolean({ description: 'The viewer may book or change its appointment', resolve: (v, _a, ctx) => mayBook(ctx, v) }),
    canCancel: t.boolean({ resolve: (v, _a, ctx) => mayCancel(ctx, v) }),
    canAuthorize: t.boolean({ description: 'The viewer authorizes or rejects vehicles', resolve: (_v, _a, ctx) => holdsAny(ctx, ADMIN_READERS) }),
    canComment: t.boolean({ resolve: (_v, _a, ctx) => holdsAny(ctx, COMMENTERS) }),
  }),
});

RevisionAppointmentRef.implement({
  description: 'An inspection appointment: a vehicle in a space of a revision point',
  fields: (t) => ({
    id: t.id({ resolve: (s) => encodeGlobalID('RevisionAppointment', s.id) }),
    databaseId: t.exposeInt('id'),
    code: t.exposeString('code', { description: 'What the vehicle shows at the point; its public page' }),
    start: t.field({ type: 'DateTime', resolve: (s) => s.start }),
    end: t.field({ type: 'DateTime', resolve: (s) => s.end }),
    status: t.field({ type: RevisionSpaceStatusEnum, resolve: (s) => s.status }),
    revisionPointDatabaseId: t.exposeInt('revisionPointId'),
    revisionPointName: t.string({ resolve: (s) => s.revisionPoint.name }),
    vehicle: t.field({ type: VehicleRef, nullable: true, resolve: (s) => s.vehicle ?? null }),
    canComplete: t.boolean({ resolve: (s, _a, ctx) => s.status === 'CONFIRMED' && holdsAny(ctx, ADMIN_UPDATERS) }),
  }),
});

const VehicleConnectionRef = builder.connectionObject({
  type: VehicleRef,
  name: 'VehicleConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

const VehicleFilterInput = builder.inputType('VehicleFilter', {
  description: 'Every filter of spec 3 section 7',
  fields: (t) => ({
    description: t.string({ required: false }),
    plate: t.string({ required: false, description: 'Its letters and digits anywhere in the plate' }),
    externId: t.string({ required: false }),
    tagNumber: t.string({ required: false }),
    tagSerial: t.string({ required: false }),
    tagTypeId: t.int({ required: false }),
    segment: t.field({ type: VehicleSegmentEnum, required: false }),
    status: t.field({ type: VehicleStatusEnum, required: false }),
    catastral: t.string({ required: false, description: 'From its start' }),
    mallId: t.globalID({ required: false }),
    condominiumId: t.globalID({ required: false }),
    streetId: t.globalID({ required: false }),
    exteriorNumber: t.string({ required: false }),
    interiorNumber: t.string({ required: false }),
    block: t.string({ required: false }),
    lot: t.string({ required: false }),
    houseTypeId: t.globalID({ required: false }),
    houseId: t.globalID({ required: false, description: "The community's list only" }),
  }),
});

type FilterArg = typeof VehicleFilterInput.$inferInput;

function filterOf(f: FilterArg | null | undefined): VehicleFilter {
  const g = f ?? {};
  const text = (v: string | null | undefined) => (v ? v.slice(0, 200) : null);
  return {
    description: text(g.description),
    plate: text(g.plate),
    externId: text(g.externId),
    tagNumber: text(g.tagNumber),
    tagSerial: text(g.tagSerial),
    tagTypeId: g.tagTypeId ?? null,
    segment: g.segment ?? null,
    status: g.status ?? null,
    catastral: text(g.catastral),
    mallId: idOf(g.mallId, 'Mall'),
    condominiumId: idOf(g.condominiumId, 'Condominium'),
    streetId: idOf(g.streetId, 'Street'),
    exteriorNumber: text(g.exteriorNumber),
    interiorNumber: text(g.interiorNumber),
    block: text(g.block),
    lot: text(g.lot),
    houseTypeId: idOf(g.houseTypeId, 'HouseType'),
    houseId: idOf(g.houseId, 'House'),
  };
}

const HOUSE_LIST_GRANTS = [...HOUSE_GRANTS, ...ADMIN_HOUSE_GRANTS] as const;

builder.queryField('houseVehicles', (t) =>
  t.field({
    type: VehicleConnectionRef,
    description: "A house's vehicles, newest first (GET houses/{h}/vehicles)",
    ...grants(...HOUSE_LIST_GRANTS),
    args: {
      houseId: t.arg.globalID({ required: false, description: "The viewer's house when omitted" }),
      filter: t.arg({ type: VehicleFilterInput, required: false }),
      ...idPageArgs(t.arg),
    },
    resolve: async (_r, args, ctx, info) => {
      const page = keysetPage(args, parseIdCursor);
      const { rows, total } = await listVehicles(
        ctx,
        { kind: 'house', houseId: idOf(args.houseId, 'House') },
        { ...filterOf(args.filter), houseId: null },
        page,
        selectsField(info, 'totalCount'),
      );
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);

builder.queryField('vehicles', (t) =>
  t.field({
    type: VehicleConnectionRef,
    description: "The community's vehicles, newest first (GET vehicles; status PENDING_AUTHORIZATION and first 5 for the dashboard)",
    ...grants(...ADMIN_HOUSE_GRANTS),
    args: { filter: t.arg({ type: VehicleFilterInput, required: false }), ...idPageArgs(t.arg) },
    resolve: async (_r, args, ctx, info) => {
      const page = keysetPage(args, parseIdCursor);
      const { rows, total } = await listVehicles(ctx, { kind: 'community' }, filterOf(args.filter), page, selectsField(info, 'totalCount'));
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);

builder.queryField('vehicle', (t) =>
  t.field({
    type: VehicleRef,
    description: 'One vehicle the viewer sees (GET vehicles/{id})',
    ...grants(...VEHICLE_READERS),
    errors: { types: [NotFoundError] },
    args: { vehicleId: t.arg.globalID({ required: true }) },
    resolve: (_r, { vehicleId }, ctx) => getVehicle(ctx, idOf(vehicleId, 'Vehicle')!),
  }),
);

builder.queryField('vehicleLookup', (t) =>
  t.field({
    type: [VehicleRef],
    description:
      "The guard's plate lookup as it types: plates holding the letters and digits typed (from 3), the exact plate first (GET vehicles/plate/{plate})",
    ...grants(...SECURITY_READERS, ...ADMIN_READERS),
    args: { plate: t.arg.string({ required: true }), first: t.arg.int({ required: false }) },
    resolve: (_r, { plate, first }, ctx) => lookupPlate(ctx, plate, first ?? 20),
  }),
);

builder.queryField('vehiclePlaces', (t) =>
  t.field({
    type: PlacesRef,
    description: "The places the community's vehicle list filters by (its filter's streetId, condominiumId and mallId)",
    ...grants(...ADMIN_HOUSE_GRANTS),
    resolve: (_r, _a, ctx) => communityPlaces(ctx),
  }),
);

const TagTypeRef = builder.objectRef<{ id: number; name: string }>('VehicleTagType').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});
const PointOptionRef = builder.objectRef<{ id: number; name: string }>('RevisionPointOption').implement({
  fields: (t) => ({ databaseId: t.exposeInt('id'), name: t.exposeString('name') }),
});

const VehicleSettingsRef = builder.objectRef<Awaited<ReturnType<typeof vehicleSettings>>>('VehicleSettings').implement({
  description: 'What the community asks of a vehicle and the tag types the viewer may choose (GET vehicles/settings)',
  fields: (t) => ({
    tagTypes: t.field({ type: [TagTypeRef], resolve: (s) => s.tagTypes }),
    requiredVehicleRevision: t.exposeBoolean('requiredVehicleRevision'),
    requiredVehicleTag: t.exposeBoolean('requiredVehicleTag'),
    requiredVehicleAuthorization: t.exposeBoolean('requiredVehicleAuthorization'),
    restrictVehicles: t.exposeBoolean('restrictVehicles', { description: 'A house keeps at most as many vehicles as its parking spots' }),
    revisionPoints: t.field({ type: [PointOptionRef], description: 'Revision points open today or later', resolve: (s) => s.revisionPoints }),
  }),
});

builder.queryField('vehicleSettings', (t) =>
  t.field({
    type: VehicleSettingsRef,
    ...grants(...VEHICLE_READERS),
    resolve: (_r, _a, ctx) => vehicleSettings(ctx),
  }),
);

type SpaceWeek = Awaited<ReturnType<typeof pointSpaces>>;
type SpaceView = SpaceWeek['days'][number]['spaces'][number];

const RevisionSpaceRef = builder.objectRef<SpaceView>('RevisionSpace').implement({
  description: 'A space of a revision point, as the vehicle asked about sees it',
  fields: (t) => ({
    minute: t.exposeInt('minute', { description: 'Its start in minutes since 1970: what a booking names' }),
    start: t.field({ type: 'DateTime', resolve: (s) => s.start }),
    end: t.field({ type: 'DateTime', resolve: (s) => s.end }),
    status: t.field({ type: RevisionSpaceStatusEnum, resolve: (s) => s.status }),
    code: t.exposeString('code', { nullable: true, description: "The vehicle's own appointment's code" }),
  }),
});

const RevisionSpaceDayRef = builder.objectRef<SpaceWeek['days'][number]>('RevisionSpaceDay').implement({
  fields: (t) => ({ day: t.exposeString('day'), spaces: t.field({ type: [RevisionSpaceRef], resolve: (d) => d.spaces }) }),
});

const RevisionSpaceWeekRef = builder.objectRef<SpaceWeek>('RevisionSpaceWeek').implement({
  fields: (t) => ({
    revisionPointDatabaseId: t.int({ resolve: (w) => w.point.id }),
    revisionPointName: t.string({ resolve: (w) => w.point.name }),
    minutes: t.int({ resolve: (w) => w.point.minutes }),
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    days: t.field({ type: [RevisionSpaceDayRef], resolve: (w) => w.days }),
  }),
});

const Day = z.object({ from: dayText('La fecha').nullish() });

builder.queryField('revisionPointSpaces', (t) =>
  t.field({
    type: RevisionSpaceWeekRef,
    description: "Seven days of a revision point's spaces not yet begun, from `from` (GET revision-points/{id}/spaces)",
    ...grants(...VEHICLE_READERS),
    errors: { types: [NotFoundError, InputError] },
    args: {
      revisionPointId: t.arg.int({ required: true }),
      from: t.arg.string({ required: false, description: 'YYYY-MM-DD; today when omitted' }),
      vehicleId: t.arg.globalID({ required: false, description: 'Show this vehicle’s own appointment as CONFIRMED' }),
    },
    resolve: (_r, args, ctx) => {
      const { from } = parseInput(Day, { from: args.from || null });
      return pointSpaces(ctx, args.revisionPointId, from ?? null, idOf(args.vehicleId, 'Vehicle'));
    },
  }),
);

builder.queryField('vehicleSchedule', (t) =>
  t.field({
    type: RevisionAppointmentRef,
    nullable: true,
    description: "A vehicle's appointment: the one it holds, else its last completed one (GET houses/{h}/vehicles/{id}/schedule)",
    ...grants(...VEHICLE_READERS),
    args: { vehicleId: t.arg.globalID({ required: true }), houseId: t.arg.globalID({ required: false }) },
    resolve: (_r, args, ctx) => vehicleSchedule(ctx, idOf(args.houseId, 'House'), idOf(args.vehicleId, 'Vehicle')!) as Promise<Appointment | null>,
  }),
);

const AppointmentConnectionRef = builder.connectionObject({
  type: RevisionAppointmentRef,
  name: 'RevisionAppointmentConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

/** Offset pages for lists ordered by something else than id: the cursor is the position. */
function positionPage(args: { first?: number | null; after?: string | null; offset?: number | null }) {
  const page = keysetPage({ first: args.first, after: args.after, offset: args.offset }, parseIdCursor);
  return { page, skip: page.after ?? page.offset };
}
function positionConnection<T>(rows: T[], page: ReturnType<typeof positionPage>, total?: number) {
  const numbered = rows.map((row, i) => ({ row, position: page.skip + i + 1 }));
  const connection = keysetConnection(numbered, page.page, (r) => formatPrismaCursor({ id: r.position }, 'id'), total);
  return { ...connection, edges: connection.edges.map((e) => ({ cursor: e.cursor, node: e.node.row })) };
}
const forwardPageArgs = (arg: Parameters<typeof idPageArgs>[0]) => ({
  first: arg.int({ required: false }),
  after: arg.string({ required: false }),
  offset: arg.int({ required: false, description: 'Rows to skip (pager); ignored with after' }),
});

const ScheduledFilterInput = builder.inputType('ScheduledVehicleFilter', {
  fields: (t) => ({
    revisionPointId: t.int({ required: false }),
    tagTypeId: t.int({ required: false }),
    from: t.string({ required: false, description: 'YYYY-MM-DD; today when omitted' }),
    code: t.string({ required: false, description: 'From its start' }),
    plate: t.string({ required: false }),
  }),
});

builder.queryField('scheduledVehicles', (t) =>
  t.field({
    type: AppointmentConnectionRef,
    description: 'Inspection appointments from a day on, soonest first (GET vehicles/scheduled)',
    ...grants(...SCHEDULE_READERS, ...ADMIN_UPDATERS),
    args: { filter: t.arg({ type: ScheduledFilterInput, required: false }), ...forwardPageArgs(t.arg) },
    resolve: async (_r, args, ctx, info) => {
      const f = args.filter ?? {};
      const { from } = parseInput(Day, { from: f.from || null });
      const page = positionPage(args);
      const { rows, total } = await scheduledVehicles(
        ctx,
        {
          revisionPointId: f.revisionPointId ?? null,
          tagTypeId: f.tagTypeId ?? null,
          from: from ?? null,
          code: f.code?.slice(0, 40) ?? null,
          plate: f.plate?.slice(0, 40) ?? null,
        },
        { limit: page.page.limit, offset: page.skip },
        selectsField(info, 'totalCount'),
      );
      return positionConnection(rows as Appointment[], page, total) as never;
    },
  }),
);

const DefaulterRef = builder.objectRef<{ vehicle: VehicleRow; debt: string }>('DefaulterVehicle').implement({
  fields: (t) => ({
    debt: t.exposeString('debt', { description: 'What its house owes (overdue receipts and negative wallets)' }),
    vehicle: t.field({ type: VehicleRef, resolve: (d) => d.vehicle }),
  }),
});
const DefaulterConnectionRef = builder.connectionObject({
  type: DefaulterRef,
  name: 'DefaulterVehicleConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

builder.queryField('defaulterVehicles', (t) =>
  t.field({
    type: DefaulterConnectionRef,
    description: 'Vehicles of houses that owe, the largest debts first (GET vehicles/defaulters)',
    ...grants(...ADMIN_READERS),
    args: forwardPageArgs(t.arg),
    resolve: async (_r, args, ctx, info) => {
      const page = positionPage(args);
      const { rows, total } = await defaulterVehicles(ctx, { limit: page.page.limit, offset: page.skip }, selectsField(info, 'totalCount'));
      return positionConnection(rows, page, total) as never;
    },
  }),
);

const PublicSpaceRef = builder.objectRef<Awaited<ReturnType<typeof publicSpace>>>('PublicRevisionSpace').implement({
  description: 'An inspection appointment as its public page shows it (no session)',
  fields: (t) => ({
    code: t.exposeString('code'),
    communityName: t.exposeString('communityName'),
    revisionPointName: t.exposeString('revisionPointName'),
    start: t.field({ type: 'DateTime', resolve: (p) => p.start }),
    end: t.field({ type: 'DateTime', resolve: (p) => p.end }),
    status: t.field({ type: RevisionSpaceStatusEnum, resolve: (p) => p.status }),
    plate: t.exposeString('plate'),
    stateName: t.string({ resolve: (p) => STATES[p.state as StateCode] ?? p.state }),
    typeName: t.string({ resolve: (p) => VEHICLE_TYPE_NAMES[p.type as keyof typeof VEHICLE_TYPE_NAMES] ?? p.type }),
    tagTypeName: t.string({ nullable: true, resolve: (p) => tagTypeName(p.tagTypeId) }),
    description: t.exposeString('description', { nullable: true }),
    houseLabel: t.exposeString('houseLabel'),
  }),
});

builder.queryField('publicRevisionSpace', (t) =>
  t.field({
    type: PublicSpaceRef,
    description: 'An appointment by community domain and code, without a session; throttled per address (GET public/{domain}/revision-point-spaces/{code})',
    errors: { types: [NotFoundError] },
    args: { domain: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => publicSpace(ctx, args.domain, args.code),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations.

const vehicleFieldsInput = (f: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  type: f.field({ type: VehicleTypeEnum, required: false, description: 'CAR by default' }),
  plate: f.string({ required: true }),
  state: f.string({ required: true, description: 'A Mexican state code (ISO 3166-2:MX) or EXT' }),
  tagTypeId: f.int({ required: false }),
  tagNumber: f.string({ required: false }),
  tagSerial: f.string({ required: false }),
  circulationCardFileId: f.string({ required: false, description: 'An upload of POST /api/1.0/files' }),
  description: f.string({ required: false }),
  externId: f.string({ required: false }),
});

const VehiclePayloadRef = builder.objectRef<{ vehicle: VehicleRow; message: string; needsAppointment: boolean }>('VehiclePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    needsAppointment: t.exposeBoolean('needsAppointment', { description: 'Go straight to booking its inspection (a new vehicle that needs one)' }),
    vehicle: t.field({ type: VehicleRef, resolve: (p) => p.vehicle }),
  }),
});

builder.mutationField('createVehicle', (t) =>
  t.field({
    type: VehiclePayloadRef,
    description: "Register a vehicle for a house (the viewer's when omitted) (POST houses/{h}/vehicles, POST vehicles)",
    ...grants(...VEHICLE_CREATORS),
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateVehicleInput', {
          fields: (f) => ({ houseId: f.globalID({ required: false }), ...vehicleFieldsInput(f), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { houseId, idempotencyKey, ...fields } = input;
      return createVehicle(ctx, idOf(houseId, 'House') ?? ctx.actor?.houseId ?? null, fields as never, idempotencyKey);
    },
  }),
);

builder.mutationField('updateVehicle', (t) =>
  t.field({
    type: VehiclePayloadRef,
    description: 'Edit a vehicle (PUT vehicles/{id})',
    ...grants(...VEHICLE_UPDATERS),
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateVehicleInput', {
          fields: (f) => ({
            vehicleId: f.globalID({ required: true }),
            houseId: f.globalID({ required: false, description: 'The house the vehicle must belong to (the legacy house path)' }),
            ...vehicleFieldsInput(f),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { vehicleId, houseId, idempotencyKey, ...fields } = input;
      return updateVehicle(ctx, idOf(vehicleId, 'Vehicle')!, fields as never, idempotencyKey, idOf(houseId, 'House'));
    },
  }),
);

const VehicleIdInput = builder.inputType('VehicleIdInput', {
  fields: (f) => ({
    vehicleId: f.globalID({ required: true }),
    houseId: f.globalID({ required: false, description: 'The house the vehicle must belong to (the legacy house path)' }),
    idempotencyKey: idempotencyKeyField(f),
  }),
});

const VehicleDoneRef = builder.objectRef<{ id: number; message: string }>('VehicleDone').implement({
  fields: (t) => ({ vehicleDatabaseId: t.exposeInt('id'), message: t.exposeString('message') }),
});

builder.mutationField('deleteVehicle', (t) =>
  t.field({
    type: VehicleDoneRef,
    description: 'Delete a vehicle; the appointment it held is freed (DELETE vehicles/{id})',
    ...grants(...VEHICLE_DELETERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: VehicleIdInput, required: true }) },
    resolve: (_r, { input }, ctx) => deleteVehicle(ctx, idOf(input.vehicleId, 'Vehicle')!, input.idempotencyKey, idOf(input.houseId, 'House')),
  }),
);

builder.mutationField('authorizeVehicle', (t) =>
  t.field({
    type: VehiclePayloadRef,
    description: 'The administration authorizes a vehicle (PUT vehicles/{id}/authorize)',
    ...grants(...ADMIN_READERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: VehicleIdInput, required: true }) },
    resolve: (_r, { input }, ctx) => authorizeVehicle(ctx, idOf(input.vehicleId, 'Vehicle')!, input.idempotencyKey),
  }),
);

builder.mutationField('rejectVehicle', (t) =>
  t.field({
    type: VehiclePayloadRef,
    description: 'The administration rejects a vehicle with a reason (PUT vehicles/{id}/reject)',
    ...grants(...ADMIN_READERS),
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('RejectVehicleInput', {
          fields: (f) => ({ vehicleId: f.globalID({ required: true }), comment: f.string({ required: false }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => rejectVehicle(ctx, idOf(input.vehicleId, 'Vehicle')!, { comment: input.comment }, input.idempotencyKey),
  }),
);

const CommentPayloadRef = builder.objectRef<Awaited<ReturnType<typeof addVehicleComment>>>('VehicleCommentPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    comment: t.field({ type: VehicleCommentRef, resolve: (p) => p.comment }),
    vehicle: t.field({ type: VehicleRef, resolve: (p) => p.vehicle }),
  }),
});

builder.mutationField('addVehicleComment', (t) =>
  t.field({
    type: CommentPayloadRef,
    description: 'Security (or the administration) comments on a vehicle (POST vehicles/{id}/comments)',
    ...grants(...COMMENTERS),
    errors: { types: [InputError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('AddVehicleCommentInput', {
          fields: (f) => ({ vehicleId: f.globalID({ required: true }), comment: f.string({ required: false }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => addVehicleComment(ctx, idOf(input.vehicleId, 'Vehicle')!, { comment: input.comment }, input.idempotencyKey),
  }),
);

const AppointmentPayloadRef = builder.objectRef<{ space: SpaceRow; message: string }>('RevisionAppointmentPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    appointment: t.field({ type: RevisionAppointmentRef, resolve: (p) => p.space as Appointment }),
  }),
});

builder.mutationField('bookRevisionSpace', (t) =>
  t.field({
    type: AppointmentPayloadRef,
    description:
      'Book a space for a vehicle (POST houses/{h}/vehicles/{id}/schedule): 410 when someone else took it or it is gone, 409 when the vehicle already holds one',
    ...grants(...SPACE_BOOKERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('BookRevisionSpaceInput', {
          fields: (f) => ({
            vehicleId: f.globalID({ required: true }),
            houseId: f.globalID({ required: false }),
            revisionPointId: f.int({ required: true }),
            minute: f.int({ required: true, description: "The space's `minute`" }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      bookSpace(ctx, idOf(input.houseId, 'House'), idOf(input.vehicleId, 'Vehicle')!, input.revisionPointId, input.minute, input.idempotencyKey),
  }),
);

builder.mutationField('cancelRevisionSpace', (t) =>
  t.field({
    type: VehicleDoneRef,
    description: 'Cancel the appointment a vehicle holds (DELETE houses/{h}/vehicles/{id}/schedule)',
    ...grants(...SPACE_CANCELLERS),
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CancelRevisionSpaceInput', {
          fields: (f) => ({ vehicleId: f.globalID({ required: true }), houseId: f.globalID({ required: false }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => cancelSpace(ctx, idOf(input.houseId, 'House'), idOf(input.vehicleId, 'Vehicle')!, input.idempotencyKey),
  }),
);

builder.mutationField('completeRevisionSpace', (t) =>
  t.field({
    type: AppointmentPayloadRef,
    description: 'The administration marks an appointment completed; the vehicle counts as inspected',
    ...grants(...ADMIN_UPDATERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CompleteRevisionSpaceInput', {
          fields: (f) => ({ appointmentId: f.globalID({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => completeSpace(ctx, idOf(input.appointmentId, 'RevisionAppointment')!, input.idempotencyKey),
  }),
);

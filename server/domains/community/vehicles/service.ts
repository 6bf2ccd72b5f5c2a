// Vehicles, inspection appointments and the guard's plate lookup (issue 31; spec 3 sections 3 to 9, module
// ACCESO_VEHICULAR). A house's people register their vehicles and book an appointment at a revision point; the
// administration sees every vehicle, authorizes or rejects it and marks appointments completed; security looks
// plates up as they arrive and leaves comments. A vehicle's status follows the community's flags
// (core/vehicles.ts vehicleStatus) and is kept on its row for the lists.
import { randomCode } from '../../../kernel/ids.js';
import { sql } from 'kysely';
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import { formatMoney } from '../../../../core/money.js';
import { todayIn } from '../../../../core/receipts.js';
import { storedRules } from '../../../../core/revisionPoints.js';
import { type BookedSpace, revisionSpaces, SPACE_DAYS, spaceAt, type SpacePoint } from '../../../../core/revisionSpaces.js';
import { addDays, localInstant } from '../../../../core/amenitySlots.js';
import {
  CommentSchema,
  HOUSE_TAG_OPTIONS,
  PLATE_LOOKUP_MIN,
  plateKey,
  RejectSchema,
  SPACE_CODE_ALPHABET,
  SPACE_CODE_LENGTH,
  TAG_TYPES,
  VEHICLE_MESSAGES,
  type VehicleFlags,
  vehicleFields,
  type VehicleInput,
  type VehicleSegment,
  vehicleStatus,
} from '../../../../core/vehicles.js';
import { holdsAny, targetHouse } from '../../../auth/houseScope.js';
import { takeAttempt, type AttemptRule } from '../../../auth/rateLimit.js';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import { claimFile } from '../../../infra/files/service.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../kernel/errors.js';
import { parseInput } from '../../../kernel/input.js';
import { lockRow } from '../../../kernel/locks.js';
import { write } from '../../../kernel/write.js';
import { containingPattern as containing, given, likeLiteral } from '../../../kernel/textFilter.js';

/** House people: their own house's vehicles (docs/decisions.md «Vehicle grants»). */
export const HOUSE_READERS = ['OVehiclesRead', 'SVehiclesRead', 'RVehiclesRead'] as const;
export const HOUSE_CREATORS = ['OVehiclesCreate', 'SVehiclesCreate', 'RVehiclesCreate'] as const;
export const HOUSE_UPDATERS = ['OVehiclesUpdate', 'SVehiclesUpdate', 'RVehiclesUpdate'] as const;
export const HOUSE_DELETERS = ['OVehiclesDelete', 'SVehiclesDelete', 'RVehiclesDelete'] as const;
export const HOUSE_BOOKERS = ['OVehiclesScheduleCreate', 'SVehiclesScheduleCreate', 'RVehiclesScheduleCreate'] as const;
export const HOUSE_CANCELLERS = ['OVehiclesScheduleDelete', 'SVehiclesScheduleDelete', 'RVehiclesScheduleDelete'] as const;
/** AVehiclesRead sees every vehicle and authorizes or rejects (spec 3 section 8). */
export const ADMIN_READERS = ['AVehiclesRead'] as const;
export const ADMIN_CREATORS = ['AVehiclesCreate'] as const;
/** Edits any vehicle and marks appointments completed. */
export const ADMIN_UPDATERS = ['AVehiclesUpdate'] as const;
export const ADMIN_DELETERS = ['AVehiclesDelete'] as const;
export const ADMIN_BOOKERS = ['AVehiclesScheduleCreate'] as const;
export const ADMIN_CANCELLERS = ['AVehiclesScheduleDelete'] as const;
/** The scheduled vehicles list. */
export const SCHEDULE_READERS = ['AVehiclesScheduleRead'] as const;
/** The guard's plate lookup and comments. */
export const SECURITY_READERS = ['SecVehicleRead'] as const;

/** Administration grants that reach any house's vehicles. */
export const ADMIN_HOUSE_GRANTS = [
  ...ADMIN_READERS,
  ...ADMIN_CREATORS,
  ...ADMIN_UPDATERS,
  ...ADMIN_DELETERS,
  ...ADMIN_BOOKERS,
  ...ADMIN_CANCELLERS,
  ...SCHEDULE_READERS,
] as const;
export const HOUSE_GRANTS = [...HOUSE_READERS, ...HOUSE_CREATORS, ...HOUSE_UPDATERS, ...HOUSE_DELETERS, ...HOUSE_BOOKERS, ...HOUSE_CANCELLERS] as const;
/** Any grant that reads some vehicles. */
export const VEHICLE_READERS = [...HOUSE_GRANTS, ...ADMIN_HOUSE_GRANTS, ...SECURITY_READERS] as const;
export const VEHICLE_CREATORS = [...HOUSE_CREATORS, ...ADMIN_CREATORS] as const;
export const VEHICLE_UPDATERS = [...HOUSE_UPDATERS, ...ADMIN_UPDATERS] as const;
export const VEHICLE_DELETERS = [...HOUSE_DELETERS, ...ADMIN_DELETERS] as const;
export const SPACE_BOOKERS = [...HOUSE_BOOKERS, ...ADMIN_BOOKERS] as const;
export const SPACE_CANCELLERS = [...HOUSE_CANCELLERS, ...ADMIN_CANCELLERS] as const;
/** Who comments on a vehicle: security at the gate and the administration. */
export const COMMENTERS = [...SECURITY_READERS, ...ADMIN_READERS] as const;

/** Public page lookups per address, like the visitor's pass. */
export const PUBLIC_LOOKUP_RULES: readonly AttemptRule[] = [{ scope: 'address', max: 30, windowMinutes: 10 }];
const PUBLIC_LOOKUP_KEY = '#revision-space-lookup';
/** The dashboard's pending list (spec 3 section 9). */
export const PENDING_PAGE = 5;
/** Comments a vehicle shows with the lookup. */
export const LOOKUP_COMMENTS = 5;

const HOUSE_VIEW = {
  select: {
    id: true,
    interiorNumber: true,
    exteriorNumber: true,
    block: true,
    lot: true,
    catastral: true,
    owner: { select: { firstName: true, lastName: true } },
  },
} as const;

export const VEHICLE_VIEW = {
  house: HOUSE_VIEW,
  // The appointment it holds, if any (a vehicle holds at most one CONFIRMED: bookSpace).
  spaces: {
    where: { status: 'CONFIRMED' },
    select: { id: true, start: true, end: true, code: true, status: true, revisionPointId: true, revisionPoint: { select: { name: true } } },
    take: 1,
  },
} as const satisfies PrismaNS.VehicleInclude;

/** A vehicle as the screens read it; the lookup adds its latest comments, read with the page. */
export type VehicleRow = PrismaNS.VehicleGetPayload<{ include: typeof VEHICLE_VIEW }> & { latestComments?: CommentRow[] };

type Community = VehicleFlags & { id: number; name: string; domain: string; timeZone: string; restrictVehicles: boolean };

async function communityRow(db: Pick<Tx, 'neighborhood'>, id: number): Promise<Community> {
  return db.neighborhood.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      name: true,
      domain: true,
      timeZone: true,
      restrictVehicles: true,
      requiredVehicleRevision: true,
      requiredVehicleTag: true,
      requiredVehicleAuthorization: true,
    },
  });
}

/** The vehicles this actor may see: the administration and security the community's; a house's people their house's. */
function visibleWhere(ctx: ServiceContext): PrismaNS.VehicleWhereInput {
  const base = { neighborhoodId: communityOf(ctx), deletedAt: null };
  if (holdsAny(ctx, [...ADMIN_HOUSE_GRANTS, ...SECURITY_READERS])) return base;
  const houseId = ctx.actor?.houseId;
  if (houseId != null && holdsAny(ctx, HOUSE_GRANTS)) return { ...base, houseId };
  return { id: -1 };
}

async function findVisible(ctx: ServiceContext, id: number): Promise<VehicleRow> {
  const vehicle = await ctx.prisma.vehicle.findFirst({ where: { AND: [visibleWhere(ctx), { id }] }, include: VEHICLE_VIEW });
  if (!vehicle) throw new NotFoundError('VEHICLE_NOT_FOUND');
  return vehicle;
}

export async function getVehicle(ctx: ServiceContext, id: number): Promise<VehicleRow> {
  if (!holdsAny(ctx, VEHICLE_READERS)) throw new ForbiddenError();
  return findVisible(ctx, id);
}

/** Whether the actor may act on this vehicle with `adminGrants` (any house) or `houseGrants` (its own house). */
function reaches(ctx: ServiceContext, v: Pick<VehicleRow, 'houseId'>, houseGrants: readonly string[], adminGrants: readonly string[]): boolean {
  if (holdsAny(ctx, adminGrants)) return true;
  return holdsAny(ctx, houseGrants) && v.houseId === ctx.actor?.houseId;
}

export const mayUpdate = (ctx: ServiceContext, v: Pick<VehicleRow, 'houseId'>) => reaches(ctx, v, HOUSE_UPDATERS, ADMIN_UPDATERS);
export const mayDelete = (ctx: ServiceContext, v: Pick<VehicleRow, 'houseId'>) => reaches(ctx, v, HOUSE_DELETERS, ADMIN_DELETERS);
export const mayBook = (ctx: ServiceContext, v: Pick<VehicleRow, 'houseId'>) => reaches(ctx, v, HOUSE_BOOKERS, ADMIN_BOOKERS);
export const mayCancel = (ctx: ServiceContext, v: Pick<VehicleRow, 'houseId'>) => reaches(ctx, v, HOUSE_CANCELLERS, ADMIN_CANCELLERS);

/** What the vehicle settings answer (GET vehicles/settings): the tag types the viewer may choose, the flags and the open revision points. */
export async function vehicleSettings(ctx: ServiceContext, now = new Date()) {
  if (!holdsAny(ctx, VEHICLE_READERS)) throw new ForbiddenError();
  const n = await communityRow(ctx.prisma, communityOf(ctx));
  const today = new Date(`${todayIn(n.timeZone, now)}T00:00:00Z`);
  const points = await ctx.prisma.revisionPoint.findMany({
    where: { neighborhoodId: n.id, OR: [{ activeUntil: null }, { activeUntil: { gte: today } }] },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  const asAdmin = holdsAny(ctx, [...ADMIN_CREATORS, ...ADMIN_UPDATERS]);
  return {
    tagTypes: asAdmin ? [...TAG_TYPES] : [...TAG_TYPES, ...HOUSE_TAG_OPTIONS],
    requiredVehicleRevision: n.requiredVehicleRevision,
    requiredVehicleTag: n.requiredVehicleTag,
    requiredVehicleAuthorization: n.requiredVehicleAuthorization,
    restrictVehicles: n.restrictVehicles,
    revisionPoints: points,
  };
}

const flagsOf = (n: Community): VehicleFlags => ({
  requiredVehicleRevision: n.requiredVehicleRevision,
  requiredVehicleTag: n.requiredVehicleTag,
  requiredVehicleAuthorization: n.requiredVehicleAuthorization,
});

function columnsOf(v: ReturnType<ReturnType<typeof vehicleFields>['parse']>) {
  return {
    type: v.type,
    plate: v.plate,
    plateKey: plateKey(v.plate),
    state: v.state,
    tagTypeId: v.tagTypeId,
    tagNumber: v.tagNumber,
    tagSerial: v.tagSerial,
    description: v.description,
    externId: v.externId,
  };
}

/** With restrict_vehicles, a house keeps at most as many vehicles as its parking spots (docs/decisions.md «Vehicles per house»). */
async function checkRoom(tx: Tx, n: Community, houseId: number) {
  if (!n.restrictVehicles) return;
  const house = await tx.house.findUniqueOrThrow({ where: { id: houseId }, select: { parkingSpots: true } });
  if (house.parkingSpots == null) return;
  const count = await tx.vehicle.count({ where: { houseId, deletedAt: null } });
  if (count >= house.parkingSpots) throw new ConflictError('VEHICLE_NO_PARKING_SPOT');
}

export async function createVehicle(ctx: ServiceContext, houseId: number | null, input: VehicleInput, idempotencyKey?: string | null) {
  if (!holdsAny(ctx, VEHICLE_CREATORS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const asAdmin = holdsAny(ctx, ADMIN_CREATORS);
  const house = await targetHouse(ctx, houseId, ADMIN_CREATORS, 'FOREIGN_HOUSE');
  if (!asAdmin && !holdsAny(ctx, HOUSE_CREATORS)) throw new ForbiddenError();
  const data = parseInput(vehicleFields(flagsOf(n), asAdmin), input);
  const cardFileId = data.circulationCardFileId ? await claimFile(ctx, data.circulationCardFileId) : null;
  const id = await write(ctx, { idempotencyKey, request: { operation: 'createVehicle', input: { houseId, input } } }, async (scope) => {
    const { tx, audit } = scope;
    await lockRow(tx, 'House', house.id, { neighborhoodId });
    await checkRoom(tx, n, house.id);
    const columns = columnsOf(data);
    const vehicle = await tx.vehicle.create({
      data: {
        neighborhoodId,
        houseId: house.id,
        createdByUserId: actor.userId,
        ...columns,
        circulationCardFileId: cardFileId,
        status: vehicleStatus(flagsOf(await communityRow(tx, neighborhoodId)), { ...columns, inspectedAt: null, authorizedAt: null, rejectedAt: null }),
      },
      select: { id: true },
    });
    await audit({ action: 'CREATE', entity: 'Vehicle', entityId: vehicle.id, data: { plate: columns.plate, houseId: house.id } });
    return vehicle.id;
  });
  const vehicle = await ctx.prisma.vehicle.findUniqueOrThrow({ where: { id }, include: VEHICLE_VIEW });
  return { vehicle, message: VEHICLE_MESSAGES.created, needsAppointment: needsAppointment(ctx, n, vehicle) };
}

/** A new vehicle goes straight to booking (spec 3 section 6): not active, the community asks for an inspection, and the viewer may book. */
function needsAppointment(ctx: ServiceContext, n: Community, v: VehicleRow): boolean {
  return v.status !== 'ACTIVE' && n.requiredVehicleRevision && !v.inspectedAt && v.spaces.length === 0 && mayBook(ctx, v);
}

export async function updateVehicle(ctx: ServiceContext, id: number, input: VehicleInput, idempotencyKey?: string | null, houseId: number | null = null) {
  const neighborhoodId = communityOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const current = await findVisible(ctx, id);
  if (houseId !== null && current.houseId !== houseId) throw new NotFoundError('VEHICLE_NOT_FOUND');
  if (!mayUpdate(ctx, current)) throw new ForbiddenError();
  const asAdmin = holdsAny(ctx, ADMIN_UPDATERS);
  const data = parseInput(vehicleFields(flagsOf(n), asAdmin, current.tagTypeId), input);
  const cardFileId = data.circulationCardFileId
    ? data.circulationCardFileId === current.circulationCardFileId
      ? current.circulationCardFileId
      : await claimFile(ctx, data.circulationCardFileId)
    : null;
  await write(ctx, { idempotencyKey, request: { operation: 'updateVehicle', input: { id, input } } }, async ({ tx, audit }) => {
    await lockRow(tx, 'Vehicle', id, { neighborhoodId });
    const row = await tx.vehicle.findUniqueOrThrow({ where: { id } });
    if (row.deletedAt) throw new NotFoundError('VEHICLE_NOT_FOUND');
    const columns = columnsOf(data);
    // A house's change of plate or tag asks for the administration's word again; any house edit answers a rejection.
    const identityChanged = columns.plateKey !== row.plateKey || columns.tagTypeId !== row.tagTypeId || columns.tagNumber !== row.tagNumber;
    const authorizedAt = !asAdmin && identityChanged ? null : row.authorizedAt;
    const rejectedAt = asAdmin ? row.rejectedAt : null;
    await tx.vehicle.update({
      where: { id },
      data: {
        ...columns,
        circulationCardFileId: cardFileId,
        authorizedAt,
        rejectedAt,
        rejectionReason: rejectedAt ? row.rejectionReason : null,
        status: vehicleStatus(flagsOf(await communityRow(tx, neighborhoodId)), { ...columns, inspectedAt: row.inspectedAt, authorizedAt, rejectedAt }),
      },
    });
    await audit({ action: 'UPDATE', entity: 'Vehicle', entityId: id, data: { plate: columns.plate } });
  });
  return {
    vehicle: await ctx.prisma.vehicle.findUniqueOrThrow({ where: { id }, include: VEHICLE_VIEW }),
    message: VEHICLE_MESSAGES.updated,
    needsAppointment: false,
  };
}

/** Deletes a vehicle (kept for its history, out of every list) and frees the appointment it held. */
export async function deleteVehicle(ctx: ServiceContext, id: number, idempotencyKey?: string | null, houseId: number | null = null) {
  const neighborhoodId = communityOf(ctx);
  const current = await findVisible(ctx, id);
  if (houseId !== null && current.houseId !== houseId) throw new NotFoundError('VEHICLE_NOT_FOUND');
  if (!mayDelete(ctx, current)) throw new ForbiddenError();
  await write(ctx, { idempotencyKey, request: { operation: 'deleteVehicle', input: { id } } }, async ({ tx, audit }) => {
    await lockRow(tx, 'Vehicle', id, { neighborhoodId });
    const row = await tx.vehicle.findUniqueOrThrow({ where: { id }, select: { deletedAt: true } });
    if (row.deletedAt) throw new NotFoundError('VEHICLE_NOT_FOUND');
    await tx.revisionPointSpace.deleteMany({ where: { vehicleId: id, status: 'CONFIRMED' } });
    await tx.vehicle.update({ where: { id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'Vehicle', entityId: id, data: { plate: current.plate } });
  });
  return { id, message: VEHICLE_MESSAGES.deleted };
}

/** The administration authorizes a vehicle (AVehiclesRead, spec 3 section 8); it is ACTIVE once nothing else is missing. */
export async function authorizeVehicle(ctx: ServiceContext, id: number, idempotencyKey?: string | null, now = new Date()) {
  if (!holdsAny(ctx, ADMIN_READERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  await findVisible(ctx, id);
  await write(ctx, { idempotencyKey, request: { operation: 'authorizeVehicle', input: { id } } }, async ({ tx, audit }) => {
    await lockRow(tx, 'Vehicle', id, { neighborhoodId });
    const row = await tx.vehicle.findUniqueOrThrow({ where: { id } });
    if (row.deletedAt) throw new NotFoundError('VEHICLE_NOT_FOUND');
    if (row.authorizedAt && !row.rejectedAt) throw new ConflictError('VEHICLE_ALREADY_AUTHORIZED');
    const change = { authorizedAt: now, rejectedAt: null, rejectionReason: null };
    await tx.vehicle.update({
      where: { id },
      data: { ...change, status: vehicleStatus(flagsOf(await communityRow(tx, neighborhoodId)), { ...row, ...change }) },
    });
    await audit({ action: 'AUTHORIZE', entity: 'Vehicle', entityId: id, data: { plate: row.plate } });
  });
  return {
    vehicle: await ctx.prisma.vehicle.findUniqueOrThrow({ where: { id }, include: VEHICLE_VIEW }),
    message: VEHICLE_MESSAGES.authorized,
    needsAppointment: false,
  };
}

/** The administration rejects a vehicle with a reason; its creator is told by e-mail. The house answers by editing it. */
export async function rejectVehicle(ctx: ServiceContext, id: number, input: { comment?: string | null }, idempotencyKey?: string | null, now = new Date()) {
  if (!holdsAny(ctx, ADMIN_READERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const { comment } = parseInput(RejectSchema, input);
  await findVisible(ctx, id);
  await write(ctx, { idempotencyKey, request: { operation: 'rejectVehicle', input: { id, comment } } }, async (scope) => {
    const { tx, audit } = scope;
    await lockRow(tx, 'Vehicle', id, { neighborhoodId });
    const row = await tx.vehicle.findUniqueOrThrow({ where: { id }, include: { createdBy: { select: { email: true } } } });
    if (row.deletedAt) throw new NotFoundError('VEHICLE_NOT_FOUND');
    await tx.vehicle.update({ where: { id }, data: { authorizedAt: null, rejectedAt: now, rejectionReason: comment, status: 'INCOMPLETE' } });
    await audit({ action: 'REJECT', entity: 'Vehicle', entityId: id, data: { plate: row.plate, comment } });
    if (row.createdBy.email) {
      await queueEmail(tx, {
        to: row.createdBy.email,
        neighborhoodId,
        subject: `Tu vehículo con placas ${row.plate} fue rechazado`,
        text: [
          `La administración de ${n.name} rechazó el vehículo con placas ${row.plate}.`,
          '',
          `Razón: ${comment}`,
          '',
          'Corrige sus datos para que lo revisen de nuevo.',
        ].join('\n'),
      });
      scope.afterCommit(() => kickMailer(ctx.prisma));
    }
  });
  return {
    vehicle: await ctx.prisma.vehicle.findUniqueOrThrow({ where: { id }, include: VEHICLE_VIEW }),
    message: VEHICLE_MESSAGES.rejected,
    needsAppointment: false,
  };
}

// ---------------------------------------------------------------------------------------------------
// Lists.

export interface VehicleFilter {
  description?: string | null;
  plate?: string | null;
  externId?: string | null;
  tagNumber?: string | null;
  tagSerial?: string | null;
  tagTypeId?: number | null;
  segment?: VehicleSegment | null;
  status?: 'INCOMPLETE' | 'PENDING_AUTHORIZATION' | 'ACTIVE' | null;
  catastral?: string | null;
  mallId?: number | null;
  condominiumId?: number | null;
  streetId?: number | null;
  exteriorNumber?: string | null;
  interiorNumber?: string | null;
  block?: string | null;
  lot?: string | null;
  houseTypeId?: number | null;
  houseId?: number | null;
}

/**
 * Every filter of spec 3 section 7 as one SQL condition on "Vehicle" v (with its community): the list's page and
 * its total read it in one statement (docs/decisions.md «Lists read a page in one statement»).
 */
export function filterSql(f: VehicleFilter, neighborhoodId: number) {
  const and = [sql`v."neighborhoodId" = ${neighborhoodId}`, sql`v."deletedAt" IS NULL`];
  const held = sql`EXISTS (SELECT 1 FROM "RevisionPointSpace" s WHERE s."vehicleId" = v.id AND s.status = 'CONFIRMED')`;
  if (f.segment === 'ACTIVE') and.push(sql`v.status = 'ACTIVE'`);
  else if (f.segment === 'WITH_REVISION_POINT') and.push(sql`v.status <> 'ACTIVE'`, held);
  else if (f.segment === 'WITHOUT_REVISION_POINT') and.push(sql`v.status <> 'ACTIVE'`, sql`NOT ${held}`);
  if (f.status) and.push(sql`v.status = ${f.status}::"VehicleStatus"`);
  if (given(f.description)) and.push(sql`v.description ILIKE ${containing(f.description)}`);
  const key = given(f.plate) ? plateKey(f.plate) : '';
  if (key) and.push(sql`v."plateKey" LIKE ${`%${key}%`}`);
  if (given(f.externId)) and.push(sql`v."externId" ILIKE ${containing(f.externId)}`);
  if (given(f.tagNumber)) and.push(sql`v."tagNumber" ILIKE ${containing(f.tagNumber)}`);
  if (given(f.tagSerial)) and.push(sql`v."tagSerial" ILIKE ${containing(f.tagSerial)}`);
  if (f.tagTypeId) and.push(sql`v."tagTypeId" = ${f.tagTypeId}`);
  if (f.houseId) and.push(sql`v."houseId" = ${f.houseId}`);
  const house = [];
  if (f.mallId) house.push(sql`h."mallId" = ${f.mallId}`);
  if (f.condominiumId) house.push(sql`h."condominiumId" = ${f.condominiumId}`);
  if (f.streetId) house.push(sql`h."streetId" = ${f.streetId}`);
  if (f.houseTypeId) house.push(sql`h."houseTypeId" = ${f.houseTypeId}`);
  if (given(f.catastral)) house.push(sql`h.catastral ILIKE ${`${likeLiteral(f.catastral.trim())}%`}`);
  for (const [column, value] of [
    ['exteriorNumber', f.exteriorNumber],
    ['interiorNumber', f.interiorNumber],
    ['block', f.block],
    ['lot', f.lot],
  ] as const) {
    if (given(value)) house.push(sql`lower(h.${sql.ref(column)}) = lower(${value.trim()})`);
  }
  if (house.length) and.push(sql`EXISTS (SELECT 1 FROM "House" h WHERE h.id = v."houseId" AND ${sql.join(house, sql` AND `)})`);
  return sql.join(and, sql` AND `);
}

export type VehicleListScope = { kind: 'house'; houseId: number | null } | { kind: 'community' };

/** A page of vehicles, newest first: a house's or the community's (administration). */
export async function listVehicles(
  ctx: ServiceContext,
  scope: VehicleListScope,
  filter: VehicleFilter,
  page: { limit: number; offset: number; after: number | null; before: number | null; backwards: boolean },
  withTotal: boolean,
): Promise<{ rows: VehicleRow[]; total?: number }> {
  let houseIdOf: number | null = null;
  if (scope.kind === 'house') {
    const house = await targetHouse(ctx, scope.houseId, ADMIN_HOUSE_GRANTS, 'FOREIGN_HOUSE');
    if (!house.asAdmin && !holdsAny(ctx, HOUSE_GRANTS)) throw new ForbiddenError();
    houseIdOf = house.id;
  } else if (!holdsAny(ctx, ADMIN_HOUSE_GRANTS)) throw new ForbiddenError();
  const condition = filterSql({ ...filter, houseId: scope.kind === 'house' ? houseIdOf : filter.houseId }, communityOf(ctx));
  const keyset = page.after !== null ? sql`v.id < ${page.after}` : page.before !== null ? sql`v.id > ${page.before}` : sql`TRUE`;
  // The page's ids and the filter's total in one statement, then the page's rows with house and appointment.
  const { rows: hits } = await sql<{ id: number; total: number | null }>`
    SELECT v.id, ${withTotal ? sql`(SELECT count(*)::int FROM "Vehicle" v WHERE ${condition})` : sql`NULL::int`} AS total
      FROM "Vehicle" v WHERE ${condition} AND ${keyset}
     ORDER BY v.id ${page.backwards ? sql`ASC` : sql`DESC`} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(ctx.db.kysely);
  const total = withTotal
    ? (hits[0]?.total ?? (await sql<{ total: number }>`SELECT count(*)::int AS total FROM "Vehicle" v WHERE ${condition}`.execute(ctx.db.kysely)).rows[0].total)
    : undefined;
  const found = new Map(
    (hits.length ? await ctx.prisma.vehicle.findMany({ where: { id: { in: hits.map((h) => h.id) } }, include: VEHICLE_VIEW }) : []).map((v) => [v.id, v]),
  );
  const rows = hits.flatMap((h) => found.get(h.id) ?? []);
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------------
// Security: the plate lookup and comments.

/** The guard's lookup as it types: plates holding the typed letters and digits (from 3), the exact plate first. */
export async function lookupPlate(ctx: ServiceContext, plate: string, limit = 20): Promise<VehicleRow[]> {
  if (!holdsAny(ctx, [...SECURITY_READERS, ...ADMIN_READERS])) throw new ForbiddenError();
  const key = plateKey(plate.slice(0, 40));
  if (key.length < PLATE_LOOKUP_MIN) return [];
  const neighborhoodId = communityOf(ctx);
  const take = Math.min(Math.max(limit, 1), 50);
  // The page's ids first (the exact plate, then the rest by plate), then their rows with house and appointment. The
  // order is an expression on purpose: ordered by the plate alone, the planner walks the plate index and filters,
  // reading most of the community's vehicles for a rare match; this way it reads the trigram index's matches.
  const { rows: hits } = await sql<{ id: number }>`
    SELECT id FROM "Vehicle"
     WHERE "neighborhoodId" = ${neighborhoodId} AND "deletedAt" IS NULL AND "plateKey" LIKE ${`%${key}%`}
     ORDER BY ("plateKey" = ${key}) DESC, "plateKey", id DESC
     LIMIT ${take}`.execute(ctx.db.kysely);
  const ids = hits.map((h) => h.id);
  if (ids.length === 0) return [];
  const [vehicles, comments] = await Promise.all([
    ctx.prisma.vehicle.findMany({ where: { id: { in: ids }, deletedAt: null }, include: VEHICLE_VIEW }),
    // The latest comments of every vehicle found, in one statement (the guard reads them with each plate).
    sql<{ id: number; vehicleId: number; comment: string; createdAt: Date; firstName: string; lastName: string | null }>`
      SELECT x.id, x."vehicleId", x.comment, x."createdAt" AT TIME ZONE 'UTC' AS "createdAt", x."firstName", x."lastName" FROM (
        SELECT c.id, c."vehicleId", c.comment, c."createdAt", u."firstName", u."lastName",
               row_number() OVER (PARTITION BY c."vehicleId" ORDER BY c.id DESC) AS n
          FROM "VehicleComment" c JOIN "User" u ON u.id = c."userId"
         WHERE c."neighborhoodId" = ${neighborhoodId} AND c."vehicleId" IN (${sql.join(ids)})) x
      WHERE x.n <= ${LOOKUP_COMMENTS} ORDER BY x.id DESC`.execute(ctx.db.kysely),
  ]);
  const latest = (id: number): CommentRow[] =>
    comments.rows
      .filter((c) => c.vehicleId === id)
      .map((c) => ({ id: c.id, comment: c.comment, createdAt: new Date(c.createdAt), user: { firstName: c.firstName, lastName: c.lastName } }));
  const rows = new Map(vehicles.map((v) => [v.id, { ...v, latestComments: latest(v.id) } as VehicleRow]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

export interface CommentRow {
  id: number;
  comment: string;
  createdAt: Date;
  user: { firstName: string; lastName: string | null };
}

const COMMENT_SELECT = { id: true, comment: true, createdAt: true, user: { select: { firstName: true, lastName: true } } } as const;

/** A vehicle's comments, newest first (security and the administration). */
export async function vehicleComments(ctx: ServiceContext, vehicle: Pick<VehicleRow, 'id' | 'latestComments'>, limit = LOOKUP_COMMENTS): Promise<CommentRow[]> {
  if (!holdsAny(ctx, COMMENTERS)) return [];
  const take = Math.min(Math.max(limit, 1), 100);
  if (vehicle.latestComments && take <= LOOKUP_COMMENTS) return vehicle.latestComments.slice(0, take);
  return ctx.prisma.vehicleComment.findMany({
    where: { vehicleId: vehicle.id, neighborhoodId: communityOf(ctx) },
    orderBy: { id: 'desc' },
    take,
    select: COMMENT_SELECT,
  });
}

export async function addVehicleComment(ctx: ServiceContext, vehicleId: number, input: { comment?: string | null }, idempotencyKey?: string | null) {
  if (!holdsAny(ctx, COMMENTERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const { comment } = parseInput(CommentSchema, input);
  await findVisible(ctx, vehicleId);
  const id = await write(ctx, { idempotencyKey, request: { operation: 'addVehicleComment', input: { vehicleId, comment } } }, async ({ tx, audit }) => {
    const row = await tx.vehicleComment.create({ data: { neighborhoodId, vehicleId, userId: actor.userId, comment }, select: { id: true } });
    await audit({ action: 'COMMENT', entity: 'Vehicle', entityId: vehicleId, data: { comment } });
    return row.id;
  });
  const row = await ctx.prisma.vehicleComment.findUniqueOrThrow({ where: { id }, select: COMMENT_SELECT });
  return {
    comment: row,
    vehicle: await ctx.prisma.vehicle.findUniqueOrThrow({ where: { id: vehicleId }, include: VEHICLE_VIEW }),
    message: VEHICLE_MESSAGES.commentAdded,
  };
}

// ---------------------------------------------------------------------------------------------------
// Inspection appointments.

async function pointOf(db: Pick<Tx, 'revisionPoint'>, neighborhoodId: number, id: number) {
  const point = await db.revisionPoint.findFirst({ where: { id, neighborhoodId } });
  if (!point) throw new NotFoundError('REVISION_POINT_NOT_FOUND');
  return point;
}

const spacePoint = (p: { activeFrom: Date; activeUntil: Date | null; minutes: number; rules: unknown }): SpacePoint => ({
  activeFrom: p.activeFrom.toISOString().slice(0, 10),
  activeUntil: p.activeUntil ? p.activeUntil.toISOString().slice(0, 10) : null,
  minutes: p.minutes,
  rules: storedRules(p.rules),
});

/** A week of a revision point's spaces from `from`, as `vehicleId` sees them (null: every booked one TAKEN). */
export async function pointSpaces(ctx: ServiceContext, revisionPointId: number, from: string | null, vehicleId: number | null, now = new Date()) {
  if (!holdsAny(ctx, VEHICLE_READERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const point = await pointOf(ctx.prisma, neighborhoodId, revisionPointId);
  if (vehicleId !== null) await findVisible(ctx, vehicleId);
  const sp = spacePoint(point);
  const today = todayIn(n.timeZone, now);
  const first = from && from > today ? from : today;
  const start = first < sp.activeFrom ? sp.activeFrom : first;
  const booked = await ctx.prisma.revisionPointSpace.findMany({
    where: { revisionPointId, start: { gte: localInstant(start, '00:00', n.timeZone), lt: localInstant(addDays(start, SPACE_DAYS + 1), '00:00', n.timeZone) } },
    select: { id: true, start: true, end: true, vehicleId: true, status: true, code: true },
  });
  return {
    point: { id: point.id, name: point.name, minutes: point.minutes },
    ...revisionSpaces(sp, { asked: from, today, now, timeZone: n.timeZone, vehicleId }, booked as BookedSpace[]),
  };
}

export const SPACE_VIEW = {
  revisionPoint: { select: { id: true, name: true } },
  vehicle: { include: VEHICLE_VIEW },
} as const satisfies PrismaNS.RevisionPointSpaceInclude;
export type SpaceRow = PrismaNS.RevisionPointSpaceGetPayload<{ include: typeof SPACE_VIEW }>;

/** A vehicle's appointment: the one it holds, else its last completed one; null when it has none. */
export async function vehicleSchedule(ctx: ServiceContext, houseId: number | null, vehicleId: number): Promise<SpaceRow | null> {
  const v = await findVisible(ctx, vehicleId);
  if (houseId !== null && v.houseId !== houseId) throw new NotFoundError('VEHICLE_NOT_FOUND');
  return ctx.prisma.revisionPointSpace.findFirst({
    where: { vehicleId },
    orderBy: [{ status: 'asc' }, { start: 'desc' }],
    include: SPACE_VIEW,
  });
}

const newCode = () => randomCode(SPACE_CODE_ALPHABET, SPACE_CODE_LENGTH);

/**
 * Books a space for a vehicle: the space must be one its point offers and not begun (else 410, it was taken or
 * is gone), free (410: someone else took it) and the vehicle may hold no other appointment (409). Bookings of
 * one point run one at a time under the point's row lock; the unique (point, start) index backs it.
 */
export async function bookSpace(
  ctx: ServiceContext,
  houseId: number | null,
  vehicleId: number,
  revisionPointId: number,
  minute: number,
  idempotencyKey?: string | null,
  now = new Date(),
) {
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const v = await findVisible(ctx, vehicleId);
  if (houseId !== null && v.houseId !== houseId) throw new NotFoundError('VEHICLE_NOT_FOUND');
  if (!mayBook(ctx, v)) throw new ForbiddenError();
  const point = await pointOf(ctx.prisma, neighborhoodId, revisionPointId);
  const space = spaceAt(spacePoint(point), minute, n.timeZone);
  if (!space || space.start.getTime() <= now.getTime()) throw new ConflictError('REVISION_SPACE_TAKEN', 410);
  const id = await write(
    ctx,
    // Under the point's row lock, READ COMMITTED: each booking sees the one before it (410 at once, no retried aborts).
    { idempotencyKey, request: { operation: 'bookRevisionSpace', input: { vehicleId, revisionPointId, minute } }, rowLocks: true },
    async ({ tx, audit }) => {
      if (!(await lockRow(tx, 'RevisionPoint', revisionPointId, { neighborhoodId }))) throw new NotFoundError('REVISION_POINT_NOT_FOUND');
      await lockRow(tx, 'Vehicle', vehicleId, { neighborhoodId });
      if ((await tx.vehicle.findUniqueOrThrow({ where: { id: vehicleId }, select: { deletedAt: true } })).deletedAt)
        throw new NotFoundError('VEHICLE_NOT_FOUND');
      if (await tx.revisionPointSpace.count({ where: { vehicleId, status: 'CONFIRMED' } })) throw new ConflictError('VEHICLE_ALREADY_BOOKED');
      // The point's rules as they are now, under its lock (an edit may have moved its spaces), and no booking overlapping the space.
      const current = spaceAt(spacePoint(await tx.revisionPoint.findUniqueOrThrow({ where: { id: revisionPointId } })), minute, n.timeZone);
      if (!current || current.end.getTime() !== space.end.getTime()) throw new ConflictError('REVISION_SPACE_TAKEN', 410);
      if (await tx.revisionPointSpace.count({ where: { revisionPointId, start: { lt: space.end }, end: { gt: space.start } } })) {
        throw new ConflictError('REVISION_SPACE_TAKEN', 410);
      }
      let code = newCode();
      while (await tx.revisionPointSpace.count({ where: { neighborhoodId, code } })) code = newCode();
      const row = await tx.revisionPointSpace.create({
        data: { neighborhoodId, revisionPointId, vehicleId, start: space.start, end: space.end, code, bookedByUserId: actor.userId },
        select: { id: true },
      });
      await audit({
        action: 'BOOK',
        entity: 'RevisionPointSpace',
        entityId: row.id,
        data: { vehicleId, revisionPointId, start: space.start.toISOString(), code },
      });
      return row.id;
    },
  );
  return { space: await ctx.prisma.revisionPointSpace.findUniqueOrThrow({ where: { id }, include: SPACE_VIEW }), message: VEHICLE_MESSAGES.booked };
}

/** Cancels the appointment a vehicle holds (a completed one stays). */
export async function cancelSpace(ctx: ServiceContext, houseId: number | null, vehicleId: number, idempotencyKey?: string | null) {
  const neighborhoodId = communityOf(ctx);
  const v = await findVisible(ctx, vehicleId);
  if (houseId !== null && v.houseId !== houseId) throw new NotFoundError('VEHICLE_NOT_FOUND');
  if (!mayCancel(ctx, v)) throw new ForbiddenError();
  await write(ctx, { idempotencyKey, request: { operation: 'cancelRevisionSpace', input: { vehicleId } } }, async ({ tx, audit }) => {
    await lockRow(tx, 'Vehicle', vehicleId, { neighborhoodId });
    const held = await tx.revisionPointSpace.findFirst({ where: { vehicleId, status: 'CONFIRMED' }, select: { id: true, code: true } });
    if (!held) throw new NotFoundError('REVISION_SPACE_NOT_FOUND');
    await tx.revisionPointSpace.delete({ where: { id: held.id } });
    await audit({ action: 'CANCEL', entity: 'RevisionPointSpace', entityId: held.id, data: { vehicleId, code: held.code } });
  });
  return { id: vehicleId, message: VEHICLE_MESSAGES.cancelled };
}

/** The administration marks an appointment completed (AVehiclesUpdate): the vehicle counts as inspected. */
export async function completeSpace(ctx: ServiceContext, spaceId: number, idempotencyKey?: string | null, now = new Date()) {
  if (!holdsAny(ctx, ADMIN_UPDATERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  await write(ctx, { idempotencyKey, request: { operation: 'completeRevisionSpace', input: { spaceId } } }, async ({ tx, audit }) => {
    const space = await tx.revisionPointSpace.findFirst({ where: { id: spaceId, neighborhoodId }, select: { vehicleId: true } });
    if (!space) throw new NotFoundError('REVISION_SPACE_NOT_FOUND');
    await lockRow(tx, 'Vehicle', space.vehicleId, { neighborhoodId });
    const current = await tx.revisionPointSpace.findUniqueOrThrow({ where: { id: spaceId }, select: { status: true } });
    if (current.status === 'COMPLETED') throw new ConflictError('REVISION_SPACE_COMPLETED');
    await tx.revisionPointSpace.update({ where: { id: spaceId }, data: { status: 'COMPLETED', completedAt: now, completedByUserId: actor.userId } });
    const row = await tx.vehicle.findUniqueOrThrow({ where: { id: space.vehicleId } });
    await tx.vehicle.update({
      where: { id: row.id },
      data: { inspectedAt: now, status: vehicleStatus(flagsOf(await communityRow(tx, neighborhoodId)), { ...row, inspectedAt: now }) },
    });
    await audit({ action: 'COMPLETE', entity: 'RevisionPointSpace', entityId: spaceId, data: { vehicleId: row.id } });
  });
  return { space: await ctx.prisma.revisionPointSpace.findUniqueOrThrow({ where: { id: spaceId }, include: SPACE_VIEW }), message: VEHICLE_MESSAGES.completed };
}

export interface ScheduledFilter {
  revisionPointId?: number | null;
  tagTypeId?: number | null;
  /** YYYY-MM-DD: appointments from this day (today when omitted). */
  from?: string | null;
  code?: string | null;
  plate?: string | null;
}

/** The scheduled vehicles (AVehiclesScheduleRead): appointments from a day on, soonest first. */
export async function scheduledVehicles(
  ctx: ServiceContext,
  filter: ScheduledFilter,
  page: { limit: number; offset: number },
  withTotal: boolean,
  now = new Date(),
): Promise<{ rows: SpaceRow[]; total?: number }> {
  if (!holdsAny(ctx, [...SCHEDULE_READERS, ...ADMIN_UPDATERS])) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const from = filter.from ?? todayIn(n.timeZone, now);
  const key = filter.plate ? plateKey(filter.plate) : '';
  const where: PrismaNS.RevisionPointSpaceWhereInput = {
    neighborhoodId,
    start: { gte: localInstant(from, '00:00', n.timeZone) },
    vehicle: { deletedAt: null, ...(filter.tagTypeId ? { tagTypeId: filter.tagTypeId } : {}), ...(key ? { plateKey: { contains: likeLiteral(key) } } : {}) },
    ...(filter.revisionPointId ? { revisionPointId: filter.revisionPointId } : {}),
    ...(filter.code?.trim() ? { code: { startsWith: likeLiteral(filter.code.trim().toUpperCase()) } } : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.prisma.revisionPointSpace.findMany({ where, orderBy: [{ start: 'asc' }, { id: 'asc' }], take: page.limit, skip: page.offset, include: SPACE_VIEW }),
    withTotal ? ctx.prisma.revisionPointSpace.count({ where }) : Promise.resolve(undefined),
  ]);
  return { rows, total };
}

export interface PublicSpace {
  code: string;
  communityName: string;
  revisionPointName: string;
  start: Date;
  end: Date;
  status: 'CONFIRMED' | 'COMPLETED';
  plate: string;
  state: string;
  type: string;
  tagTypeId: number | null;
  description: string | null;
  houseLabel: string;
}

/** The public page of an appointment by community domain and code (no session), throttled per address. */
export async function publicSpace(ctx: Pick<ServiceContext, 'prisma' | 'ip'>, domain: string, code: string): Promise<PublicSpace> {
  await takeAttempt(ctx.prisma, PUBLIC_LOOKUP_KEY, ctx.ip, PUBLIC_LOOKUP_RULES);
  const text = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,20}$/.test(text) || domain.length > 100) throw new NotFoundError('REVISION_SPACE_NOT_FOUND');
  const n = await ctx.prisma.neighborhood.findFirst({ where: { domain: domain.trim().toLowerCase() }, select: { id: true, name: true, modules: true } });
  if (!n?.modules.includes('ACCESO_VEHICULAR')) throw new NotFoundError('REVISION_SPACE_NOT_FOUND');
  const s = await ctx.prisma.revisionPointSpace.findFirst({ where: { neighborhoodId: n.id, code: text, vehicle: { deletedAt: null } }, include: SPACE_VIEW });
  if (!s) throw new NotFoundError('REVISION_SPACE_NOT_FOUND');
  return {
    code: s.code,
    communityName: n.name,
    revisionPointName: s.revisionPoint.name,
    start: s.start,
    end: s.end,
    status: s.status,
    plate: s.vehicle.plate,
    state: s.vehicle.state,
    type: s.vehicle.type,
    tagTypeId: s.vehicle.tagTypeId,
    description: s.vehicle.description,
    houseLabel: houseLabel(s.vehicle.house),
  };
}

// ---------------------------------------------------------------------------------------------------
// Defaulters.

export interface DefaulterRow {
  vehicle: VehicleRow;
  /** What its house owes: overdue receipts plus negative wallet balances (the dashboard's debt). */
  debt: string;
}

/**
 * Vehicles of houses that owe (AVehiclesRead; spec 3 section 2): a house's debt is what the dashboard counts,
 * its overdue pending receipts plus its wallets' negative balances; the largest debts first.
 */
export async function defaulterVehicles(ctx: ServiceContext, page: { limit: number; offset: number }, withTotal: boolean) {
  if (!holdsAny(ctx, ADMIN_READERS)) throw new ForbiddenError();
  const n = communityOf(ctx);
  const debts = sql`
    WITH today AS (SELECT (now() AT TIME ZONE "timeZone")::date AS d FROM "Neighborhood" WHERE id = ${n}),
    d AS (
      SELECT r."houseId", r.amount FROM "Receipt" r CROSS JOIN today
      WHERE r."neighborhoodId" = ${n} AND r."deletedAt" IS NULL AND r.status <> 'PAID' AND NOT r."creditsWallet" AND r."dueDate" < today.d AND r.amount > 0
      UNION ALL
      SELECT b."houseId", -b.balance FROM "HouseWalletBalance" b WHERE b."neighborhoodId" = ${n} AND b.balance < 0
    ),
    owing AS (SELECT d."houseId", sum(d.amount) AS debt FROM d GROUP BY d."houseId")
    SELECT v.id, owing.debt::text AS debt FROM owing
    JOIN "House" h ON h.id = owing."houseId" AND h.status <> 'DELETED'
    JOIN "Vehicle" v ON v."houseId" = owing."houseId" AND v."deletedAt" IS NULL
  `;
  const [{ rows }, total] = await Promise.all([
    sql<{ id: number; debt: string }>`${debts} ORDER BY owing.debt DESC, v.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(ctx.db.kysely),
    withTotal ? sql<{ total: number }>`SELECT count(*)::int AS total FROM (${debts}) x`.execute(ctx.db.kysely).then((r) => r.rows[0]?.total ?? 0) : undefined,
  ]);
  const vehicles = new Map((await ctx.prisma.vehicle.findMany({ where: { id: { in: rows.map((r) => r.id) } }, include: VEHICLE_VIEW })).map((v) => [v.id, v]));
  return { rows: rows.flatMap((r) => (vehicles.has(r.id) ? [{ vehicle: vehicles.get(r.id)!, debt: formatMoney(r.debt) }] : [])), total };
}

export const ownerName = (v: VehicleRow) => (v.house.owner ? personName(v.house.owner) : null);

// Visitors and the gate (issue 30; spec 3 sections 3 to 9): a house's people, the administration and
// security announce visitors; security finds them as they arrive and registers their entry and departure;
// the house's people see the arrival live (and by e-mail where the community asks for it); the public page
// shows a visitor's pass by community domain and reference. Who sees which visitor (visibleWhere):
// security every visitor of the community; administrators every one when visitor_allow_admin_see_all, else
// those the administration or security registered; a house's people their house's.
import { randomCode } from '../../../kernel/ids.js';
import { localInstant } from '../../../../core/amenitySlots.js';
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import { todayIn } from '../../../../core/receipts.js';
import {
  expectedOn,
  REFERENCE_ALPHABET,
  REFERENCE_LENGTH,
  VISIT_DAYS,
  type VisitDay,
  VISITOR_MESSAGES,
  type VisitWindow,
  visitorFields,
  type VisitorInput,
  visitWarning,
  foldForSearch,
  gateSearchable,
  gateKeyOf,
} from '../../../../core/visitors.js';
import { holdsAny, targetHouse } from '../../../auth/houseScope.js';
import { takeAttempt, type AttemptRule } from '../../../auth/rateLimit.js';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import { appLink } from '../../../infra/mail/links.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { deliverNow } from '../../../infra/mail/sender.js';
import { claimFile } from '../../../infra/files/service.js';
import type { VisitorEvent } from '../../../infra/pubsub.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../kernel/errors.js';
import { parseInput } from '../../../kernel/input.js';
import { lockRow } from '../../../kernel/locks.js';
import { write, type WriteScope } from '../../../kernel/write.js';
import { searchHouses } from '../../property/houses/filter.js';
import { containsText as contains, given, likeLiteral, sameText as same } from '../../../kernel/textFilter.js';

/** House people: their own house's visitors (spec 3 section 8: O, S and R grants). */
export const HOUSE_READERS = ['OVisitorsRead', 'SVisitorsRead', 'RVisitorsRead'] as const;
export const HOUSE_CREATORS = ['OVisitorsCreate', 'SVisitorsCreate', 'RVisitorsCreate'] as const;
export const HOUSE_UPDATERS = ['OVisitorsUpdate', 'SVisitorsUpdate', 'RVisitorsUpdate'] as const;
export const ADMIN_READERS = ['AVisitorsRead'] as const;
export const ADMIN_CREATORS = ['AVisitorsCreate'] as const;
export const ADMIN_UPDATERS = ['AVisitorsUpdate'] as const;
export const SECURITY_READERS = ['SecVisitorsRead'] as const;
export const SECURITY_CREATORS = ['SecVisitorsCreate'] as const;
/** The gate: entry and departure (SecVisitorsUpdate). */
export const GATE_KEEPERS = ['SecVisitorsUpdate'] as const;
/** The XLS of every visitor (spec 3 section 8). */
export const ALL_VISITORS_READERS = ['AAllVisitorsRead'] as const;

/** Any grant that reads some visitors. */
export const VISITOR_READERS = [
  ...HOUSE_READERS,
  ...HOUSE_CREATORS,
  ...HOUSE_UPDATERS,
  ...ADMIN_READERS,
  ...ADMIN_CREATORS,
  ...ADMIN_UPDATERS,
  ...SECURITY_READERS,
  ...SECURITY_CREATORS,
  ...GATE_KEEPERS,
] as const;
/** Administration grants that reach any house's visitors (subject to visitor_allow_admin_see_all). */
export const ADMIN_HOUSE_GRANTS = [...ADMIN_READERS, ...ADMIN_CREATORS, ...ADMIN_UPDATERS] as const;
const SECURITY_ANY = [...SECURITY_READERS, ...SECURITY_CREATORS, ...GATE_KEEPERS] as const;
/** Delete has no grant of its own in the spec: whoever may update a visitor may delete it (docs/decisions.md). */
export const VISITOR_UPDATERS = [...HOUSE_UPDATERS, ...ADMIN_UPDATERS] as const;
export const VISITOR_CREATORS = [...HOUSE_CREATORS, ...ADMIN_CREATORS, ...SECURITY_CREATORS] as const;

/** Public page lookups per address (docs/decisions.md "The public visitor page"). */
export const PUBLIC_LOOKUP_RULES: readonly AttemptRule[] = [{ scope: 'address', max: 30, windowMinutes: 10 }];
const PUBLIC_LOOKUP_KEY = '#visitor-lookup';
/** The visitor-code e-mail is sent again at most every 30 seconds (spec 3 section 4). */
export const NOTIFY_WAIT_SECONDS = 30;
/** Coming visitors: the dashboard's 5, or up to 500 for all of today (spec 3 section 9). */
export const COMING_PAGE = 5;
export const COMING_TODAY_MAX = 500;

const VISITOR_VIEW = {
  house: {
    select: {
      id: true,
      interiorNumber: true,
      exteriorNumber: true,
      block: true,
      lot: true,
      catastral: true,
      owner: { select: { firstName: true, lastName: true } },
    },
  },
  createdBy: { select: { firstName: true, lastName: true } },
} as const satisfies PrismaNS.VisitorInclude;

export type VisitorRow = PrismaNS.VisitorGetPayload<{ include: typeof VISITOR_VIEW }>;

const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

export function windowOf(
  v: Pick<VisitorRow, 'visitorType' | 'entryDate' | 'entryHour' | 'entryMinute' | 'departureDate' | 'departureHour' | 'departureMinute' | VisitDay>,
): VisitWindow {
  return {
    visitorType: v.visitorType,
    entryDate: dayOf(v.entryDate)!,
    entryHour: v.entryHour,
    entryMinute: v.entryMinute,
    departureDate: dayOf(v.departureDate),
    departureHour: v.departureHour,
    departureMinute: v.departureMinute,
    days: Object.fromEntries(VISIT_DAYS.map((d) => [d, v[d]])) as Record<VisitDay, boolean>,
  };
}

/** The community's day and minute of day now. */
export function localNow(timeZone: string, now = new Date()) {
  const today = todayIn(timeZone, now);
  const minute = Math.floor((now.getTime() - localInstant(today, '00:00', timeZone).getTime()) / 60_000);
  return { today, minute: Math.min(Math.max(minute, 0), 24 * 60 - 1) };
}

type Community = {
  id: number;
  name: string;
  domain: string;
  timeZone: string;
  visitorAllowAdminSeeAll: boolean;
  visitorArrivalEmail: boolean;
} & VisitorFlagsRow;
type VisitorFlagsRow = {
  visitorRequireVehicleInfo: boolean;
  visitorEmailRequired: boolean;
  visitorReasonRequired: boolean;
  visitorPictureRequired: boolean;
  visitorAllowPermanent: boolean;
};

async function communityRow(db: Pick<Tx, 'neighborhood'>, id: number): Promise<Community> {
  return db.neighborhood.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      name: true,
      domain: true,
      timeZone: true,
      visitorAllowAdminSeeAll: true,
      visitorArrivalEmail: true,
      visitorRequireVehicleInfo: true,
      visitorEmailRequired: true,
      visitorReasonRequired: true,
      visitorPictureRequired: true,
      visitorAllowPermanent: true,
    },
  });
}

/** What the visitor settings answer (GET visitors/settings): the community's flags. */
export async function visitorSettings(ctx: ServiceContext) {
  if (!holdsAny(ctx, VISITOR_READERS)) throw new ForbiddenError();
  const n = await communityRow(ctx.prisma, communityOf(ctx));
  return {
    requireVehicleInfo: n.visitorRequireVehicleInfo,
    emailRequired: n.visitorEmailRequired,
    reasonRequired: n.visitorReasonRequired,
    pictureRequired: n.visitorPictureRequired,
    allowPermanent: n.visitorAllowPermanent || holdsAny(ctx, ADMIN_CREATORS),
    allowAdminSeeAll: n.visitorAllowAdminSeeAll,
    arrivalEmail: n.visitorArrivalEmail,
  };
}

/**
 * The visitors this actor may see, as a Prisma where (with the community): security every one; the
 * administration every one when the community lets it (visitor_allow_admin_see_all), else those it or
 * security registered; a house's people their house's.
 */
function visibleWhere(ctx: ServiceContext, n: Pick<Community, 'id' | 'visitorAllowAdminSeeAll'>): PrismaNS.VisitorWhereInput {
  const base = { neighborhoodId: n.id, deletedAt: null };
  if (holdsAny(ctx, SECURITY_ANY)) return base;
  if (holdsAny(ctx, ADMIN_HOUSE_GRANTS)) return n.visitorAllowAdminSeeAll ? base : { ...base, origin: { in: ['ADMINISTRATION', 'SECURITY'] } };
  const houseId = ctx.actor?.houseId;
  if (houseId != null && holdsAny(ctx, [...HOUSE_READERS, ...HOUSE_CREATORS, ...HOUSE_UPDATERS])) return { ...base, houseId };
  return { id: -1 };
}

async function findVisible(ctx: ServiceContext, n: Community, id: number): Promise<VisitorRow> {
  const visitor = await ctx.prisma.visitor.findFirst({ where: { AND: [visibleWhere(ctx, n), { id }] }, include: VISITOR_VIEW });
  if (!visitor) throw new NotFoundError('VISITOR_NOT_FOUND');
  return visitor;
}

export async function getVisitor(ctx: ServiceContext, id: number): Promise<VisitorRow> {
  if (!holdsAny(ctx, VISITOR_READERS)) throw new ForbiddenError();
  return findVisible(ctx, await communityRow(ctx.prisma, communityOf(ctx)), id);
}

export const newReference = () => randomCode(REFERENCE_ALPHABET, REFERENCE_LENGTH);

/** How the actor registers a visit for `houseId` (null: the administration's own): its origin, or refused. */
async function registration(ctx: ServiceContext, houseId: number | null) {
  if (holdsAny(ctx, ADMIN_CREATORS) || holdsAny(ctx, SECURITY_CREATORS)) {
    const origin = holdsAny(ctx, ADMIN_CREATORS) ? ('ADMINISTRATION' as const) : ('SECURITY' as const);
    if (houseId === null) return { origin, houseId: null, asAdmin: origin === 'ADMINISTRATION' };
    const house = await targetHouse(ctx, houseId, [...ADMIN_CREATORS, ...SECURITY_CREATORS], 'FOREIGN_HOUSE');
    return { origin, houseId: house.id, asAdmin: origin === 'ADMINISTRATION' };
  }
  if (!holdsAny(ctx, HOUSE_CREATORS)) throw new ForbiddenError();
  const house = await targetHouse(ctx, houseId, [], 'FOREIGN_HOUSE');
  return { origin: 'HOUSE' as const, houseId: house.id, asAdmin: false };
}

function flagsOf(n: Community) {
  return {
    requireVehicleInfo: n.visitorRequireVehicleInfo,
    emailRequired: n.visitorEmailRequired,
    reasonRequired: n.visitorReasonRequired,
    pictureRequired: n.visitorPictureRequired,
    allowPermanent: n.visitorAllowPermanent,
  };
}

function columnsOf(v: ReturnType<ReturnType<typeof visitorFields>['parse']>) {
  return {
    name: v.name,
    email: v.email,
    reason: v.reason,
    visitorType: v.visitorType,
    entranceType: v.entranceType,
    vehicle: v.vehicle,
    vehiclePlate: v.vehiclePlate,
    badge: v.badge,
    entryDate: dateOf(v.entryDate),
    entryHour: v.entryHour,
    entryMinute: v.entryMinute,
    departureDate: v.departureDate ? dateOf(v.departureDate) : null,
    departureHour: v.departureHour,
    departureMinute: v.departureMinute,
    ...Object.fromEntries(VISIT_DAYS.map((d) => [d, v[d]])),
  };
}

function announce(scope: Pick<WriteScope, 'afterCommit'>, ctx: ServiceContext, neighborhoodId: number, event: VisitorEvent) {
  const pubsub = ctx.pubsub;
  if (!pubsub) return;
  scope.afterCommit(() => {
    pubsub.publish('visitors:community', neighborhoodId, event);
    if (event.houseId !== null) pubsub.publish('visitors:house', event.houseId, event);
  });
}

/** The visitor's pass by e-mail: its reference, where it goes and when. */
function passEmail(ctx: ServiceContext, n: Community, v: VisitorRow) {
  const w = windowOf(v);
  const when = w.departureDate && w.departureDate !== w.entryDate ? `del ${w.entryDate} al ${w.departureDate}` : `el ${w.entryDate}`;
  return {
    to: v.email!,
    neighborhoodId: n.id,
    subject: `Tu código de visita a ${n.name}: ${v.reference}`,
    text: [
      `Hola ${v.name}:`,
      '',
      `Tienes una visita registrada en ${n.name}${v.house ? ` (${houseLabel(v.house)})` : ''} ${when}.`,
      `Muestra este código en la caseta: ${v.reference}`,
      '',
      `Tu pase: ${appLink(ctx.config, `/${encodeURIComponent(n.domain)}/visita/${encodeURIComponent(v.reference)}`)}`,
    ].join('\n'),
  };
}

export async function createVisitor(
  ctx: ServiceContext,
  houseId: number | null,
  input: VisitorInput & { photoFileId?: string | null },
  idempotencyKey?: string | null,
  now = new Date(),
) {
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  // Checked before the write: reads outside its transaction would wait on it (PGlite has one connection).
  const who = await registration(ctx, houseId);
  const data = parseInput(visitorFields(flagsOf(n), who.asAdmin), input);
  const photoFileId = data.photoFileId ? await claimFile(ctx, data.photoFileId) : null;
  const id = await write(ctx, { idempotencyKey, request: { operation: 'createVisitor', input: { houseId, input } } }, async (scope) => {
    const { tx, audit } = scope;
    let reference = newReference();
    while (await tx.visitor.count({ where: { neighborhoodId, reference } })) reference = newReference();
    const visitor = await tx.visitor.create({
      data: {
        neighborhoodId,
        houseId: who.houseId,
        createdByUserId: actor.userId,
        origin: who.origin,
        reference,
        photoFileId,
        ...columnsOf(data),
        gateKey: gateKeyOf({ ...data, reference }),
        createdAt: now,
      },
      include: VISITOR_VIEW,
    });
    await tx.visitorLog.create({ data: { neighborhoodId, visitorId: visitor.id, kind: 'CREATED', userId: actor.userId, at: now } });
    await audit({ action: 'CREATE', entity: 'Visitor', entityId: visitor.id, data: { name: visitor.name, houseId: visitor.houseId, origin: visitor.origin } });
    if (visitor.email) {
      await queueEmail(tx, passEmail(ctx, n, visitor));
      scope.afterCommit(() => kickMailer(ctx.prisma));
    }
    announce(scope, ctx, neighborhoodId, {
      visitorId: visitor.id,
      houseId: visitor.houseId,
      origin: visitor.origin,
      kind: 'CREATED',
      name: visitor.name,
      at: new Date(),
    });
    return visitor.id;
  });
  return { visitor: await ctx.prisma.visitor.findUniqueOrThrow({ where: { id }, include: VISITOR_VIEW }), message: VISITOR_MESSAGES.created };
}

/** Whether the actor may change or delete this visitor: the administration any it sees, a house's people their house's. */
function mayChange(ctx: ServiceContext, v: Pick<VisitorRow, 'houseId'>): boolean {
  if (holdsAny(ctx, ADMIN_UPDATERS)) return true;
  return holdsAny(ctx, HOUSE_UPDATERS) && v.houseId !== null && v.houseId === ctx.actor?.houseId;
}

export function mayUpdate(ctx: ServiceContext, v: Pick<VisitorRow, 'houseId'>) {
  return mayChange(ctx, v);
}

export async function updateVisitor(ctx: ServiceContext, id: number, input: VisitorInput & { photoFileId?: string | null }, idempotencyKey?: string | null) {
  const neighborhoodId = communityOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  // Checked before the write: reads outside its transaction would wait on it (PGlite has one connection).
  const current = await findVisible(ctx, n, id);
  if (!mayChange(ctx, current)) throw new ForbiddenError();
  const data = parseInput(visitorFields(flagsOf(n), holdsAny(ctx, ADMIN_UPDATERS)), input);
  // A permanent visitor stays permanent when someone who may not register one edits it (their form cannot say PERMANENT).
  const visitorType = current.visitorType === 'PERMANENT' && !(holdsAny(ctx, ADMIN_UPDATERS) || n.visitorAllowPermanent) ? 'PERMANENT' : data.visitorType;
  const photoFileId = data.photoFileId ? (data.photoFileId === current.photoFileId ? current.photoFileId : await claimFile(ctx, data.photoFileId)) : null;
  await write(ctx, { idempotencyKey, request: { operation: 'updateVisitor', input: { id, input } } }, async (scope) => {
    const { tx, audit } = scope;
    await lockRow(tx, 'Visitor', id, { neighborhoodId });
    if ((await tx.visitor.findUniqueOrThrow({ where: { id }, select: { deletedAt: true } })).deletedAt) throw new NotFoundError('VISITOR_NOT_FOUND');
    await tx.visitor.update({
      where: { id },
      data: { ...columnsOf(data), gateKey: gateKeyOf({ ...data, reference: current.reference }), visitorType, photoFileId },
    });
    await audit({ action: 'UPDATE', entity: 'Visitor', entityId: id, data: { name: data.name } });
    announce(scope, ctx, neighborhoodId, { visitorId: id, houseId: current.houseId, origin: current.origin, kind: 'UPDATED', name: data.name, at: new Date() });
  });
  return { visitor: await ctx.prisma.visitor.findUniqueOrThrow({ where: { id }, include: VISITOR_VIEW }), message: VISITOR_MESSAGES.updated };
}

export async function deleteVisitor(ctx: ServiceContext, id: number, idempotencyKey?: string | null) {
  const neighborhoodId = communityOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const current = await findVisible(ctx, n, id);
  if (!mayChange(ctx, current)) throw new ForbiddenError();
  await write(ctx, { idempotencyKey, request: { operation: 'deleteVisitor', input: { id } } }, async (scope) => {
    const { tx, audit } = scope;
    await lockRow(tx, 'Visitor', id, { neighborhoodId });
    const row = await tx.visitor.findUniqueOrThrow({ where: { id }, select: { insideSince: true, deletedAt: true } });
    if (row.deletedAt) throw new NotFoundError('VISITOR_NOT_FOUND');
    if (row.insideSince) throw new ConflictError('VISITOR_DELETE_INSIDE');
    await tx.visitor.update({ where: { id }, data: { deletedAt: new Date() } });
    await audit({ action: 'DELETE', entity: 'Visitor', entityId: id, data: { name: current.name } });
    announce(scope, ctx, neighborhoodId, {
      visitorId: id,
      houseId: current.houseId,
      origin: current.origin,
      kind: 'DELETED',
      name: current.name,
      at: new Date(),
    });
  });
  return { id, message: VISITOR_MESSAGES.deleted };
}

/** E-mails the visitor its code again: at most every NOTIFY_WAIT_SECONDS, and only when it left. */
export async function notifyVisitor(ctx: ServiceContext, id: number, idempotencyKey?: string | null, now = new Date()) {
  const neighborhoodId = communityOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const current = await findVisible(ctx, n, id);
  if (!mayChange(ctx, current) && !holdsAny(ctx, VISITOR_CREATORS)) throw new ForbiddenError();
  if (!current.email) throw new ConflictError('VISITOR_NO_EMAIL');
  const outboxId = await write(ctx, { idempotencyKey, request: { operation: 'notifyVisitor', input: { id } } }, async ({ tx, audit }) => {
    await lockRow(tx, 'Visitor', id, { neighborhoodId });
    const { notifiedAt } = await tx.visitor.findUniqueOrThrow({ where: { id }, select: { notifiedAt: true } });
    if (notifiedAt && now.getTime() - notifiedAt.getTime() < NOTIFY_WAIT_SECONDS * 1000) throw new ConflictError('VISITOR_NOTIFY_TOO_SOON', 429);
    await tx.visitor.update({ where: { id }, data: { notifiedAt: now } });
    await audit({ action: 'NOTIFY', entity: 'Visitor', entityId: id, data: { email: current.email } });
    return String(await queueEmail(tx, passEmail(ctx, n, current)));
  });
  if (!(await deliverNow(ctx, BigInt(outboxId)))) throw new ConflictError('VISITOR_NOTIFY_FAILED', 502);
  return { id, message: VISITOR_MESSAGES.notified };
}

/** Entry (GET_IN) or departure (GET_OUT) at the gate, under the visitor's row lock; entry outside the visit is warned, not refused. */
export async function registerPassage(ctx: ServiceContext, id: number, kind: 'GET_IN' | 'GET_OUT', now = new Date(), idempotencyKey?: string | null) {
  if (!holdsAny(ctx, GATE_KEEPERS)) throw new ForbiddenError();
  const neighborhoodId = communityOf(ctx);
  const actor = actorOf(ctx);
  const n = await communityRow(ctx.prisma, neighborhoodId);
  const warning = await write(ctx, { idempotencyKey, request: { operation: `visitor${kind}`, input: { id } } }, async (scope) => {
    const { tx, audit } = scope;
    if (!(await lockRow(tx, 'Visitor', id, { neighborhoodId }))) throw new NotFoundError('VISITOR_NOT_FOUND');
    const v = await tx.visitor.findUniqueOrThrow({ where: { id }, include: VISITOR_VIEW });
    if (v.deletedAt) throw new NotFoundError('VISITOR_NOT_FOUND');
    let warning: string | null = null;
    if (kind === 'GET_IN') {
      if (v.insideSince) throw new ConflictError('VISITOR_ALREADY_INSIDE');
      const local = localNow(n.timeZone, now);
      warning = visitWarning(windowOf(v), local.today, local.minute);
      await tx.visitor.update({ where: { id }, data: { insideSince: now, lastEntryAt: now } });
      if (n.visitorArrivalEmail && v.houseId !== null) {
        for (const to of await housePeopleEmails(tx, v.houseId)) {
          await queueEmail(tx, {
            to,
            neighborhoodId,
            subject: `Llegó tu visita: ${v.name}`,
            text: `${v.name} entró a ${n.name} a las ${hourIn(now, n.timeZone)}${v.vehiclePlate ? `, en el vehículo con placas ${v.vehiclePlate}` : ''}.`,
          });
        }
        scope.afterCommit(() => kickMailer(ctx.prisma));
      }
    } else {
      if (!v.insideSince) throw new ConflictError('VISITOR_NOT_INSIDE');
      await tx.visitor.update({ where: { id }, data: { insideSince: null, lastDepartureAt: now } });
    }
    await tx.visitorLog.create({ data: { neighborhoodId, visitorId: id, kind, userId: actor.userId, warning, at: now } });
    await audit({ action: kind === 'GET_IN' ? 'VISITOR_ENTRY' : 'VISITOR_DEPARTURE', entity: 'Visitor', entityId: id, data: { warning } });
    announce(scope, ctx, neighborhoodId, { visitorId: id, houseId: v.houseId, origin: v.origin, kind, name: v.name, at: now });
    return warning;
  });
  return {
    visitor: await ctx.prisma.visitor.findUniqueOrThrow({ where: { id }, include: VISITOR_VIEW }),
    warning,
    message: kind === 'GET_IN' ? VISITOR_MESSAGES.entered : VISITOR_MESSAGES.departed,
  };
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
function hourIn(at: Date, timeZone: string) {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-MX', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The e-mail addresses of a house's people with an active account: its owner and its active members. */
async function housePeopleEmails(tx: Tx, houseId: number): Promise<string[]> {
  const house = await tx.house.findUniqueOrThrow({
    where: { id: houseId },
    select: {
      owner: { select: { email: true, passwordHash: true } },
      memberships: { where: { active: true, pending: false }, select: { user: { select: { email: true, passwordHash: true } } } },
    },
  });
  const people = [house.owner, ...house.memberships.map((m) => m.user)].filter((u) => u?.passwordHash && u.email);
  return [...new Set(people.map((u) => u!.email!.toLowerCase()))];
}

export interface VisitorFilter {
  name?: string | null;
  email?: string | null;
  reference?: string | null;
  entranceFrom?: string | null;
  entranceTo?: string | null;
  scheduledFrom?: string | null;
  scheduledTo?: string | null;
  creationDate?: string | null;
  ownerFirstName?: string | null;
  ownerLastName?: string | null;
  mallId?: number | null;
  condominiumId?: number | null;
  streetId?: number | null;
  exteriorNumber?: string | null;
  interiorNumber?: string | null;
  block?: string | null;
  lot?: string | null;
  vehicle?: string | null;
  vehiclePlate?: string | null;
  badge?: string | null;
  houseId?: number | null;
  inside?: boolean | null;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Every filter of spec 3 section 7 as one Prisma where (dates are the community's days). */
export function filterWhere(f: VisitorFilter, timeZone: string): PrismaNS.VisitorWhereInput {
  const at = (day: string) => localInstant(day, '00:00', timeZone);
  const house: PrismaNS.HouseWhereInput = {
    ...(f.mallId ? { mallId: f.mallId } : {}),
    ...(f.condominiumId ? { condominiumId: f.condominiumId } : {}),
    ...(f.streetId ? { streetId: f.streetId } : {}),
    ...(given(f.exteriorNumber) ? { exteriorNumber: same(f.exteriorNumber) } : {}),
    ...(given(f.interiorNumber) ? { interiorNumber: same(f.interiorNumber) } : {}),
    ...(given(f.block) ? { block: same(f.block) } : {}),
    ...(given(f.lot) ? { lot: same(f.lot) } : {}),
    ...(given(f.ownerFirstName) || given(f.ownerLastName)
      ? {
          owner: {
            ...(given(f.ownerFirstName) ? { firstName: contains(f.ownerFirstName) } : {}),
            ...(given(f.ownerLastName) ? { lastName: contains(f.ownerLastName) } : {}),
          },
        }
      : {}),
  };
  const entrance = { ...(f.entranceFrom ? { gte: at(f.entranceFrom) } : {}), ...(f.entranceTo ? { lt: at(nextDay(f.entranceTo)) } : {}) };
  const scheduled = { ...(f.scheduledFrom ? { gte: dateOf(f.scheduledFrom) } : {}), ...(f.scheduledTo ? { lte: dateOf(f.scheduledTo) } : {}) };
  return {
    ...(given(f.name) ? { name: contains(f.name) } : {}),
    ...(given(f.email) ? { email: contains(f.email) } : {}),
    ...(given(f.reference) ? { reference: { startsWith: likeLiteral(f.reference.trim().toUpperCase()) } } : {}),
    ...(given(f.vehicle) ? { vehicle: contains(f.vehicle) } : {}),
    ...(given(f.vehiclePlate) ? { vehiclePlate: contains(f.vehiclePlate) } : {}),
    ...(given(f.badge) ? { badge: contains(f.badge) } : {}),
    ...(Object.keys(entrance).length ? { lastEntryAt: entrance } : {}),
    ...(Object.keys(scheduled).length ? { entryDate: scheduled } : {}),
    ...(f.creationDate ? { createdAt: { gte: at(f.creationDate), lt: at(nextDay(f.creationDate)) } } : {}),
    ...(f.houseId ? { houseId: f.houseId } : {}),
    ...(f.inside === true ? { insideSince: { not: null } } : f.inside === false ? { insideSince: null } : {}),
    ...(Object.keys(house).length ? { house } : {}),
  };
}

export type VisitorListScope = { kind: 'house'; houseId: number | null } | { kind: 'community' } | { kind: 'security' };

/** A page of visitors, newest first: a house's, the community's (administration) or the gate's (security). */
export async function listVisitors(
  ctx: ServiceContext,
  scope: VisitorListScope,
  filter: VisitorFilter,
  page: { limit: number; offset: number; after: number | null; before: number | null; backwards: boolean },
  withTotal: boolean,
): Promise<{ rows: VisitorRow[]; total?: number }> {
  const n = await communityRow(ctx.prisma, communityOf(ctx));
  let where: PrismaNS.VisitorWhereInput;
  if (scope.kind === 'house') {
    const house = await targetHouse(ctx, scope.houseId, ADMIN_HOUSE_GRANTS, 'FOREIGN_HOUSE');
    where = { AND: [visibleWhere(ctx, n), { houseId: house.id }] };
  } else if (scope.kind === 'community') {
    if (!holdsAny(ctx, ADMIN_HOUSE_GRANTS)) throw new ForbiddenError();
    where = visibleWhere(ctx, n);
  } else {
    if (!holdsAny(ctx, [...SECURITY_ANY, ...ADMIN_HOUSE_GRANTS])) throw new ForbiddenError();
    where = visibleWhere(ctx, n);
  }
  where = { AND: [where, filterWhere(filter, n.timeZone)] };
  const keyset = page.after !== null ? { id: { lt: page.after } } : page.before !== null ? { id: { gt: page.before } } : {};
  const [rows, total] = await Promise.all([
    ctx.prisma.visitor.findMany({
      where: { AND: [where, keyset] },
      orderBy: { id: page.backwards ? 'asc' : 'desc' },
      take: page.limit,
      skip: page.offset,
      include: VISITOR_VIEW,
    }),
    withTotal ? ctx.prisma.visitor.count({ where }) : Promise.resolve(undefined),
  ]);
  return { rows, total };
}

/** The houses the administration or security may register a visit for, by key, number or owner (2 characters or more): label and owner only. */
export async function visitorHouses(ctx: ServiceContext, phrase: string) {
  if (!holdsAny(ctx, [...ADMIN_CREATORS, ...SECURITY_CREATORS])) throw new ForbiddenError();
  const select = {
    id: true,
    interiorNumber: true,
    exteriorNumber: true,
    block: true,
    lot: true,
    catastral: true,
    owner: { select: { firstName: true, lastName: true } },
  };
  const houses = (await searchHouses(ctx, { select }, phrase)) as unknown as PrismaNS.HouseGetPayload<{ select: typeof select }>[];
  return houses.map((h) => ({ databaseId: h.id, label: houseLabel(h), catastral: h.catastral, ownerName: h.owner ? personName(h.owner) : null }));
}

/** The gate's search as the guard types: the words anywhere in the name, reference or plate, in any case or accents (from 3 letters or digits in a row: gateSearchable). */
export async function searchGate(ctx: ServiceContext, text: string, limit = 20): Promise<VisitorRow[]> {
  if (!holdsAny(ctx, SECURITY_ANY)) throw new ForbiddenError();
  const q = text.trim();
  if (!gateSearchable(q)) return [];
  const neighborhoodId = communityOf(ctx);
  // The page's ids first, then their rows with house and owner: joined before the sort, the house and owner
  // of every match (a thousand for «ortiz 4» at 100,000 visitors) were read to keep 20.
  const hits = await ctx.prisma.visitor.findMany({
    where: { neighborhoodId, deletedAt: null, gateKey: { contains: likeLiteral(foldForSearch(q)) } },
    orderBy: [{ insideSince: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
    take: Math.min(Math.max(limit, 1), 50),
    select: { id: true },
  });
  if (hits.length === 0) return [];
  const rows = new Map(
    (await ctx.prisma.visitor.findMany({ where: { id: { in: hits.map((h) => h.id) }, deletedAt: null }, include: VISITOR_VIEW })).map((v) => [v.id, v]),
  );
  return hits.flatMap((h) => rows.get(h.id) ?? []);
}

/**
 * Coming visitors: those expected today who are not inside, by their entry time; the dashboard's first
 * COMING_PAGE continue with the next days' (allToday: all of today's, up to COMING_TODAY_MAX).
 * A house's people see their house's; the administration and security the ones they see.
 */
export async function comingVisitors(ctx: ServiceContext, options: { houseId?: number | null; allToday?: boolean }, now = new Date()): Promise<VisitorRow[]> {
  if (!holdsAny(ctx, VISITOR_READERS)) throw new ForbiddenError();
  const n = await communityRow(ctx.prisma, communityOf(ctx));
  const houseScoped = !holdsAny(ctx, [...ADMIN_HOUSE_GRANTS, ...SECURITY_ANY]) || options.houseId != null;
  const houseId = houseScoped ? (await targetHouse(ctx, options.houseId ?? null, [...ADMIN_HOUSE_GRANTS, ...SECURITY_ANY], 'FOREIGN_HOUSE')).id : null;
  const { today } = localNow(n.timeZone, now);
  const weekday = VISIT_DAYS[(new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  const base: PrismaNS.VisitorWhereInput = { AND: [visibleWhere(ctx, n), houseId !== null ? { houseId } : {}, { insideSince: null }] };
  // An occasional visit that already left today is over.
  const notOverToday: PrismaNS.VisitorWhereInput = {
    OR: [{ visitorType: 'PERMANENT' }, { lastDepartureAt: null }, { lastDepartureAt: { lt: localInstant(today, '00:00', n.timeZone) } }],
  };
  const todays = await ctx.prisma.visitor.findMany({
    where: {
      AND: [
        base,
        notOverToday,
        { entryDate: { lte: dateOf(today) }, [weekday]: true },
        {
          OR: [{ departureDate: { gte: dateOf(today) } }, { departureDate: null, visitorType: 'PERMANENT' }, { departureDate: null, entryDate: dateOf(today) }],
        },
      ],
    },
    orderBy: [{ entryHour: { sort: 'asc', nulls: 'first' } }, { entryMinute: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: options.allToday ? COMING_TODAY_MAX : COMING_PAGE,
    include: VISITOR_VIEW,
  });
  const expected = todays.filter((v) => expectedOn(windowOf(v), today));
  if (options.allToday || expected.length >= COMING_PAGE) return expected;
  const later = await ctx.prisma.visitor.findMany({
    where: { AND: [base, { entryDate: { gt: dateOf(today) } }] },
    orderBy: [{ entryDate: 'asc' }, { entryHour: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: COMING_PAGE - expected.length,
    include: VISITOR_VIEW,
  });
  return [...expected, ...later];
}

export interface LogRow {
  id: bigint;
  kind: 'CREATED' | 'QUERY' | 'GET_IN' | 'GET_OUT';
  at: Date;
  warning: string | null;
  user: { firstName: string | null; lastName: string | null } | null;
}

/** A visitor's log, newest first (GET visitors/{id}/log). */
export async function visitorLog(
  ctx: ServiceContext,
  id: number,
  page: { limit: number; offset: number; after: bigint | null; before: bigint | null; backwards: boolean },
  withTotal: boolean,
): Promise<{ rows: LogRow[]; total?: number }> {
  if (!holdsAny(ctx, VISITOR_READERS)) throw new ForbiddenError();
  const n = await communityRow(ctx.prisma, communityOf(ctx));
  await findVisible(ctx, n, id);
  const keyset = page.after !== null ? { id: { lt: page.after } } : page.before !== null ? { id: { gt: page.before } } : {};
  const [rows, total] = await Promise.all([
    ctx.prisma.visitorLog.findMany({
      where: { visitorId: id, ...keyset },
      orderBy: { id: page.backwards ? 'asc' : 'desc' },
      take: page.limit,
      skip: page.offset,
      select: { id: true, kind: true, at: true, warning: true, user: { select: { firstName: true, lastName: true } } },
    }),
    withTotal ? ctx.prisma.visitorLog.count({ where: { visitorId: id } }) : Promise.resolve(undefined),
  ]);
  return { rows, total };
}

export interface PublicVisitor {
  reference: string;
  name: string;
  communityName: string;
  houseLabel: string | null;
  window: VisitWindow;
  inside: boolean;
  /** Why the visit is not expected now, or null. */
  warning: string | null;
}

/**
 * The public page (spec 3 section 2): a visitor's pass by community domain and reference, without a
 * session. Lookups are throttled per address and logged (QUERY); nothing is written besides.
 */
export async function publicVisitor(ctx: Pick<ServiceContext, 'prisma' | 'ip'>, domain: string, reference: string, now = new Date()): Promise<PublicVisitor> {
  await takeAttempt(ctx.prisma, PUBLIC_LOOKUP_KEY, ctx.ip, PUBLIC_LOOKUP_RULES);
  const code = reference.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,20}$/.test(code) || domain.length > 100) throw new NotFoundError('VISITOR_NOT_FOUND');
  const n = await ctx.prisma.neighborhood.findFirst({
    where: { domain: domain.trim().toLowerCase() },
    select: { id: true, name: true, timeZone: true, modules: true },
  });
  if (!n?.modules.includes('VISITAS')) throw new NotFoundError('VISITOR_NOT_FOUND');
  const v = await ctx.prisma.visitor.findFirst({ where: { neighborhoodId: n.id, reference: code, deletedAt: null }, include: VISITOR_VIEW });
  if (!v) throw new NotFoundError('VISITOR_NOT_FOUND');
  await ctx.prisma.visitorLog.create({ data: { neighborhoodId: n.id, visitorId: v.id, kind: 'QUERY' } });
  const local = localNow(n.timeZone, now);
  const window = windowOf(v);
  return {
    reference: v.reference,
    name: v.name,
    communityName: n.name,
    houseLabel: v.house ? houseLabel(v.house) : null,
    window,
    inside: v.insideSince !== null,
    warning: visitWarning(window, local.today, local.minute),
  };
}

/** Every visitor the actor sees, for the XLS (AAllVisitorsRead), oldest first. */
export async function allVisitors(ctx: ServiceContext, filter: VisitorFilter): Promise<VisitorRow[]> {
  if (!holdsAny(ctx, ALL_VISITORS_READERS)) throw new ForbiddenError();
  const n = await communityRow(ctx.prisma, communityOf(ctx));
  return ctx.prisma.visitor.findMany({
    where: { AND: [{ neighborhoodId: n.id, deletedAt: null }, filterWhere(filter, n.timeZone)] },
    orderBy: { id: 'asc' },
    take: 100_000,
    include: VISITOR_VIEW,
  });
}

export const ownerName = (v: VisitorRow) => (v.house?.owner ? personName(v.house.owner) : null);
export const creatorName = (v: VisitorRow) => personName(v.createdBy);

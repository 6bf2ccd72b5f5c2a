// Houses and their owners as administrators manage them: the house form, status transitions, the
// edit lock and owner change (spec 1 sections 2 to 5). This module owns every write of the House row
// (other domains call ./rows.ts and ./ownership.ts inside their write()).
import { assertMayAddPeople } from '../../../auth/people.js';
import { actorOf, communityOf, type ServiceContext } from '../../../kernel/context.js';
import { lockRow } from '../../../kernel/locks.js';
import { parseInput } from '../../../kernel/input.js';
import { ActivationSchema, HouseSchema, locationIssues, NewOwnerSchema, PARKING_REQUIRED } from '../../../../core/houses.js';
import { ConflictError, InputError, LockedError, NotFoundError, reason } from '../../../kernel/errors.js';
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { write } from '../../../kernel/write.js';
import { formatMoney, sameMoney } from '../../../../core/money.js';
import {
  composedCatastral,
  dropUnusedLocation,
  lockHeldByOther,
  missingLocation,
  pendingStatus,
  transition,
  type HouseCompleteness,
  type HouseStatus,
  type HouseTransition,
} from '../../../../core/houseRules.js';
import { LOCATION_FLAGS, type LocationFlag } from '../../../../core/houseTypes.js';
import { claimFile } from '../../../infra/files/service.js';
import { kickMailer } from '../../../infra/mail/outbox.js';
import { belongsToCommunity, normalEmail, setHouseMembershipsActive, updatePersonByAdministrator, type Tx } from '../../people/accounts/service.js';
import { giveHouse, type GiveHouseResult } from './ownership.js';
import { likeLiteral } from '../../../kernel/textFilter.js';
import { announceEndedSessions, type EndedSession } from '../../people/session/memberships.js';
import { announce } from '../../../kernel/events.js';

export { ActivationSchema, HouseSchema, NewOwnerSchema, OwnerSchema, type HouseInput } from '../../../../core/houses.js';

type HouseRow = NonNullable<Awaited<ReturnType<typeof findOwn>>>;

const HOUSE_WITH_RULES = { houseType: true, owner: { select: { id: true } }, lockedBy: { select: { firstName: true, lastName: true } } } as const;

async function findOwn(ctx: ServiceContext, id: number) {
  const house = await ctx.prisma.house.findFirst({ where: { id, neighborhoodId: communityOf(ctx) }, include: HOUSE_WITH_RULES });
  if (!house) throw new NotFoundError('HOUSE_NOT_FOUND');
  return house;
}

/**
 * The house read inside the write's transaction with its row locked: decisions on status and owner are
 * taken from this row, so two administrators acting at once serialize instead of both deciding from what
 * they read before (on PostgreSQL the second waits, then retries on the serialization failure).
 */
async function lockedHouse(tx: Tx, ctx: ServiceContext, id: number) {
  const neighborhoodId = communityOf(ctx);
  await lockRow(tx, 'House', id, { neighborhoodId });
  const house = await tx.house.findFirst({ where: { id, neighborhoodId }, include: HOUSE_WITH_RULES });
  if (!house) throw new NotFoundError('HOUSE_NOT_FOUND');
  refuseIfLockedByOther(ctx, house);
  return house;
}

function typeFlags(type: Record<LocationFlag, boolean> | null): Record<LocationFlag, boolean> {
  return Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!type?.[f]])) as Record<LocationFlag, boolean>;
}

function completeness(
  house: { ownerUserId: number | null; initialBalance: unknown } & Record<string, unknown>,
  type: Record<LocationFlag, boolean> | null,
): HouseCompleteness {
  return {
    hasOwner: house.ownerUserId != null,
    hasHouseType: type != null,
    missingLocation: type ? missingLocation(house as never, typeFlags(type)) : [],
    initialBalanceSet: house.initialBalance != null,
  };
}

/** The administrator's display name, for the edit-lock warning. */
function personName(p: { firstName: string; lastName: string | null } | null) {
  return p ? [p.firstName, p.lastName].filter(Boolean).join(' ') : '';
}

function refuseIfLockedByOther(ctx: ServiceContext, house: HouseRow) {
  if (lockHeldByOther(house, actorOf(ctx).userId)) {
    throw new LockedError(reason('HOUSE_LOCKED', { name: personName(house.lockedBy) }));
  }
}

/** The cadastral key is unique per community among live houses: the partial unique index decides, not a prior read. */
function duplicateKey(
  error: unknown,
  catastral: string | null,
  why: 'HOUSE_CATASTRAL_TAKEN' | 'HOUSE_CATASTRAL_TAKEN_ON_REACTIVATION' = 'HOUSE_CATASTRAL_TAKEN',
): never {
  if (catastral && isUniqueViolation(error)) throw new ConflictError(reason(why, { catastral }));
  throw error;
}

async function placeId(tx: Tx, neighborhoodId: number, kind: 'condominium' | 'mall', id: number | null | undefined, name: string | null) {
  const model = (kind === 'condominium' ? tx.condominium : tx.mall) as typeof tx.condominium;
  if (id) {
    const found = await model.findFirst({ where: { id, neighborhoodId }, select: { id: true } });
    if (!found) throw new InputError([{ field: `${kind}Id`, message: kind === 'condominium' ? 'El condominio no existe' : 'La plaza no existe' }]);
    return found.id;
  }
  if (!name) return null;
  // equals + insensitive is an ILIKE: the name escaped, so a condominium typed '%' is not any condominium.
  const existing = await model.findFirst({ where: { neighborhoodId, name: { equals: likeLiteral(name), mode: 'insensitive' } }, select: { id: true } });
  return existing?.id ?? (await model.create({ data: { neighborhoodId, name }, select: { id: true } })).id;
}

/** After commit: announce the sessions a write ended, and let the mailer send what it queued. */
function effects(ctx: ServiceContext, afterCommit: (effect: () => unknown) => void, ended: EndedSession[], mailed: boolean) {
  afterCommit(() => {
    announceEndedSessions(ctx, ended);
    if (mailed) kickMailer(ctx.prisma);
  });
}

/**
 * Creates (id null) or updates a house from the form. Location fields the type does not require are
 * dropped; those it requires must be filled; parking spots are required when the community restricts
 * vehicles. A house that is not active takes its pending status, or ACTIVE when saved with `activate`.
 * The owner typed is given the house by the tenancy rule (ownership.ts giveHouse): someone who already
 * has an account or belongs to another community is invited instead.
 */
export async function saveHouse(ctx: ServiceContext, id: number | null, raw: unknown, idempotencyKey?: string | null): Promise<number> {
  const input = parseInput(HouseSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const viewer = actorOf(ctx);
  if (input.owner) assertMayAddPeople(viewer);
  const existing = id ? await findOwn(ctx, id) : null;
  if (existing) {
    if (existing.status === 'DELETED') throw new ConflictError('HOUSE_DELETED_NOT_EDITABLE');
    refuseIfLockedByOther(ctx, existing);
  }
  const [type, community] = await Promise.all([
    ctx.prisma.houseType.findFirst({ where: { id: input.houseTypeId, neighborhoodId } }),
    ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { restrictVehicles: true } }),
  ]);
  if (!type) throw new InputError([{ field: 'houseTypeId', message: 'El tipo de propiedad no existe' }]);
  const flags = typeFlags(type);

  const issues: { field: string; message: string }[] = [];
  const location = dropUnusedLocation(
    {
      dimension: input.dimension,
      block: input.block,
      lot: input.lot,
      exteriorNumber: input.exteriorNumber,
      interiorNumber: input.interiorNumber,
      streetId: input.streetId ?? null,
      condominiumId: input.condominiumId ?? (input.condominiumName ? -1 : null),
      mallId: input.mallId ?? (input.mallName ? -1 : null),
    },
    flags,
  );
  issues.push(...locationIssues(location, flags));
  if (community.restrictVehicles && (input.parkingSpots === null || input.parkingSpots === undefined)) {
    issues.push({ field: 'parkingSpots', message: PARKING_REQUIRED });
  }
  if (location.streetId && !(await ctx.prisma.street.findFirst({ where: { id: location.streetId, neighborhoodId }, select: { id: true } }))) {
    issues.push({ field: 'streetId', message: 'La calle no existe' });
  }
  if (issues.length) throw new InputError(issues);
  const officialIdFileId = input.officialIdFileId ? await claimFile(ctx, input.officialIdFileId) : (existing?.officialIdFileId ?? null);
  // Once active, the house's balance moves through its account statement, not through the form.
  const balanceEditable = !existing || (existing.status !== 'ACTIVE' && existing.status !== 'BLOCKED');
  if (!balanceEditable && input.initialBalance !== null && !sameMoney(input.initialBalance, existing!.initialBalance)) {
    throw new InputError([{ field: 'initialBalance', message: 'El saldo inicial de una propiedad activa ya no se modifica' }]);
  }

  return write(
    ctx,
    {
      idempotencyKey: existing ? null : idempotencyKey,
      request: { operation: existing ? 'updateHouse' : 'createHouse', input: { id, ...input } },
    },
    async ({ tx, audit, afterCommit }) => {
      const condominiumId = flags.requireCondominium ? await placeId(tx, neighborhoodId, 'condominium', input.condominiumId, input.condominiumName) : null;
      const mallId = flags.requireMall ? await placeId(tx, neighborhoodId, 'mall', input.mallId, input.mallName) : null;
      let catastral = input.catastral;
      if (!catastral) {
        const prefix = mallId
          ? (await tx.mall.findUniqueOrThrow({ where: { id: mallId } })).name
          : condominiumId
            ? (await tx.condominium.findUniqueOrThrow({ where: { id: condominiumId } })).name
            : null;
        catastral = composedCatastral(type.catastralAlgorithm, { prefix, interiorNumber: location.interiorNumber as string | null });
      }
      const data = {
        houseTypeId: type.id,
        catastral,
        block: location.block as string | null,
        lot: location.lot as string | null,
        exteriorNumber: location.exteriorNumber as string | null,
        interiorNumber: location.interiorNumber as string | null,
        dimension: location.dimension as string | null,
        streetId: location.streetId as number | null,
        condominiumId,
        mallId,
        parkingSpots: input.parkingSpots ?? null,
        officialIdFileId,
        ...(balanceEditable && (input.initialBalance !== null || !existing)
          ? { initialBalance: input.initialBalance, balanceReason: input.balanceReason }
          : {}),
      };
      const saved = await (existing
        ? tx.house.update({ where: { id: existing.id }, data: { ...data, lockedByUserId: null, lockedAt: null } })
        : tx.house.create({ data: { ...data, neighborhoodId } })
      ).catch((e) => duplicateKey(e, catastral));

      const ended: EndedSession[] = [];
      let given: GiveHouseResult | null = null;
      if (input.owner) {
        if (saved.ownerUserId) {
          const current = await tx.user.findUniqueOrThrow({ where: { id: saved.ownerUserId }, select: { id: true, email: true } });
          if (current.email !== input.owner.email) {
            throw new InputError([{ field: 'owner.email', message: 'Para cambiar de propietario usa «Cambiar propietario»' }]);
          }
          // Only a person without an account and of no other community (people/service.ts); same data is no change.
          await updatePersonByAdministrator(tx, current.id, neighborhoodId, {
            firstName: input.owner.firstName,
            lastName: input.owner.lastName,
            mobile: input.owner.mobile ?? null,
            landline: input.owner.landline ?? null,
          });
        } else {
          given = await giveHouse(tx, ctx.config, saved, input.owner, viewer.userId, ended);
          if (given.kind === 'OWNER') saved.ownerUserId = given.userId;
        }
      }

      const status = existing?.status ?? 'NEW';
      if (status !== 'ACTIVE' && status !== 'BLOCKED') {
        const c = completeness(saved, flags);
        let next: HouseStatus = pendingStatus(c);
        if (input.activate) {
          const result = transition(next, 'activate', c);
          if ('refused' in result) throw new ConflictError(reason('HOUSE_TRANSITION_REFUSED', { message: result.refused }));
          next = result.status;
        }
        await tx.house.update({ where: { id: saved.id }, data: { status: next } });
        if (next === 'ACTIVE') await houseBecameActive(tx, neighborhoodId, saved.id, saved.initialBalance, viewer.userId);
      }
      await audit({
        action: existing ? 'UPDATE' : 'CREATE',
        entity: 'House',
        entityId: saved.id,
        data: { catastral, activate: !!input.activate, ...(given?.kind === 'INVITED' ? { invitedOwner: given.userId } : {}) },
      });
      effects(ctx, afterCommit, ended, given?.kind === 'INVITED' && given.mailed);
      return saved.id;
    },
  );
}

declare module '../../../kernel/events.js' {
  interface DomainEvents {
    /**
     * A house became active (activated, reactivated, unblocked), inside the write that activates it: money
     * (money/receivables/maintenances) records its stated initial balance and issues the receipts being collected.
     */
    'house.activated': { neighborhoodId: number; houseId: number; initialBalance: unknown; userId: number | null };
  }
}

/** A house that became active: property says so; receivables follow in the same transaction (kernel/events.ts). */
async function houseBecameActive(tx: Tx, neighborhoodId: number, houseId: number, initialBalance: unknown, userId: number | null) {
  await announce(tx, 'house.activated', { neighborhoodId, houseId, initialBalance, userId });
}

/** Activation (/owners/active/{houseId}): states the initial balance when missing, then ACTIVE. */
export async function activateHouse(ctx: ServiceContext, id: number, raw: unknown) {
  const input = parseInput(ActivationSchema, raw);
  refuseIfLockedByOther(ctx, await findOwn(ctx, id));
  return write(ctx, {}, async ({ tx, audit }) => {
    const house = await lockedHouse(tx, ctx, id);
    const initialBalance = input.initialBalance ?? (house.initialBalance == null ? null : formatMoney(house.initialBalance));
    const result = transition(house.status, 'activate', completeness({ ...house, initialBalance }, house.houseType));
    if ('refused' in result) throw new ConflictError(reason('HOUSE_TRANSITION_REFUSED', { message: result.refused }));
    await audit({ action: 'ACTIVATE', entity: 'House', entityId: id, data: { initialBalance } });
    await tx.house.update({
      where: { id },
      data: { status: 'ACTIVE', initialBalance, ...(input.balanceReason ? { balanceReason: input.balanceReason } : {}), lockedByUserId: null, lockedAt: null },
    });
    await setHouseMembershipsActive(tx, id, true);
    await houseBecameActive(tx, house.neighborhoodId, id, initialBalance, ctx.actor?.userId ?? null);
    return id;
  });
}

/** Delete, reactivate, block and unblock: the status rule of core/houseRules.ts, house access alongside. */
export async function changeHouseStatus(ctx: ServiceContext, id: number, action: Exclude<HouseTransition, 'activate'>) {
  refuseIfLockedByOther(ctx, await findOwn(ctx, id));
  return write(ctx, {}, async ({ tx, audit, afterCommit }) => {
    const house = await lockedHouse(tx, ctx, id);
    const result = transition(house.status, action, completeness(house, house.houseType));
    if ('refused' in result) throw new ConflictError(reason('HOUSE_TRANSITION_REFUSED', { message: result.refused }));
    await audit({ action: action.toUpperCase(), entity: 'House', entityId: id, data: { from: house.status, to: result.status } });
    await tx.house
      .update({ where: { id }, data: { status: result.status, lockedByUserId: null, lockedAt: null } })
      .catch((e) => duplicateKey(e, house.catastral, 'HOUSE_CATASTRAL_TAKEN_ON_REACTIVATION'));
    // Memberships of house users follow the house: a deleted or blocked house suspends their access and ends their sessions on it.
    const ended = await setHouseMembershipsActive(tx, id, result.status !== 'DELETED' && result.status !== 'BLOCKED');
    if (result.status === 'ACTIVE') await houseBecameActive(tx, house.neighborhoodId, id, house.initialBalance, ctx.actor?.userId ?? null);
    effects(ctx, afterCommit, ended, false);
    return id;
  });
}

/**
 * Takes the edit lock when an administrator opens the house form. Held by someone else (and not stale),
 * it is refused (423) with the spec's warning naming them; the form then offers to unblock.
 */
export async function takeHouseEditLock(ctx: ServiceContext, id: number) {
  const house = await findOwn(ctx, id);
  refuseIfLockedByOther(ctx, house);
  const viewer = actorOf(ctx);
  // Conditional update: two administrators opening the form at once cannot both take the lock.
  const taken = await write(ctx, {}, ({ tx }) =>
    tx.house.updateMany({
      where: { id, OR: [{ lockedByUserId: null }, { lockedByUserId: viewer.userId }, { lockedAt: house.lockedAt }] },
      data: { lockedByUserId: viewer.userId, lockedAt: new Date() },
    }),
  );
  if (taken.count === 0) {
    const now = await findOwn(ctx, id);
    throw new LockedError(reason('HOUSE_LOCKED', { name: personName(now.lockedBy) }));
  }
  return id;
}

/** Releases the edit lock, whoever holds it (audited when it was someone else's). */
export async function releaseHouseEditLock(ctx: ServiceContext, id: number) {
  const house = await ctx.prisma.house.findFirst({ where: { id, neighborhoodId: communityOf(ctx) }, select: { id: true, lockedByUserId: true } });
  if (!house) throw new NotFoundError('HOUSE_NOT_UNLOCKED');
  const someoneElse = house.lockedByUserId && house.lockedByUserId !== actorOf(ctx).userId;
  return write(
    ctx,
    { audit: someoneElse ? { action: 'UNLOCK', entity: 'House', entityId: id, data: { heldBy: house.lockedByUserId } } : null },
    async ({ tx }) => {
      await tx.house.update({ where: { id }, data: { lockedByUserId: null, lockedAt: null } });
      return id;
    },
  );
}

export interface OwnerChangeTarget {
  /** The new owner's e-mail, with name and phones for a person new to the platform. */
  newOwner?: unknown;
  /** Legacy REST path: a user who already belongs to this community (anyone else: 404). */
  userId?: number | null;
}

/**
 * Owner change (/owners/{houseId}/change). The new owner is named by e-mail and goes through the
 * tenancy rule (ownership.ts giveHouse): a person new to the platform is created from the given data
 * and becomes the owner now, as does someone who already belongs to this community; anyone else is
 * invited, and the house changes hands when they accept. The history keeps every change.
 */
export async function changeOwner(ctx: ServiceContext, houseId: number, target: OwnerChangeTarget) {
  assertMayAddPeople(actorOf(ctx));
  const before = await findOwn(ctx, houseId);
  if (before.status === 'DELETED') throw new ConflictError('HOUSE_DELETED_OWNER_UNCHANGEABLE');
  refuseIfLockedByOther(ctx, before);
  const viewer = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  let person: { email: string; firstName?: string | null; lastName?: string | null; mobile?: string | null; landline?: string | null };
  if (target.userId) {
    const user = await ctx.prisma.user.findUnique({ where: { id: target.userId }, select: { id: true, email: true } });
    // An arbitrary user id is no way to reach a person of another community: only members of this one.
    if (!user || !(await belongsToCommunity(ctx.prisma, user.id, neighborhoodId))) throw new NotFoundError('USER_NOT_FOUND');
    person = { email: user.email };
  } else if (target.newOwner) {
    person = parseInput(NewOwnerSchema, target.newOwner);
  } else {
    throw new InputError([{ field: 'email', message: 'Escribe el correo electrónico del nuevo propietario' }]);
  }
  const email = normalEmail(person.email);
  const result = await write(ctx, { request: { operation: 'changeHouseOwner', input: { houseId, email } } }, async ({ tx, audit, afterCommit }) => {
    // The owner as it is now, not as it was read before the transaction: two changes at once must not
    // both replace the same previous owner (the loser would leave the winner's account on the house).
    const house = await lockedHouse(tx, ctx, houseId);
    if (house.status === 'DELETED') throw new ConflictError('HOUSE_DELETED_OWNER_UNCHANGEABLE');
    const ended: EndedSession[] = [];
    const given = await giveHouse(tx, ctx.config, house, { ...person, email, firstName: person.firstName ?? undefined }, viewer.userId, ended);
    if (given.kind === 'OWNER') {
      if (!given.moved) return { moved: false };
      if (house.status !== 'ACTIVE' && house.status !== 'BLOCKED') {
        await tx.house.update({
          where: { id: houseId },
          data: { status: pendingStatus(completeness({ ...house, ownerUserId: given.userId }, house.houseType)) },
        });
      }
      await audit({ action: 'CHANGE_OWNER', entity: 'House', entityId: houseId, data: { from: house.ownerUserId, to: given.userId } });
    } else {
      await audit({ action: 'INVITE_OWNER', entity: 'House', entityId: houseId, data: { from: house.ownerUserId, invited: given.userId } });
    }
    effects(ctx, afterCommit, ended, given.kind === 'INVITED' && given.mailed);
    return { moved: true };
  });
  if (!result.moved) throw new ConflictError('ALREADY_HOUSE_OWNER');
  return houseId;
}

// Houses and their owners as administrators manage them: the house form, status transitions, the
// edit lock and owner change (spec 1 sections 2 to 5).
import { z } from 'zod';
import type { Context } from '../../kernel/context.js';
import { communityOf, actorOf } from '../../kernel/context.js';
import { parseInput, phoneInput } from '../../kernel/input.js';
import { ConflictError, InputError, NotFoundError } from '../../kernel/errors.js';
import { audit } from '../../kernel/audit.js';
import {
  composedCatastral,
  dropUnusedLocation,
  lockHeldByOther,
  LOCATION_FIELD_LABELS,
  missingLocation,
  pendingStatus,
  requiredLocationFields,
  transition,
  type HouseCompleteness,
  type HouseStatus,
  type HouseTransition,
} from '../../../core/houseRules.js';
import { LOCATION_FLAGS, type LocationFlag } from '../../../core/houseTypes.js';
import { claimFile } from '../../infra/files/service.js';
import { assignOwner, findOrCreateUser, mayEditPerson, type Tx } from './ownership.js';
import { announceEndedSessions, endMembershipSessions, type EndedSession } from '../session/memberships.js';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Debe tener como máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));
const money = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'Escribe una cantidad con hasta dos decimales')
  .nullish()
  .transform((v) => v ?? null);
export const OwnerSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Escribe un correo electrónico válido')),
  firstName: z.string().trim().min(1, 'El nombre del propietario es requerido').max(80),
  lastName: text(80),
  mobile: phoneInput('El celular debe tener 10 dígitos'),
  landline: phoneInput('El teléfono fijo debe tener 10 dígitos'),
});

export const HouseSchema = z.object({
  houseTypeId: z.number({ error: 'Elige un tipo de propiedad' }).int().positive('Elige un tipo de propiedad'),
  catastral: text(60).transform((v) => v?.toUpperCase() ?? null),
  block: text(20),
  lot: text(20),
  exteriorNumber: text(20),
  interiorNumber: text(20),
  dimension: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, 'La dimensión debe ser un número con hasta dos decimales')
    .nullish()
    .transform((v) => v ?? null),
  streetId: z.number().int().positive().nullish(),
  /** An existing condominium, or the name of a new one. */
  condominiumId: z.number().int().positive().nullish(),
  condominiumName: text(120),
  mallId: z.number().int().positive().nullish(),
  mallName: text(120),
  parkingSpots: z.number().int().min(0, 'Los cajones no pueden ser negativos').max(99).nullish(),
  initialBalance: money,
  balanceReason: text(300),
  owner: OwnerSchema.nullish(),
  officialIdFileId: z.string().nullish(),
  /** Spec 1 section 2: saving a non-active house asks confirmation; confirming with activation sets ACTIVE. */
  activate: z.boolean().nullish(),
});
export type HouseInput = z.input<typeof HouseSchema>;

export const ActivationSchema = z.object({
  initialBalance: z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'Escribe una cantidad con hasta dos decimales')
    .nullish(),
  balanceReason: text(300),
});

type HouseRow = NonNullable<Awaited<ReturnType<typeof findOwn>>>;

async function findOwn(ctx: Context, id: number) {
  const house = await ctx.prisma.house.findFirst({
    where: { id, neighborhoodId: communityOf(ctx) },
    include: { houseType: true, owner: { select: { id: true } }, lockedBy: { select: { firstName: true, lastName: true } } },
  });
  if (!house) throw new NotFoundError('La propiedad no existe');
  return house;
}

function typeFlags(type: Record<LocationFlag, boolean> | null): Record<LocationFlag, boolean> {
  return Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!type?.[f]])) as Record<LocationFlag, boolean>;
}

function completeness(house: { ownerUserId: number | null; initialBalance: unknown } & Record<string, unknown>, type: Record<LocationFlag, boolean> | null): HouseCompleteness {
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

function refuseIfLockedByOther(ctx: Context, house: HouseRow) {
  if (lockHeldByOther(house, actorOf(ctx).userId)) {
    throw new ConflictError(`Esta propiedad está siendo editada por ${personName(house.lockedBy)}`, 423);
  }
}

async function placeId(tx: Tx, neighborhoodId: number, kind: 'condominium' | 'mall', id: number | null | undefined, name: string | null) {
  const model = (kind === 'condominium' ? tx.condominium : tx.mall) as typeof tx.condominium;
  if (id) {
    const found = await model.findFirst({ where: { id, neighborhoodId }, select: { id: true } });
    if (!found) throw new InputError([{ field: `${kind}Id`, message: kind === 'condominium' ? 'El condominio no existe' : 'La plaza no existe' }]);
    return found.id;
  }
  if (!name) return null;
  const existing = await model.findFirst({ where: { neighborhoodId, name: { equals: name, mode: 'insensitive' } }, select: { id: true } });
  return existing?.id ?? (await model.create({ data: { neighborhoodId, name }, select: { id: true } })).id;
}

/**
 * Creates (id null) or updates a house from the form. Location fields the type does not require are
 * dropped; those it requires must be filled; parking spots are required when the community restricts
 * vehicles. A house that is not active takes its pending status, or ACTIVE when saved with `activate`.
 */
export async function saveHouse(ctx: Context, id: number | null, raw: unknown): Promise<number> {
  const input = parseInput(HouseSchema, raw);
  const neighborhoodId = communityOf(ctx);
  const viewer = actorOf(ctx);
  const existing = id ? await findOwn(ctx, id) : null;
  if (existing) {
    if (existing.status === 'DELETED') throw new ConflictError('La propiedad está eliminada; reactívala para editarla');
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
  for (const field of requiredLocationFields(flags)) {
    const value = location[field];
    if (value === null || value === undefined || String(value).trim() === '') issues.push({ field, message: `${LOCATION_FIELD_LABELS[field]} es requerido para este tipo de propiedad` });
  }
  if (community.restrictVehicles && (input.parkingSpots === null || input.parkingSpots === undefined)) {
    issues.push({ field: 'parkingSpots', message: 'Los cajones de estacionamiento son requeridos' });
  }
  if (location.streetId && !(await ctx.prisma.street.findFirst({ where: { id: location.streetId, neighborhoodId }, select: { id: true } }))) {
    issues.push({ field: 'streetId', message: 'La calle no existe' });
  }
  if (issues.length) throw new InputError(issues);
  const officialIdFileId = input.officialIdFileId ? await claimFile(ctx, input.officialIdFileId) : (existing?.officialIdFileId ?? null);
  // Once active, the house's balance moves through its account statement, not through the form.
  const balanceEditable = !existing || (existing.status !== 'ACTIVE' && existing.status !== 'BLOCKED');
  if (!balanceEditable && input.initialBalance !== null && Number(input.initialBalance) !== Number(existing!.initialBalance ?? NaN)) {
    throw new InputError([{ field: 'initialBalance', message: 'El saldo inicial de una propiedad activa ya no se modifica' }]);
  }

  const endedSessions: EndedSession[] = [];
  const houseId = await ctx.prisma.$transaction(async (tx) => {
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
    if (catastral) {
      const same = await tx.house.findFirst({
        where: { neighborhoodId, catastral, status: { not: 'DELETED' }, ...(id ? { id: { not: id } } : {}) },
        select: { id: true },
      });
      if (same) throw new ConflictError(`Ya existe una propiedad con la clave catastral ${catastral}`);
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
      ...(balanceEditable && (input.initialBalance !== null || !existing) ? { initialBalance: input.initialBalance, balanceReason: input.balanceReason } : {}),
    };
    const saved = existing
      ? await tx.house.update({ where: { id: existing.id }, data: { ...data, lockedByUserId: null, lockedAt: null } })
      : await tx.house.create({ data: { ...data, neighborhoodId } });

    if (input.owner) {
      if (saved.ownerUserId) {
        const current = await tx.user.findUniqueOrThrow({ where: { id: saved.ownerUserId } });
        if (current.email !== input.owner.email) {
          throw new InputError([{ field: 'owner.email', message: 'Para cambiar de propietario usa «Cambiar propietario»' }]);
        }
        const data = { firstName: input.owner.firstName, lastName: input.owner.lastName, mobile: input.owner.mobile ?? null, landline: input.owner.landline ?? null };
        const changed = (Object.keys(data) as (keyof typeof data)[]).some((k) => (current[k] ?? null) !== data[k]);
        if (changed) {
          if (!(await mayEditPerson(tx, current.id, neighborhoodId))) {
            throw new InputError([{ field: 'owner.firstName', message: `${current.email} ya tiene cuenta: sus datos los actualiza la persona desde «Mis datos»` }]);
          }
          await tx.user.update({ where: { id: current.id }, data });
        }
      } else {
        const user = await findOrCreateUser(tx, input.owner);
        await assignOwner(tx, saved, user.id, viewer.userId, endedSessions);
        saved.ownerUserId = user.id;
      }
    }

    const status = existing?.status ?? 'NEW';
    if (status === 'ACTIVE' || status === 'BLOCKED') return saved.id;
    const c = completeness(saved, flags);
    let next: HouseStatus = pendingStatus(c);
    if (input.activate) {
      const result = transition(next, 'activate', c);
      if ('refused' in result) throw new ConflictError(result.refused);
      next = result.status;
    }
    await tx.house.update({ where: { id: saved.id }, data: { status: next } });
    return saved.id;
  });
  announceEndedSessions(ctx, endedSessions);
  await audit(ctx, existing ? 'UPDATE' : 'CREATE', 'House', houseId, { catastral: input.catastral, activate: !!input.activate });
  return houseId;
}

/** Memberships of house users follow the house: a deleted or blocked house suspends their access and ends their sessions on it. */
async function setHouseAccess(tx: Tx, houseId: number, active: boolean): Promise<EndedSession[]> {
  let ended: EndedSession[] = [];
  if (!active) {
    const accounts = await tx.membership.findMany({ where: { houseId, active: true }, select: { id: true } });
    ended = await endMembershipSessions(tx, accounts.map((m) => m.id));
  }
  await tx.membership.updateMany({ where: { houseId }, data: { active } });
  return ended;
}

/** Activation (/owners/active/{houseId}): states the initial balance when missing, then ACTIVE. */
export async function activateHouse(ctx: Context, id: number, raw: unknown) {
  const input = parseInput(ActivationSchema, raw);
  const house = await findOwn(ctx, id);
  refuseIfLockedByOther(ctx, house);
  const initialBalance = input.initialBalance ?? (house.initialBalance == null ? null : house.initialBalance.toString());
  const result = transition(house.status, 'activate', completeness({ ...house, initialBalance }, house.houseType));
  if ('refused' in result) throw new ConflictError(result.refused);
  await ctx.prisma.$transaction(async (tx) => {
    await tx.house.update({
      where: { id },
      data: { status: 'ACTIVE', initialBalance, ...(input.balanceReason ? { balanceReason: input.balanceReason } : {}), lockedByUserId: null, lockedAt: null },
    });
    await setHouseAccess(tx, id, true);
  });
  await audit(ctx, 'ACTIVATE', 'House', id, { initialBalance });
  return id;
}

/** Delete, reactivate, block and unblock: the status rule of core/houseRules.ts, house access alongside. */
export async function changeHouseStatus(ctx: Context, id: number, action: Exclude<HouseTransition, 'activate'>) {
  const house = await findOwn(ctx, id);
  refuseIfLockedByOther(ctx, house);
  const result = transition(house.status, action, completeness(house, house.houseType));
  if ('refused' in result) throw new ConflictError(result.refused);
  if (action === 'reactivate' && house.catastral) {
    const same = await ctx.prisma.house.findFirst({
      where: { neighborhoodId: house.neighborhoodId, catastral: house.catastral, status: { not: 'DELETED' }, id: { not: id } },
      select: { id: true },
    });
    if (same) throw new ConflictError(`Ya existe una propiedad con la clave catastral ${house.catastral}; cambia una de las dos antes de reactivar`);
  }
  const ended = await ctx.prisma.$transaction(async (tx) => {
    await tx.house.update({ where: { id }, data: { status: result.status, lockedByUserId: null, lockedAt: null } });
    return setHouseAccess(tx, id, result.status !== 'DELETED' && result.status !== 'BLOCKED');
  });
  announceEndedSessions(ctx, ended);
  await audit(ctx, action.toUpperCase(), 'House', id, { from: house.status, to: result.status });
  return id;
}

/**
 * Takes the edit lock when an administrator opens the house form. Held by someone else (and not stale),
 * it is refused with the spec's warning naming them; the form then offers to unblock.
 */
export async function lockHouse(ctx: Context, id: number) {
  const house = await findOwn(ctx, id);
  refuseIfLockedByOther(ctx, house);
  const viewer = actorOf(ctx);
  // Conditional update: two administrators opening the form at once cannot both take the lock.
  const taken = await ctx.prisma.house.updateMany({
    where: { id, OR: [{ lockedByUserId: null }, { lockedByUserId: viewer.userId }, { lockedAt: house.lockedAt }] },
    data: { lockedByUserId: viewer.userId, lockedAt: new Date() },
  });
  if (taken.count === 0) {
    const now = await findOwn(ctx, id);
    throw new ConflictError(`Esta propiedad está siendo editada por ${personName(now.lockedBy)}`, 423);
  }
  return id;
}

/** Releases the edit lock, whoever holds it. */
export async function unlockHouse(ctx: Context, id: number) {
  const house = await ctx.prisma.house.findFirst({ where: { id, neighborhoodId: communityOf(ctx) }, select: { id: true, lockedByUserId: true } });
  if (!house) throw new NotFoundError('El registro no pudo ser desbloqueado');
  await ctx.prisma.house.update({ where: { id }, data: { lockedByUserId: null, lockedAt: null } });
  if (house.lockedByUserId && house.lockedByUserId !== actorOf(ctx).userId) await audit(ctx, 'UNLOCK', 'House', id, { heldBy: house.lockedByUserId });
  return id;
}

/**
 * Owner change (/owners/{houseId}/change): to an existing user (by id, found through the e-mail
 * search) or to a new one created from the given data. The history keeps every change.
 */
export async function changeOwner(ctx: Context, houseId: number, target: { userId?: number | null; newUser?: unknown }) {
  const house = await findOwn(ctx, houseId);
  if (house.status === 'DELETED') throw new ConflictError('La propiedad está eliminada; reactívala para cambiar su propietario');
  refuseIfLockedByOther(ctx, house);
  const viewer = actorOf(ctx);
  const endedSessions: EndedSession[] = [];
  const changed = await ctx.prisma.$transaction(async (tx) => {
    let userId: number;
    if (target.userId) {
      const user = await tx.user.findUnique({ where: { id: target.userId }, select: { id: true } });
      if (!user) throw new NotFoundError('El usuario no existe');
      userId = user.id;
    } else if (target.newUser) {
      const data = parseInput(OwnerSchema, target.newUser);
      userId = (await findOrCreateUser(tx, data)).id;
    } else {
      throw new InputError([{ field: 'userId', message: 'Elige el nuevo propietario' }]);
    }
    const moved = await assignOwner(tx, house, userId, viewer.userId, endedSessions);
    if (moved && house.status !== 'ACTIVE' && house.status !== 'BLOCKED') {
      await tx.house.update({ where: { id: houseId }, data: { status: pendingStatus(completeness({ ...house, ownerUserId: userId }, house.houseType)) } });
    }
    return { moved, userId };
  });
  if (!changed.moved) throw new ConflictError('Esa persona ya es la propietaria de la propiedad');
  announceEndedSessions(ctx, endedSessions);
  await audit(ctx, 'CHANGE_OWNER', 'House', houseId, { from: house.ownerUserId, to: changed.userId });
  return houseId;
}

// The house-scope rule, one for every domain with house-level data (residents, tax data, and the money
// domains after them): administrators reach any house of their community, house users (O/S/R roles)
// only their own house. A house of another community does not exist (404); another house of the same
// community is forbidden to house users (403).
import type { Actor, ServiceContext, Tx } from '../kernel/context.js';
import { actorOf, communityOf } from '../kernel/context.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../kernel/errors.js';
import { rowId } from '../kernel/ids.js';

export interface HouseTarget {
  id: number;
  neighborhoodId: number;
  ownerUserId: number | null;
  /** The actor acts as an administrator (any house), not as a user of the house. */
  asAdmin: boolean;
}

/** The actor holds at least one of the grants. */
export function holdsAny(ctx: Pick<ServiceContext, 'actor'>, grants: readonly string[]): boolean {
  return grants.some((g) => ctx.actor?.grants.has(g));
}

/**
 * The rule without the database: may this actor reach the house `houseId` of its community? Holders of
 * one of `adminGrants` reach any; everyone else only the house of their account.
 */
export function reachesHouse(actor: Pick<Actor, 'grants' | 'houseId'> | null | undefined, houseId: number | null, adminGrants: readonly string[]): boolean {
  if (!actor) return false;
  if (adminGrants.some((g) => actor.grants.has(g))) return true;
  return actor.houseId != null && houseId === actor.houseId;
}

/**
 * The rule as a filter on rows that carry a houseId (lists): any house of the community for holders of
 * `adminGrants` (rows without a house excluded), else only the actor's house (nothing without one).
 * Combine it with the community filter (neighborhoodId).
 */
export function houseScopeFilter(actor: Pick<Actor, 'grants' | 'houseId'> | null | undefined, adminGrants: readonly string[]): { not: null } | number {
  if (actor && adminGrants.some((g) => actor.grants.has(g))) return { not: null };
  return actor?.houseId ?? -1;
}

export const HOUSE_BLOCKED = 'La propiedad está bloqueada';
export const HOUSE_DELETED = 'La propiedad está eliminada';
export const HOUSE_NOT_FOUND = 'La propiedad no existe';

/**
 * The house the actor acts on. Administrators (holding one of `adminGrants`) name any house of their
 * community; everyone else acts on their own house (naming another one is refused with `foreignMessage`,
 * 403, whatever that house is). A house of another community does not exist; nor does a deleted one,
 * unless `forNewAccess`: giving people access to a blocked or deleted house is refused (409), as their
 * accounts there would open. `tx` reads inside the caller's write transaction.
 */
export async function targetHouse(
  ctx: ServiceContext,
  houseId: string | number | null | undefined,
  adminGrants: readonly string[],
  foreignMessage: string,
  options: { forNewAccess?: boolean; tx?: Tx } = {},
): Promise<HouseTarget> {
  const actor = actorOf(ctx);
  const asAdmin = holdsAny(ctx, adminGrants);
  const wanted = houseId == null ? null : rowId(houseId);
  const id = wanted ?? actor.houseId;
  if (id == null) throw new NotFoundError(HOUSE_NOT_FOUND);
  if (!reachesHouse(actor, id, adminGrants)) throw new ForbiddenError(foreignMessage);
  const house = await (options.tx ?? ctx.prisma).house.findFirst({
    where: { id, neighborhoodId: communityOf(ctx), ...(options.forNewAccess ? {} : { status: { not: 'DELETED' as const } }) },
    select: { id: true, neighborhoodId: true, ownerUserId: true, status: true },
  });
  if (!house) throw new NotFoundError(HOUSE_NOT_FOUND);
  if (options.forNewAccess && house.status === 'DELETED') throw new ConflictError(HOUSE_DELETED);
  if (options.forNewAccess && house.status === 'BLOCKED') throw new ConflictError(HOUSE_BLOCKED);
  return { id: house.id, neighborhoodId: house.neighborhoodId, ownerUserId: house.ownerUserId, asAdmin };
}

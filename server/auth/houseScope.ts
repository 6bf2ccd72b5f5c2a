// The house-scope rule, one for every domain with house-level data (residents, tax data, and the money
// domains after them): administrators reach any house of their community, house users (O/S/R roles)
// only their own house. A house of another community does not exist (404); another house of the same
// community is forbidden to house users (403).
import type { Actor, ServiceContext, Tx } from '../kernel/context.js';
import { actorOf, communityOf } from '../kernel/context.js';
import { ConflictError, ForbiddenError, NotFoundError, type PlainReason } from '../kernel/errors.js';
import { rowId } from '../kernel/ids.js';
import { message } from '../kernel/reasons.js';
import type { HouseRule } from '../kernel/module.js';

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

const declaredRules = new Map<string, HouseRule>();

/** Declares the house rule of GraphQL types (from the modules' houseScope, before the schema is built). */
export function declareHouseScopes(rules: Readonly<Record<string, HouseRule>>) {
  for (const [typeName, rule] of Object.entries(rules)) {
    if (declaredRules.has(typeName)) throw new Error(`The house rule of ${typeName} is declared twice`);
    declaredRules.set(typeName, rule);
  }
}

/** The declared rule of a GraphQL type, if it is house-level. */
export function houseRuleOf(typeName: string): HouseRule | undefined {
  return declaredRules.get(typeName);
}

/** Every declared house-level type (the role matrix proves each). */
export function houseScopedTypes(): string[] {
  return [...declaredRules.keys()].sort();
}

/** The declared rule applied to one row of a house-level type. */
export function reachesRow(actor: Pick<Actor, 'grants' | 'houseId'> | null | undefined, rule: HouseRule, row: unknown): boolean {
  return reachesHouse(actor, rule.houseOf(row) ?? null, rule.adminGrants);
}

export const HOUSE_BLOCKED = message('HOUSE_BLOCKED');
export const HOUSE_DELETED = message('HOUSE_DELETED');
export const HOUSE_NOT_FOUND = message('HOUSE_NOT_FOUND');

/**
 * targetHouse's rule without the database: the id of the house the actor acts on, refused (403) when out of
 * its reach. Whether the house exists is still to be proved: by targetHouse, or by a page of the house's rows
 * that found some (a list of a house's rows that comes back empty asks targetHouse).
 */
export function houseInReach(ctx: ServiceContext, houseId: string | number | null | undefined, adminGrants: readonly string[], foreign: PlainReason): number {
  const actor = actorOf(ctx);
  const id = houseId == null ? actor.houseId : rowId(houseId);
  if (id == null) throw new NotFoundError('HOUSE_NOT_FOUND');
  if (!reachesHouse(actor, id, adminGrants)) throw new ForbiddenError(foreign);
  return id;
}

/**
 * The house the actor acts on. Administrators (holding one of `adminGrants`) name any house of their
 * community; everyone else acts on their own house (naming another one is refused with `foreign`,
 * 403, whatever that house is). A house of another community does not exist; nor does a deleted one,
 * unless `forNewAccess`: giving people access to a blocked or deleted house is refused (409), as their
 * accounts there would open. `tx` reads inside the caller's write transaction.
 */
export async function targetHouse(
  ctx: ServiceContext,
  houseId: string | number | null | undefined,
  adminGrants: readonly string[],
  foreign: PlainReason,
  options: { forNewAccess?: boolean; tx?: Tx } = {},
): Promise<HouseTarget> {
  const id = houseInReach(ctx, houseId, adminGrants, foreign);
  const asAdmin = holdsAny(ctx, adminGrants);
  // Inside a write, its transaction reads it; otherwise a plain statement (most reads of a house's data start here).
  const house = options.tx
    ? await options.tx.house.findFirst({
        where: { id, neighborhoodId: communityOf(ctx), ...(options.forNewAccess ? {} : { status: { not: 'DELETED' as const } }) },
        select: { id: true, neighborhoodId: true, ownerUserId: true, status: true },
      })
    : await ctx.db.kysely
        .selectFrom('House')
        .select(['id', 'neighborhoodId', 'ownerUserId', 'status'])
        .where('id', '=', id)
        .where('neighborhoodId', '=', communityOf(ctx))
        .$if(!options.forNewAccess, (qb) => qb.where('status', '<>', 'DELETED'))
        .executeTakeFirst();
  if (!house) throw new NotFoundError('HOUSE_NOT_FOUND');
  if (options.forNewAccess && house.status === 'DELETED') throw new ConflictError('HOUSE_DELETED');
  if (options.forNewAccess && house.status === 'BLOCKED') throw new ConflictError('HOUSE_BLOCKED');
  return { id: house.id, neighborhoodId: house.neighborhoodId, ownerUserId: house.ownerUserId, asAdmin };
}

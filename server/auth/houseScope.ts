// Which house a viewer may act on for house-level data (residents, tax data): administrators any house
// of their community, house users only their own. Shared by the residents and taxInfo domains.
import { GraphQLError } from 'graphql';
import type { Context } from '../kernel/context.js';
import { communityOf, actorOf } from '../kernel/context.js';
import { AppError, ConflictError, NotFoundError } from '../kernel/errors.js';
import { rowId } from '../kernel/ids.js';

export interface HouseTarget {
  id: number;
  neighborhoodId: number;
  ownerUserId: number | null;
  /** The viewer acts as an administrator (any house), not as a user of the house. */
  asAdmin: boolean;
}

export function holdsAny(ctx: Context, grants: readonly string[]): boolean {
  return grants.some((g) => ctx.actor?.grants.has(g));
}

export const HOUSE_BLOCKED = 'La propiedad está bloqueada';
export const HOUSE_DELETED = 'La propiedad está eliminada';

/**
 * The house the viewer acts on. Administrators (holding one of `adminGrants`) name any house of their
 * community; everyone else acts on their own house (naming another one is refused, whatever it is).
 * A house of another community does not exist; nor does a deleted one, unless `forNewAccess`: giving
 * people access to a blocked or deleted house is refused (409), as their accounts there would open.
 */
export async function targetHouse(
  ctx: Context,
  houseId: string | number | null | undefined,
  adminGrants: readonly string[],
  foreignMessage: string,
  options: { forNewAccess?: boolean } = {},
): Promise<HouseTarget> {
  const viewer = actorOf(ctx);
  const asAdmin = holdsAny(ctx, adminGrants);
  const wanted = houseId == null ? null : rowId(houseId);
  let id: number;
  if (asAdmin) {
    if (wanted == null) {
      if (viewer.houseId == null) throw new NotFoundError('La propiedad no existe');
      id = viewer.houseId;
    } else id = wanted;
  } else {
    if (viewer.houseId == null || (wanted != null && wanted !== viewer.houseId)) throw new ConflictError(foreignMessage, 403);
    id = viewer.houseId;
  }
  const house = await ctx.prisma.house.findFirst({
    where: { id, neighborhoodId: communityOf(ctx), ...(options.forNewAccess ? {} : { status: { not: 'DELETED' as const } }) },
    select: { id: true, neighborhoodId: true, ownerUserId: true, status: true },
  });
  if (!house) throw new NotFoundError('La propiedad no existe');
  if (options.forNewAccess && house.status === 'DELETED') throw new ConflictError(HOUSE_DELETED);
  if (options.forNewAccess && house.status === 'BLOCKED') throw new ConflictError(HOUSE_BLOCKED);
  const { status: _status, ...target } = house;
  return { ...target, asAdmin };
}

/** Expected failures inside query resolvers (no typed results there): the legacy code and HTTP status. */
export function asGraphQLError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new GraphQLError(error.message, {
    extensions: { code: error.name.replace(/Error$/, '').toUpperCase() || 'ERROR', legacyCode: error.code, http: { status: error.code >= 400 && error.code < 600 ? error.code : 409 } },
  });
}

/** Runs a query resolver, turning AppErrors into GraphQLErrors that keep their code. */
export async function queryGuard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asGraphQLError(error);
  }
}

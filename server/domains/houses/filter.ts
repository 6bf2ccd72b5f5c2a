// The owners list (spec 1 section 2): every filter of the query string as one Prisma where.
import type { Context } from '../../kernel/context.js';
import { communityOf } from '../../kernel/context.js';
import type { HouseListFilter } from '../../../core/houseRules.js';
import type { Prisma as PrismaNS } from '../../db/generated/client.js';

const contains = (value: string) => ({ contains: value, mode: 'insensitive' as const });
const same = (value: string) => ({ equals: value, mode: 'insensitive' as const });
const given = (value: string | null | undefined): value is string => !!value && value.trim() !== '';

export function houseWhere(ctx: Context, f: HouseListFilter | null | undefined = {}): PrismaNS.HouseWhereInput {
  const filter = f ?? {};
  const owner: PrismaNS.UserWhereInput = {
    ...(given(filter.firstName) ? { firstName: contains(filter.firstName.trim()) } : {}),
    ...(given(filter.lastName) ? { lastName: contains(filter.lastName.trim()) } : {}),
    ...(given(filter.email) ? { email: contains(filter.email.trim().toLowerCase()) } : {}),
    ...(filter.userActive === true ? { passwordHash: { not: null } } : {}),
  };
  return {
    neighborhoodId: communityOf(ctx),
    status: filter.status ?? { not: 'DELETED' },
    ...(given(filter.catastral) ? { catastral: { startsWith: filter.catastral.trim(), mode: 'insensitive' } } : {}),
    ...(filter.houseTypeId ? { houseTypeId: filter.houseTypeId } : {}),
    ...(filter.streetId ? { streetId: filter.streetId } : {}),
    ...(filter.condominiumId ? { condominiumId: filter.condominiumId } : {}),
    ...(filter.mallId ? { mallId: filter.mallId } : {}),
    ...(given(filter.exteriorNumber) ? { exteriorNumber: same(filter.exteriorNumber.trim()) } : {}),
    ...(given(filter.interiorNumber) ? { interiorNumber: same(filter.interiorNumber.trim()) } : {}),
    ...(given(filter.block) ? { block: same(filter.block.trim()) } : {}),
    ...(given(filter.lot) ? { lot: same(filter.lot.trim()) } : {}),
    ...(Object.keys(owner).length ? { owner } : {}),
    // user_status false: no owner yet, or an owner who has not set a password.
    ...(filter.userActive === false ? { OR: [{ ownerUserId: null }, { owner: { passwordHash: null } }] } : {}),
  };
}

/** The house search of forms and pickers: starts at 2 characters (spec 1 section 5). */
export function searchHouses(ctx: Context, query: object, phrase: string) {
  const text = phrase.trim();
  if (text.length < 2) return Promise.resolve([]);
  return ctx.prisma.house.findMany({
    ...query,
    where: {
      neighborhoodId: communityOf(ctx),
      status: { not: 'DELETED' },
      OR: [
        { catastral: contains(text) },
        { exteriorNumber: same(text) },
        { interiorNumber: contains(text) },
        { owner: { OR: [{ firstName: contains(text) }, { lastName: contains(text) }, { email: contains(text) }] } },
      ],
    },
    orderBy: { id: 'asc' },
    take: 20,
  });
}

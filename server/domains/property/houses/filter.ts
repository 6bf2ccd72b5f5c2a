// The owners list (spec 1 section 2): every filter of the query string as one Prisma where.
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import type { HouseListFilter } from '../../../../core/houseRules.js';
import type { Prisma as PrismaNS } from '../../../db/generated/client.js';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { containsText as contains, containingPattern, given, likeLiteral, sameText as same } from '../../../kernel/textFilter.js';

export function houseWhere(ctx: Pick<ServiceContext, 'actor'>, f: HouseListFilter | null | undefined = {}): PrismaNS.HouseWhereInput {
  const filter = f ?? {};
  const owner: PrismaNS.UserWhereInput = {
    ...(given(filter.firstName) ? { firstName: contains(filter.firstName) } : {}),
    ...(given(filter.lastName) ? { lastName: contains(filter.lastName) } : {}),
    ...(given(filter.email) ? { email: contains(filter.email.toLowerCase()) } : {}),
    ...(filter.userActive === true ? { passwordHash: { not: null } } : {}),
  };
  return {
    neighborhoodId: communityOf(ctx),
    status: filter.status ?? { not: 'DELETED' },
    ...(given(filter.catastral) ? { catastral: { startsWith: likeLiteral(filter.catastral.trim()), mode: 'insensitive' } } : {}),
    ...(filter.houseTypeId ? { houseTypeId: filter.houseTypeId } : {}),
    ...(filter.streetId ? { streetId: filter.streetId } : {}),
    ...(filter.condominiumId ? { condominiumId: filter.condominiumId } : {}),
    ...(filter.mallId ? { mallId: filter.mallId } : {}),
    ...(given(filter.exteriorNumber) ? { exteriorNumber: same(filter.exteriorNumber) } : {}),
    ...(given(filter.interiorNumber) ? { interiorNumber: same(filter.interiorNumber) } : {}),
    ...(given(filter.block) ? { block: same(filter.block) } : {}),
    ...(given(filter.lot) ? { lot: same(filter.lot) } : {}),
    ...(Object.keys(owner).length ? { owner } : {}),
    ...(searchWords(filter.search).length ? { AND: searchWords(filter.search).map(wordWhere) } : {}),
    // user_status false: no owner yet, or an owner who has not set a password.
    ...(filter.userActive === false ? { OR: [{ ownerUserId: null }, { owner: { passwordHash: null } }] } : {}),
  };
}

/**
 * The words of a house search (the owners list's search box and the pickers): nothing below 2
 * characters (spec 1 section 5), at most 6 words. Each word must match the house (see wordWhere).
 */
export function searchWords(phrase: string | null | undefined): string[] {
  const text = phrase?.trim() ?? '';
  if (text.length < 2) return [];
  return text.split(/\s+/).slice(0, 6);
}

/** One search word: in the cadastral key, the exterior number (whole), the interior number, or the owner's name or e-mail. */
function wordWhere(word: string): PrismaNS.HouseWhereInput {
  return {
    OR: [
      { catastral: contains(word) },
      { exteriorNumber: same(word) },
      { interiorNumber: contains(word) },
      { owner: { OR: [{ firstName: contains(word) }, { lastName: contains(word) }, { email: contains(word) }] } },
    ],
  };
}

/** The house search of forms and pickers: starts at 2 characters (spec 1 section 5). */
export function searchHouses(ctx: Pick<ServiceContext, 'actor' | 'prisma'>, query: object, phrase: string) {
  const words = searchWords(phrase);
  if (words.length === 0) return Promise.resolve([]);
  return ctx.prisma.house.findMany({
    ...query,
    where: {
      neighborhoodId: communityOf(ctx),
      status: { not: 'DELETED' },
      AND: words.map(wordWhere),
      // Owners and co-owners search their own house only (administrators every house; security every house for visitorHouses).
      ...(['AHousesRead', 'AHousesSearch', 'SecVisitorsCreate'].some((g) => ctx.actor?.grants.has(g)) ? {} : { id: ctx.actor?.houseId ?? -1 }),
    },
    orderBy: { id: 'asc' },
    take: 20,
  });
}

/**
 * The owners-list filter as one SQL condition on "House" h, for the SQL-built owners list
 * (ownersList.ts): the same rows as houseWhere. Exact fields compare lower(column) = lower(value)
 * (expression indexes), contains-search is ILIKE '%text%' (pg_trgm GIN indexes), the cadastral key a
 * prefix ILIKE. Owner conditions are EXISTS on "User", so the page needs no join to filter.
 */
export function houseListCondition(neighborhoodId: number, f: HouseListFilter | null | undefined): RawBuilder<SqlBool> {
  const filter = f ?? {};
  const conditions: RawBuilder<unknown>[] = [sql`h."neighborhoodId" = ${neighborhoodId}`];
  conditions.push(filter.status ? sql`h.status = ${filter.status}::"HouseStatus"` : sql`h.status <> 'DELETED'`);
  if (given(filter.catastral)) conditions.push(sql`h.catastral ILIKE ${`${likeLiteral(filter.catastral.trim())}%`}`);
  if (filter.houseTypeId) conditions.push(sql`h."houseTypeId" = ${filter.houseTypeId}`);
  if (filter.streetId) conditions.push(sql`h."streetId" = ${filter.streetId}`);
  if (filter.condominiumId) conditions.push(sql`h."condominiumId" = ${filter.condominiumId}`);
  if (filter.mallId) conditions.push(sql`h."mallId" = ${filter.mallId}`);
  const exact = { exteriorNumber: filter.exteriorNumber, interiorNumber: filter.interiorNumber, block: filter.block, lot: filter.lot };
  for (const [column, value] of Object.entries(exact)) {
    if (given(value)) conditions.push(sql`lower(${sql.ref(`h.${column}`)}) = lower(${value.trim()})`);
  }
  const owner: RawBuilder<unknown>[] = [];
  const contains = { firstName: filter.firstName, lastName: filter.lastName, email: filter.email };
  for (const [column, value] of Object.entries(contains)) {
    if (given(value)) owner.push(sql`${sql.ref(`o.${column}`)} ILIKE ${containingPattern(value)}`);
  }
  if (filter.userActive === true) owner.push(sql`o."passwordHash" IS NOT NULL`);
  if (owner.length) conditions.push(sql`EXISTS (SELECT 1 FROM "User" o WHERE o.id = h."ownerUserId" AND ${sql.join(owner, sql` AND `)})`);
  for (const word of searchWords(filter.search)) {
    const like = `%${likeLiteral(word)}%`;
    conditions.push(
      sql`(h.catastral ILIKE ${like} OR lower(h."exteriorNumber") = lower(${word}) OR h."interiorNumber" ILIKE ${like} OR EXISTS (SELECT 1 FROM "User" o WHERE o.id = h."ownerUserId" AND (o."firstName" ILIKE ${like} OR o."lastName" ILIKE ${like} OR o.email ILIKE ${like})))`,
    );
  }
  // user_status false: no owner yet, or an owner who has not set a password.
  if (filter.userActive === false) conditions.push(sql`NOT EXISTS (SELECT 1 FROM "User" o WHERE o.id = h."ownerUserId" AND o."passwordHash" IS NOT NULL)`);
  return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

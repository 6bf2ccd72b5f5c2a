// The owners list (spec 1 section 2): the `houses` connection. It is the hottest read of the
// administration, so it is one SQL statement built with Kysely (DESIGN.md section 9): the page of
// ids (keyset WHERE h.id > $after, or the legacy offset) with the total folded in as
// count(*) OVER (), joined to the owner, type, street, condominium, mall and lock holder. Rows come
// back shaped as Prisma would load them, and the Pothos plan of the selection is recorded
// (queryFromInfo), so the House fields resolve from the row without another statement. A selection
// this statement does not cover (a nested relation such as ownerChanges) is loaded through Prisma.
import { formatPrismaCursor, queryFromInfo } from '@pothos/plugin-prisma';
import { sql, type SqlBool, type RawBuilder } from 'kysely';
import type { GraphQLResolveInfo } from 'graphql';
import type { HouseListFilter } from '../../../../core/houseRules.js';
import type { KyselyDb } from '../../../db/client.js';
import {
  builder,
  grants,
  keysetConnection,
  keysetPage,
  MAX_PAGE_SIZE,
  offsetSkip,
  selectsField,
  type ConnectionArgs,
  type KeysetPage,
  parseIdCursor,
} from '../../../graphql/builder.js';
import { communityOf, type Context } from '../../../kernel/context.js';
import { houseColumns } from './columns.js';
import { houseListCondition, houseWhere } from './filter.js';
import { HouseRef, HouseStatusEnum } from './house.js';

export const HouseFilter = builder.inputType('HouseFilter', {
  description: 'Owners list filters of spec 1 section 2; ids are database ids (they travel in the query string).',
  fields: (t) => ({
    status: t.field({ type: HouseStatusEnum, required: false, description: 'Without it, every house but DELETED' }),
    catastral: t.string({ required: false, description: 'Cadastral key prefix' }),
    firstName: t.string({ required: false }),
    lastName: t.string({ required: false }),
    email: t.string({ required: false }),
    houseTypeId: t.int({ required: false }),
    streetId: t.int({ required: false }),
    condominiumId: t.int({ required: false }),
    mallId: t.int({ required: false }),
    exteriorNumber: t.string({ required: false }),
    interiorNumber: t.string({ required: false }),
    block: t.string({ required: false }),
    lot: t.string({ required: false }),
    userActive: t.boolean({ required: false, description: 'user_status: true when the owner has an account, false when not' }),
    search: t.string({
      required: false,
      description:
        "The search box: every word (6 at most) in the cadastral key, the interior number, the owner's name or e-mail, or equal to the exterior number; ignored below 2 characters",
    }),
  }),
});

/** Relations the statement loads, with the columns it loads of each (what a nested selection may ask). */
const LOADED_RELATIONS: Record<string, ReadonlySet<string>> = {
  owner: new Set(['id', 'firstName', 'lastName', 'email', 'mobile', 'landline', 'passwordHash']),
  houseType: new Set(['title']),
  street: new Set(['name']),
  condominium: new Set(['name']),
  mall: new Set(['name']),
  lockedBy: new Set(['firstName', 'lastName']),
};

/** Columns of House the statement loads. */
const HOUSE_COLUMNS = new Set([
  'id',
  'neighborhoodId',
  'catastral',
  'block',
  'lot',
  'exteriorNumber',
  'interiorNumber',
  'dimension',
  'houseTypeId',
  'innerNeighborhoodId',
  'condominiumId',
  'mallId',
  'streetId',
  'parkingSpots',
  'status',
  'initialBalance',
  'refuseReason',
  'balanceReason',
  'ownerUserId',
  'officialIdFileId',
  'signupCodeSentAt',
  'lockedByUserId',
  'lockedAt',
]);

/** The invited owner's e-mail (House.pendingOwnerEmail): the newest pending OWNER account of the house. */
const PENDING_OWNER = JSON.stringify({
  where: { pending: true, role: { kind: 'OWNER' } },
  orderBy: { id: 'desc' },
  take: 1,
  select: { user: { select: { email: true } } },
});

interface Coverage {
  pendingOwnerEmail: boolean;
  /** The owner's accepted account in this community (memberships: { where: { neighborhoodId, pending: false } }). */
  ownerMembershipIn: number | null;
}

/**
 * Whether the Prisma query Pothos planned for the nodes asks only for what the statement loads, and
 * which optional parts it asks; null when it asks for anything else (then Prisma loads the page).
 */
function coverage(query: { select?: Record<string, unknown>; include?: Record<string, unknown> }): Coverage | null {
  const result: Coverage = { pendingOwnerEmail: false, ownerMembershipIn: null };
  const fields = { ...(query.include ?? {}), ...(query.select ?? {}) };
  for (const [name, value] of Object.entries(fields)) {
    if (value === false || value === undefined) continue;
    if (name === 'memberships' && JSON.stringify(value) === PENDING_OWNER) {
      result.pendingOwnerEmail = true;
      continue;
    }
    const loaded = LOADED_RELATIONS[name];
    if (!loaded) {
      if (value === true && HOUSE_COLUMNS.has(name)) continue;
      return null;
    }
    if (typeof value !== 'object' || value === null) return null;
    const nested = value as { select?: Record<string, unknown>; include?: Record<string, unknown> };
    if (nested.include || !nested.select) return null;
    for (const [column, v] of Object.entries(nested.select)) {
      if (v === true && loaded.has(column)) continue;
      if (name === 'owner' && column === 'memberships') {
        const m = v as { where?: { neighborhoodId?: unknown; pending?: unknown }; select?: unknown; take?: unknown };
        const keys = Object.keys(m).sort().join(',');
        const whereKeys = Object.keys(m.where ?? {})
          .sort()
          .join(',');
        if (
          keys === 'select,take,where' &&
          whereKeys === 'neighborhoodId,pending' &&
          m.where!.pending === false &&
          typeof m.where!.neighborhoodId === 'number' &&
          JSON.stringify(m.select) === '{"id":true}' &&
          m.take === 1
        ) {
          result.ownerMembershipIn = m.where!.neighborhoodId;
          continue;
        }
      }
      return null;
    }
  }
  return result;
}

const PASSWORD_SET = 'set';

function timestamp(column: string) {
  // Prisma keeps DateTime as timestamp(3) in UTC; as timestamptz every driver reads it as that instant.
  return sql<Date | null>`${sql.ref(column)} AT TIME ZONE 'UTC'`;
}

/** Who lists houses without the administration's grants (an owner or co-owner): their own house only (spec 1 section 2, the property section). */
export const HOUSE_LIST_READERS = ['AHousesRead', 'AHousesSearch', 'OReceiptsRead', 'SReceiptsRead'] as const;

/** The house an actor without the administration's grants is limited to (-1: none), or null for administrators. */
export function ownHouseOnly(ctx: Pick<Context, 'actor'>): number | null {
  if (ctx.actor?.grants.has('AHousesRead') || ctx.actor?.grants.has('AHousesSearch')) return null;
  return ctx.actor?.houseId ?? -1;
}

function listCondition(neighborhoodId: number, filter: HouseListFilter | null | undefined, onlyHouse: number | null): RawBuilder<SqlBool> {
  const condition = houseListCondition(neighborhoodId, filter);
  return onlyHouse === null ? condition : sql<SqlBool>`(${condition}) AND h.id = ${onlyHouse}`;
}

/** The page statement: ids of the page (with the total when asked), then the rows the House fields read. */
export function ownersPageQuery(
  k: KyselyDb,
  neighborhoodId: number,
  filter: HouseListFilter | null | undefined,
  page: KeysetPage<number>,
  withTotal: boolean,
  extra: Coverage = { pendingOwnerEmail: false, ownerMembershipIn: null },
  onlyHouse: number | null = null,
  provided: string[] = [],
) {
  const condition = listCondition(neighborhoodId, filter, onlyHouse);
  const direction = page.backwards ? 'desc' : 'asc';
  const keyset: RawBuilder<SqlBool> | null =
    page.after != null ? sql<SqlBool>`id > ${page.after}` : page.before != null ? sql<SqlBool>`id < ${page.before}` : null;
  const filtered = k
    .selectFrom('House as h')
    .select('h.id')
    .$if(withTotal, (qb) => qb.select(sql<string>`count(*) OVER ()`.as('total')))
    .where(condition);
  // f: the filtered ids (with the total of the whole filter when asked; PostgreSQL inlines it
  // otherwise, so the keyset condition and the limit reach the index); page: the cut after the cursor.
  const withPage = k
    .with('f', () => filtered)
    .with('page', (db) =>
      db
        .selectFrom('f')
        .selectAll()
        .$if(!!keyset, (qb) => qb.where(keyset!))
        .orderBy('id', direction)
        .limit(page.limit)
        .offset(page.offset),
    );
  return withPage
    .selectFrom('page as p')
    .innerJoin('House as h', 'h.id', 'p.id')
    .leftJoin('User as o', 'o.id', 'h.ownerUserId')
    .leftJoin('HouseType as ht', 'ht.id', 'h.houseTypeId')
    .leftJoin('Street as st', 'st.id', 'h.streetId')
    .leftJoin('Condominium as c', 'c.id', 'h.condominiumId')
    .leftJoin('Mall as m', 'm.id', 'h.mallId')
    .leftJoin('User as lb', 'lb.id', 'h.lockedByUserId')
    .select([
      'h.id',
      'h.neighborhoodId',
      'h.catastral',
      'h.block',
      'h.lot',
      'h.exteriorNumber',
      'h.interiorNumber',
      'h.dimension',
      'h.houseTypeId',
      'h.innerNeighborhoodId',
      'h.condominiumId',
      'h.mallId',
      'h.streetId',
      'h.parkingSpots',
      'h.status',
      'h.initialBalance',
      'h.refuseReason',
      'h.balanceReason',
      'h.ownerUserId',
      'h.officialIdFileId',
      'h.lockedByUserId',
      timestamp('h.signupCodeSentAt').as('signupCodeSentAt'),
      timestamp('h.lockedAt').as('lockedAt'),
      'o.firstName as ownerFirstName',
      'o.lastName as ownerLastName',
      'o.email as ownerEmail',
      'o.mobile as ownerMobile',
      'o.landline as ownerLandline',
      sql<boolean>`o."passwordHash" IS NOT NULL`.as('ownerHasPassword'),
      'ht.title as houseTypeTitle',
      'st.name as streetName',
      'c.name as condominiumName',
      'm.name as mallName',
      'lb.firstName as lockedByFirstName',
      'lb.lastName as lockedByLastName',
    ])
    .$if(withTotal, (qb) => qb.select(sql<string>`p.total`.as('total')))
    .$if(extra.pendingOwnerEmail, (qb) =>
      qb.select(
        sql<string | null>`(SELECT pu.email FROM "Membership" pm JOIN "Role" pr ON pr.id = pm."roleId" JOIN "User" pu ON pu.id = pm."userId"
           WHERE pm."houseId" = h.id AND pm.pending AND pr.kind = 'OWNER' ORDER BY pm.id DESC LIMIT 1)`.as('pendingOwnerEmail'),
      ),
    )
    .$if(extra.ownerMembershipIn != null, (qb) =>
      qb.select(
        sql<
          number | null
        >`(SELECT om.id FROM "Membership" om WHERE om."userId" = h."ownerUserId" AND om."neighborhoodId" = ${extra.ownerMembershipIn} AND NOT om.pending LIMIT 1)`.as(
          'ownerMembershipId',
        ),
      ),
    )
    .$call((qb) => provided.reduce((q, field) => q.select(houseColumns.get(field)!(neighborhoodId).as(`provided_${field}`)), qb))
    .orderBy('h.id', direction);
}

type PageRow = Awaited<ReturnType<ReturnType<typeof ownersPageQuery>['execute']>>[number] & {
  total?: string | number;
  pendingOwnerEmail?: string | null;
  ownerMembershipId?: number | null;
};

/** A row as Prisma loads a House with its relations (what the House fields' `select`s read). */
function houseFromRow(r: PageRow, extra: Coverage, provided: string[]) {
  return {
    provided: Object.fromEntries(provided.map((field) => [field, (r as Record<string, unknown>)[`provided_${field}`]])),
    id: r.id,
    neighborhoodId: r.neighborhoodId,
    catastral: r.catastral,
    block: r.block,
    lot: r.lot,
    exteriorNumber: r.exteriorNumber,
    interiorNumber: r.interiorNumber,
    dimension: r.dimension,
    houseTypeId: r.houseTypeId,
    innerNeighborhoodId: r.innerNeighborhoodId,
    condominiumId: r.condominiumId,
    mallId: r.mallId,
    streetId: r.streetId,
    parkingSpots: r.parkingSpots,
    status: r.status,
    initialBalance: r.initialBalance,
    refuseReason: r.refuseReason,
    balanceReason: r.balanceReason,
    ownerUserId: r.ownerUserId,
    officialIdFileId: r.officialIdFileId,
    signupCodeSentAt: r.signupCodeSentAt,
    lockedByUserId: r.lockedByUserId,
    lockedAt: r.lockedAt,
    owner:
      r.ownerUserId == null
        ? null
        : {
            id: r.ownerUserId,
            firstName: r.ownerFirstName!,
            lastName: r.ownerLastName,
            email: r.ownerEmail!,
            mobile: r.ownerMobile,
            landline: r.ownerLandline,
            // Only whether it is set is read (ownerHasAccount); the hash never leaves the database.
            passwordHash: r.ownerHasPassword ? PASSWORD_SET : null,
            ...(extra.ownerMembershipIn != null ? { memberships: r.ownerMembershipId != null ? [{ id: r.ownerMembershipId }] : [] } : {}),
          },
    ...(extra.pendingOwnerEmail ? { memberships: r.pendingOwnerEmail ? [{ user: { email: r.pendingOwnerEmail } }] : [] } : {}),
    houseType: r.houseTypeId == null ? null : { title: r.houseTypeTitle! },
    street: r.streetId == null ? null : { name: r.streetName! },
    condominium: r.condominiumId == null ? null : { name: r.condominiumName! },
    mall: r.mallId == null ? null : { name: r.mallName! },
    lockedBy: r.lockedByUserId == null ? null : { firstName: r.lockedByFirstName!, lastName: r.lockedByLastName },
  };
}

const houseCursor = (house: { id: number }) => formatPrismaCursor(house, 'id');

/** One page of the owners list: a single statement when the page has rows. */
export async function ownersPage(ctx: Context, args: ConnectionArgs & { filter?: HouseListFilter | null }, info: GraphQLResolveInfo) {
  const neighborhoodId = communityOf(ctx);
  const onlyHouse = ownHouseOnly(ctx);
  const page = keysetPage(args, parseIdCursor, { defaultSize: 20, maxSize: MAX_PAGE_SIZE });
  const withTotal = selectsField(info, 'totalCount');
  // The plan of what the nodes select: it also records, for the House fields, that their data is on the row.
  const query = queryFromInfo({ context: ctx, info, typeName: 'House', select: { id: true }, paths: [['nodes'], ['edges', 'node']] }) as {
    select?: Record<string, unknown>;
    include?: Record<string, unknown>;
  };
  const extra = coverage(query);
  if (!extra) return ownersPageThroughPrisma(ctx, args, page, withTotal, query, onlyHouse);
  const provided = [...houseColumns.keys()].filter((field) => selectsField(info, `edges.node.${field}`) || selectsField(info, `nodes.${field}`));
  const rows = (await ownersPageQuery(ctx.db.kysely, neighborhoodId, args.filter, page, withTotal, extra, onlyHouse, provided).execute()) as PageRow[];
  let total: number | undefined;
  if (withTotal) {
    total = rows.length
      ? Number(rows[0].total)
      : Number(
          (
            await ctx.db.kysely
              .selectFrom('House as h')
              .select(sql<string>`count(*)`.as('n'))
              .where(listCondition(neighborhoodId, args.filter, onlyHouse))
              .executeTakeFirstOrThrow()
          ).n,
        );
  }
  return keysetConnection(
    rows.map((row) => houseFromRow(row, extra, provided)),
    page,
    houseCursor,
    total,
  );
}

/** The same page through Prisma, for a selection the statement does not cover. */
async function ownersPageThroughPrisma(
  ctx: Context,
  args: ConnectionArgs & { filter?: HouseListFilter | null },
  page: KeysetPage<number>,
  withTotal: boolean,
  query: object,
  onlyHouse: number | null,
) {
  const where = onlyHouse === null ? houseWhere(ctx, args.filter) : { AND: [houseWhere(ctx, args.filter), { id: onlyHouse }] };
  const keyset = page.after != null ? { id: { gt: page.after } } : page.before != null ? { id: { lt: page.before } } : {};
  const rows = await ctx.prisma.house.findMany({
    ...query,
    where: { AND: [where, keyset] },
    orderBy: { id: page.backwards ? 'desc' : 'asc' },
    take: page.limit,
    skip: offsetSkip({}, { offset: page.offset }),
  });
  const total = withTotal ? await ctx.prisma.house.count({ where }) : undefined;
  return keysetConnection(rows, page, houseCursor, total);
}

builder.queryField('houses', (t) =>
  t.connection(
    {
      type: HouseRef,
      nullable: true,
      ...grants(...HOUSE_LIST_READERS),
      args: {
        filter: t.arg({ type: HouseFilter, required: false }),
        offset: t.arg.int({ required: false, description: 'Rows to skip before the page (pager: (page-1)*size); ignored with after/before' }),
      },
      resolve: (_root, args, ctx, info) => ownersPage(ctx, args as ConnectionArgs & { filter?: HouseListFilter | null }, info) as never,
    },
    {
      fields: (c) => ({
        totalCount: c.int({ resolve: (connection) => (connection as { totalCount?: number }).totalCount ?? 0 }),
      }),
    },
  ),
);

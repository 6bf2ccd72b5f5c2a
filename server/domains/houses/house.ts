import { houseLabel } from '../../../core/houseLabel.js';
import { rowId } from '../../graphql/ids.js';
import { builder, grants, MAX_PAGE_SIZE, offsetSkip } from '../../graphql/builder.js';
import { tenantOf, type Context } from '../../graphql/context.js';
import type { HouseStatus } from '../../db/generated/enums.js';

export const HouseStatusEnum = builder.enumType('HouseStatus', {
  values: ['NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED', 'DELETED'] as const,
});

export const HouseRef = builder.prismaNode('House', {
  id: { field: 'id' },
  nullable: true,
  // A house of another community never resolves.
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.viewer?.neighborhoodId ?? -1 }),
  // Administrators read every house of their community; house users read their own.
  authScopes: (house, ctx) => (ctx.viewer?.houseId === house.id ? true : { grant: ['AHousesRead', 'AHousesSearch'] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    catastral: t.exposeString('catastral', { nullable: true }),
    block: t.exposeString('block', { nullable: true }),
    lot: t.exposeString('lot', { nullable: true }),
    exteriorNumber: t.exposeString('exteriorNumber', { nullable: true }),
    interiorNumber: t.exposeString('interiorNumber', { nullable: true }),
    dimension: t.expose('dimension', { type: 'Decimal', nullable: true }),
    parkingSpots: t.exposeInt('parkingSpots', { nullable: true }),
    status: t.expose('status', { type: HouseStatusEnum }),
    label: t.string({
      description: 'Interior number, else exterior number, else M{block}B{lot}, else cadastral key.',
      select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true },
      resolve: (house) => houseLabel(house),
    }),
    ownerUserId: t.exposeInt('ownerUserId', { nullable: true }),
    houseTypeName: t.string({
      nullable: true,
      select: { houseType: { select: { title: true } } },
      resolve: (house) => house.houseType?.title ?? null,
    }),
    streetName: t.string({
      nullable: true,
      select: { street: { select: { name: true } } },
      resolve: (house) => house.street?.name ?? null,
    }),
  }),
});

const HouseFilter = builder.inputType('HouseFilter', {
  fields: (t) => ({
    status: t.field({ type: HouseStatusEnum, required: false }),
    catastral: t.string({ required: false, description: 'Cadastral key prefix' }),
  }),
});

function houseWhere(ctx: Context, filter?: { status?: HouseStatus | null; catastral?: string | null } | null) {
  return {
    neighborhoodId: tenantOf(ctx),
    ...(filter?.status ? { status: filter.status } : { status: { not: 'DELETED' as const } }),
    ...(filter?.catastral ? { catastral: { startsWith: filter.catastral } } : {}),
  };
}

builder.queryField('houses', (t) =>
  t.prismaConnection({
    type: 'House',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    ...grants('AHousesRead', 'AHousesSearch'),
    args: {
      filter: t.arg({ type: HouseFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip before the page (pager: (page-1)*size); ignored with after/before' }),
    },
    totalCount: (_parent, args, ctx) => ctx.prisma.house.count({ where: houseWhere(ctx, args.filter) }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.house.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: houseWhere(ctx, args.filter),
        orderBy: { id: 'asc' },
      }),
  }),
);

import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, MAX_PAGE_SIZE, offsetSkip } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { createHouseType, deleteHouseType, houseTypeWhere, updateHouseType, amountRequired } from './service.js';

/** Who may read house types: their configuration, and the house forms and filters that pick one. */
export const HOUSE_TYPE_READERS = [
  'CHousesTypesRead',
  'CHousesTypesCreate',
  'CHousesTypesUpdate',
  'CHousesTypesDelete',
  'AHousesRead',
  'AHousesCreate',
  'AHousesUpdate',
] as const;

export const CatastralAlgorithmEnum = builder.enumType('CatastralAlgorithm', {
  values: {
    UNIQUE: { description: 'The cadastral key alone' },
    INTERIOR_NUMBER_COMPOSED: { description: 'Cadastral key plus interior number' },
  } as const,
});

export const HouseTypeRef = builder.prismaNode('HouseType', {
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: HOUSE_TYPE_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    defaultName: t.exposeString('defaultName', { nullable: true }),
    catastralAlgorithm: t.expose('catastralAlgorithm', { type: CatastralAlgorithmEnum }),
    requireDimension: t.exposeBoolean('requireDimension'),
    requireCondominium: t.exposeBoolean('requireCondominium'),
    requireBlock: t.exposeBoolean('requireBlock'),
    requireLot: t.exposeBoolean('requireLot'),
    requireStreet: t.exposeBoolean('requireStreet'),
    requireExteriorNumber: t.exposeBoolean('requireExteriorNumber'),
    requireInteriorNumber: t.exposeBoolean('requireInteriorNumber'),
    requireMall: t.exposeBoolean('requireMall'),
    hiddenToPublic: t.exposeBoolean('hiddenToPublic'),
    isCustom: t.exposeBoolean('isCustom'),
    amount: t.expose('amount', { type: 'Decimal', nullable: true, description: 'Monthly maintenance fee of its houses' }),
  }),
});

builder.queryField('houseTypeAmountRequired', (t) =>
  t.boolean({
    description: 'Whether house types must state their monthly fee: the community has maintenance settings and COBRANZA.',
    ...grants(...HOUSE_TYPE_READERS),
    resolve: (_r, _a, ctx) => amountRequired(ctx),
  }),
);

const HouseTypeFilter = builder.inputType('HouseTypeFilter', {
  fields: (t) => ({ title: t.string({ required: false, description: 'Part of the name, any case' }) }),
});

builder.queryField('houseTypes', (t) =>
  t.prismaConnection({
    type: 'HouseType',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    ...grants(...HOUSE_TYPE_READERS),
    args: {
      filter: t.arg({ type: HouseTypeFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.houseType.count({ where: houseTypeWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.houseType.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: houseTypeWhere(ctx, args.filter),
        orderBy: [{ title: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const HouseTypeFieldsInput = builder.inputType('HouseTypeInput', {
  fields: (t) => ({
    predefined: t.string({ required: true, description: 'A predefined title of the community kind, or "Otro" for a custom type' }),
    title: t.string({ required: false, description: 'Required for "Otro"; renames a predefined type otherwise' }),
    description: t.string({ required: false }),
    defaultName: t.string({ required: false }),
    catastralAlgorithm: t.field({ type: CatastralAlgorithmEnum, required: false }),
    hiddenToPublic: t.boolean({ required: false }),
    requireDimension: t.boolean({ required: false }),
    requireCondominium: t.boolean({ required: false }),
    requireBlock: t.boolean({ required: false }),
    requireLot: t.boolean({ required: false }),
    requireStreet: t.boolean({ required: false }),
    requireExteriorNumber: t.boolean({ required: false }),
    requireInteriorNumber: t.boolean({ required: false }),
    requireMall: t.boolean({ required: false }),
    amount: t.string({ required: false, description: 'Monthly maintenance fee, e.g. "850.00"' }),
  }),
});

const HouseTypePayload = builder.objectRef<{ id: number }>('HouseTypePayload').implement({
  fields: (t) => ({
    houseType: t.prismaField({
      type: 'HouseType',
      resolve: (query, p, _a, ctx) => ctx.prisma.houseType.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const HouseTypeDeletedPayload = builder.objectRef<{ id: number }>('HouseTypeDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('HouseType', p.id) }) }),
});

builder.mutationField('createHouseType', (t) =>
  t.field({
    type: HouseTypePayload,
    ...grants('CHousesTypesCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({ type: HouseTypeFieldsInput, required: true }),
      idempotencyKey: t.arg.string({ required: false, description: 'A repeat with the same key and input answers the first result (kernel/write.ts)' }),
    },
    resolve: async (_r, { input, idempotencyKey }, ctx) => ({ id: await createHouseType(ctx, input, idempotencyKey) }),
  }),
);

const UpdateHouseTypeInput = builder.inputType('UpdateHouseTypeInput', {
  fields: (t) => ({
    id: t.globalID({ required: true, for: HouseTypeRef }),
    houseType: t.field({ type: HouseTypeFieldsInput, required: true }),
  }),
});

builder.mutationField('updateHouseType', (t) =>
  t.field({
    type: HouseTypePayload,
    ...grants('CHousesTypesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: { input: t.arg({ type: UpdateHouseTypeInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ id: await updateHouseType(ctx, rowId(input.id.id), input.houseType) }),
  }),
);

const DeleteHouseTypeInput = builder.inputType('DeleteHouseTypeInput', {
  fields: (t) => ({ id: t.globalID({ required: true, for: HouseTypeRef }) }),
});

builder.mutationField('deleteHouseType', (t) =>
  t.field({
    type: HouseTypeDeletedPayload,
    ...grants('CHousesTypesDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: { input: t.arg({ type: DeleteHouseTypeInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteHouseType(ctx, rowId(input.id.id)) }),
  }),
);

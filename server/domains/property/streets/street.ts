import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { createStreet, deleteStreet, streetWhere, updateStreet } from './service.js';

/** Who may read streets: their configuration, and the house forms and filters that pick one. */
export const STREET_READERS = ['CStreetsRead', 'CStreetsCreate', 'CStreetsUpdate', 'CStreetsDelete', 'AHousesRead', 'AHousesCreate', 'AHousesUpdate'] as const;

export const StreetRef = builder.prismaNode('Street', {
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: STREET_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
  }),
});

const StreetFilter = builder.inputType('StreetFilter', {
  fields: (t) => ({ name: t.string({ required: false, description: 'Part of the name, any case' }) }),
});

builder.queryField('streets', (t) =>
  t.prismaConnection({
    type: 'Street',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    ...grants(...STREET_READERS),
    args: {
      filter: t.arg({ type: StreetFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.street.count({ where: streetWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.street.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: streetWhere(ctx, args.filter),
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const StreetPayload = builder.objectRef<{ id: number }>('StreetPayload').implement({
  fields: (t) => ({
    street: t.prismaField({
      type: 'Street',
      resolve: (query, p, _a, ctx) => ctx.prisma.street.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const DeletedPayload = builder.objectRef<{ id: number }>('StreetDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('Street', p.id) }) }),
});

builder.mutationField('createStreet', (t) =>
  t.field({
    type: StreetPayload,
    ...grants('CStreetsCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateStreetInput', { fields: (f) => ({ name: f.string({ required: true }), idempotencyKey: idempotencyKeyField(f) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input: { idempotencyKey, ...input } }, ctx) => ({ id: await createStreet(ctx, input, idempotencyKey) }),
  }),
);

builder.mutationField('updateStreet', (t) =>
  t.field({
    type: StreetPayload,
    ...grants('CStreetsUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateStreetInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: StreetRef }), name: f.string({ required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateStreet(ctx, rowId(input.id.id), { name: input.name }) }),
  }),
);

builder.mutationField('deleteStreet', (t) =>
  t.field({
    type: DeletedPayload,
    ...grants('CStreetsDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteStreetInput', { fields: (f) => ({ id: f.globalID({ required: true, for: StreetRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteStreet(ctx, rowId(input.id.id)) }),
  }),
);

import { encodeGlobalID } from '@pothos/plugin-relay';
import { SERVICE_CONCEPT_TYPES } from '../../../../../core/measuredServices.js';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import {
  createServiceConcept,
  deleteServiceConcept,
  moveServiceConcept,
  SERVICE_CONCEPT_ORDER,
  SERVICE_CONCEPT_READERS,
  serviceConceptWhere,
  updateServiceConcept,
} from './service.js';

export const ServiceConceptTypeEnum = builder.enumType('ServiceConceptType', {
  description: 'FIXED: unit price per range; FIXED_TOTAL: flat amount per range; PERCENT: percent of the base; IVA, SUBTOTAL, TOTAL: computed.',
  values: SERVICE_CONCEPT_TYPES,
});

export const MoveDirectionEnum = builder.enumType('MoveDirection', { values: ['UP', 'DOWN'] as const });

const decimalText = (v: { toString(): string } | null) => (v == null ? null : v.toString());

export const ServiceConceptRef = builder.prismaNode('ServiceConcept', {
  description: 'A line a measured service charges (spec 2 Measured service concept).',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, deletedAt: null }),
  authScopes: { grant: SERVICE_CONCEPT_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    type: t.expose('type', { type: ServiceConceptTypeEnum }),
    amount: t.string({ nullable: true, description: 'PERCENT only: the percent of the base line, e.g. "20"', resolve: (c) => decimalText(c.amount) }),
    calculateIva: t.exposeBoolean('calculateIva'),
    ivaPercent: t.string({ nullable: true, description: 'With calculateIva: 0 to 100', resolve: (c) => decimalText(c.ivaPercent) }),
    position: t.exposeInt('position'),
  }),
});

builder.queryField('serviceConcepts', (t) =>
  t.prismaConnection({
    type: 'ServiceConcept',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: "The community's measured service concepts in their order.",
    ...grants(...SERVICE_CONCEPT_READERS),
    args: { offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }) },
    totalCount: (_p, _a, ctx) => ctx.prisma.serviceConcept.count({ where: serviceConceptWhere(ctx) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.serviceConcept.findMany({ ...query, skip: offsetSkip(query, args), where: serviceConceptWhere(ctx), orderBy: SERVICE_CONCEPT_ORDER }),
  }),
);

const ServiceConceptInput = builder.inputType('ServiceConceptInput', {
  fields: (f) => ({
    name: f.string({ required: true }),
    type: f.field({ type: ServiceConceptTypeEnum, required: true }),
    amount: f.string({ required: false, description: 'PERCENT only: percent of the base, 0 to 100' }),
    calculateIva: f.boolean({ required: false, description: 'FIXED or PERCENT only' }),
    ivaPercent: f.string({ required: false, description: 'With calculateIva: 0 to 100' }),
  }),
});

const ServiceConceptPayload = builder.objectRef<{ id: number }>('ServiceConceptPayload').implement({
  fields: (t) => ({
    concept: t.prismaField({
      type: 'ServiceConcept',
      resolve: (query, p, _a, ctx) => ctx.prisma.serviceConcept.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('createServiceConcept', (t) =>
  t.field({
    type: ServiceConceptPayload,
    ...grants('CServicesConceptsCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateServiceConceptInput', {
          fields: (f) => ({ concept: f.field({ type: ServiceConceptInput, required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await createServiceConcept(ctx, input.concept, input.idempotencyKey) }),
  }),
);

builder.mutationField('updateServiceConcept', (t) =>
  t.field({
    type: ServiceConceptPayload,
    ...grants('CServicesConceptsUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateServiceConceptInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: ServiceConceptRef }), concept: f.field({ type: ServiceConceptInput, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateServiceConcept(ctx, rowId(input.id.id), input.concept) }),
  }),
);

builder.mutationField('moveServiceConcept', (t) =>
  t.field({
    type: ServiceConceptPayload,
    description: 'Swaps the concept with the one above (UP) or below (DOWN).',
    ...grants('CServicesConceptsUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('MoveServiceConceptInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: ServiceConceptRef }), direction: f.field({ type: MoveDirectionEnum, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await moveServiceConcept(ctx, rowId(input.id.id), input.direction) }),
  }),
);

const ServiceConceptDeletedPayload = builder.objectRef<{ id: number }>('ServiceConceptDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('ServiceConcept', p.id) }) }),
});

builder.mutationField('deleteServiceConcept', (t) =>
  t.field({
    type: ServiceConceptDeletedPayload,
    ...grants('CServicesConceptsDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteServiceConceptInput', { fields: (f) => ({ id: f.globalID({ required: true, for: ServiceConceptRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteServiceConcept(ctx, rowId(input.id.id)) }),
  }),
);

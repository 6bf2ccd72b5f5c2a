import { encodeGlobalID } from '@pothos/plugin-relay';
import { loadBatched } from '../../../../graphql/batch.js';
import { MEASURED_SERVICE_TYPES } from '../../../../../core/measuredServices.js';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { ServiceConceptRef } from '../serviceConcepts/serviceConcept.js';
import { createMeasuredService, deleteMeasuredService, MEASURED_SERVICE_READERS, measuredServiceWhere, updateMeasuredService } from './service.js';

export const MeasuredServiceTypeEnum = builder.enumType('MeasuredServiceType', {
  description: 'TABLE: charged by consumption ranges (cost 0, conversion rate 1); FACTOR: consumption × rate × cost, plus ranges if any.',
  values: MEASURED_SERVICE_TYPES,
});

const decimalText = (v: { toString(): string } | null) => (v == null ? null : v.toString());

const MeasuredServiceConceptRef = builder.prismaObject('MeasuredServiceConcept', {
  description: 'A concept the service charges, in order; exactly one is the base (FIXED).',
  fields: (t) => ({
    base: t.exposeBoolean('base'),
    position: t.exposeInt('position'),
    concept: t.relation('concept', { type: ServiceConceptRef }),
  }),
});

const ServiceRangeAmountRef = builder.prismaObject('ServiceRangeAmount', {
  fields: (t) => ({
    conceptId: t.exposeInt('conceptId', { description: "The concept's databaseId" }),
    amount: t.string({ description: 'FIXED: unit price in the range; FIXED_TOTAL: flat amount', resolve: (a) => a.amount.toString() }),
  }),
});

const ServiceRangeRef = builder.prismaObject('ServiceRange', {
  description: 'A consumption range (from ≤ units ≤ to) with the amount of each enabled FIXED / FIXED_TOTAL concept.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    from: t.string({ resolve: (r) => r.from.toString() }),
    to: t.string({ resolve: (r) => r.to.toString() }),
    amounts: t.relation('amounts', { type: ServiceRangeAmountRef, query: { orderBy: { conceptId: 'asc' } } }),
  }),
});

export const MeasuredServiceRef = builder.prismaNode('MeasuredService', {
  description: 'Water, gas and similar services charged by consumption (spec 2 Measured service).',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, deletedAt: null }),
  authScopes: { grant: MEASURED_SERVICE_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    description: t.exposeString('description'),
    type: t.expose('type', { type: MeasuredServiceTypeEnum }),
    presetCost: t.string({ nullable: true, resolve: (s) => decimalText(s.presetCost) }),
    presetConversionRate: t.string({ nullable: true, resolve: (s) => decimalText(s.presetConversionRate) }),
    walletId: t.exposeInt('walletId', { description: "The service's own wallet (MEASURED_SERVICE)" }),
    incomeConceptId: t.exposeInt('incomeConceptId', { description: "The service's own income concept" }),
    concepts: t.relation('concepts', { type: MeasuredServiceConceptRef, query: { orderBy: { position: 'asc' } } }),
    ranges: t.relation('ranges', { type: ServiceRangeRef, query: { orderBy: { from: 'asc' } } }),
    hasPeriods: t.boolean({
      description: 'A period other than DELETED exists: the service cannot be deleted',
      resolve: async (s, _a, ctx) =>
        (await loadBatched(ctx, 'serviceHasPeriods', s.id, async (ids) => {
          const rows = await ctx.prisma.servicePeriod.findMany({
            where: { serviceId: { in: ids }, status: { not: 'DELETED' } },
            distinct: ['serviceId'],
            select: { serviceId: true },
          });
          return new Map(rows.map((r) => [r.serviceId, true]));
        })) ?? false,
    }),
  }),
});

const MeasuredServiceFilter = builder.inputType('MeasuredServiceFilter', {
  fields: (t) => ({ description: t.string({ required: false, description: 'Part of the description, any case' }) }),
});

builder.queryField('measuredServices', (t) =>
  t.prismaConnection({
    type: 'MeasuredService',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: "The community's live measured services.",
    ...grants(...MEASURED_SERVICE_READERS),
    args: {
      filter: t.arg({ type: MeasuredServiceFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.measuredService.count({ where: measuredServiceWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.measuredService.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: measuredServiceWhere(ctx, args.filter),
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const ServiceConceptRefInput = builder.inputType('MeasuredServiceConceptInput', {
  fields: (f) => ({
    conceptId: f.globalID({ required: true, for: ServiceConceptRef }),
    base: f.boolean({ required: false }),
  }),
});
const RangeAmountInput = builder.inputType('ServiceRangeAmountInput', {
  fields: (f) => ({ conceptId: f.globalID({ required: true, for: ServiceConceptRef }), amount: f.string({ required: false }) }),
});
const RangeInput = builder.inputType('ServiceRangeInput', {
  fields: (f) => ({
    from: f.string({ required: false }),
    to: f.string({ required: false }),
    amounts: f.field({ type: [RangeAmountInput], required: false }),
  }),
});
const MeasuredServiceInput = builder.inputType('MeasuredServiceInput', {
  fields: (f) => ({
    description: f.string({ required: true }),
    type: f.field({ type: MeasuredServiceTypeEnum, required: true }),
    presetCost: f.string({ required: false, description: 'FACTOR: cost per unit' }),
    presetConversionRate: f.string({ required: false, description: 'FACTOR: units per measured unit' }),
    concepts: f.field({ type: [ServiceConceptRefInput], required: true, description: '1 to 6, exactly one base (FIXED)' }),
    ranges: f.field({ type: [RangeInput], required: false }),
  }),
});

type ServiceInput = typeof MeasuredServiceInput.$inferInput;
const raw = (input: ServiceInput) => ({
  ...input,
  concepts: input.concepts.map((c) => ({ conceptId: rowId(c.conceptId.id), base: c.base })),
  ranges: (input.ranges ?? []).map((r) => ({
    from: r.from,
    to: r.to,
    amounts: (r.amounts ?? []).map((a) => ({ conceptId: rowId(a.conceptId.id), amount: a.amount })),
  })),
});

const MeasuredServicePayload = builder.objectRef<{ id: number }>('MeasuredServicePayload').implement({
  fields: (t) => ({
    service: t.prismaField({
      type: 'MeasuredService',
      resolve: (query, p, _a, ctx) => ctx.prisma.measuredService.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('createMeasuredService', (t) =>
  t.field({
    type: MeasuredServicePayload,
    description: 'Creates the service with its own wallet and income concept.',
    ...grants('AServicesCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateMeasuredServiceInput', {
          fields: (f) => ({ service: f.field({ type: MeasuredServiceInput, required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await createMeasuredService(ctx, raw(input.service), input.idempotencyKey) }),
  }),
);

builder.mutationField('updateMeasuredService', (t) =>
  t.field({
    type: MeasuredServicePayload,
    description: 'A full update: concepts and ranges are replaced by the ones sent.',
    ...grants('AServicesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateMeasuredServiceInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: MeasuredServiceRef }), service: f.field({ type: MeasuredServiceInput, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateMeasuredService(ctx, rowId(input.id.id), raw(input.service)) }),
  }),
);

const MeasuredServiceDeletedPayload = builder.objectRef<{ id: number }>('MeasuredServiceDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('MeasuredService', p.id) }) }),
});

builder.mutationField('deleteMeasuredService', (t) =>
  t.field({
    type: MeasuredServiceDeletedPayload,
    ...grants('AServicesDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteMeasuredServiceInput', { fields: (f) => ({ id: f.globalID({ required: true, for: MeasuredServiceRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteMeasuredService(ctx, rowId(input.id.id)) }),
  }),
);

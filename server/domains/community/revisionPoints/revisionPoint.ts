import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { type RevisionRule, storedRules } from '../../../../core/revisionPoints.js';
import { createRevisionPoint, deleteRevisionPoint, REVISION_POINT_READERS, revisionPointWhere, saveRevisionPoints, updateRevisionPoint } from './service.js';

const RevisionPointRuleRef = builder.objectRef<RevisionRule>('RevisionPointRule').implement({
  description: 'Hours on chosen weekdays when a revision point takes appointments',
  fields: (t) => ({
    startHour: t.exposeString('startHour', { description: 'HH:mm' }),
    endHour: t.exposeString('endHour', { description: 'HH:mm, after startHour' }),
    monday: t.exposeBoolean('monday'),
    tuesday: t.exposeBoolean('tuesday'),
    wednesday: t.exposeBoolean('wednesday'),
    thursday: t.exposeBoolean('thursday'),
    friday: t.exposeBoolean('friday'),
    saturday: t.exposeBoolean('saturday'),
    sunday: t.exposeBoolean('sunday'),
  }),
});

const day = (d: Date) => d.toISOString().slice(0, 10);

export const RevisionPointRef = builder.prismaNode('RevisionPoint', {
  id: { field: 'id' },
  nullable: true,
  description: 'Where vehicles are inspected, with its appointment schedule',
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: REVISION_POINT_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    activeFrom: t.field({ type: 'Date', select: { activeFrom: true }, resolve: (p) => day(p.activeFrom) }),
    activeUntil: t.field({ type: 'Date', nullable: true, select: { activeUntil: true }, resolve: (p) => (p.activeUntil ? day(p.activeUntil) : null) }),
    minutes: t.exposeInt('minutes', { description: 'Minutes of each appointment' }),
    rules: t.field({ type: [RevisionPointRuleRef], select: { rules: true }, resolve: (p) => storedRules(p.rules) }),
  }),
});

const RevisionPointFilter = builder.inputType('RevisionPointFilter', {
  fields: (t) => ({ name: t.string({ required: false, description: 'Part of the name, any case' }) }),
});

builder.queryField('revisionPoints', (t) =>
  t.prismaConnection({
    type: 'RevisionPoint',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    ...grants(...REVISION_POINT_READERS),
    args: {
      filter: t.arg({ type: RevisionPointFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.revisionPoint.count({ where: revisionPointWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.revisionPoint.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: revisionPointWhere(ctx, args.filter),
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const RuleInput = builder.inputType('RevisionPointRuleInput', {
  fields: (f) => ({
    startHour: f.string({ required: false, description: 'HH:mm' }),
    endHour: f.string({ required: false, description: 'HH:mm, after startHour' }),
    monday: f.boolean({ required: false }),
    tuesday: f.boolean({ required: false }),
    wednesday: f.boolean({ required: false }),
    thursday: f.boolean({ required: false }),
    friday: f.boolean({ required: false }),
    saturday: f.boolean({ required: false }),
    sunday: f.boolean({ required: false }),
  }),
});

const RevisionPointFieldsInput = builder.inputType('RevisionPointInput', {
  fields: (f) => ({
    name: f.string({ required: true }),
    activeFrom: f.string({ required: false, description: 'YYYY-MM-DD (required)' }),
    activeUntil: f.string({ required: false, description: 'YYYY-MM-DD, on or after activeFrom' }),
    minutes: f.int({ required: false, description: 'Minutes of each appointment, 5 to 480 (required)' }),
    rules: f.field({ type: [RuleInput], required: false, description: 'At least one; a rule needs at least one weekday' }),
  }),
});

const RevisionPointPayload = builder.objectRef<{ id: number }>('RevisionPointPayload').implement({
  fields: (t) => ({
    revisionPoint: t.prismaField({
      type: 'RevisionPoint',
      resolve: (query, p, _a, ctx) => ctx.prisma.revisionPoint.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const RevisionPointsPayload = builder.objectRef<{ ids: number[] }>('RevisionPointsPayload').implement({
  fields: (t) => ({
    revisionPoints: t.prismaField({
      type: ['RevisionPoint'],
      description: 'The points saved, in the order sent',
      resolve: async (query, p, _a, ctx) => {
        const rows = await ctx.prisma.revisionPoint.findMany({ ...query, where: { id: { in: p.ids }, neighborhoodId: communityOf(ctx) } });
        return p.ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean);
      },
    }),
  }),
});

const DeletedPayload = builder.objectRef<{ id: number }>('RevisionPointDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('RevisionPoint', p.id) }) }),
});

builder.mutationField('createRevisionPoint', (t) =>
  t.field({
    type: RevisionPointPayload,
    ...grants('CRevisionPointCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateRevisionPointInput', {
          fields: (f) => ({ revisionPoint: f.field({ type: RevisionPointFieldsInput, required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await createRevisionPoint(ctx, input.revisionPoint, input.idempotencyKey) }),
  }),
);

builder.mutationField('updateRevisionPoint', (t) =>
  t.field({
    type: RevisionPointPayload,
    ...grants('CRevisionPointUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateRevisionPointInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: RevisionPointRef }),
            revisionPoint: f.field({ type: RevisionPointFieldsInput, required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateRevisionPoint(ctx, rowId(input.id.id), input.revisionPoint) }),
  }),
);

const SaveRevisionPointEntry = builder.inputType('SaveRevisionPointEntryInput', {
  fields: (f) => ({
    id: f.globalID({ required: false, for: RevisionPointRef, description: 'The point to update; without it a new point is created' }),
    revisionPoint: f.field({ type: RevisionPointFieldsInput, required: true }),
  }),
});

builder.mutationField('saveRevisionPoints', (t) =>
  t.field({
    type: RevisionPointsPayload,
    description:
      'Creates and updates several points in one write (all or nothing); points not listed stay as they are. Creating needs CRevisionPointCreate, updating CRevisionPointUpdate.',
    ...grants('CRevisionPointCreate', 'CRevisionPointUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('SaveRevisionPointsInput', { fields: (f) => ({ points: f.field({ type: [SaveRevisionPointEntry], required: true }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({
      ids: await saveRevisionPoints(
        ctx,
        input.points.map((p) => ({ id: p.id ? rowId(p.id.id) : null, revisionPoint: p.revisionPoint })),
      ),
    }),
  }),
);

builder.mutationField('deleteRevisionPoint', (t) =>
  t.field({
    type: DeletedPayload,
    ...grants('CRevisionPointDelete'),
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteRevisionPointInput', { fields: (f) => ({ id: f.globalID({ required: true, for: RevisionPointRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteRevisionPoint(ctx, rowId(input.id.id)) }),
  }),
);

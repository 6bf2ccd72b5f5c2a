import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf, type Context } from '../../../../kernel/context.js';
import { capDay } from '../../../../../core/maintenance.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { FeeTypeEnum } from '../maintenanceSettings/maintenanceSettings.js';
import { PaymentMethodEnum, ReceiptConnectionRef, receiptConnection, ReceiptFilterInput } from '../receipts/receipt.js';
import {
  createExtraordinaryMaintenance,
  createOrdinaryMaintenance,
  deleteMaintenance,
  generateMaintenance,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_READERS,
  MAINTENANCE_WRITERS,
} from './service.js';
import { maintenanceIncomes, maintenanceSummaryOf, type MaintenanceIncomes, type MaintenanceSummary } from './summary.js';

export const MaintenanceStatusEnum = builder.enumType('MaintenanceStatus', {
  description: 'NEW (created), GENERATED (receipts issued), COLLECTING (payments arriving), COMPLETED (nothing pending)',
  values: ['NEW', 'GENERATED', 'COLLECTING', 'COMPLETED'] as const,
});

const SummaryRef = builder.objectRef<MaintenanceSummary>('MaintenanceSummary').implement({
  description: "A maintenance's receipts in figures",
  fields: (t) => ({
    receipts: t.exposeInt('receipts'),
    paidReceipts: t.exposeInt('paidReceipts'),
    pendingReceipts: t.exposeInt('pendingReceipts'),
    charged: t.field({
      type: 'Decimal',
      description: 'Sum of what every receipt expects (paid ones: what they expected when paid)',
      resolve: (s) => s.charged,
    }),
    collected: t.field({ type: 'Decimal', resolve: (s) => s.collected }),
    outstanding: t.field({ type: 'Decimal', resolve: (s) => s.outstanding }),
  }),
});

const IncomeLineRef = builder.objectRef<MaintenanceIncomes['byMethod'][number]>('MaintenanceIncomeLine').implement({
  fields: (t) => ({
    paymentMethod: t.field({ type: PaymentMethodEnum, resolve: (l) => l.paymentMethod }),
    receipts: t.exposeInt('receipts'),
    amount: t.field({ type: 'Decimal', resolve: (l) => l.amount }),
  }),
});

export const IncomesRef = builder.objectRef<MaintenanceIncomes>('MaintenanceIncomes').implement({
  description: 'What a maintenance collected, by payment method (/maintenances/{id}/incomes)',
  fields: (t) => ({
    byMethod: t.field({ type: [IncomeLineRef], resolve: (i) => i.byMethod }),
    total: t.field({ type: 'Decimal', resolve: (i) => i.total }),
  }),
});

/** The community's cutoff day, read once per request. */
const cutoffDays = new WeakMap<object, Promise<number | null>>();
function cutoffDayOf(ctx: Context): Promise<number | null> {
  let day = cutoffDays.get(ctx);
  if (!day) {
    day = ctx.prisma.maintenanceSettings
      .findUnique({ where: { neighborhoodId: communityOf(ctx) }, select: { cutoffDay: true } })
      .then((s) => s?.cutoffDay ?? null);
    cutoffDays.set(ctx, day);
  }
  return day;
}

export const MaintenanceRef = builder.prismaNode('Maintenance', {
  description: 'A maintenance fee charged to every active house: the ordinary fee of a month or an extraordinary one (spec 2 sections 3–4)',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: MAINTENANCE_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    ordinary: t.exposeBoolean('ordinary'),
    period: t.exposeString('period', { nullable: true, description: 'YYYY-MM of an ordinary maintenance' }),
    year: t.exposeInt('year'),
    month: t.exposeInt('month'),
    description: t.exposeString('description'),
    dueDate: t.expose('dueDate', { type: 'Date' }),
    amount: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Extraordinary: what each house pays',
      select: { amount: true },
      resolve: (m) => m.amount,
    }),
    status: t.expose('status', { type: MaintenanceStatusEnum }),
    hasDiscount: t.exposeBoolean('hasDiscount'),
    discountType: t.expose('discountType', { type: FeeTypeEnum }),
    discount: t.field({ type: 'Decimal', nullable: true, select: { discount: true }, resolve: (m) => m.discount }),
    discountEndDate: t.expose('discountEndDate', { type: 'Date', nullable: true }),
    hasPenalty: t.exposeBoolean('hasPenalty'),
    penaltyType: t.expose('penaltyType', { type: FeeTypeEnum }),
    penalty: t.field({ type: 'Decimal', nullable: true, select: { penalty: true }, resolve: (m) => m.penalty }),
    deadlineDate: t.expose('deadlineDate', { type: 'Date', nullable: true }),
    cutoffDay: t.int({
      nullable: true,
      description:
        "Ordinary: the day of the period its fee is generated, from the community's settings (a maintenance keeps its dates, not the cutoff); null for extraordinary ones",
      select: { ordinary: true, year: true, month: true },
      resolve: async (m, _a, ctx) => {
        if (!m.ordinary) return null;
        const day = await cutoffDayOf(ctx);
        return day === null ? null : capDay(day, m.year, m.month);
      },
    }),
    generatedAt: t.expose('generatedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    summary: t.field({ type: SummaryRef, select: { id: true }, resolve: (m, _a, ctx) => maintenanceSummaryOf(ctx, m.id) }),
    incomes: t.field({
      type: IncomesRef,
      nullable: true,
      ...grants('AMaintenanceIncomesRead'),
      select: { id: true },
      resolve: (m, _a, ctx) => maintenanceIncomes(ctx.prisma, m.id),
    }),
    receipts: t.field({
      type: ReceiptConnectionRef,
      description: "The maintenance's receipts, newest first (filters payment_method and payment_status)",
      ...grants('AReceiptsRead'),
      select: { id: true },
      args: {
        filter: t.arg({ type: ReceiptFilterInput, required: false }),
        first: t.arg.int({ required: false }),
        after: t.arg.string({ required: false }),
        last: t.arg.int({ required: false }),
        before: t.arg.string({ required: false }),
        offset: t.arg.int({ required: false }),
      },
      resolve: (m, args, ctx, info) => receiptConnection(ctx, { maintenanceId: m.id, ...(args.filter ?? {}) }, args, info) as never,
    }),
  }),
});

const MaintenanceFilter = builder.inputType('MaintenanceFilter', {
  fields: (t) => ({
    ordinary: t.boolean({ required: false }),
    year: t.int({ required: false }),
    status: t.field({ type: MaintenanceStatusEnum, required: false }),
  }),
});

builder.queryField('maintenances', (t) =>
  t.prismaConnection({
    type: 'Maintenance',
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: "The community's maintenances, newest period first",
    ...grants(...MAINTENANCE_READERS),
    args: {
      filter: t.arg({ type: MaintenanceFilter, required: false }),
      offset: t.arg.int({ required: false }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.maintenance.count({ where: maintenanceWhere(communityOf(ctx), args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.maintenance.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: maintenanceWhere(communityOf(ctx), args.filter),
        orderBy: [{ year: 'desc' }, { month: 'desc' }, { id: 'desc' }],
      }),
  }),
);

function maintenanceWhere(neighborhoodId: number, f?: { ordinary?: boolean | null; year?: number | null; status?: string | null } | null) {
  return {
    neighborhoodId,
    ...(f?.ordinary != null ? { ordinary: f.ordinary } : {}),
    ...(f?.year != null ? { year: f.year } : {}),
    ...(f?.status ? { status: f.status as 'NEW' } : {}),
  };
}

const MaintenancePayload = builder.objectRef<{ id: number; message: string; created?: number }>('MaintenancePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    created: t.exposeInt('created', { nullable: true, description: 'generateMaintenance: receipts created now (0 when they all existed)' }),
    maintenance: t.prismaField({
      type: 'Maintenance',
      resolve: (query, p, _a, ctx) => ctx.prisma.maintenance.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('createOrdinaryMaintenance', (t) =>
  t.field({
    type: MaintenancePayload,
    description: "Create the ordinary maintenance of a month with the settings' terms (NEW; generate its receipts next)",
    ...grants(...MAINTENANCE_WRITERS),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateOrdinaryMaintenanceInput', {
          fields: (f) => ({ year: f.int({ required: true }), month: f.int({ required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({
      id: await createOrdinaryMaintenance(ctx, { year: input.year, month: input.month }, input.idempotencyKey),
      message: MAINTENANCE_MESSAGES.created,
    }),
  }),
);

builder.mutationField('createExtraordinaryMaintenance', (t) =>
  t.field({
    type: MaintenancePayload,
    description: 'Create an extraordinary maintenance and issue its receipts to every active house (or of the given types)',
    ...grants(...MAINTENANCE_WRITERS),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateExtraordinaryMaintenanceInput', {
          fields: (f) => ({
            description: f.string({ required: true }),
            amount: f.string({ required: true, description: 'Money per house, e.g. "1500.00"' }),
            dueDate: f.string({ required: true, description: 'YYYY-MM-DD' }),
            houseTypeIds: f.intList({ required: false, description: 'Only houses of these types (database ids)' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const { idempotencyKey, ...rest } = input;
      return { id: await createExtraordinaryMaintenance(ctx, rest, idempotencyKey), message: MAINTENANCE_MESSAGES.extraordinaryCreated };
    },
  }),
);

builder.mutationField('generateMaintenance', (t) =>
  t.field({
    type: MaintenancePayload,
    description: 'Issue the missing receipts of a maintenance (one per active house); generating twice creates nothing more',
    ...grants(...MAINTENANCE_WRITERS),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('GenerateMaintenanceInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: MaintenanceRef }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const result = await generateMaintenance(ctx, rowId(input.id.id), input.idempotencyKey);
      return { id: result.maintenanceId, created: result.created, message: MAINTENANCE_MESSAGES.generated };
    },
  }),
);

const MaintenanceDeletedPayload = builder.objectRef<{ id: number }>('MaintenanceDeletedPayload').implement({
  fields: (t) => ({
    deletedId: t.id({ resolve: (p) => encodeGlobalID('Maintenance', p.id) }),
    message: t.string({ resolve: () => MAINTENANCE_MESSAGES.deleted }),
  }),
});

builder.mutationField('deleteMaintenance', (t) =>
  t.field({
    type: MaintenanceDeletedPayload,
    description: 'Delete a maintenance whose receipts were not generated (NEW)',
    ...grants(...MAINTENANCE_WRITERS),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteMaintenanceInput', { fields: (f) => ({ id: f.globalID({ required: true, for: MaintenanceRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteMaintenance(ctx, rowId(input.id.id)) }),
  }),
);

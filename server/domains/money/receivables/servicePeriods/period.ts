// GraphQL of measured-service periods: the ServicePeriod node with its measurements, receipts and incomes,
// a service's periods, and the mutations that move a period NEW → READY → COMPLETED → APPLIED.
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  builder,
  grants,
  idempotencyKeyField,
  idPage,
  keysetConnection,
  keysetPage,
  MAX_PAGE_SIZE,
  parseIdCursor,
  selectsField,
} from '../../../../graphql/builder.js';
import { ErrorInterface } from '../../../../graphql/errorTypes.js';
import { communityOf, type Context } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { DownloadFileRef } from '../receipts/documents.js';
import { PaymentMethodEnum, ReceiptRef, ReceiptStatusEnum } from '../receipts/receipt.js';
import { receiptRows, type ReceiptRow } from '../receipts/rows.js';
import {
  beginMeasurements,
  createPeriod,
  deletePeriod,
  findPeriod,
  generatePeriodReceipts,
  listPeriods,
  measurementCounts,
  measurementPage,
  measurementsWhere,
  MeasurementsSheetError,
  PERIOD_CREATORS,
  PERIOD_DELETERS,
  PERIOD_INCOME_READERS,
  PERIOD_MESSAGES,
  PERIOD_READERS,
  PERIOD_STATUSES,
  PERIOD_UPDATERS,
  periodIncomeTotals,
  periodReceipts,
  periodsWhere,
  saveMeasurements,
  updatePeriod,
  type MeasurementView,
  type PeriodIncomeTotals,
  type PeriodReceiptView,
  type PeriodView,
} from './service.js';
import { measurementsSheet, uploadMeasurements } from './xlsx.js';

const periodArg = (id: { typename: string; id: string }): number => (id.typename === 'ServicePeriod' ? rowId(id.id) : -1);
const serviceArg = (id: { typename: string; id: string }): number => (id.typename === 'MeasuredService' ? rowId(id.id) : -1);

async function periodOrFail(ctx: Context, id: number): Promise<PeriodView> {
  const p = await findPeriod(ctx, id);
  if (!p) throw new NotFoundError('SERVICE_PERIOD_NOT_FOUND');
  return p;
}

export const ServicePeriodStatusEnum = builder.enumType('ServicePeriodStatus', {
  description: 'NEW (registered), READY (measurements begun), COMPLETED (every house measured), APPLIED (receipts generated), DELETED',
  values: PERIOD_STATUSES,
});

const MeasurementItemRef = builder.objectRef<MeasurementView>('MeasurementItem').implement({
  description: "One house's reading in a period",
  fields: (t) => ({
    houseId: t.id({ resolve: (m) => encodeGlobalID('House', m.houseId) }),
    houseDatabaseId: t.exposeInt('houseId', { description: 'The legacy item id' }),
    houseLabel: t.exposeString('houseLabel'),
    previous: t.exposeString('previous', { description: "The reading the period starts from (the house's in the last applied period, else 0)" }),
    measurement: t.exposeString('measurement', { nullable: true, description: 'The captured reading (up to three decimals); null until captured' }),
    edited: t.exposeBoolean('edited'),
    consumption: t.exposeString('consumption', { nullable: true, description: 'measurement - previous' }),
  }),
});

const MeasurementConnectionRef = builder.connectionObject({
  type: MeasurementItemRef,
  name: 'MeasurementItemConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

const MeasurementCountsRef = builder.objectRef<{ total: number; captured: number; missing: number }>('MeasurementCounts').implement({
  fields: (t) => ({ total: t.exposeInt('total'), captured: t.exposeInt('captured'), missing: t.exposeInt('missing') }),
});

type PeriodReceipt = PeriodReceiptView & { receipt?: ReceiptRow | null };

const PeriodReceiptRef = builder.objectRef<PeriodReceipt>('ServicePeriodReceipt').implement({
  description: "A receipt of a period with the house's consumption",
  fields: (t) => ({
    receiptId: t.id({ resolve: (r) => encodeGlobalID('Receipt', r.receiptId) }),
    receiptDatabaseId: t.exposeInt('receiptId'),
    houseId: t.id({ resolve: (r) => encodeGlobalID('House', r.houseId) }),
    houseDatabaseId: t.exposeInt('houseId'),
    houseLabel: t.exposeString('houseLabel'),
    consumption: t.exposeString('consumption', { nullable: true }),
    amount: t.field({ type: 'Decimal', resolve: (r) => r.amount }),
    status: t.field({ type: ReceiptStatusEnum, resolve: (r) => r.status as never }),
    paymentMethod: t.field({ type: PaymentMethodEnum, nullable: true, resolve: (r) => r.paymentMethod as never }),
    paymentDate: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.paymentDate }),
    realPaymentDate: t.field({ type: 'Date', nullable: true, resolve: (r) => r.realPaymentDate }),
    dueDate: t.field({ type: 'Date', resolve: (r) => r.dueDate }),
    receipt: t.field({
      type: ReceiptRef,
      nullable: true,
      description: 'The receipt whole (read with the page, its wallet balances included)',
      resolve: (r) => r.receipt ?? null,
    }),
  }),
});

/** The page's receipts whole, with the balance of each one's wallet (what its actions read): two statements for any page size. */
async function withFullReceipts(ctx: Context, rows: PeriodReceiptView[]): Promise<PeriodReceipt[]> {
  if (rows.length === 0) return rows;
  const full = await receiptRows(
    ctx.db.kysely,
    communityOf(ctx),
    rows.map((r) => r.receiptId),
  );
  const sums = await ctx.prisma.ledgerEntry.groupBy({
    by: ['houseId', 'walletId'],
    where: { houseId: { in: [...new Set(full.map((r) => r.houseId))] }, walletId: { in: [...new Set(full.map((r) => r.walletId))] } },
    _sum: { amount: true },
  });
  const balance = new Map(sums.map((b) => [`${b.houseId}:${b.walletId}`, (b._sum.amount ?? 0).toString()]));
  const byId = new Map(full.map((r) => [r.id, { ...r, walletBalance: balance.get(`${r.houseId}:${r.walletId}`) ?? '0' }]));
  return rows.map((r) => ({ ...r, receipt: byId.get(r.receiptId) ?? null }));
}

const PeriodReceiptConnectionRef = builder.connectionObject({
  type: PeriodReceiptRef,
  name: 'ServicePeriodReceiptConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

const pagerArgs = (t: any) => ({
  first: t.arg.int({ required: false }),
  after: t.arg.string({ required: false }),
  offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after' }),
});

/** Pages forward only (lists by house or receipt id); keysetPage clamps first and checks the cursor. */
function forwardPage(args: { first?: number | null; after?: string | null; offset?: number | null }) {
  return keysetPage({ first: args.first, after: args.after, offset: args.offset }, parseIdCursor, { defaultSize: 20, maxSize: MAX_PAGE_SIZE });
}

async function receiptsConnection(ctx: Context, periodId: number, args: any, info: any, paidOnly: boolean) {
  const page = forwardPage(args);
  const views = await periodReceipts(ctx, periodId, { afterId: page.after, skip: page.offset, take: page.limit, paidOnly });
  const rows = selectsField(info, 'edges.node.receipt') ? await withFullReceipts(ctx, views) : views;
  const total = selectsField(info, 'totalCount')
    ? await ctx.prisma.receipt.count({ where: { servicePeriodId: periodId, deletedAt: null, ...(paidOnly ? { status: 'PAID' as const } : {}) } })
    : undefined;
  return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.receiptId }, 'id'), total) as never;
}

const PeriodIncomesRef = builder.objectRef<PeriodIncomeTotals & { periodId: number }>('ServicePeriodIncomes').implement({
  description: 'What a period charged and collected (deleted receipts do not count): charged = paid + pending, to the cent',
  fields: (t) => ({
    receipts: t.exposeInt('receipts'),
    paidReceipts: t.exposeInt('paidReceipts'),
    charged: t.field({ type: 'Decimal', resolve: (i) => i.charged }),
    paid: t.field({ type: 'Decimal', resolve: (i) => i.paid }),
    pending: t.field({ type: 'Decimal', resolve: (i) => i.pending }),
    payments: t.field({
      type: PeriodReceiptConnectionRef,
      description: 'The paid receipts with their payment date, method and amount',
      args: pagerArgs(t),
      resolve: (i, args, ctx, info) => receiptsConnection(ctx, i.periodId, args, info, true),
    }),
  }),
});

export const ServicePeriodRef = builder.objectRef<PeriodView>('ServicePeriod');

builder.node(ServicePeriodRef, {
  description: 'A billing period of a measured service (spec 2 Measured service period)',
  authScopes: { grant: PERIOD_READERS },
  directives: { grant: { any: PERIOD_READERS } },
  id: { resolve: (p) => p.id },
  loadOne: (id, ctx) => findPeriod(ctx, rowId(id)),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    serviceId: t.id({ resolve: (p) => encodeGlobalID('MeasuredService', p.serviceId) }),
    serviceDatabaseId: t.exposeInt('serviceId'),
    serviceDescription: t.exposeString('serviceDescription'),
    serviceType: t.exposeString('serviceType', { description: 'TABLE or FACTOR' }),
    description: t.exposeString('description'),
    cost: t.exposeString('cost', { description: 'Cost per unit (FACTOR; TABLE stores 0), up to four decimals' }),
    conversionRate: t.exposeString('conversionRate', { description: 'Units per measured unit (FACTOR; TABLE stores 1)' }),
    dueDate: t.field({ type: 'Date', resolve: (p) => p.dueDate }),
    status: t.field({ type: ServicePeriodStatusEnum, resolve: (p) => p.status }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    appliedAt: t.expose('appliedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    editable: t.boolean({
      description: 'Description, cost, rate and due date may change (NEW or READY)',
      resolve: (p) => p.status === 'NEW' || p.status === 'READY',
    }),
    deletable: t.boolean({ resolve: (p) => p.status !== 'APPLIED' && p.status !== 'DELETED' }),
    measurementCounts: t.field({ type: MeasurementCountsRef, resolve: (p, _a, ctx) => measurementCounts(ctx, p.id) }),
    measurements: t.field({
      type: MeasurementConnectionRef,
      description: 'The readings by house, filtered by house text (number, block, lot or cadastral key)',
      args: { search: t.arg.string({ required: false }), ...pagerArgs(t) },
      resolve: async (p, args, ctx, info) => {
        if (args.search && args.search.length > 100) throw new InputError([{ field: 'search', message: 'La búsqueda debe tener como máximo 100 caracteres' }]);
        const page = forwardPage(args as never);
        const rows = await measurementPage(ctx, p.id, args.search, { afterHouseId: page.after, skip: page.offset, take: page.limit });
        const total = selectsField(info, 'totalCount') ? await ctx.prisma.measurement.count({ where: measurementsWhere(p.id, args.search) }) : undefined;
        return keysetConnection(rows, page, (m) => formatPrismaCursor({ id: m.houseId }, 'id'), total) as never;
      },
    }),
    measurementsSheet: t.field({
      type: DownloadFileRef,
      description: 'The capture format (XLSX): house id, house, previous and current reading',
      resolve: (p, _a, ctx) => measurementsSheet(ctx, p),
    }),
    receipts: t.field({
      type: PeriodReceiptConnectionRef,
      description: "The period's receipts with each house's consumption",
      args: pagerArgs(t),
      resolve: (p, args, ctx, info) => receiptsConnection(ctx, p.id, args, info, false),
    }),
    incomes: t.field({
      type: PeriodIncomesRef,
      ...grants(...PERIOD_INCOME_READERS),
      resolve: async (p, _a, ctx) => ({ periodId: p.id, ...(await periodIncomeTotals(ctx, p.id)) }),
    }),
  }),
});

const ServicePeriodConnectionRef = builder.connectionObject({
  type: ServicePeriodRef,
  name: 'ServicePeriodConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

builder.queryField('servicePeriods', (t) =>
  t.field({
    type: ServicePeriodConnectionRef,
    description: "A measured service's periods, newest first (DELETED ones only with that status filter)",
    ...grants(...PERIOD_READERS),
    args: {
      serviceId: t.arg.globalID({ required: true }),
      status: t.arg({ type: ServicePeriodStatusEnum, required: false }),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      last: t.arg.int({ required: false }),
      before: t.arg.string({ required: false }),
      offset: t.arg.int({ required: false }),
    },
    resolve: async (_r, args, ctx, info) => {
      const filter = { serviceId: serviceArg(args.serviceId), status: args.status ?? null };
      communityOf(ctx);
      const { page, rows, total } = await idPage(
        args,
        selectsField(info, 'totalCount'),
        (cut, order, skip, take) => listPeriods(ctx, filter, { cut, order, skip, take }),
        () => ctx.prisma.servicePeriod.count({ where: periodsWhere(ctx, filter) }),
      );
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);

// ---------------------------------------------------------------- mutations

const PeriodPayload = builder.objectRef<{ id: number; message: string; created?: number; saved?: number }>('ServicePeriodPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    created: t.exposeInt('created', { nullable: true, description: 'Measurement rows or receipts created now (0 when they all existed)' }),
    saved: t.exposeInt('saved', { nullable: true, description: 'Readings saved' }),
    period: t.field({ type: ServicePeriodRef, resolve: async (p, _a, ctx) => periodOrFail(ctx, p.id) }),
  }),
});

const ERRORS = { types: [InputError, ConflictError, NotFoundError] };

builder.mutationField('createServicePeriod', (t) =>
  t.field({
    type: PeriodPayload,
    description: "Register a period of a service (NEW) when it has none pending; cost and rate default to the service's presets",
    ...grants(...PERIOD_CREATORS),
    errors: ERRORS,
    args: {
      input: t.arg({
        type: builder.inputType('CreateServicePeriodInput', {
          fields: (f) => ({
            serviceId: f.globalID({ required: true }),
            description: f.string({ required: true }),
            cost: f.string({ required: false, description: 'FACTOR only; the preset cost when omitted' }),
            conversionRate: f.string({ required: false, description: 'FACTOR only; the preset rate when omitted' }),
            dueDate: f.string({ required: true, description: 'YYYY-MM-DD, today or later' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const { idempotencyKey, serviceId, ...rest } = input;
      return { id: await createPeriod(ctx, { ...rest, serviceId: serviceArg(serviceId) }, idempotencyKey), message: PERIOD_MESSAGES.created };
    },
  }),
);

builder.mutationField('updateServicePeriod', (t) =>
  t.field({
    type: PeriodPayload,
    description: 'Change the description, cost, rate or due date of a NEW or READY period',
    ...grants(...PERIOD_UPDATERS),
    errors: ERRORS,
    args: {
      input: t.arg({
        type: builder.inputType('UpdateServicePeriodInput', {
          fields: (f) => ({
            id: f.globalID({ required: true }),
            description: f.string({ required: false }),
            cost: f.string({ required: false }),
            conversionRate: f.string({ required: false }),
            dueDate: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const { idempotencyKey, id, ...rest } = input;
      return { id: await updatePeriod(ctx, { ...rest, id: periodArg(id) }, idempotencyKey), message: PERIOD_MESSAGES.updated };
    },
  }),
);

const DeletedPayload = builder.objectRef<{ id: number }>('ServicePeriodDeletedPayload').implement({
  fields: (t) => ({
    deletedId: t.id({ resolve: (p) => encodeGlobalID('ServicePeriod', p.id) }),
    message: t.string({ resolve: () => PERIOD_MESSAGES.deleted }),
  }),
});

const idInput = (name: string) => builder.inputType(name, { fields: (f) => ({ id: f.globalID({ required: true }), idempotencyKey: idempotencyKeyField(f) }) });

builder.mutationField('deleteServicePeriod', (t) =>
  t.field({
    type: DeletedPayload,
    description: 'Delete a period whose receipts were not generated (→ DELETED)',
    ...grants(...PERIOD_DELETERS),
    errors: ERRORS,
    args: { input: t.arg({ type: idInput('DeleteServicePeriodInput'), required: true }) },
    resolve: async (_r, { input }, ctx) => ({ id: await deletePeriod(ctx, periodArg(input.id), input.idempotencyKey) }),
  }),
);

builder.mutationField('beginServicePeriodMeasurements', (t) =>
  t.field({
    type: PeriodPayload,
    description: 'Generate the capture format (NEW → READY): one reading per active house, starting from its last applied reading. Idempotent',
    ...grants(...PERIOD_UPDATERS),
    errors: ERRORS,
    args: { input: t.arg({ type: idInput('BeginServicePeriodMeasurementsInput'), required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await beginMeasurements(ctx, periodArg(input.id), input.idempotencyKey);
      return { id: r.periodId, created: r.created, message: PERIOD_MESSAGES.begun };
    },
  }),
);

const MeasurementInput = builder.inputType('MeasurementItemInput', {
  fields: (f) => ({
    houseId: f.globalID({ required: true }),
    measurement: f.string({ required: true, description: 'The reading, up to three decimals, not below the previous one' }),
  }),
});

builder.mutationField('saveServicePeriodMeasurements', (t) =>
  t.field({
    type: PeriodPayload,
    description: 'Save readings of a READY period (any subset; one bad item refuses them all); with complete, finalise it (→ COMPLETED)',
    ...grants(...PERIOD_UPDATERS),
    errors: ERRORS,
    args: {
      input: t.arg({
        type: builder.inputType('SaveServicePeriodMeasurementsInput', {
          fields: (f) => ({
            periodId: f.globalID({ required: true }),
            items: f.field({ type: [MeasurementInput], required: true }),
            complete: f.boolean({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const r = await saveMeasurements(
        ctx,
        {
          periodId: periodArg(input.periodId),
          items: input.items.map((i) => ({ houseId: i.houseId.typename === 'House' ? rowId(i.houseId.id) : -1, measurement: i.measurement })),
          complete: input.complete ?? false,
        },
        input.idempotencyKey,
      );
      return { id: r.periodId, saved: r.saved, message: r.completed ? PERIOD_MESSAGES.completed : PERIOD_MESSAGES.saved };
    },
  }),
);

builder.mutationField('completeServicePeriodMeasurements', (t) =>
  t.field({
    type: PeriodPayload,
    description: 'Finalise the measurements (READY → COMPLETED) when every house has its reading',
    ...grants(...PERIOD_UPDATERS),
    errors: ERRORS,
    args: { input: t.arg({ type: idInput('CompleteServicePeriodMeasurementsInput'), required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await saveMeasurements(ctx, { periodId: periodArg(input.id), items: [], complete: true }, input.idempotencyKey);
      return { id: r.periodId, saved: 0, message: PERIOD_MESSAGES.completed };
    },
  }),
);

const SheetRowErrorRef = builder.objectRef<{ row: number; houseId: number | null; house: string; message: string }>('MeasurementsSheetRowError').implement({
  description: 'One error of one row of an uploaded capture sheet',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Row number in the sheet (the header is row 1)' }),
    houseDatabaseId: t.exposeInt('houseId', { nullable: true }),
    house: t.exposeString('house'),
    message: t.exposeString('message'),
  }),
});

builder.objectType(MeasurementsSheetError, {
  name: 'MeasurementsSheetError',
  description: 'Some rows of the capture sheet have errors; no reading was saved.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MeasurementsSheetError,
  fields: (t) => ({ rows: t.field({ type: [SheetRowErrorRef], resolve: (e) => e.rows }) }),
});

builder.mutationField('importServicePeriodMeasurements', (t) =>
  t.field({
    type: PeriodPayload,
    description: 'Save the readings of a filled capture sheet (XLSX, up to 5 MB): every row or none',
    ...grants(...PERIOD_UPDATERS),
    errors: { types: [InputError, ConflictError, NotFoundError, MeasurementsSheetError] },
    args: { periodId: t.arg.globalID({ required: true }), file: t.arg({ type: 'File', required: true }), idempotencyKey: t.arg.string({ required: false }) },
    resolve: async (_r, args, ctx) => {
      const period = await periodOrFail(ctx, periodArg(args.periodId));
      const r = await uploadMeasurements(ctx, period.id, args.file, args.idempotencyKey);
      return { id: r.periodId, saved: r.saved, message: PERIOD_MESSAGES.imported };
    },
  }),
);

builder.mutationField('generateServicePeriodReceipts', (t) =>
  t.field({
    type: PeriodPayload,
    description: "Issue the period's receipts (COMPLETED → APPLIED): one per house with a charge. Generating again creates nothing",
    ...grants(...PERIOD_UPDATERS),
    errors: ERRORS,
    args: { input: t.arg({ type: idInput('GenerateServicePeriodReceiptsInput'), required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await generatePeriodReceipts(ctx, periodArg(input.id), input.idempotencyKey);
      return { id: r.periodId, created: r.created, message: r.alreadyApplied ? PERIOD_MESSAGES.alreadyGenerated : PERIOD_MESSAGES.generated };
    },
  }),
);

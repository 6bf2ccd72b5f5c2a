// GraphQL of payment agreements (spec 1 Agreements): the Agreement node, the community's list (owners-list
// filters), a house's list, the debt and the calculation of a new agreement, create and cancel, the PDF.
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { AGREEMENT_FREQUENCIES, type AgreementPlan } from '../../../../../core/agreements.js';
import { builder, grants, idempotencyKeyField, keysetConnection, keysetPage, parseIdCursor, selectsField, idPageArgs } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { HouseFilter } from '../../../property/houses/ownersList.js';
import { DownloadFileRef } from '../receipts/documents.js';
import { agreementPdf } from './pdf.js';
import { agreementsPage, type AgreementFilter } from './rows.js';
import {
  AGREEMENT_ADMIN_READERS,
  AGREEMENT_CREATORS,
  AGREEMENT_DELETERS,
  AGREEMENT_READERS,
  calculateAgreement,
  cancelAgreement,
  createAgreement,
  findAgreement,
  houseAgreementDebt,
  houseAgreementsWhere,
  type AgreementDebt,
  type AgreementView,
} from './service.js';

const houseArg = (id: { typename: string; id: string } | null | undefined): number | null => (id ? (id.typename === 'House' ? rowId(id.id) : -1) : null);
const agreementArg = (id: { typename: string; id: string }): number => (id.typename === 'Agreement' ? rowId(id.id) : -1);

export const AgreementFrequencyEnum = builder.enumType('AgreementFrequency', {
  description: 'How often the instalments of an agreement fall due',
  values: AGREEMENT_FREQUENCIES,
});

export const AgreementRef = builder.objectRef<AgreementView>('Agreement');

builder.node(AgreementRef, {
  description: "A payment agreement (convenio): a house's ordinary debt settled and replaced by a down payment and instalments",
  authScopes: { grant: AGREEMENT_READERS },
  directives: { grant: { any: AGREEMENT_READERS } },
  id: { resolve: (a) => a.id },
  // Another community's agreement never resolves; another house's only for administrators.
  loadOne: (id, ctx) => findAgreement(ctx, rowId(id)),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    houseId: t.id({ resolve: (a) => encodeGlobalID('House', a.houseId) }),
    houseDatabaseId: t.exposeInt('houseId'),
    houseLabel: t.exposeString('houseLabel'),
    debt: t.field({ type: 'Decimal', description: 'The ordinary debt the agreement settled', resolve: (a) => a.debt }),
    downPayment: t.field({ type: 'Decimal', resolve: (a) => a.downPayment }),
    instalments: t.exposeInt('instalments'),
    frequency: t.field({ type: AgreementFrequencyEnum, resolve: (a) => a.frequency }),
    firstDueDate: t.field({ type: 'Date', resolve: (a) => a.firstDueDate }),
    pendingReceipts: t.exposeInt('pendingReceipts', { description: 'Unpaid receipts of the agreement; 0 when cancelled' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
  }),
});

const AgreementConnectionRef = builder.connectionObject({
  type: AgreementRef,
  name: 'AgreementConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

async function agreementPage(ctx: any, args: any, info: any, neighborhoodId: number, filter: AgreementFilter) {
  const page = keysetPage(args, parseIdCursor);
  const { rows, total } = await agreementsPage(ctx.db.kysely, neighborhoodId, filter, page, selectsField(info, 'totalCount'));
  return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
}

builder.queryField('agreements', (t) =>
  t.field({
    type: AgreementConnectionRef,
    description: "The community's agreements, newest first, filtered like the owners list (/agreements)",
    ...grants(...AGREEMENT_ADMIN_READERS),
    args: { filter: t.arg({ type: HouseFilter, required: false }), ...idPageArgs(t.arg) },
    resolve: (_r, args, ctx, info) => agreementPage(ctx, args, info, communityOf(ctx), { house: args.filter ?? {} }),
  }),
);

builder.queryField('houseAgreements', (t) =>
  t.field({
    type: AgreementConnectionRef,
    description: "A house's agreements, newest first; house users read their own house without houseId",
    ...grants(...AGREEMENT_READERS),
    args: { houseId: t.arg.globalID({ required: false }), ...idPageArgs(t.arg) },
    resolve: async (_r, args, ctx, info) => {
      const { neighborhoodId, houseId } = await houseAgreementsWhere(ctx, houseArg(args.houseId));
      return agreementPage(ctx, args, info, neighborhoodId, { houseId });
    },
  }),
);

builder.queryField('agreementDebt', (t) =>
  t.field({
    type: builder.objectRef<AgreementDebt>('AgreementDebt').implement({
      description: "A house's ordinary unreferenced debt: the negative balance of its ORDINARY wallet",
      fields: (f) => ({
        houseDatabaseId: f.exposeInt('houseId'),
        ordinaryBalance: f.field({ type: 'Decimal', resolve: (d) => d.ordinaryBalance }),
        debt: f.field({ type: 'Decimal', description: 'The balance sign-inverted when negative, else 0', resolve: (d) => d.debt }),
        today: f.field({ type: 'Date', description: "Today in the community's time zone", resolve: (d) => d.today }),
      }),
    }),
    ...grants(...AGREEMENT_CREATORS),
    args: { houseId: t.arg.globalID({ required: true }) },
    resolve: (_r, args, ctx) => houseAgreementDebt(ctx, houseArg(args.houseId)!),
  }),
);

const PlanLineRef = builder.objectRef<AgreementPlan['lines'][number]>('AgreementPlanLine').implement({
  fields: (t) => ({
    number: t.exposeInt('number', { description: '0 for the down payment, 1..N for the instalments' }),
    kind: t.exposeString('kind', { description: 'DOWN_PAYMENT or INSTALMENT' }),
    dueDate: t.field({ type: 'Date', resolve: (l) => l.dueDate }),
    amount: t.field({ type: 'Decimal', resolve: (l) => l.amount }),
  }),
});

const AgreementPlanRef = builder.objectRef<AgreementPlan>('AgreementPlan').implement({
  description: 'What an agreement would be: the debt, the down payment and the instalments with their dates',
  fields: (t) => ({
    debt: t.field({ type: 'Decimal', resolve: (p) => p.debt }),
    downPayment: t.field({ type: 'Decimal', resolve: (p) => p.downPayment }),
    instalments: t.exposeInt('instalments'),
    frequency: t.field({ type: AgreementFrequencyEnum, resolve: (p) => p.frequency }),
    firstDueDate: t.field({ type: 'Date', resolve: (p) => p.firstDueDate }),
    instalmentAmount: t.field({ type: 'Decimal', resolve: (p) => p.instalmentAmount }),
    total: t.field({ type: 'Decimal', resolve: (p) => p.total }),
    lines: t.field({ type: [PlanLineRef], resolve: (p) => p.lines }),
  }),
});

const parameterFields = (f: any) => ({
  downPayment: f.string({ required: false, description: 'Money as text; 0 or blank for none' }),
  instalments: f.int({ required: true, description: '1 to 60' }),
  firstDueDate: f.string({ required: true, description: 'YYYY-MM-DD, today or later' }),
  frequency: f.field({ type: AgreementFrequencyEnum, required: true }),
});

builder.queryField('agreementCalculation', (t) =>
  t.field({
    type: AgreementPlanRef,
    description: "The plan an agreement of the house's current ordinary debt would have (nothing is written)",
    ...grants(...AGREEMENT_CREATORS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('AgreementCalculationInput', { fields: (f) => ({ houseId: f.globalID({ required: true }), ...parameterFields(f) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { houseId, ...params } = input;
      return calculateAgreement(ctx, houseArg(houseId)!, { ...params, downPayment: params.downPayment ?? '0' });
    },
  }),
);

const AgreementPayload = builder.objectRef<{ message: string; agreement: AgreementView }>('AgreementPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    agreement: t.field({ type: AgreementRef, resolve: (p) => p.agreement }),
  }),
});

builder.mutationField('createAgreement', (t) =>
  t.field({
    type: AgreementPayload,
    description: "Turn the house's ordinary debt into an agreement ('El convenio ha sido creado')",
    ...grants(...AGREEMENT_CREATORS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateAgreementInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: true }),
            ...parameterFields(f),
            debt: f.string({ required: false, description: 'The debt the calculation showed: refused (409) when it changed since' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { houseId, idempotencyKey, ...params } = input;
      return createAgreement(ctx, houseArg(houseId)!, { ...params, downPayment: params.downPayment ?? '0' }, idempotencyKey);
    },
  }),
);

builder.mutationField('cancelAgreement', (t) =>
  t.field({
    type: AgreementPayload,
    description: "Cancel an agreement with pending receipts: they are deleted and their sum is debt again ('El convenio ha sido cancelado')",
    ...grants(...AGREEMENT_DELETERS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CancelAgreementInput', {
          fields: (f) => ({
            agreementId: f.globalID({ required: true }),
            houseId: f.globalID({ required: false, description: 'When given, the agreement must be of this house' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => cancelAgreement(ctx, agreementArg(input.agreementId), houseArg(input.houseId), input.idempotencyKey),
  }),
);

builder.queryField('agreementPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "An agreement's plan as PDF; null where the Agreement node is (another community's, or another house's for house users)",
    ...grants(...AGREEMENT_READERS),
    args: {
      agreementId: t.arg.globalID({ required: true }),
      houseId: t.arg.globalID({ required: false, description: 'When given, the agreement must be of this house' }),
    },
    resolve: async (_r, { agreementId, houseId }, ctx) => {
      const view = await findAgreement(ctx, agreementArg(agreementId));
      return view && (houseId == null || houseArg(houseId) === view.houseId) ? agreementPdf(ctx, view) : null;
    },
  }),
);

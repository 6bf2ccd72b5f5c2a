// GraphQL of unknown payments (service.ts): the list, one by id, the receipts a payment could be for, and
// register, identify, match and delete.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { maskAccountNumber } from '../../../../../core/accounts.js';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { builder, grants, idempotencyKeyField, idPage, keysetConnection, selectsField, idPageArgs } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import type { UnknownPayment } from '../../../../db/generated/client.js';
import { ReceiptRef } from '../receipts/receipt.js';
import { receiptRows } from '../receipts/rows.js';
import {
  deleteUnknownPayment,
  identifyUnknownPayment,
  matchingReceipts,
  matchUnknownPayment,
  registerUnknownPayment,
  UNKNOWN_PAYMENT_CREATORS,
  UNKNOWN_PAYMENT_DELETERS,
  UNKNOWN_PAYMENT_MATCHERS,
  UNKNOWN_PAYMENT_READERS,
  UNKNOWN_PAYMENT_STATUSES,
  UNKNOWN_PAYMENT_UPDATERS,
  unknownPaymentStatus,
  unknownPaymentWhere,
} from './service.js';

export const UnknownPaymentStatusEnum = builder.enumType('UnknownPaymentStatus', {
  description: 'REGISTERED: payer unknown; IDENTIFIED: a house (and concept) named, waiting for a receipt; MATCHED: it paid a receipt',
  values: UNKNOWN_PAYMENT_STATUSES,
});

const gidOf = (id: { typename: string; id: string } | null | undefined, typename: string) => (id ? (id.typename === typename ? rowId(id.id) : -1) : null);

export const UnknownPaymentRef = builder.objectRef<UnknownPayment>('UnknownPayment');

builder.node(UnknownPaymentRef, {
  description: 'Money received in a CLABE or CARD account whose payer is not known yet (spec 2 section 3)',
  authScopes: { grant: UNKNOWN_PAYMENT_READERS },
  directives: { grant: { any: UNKNOWN_PAYMENT_READERS } },
  id: { resolve: (u) => u.id },
  // Another community's (or a deleted) unknown payment never resolves.
  loadMany: async (ids, ctx) => {
    const rows = await ctx.prisma.unknownPayment.findMany({ where: { id: { in: ids.map(rowId) }, neighborhoodId: communityOf(ctx), deletedAt: null } });
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.map((id) => byId.get(String(rowId(id))) ?? null);
  },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    amount: t.field({ type: 'Decimal', resolve: (u) => u.amount.toFixed(2) }),
    authorization: t.exposeString('authorization', { nullable: true }),
    paymentDate: t.field({ type: 'Date', resolve: (u) => u.paymentDate.toISOString().slice(0, 10) }),
    comments: t.exposeString('comments', { nullable: true }),
    status: t.field({ type: UnknownPaymentStatusEnum, resolve: (u) => unknownPaymentStatus(u) }),
    incomeAccountDatabaseId: t.exposeInt('incomeAccountId'),
    incomeAccountDescription: t.string({
      resolve: async (u, _a, ctx) =>
        (await ctx.prisma.incomeAccount.findUnique({ where: { id: u.incomeAccountId }, select: { description: true } }))?.description ?? '',
    }),
    numberIncomeAccount: t.string({
      nullable: true,
      description: 'The account as lists show it (number_income_account): last four digits',
      resolve: async (u, _a, ctx) => {
        const a = await ctx.prisma.incomeAccount.findUnique({ where: { id: u.incomeAccountId }, select: { accountType: true, accountNumber: true } });
        return a ? maskAccountNumber(a.accountType, a.accountNumber) : null;
      },
    }),
    houseDatabaseId: t.exposeInt('houseId', { nullable: true }),
    houseLabel: t.string({
      nullable: true,
      resolve: async (u, _a, ctx) => {
        if (u.houseId === null) return null;
        const h = await ctx.prisma.house.findUnique({
          where: { id: u.houseId },
          select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true },
        });
        return h ? houseLabel(h) : null;
      },
    }),
    conceptDatabaseId: t.exposeInt('incomeConceptId', { nullable: true }),
    conceptDescription: t.string({
      nullable: true,
      resolve: async (u, _a, ctx) =>
        u.incomeConceptId === null
          ? null
          : ((await ctx.prisma.incomeConcept.findUnique({ where: { id: u.incomeConceptId }, select: { description: true } }))?.description ?? null),
    }),
    receiptDatabaseId: t.exposeInt('receiptId', { nullable: true }),
    receipt: t.field({
      type: ReceiptRef,
      nullable: true,
      resolve: async (u, _a, ctx) => (u.receiptId === null ? null : ((await receiptRows(ctx.db.kysely, communityOf(ctx), [u.receiptId]))[0] ?? null)),
    }),
    identifiedAt: t.field({ type: 'DateTime', nullable: true, resolve: (u) => u.identifiedAt }),
    matchedAt: t.field({ type: 'DateTime', nullable: true, resolve: (u) => u.matchedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (u) => u.createdAt }),
  }),
});

const UnknownPaymentConnectionRef = builder.connectionObject({
  type: UnknownPaymentRef,
  name: 'UnknownPaymentConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

builder.queryField('unknownPayments', (t) =>
  t.field({
    type: UnknownPaymentConnectionRef,
    description: "The community's unknown payments, newest first (/unknown_payments)",
    ...grants(...UNKNOWN_PAYMENT_READERS),
    args: {
      status: t.arg({ type: UnknownPaymentStatusEnum, required: false }),
      ...idPageArgs(t.arg),
    },
    resolve: async (_r, args, ctx, info) => {
      const where = unknownPaymentWhere(ctx, { status: args.status });
      const { page, rows, total } = await idPage(
        args,
        selectsField(info, 'totalCount'),
        (cut, order, skip, take) => ctx.prisma.unknownPayment.findMany({ where: { ...where, ...cut }, orderBy: { id: order }, skip, take }),
        () => ctx.prisma.unknownPayment.count({ where }),
      );
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
    },
  }),
);

builder.queryField('matchingReceipts', (t) =>
  t.field({
    type: [ReceiptRef],
    description:
      "Pending receipts a payment could be for (GET unknown_payments/receipts): the expected amount on the payment date, or a review with the same authorization; empty: 'No se encontraron recibos que conincidan con los datos especificados en el formulario'",
    ...grants(...UNKNOWN_PAYMENT_READERS),
    args: {
      amount: t.arg.string({ required: true }),
      authorization: t.arg.string({ required: false }),
      paymentDate: t.arg.string({ required: true, description: 'YYYY-MM-DD' }),
      incomeAccountId: t.arg.int({ required: false }),
      houseId: t.arg.globalID({ required: false }),
      conceptId: t.arg.int({ required: false }),
      unknownPaymentId: t.arg.globalID({ required: false, description: 'An identified unknown payment brings its house and concept' }),
    },
    resolve: async (_r, args, ctx) => {
      const ids = await matchingReceipts(ctx, {
        amount: args.amount,
        authorization: args.authorization,
        paymentDate: args.paymentDate,
        incomeAccountId: args.incomeAccountId,
        houseId: gidOf(args.houseId, 'House'),
        conceptId: args.conceptId,
        unknownPaymentId: gidOf(args.unknownPaymentId, 'UnknownPayment'),
      });
      const rows = await receiptRows(ctx.db.kysely, communityOf(ctx), ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    },
  }),
);

interface UnknownPaymentResult {
  unknownPaymentId: number;
  receiptId?: number;
  message: string;
}

const UnknownPaymentPayload = builder.objectRef<UnknownPaymentResult>('UnknownPaymentPayload').implement({
  description: 'An unknown payment written: it as it is now (null once deleted), the receipt it paid, and the Spanish message',
  fields: (t) => ({
    message: t.exposeString('message'),
    unknownPaymentDatabaseId: t.exposeInt('unknownPaymentId'),
    unknownPayment: t.field({
      type: UnknownPaymentRef,
      nullable: true,
      resolve: (p, _a, ctx) => ctx.prisma.unknownPayment.findFirst({ where: { id: p.unknownPaymentId, neighborhoodId: communityOf(ctx), deletedAt: null } }),
    }),
  }),
});

const errors = { types: [InputError, ConflictError, NotFoundError] };

builder.mutationField('registerUnknownPayment', (t) =>
  t.field({
    type: UnknownPaymentPayload,
    description: 'Register money received without a known payer; with receiptId the receipt is paid with it at once',
    ...grants(...UNKNOWN_PAYMENT_CREATORS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('RegisterUnknownPaymentInput', {
          fields: (f) => ({
            incomeAccountId: f.int({ required: true, description: 'A CLABE or CARD income account' }),
            amount: f.field({ type: 'Decimal', required: true }),
            authorization: f.string({ required: false }),
            paymentDate: f.string({ required: true, description: 'YYYY-MM-DD, not in the future' }),
            comments: f.string({ required: false }),
            houseId: f.globalID({ required: false }),
            receiptId: f.globalID({ required: false, description: 'A matching receipt to pay with it (needs AReceiptsExternalPaymentsCreate)' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      registerUnknownPayment(
        ctx,
        { ...input, houseId: gidOf(input.houseId, 'House'), receiptId: gidOf(input.receiptId, 'Receipt'), idempotencyKey: undefined },
        input.idempotencyKey,
      ),
  }),
);

builder.mutationField('identifyUnknownPayment', (t) =>
  t.field({
    type: UnknownPaymentPayload,
    description: 'Name the house and income concept an unknown payment belongs to (it stays so until matched)',
    ...grants(...UNKNOWN_PAYMENT_UPDATERS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('IdentifyUnknownPaymentInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: UnknownPaymentRef }),
            houseId: f.globalID({ required: true }),
            conceptId: f.int({ required: true, description: 'id_receipt_concept: an income concept of the community' }),
            comments: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      identifyUnknownPayment(
        ctx,
        rowId(input.id.id),
        { houseId: gidOf(input.houseId, 'House'), conceptId: input.conceptId, comments: input.comments },
        input.idempotencyKey,
      ),
  }),
);

builder.mutationField('matchUnknownPayment', (t) =>
  t.field({
    type: UnknownPaymentPayload,
    description: 'Pay a receipt with an unknown payment (its amount, date and account); one unknown payment pays one receipt',
    ...grants(...UNKNOWN_PAYMENT_MATCHERS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('MatchUnknownPaymentInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: UnknownPaymentRef }),
            receiptId: f.globalID({ required: true, for: ReceiptRef }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => matchUnknownPayment(ctx, rowId(input.id.id), rowId(input.receiptId.id), input.idempotencyKey),
  }),
);

builder.mutationField('deleteUnknownPayment', (t) =>
  t.field({
    type: UnknownPaymentPayload,
    description: 'Delete an unknown payment not matched to a receipt',
    ...grants(...UNKNOWN_PAYMENT_DELETERS),
    errors,
    args: {
      input: t.arg({
        type: builder.inputType('DeleteUnknownPaymentInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: UnknownPaymentRef }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteUnknownPayment(ctx, rowId(input.id.id), input.idempotencyKey),
  }),
);

export const unknownPaymentGlobalId = (id: number) => encodeGlobalID('UnknownPayment', id);

const ConceptChoiceRef = builder.objectRef<{ id: number; description: string }>('UnknownPaymentConcept').implement({
  description: 'An income concept an unknown payment may be identified with',
  fields: (t) => ({ databaseId: t.exposeInt('id'), description: t.exposeString('description') }),
});

builder.queryField('unknownPaymentConcepts', (t) =>
  t.field({
    type: [ConceptChoiceRef],
    description: "The community's live income concepts, for identifying an unknown payment (id_receipt_concept)",
    ...grants(...UNKNOWN_PAYMENT_READERS),
    resolve: (_r, _a, ctx) =>
      ctx.prisma.incomeConcept.findMany({
        where: { neighborhoodId: communityOf(ctx), deletedAt: null },
        select: { id: true, description: true },
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
        take: 500,
      }),
  }),
);

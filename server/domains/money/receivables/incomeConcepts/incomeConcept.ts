import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { receiptsCalculated } from '../../../../../core/incomeConcepts.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import {
  CONCEPT_READERS,
  createIncomeConcept,
  deleteIncomeConcept,
  incomeConceptWhere,
  updateIncomeConcept,
  updateIncomeConceptFlags,
  walletsOf,
} from './service.js';

export const WalletTypeEnum = builder.enumType('WalletType', {
  description: 'ORDINARY and EXTRAORDINARY exist in every community; one MEASURED_SERVICE wallet per measured service.',
  values: ['ORDINARY', 'EXTRAORDINARY', 'MEASURED_SERVICE'] as const,
});

export const WalletRef = builder.prismaNode('Wallet', {
  description: 'A balance of the community that payments land in (spec 2 Wallet transfer).',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: CONCEPT_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    type: t.expose('type', { type: WalletTypeEnum }),
    name: t.exposeString('name'),
  }),
});

builder.queryField('wallets', (t) =>
  t.prismaField({
    type: ['Wallet'],
    nullable: true,
    description: "The community's wallets (ordinary, extraordinary, then one per measured service).",
    ...grants(...CONCEPT_READERS),
    resolve: (query, _r, _a, ctx) => walletsOf(ctx, query),
  }),
);

export const IncomeConceptRef = builder.prismaNode('IncomeConcept', {
  description: 'What a receipt charges for, and the wallet its payments land in.',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, deletedAt: null }),
  authScopes: { grant: CONCEPT_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    description: t.exposeString('description'),
    systemKey: t.exposeString('systemKey', {
      nullable: true,
      description: 'The platform charges with this concept itself (MAINTENANCE, PENALTY, ...): not deletable, description and wallet fixed',
    }),
    deletable: t.exposeBoolean('deletable'),
    increaseBalance: t.exposeBoolean('increaseBalance'),
    notifyPayment: t.exposeBoolean('notifyPayment'),
    visibleToOwner: t.exposeBoolean('visibleToOwner'),
    mandatory: t.exposeBoolean('mandatory'),
    allowAmount: t.exposeBoolean('allowAmount'),
    allowComments: t.exposeBoolean('allowComments'),
    allowAttachments: t.exposeBoolean('allowAttachments', { description: 'A manual payment request of this concept may carry a file' }),
    receiptsCalculated: t.boolean({
      description: 'The platform calculates its receipts (maintenance, penalty, extraordinary fee, agreement, reservation)',
      resolve: (c) => receiptsCalculated(c.systemKey),
    }),
    accountingAccount: t.exposeString('accountingAccount', { nullable: true }),
    suspenseAccount: t.exposeString('suspenseAccount', { nullable: true }),
    maxPaymentDate: t.expose('maxPaymentDate', { type: 'Date', nullable: true, description: 'Last day a manual payment of this concept may be due' }),
    maxAmountBalance: t.expose('maxAmountBalance', { type: 'Decimal', nullable: true }),
    wallet: t.relation('wallet'),
  }),
});

const IncomeConceptFilter = builder.inputType('IncomeConceptFilter', {
  fields: (t) => ({ description: t.string({ required: false, description: 'Part of the description, any case' }) }),
});

builder.queryField('incomeConcepts', (t) =>
  t.prismaConnection({
    type: 'IncomeConcept',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: 'Live income concepts of the community (deleted ones are kept for their receipts but not listed).',
    ...grants(...CONCEPT_READERS),
    args: {
      filter: t.arg({ type: IncomeConceptFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.incomeConcept.count({ where: incomeConceptWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.incomeConcept.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: incomeConceptWhere(ctx, args.filter),
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const IncomeConceptInput = builder.inputType('IncomeConceptInput', {
  fields: (f) => ({
    description: f.string({ required: true }),
    walletId: f.globalID({ required: true, for: WalletRef, description: "One of the community's wallets" }),
    increaseBalance: f.boolean({ required: false }),
    notifyPayment: f.boolean({ required: false }),
    visibleToOwner: f.boolean({ required: false, description: 'Defaults to true' }),
    mandatory: f.boolean({ required: false }),
    allowAmount: f.boolean({ required: false }),
    allowComments: f.boolean({ required: false }),
    allowAttachments: f.boolean({ required: false, description: 'Defaults to true' }),
    accountingAccount: f.string({ required: false, description: 'Digit groups separated by hyphens, e.g. 401-01-002' }),
    suspenseAccount: f.string({ required: false, description: 'Digit groups separated by hyphens' }),
    maxPaymentDate: f.string({ required: false, description: 'YYYY-MM-DD' }),
    maxAmountBalance: f.string({ required: false, description: 'Above zero, e.g. "5000.00"' }),
  }),
});

type ConceptInput = typeof IncomeConceptInput.$inferInput;
const raw = (input: ConceptInput) => ({ ...input, walletId: input.walletId.id });

const IncomeConceptPayload = builder.objectRef<{ id: number }>('IncomeConceptPayload').implement({
  fields: (t) => ({
    concept: t.prismaField({
      type: 'IncomeConcept',
      resolve: (query, p, _a, ctx) => ctx.prisma.incomeConcept.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('createIncomeConcept', (t) =>
  t.field({
    type: IncomeConceptPayload,
    ...grants('CConceptCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateIncomeConceptInput', {
          fields: (f) => ({ concept: f.field({ type: IncomeConceptInput, required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await createIncomeConcept(ctx, raw(input.concept), input.idempotencyKey) }),
  }),
);

builder.mutationField('updateIncomeConcept', (t) =>
  t.field({
    type: IncomeConceptPayload,
    ...grants('CConceptUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateIncomeConceptInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: IncomeConceptRef }), concept: f.field({ type: IncomeConceptInput, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateIncomeConcept(ctx, rowId(input.id.id), raw(input.concept)) }),
  }),
);

const IncomeConceptFlagsInput = builder.inputType('IncomeConceptFlagsInput', {
  description: 'One concept of a bulk flag update: flags left out stay as they are.',
  fields: (f) => ({
    id: f.globalID({ required: true, for: IncomeConceptRef }),
    increaseBalance: f.boolean({ required: false }),
    notifyPayment: f.boolean({ required: false }),
    visibleToOwner: f.boolean({ required: false }),
    mandatory: f.boolean({ required: false }),
    allowAmount: f.boolean({ required: false }),
    allowComments: f.boolean({ required: false }),
    allowAttachments: f.boolean({ required: false }),
  }),
});

const IncomeConceptsPayload = builder.objectRef<{ ids: number[] }>('IncomeConceptsPayload').implement({
  fields: (t) => ({
    concepts: t.prismaField({
      type: ['IncomeConcept'],
      resolve: (query, p, _a, ctx) =>
        ctx.prisma.incomeConcept.findMany({
          ...query,
          where: { id: { in: p.ids }, neighborhoodId: communityOf(ctx) },
          orderBy: [{ description: 'asc' }, { id: 'asc' }],
        }),
    }),
  }),
});

builder.mutationField('updateIncomeConceptFlags', (t) =>
  t.field({
    type: IncomeConceptsPayload,
    description: 'The flags of several concepts in one write (all or nothing).',
    ...grants('CConceptUpdate'),
    errors: { types: [InputError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateIncomeConceptFlagsInput', {
          fields: (f) => ({ concepts: f.field({ type: [IncomeConceptFlagsInput], required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({
      ids: await updateIncomeConceptFlags(ctx, { concepts: input.concepts.map((c) => ({ ...c, id: c.id.id })) }),
    }),
  }),
);

const IncomeConceptDeletedPayload = builder.objectRef<{ id: number }>('IncomeConceptDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('IncomeConcept', p.id) }) }),
});

builder.mutationField('deleteIncomeConcept', (t) =>
  t.field({
    type: IncomeConceptDeletedPayload,
    ...grants('CConceptDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteIncomeConceptInput', { fields: (f) => ({ id: f.globalID({ required: true, for: IncomeConceptRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteIncomeConcept(ctx, rowId(input.id.id)) }),
  }),
);

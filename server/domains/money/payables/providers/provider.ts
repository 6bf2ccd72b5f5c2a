import { PROVIDER_PAYMENT_METHODS, providerBanks } from '../../../../../core/providers.js';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { createProvider, PROVIDER_ORDER, PROVIDER_READERS, providerWhere, updateProvider } from './service.js';

export const ProviderPaymentMethodEnum = builder.enumType('ProviderPaymentMethod', {
  description: 'How a provider is paid: CHECK or TRANSFER (to its CLABE)',
  values: PROVIDER_PAYMENT_METHODS,
});

export const ProviderRef = builder.prismaNode('Provider', {
  description: 'Someone the community pays (spec 2 Provider).',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: PROVIDER_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    rfc: t.exposeString('rfc', { nullable: true }),
    paymentMethod: t.expose('paymentMethod', { type: ProviderPaymentMethodEnum }),
    bank: t.exposeString('bank', { nullable: true }),
    clabe: t.exposeString('clabe', { nullable: true, description: '18 digits; required when paid by TRANSFER' }),
    expenseConcept: t.relation('expenseConcept', { nullable: true, description: 'The default concept of its expenses' }),
  }),
});

const ProviderFilter = builder.inputType('ProviderFilter', {
  fields: (t) => ({
    name: t.string({ required: false, description: 'Part of the name or of the RFC, any case' }),
    concept: t.string({ required: false, description: 'The default expense concept (ExpenseConcept global id or database id)' }),
  }),
});

builder.queryField('providers', (t) =>
  t.prismaConnection({
    type: 'Provider',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: "The community's providers by name.",
    ...grants(...PROVIDER_READERS),
    args: {
      filter: t.arg({ type: ProviderFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.provider.count({ where: providerWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.provider.findMany({ ...query, skip: offsetSkip(query, args), where: providerWhere(ctx, args.filter), orderBy: PROVIDER_ORDER }),
  }),
);

const ProviderFormConfigRef = builder.objectRef<{ ok: true }>('ProviderFormConfig').implement({
  description: 'What the provider form offers (the expense concepts come from expenseConcepts).',
  fields: (t) => ({
    paymentMethods: t.field({ type: [ProviderPaymentMethodEnum], resolve: () => [...PROVIDER_PAYMENT_METHODS] }),
    banks: t.stringList({ description: 'Bank names a CLABE may name', resolve: () => providerBanks() }),
  }),
});

builder.queryField('providerFormConfig', (t) =>
  t.field({ type: ProviderFormConfigRef, ...grants(...PROVIDER_READERS), resolve: () => ({ ok: true as const }) }),
);

const ProviderInput = builder.inputType('ProviderInput', {
  fields: (f) => ({
    name: f.string({ required: true }),
    rfc: f.string({ required: false, description: "SAT's pattern; unique in the community; never the generic XAXX010101000" }),
    paymentMethod: f.field({ type: ProviderPaymentMethodEnum, required: true }),
    bank: f.string({ required: false, description: 'Taken from the CLABE when its bank code is known' }),
    clabe: f.string({ required: false, description: '18 digits with a valid check digit; required with TRANSFER' }),
    expenseConceptId: f.id({ required: false, description: 'The default ExpenseConcept (global id) of its expenses' }),
  }),
});

const ProviderPayload = builder.objectRef<{ id: number }>('ProviderPayload').implement({
  fields: (t) => ({
    provider: t.prismaField({
      type: 'Provider',
      resolve: (query, p, _a, ctx) => ctx.prisma.provider.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('createProvider', (t) =>
  t.field({
    type: ProviderPayload,
    ...grants('AProvidersCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateProviderInput', {
          fields: (f) => ({ provider: f.field({ type: ProviderInput, required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await createProvider(ctx, input.provider, input.idempotencyKey) }),
  }),
);

builder.mutationField('updateProvider', (t) =>
  t.field({
    type: ProviderPayload,
    ...grants('AProvidersUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateProviderInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: ProviderRef }), provider: f.field({ type: ProviderInput, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateProvider(ctx, rowId(input.id.id), input.provider) }),
  }),
);

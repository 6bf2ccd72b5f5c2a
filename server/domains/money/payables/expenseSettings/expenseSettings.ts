import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { UserRef } from '../../../people/users/user.js';
import {
  createExpenseConcept,
  deleteExpenseConcept,
  EXPENSE_CONCEPT_READERS,
  EXPENSE_SETTINGS_READERS,
  expenseConceptWhere,
  readExpenseSettings,
  updateExpenseConcept,
  updateExpenseSettings,
  type ApproverCandidate,
  type ExpenseSettingsView,
} from './service.js';

const ExpenseApproverCandidateRef = builder.objectRef<ApproverCandidate>('ExpenseApproverCandidate').implement({
  description: 'An administration user of the community who may approve expenses (their role holds an AExpenses grant).',
  fields: (t) => ({
    userId: t.id({ description: 'The User global ID, as updateExpenseSettings takes it', resolve: (c) => encodeGlobalID('User', c.userId) }),
    userDatabaseId: t.exposeInt('userId'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName', { nullable: true }),
    email: t.exposeString('email'),
    roleName: t.exposeString('roleName'),
    approver: t.exposeBoolean('approver', { description: 'Chosen to approve expenses' }),
  }),
});

const ExpenseSettingsRef = builder.objectRef<ExpenseSettingsView>('ExpenseSettings').implement({
  description: 'Approvals, folios and series of expenses (defaults until first saved).',
  fields: (t) => ({
    configured: t.exposeBoolean('configured', { description: 'The settings were saved at least once' }),
    requiredExpenseApproval: t.exposeBoolean('requiredExpenseApproval'),
    useFolio: t.exposeBoolean('useFolio'),
    initialFolio: t.exposeInt('initialFolio'),
    serie: t.exposeString('serie', { nullable: true }),
    groupInitialFolio: t.exposeInt('groupInitialFolio'),
    groupSerie: t.exposeString('groupSerie', { nullable: true }),
    approvers: t.field({ type: [ExpenseApproverCandidateRef], resolve: (s) => s.candidates.filter((c) => c.approver) }),
    approverCandidates: t.field({
      type: [ExpenseApproverCandidateRef],
      description: 'Everyone who may be chosen, each marked when chosen',
      resolve: (s) => s.candidates,
    }),
  }),
});

builder.queryField('expenseSettings', (t) =>
  t.field({
    type: ExpenseSettingsRef,
    nullable: true,
    ...grants(...EXPENSE_SETTINGS_READERS),
    resolve: (_r, _a, ctx) => readExpenseSettings(ctx),
  }),
);

const ExpenseSettingsInput = builder.inputType('ExpenseSettingsInput', {
  fields: (f) => ({
    requiredExpenseApproval: f.boolean({ required: false }),
    useFolio: f.boolean({ required: false }),
    initialFolio: f.int({ required: false, description: 'From 1 (1 when left out)' }),
    serie: f.string({ required: false, description: 'Up to 10 letters or digits' }),
    groupInitialFolio: f.int({ required: false, description: 'From 1 (1 when left out)' }),
    groupSerie: f.string({ required: false, description: 'Up to 10 letters or digits' }),
    approverIds: f.globalIDList({
      required: false,
      for: UserRef,
      description: 'The approvers (replacing the current ones); at least one when approval is required',
    }),
  }),
});

const ExpenseSettingsPayload = builder.objectRef<{ ok: true }>('ExpenseSettingsPayload').implement({
  fields: (t) => ({ expenseSettings: t.field({ type: ExpenseSettingsRef, resolve: (_p, _a, ctx) => readExpenseSettings(ctx) }) }),
});

builder.mutationField('updateExpenseSettings', (t) =>
  t.field({
    type: ExpenseSettingsPayload,
    ...grants('CExpensesUpdate'),
    errors: { types: [InputError] },
    args: { input: t.arg({ type: ExpenseSettingsInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      await updateExpenseSettings(ctx, { ...input, approverIds: input.approverIds?.map((g) => g.id) ?? [] });
      return { ok: true as const };
    },
  }),
);

// ---- Expense concepts ----

export const ExpenseConceptRef = builder.prismaNode('ExpenseConcept', {
  description: 'What an expense line is for (spec 2 Expense concept).',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, deletedAt: null }),
  authScopes: { grant: EXPENSE_CONCEPT_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    concept: t.exposeString('concept'),
    internalId: t.exposeString('internalId', { nullable: true, description: "The community's own key for the concept (unique in the community)" }),
  }),
});

const ExpenseConceptFilter = builder.inputType('ExpenseConceptFilter', {
  fields: (t) => ({ concept: t.string({ required: false, description: 'Part of the name or of the internal id, any case' }) }),
});

builder.queryField('expenseConcepts', (t) =>
  t.prismaConnection({
    type: 'ExpenseConcept',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    ...grants(...EXPENSE_CONCEPT_READERS),
    args: {
      filter: t.arg({ type: ExpenseConceptFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.expenseConcept.count({ where: expenseConceptWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.expenseConcept.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: expenseConceptWhere(ctx, args.filter),
        orderBy: [{ concept: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const ExpenseConceptPayload = builder.objectRef<{ id: number }>('ExpenseConceptPayload').implement({
  fields: (t) => ({
    concept: t.prismaField({
      type: 'ExpenseConcept',
      resolve: (query, p, _a, ctx) => ctx.prisma.expenseConcept.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('createExpenseConcept', (t) =>
  t.field({
    type: ExpenseConceptPayload,
    ...grants('CExpensesUpdate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateExpenseConceptInput', {
          fields: (f) => ({
            concept: f.string({ required: true }),
            internalId: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input: { idempotencyKey, ...input } }, ctx) => ({ id: await createExpenseConcept(ctx, input, idempotencyKey) }),
  }),
);

builder.mutationField('updateExpenseConcept', (t) =>
  t.field({
    type: ExpenseConceptPayload,
    ...grants('CExpensesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateExpenseConceptInput', {
          fields: (f) => ({
            id: f.globalID({ required: true, for: ExpenseConceptRef }),
            concept: f.string({ required: true }),
            internalId: f.string({ required: false }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input: { id, ...input } }, ctx) => ({ id: await updateExpenseConcept(ctx, rowId(id.id), input) }),
  }),
);

const ExpenseConceptDeletedPayload = builder.objectRef<{ id: number }>('ExpenseConceptDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('ExpenseConcept', p.id) }) }),
});

builder.mutationField('deleteExpenseConcept', (t) =>
  t.field({
    type: ExpenseConceptDeletedPayload,
    ...grants('CExpensesUpdate'),
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteExpenseConceptInput', { fields: (f) => ({ id: f.globalID({ required: true, for: ExpenseConceptRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteExpenseConcept(ctx, rowId(input.id.id)) }),
  }),
);

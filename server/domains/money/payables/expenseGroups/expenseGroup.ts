import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { createExpenseGroup, GROUP_READERS, nextGroupFolio, type GroupCreated } from './service.js';

export const ExpenseGroupRef = builder.prismaObject('ExpenseGroup', {
  description: 'Expenses named together under one folio and serie (spec 2 Expense group).',
  fields: (t) => ({
    id: t.id({ resolve: (g) => encodeGlobalID('ExpenseGroup', g.id) }),
    databaseId: t.exposeInt('id'),
    serie: t.exposeString('serie', { nullable: true }),
    folio: t.exposeInt('folio'),
    comment: t.exposeString('comment', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expenseCount: t.relationCount('expenses'),
  }),
});

const NextGroupFolioRef = builder.objectRef<{ serie: string | null; folio: number }>('ExpenseGroupFolio').implement({
  fields: (t) => ({
    serie: t.exposeString('serie', { nullable: true, description: 'The group serie of the expense settings' }),
    folio: t.exposeInt('folio', { description: 'One more than the highest folio of that serie, at least the initial group folio' }),
  }),
});

builder.queryField('nextExpenseGroupFolio', (t) =>
  t.field({
    type: NextGroupFolioRef,
    description: 'The serie and folio a new expense group takes by default.',
    ...grants(...GROUP_READERS),
    resolve: (_r, _a, ctx) => nextGroupFolio(ctx),
  }),
);

const ExpenseGroupPayload = builder.objectRef<GroupCreated>('ExpenseGroupPayload').implement({
  fields: (t) => ({
    group: t.prismaField({
      type: 'ExpenseGroup',
      resolve: (query, p, _a, ctx) => ctx.prisma.expenseGroup.findFirstOrThrow({ ...query, where: { id: p.groupId, neighborhoodId: communityOf(ctx) } }),
    }),
    affectedExpenses: t.int({ description: 'How many expenses joined the group', resolve: (p) => p.expenseIds.length }),
    expenseIds: t.idList({ description: 'The Expense global ids grouped', resolve: (p) => p.expenseIds.map((id) => encodeGlobalID('Expense', id)) }),
  }),
});

builder.mutationField('createExpenseGroup', (t) =>
  t.field({
    type: ExpenseGroupPayload,
    description: 'Groups two or more live expenses (not deleted nor rejected, in no group) under a folio and serie.',
    ...grants('AExpensesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateExpenseGroupInput', {
          fields: (f) => ({
            expenseIds: f.idList({ required: true, description: 'Expense global ids (at least 2, at most 500)' }),
            folio: f.int({ required: false, description: 'The next folio of the serie when left out' }),
            serie: f.string({ required: false, description: 'The group serie of the expense settings when left out' }),
            comment: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input: { idempotencyKey, expenseIds, ...input } }, ctx) =>
      createExpenseGroup(ctx, { ...input, expenseIds: expenseIds.map(String) }, idempotencyKey),
  }),
);

import { encodeGlobalID } from '@pothos/plugin-relay';
import { formatMoney } from '../../../../../core/money.js';
import { MAX_WITHDRAWAL_EXPENSES, WITHDRAWAL_STATUSES } from '../../../../../core/withdrawals.js';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { idOf, rowId } from '../../../../kernel/ids.js';
import { IncomeAccountTypeEnum } from '../../accounting/incomeAccounts/incomeAccount.js';
import {
  availableExpenseWhere,
  createdMessage,
  createWithdrawal,
  maskedNumber,
  payoutAccounts,
  WITHDRAWAL_CREATORS,
  WITHDRAWAL_READERS,
  withdrawalWhere,
} from './service.js';

export const WithdrawalStatusEnum = builder.enumType('WithdrawalStatus', {
  description: 'IN_PROGRESS while the payout travels; SUCCESSFUL once it arrived; FAILED (errorDescription says why; the expenses are available again)',
  values: WITHDRAWAL_STATUSES,
});

type AccountRow = {
  id: number;
  accountType: 'CLABE' | 'CARD' | 'TERMINAL' | 'CASH';
  description: string;
  holderName: string | null;
  accountNumber: string | null;
};

const WithdrawalAccountRef = builder.objectRef<AccountRow>('WithdrawalAccount').implement({
  description: 'An account of the community that can receive a payout (CLABE or debit card)',
  fields: (t) => ({
    id: t.id({ description: 'The IncomeAccount global ID', resolve: (a) => encodeGlobalID('IncomeAccount', a.id) }),
    databaseId: t.exposeInt('id'),
    accountType: t.field({ type: IncomeAccountTypeEnum, resolve: (a) => a.accountType }),
    description: t.exposeString('description'),
    holderName: t.exposeString('holderName', { nullable: true }),
    maskedNumber: t.string({ nullable: true, resolve: (a) => maskedNumber(a.accountNumber) }),
  }),
});

const money2 = (v: unknown) => formatMoney(v as string);

export const WithdrawalRef = builder.prismaNode('Withdrawal', {
  description: 'Money from the gateway balance to an account for a set of expenses: total = amount (Σ the expenses) + fee',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1 }),
  authScopes: { grant: [...WITHDRAWAL_READERS] },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    status: t.expose('status', { type: WithdrawalStatusEnum }),
    amount: t.string({ select: { amount: true }, resolve: (w) => money2(w.amount) }),
    fee: t.string({ select: { fee: true }, resolve: (w) => money2(w.fee) }),
    total: t.string({ select: { total: true }, resolve: (w) => money2(w.total) }),
    errorDescription: t.exposeString('errorDescription', { nullable: true, description: "The gateway's reason when FAILED" }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    account: t.field({
      type: WithdrawalAccountRef,
      select: { account: { select: { id: true, accountType: true, description: true, holderName: true, accountNumber: true } } },
      resolve: (w) => w.account,
    }),
    expenseCount: t.int({ select: { _count: { select: { items: true } } }, resolve: (w) => w._count.items }),
    items: t.field({
      type: [WithdrawalItemRef],
      description: 'The expenses asked for, as they were then (kept after a failure)',
      select: {
        items: {
          orderBy: { expenseId: 'asc' },
          select: { expenseId: true, amount: true, expense: { select: { serie: true, folio: true, description: true, provider: { select: { name: true } } } } },
        },
      },
      resolve: (w) => w.items,
    }),
  }),
});

type ItemRow = {
  expenseId: number;
  amount: unknown;
  expense: { serie: string | null; folio: number | null; description: string | null; provider: { name: string } | null };
};

const WithdrawalItemRef = builder.objectRef<ItemRow>('WithdrawalItem').implement({
  fields: (t) => ({
    expenseId: t.id({ description: 'The Expense global ID', resolve: (i) => encodeGlobalID('Expense', i.expenseId) }),
    expenseDatabaseId: t.exposeInt('expenseId'),
    serie: t.string({ nullable: true, resolve: (i) => i.expense.serie }),
    folio: t.int({ nullable: true, resolve: (i) => i.expense.folio }),
    description: t.string({ nullable: true, resolve: (i) => i.expense.description }),
    providerName: t.string({ nullable: true, resolve: (i) => i.expense.provider?.name ?? null }),
    amount: t.string({ resolve: (i) => money2(i.amount) }),
  }),
});

const WithdrawalFilter = builder.inputType('WithdrawalFilter', {
  fields: (t) => ({ status: t.field({ type: WithdrawalStatusEnum, required: false }) }),
});

builder.queryField('withdrawals', (t) =>
  t.prismaConnection({
    type: 'Withdrawal',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: "The community's withdrawals, newest first",
    ...grants(...WITHDRAWAL_READERS),
    args: {
      filter: t.arg({ type: WithdrawalFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.withdrawal.count({ where: withdrawalWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.withdrawal.findMany({ ...query, skip: offsetSkip(query, args), where: withdrawalWhere(ctx, args.filter), orderBy: { id: 'desc' } }),
  }),
);

type AvailableRow = {
  id: number;
  status: string;
  serie: string | null;
  folio: number | null;
  description: string | null;
  operationDate: Date;
  total: unknown;
  provider: { name: string } | null;
  expenseConcept: { concept: string } | null;
};

const WithdrawableExpenseRef = builder.objectRef<AvailableRow>('WithdrawableExpense').implement({
  description: 'An expense a new withdrawal may take (APPROVED, INVOICE or PAID, in no withdrawal)',
  fields: (t) => ({
    id: t.id({ description: 'The Expense global ID', resolve: (e) => encodeGlobalID('Expense', e.id) }),
    databaseId: t.exposeInt('id'),
    status: t.exposeString('status'),
    serie: t.exposeString('serie', { nullable: true }),
    folio: t.exposeInt('folio', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    operationDate: t.string({ resolve: (e) => e.operationDate.toISOString().slice(0, 10) }),
    total: t.string({ resolve: (e) => money2(e.total) }),
    providerName: t.string({ nullable: true, resolve: (e) => e.provider?.name ?? null }),
    concept: t.string({ nullable: true, resolve: (e) => e.expenseConcept?.concept ?? null }),
  }),
});

/** Rows the builder dialog lists at most (oldest first). */
export const AVAILABLE_LIMIT = 500;

builder.queryField('availableExpensesForWithdrawal', (t) =>
  t.field({
    type: [WithdrawableExpenseRef],
    description: `Expenses a new withdrawal may take, oldest first (at most ${AVAILABLE_LIMIT})`,
    ...grants(...WITHDRAWAL_CREATORS),
    resolve: (_r, _a, ctx) =>
      ctx.prisma.expense.findMany({
        where: availableExpenseWhere(communityOf(ctx)),
        select: {
          id: true,
          status: true,
          serie: true,
          folio: true,
          description: true,
          operationDate: true,
          total: true,
          provider: { select: { name: true } },
          expenseConcept: { select: { concept: true } },
        },
        orderBy: [{ operationDate: 'asc' }, { id: 'asc' }],
        take: AVAILABLE_LIMIT,
      }),
  }),
);

builder.queryField('withdrawalAccounts', (t) =>
  t.field({
    type: [WithdrawalAccountRef],
    description: "The community's accounts that can receive a payout",
    ...grants(...WITHDRAWAL_CREATORS),
    resolve: (_r, _a, ctx) => payoutAccounts(ctx),
  }),
);

const WithdrawalPayload = builder.objectRef<{ id: number }>('WithdrawalPayload').implement({
  fields: (t) => ({
    withdrawal: t.prismaField({
      type: 'Withdrawal',
      resolve: (query, p, _a, ctx) => ctx.prisma.withdrawal.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
    message: t.string({
      description: "'El retiro está en progreso', or the gateway's reason when it refused the payout at once",
      resolve: async (p, _a, ctx) => {
        const w = await ctx.prisma.withdrawal.findUniqueOrThrow({ where: { id: p.id }, select: { status: true, errorDescription: true } });
        return createdMessage(w.status, w.errorDescription);
      },
    }),
  }),
});

builder.mutationField('createWithdrawal', (t) =>
  t.field({
    type: WithdrawalPayload,
    description: "Withdraw the chosen available expenses' total to an account ('El retiro está en progreso')",
    ...grants(...WITHDRAWAL_CREATORS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateWithdrawalInput', {
          fields: (f) => ({
            accountId: f.globalID({ required: true, description: 'An IncomeAccount (CLABE or debit card)' }),
            expenseIds: f.globalIDList({ required: true, description: `Up to ${MAX_WITHDRAWAL_EXPENSES} available expenses` }),
            amount: f.string({ required: false, description: 'What the dialog showed; refused when it is not the server’s figure' }),
            fee: f.string({ required: false }),
            total: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      if (input.expenseIds.length > MAX_WITHDRAWAL_EXPENSES * 2)
        throw new InputError([{ field: 'expenseIds', message: `Un retiro puede incluir como máximo ${MAX_WITHDRAWAL_EXPENSES} egresos` }]);
      for (const value of [input.amount, input.fee, input.total]) {
        if (value != null && value.length > 40) throw new InputError([{ field: 'total', message: 'Debe ser una cantidad con hasta dos decimales' }]);
      }
      return createWithdrawal(
        ctx,
        {
          accountId: idOf(input.accountId, 'IncomeAccount'),
          expenseIds: input.expenseIds.map((g) => idOf(g, 'Expense')),
          amount: input.amount,
          fee: input.fee,
          total: input.total,
        },
        input.idempotencyKey,
      );
    },
  }),
);

import { encodeGlobalID } from '@pothos/plugin-relay';
import { accountBankName, maskAccountNumber } from '../../../../../core/accounts.js';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { createIncomeAccount, deleteIncomeAccount, incomeAccountWhere, updateIncomeAccount } from './service.js';

/** Who may read income accounts: their configuration (payment capture and unknown payments will add theirs). */
export const INCOME_ACCOUNT_READERS = ['CAccountsRead', 'CAccountsCreate', 'CAccountsUpdate', 'CAccountsDelete'] as const;
/** Also who records payments into an account (payment capture, unknown payments): they choose among them. */
export const INCOME_ACCOUNT_LIST_READERS = [...INCOME_ACCOUNT_READERS, 'AReceiptsExternalPaymentsCreate'] as const;

export const IncomeAccountTypeEnum = builder.enumType('IncomeAccountType', {
  values: {
    CLABE: { description: 'Bank account by its 18-digit CLABE (transfers)' },
    CARD: { description: 'Debit card by its 16 digits (deposits)' },
    TERMINAL: { description: 'Card terminal (point of sale) by its identifier' },
    CASH: { description: 'Cash received by the administration; no number' },
  } as const,
});

export const IncomeAccountRef = builder.prismaNode('IncomeAccount', {
  id: { field: 'id' },
  nullable: true,
  // A removed account (deletedAt) is no longer found by id; its row stays for the payments that name it.
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, deletedAt: null }),
  authScopes: { grant: INCOME_ACCOUNT_LIST_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    accountType: t.expose('accountType', { type: IncomeAccountTypeEnum }),
    description: t.exposeString('description'),
    holderName: t.exposeString('holderName', { nullable: true }),
    accountNumber: t.exposeString('accountNumber', {
      nullable: true,
      description: 'CLABE (18 digits), card (16 digits) or terminal identifier; null for cash',
    }),
    maskedNumber: t.string({
      nullable: true,
      description: 'The number as lists show it: last four digits of a CLABE or card, the terminal identifier',
      select: { accountType: true, accountNumber: true },
      resolve: (a) => maskAccountNumber(a.accountType, a.accountNumber),
    }),
    bankName: t.string({
      nullable: true,
      description: 'Bank behind a valid CLABE',
      select: { accountType: true, accountNumber: true },
      resolve: (a) => accountBankName(a.accountType, a.accountNumber),
    }),
    accountingAccount: t.exposeString('accountingAccount', { nullable: true }),
  }),
});

const IncomeAccountFilter = builder.inputType('IncomeAccountFilter', {
  fields: (t) => ({
    accountType: t.field({ type: IncomeAccountTypeEnum, required: false }),
    description: t.string({ required: false, description: 'Part of the description, any case' }),
  }),
});

builder.queryField('incomeAccounts', (t) =>
  t.prismaConnection({
    type: 'IncomeAccount',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: 'Accounts in use where the community receives money (removed ones are not listed)',
    ...grants(...INCOME_ACCOUNT_LIST_READERS),
    args: {
      filter: t.arg({ type: IncomeAccountFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.incomeAccount.count({ where: incomeAccountWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.incomeAccount.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: incomeAccountWhere(ctx, args.filter),
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
      }),
  }),
);

const IncomeAccountPayload = builder.objectRef<{ id: number }>('IncomeAccountPayload').implement({
  fields: (t) => ({
    incomeAccount: t.prismaField({
      type: 'IncomeAccount',
      resolve: (query, p, _a, ctx) => ctx.prisma.incomeAccount.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const IncomeAccountDeletedPayload = builder.objectRef<{ id: number }>('IncomeAccountDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('IncomeAccount', p.id) }) }),
});

type AccountFieldsBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];
const accountFields = (f: AccountFieldsBuilder) => ({
  accountType: f.field({ type: IncomeAccountTypeEnum, required: true }),
  description: f.string({ required: true }),
  holderName: f.string({ required: false }),
  accountNumber: f.string({ required: false, description: 'Required for CLABE, CARD and TERMINAL; ignored for CASH' }),
  accountingAccount: f.string({ required: false, description: 'Digit groups separated by hyphens, e.g. 102-01' }),
});

builder.mutationField('createIncomeAccount', (t) =>
  t.field({
    type: IncomeAccountPayload,
    ...grants('CAccountsCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateIncomeAccountInput', { fields: (f) => ({ ...accountFields(f), idempotencyKey: idempotencyKeyField(f) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input: { idempotencyKey, ...input } }, ctx) => ({ id: await createIncomeAccount(ctx, input, idempotencyKey) }),
  }),
);

builder.mutationField('updateIncomeAccount', (t) =>
  t.field({
    type: IncomeAccountPayload,
    ...grants('CAccountsUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateIncomeAccountInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: IncomeAccountRef }), ...accountFields(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input: { id, ...input } }, ctx) => ({ id: await updateIncomeAccount(ctx, rowId(id.id), input) }),
  }),
);

builder.mutationField('deleteIncomeAccount', (t) =>
  t.field({
    type: IncomeAccountDeletedPayload,
    ...grants('CAccountsDelete'),
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteIncomeAccountInput', { fields: (f) => ({ id: f.globalID({ required: true, for: IncomeAccountRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteIncomeAccount(ctx, rowId(input.id.id)) }),
  }),
);

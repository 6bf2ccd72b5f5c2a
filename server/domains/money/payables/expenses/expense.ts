// GraphQL of expenses (spec 2 sections 3-7): the Expense node with its lines, taxes, approvals, log and
// the viewer's permissions; the list with every filter; the form's configuration; and the writes
// (create, update, delete, ask approval, approve or reject, mark paid, mark cashed).
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  availableForWithdrawal,
  awaitsDecision,
  canAskApproval,
  canCharge,
  canDecide,
  canDelete,
  canEdit,
  canPay,
  decideRefusal,
  EXPENSE_STATUSES,
  PAYMENT_TYPES,
} from '../../../../../core/expenses.js';
import { builder, grants, idempotencyKeyField, idPageArgs, keysetConnection, keysetPage, parseIdCursor, selectsField } from '../../../../graphql/builder.js';
import { expensePage, type ExpenseView } from './rows.js';
import { actorOf, communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { parseDay } from '../../../../../core/amenities.js';
import {
  chargeExpense,
  communityApprovers,
  createExpense,
  decideExpense,
  deleteExpense,
  EXPENSE_ASKERS,
  EXPENSE_CREATORS,
  EXPENSE_READERS,
  EXPENSE_UPDATERS,
  expenseApprovals,
  expenseConfig,
  expenseLines,
  expenseLog,
  expenseTaxSummary,
  findExpense,
  idOf,
  isApprover,
  payExpense,
  requestExpenseApproval,
  updateExpense,
  type ExpenseApprovalView,
  type ExpenseConfig,
  type ExpenseLineView,
  type ExpenseLogEntry,
  type ExpenseResult,
  type ExpenseTaxSummary,
} from './service.js';

export const ExpenseStatusEnum = builder.enumType('ExpenseStatus', { values: EXPENSE_STATUSES });
export const ExpensePaymentTypeEnum = builder.enumType('ExpensePaymentType', { values: PAYMENT_TYPES });

const expenseArg = (id: { typename: string; id: string }): number => (id.typename === 'Expense' ? rowId(id.id) : -1);

const LineTaxRef = builder.objectRef<ExpenseLineView['transferred'][number]>('ExpenseLineTax').implement({
  fields: (t) => ({
    taxCode: t.exposeString('taxCode', { description: '001 ISR, 002 IVA, 003 IEPS' }),
    rate: t.exposeString('rate', { nullable: true, description: 'As a fraction, e.g. "0.16"' }),
    amount: t.field({ type: 'Decimal', resolve: (x) => x.amount }),
  }),
});

const LineRef = builder.objectRef<ExpenseLineView>('ExpenseLine').implement({
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    position: t.exposeInt('position'),
    quantity: t.exposeString('quantity'),
    unitPrice: t.exposeString('unitPrice'),
    amount: t.field({ type: 'Decimal', resolve: (l) => l.amount }),
    discount: t.field({ type: 'Decimal', resolve: (l) => l.discount }),
    description: t.exposeString('description'),
    satProductKey: t.exposeString('satProductKey', { nullable: true }),
    expenseConceptId: t.id({ nullable: true, resolve: (l) => (l.expenseConceptId ? encodeGlobalID('ExpenseConcept', l.expenseConceptId) : null) }),
    expenseConceptDatabaseId: t.exposeInt('expenseConceptId', { nullable: true }),
    invoiceUuid: t.exposeString('invoiceUuid', { nullable: true }),
    transferred: t.field({ type: [LineTaxRef], resolve: (l) => l.transferred }),
    retained: t.field({ type: [LineTaxRef], resolve: (l) => l.retained }),
  }),
});

const TaxSummaryRef = builder.objectRef<ExpenseTaxSummary>('ExpenseTaxSummary').implement({
  description: "An expense's taxes by type, code and rate, with the amount per invoice",
  fields: (t) => ({
    type: t.exposeString('type', { description: "'traslated' or 'retained' (spelled as the legacy API)" }),
    taxCode: t.exposeString('taxCode'),
    taxName: t.exposeString('taxName'),
    rate: t.exposeString('rate', { nullable: true }),
    amount: t.field({ type: 'Decimal', resolve: (x) => x.amount }),
    details: t.field({
      type: [
        builder.objectRef<ExpenseTaxSummary['details'][number]>('ExpenseTaxDetail').implement({
          fields: (f) => ({
            amount: f.field({ type: 'Decimal', resolve: (d) => d.amount }),
            invoiceUuid: f.exposeString('invoiceUuid', { nullable: true }),
          }),
        }),
      ],
      resolve: (x) => x.details,
    }),
  }),
});

const ApprovalRef = builder.objectRef<ExpenseApprovalView>('ExpenseApproval').implement({
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    userDatabaseId: t.exposeInt('userId'),
    userName: t.exposeString('userName'),
    revision: t.exposeInt('revision'),
    accepted: t.exposeBoolean('accepted'),
    comment: t.exposeString('comment', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    current: t.exposeBoolean('current', { description: 'A decision on the current revision (older ones no longer count)' }),
  }),
});

const LogEntryRef = builder.objectRef<ExpenseLogEntry>('ExpenseLogEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.exposeString('action'),
    userName: t.exposeString('userName', { nullable: true }),
    data: t.string({ nullable: true, description: 'JSON of what changed', resolve: (e) => (e.data == null ? null : JSON.stringify(e.data)) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ProviderBriefRef = builder.objectRef<NonNullable<ExpenseView['provider']>>('ExpenseProvider').implement({
  description: "The expense's provider as the expense shows it",
  fields: (t) => ({
    id: t.id({ resolve: (p) => encodeGlobalID('Provider', p.id) }),
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    rfc: t.exposeString('rfc', { nullable: true }),
    paymentMethod: t.field({ type: ExpensePaymentTypeEnum, resolve: (p) => p.paymentMethod }),
    bank: t.exposeString('bank', { nullable: true }),
    clabe: t.exposeString('clabe', { nullable: true }),
  }),
});

export const ExpenseRef = builder.objectRef<ExpenseView>('Expense');

builder.node(ExpenseRef, {
  description: 'What the community spends: lines, taxes, approvals, payment and cashing (spec 2 Expense)',
  authScopes: { grant: EXPENSE_READERS },
  directives: { grant: { any: EXPENSE_READERS } },
  id: { resolve: (e) => e.id },
  loadOne: (id, ctx) => findExpense(ctx, rowId(id)),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    status: t.field({ type: ExpenseStatusEnum, resolve: (e) => e.status }),
    provider: t.field({ type: ProviderBriefRef, nullable: true, resolve: (e) => e.provider }),
    expenseConcept: t.field({
      type: builder.objectRef<NonNullable<ExpenseView['expenseConcept']>>('ExpenseConceptBrief').implement({
        fields: (f) => ({
          id: f.id({ resolve: (c) => encodeGlobalID('ExpenseConcept', c.id) }),
          databaseId: f.exposeInt('id'),
          concept: f.exposeString('concept'),
          internalId: f.exposeString('internalId', { nullable: true }),
        }),
      }),
      nullable: true,
      resolve: (e) => e.expenseConcept,
    }),
    description: t.exposeString('description', { nullable: true }),
    operationDate: t.field({ type: 'Date', resolve: (e) => e.operationDate }),
    serie: t.exposeString('serie', { nullable: true }),
    folio: t.exposeInt('folio', { nullable: true }),
    subtotal: t.field({ type: 'Decimal', resolve: (e) => e.subtotal }),
    discount: t.field({ type: 'Decimal', resolve: (e) => e.discount }),
    transferredTaxes: t.field({ type: 'Decimal', resolve: (e) => e.transferredTaxes }),
    retainedTaxes: t.field({ type: 'Decimal', resolve: (e) => e.retainedTaxes }),
    total: t.field({ type: 'Decimal', resolve: (e) => e.total }),
    approveRequired: t.exposeBoolean('approveRequired'),
    invoiced: t.exposeBoolean('invoiced'),
    revision: t.exposeInt('revision'),
    groupDatabaseId: t.int({ nullable: true, resolve: (e) => e.group?.id ?? null }),
    groupSerie: t.string({ nullable: true, resolve: (e) => e.group?.serie ?? null }),
    groupFolio: t.int({ nullable: true, resolve: (e) => e.group?.folio ?? null }),
    withdrawalDatabaseId: t.exposeInt('withdrawalId', { nullable: true }),
    createdByUserDatabaseId: t.exposeInt('createdByUserId'),
    createdByName: t.exposeString('createdByName', { nullable: true }),
    paymentDate: t.field({ type: 'Date', nullable: true, resolve: (e) => e.paymentDate }),
    paymentMethod: t.field({ type: ExpensePaymentTypeEnum, nullable: true, resolve: (e) => e.paymentMethod }),
    paymentAccountDatabaseId: t.int({ nullable: true, resolve: (e) => e.paymentAccount?.id ?? null }),
    paymentAccountDescription: t.string({ nullable: true, resolve: (e) => e.paymentAccount?.description ?? null }),
    paymentBank: t.exposeString('paymentBank', { nullable: true }),
    paymentClabe: t.exposeString('paymentClabe', { nullable: true }),
    cashDate: t.field({ type: 'Date', nullable: true, resolve: (e) => e.cashDate }),
    checkNumber: t.exposeString('checkNumber', { nullable: true }),
    cashMethod: t.exposeString('cashMethod', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    lines: t.field({ type: [LineRef], resolve: (e, _a, ctx) => expenseLines(ctx.prisma, e.id) }),
    taxes: t.field({ type: [TaxSummaryRef], resolve: (e, _a, ctx) => expenseTaxSummary(ctx.prisma, e.id) }),
    approvals: t.field({ type: [ApprovalRef], resolve: (e, _a, ctx) => expenseApprovals(ctx.prisma, e) }),
    log: t.field({ type: [LogEntryRef], resolve: async (e, _a, ctx) => (await expenseLog(ctx, e.id)) ?? [] }),
    canEdit: t.boolean({
      description: 'The viewer may edit it (grant AExpensesUpdate and the status rules)',
      resolve: (e, _a, ctx) => !!ctx.actor?.grants.has('AExpensesUpdate') && canEdit(e),
    }),
    canDelete: t.boolean({ resolve: (e, _a, ctx) => !!ctx.actor?.grants.has('AExpensesUpdate') && canDelete(e) }),
    canAskApproval: t.boolean({
      resolve: (e, _a, ctx) => EXPENSE_ASKERS.some((g) => ctx.actor?.grants.has(g)) && canAskApproval(e, actorOf(ctx).userId),
    }),
    canDecide: t.boolean({ resolve: async (e, _a, ctx) => canDecide(e, actorOf(ctx).userId, await isApprover(ctx)) }),
    decideNote: t.string({
      nullable: true,
      description:
        "Why the viewer may not approve or reject the expense while it waits for a decision (the refusal's words: their own expense, no approvers, not an approver); null when they may or nothing waits",
      resolve: async (e, _a, ctx) => {
        if (!awaitsDecision(e)) return null;
        const approverIds = (await communityApprovers(ctx)).map((a) => a.userId);
        return decideRefusal(e, actorOf(ctx).userId, approverIds);
      },
    }),
    canPay: t.boolean({ resolve: (e, _a, ctx) => !!ctx.actor?.grants.has('AExpensesUpdate') && canPay(e) }),
    canCharge: t.boolean({ resolve: (e, _a, ctx) => !!ctx.actor?.grants.has('AExpensesUpdate') && canCharge(e) }),
    availableForWithdrawal: t.boolean({ resolve: (e) => availableForWithdrawal(e) }),
  }),
});

const ExpenseConnectionRef = builder.connectionObject({
  type: ExpenseRef,
  name: 'ExpenseConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

export const ExpenseFilterInput = builder.inputType('ExpenseFilter', {
  description: 'The filters of /expenses (spec 2 section 7); dates are operation, payment and cash dates',
  fields: (f) => ({
    providerId: f.id({ required: false, description: 'Provider global ID (or database id)' }),
    status: f.field({ type: [ExpenseStatusEnum], required: false, description: 'Any of these; DELETED only when asked for' }),
    groupSerie: f.string({ required: false }),
    groupFolio: f.int({ required: false }),
    conceptId: f.id({ required: false, description: "ExpenseConcept global ID (or database id): the expense's or a line's" }),
    from: f.string({ required: false, description: 'YYYY-MM-DD' }),
    to: f.string({ required: false, description: 'YYYY-MM-DD' }),
    fromPayment: f.string({ required: false, description: 'YYYY-MM-DD' }),
    toPayment: f.string({ required: false, description: 'YYYY-MM-DD' }),
    fromCharge: f.string({ required: false, description: 'YYYY-MM-DD' }),
    toCharge: f.string({ required: false, description: 'YYYY-MM-DD' }),
    onlyAvailable: f.boolean({ required: false, description: 'Only expenses a withdrawal may take (APPROVED, INVOICE, PAID, in none)' }),
  }),
});

const dayArg = (value: string | null | undefined, field: string) => {
  if (value == null || value === '') return null;
  const day = parseDay(value.slice(0, 20));
  if (!day) throw new InputError([{ field, message: 'La fecha no es válida (AAAA-MM-DD)' }]);
  return day;
};

export function filterArg(f: typeof ExpenseFilterInput.$inferInput | null | undefined) {
  if (!f) return {};
  if ((f.groupSerie?.length ?? 0) > 40) throw new InputError([{ field: 'groupSerie', message: 'La serie debe tener como máximo 40 caracteres' }]);
  return {
    providerId: idOf('Provider', f.providerId == null ? null : String(f.providerId)),
    status: f.status ?? null,
    groupSerie: f.groupSerie?.trim() || null,
    groupFolio: f.groupFolio ?? null,
    conceptId: idOf('ExpenseConcept', f.conceptId == null ? null : String(f.conceptId)),
    from: dayArg(f.from, 'from'),
    to: dayArg(f.to, 'to'),
    fromPayment: dayArg(f.fromPayment, 'fromPayment'),
    toPayment: dayArg(f.toPayment, 'toPayment'),
    fromCharge: dayArg(f.fromCharge, 'fromCharge'),
    toCharge: dayArg(f.toCharge, 'toCharge'),
    onlyAvailable: f.onlyAvailable ?? false,
  };
}

builder.queryField('expenses', (t) =>
  t.field({
    type: ExpenseConnectionRef,
    description: "The community's expenses, newest first (/expenses)",
    ...grants(...EXPENSE_READERS),
    args: { filter: t.arg({ type: ExpenseFilterInput, required: false }), ...idPageArgs(t.arg) },
    resolve: async (_r, args, ctx, info) => {
      const page = keysetPage(args, parseIdCursor);
      const { rows, total } = await expensePage(ctx.db.kysely, communityOf(ctx), filterArg(args.filter), page, selectsField(info, 'totalCount'));
      return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total ?? undefined) as never;
    },
  }),
);

const ExpenseConfigRef = builder.objectRef<ExpenseConfig & { canCreate: boolean }>('ExpenseConfig').implement({
  description: 'What the expense list and form need: approvals, folio, approvers and the accounts to pay from',
  fields: (t) => ({
    canCreate: t.exposeBoolean('canCreate', { description: 'The viewer may register expenses (can_edit of the legacy list)' }),
    requiredApprovals: t.boolean({ resolve: (c) => c.requiredApprovals() }),
    useFolio: t.boolean({ resolve: (c) => c.useFolio() }),
    serie: t.string({ nullable: true, resolve: (c) => c.serie() }),
    nextFolio: t.int({ nullable: true, resolve: (c) => c.nextFolio() }),
    isApprover: t.boolean({ resolve: (c) => c.isApprover() }),
    today: t.field({ type: 'Date', resolve: (c) => c.today() }),
    approvers: t.field({
      type: [
        builder.objectRef<Awaited<ReturnType<ExpenseConfig['approvers']>>[number]>('ExpenseApproverBrief').implement({
          fields: (f) => ({ userDatabaseId: f.exposeInt('userId'), name: f.exposeString('name') }),
        }),
      ],
      resolve: (c) => c.approvers(),
    }),
    accounts: t.field({
      type: [
        builder.objectRef<Awaited<ReturnType<ExpenseConfig['accounts']>>[number]>('ExpensePaymentAccount').implement({
          fields: (f) => ({
            id: f.id({ resolve: (a) => encodeGlobalID('IncomeAccount', a.id) }),
            databaseId: f.exposeInt('id'),
            description: f.exposeString('description'),
            accountType: f.exposeString('accountType'),
            accountNumber: f.exposeString('accountNumber', { nullable: true }),
          }),
        }),
      ],
      resolve: (c) => c.accounts(),
    }),
  }),
});

builder.queryField('expenseConfig', (t) =>
  t.field({
    type: ExpenseConfigRef,
    ...grants(...EXPENSE_READERS),
    resolve: (_r, _a, ctx) => ({ ...expenseConfig(ctx), canCreate: !!ctx.actor?.grants.has('AExpensesCreate') }),
  }),
);

builder.queryField('expenseLog', (t) =>
  t.field({
    type: [LogEntryRef],
    nullable: true,
    description: "An expense's history (null for another community's id)",
    ...grants(...EXPENSE_READERS),
    args: { expenseId: t.arg.globalID({ required: true }) },
    resolve: (_r, { expenseId }, ctx) => expenseLog(ctx, expenseArg(expenseId)),
  }),
);

const ExpensePayload = builder.objectRef<ExpenseResult>('ExpensePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    expense: t.field({
      type: ExpenseRef,
      resolve: async (p, _a, ctx) => {
        const view = await findExpense(ctx, p.id);
        if (!view) throw new NotFoundError();
        return view;
      },
    }),
  }),
});

const taxFields = builder.inputType('ExpenseLineTaxInput', {
  fields: (f) => ({
    taxCode: f.string({ required: true, description: '001 ISR, 002 IVA, 003 IEPS' }),
    rate: f.string({ required: false, description: 'A fraction, e.g. "0.16"' }),
    amount: f.string({ required: true, description: 'Money as text' }),
  }),
});

const LineInput = builder.inputType('ExpenseLineInput', {
  fields: (f) => ({
    quantity: f.string({ required: true }),
    unitPrice: f.string({ required: true }),
    discount: f.string({ required: false }),
    description: f.string({ required: true }),
    satProductKey: f.string({ required: false }),
    expenseConceptId: f.id({ required: false }),
    invoiceUuid: f.string({ required: false }),
    transferred: f.field({ type: [taxFields], required: false }),
    retained: f.field({ type: [taxFields], required: false }),
  }),
});

const expenseFields = (f: any) => ({
  providerId: f.id({ required: false }),
  expenseConceptId: f.id({ required: false }),
  description: f.string({ required: false }),
  operationDate: f.string({ required: true, description: 'YYYY-MM-DD, within 120 days of today' }),
  lines: f.field({ type: [LineInput], required: true }),
  subtotal: f.string({ required: false, description: 'The subtotal the form showed: refused when it does not match the lines' }),
  total: f.string({ required: false, description: 'The total the form showed: refused when it does not match the lines and taxes' }),
  cfdiIds: f.idList({ required: false, description: 'Provider CFDIs (ExpenseCfdi) processed for this expense' }),
  idempotencyKey: idempotencyKeyField(f),
});

const ERRORS = { types: [InputError, ConflictError, NotFoundError] };

builder.mutationField('createExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: "Register an expense ('El egreso ha sido registrado')",
    ...grants(...EXPENSE_CREATORS),
    errors: ERRORS,
    args: { input: t.arg({ type: builder.inputType('CreateExpenseInput', { fields: expenseFields }), required: true }) },
    resolve: (_r, { input: { idempotencyKey, ...input } }, ctx) => createExpense(ctx, input, idempotencyKey as string | null | undefined),
  }),
);

builder.mutationField('updateExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: "Edit an expense ('El egreso ha sido modificado')",
    ...grants(...EXPENSE_UPDATERS),
    errors: ERRORS,
    args: {
      input: t.arg({
        type: builder.inputType('UpdateExpenseInput', { fields: (f) => ({ id: f.globalID({ required: true }), ...expenseFields(f) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input: { id, idempotencyKey, ...input } }, ctx) => updateExpense(ctx, expenseArg(id), input, idempotencyKey as string | null | undefined),
  }),
);

const idInput = (name: string) => builder.inputType(name, { fields: (f) => ({ id: f.globalID({ required: true }), idempotencyKey: idempotencyKeyField(f) }) });

builder.mutationField('deleteExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: "Delete an expense (kept as DELETED; 'El egreso ha sido eliminado')",
    ...grants(...EXPENSE_UPDATERS),
    errors: ERRORS,
    args: { input: t.arg({ type: idInput('DeleteExpenseInput'), required: true }) },
    resolve: (_r, { input }, ctx) => deleteExpense(ctx, expenseArg(input.id), input.idempotencyKey),
  }),
);

builder.mutationField('requestExpenseApproval', (t) =>
  t.field({
    type: ExpensePayload,
    description: 'The author asks the approvers by e-mail to approve the expense',
    ...grants(...EXPENSE_ASKERS),
    errors: ERRORS,
    args: { input: t.arg({ type: idInput('RequestExpenseApprovalInput'), required: true }) },
    resolve: (_r, { input }, ctx) => requestExpenseApproval(ctx, expenseArg(input.id)),
  }),
);

builder.mutationField('decideExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: "An approver approves ('Se ha aprobado el egreso') or rejects ('Se ha rechazado el egreso') the expense",
    ...grants(...EXPENSE_READERS),
    errors: ERRORS,
    args: {
      input: t.arg({
        type: builder.inputType('DecideExpenseInput', {
          fields: (f) => ({
            id: f.globalID({ required: true }),
            accepted: f.boolean({ required: true }),
            comment: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input: { id, idempotencyKey, ...input } }, ctx) => decideExpense(ctx, expenseArg(id), input, idempotencyKey),
  }),
);

builder.mutationField('payExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: "Mark an approved expense paid ('Se ha marcado como pagado el egreso')",
    ...grants(...EXPENSE_UPDATERS),
    errors: ERRORS,
    args: {
      input: t.arg({
        type: builder.inputType('PayExpenseInput', {
          fields: (f) => ({
            id: f.globalID({ required: true }),
            paymentType: f.field({ type: ExpensePaymentTypeEnum, required: true }),
            accountId: f.id({ required: true, description: 'An IncomeAccount of the community' }),
            bank: f.string({ required: false }),
            clabe: f.string({ required: false, description: 'Required and checked for TRANSFER' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input: { id, idempotencyKey, ...input } }, ctx) =>
      payExpense(ctx, expenseArg(id), { ...input, accountId: String(input.accountId) }, idempotencyKey),
  }),
);

builder.mutationField('chargeExpense', (t) =>
  t.field({
    type: ExpensePayload,
    description: "Mark a paid expense cashed ('El egreso ha sido marcado como cobrado')",
    ...grants(...EXPENSE_UPDATERS),
    errors: ERRORS,
    args: {
      input: t.arg({
        type: builder.inputType('ChargeExpenseInput', {
          fields: (f) => ({
            id: f.globalID({ required: true }),
            checkNumber: f.string({ required: false }),
            method: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input: { id, idempotencyKey, ...input } }, ctx) => chargeExpense(ctx, expenseArg(id), input, idempotencyKey),
  }),
);

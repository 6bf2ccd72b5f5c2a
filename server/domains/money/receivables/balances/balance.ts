import { encodeGlobalID } from '@pothos/plugin-relay';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { sql } from 'kysely';
import { builder, grants, idempotencyKeyField, keysetConnection, keysetPage, MAX_PAGE_SIZE, parseBigIdCursor } from '../../../../graphql/builder.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import type { Context } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { LedgerKind } from '../../../../db/generated/enums.js';
import { WalletTypeEnum } from '../incomeConcepts/incomeConcept.js';
import { depositAccount, type DepositAccount } from '../payments/cards.js';
import { PaymentMethodEnum } from '../receipts/receipt.js';
import { DownloadFileRef } from '../receipts/documents.js';
import {
  capturePayment,
  CAPTURE_GRANTS,
  createManualPayment,
  MANUAL_PAYMENT_GRANTS,
  manualPaymentAttachment,
  manualPaymentOptions,
  removeManualPaymentAttachment,
} from '../receipts/payments.js';
import {
  adjustBalance,
  BALANCE_ADMIN,
  BALANCE_READERS,
  BALANCE_WRITERS,
  houseBalance,
  STATEMENT_READERS,
  transferBalance,
  type HouseBalanceView,
  type WalletBalanceView,
} from './service.js';
import { houseStatement, type HouseStatement, type StatementRow } from './statement.js';
import { houseIncomesSummary, INCOMES_SUMMARY_READERS, type IncomesSummary } from './incomesSummary.js';

/** The database id of a House global id argument (another type's id matches no house); null when absent. */
const houseArg = (id: { typename: string; id: string } | null | undefined): number | null => (id ? (id.typename === 'House' ? rowId(id.id) : -1) : null);

const WalletBalanceRef = builder.objectRef<WalletBalanceView>('WalletBalance').implement({
  description: "One of the community's wallets and the house's balance in it (positive in the house's favour, negative a debt)",
  fields: (t) => ({
    walletId: t.id({ resolve: (w) => encodeGlobalID('Wallet', w.walletId) }),
    walletDatabaseId: t.exposeInt('walletId'),
    type: t.field({ type: WalletTypeEnum, resolve: (w) => w.type }),
    name: t.exposeString('name'),
    measuredServiceDatabaseId: t.exposeInt('measuredServiceId', { nullable: true }),
    balance: t.field({ type: 'Decimal', resolve: (w) => w.balance }),
  }),
});

const DepositAccountRef = builder.objectRef<DepositAccount>('DepositAccount').implement({
  description: "The wallet panel's gateway data: the gateway's name, the house's CLABE and its bank, and the fee of a deposit",
  fields: (t) => ({
    gatewayName: t.exposeString('gatewayName'),
    clabe: t.exposeString('clabe', { nullable: true }),
    bankName: t.exposeString('bankName', { nullable: true }),
    depositFee: t.field({ type: 'Decimal', resolve: (d) => d.depositFee }),
    sandbox: t.boolean({
      description: 'The built-in sandbox gateway: administrators may simulate a SPEI transfer to the CLABE (simulateSpeiTransfer)',
      resolve: (_d, _a, ctx) => ctx.config.paymentGateway === 'sandbox',
    }),
  }),
});

export const HouseBalanceRef = builder.objectRef<HouseBalanceView>('HouseBalance').implement({
  description: "A house's wallets (spec 1 section 3, Balance): every balance is the sum of the house's ledger in that wallet",
  fields: (t) => ({
    houseId: t.id({ resolve: (b) => encodeGlobalID('House', b.houseId) }),
    houseDatabaseId: t.exposeInt('houseId'),
    ordinary: t.field({ type: 'Decimal', resolve: (b) => b.ordinary }),
    extraordinary: t.field({ type: 'Decimal', resolve: (b) => b.extraordinary }),
    wallets: t.field({ type: [WalletBalanceRef], resolve: (b) => b.wallets }),
    pendingReceipts: t.field({ type: 'Decimal', description: "What the house's pending receipts expect", resolve: (b) => b.pendingReceipts }),
    deposit: t.field({
      type: DepositAccountRef,
      nullable: true,
      description: 'Where the house can transfer money to its wallet (online payments only)',
      resolve: async (b, _a, ctx) => {
        const house = await ctx.prisma.house.findUniqueOrThrow({ where: { id: b.houseId }, select: { neighborhoodId: true } });
        return depositAccount(ctx, house.neighborhoodId, b.houseId);
      },
    }),
  }),
});

builder.queryField('houseBalance', (t) =>
  t.field({
    type: HouseBalanceRef,
    description: "A house's wallet balances; house users read their own house without houseId",
    ...grants(...BALANCE_READERS),
    args: { houseId: t.arg.globalID({ required: false }) },
    resolve: (_r, args, ctx) => houseBalance(ctx, houseArg(args.houseId)),
  }),
);

export const LedgerKindEnum = builder.enumType('LedgerKind', { values: Object.values(LedgerKind) });

interface LedgerRow {
  id: string;
  walletId: number;
  walletName: string;
  kind: 'INITIAL_BALANCE';
  amount: string;
  receiptId: number | null;
  paymentMethod: 'CASH' | null;
  reason: string | null;
  authorizedBy: string | null;
  createdAt: Date;
}

const LedgerEntryRef = builder.objectRef<LedgerRow>('LedgerEntry').implement({
  description: 'One movement of a house wallet (append-only)',
  fields: (t) => ({
    databaseId: t.exposeString('id'),
    walletDatabaseId: t.exposeInt('walletId'),
    walletName: t.exposeString('walletName'),
    kind: t.field({ type: LedgerKindEnum, resolve: (e) => e.kind }),
    amount: t.field({ type: 'Decimal', resolve: (e) => e.amount }),
    receiptId: t.id({ nullable: true, resolve: (e) => (e.receiptId === null ? null : encodeGlobalID('Receipt', e.receiptId)) }),
    paymentMethod: t.field({ type: PaymentMethodEnum, nullable: true, resolve: (e) => e.paymentMethod }),
    reason: t.exposeString('reason', { nullable: true }),
    authorizedBy: t.exposeString('authorizedBy', { nullable: true, description: 'Who authorised an adjustment' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('houseLedger', (t) =>
  t.connection({
    type: LedgerEntryRef,
    description: "A house's ledger, newest first (keyset pages)",
    ...grants(...BALANCE_READERS),
    args: { houseId: t.arg.globalID({ required: false }), walletId: t.arg.int({ required: false }) },
    resolve: async (_r, args, ctx) => {
      const house = await targetHouse(ctx, houseArg(args.houseId), BALANCE_ADMIN, 'FOREIGN_BALANCE');
      const page = keysetPage(args, parseBigIdCursor, { defaultSize: 50, maxSize: MAX_PAGE_SIZE });
      const rows = await ctx.db.kysely
        .selectFrom('LedgerEntry as e')
        .innerJoin('Wallet as w', 'w.id', 'e.walletId')
        .leftJoin('User as u', 'u.id', 'e.authorizedByUserId')
        .select([
          sql<string>`e.id::text`.as('id'),
          'e.walletId',
          'w.name as walletName',
          'e.kind',
          sql<string>`e.amount::text`.as('amount'),
          'e.receiptId',
          'e.paymentMethod',
          'e.reason',
          sql<string | null>`trim(concat(u."firstName", ' ', u."lastName"))`.as('authorizedBy'),
          sql<Date>`e."createdAt" AT TIME ZONE 'UTC'`.as('createdAt'),
        ])
        .where('e.houseId', '=', house.id)
        .$if(args.walletId != null, (qb) => qb.where('e.walletId', '=', args.walletId!))
        .$if(page.after != null, (qb) => qb.where('e.id', '<', page.after!))
        .$if(page.before != null, (qb) => qb.where('e.id', '>', page.before!))
        .orderBy('e.id', page.backwards ? 'asc' : 'desc')
        .limit(page.limit)
        .execute();
      return keysetConnection(rows as unknown as LedgerRow[], page, (r) => formatPrismaCursor({ id: r.id }, 'id'));
    },
  }),
);

const StatementRowRef = builder.objectRef<StatementRow>('StatementRow').implement({
  fields: (t) => ({
    date: t.field({ type: 'Date', resolve: (r) => r.date }),
    kind: t.exposeString('kind', { description: 'CHARGE, PAYMENT or ADJUSTMENT' }),
    description: t.exposeString('description'),
    amount: t.field({ type: 'Decimal', description: 'Charges negative, payments positive', resolve: (r) => r.amount }),
    receiptDatabaseId: t.exposeInt('receiptId', { nullable: true }),
  }),
});

const StatementRef = builder.objectRef<HouseStatement>('HouseStatement').implement({
  description: "A house's account statement for a period: opening + charges + payments + adjustments = closing",
  fields: (t) => ({
    houseId: t.id({ resolve: (s) => encodeGlobalID('House', s.houseId) }),
    houseLabel: t.exposeString('houseLabel'),
    communityName: t.exposeString('communityName'),
    ownerName: t.exposeString('ownerName', { nullable: true }),
    from: t.field({ type: 'Date', resolve: (s) => s.from }),
    to: t.field({ type: 'Date', resolve: (s) => s.to }),
    opening: t.field({ type: 'Decimal', resolve: (s) => s.opening }),
    charges: t.field({ type: 'Decimal', resolve: (s) => s.charges }),
    payments: t.field({ type: 'Decimal', resolve: (s) => s.payments }),
    adjustments: t.field({ type: 'Decimal', resolve: (s) => s.adjustments }),
    closing: t.field({ type: 'Decimal', resolve: (s) => s.closing }),
    rows: t.field({ type: [StatementRowRef], resolve: (s) => s.rows }),
  }),
});

builder.queryField('houseStatement', (t) =>
  t.field({
    type: StatementRef,
    description: "A house's account statement between two dates (the current year by default)",
    ...grants(...STATEMENT_READERS),
    args: { houseId: t.arg.globalID({ required: false }), from: t.arg.string({ required: false }), to: t.arg.string({ required: false }) },
    resolve: (_r, args, ctx) => houseStatement(ctx, houseArg(args.houseId), { from: args.from, to: args.to }),
  }),
);

const SummaryLineRef = builder.objectRef<IncomesSummary['lines'][number]>('IncomesSummaryLine').implement({
  fields: (t) => ({
    month: t.exposeInt('month'),
    concept: t.exposeString('concept'),
    receipts: t.exposeInt('receipts'),
    amount: t.field({ type: 'Decimal', resolve: (l) => l.amount }),
  }),
});

builder.queryField('houseIncomesSummary', (t) =>
  t.field({
    type: builder.objectRef<IncomesSummary>('IncomesSummary').implement({
      description: 'What the own house paid in a year, by month and concept',
      fields: (f) => ({
        year: f.exposeInt('year'),
        lines: f.field({ type: [SummaryLineRef], resolve: (s) => s.lines }),
        total: f.field({ type: 'Decimal', resolve: (s) => s.total }),
      }),
    }),
    ...grants(...INCOMES_SUMMARY_READERS),
    args: { year: t.arg.int({ required: false }) },
    resolve: (_r, args, ctx) => houseIncomesSummary(ctx, args.year ?? null),
  }),
);

// ---- Writes ----------------------------------------------------------------------------------------

const BalanceChangePayload = builder.objectRef<{ houseId: number; message: string; balance: HouseBalanceView }>('BalanceChangePayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    balance: t.field({ type: HouseBalanceRef, resolve: (p) => p.balance }),
  }),
});

builder.mutationField('adjustHouseBalance', (t) =>
  t.field({
    type: BalanceChangePayload,
    description: 'An authorised adjustment of one wallet of a house (positive credits it, negative charges it), with its reason',
    ...grants(...BALANCE_WRITERS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('AdjustHouseBalanceInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: true }),
            walletId: f.int({ required: true, description: 'Wallet database id' }),
            amount: f.string({ required: true, description: 'Signed money, e.g. "-250.00"' }),
            reason: f.string({ required: true }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      adjustBalance(ctx, houseArg(input.houseId)!, { walletId: input.walletId, amount: input.amount, reason: input.reason }, input.idempotencyKey),
  }),
);

builder.mutationField('transferHouseBalance', (t) =>
  t.field({
    type: BalanceChangePayload,
    description: "Move money of a house from one of its wallets to another ('La transferencia se realizó correctamente')",
    ...grants(...BALANCE_WRITERS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('TransferHouseBalanceInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: true }),
            fromWalletId: f.int({ required: true }),
            toWalletId: f.int({ required: true }),
            amount: f.string({ required: true }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      transferBalance(
        ctx,
        houseArg(input.houseId)!,
        { fromWalletId: input.fromWalletId, toWalletId: input.toWalletId, amount: input.amount },
        input.idempotencyKey,
      ),
  }),
);

const CapturedReceiptRef = builder.objectRef<{ receiptId: number; amount: string }>('CapturedReceipt').implement({
  fields: (t) => ({
    receiptId: t.id({ resolve: (r) => encodeGlobalID('Receipt', r.receiptId) }),
    receiptDatabaseId: t.exposeInt('receiptId'),
    amount: t.field({ type: 'Decimal', resolve: (r) => r.amount }),
  }),
});

builder.mutationField('capturePayment', (t) =>
  t.field({
    type: builder.objectRef<{ total: string; receipts: { receiptId: number; amount: string }[]; message: string }>('CapturePaymentPayload').implement({
      fields: (f) => ({
        message: f.exposeString('message'),
        total: f.field({ type: 'Decimal', resolve: (p) => p.total }),
        receipts: f.field({ type: [CapturedReceiptRef], resolve: (p) => p.receipts }),
      }),
    }),
    description: 'Record a payment received (into a CLABE or CARD income account) for receipts of a house not yet PAID',
    ...grants(...CAPTURE_GRANTS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CapturePaymentInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: true }),
            receiptIds: f.globalIDList({ required: true }),
            incomeAccountId: f.int({ required: true }),
            paymentDate: f.string({ required: true, description: 'YYYY-MM-DD' }),
            authorization: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      capturePayment(
        ctx,
        houseArg(input.houseId)!,
        {
          receiptIds: input.receiptIds.map((r) => (r.typename === 'Receipt' ? rowId(r.id) : -1)),
          incomeAccountId: input.incomeAccountId,
          paymentDate: input.paymentDate,
          authorization: input.authorization,
        },
        input.idempotencyKey,
      ),
  }),
);

const ManualConceptRef = builder.objectRef<Awaited<ReturnType<typeof manualPaymentOptions>>['concepts'][number]>('ManualPaymentConcept').implement({
  fields: (t) => ({
    conceptDatabaseId: t.exposeInt('conceptId'),
    description: t.exposeString('description'),
    walletDatabaseId: t.exposeInt('walletId'),
    maxAmount: t.field({
      type: 'Decimal',
      description: "|negative balance| of the wallet, else the concept's maxAmountBalance, else 100000",
      resolve: (c) => c.maxAmount,
    }),
    maxPaymentDate: t.field({ type: 'Date', nullable: true, resolve: (c) => c.maxPaymentDate }),
    maxAmountBalance: t.field({
      type: 'Decimal',
      nullable: true,
      description: "The concept's cap on a request while its wallet owes nothing (null: 100000)",
      resolve: (c) => c.maxAmountBalance,
    }),
    increaseBalance: t.exposeBoolean('increaseBalance', { description: 'Its payments count in the ordinary balance (else the extraordinary one)' }),
    receiptsCalculated: t.exposeBoolean('receiptsCalculated', {
      description: 'The platform calculates its receipts (maintenance, penalty, extraordinary fee, agreement, reservation)',
    }),
    allowAttachments: t.exposeBoolean('allowAttachments', { description: 'A request of this concept may carry a file (its proof)' }),
  }),
});

builder.queryField('manualPaymentOptions', (t) =>
  t.field({
    type: builder.objectRef<Awaited<ReturnType<typeof manualPaymentOptions>>>('ManualPaymentOptions').implement({
      fields: (f) => ({
        concepts: f.field({ type: [ManualConceptRef], resolve: (o) => o.concepts }),
        defaultDueDate: f.field({ type: 'Date', nullable: true, description: 'Non-administrators: 10 days ahead', resolve: (o) => o.defaultDueDate }),
      }),
    }),
    description: 'What a manual payment request may be for: concepts that allow an amount, with their maximum',
    ...grants(...MANUAL_PAYMENT_GRANTS),
    args: { houseId: t.arg.globalID({ required: false }) },
    resolve: (_r, args, ctx) => manualPaymentOptions(ctx, houseArg(args.houseId)),
  }),
);

builder.mutationField('createManualPayment', (t) =>
  t.field({
    type: builder.objectRef<{ receiptId: number; message: string }>('ManualPaymentPayload').implement({
      fields: (f) => ({
        message: f.exposeString('message'),
        receiptId: f.id({ resolve: (p) => encodeGlobalID('Receipt', p.receiptId) }),
        receiptDatabaseId: f.exposeInt('receiptId'),
      }),
    }),
    description: 'A manual payment request: a receipt for a concept that allows an amount (an initial debt, a prepayment)',
    ...grants(...MANUAL_PAYMENT_GRANTS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateManualPaymentInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: false }),
            conceptId: f.int({ required: true }),
            amount: f.string({ required: true }),
            dueDate: f.string({ required: false }),
            notes: f.string({ required: false }),
            attachmentFileId: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx: Context) => {
      const { houseId, idempotencyKey, ...rest } = input;
      return createManualPayment(ctx, houseArg(houseId), rest, idempotencyKey);
    },
  }),
);

/** The database id of a Receipt global id argument (another type's id matches nothing); null when absent. */
const receiptArg = (id: { typename: string; id: string } | null | undefined): number | null => (id ? (id.typename === 'Receipt' ? rowId(id.id) : -1) : null);

builder.queryField('manualPaymentAttachment', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "The file of a house's manual payment request (the receipt named, else the house's most recent request); null when it has none",
    ...grants(...MANUAL_PAYMENT_GRANTS),
    args: {
      houseId: t.arg.globalID({ required: false, description: 'Administrators: the house; house users: their own' }),
      receiptId: t.arg.globalID({ required: false, description: 'The request (the receipt createManualPayment answered)' }),
    },
    resolve: (_r, args, ctx) => manualPaymentAttachment(ctx, houseArg(args.houseId), receiptArg(args.receiptId)),
  }),
);

builder.mutationField('removeManualPaymentAttachment', (t) =>
  t.field({
    type: builder.objectRef<{ receiptId: number; message: string }>('ManualPaymentAttachmentPayload').implement({
      fields: (f) => ({
        message: f.exposeString('message'),
        receiptId: f.id({ resolve: (p) => encodeGlobalID('Receipt', p.receiptId) }),
        receiptDatabaseId: f.exposeInt('receiptId'),
      }),
    }),
    description: 'Removes the file of a manual payment request while nothing is paying it (not PAID, IN_PROGRESS nor in REVIEW)',
    ...grants(...MANUAL_PAYMENT_GRANTS),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('RemoveManualPaymentAttachmentInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: false }),
            receiptId: f.globalID({ required: false, description: "The request; the house's most recent when absent" }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => removeManualPaymentAttachment(ctx, houseArg(input.houseId), receiptArg(input.receiptId), input.idempotencyKey),
  }),
);

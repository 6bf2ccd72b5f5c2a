import { encodeGlobalID } from '@pothos/plugin-relay';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { builder, grants, idempotencyKeyField, keysetConnection, keysetPage, MAX_PAGE_SIZE, selectsField, parseIdCursor } from '../../../../graphql/builder.js';
import { holdsAny, houseInReach, reachesHouse, targetHouse } from '../../../../auth/houseScope.js';
import { communityOf, type Context } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { houseLabel } from '../../../../../core/houseLabel.js';
import {
  PAYMENT_METHODS,
  RECEIPT_GROUPS,
  RECEIPT_STATUSES,
  receiptActions,
  receiptDocuments,
  receiptGroup,
  type ReceiptActionFlags,
} from '../../../../../core/receipts.js';
import { formatMoney } from '../../../../../core/money.js';
import { WalletTypeEnum } from '../incomeConcepts/incomeConcept.js';
import { houseBalances } from '../ledger/service.js';
import { parseExternalPayment } from './externalPaymentRecord.js';
import { receiptInvoiceDocuments } from './door.js';
import { receiptRows, receiptsCountQuery, receiptsPageQuery, type ReceiptFilter, type ReceiptRow } from './rows.js';
import {
  cancelReceiptReview,
  deleteReceipt,
  payReceiptWithWallet,
  recalculateReceipt,
  RECEIPT_ADMIN_READERS,
  RECEIPT_READERS,
  RECEIPT_UPDATERS,
  REFERENCE_HANDLERS,
  removePaymentReference,
  removeWalletPayment,
  sendPaymentInstructions,
  setReceiptAdjustment,
  updateReceiptNotes,
  WALLET_PAYERS,
  type ReceiptActionResult,
} from './service.js';

const EXTERNAL_PAYERS = [
  'AReceiptsExternalPaymentsCreate',
  'OReceiptsExternalPaymentsCreate',
  'SReceiptsExternalPaymentsCreate',
  'RReceiptsExternalPaymentsCreate',
] as const;

export const ReceiptStatusEnum = builder.enumType('ReceiptStatus', { values: RECEIPT_STATUSES });
export const PaymentMethodEnum = builder.enumType('PaymentMethod', { values: PAYMENT_METHODS });
export const ReceiptGroupEnum = builder.enumType('ReceiptGroup', {
  description: 'The tabs of a receipts list: PENDING (anything not paid) and COMPLETED (paid)',
  values: RECEIPT_GROUPS,
});

const ReceiptConceptRef = builder.objectRef<ReceiptRow>('ReceiptConcept').implement({
  description: 'The income concept a receipt charges for',
  fields: (t) => ({
    conceptId: t.id({ resolve: (r) => encodeGlobalID('IncomeConcept', r.conceptId) }),
    databaseId: t.exposeInt('conceptId'),
    description: t.exposeString('conceptDescription'),
    increaseBalance: t.exposeBoolean('conceptIncreaseBalance'),
  }),
});

const ReceiptWalletRef = builder.objectRef<ReceiptRow>('ReceiptWallet').implement({
  description: 'The wallet a receipt is paid from (spec 1 section 4, wallet choice)',
  fields: (t) => ({
    walletId: t.id({ resolve: (r) => encodeGlobalID('Wallet', r.walletId) }),
    databaseId: t.exposeInt('walletId'),
    type: t.field({ type: WalletTypeEnum, resolve: (r) => r.walletType }),
    name: t.exposeString('walletName'),
  }),
});

const ReceiptDocumentsRef = builder.objectRef<ReturnType<typeof receiptDocuments>>('ReceiptDocuments').implement({
  description: 'Which document links a receipt shows (spec 1 section 4)',
  fields: (t) => ({
    receipt: t.exposeBoolean('receipt'),
    paymentInstructions: t.exposeBoolean('paymentInstructions'),
    externalPayment: t.exposeBoolean('externalPayment'),
    cfdiXml: t.exposeBoolean('cfdiXml'),
    cfdiPdf: t.exposeBoolean('cfdiPdf'),
    attachment: t.exposeBoolean('attachment'),
  }),
});

const ReceiptActionsRef = builder.objectRef<ReceiptActionFlags>('ReceiptActions').implement({
  description: "The actions menu of a receipt for the current person (spec 1 section 6's flags)",
  fields: (t) => ({
    allowPayment: t.exposeBoolean('allowPayment'),
    allowDeleteReceipt: t.exposeBoolean('allowDeleteReceipt'),
    allowUpdateReceipt: t.exposeBoolean('allowUpdateReceipt', { description: 'Recalculate' }),
    allowAddPenalization: t.exposeBoolean('allowAddPenalization'),
    allowDeletePenalization: t.exposeBoolean('allowDeletePenalization'),
    allowAddDiscount: t.exposeBoolean('allowAddDiscount'),
    allowDeleteDiscount: t.exposeBoolean('allowDeleteDiscount'),
    allowCancelReview: t.exposeBoolean('allowCancelReview'),
    allowDeletePayment: t.exposeBoolean('allowDeletePayment', { description: 'Remove a wallet payment' }),
    allowDeleteReference: t.exposeBoolean('allowDeleteReference'),
    allowSendPaymentInstructions: t.exposeBoolean('allowSendPaymentInstructions'),
    allowExternalPayment: t.exposeBoolean('allowExternalPayment'),
    allowPayWithWallet: t.exposeBoolean('allowPayWithWallet'),
  }),
});

/** Wallet balances of the houses a request asks about, read once per house. */
const balancesByRequest = new WeakMap<object, Map<number, Promise<Map<number, unknown>>>>();
function balancesOf(ctx: Context, houseId: number) {
  const perHouse = balancesByRequest.get(ctx) ?? new Map<number, Promise<Map<number, unknown>>>();
  balancesByRequest.set(ctx, perHouse);
  const balances = perHouse.get(houseId) ?? houseBalances(ctx.prisma, houseId);
  perHouse.set(houseId, balances);
  return balances;
}

export const ReceiptRef = builder.objectRef<ReceiptRow>('Receipt');

builder.node(ReceiptRef, {
  description: 'What a house owes for one concept and period, and how it was paid (spec 1 section 3, spec 2 section 3)',
  authScopes: { grant: RECEIPT_READERS },
  directives: { grant: { any: RECEIPT_READERS } },
  id: { resolve: (r) => r.id },
  // Another community's receipt never resolves; another house's only for administrators (the module's houseScope).
  loadMany: async (ids, ctx) => {
    const rows = await receiptRows(ctx.db.kysely, communityOf(ctx), ids.map(rowId));
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.map((id) => byId.get(String(rowId(id))) ?? null);
  },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    description: t.exposeString('description'),
    year: t.exposeInt('year'),
    month: t.exposeInt('month'),
    dueDate: t.field({ type: 'Date', resolve: (r) => r.dueDate }),
    sourceAmount: t.field({ type: 'Decimal', description: 'The fee before discount or penalty', resolve: (r) => r.sourceAmount }),
    discountAmount: t.field({ type: 'Decimal', nullable: true, resolve: (r) => r.discountAmount }),
    penaltyAmount: t.field({ type: 'Decimal', nullable: true, resolve: (r) => r.penaltyAmount }),
    amount: t.field({ type: 'Decimal', description: 'What the receipt expects now (core/receipts.ts expectedAmount)', resolve: (r) => r.amount }),
    transactionTotal: t.field({ type: 'Decimal', nullable: true, description: 'What was paid', resolve: (r) => r.transactionTotal }),
    hasDiscount: t.exposeBoolean('hasDiscount'),
    discountEndDate: t.field({ type: 'Date', nullable: true, resolve: (r) => r.discountEndDate }),
    hasPenalty: t.exposeBoolean('hasPenalty'),
    deadlineDate: t.field({ type: 'Date', nullable: true, resolve: (r) => r.deadlineDate }),
    penaltyDate: t.field({ type: 'Date', nullable: true, resolve: (r) => r.penaltyDate }),
    status: t.field({ type: ReceiptStatusEnum, resolve: (r) => r.status }),
    group: t.field({ type: ReceiptGroupEnum, resolve: (r) => receiptGroup(r.status) }),
    paymentMethod: t.field({ type: PaymentMethodEnum, nullable: true, resolve: (r) => r.paymentMethod }),
    paymentDate: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.paymentDate }),
    paymentDay: t.field({
      type: 'Date',
      nullable: true,
      description: "The payment date's day in the community's time zone",
      resolve: (r) => r.paymentDay ?? null,
    }),
    realPaymentDate: t.field({ type: 'Date', nullable: true, resolve: (r) => r.realPaymentDate }),
    paymentAuthorization: t.exposeString('paymentAuthorization', { nullable: true }),
    paymentReference: t.exposeString('paymentReference', { nullable: true }),
    accountEnding: t.exposeString('accountEnding', { nullable: true }),
    incomeAccountDatabaseId: t.exposeInt('incomeAccountId', {
      nullable: true,
      description: 'The income account a captured payment went into (id_income_account)',
    }),
    cardType: t.exposeString('cardType', { nullable: true }),
    attachmentFileId: t.exposeString('attachmentFileId', {
      nullable: true,
      description: 'The uploaded proof of a manual payment request (GET /api/1.0/files/{id})',
    }),
    creditsWallet: t.exposeBoolean('creditsWallet', { description: 'A manual payment request: paying it credits its wallet' }),
    notes: t.string({
      nullable: true,
      description: "The administration's notes (also GET .../notes)",
      resolve: async (r, _a, ctx) =>
        r.hasNotes ? ((await ctx.prisma.receipt.findUnique({ where: { id: r.id }, select: { notes: true } }))?.notes ?? null) : null,
    }),
    maintenanceId: t.id({ nullable: true, resolve: (r) => (r.maintenanceId === null ? null : encodeGlobalID('Maintenance', r.maintenanceId)) }),
    maintenanceDatabaseId: t.exposeInt('maintenanceId', { nullable: true }),
    maintenanceOrdinary: t.exposeBoolean('maintenanceOrdinary', { nullable: true }),
    agreementDatabaseId: t.exposeInt('agreementId', { nullable: true }),
    measuredServiceDatabaseId: t.exposeInt('measuredServiceId', { nullable: true }),
    concept: t.field({ type: ReceiptConceptRef, resolve: (r) => r }),
    wallet: t.field({ type: ReceiptWalletRef, resolve: (r) => r }),
    houseId: t.id({ resolve: (r) => encodeGlobalID('House', r.houseId) }),
    houseDatabaseId: t.exposeInt('houseId'),
    houseLabel: t.string({
      resolve: (r) =>
        houseLabel({
          interiorNumber: r.houseInteriorNumber,
          exteriorNumber: r.houseExteriorNumber,
          block: r.houseBlock,
          lot: r.houseLot,
          catastral: r.houseCatastral,
        }),
    }),
    documents: t.field({
      type: ReceiptDocumentsRef,
      resolve: (r, _a, ctx) => {
        const documents = (invoice: { cfdiXml: boolean; cfdiPdf: boolean }) =>
          receiptDocuments(r.status, {
            externalPayment: parseExternalPayment(r.externalPayment, r.status) !== null,
            ...invoice,
            attachment: r.attachmentFileId !== null,
          });
        const invoice = receiptInvoiceDocuments(ctx, r.id, r.invoice);
        return invoice instanceof Promise ? invoice.then(documents) : documents(invoice);
      },
    }),
    actions: t.field({
      type: ReceiptActionsRef,
      resolve: (r, _a, ctx) => {
        const actions = (balance: string | undefined) =>
          receiptActions(
            {
              status: r.status,
              paymentMethod: r.paymentMethod,
              hasDiscountRule: r.hasDiscount,
              hasPenaltyRule: r.hasPenalty,
              discountAmount: r.discountAmount,
              penaltyAmount: r.penaltyAmount,
              maintenanceId: r.maintenanceId,
              agreementId: r.agreementId,
            },
            {
              admin: holdsAny(ctx, RECEIPT_UPDATERS),
              payer: holdsAny(ctx, WALLET_PAYERS) && reachesHouse(ctx.actor, r.houseId, RECEIPT_UPDATERS),
              externalPayer: holdsAny(ctx, EXTERNAL_PAYERS) && reachesHouse(ctx.actor, r.houseId, ['AReceiptsExternalPaymentsCreate']),
              walletBalance: r.creditsWallet ? null : formatMoney(balance ?? '0'),
              amount: r.amount,
            },
          );
        // A page read with the actions carries each row's balance; a receipt read alone asks for its house's.
        return r.walletBalance !== undefined
          ? actions(r.walletBalance)
          : balancesOf(ctx, r.houseId).then((balances) => actions(balances.get(r.walletId) as string | undefined));
      },
    }),
  }),
});

export const ReceiptFilterInput = builder.inputType('ReceiptFilter', {
  description: 'Receipt list filters of spec 1 section 2 (group is the tab)',
  fields: (t) => ({
    group: t.field({ type: ReceiptGroupEnum, required: false }),
    agreementId: t.int({ required: false, description: 'id_agreement: receipts of one agreement' }),
    paymentMethod: t.field({ type: PaymentMethodEnum, required: false }),
    paymentStatus: t.field({ type: ReceiptStatusEnum, required: false }),
  }),
});

/** A connection of receipts read by one statement (plus a count when paging by cursor). */
export async function receiptConnection(
  ctx: Context,
  filter: ReceiptFilter,
  args: { first?: number | null; last?: number | null; after?: string | null; before?: string | null; offset?: number | null },
  info: Parameters<typeof selectsField>[0],
) {
  const page = keysetPage(args, parseIdCursor, { defaultSize: 20, maxSize: MAX_PAGE_SIZE });
  const wantsTotal = selectsField(info, 'totalCount');
  const byCursor = page.after != null || page.before != null;
  const neighborhoodId = communityOf(ctx);
  const extras = {
    balance: selectsField(info, 'edges.node.actions'),
    invoice: selectsField(info, 'edges.node.documents') || selectsField(info, 'edges.node.cfdiLinks') || selectsField(info, 'edges.node.cfdiActions'),
  };
  const rows = (await receiptsPageQuery(ctx.db.kysely, neighborhoodId, filter, page, wantsTotal && !byCursor, extras).execute()) as ReceiptRow[];
  let total: number | undefined;
  if (wantsTotal) {
    if (!byCursor) {
      total = rows.length ? Number(rows[0].total) : page.offset > 0 ? await countReceipts(ctx, neighborhoodId, filter) : 0;
    } else total = await countReceipts(ctx, neighborhoodId, filter);
  }
  return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total);
}

async function countReceipts(ctx: Context, neighborhoodId: number, filter: ReceiptFilter) {
  const [row] = await receiptsCountQuery(ctx.db.kysely, neighborhoodId, filter).execute();
  return Number(row.n);
}

export const ReceiptConnectionRef = builder.connectionObject({
  type: ReceiptRef,
  name: 'ReceiptConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

builder.queryField('houseReceipts', (t) =>
  t.field({
    type: ReceiptConnectionRef,
    description: "A house's receipts, newest first (/houses/{houseId}/receipts); house users read their own house without houseId",
    ...grants(...RECEIPT_READERS),
    args: {
      houseId: t.arg.globalID({ required: false, description: 'The house (administrators); the own house by default' }),
      filter: t.arg({ type: ReceiptFilterInput, required: false }),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
      last: t.arg.int({ required: false }),
      before: t.arg.string({ required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    resolve: async (_r, args, ctx, info) => {
      const houseId = args.houseId ? (args.houseId.typename === 'House' ? args.houseId.id : '-1') : null;
      const id = houseInReach(ctx, houseId, RECEIPT_ADMIN_READERS, 'FOREIGN_RECEIPT');
      const connection = await receiptConnection(ctx, { houseId: id, ...(args.filter ?? {}) }, args, info);
      // Receipts found prove the house is of the community (the page's own condition); it must not be deleted either.
      const shown = connection.edges[0]?.node;
      if (!shown || shown.houseStatus === 'DELETED') await targetHouse(ctx, id, RECEIPT_ADMIN_READERS, 'FOREIGN_RECEIPT');
      return connection as never;
    },
  }),
);

// ---- Actions ---------------------------------------------------------------------------------------

const ReceiptActionPayload = builder.objectRef<ReceiptActionResult>('ReceiptActionPayload').implement({
  description: 'A receipt action: the receipt as it is now (null once deleted) and the Spanish message to show',
  fields: (t) => ({
    message: t.exposeString('message'),
    recalculated: t.exposeBoolean('recalculated', { nullable: true, description: 'recalculateReceipt: whether anything changed' }),
    receipt: t.field({
      type: ReceiptRef,
      nullable: true,
      resolve: async (p, _a, ctx) => (await receiptRows(ctx.db.kysely, communityOf(ctx), [p.receiptId]))[0] ?? null,
    }),
  }),
});

type ActionFn = (ctx: Context, receiptId: number, key?: string | null) => Promise<ReceiptActionResult>;

/** A receipt named under a house (legacy paths) must be of that house: otherwise it does not exist there. */
async function assertReceiptOfHouse(ctx: Context, receiptId: number, house: { typename: string; id: string }) {
  const found = await ctx.prisma.receipt.findFirst({
    where: { id: receiptId, neighborhoodId: communityOf(ctx), houseId: house.typename === 'House' ? rowId(house.id) : -1 },
    select: { id: true },
  });
  if (!found) throw new NotFoundError('RECEIPT_NOT_FOUND');
}

function receiptMutation(name: string, description: string, grantList: readonly string[], run: ActionFn) {
  builder.mutationField(name, (t) =>
    t.field({
      type: ReceiptActionPayload,
      description,
      ...grants(...(grantList as ['AReceiptsUpdate'])),
      errors: { types: [InputError, ConflictError, NotFoundError] },
      args: {
        input: t.arg({
          type: builder.inputType(`${name[0].toUpperCase()}${name.slice(1)}Input`, {
            fields: (f) => ({
              receiptId: f.globalID({ required: true, for: ReceiptRef }),
              houseId: f.globalID({ required: false, description: 'When given, the receipt must be of this house (legacy paths name it)' }),
              idempotencyKey: idempotencyKeyField(f),
            }),
          }),
          required: true,
        }),
      },
      resolve: async (_r, { input }, ctx) => {
        const receiptId = rowId(input.receiptId.id);
        if (input.houseId) await assertReceiptOfHouse(ctx, receiptId, input.houseId);
        return run(ctx, receiptId, input.idempotencyKey);
      },
    }),
  );
}

receiptMutation(
  'recalculateReceipt',
  "Apply today's rule (and an ordinary fee's current amount); recalculated false when nothing changed",
  RECEIPT_UPDATERS,
  recalculateReceipt,
);
receiptMutation('addReceiptPenalty', 'Apply the penalty whatever the date', RECEIPT_UPDATERS, (c, id, k) => setReceiptAdjustment(c, id, 'penalty', true, k));
receiptMutation('removeReceiptPenalty', 'Waive the penalty', RECEIPT_UPDATERS, (c, id, k) => setReceiptAdjustment(c, id, 'penalty', false, k));
receiptMutation('addReceiptDiscount', 'Apply the early-payment discount whatever the date', RECEIPT_UPDATERS, (c, id, k) =>
  setReceiptAdjustment(c, id, 'discount', true, k),
);
receiptMutation('removeReceiptDiscount', 'Remove the discount', RECEIPT_UPDATERS, (c, id, k) => setReceiptAdjustment(c, id, 'discount', false, k));
receiptMutation('deleteReceipt', "Delete a pending receipt; a maintenance receipt's amount stays as a debt in its wallet", RECEIPT_UPDATERS, deleteReceipt);
receiptMutation('cancelReceiptReview', 'Leave REVIEW, discarding the external payment under review', RECEIPT_UPDATERS, cancelReceiptReview);
receiptMutation('removeReceiptPaymentReference', 'Drop a pending store or bank reference (IN_PROGRESS)', REFERENCE_HANDLERS, removePaymentReference);
receiptMutation(
  'sendReceiptPaymentInstructions',
  'E-mail the payment instructions of a pending reference again (IN_PROGRESS)',
  REFERENCE_HANDLERS,
  sendPaymentInstructions,
);
receiptMutation('payReceiptWithWallet', "Pay with the receipt's wallet when its balance covers the amount", WALLET_PAYERS, payReceiptWithWallet);
receiptMutation('removeReceiptWalletPayment', 'Undo a wallet payment: the money returns to the wallet', RECEIPT_UPDATERS, removeWalletPayment);

builder.mutationField('updateReceiptNotes', (t) =>
  t.field({
    type: ReceiptActionPayload,
    description: "Write a receipt's notes (blank clears them)",
    ...grants(...RECEIPT_UPDATERS),
    errors: { types: [InputError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateReceiptNotesInput', {
          fields: (f) => ({
            receiptId: f.globalID({ required: true, for: ReceiptRef }),
            notes: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => updateReceiptNotes(ctx, rowId(input.receiptId.id), input.notes ?? null, input.idempotencyKey),
  }),
);

// GraphQL of online payments: the pay screen's options, the charge request, its verification, the live
// payment status of a receipt, and the house's saved cards with automatic charge.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { ErrorInterface } from '../../../../graphql/errorTypes.js';
import type { Card } from '../../../../db/generated/client.js';
import { ConflictError, InputError, NotFoundError, PaymentError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { PaymentMethodEnum, ReceiptRef } from '../receipts/receipt.js';
import { DownloadFileRef } from '../receipts/documents.js';
import { type Instructions, paymentInstructionsPdf, referenceInstructions } from './instructionsPdf.js';
import { findReceipt } from '../receipts/service.js';
import type { PaymentFee } from '../../../../../core/payments.js';
import { CARD_DELETERS, CARD_READERS, CARD_UPDATERS, deleteCard, houseCards, setAutomaticCharge } from './cards.js';
import { ADMIN_PAYERS, chargeReceipt, chargeView, type ChargeView, PAYERS, payOptions, type PayOptions, verifyCharge } from './service.js';

builder.objectType(PaymentError, {
  name: 'PaymentError',
  description: "The gateway refused the payment or it cannot go on: the gateway's code (1000–6003), 2080 or 1018, and the Spanish message",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof PaymentError,
});

const ChargeStatusEnum = builder.enumType('ChargeStatus', { values: ['IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED', 'CHARGED_BACK', 'CREDITED'] as const });

const ReferenceInstructionsRef = builder.objectRef<Instructions>('ReferenceInstructions').implement({
  description: 'How to pay a store reference (reference, barcode) or a bank transfer (CLABE, bank, beneficiary, agreement)',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'store or bank_transfer' }),
    reference: t.string({ nullable: true, resolve: (i) => i.reference ?? null }),
    barcodeUrl: t.string({ nullable: true, resolve: (i) => i.barcodeUrl ?? null }),
    clabe: t.string({ nullable: true, resolve: (i) => i.clabe ?? null }),
    bank: t.string({ nullable: true, resolve: (i) => i.bank ?? null }),
    name: t.string({ nullable: true, resolve: (i) => i.name ?? null }),
    agreement: t.string({ nullable: true, resolve: (i) => i.agreement ?? null }),
  }),
});

const ReceiptChargeRef = builder.objectRef<ChargeView>('ReceiptCharge').implement({
  description: 'An online payment of a receipt and what the pay screen shows about it',
  fields: (t) => ({
    chargeId: t.exposeString('chargeId'),
    receiptId: t.id({ resolve: (c) => encodeGlobalID('Receipt', c.receiptId) }),
    houseId: t.id({ resolve: (c) => encodeGlobalID('House', c.houseId) }),
    method: t.field({ type: PaymentMethodEnum, resolve: (c) => c.method }),
    status: t.field({ type: ChargeStatusEnum, resolve: (c) => c.status }),
    amount: t.field({ type: 'Decimal', resolve: (c) => c.amount }),
    fee: t.field({ type: 'Decimal', resolve: (c) => c.fee }),
    total: t.field({ type: 'Decimal', description: 'What the payer is charged', resolve: (c) => c.total }),
    reference: t.exposeString('reference', { nullable: true, description: 'Store reference or CLABE of a bank transfer' }),
    instructions: t.field({ type: ReferenceInstructionsRef, nullable: true, resolve: (c) => referenceInstructions(c.instructions, c.method) }),
    redirectUrl: t.exposeString('redirectUrl', { nullable: true, description: '3-D Secure: where to send the payer' }),
    authorization: t.exposeString('authorization', { nullable: true }),
    errorCode: t.exposeInt('errorCode', { nullable: true }),
    errorMessage: t.exposeString('errorMessage', { nullable: true }),
    message: t.exposeString('message'),
    failedAttempts: t.exposeInt('failedAttempts', { description: 'Failed card attempts of the house in the last 24 hours' }),
  }),
});

const PaymentFeeRef = builder.objectRef<PaymentFee>('PaymentFee').implement({
  fields: (t) => ({
    method: t.field({ type: PaymentMethodEnum, resolve: (f) => f.method }),
    fee: t.field({ type: 'Decimal', resolve: (f) => f.fee }),
    total: t.field({ type: 'Decimal', description: "The payer's total", resolve: (f) => f.total }),
    deposit: t.field({ type: 'Decimal', description: 'What reaches the community', resolve: (f) => f.deposit }),
  }),
});

export const SavedCardRef = builder.objectRef<Card>('SavedCard').implement({
  description: 'A card the house saved with the gateway (the gateway keeps the number; this is the masked one)',
  fields: (t) => ({
    id: t.id({ resolve: (c) => encodeGlobalID('SavedCard', c.id) }),
    databaseId: t.exposeInt('id'),
    cardNumber: t.exposeString('cardNumber'),
    brand: t.exposeString('brand'),
    cardType: t.exposeString('cardType'),
    holderName: t.exposeString('holderName'),
    expirationMonth: t.exposeString('expirationMonth'),
    expirationYear: t.exposeString('expirationYear'),
    automaticCharge: t.exposeBoolean('automaticCharge'),
  }),
});

const PayOptionsRef = builder.objectRef<PayOptions>('ReceiptPayOptions').implement({
  description: "How a receipt can be paid online (the legacy receipt read's methods, fees, cards and gateway keys)",
  fields: (t) => ({
    online: t.exposeBoolean('online', { description: 'PAGO_EN_LINEA is active and the gateway keys are set' }),
    methods: t.field({ type: [PaymentMethodEnum], resolve: (o) => o.methods }),
    amount: t.field({ type: 'Decimal', resolve: (o) => o.amount }),
    fees: t.field({ type: [PaymentFeeRef], resolve: (o) => o.fees }),
    feePaidByPayer: t.exposeBoolean('feePaidByPayer'),
    msiChoices: t.exposeIntList('msiChoices'),
    cards: t.field({ type: [SavedCardRef], resolve: (o) => o.cards }),
    gatewayName: t.exposeString('gatewayName', { nullable: true }),
    gatewayAccountId: t.exposeString('gatewayAccountId', { nullable: true }),
    gatewayPublicKey: t.exposeString('gatewayPublicKey', { nullable: true }),
    gatewaySandboxMode: t.exposeBoolean('gatewaySandboxMode', { nullable: true }),
    tokenBaseUrl: t.exposeString('tokenBaseUrl', {
      nullable: true,
      description: 'Where the browser tokenizes cards: {tokenBaseUrl}/v1/{gatewayAccountId}/tokens',
    }),
    failedAttempts: t.exposeInt('failedAttempts'),
    latestCharge: t.field({
      type: ReceiptChargeRef,
      nullable: true,
      resolve: (o, _a, ctx) => (o.latestChargeId ? chargeView(ctx.prisma, o.latestChargeId) : null),
    }),
  }),
});

const receiptArg = (id: { typename: string; id: string }) => {
  if (id.typename !== 'Receipt') throw new NotFoundError('RECEIPT_NOT_FOUND');
  return rowId(id.id);
};

builder.queryField('receiptPayOptions', (t) =>
  t.field({
    type: PayOptionsRef,
    description: 'How the receipt can be paid online by the current person (no methods for who may only read it)',
    ...grants(...PAYERS, 'AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'),
    args: { receiptId: t.arg.globalID({ required: true }) },
    resolve: (_r, args, ctx) => payOptions(ctx, receiptArg(args.receiptId)),
  }),
);

const ChargePayloadRef = builder.objectRef<{ charge: ChargeView | null; message: string }>('ChargeReceiptPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    charge: t.field({ type: ReceiptChargeRef, nullable: true, description: 'null when paid with the wallet', resolve: (p) => p.charge }),
  }),
});

builder.mutationField('chargeReceipt', (t) =>
  t.field({
    type: ChargePayloadRef,
    description:
      'Pay a receipt: CARD (a token made in the browser, or a saved card), STORE or BANK (a reference), WALLET. A failed card counts; a 4th attempt within 24 hours is refused (1018)',
    ...grants(...PAYERS),
    errors: { types: [InputError, ConflictError, NotFoundError, PaymentError] },
    args: {
      input: t.arg({
        type: builder.inputType('ChargeReceiptInput', {
          fields: (f) => ({
            receiptId: f.globalID({ required: true, for: ReceiptRef }),
            method: f.string({ required: true, description: 'CARD, STORE, BANK or WALLET' }),
            cardToken: f.string({ required: false, description: "The gateway's token of a new card (tokenized in the browser)" }),
            cardId: f.globalID({ required: false, description: 'A saved card' }),
            deviceSessionId: f.string({ required: false }),
            persistCard: f.boolean({ required: false }),
            saveAutomaticCharge: f.boolean({ required: false }),
            authorize: f.boolean({ required: false, description: 'Authorizes automatic charge to the card' }),
            acceptTos: f.boolean({ required: false }),
            msi: f.int({ required: false, description: 'Interest-free months' }),
            origin: f.string({ required: false, description: "The client's origin, for the 3-D Secure return" }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const result = await chargeReceipt(
        ctx,
        {
          ...input,
          receiptId: rowId(input.receiptId.id),
          cardId: input.cardId ? (input.cardId.typename === 'SavedCard' ? rowId(input.cardId.id) : -1) : null,
          persistCard: input.persistCard ?? false,
          saveAutomaticCharge: input.saveAutomaticCharge ?? false,
          authorize: input.authorize ?? false,
          acceptTos: input.acceptTos ?? false,
        },
        input.idempotencyKey,
      );
      if ('walletMessage' in result) return { charge: null, message: result.walletMessage };
      if (result.status === 'FAILED')
        throw new PaymentError(reason('PAYMENT_DECLINED', { message: result.errorMessage ?? result.message }), result.errorCode ?? -1);
      return { charge: result, message: result.message };
    },
  }),
);

builder.mutationField('verifyReceiptCharge', (t) =>
  t.field({
    type: ChargePayloadRef,
    description: "Ask the gateway about a receipt's charge (the 3-D Secure return, a payment in process) and settle it",
    ...grants(...PAYERS),
    errors: { types: [NotFoundError, PaymentError] },
    args: {
      input: t.arg({
        type: builder.inputType('VerifyReceiptChargeInput', {
          fields: (f) => ({
            receiptId: f.globalID({ required: true, for: ReceiptRef }),
            transactionId: f.string({ required: false, description: "The gateway's transaction id (the 3-D Secure return's id)" }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const view = await verifyCharge(ctx, rowId(input.receiptId.id), input.transactionId?.slice(0, 100) ?? null);
      return { charge: view, message: view.message };
    },
  }),
);

const ReceiptPaymentEventRef = builder.objectRef<{ receiptId: number; chargeId: string; status: string; at: Date }>('ReceiptPaymentEvent').implement({
  fields: (t) => ({
    receiptId: t.id({ resolve: (e) => encodeGlobalID('Receipt', e.receiptId) }),
    chargeId: t.exposeString('chargeId'),
    status: t.exposeString('status', { description: 'IN_PROGRESS, COMPLETED or FAILED' }),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
  }),
});

builder.subscriptionField('receiptPaymentUpdated', (t) =>
  t.field({
    type: ReceiptPaymentEventRef,
    description: "A receipt's online payment moved (charge answered, webhook, verification): the open pay screen refreshes",
    ...grants(...PAYERS, 'AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'),
    args: { receiptId: t.arg.globalID({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const receipt = await findReceipt(ctx, ctx.prisma, receiptArg(args.receiptId), [...ADMIN_PAYERS, 'AReceiptsRead']);
      return ctx.pubsub.subscribe('receipt:payment', receipt.id);
    },
    resolve: (event) => event,
  }),
);

// ---- Saved cards -----------------------------------------------------------------------------------

const HouseCardsRef = builder.objectRef<Awaited<ReturnType<typeof houseCards>>>('HouseCards').implement({
  fields: (t) => ({
    houseId: t.id({ resolve: (h) => encodeGlobalID('House', h.houseId) }),
    cards: t.field({ type: [SavedCardRef], resolve: (h) => h.cards }),
    recurrentChargeAllowed: t.exposeBoolean('recurrentChargeAllowed'),
    recurrentChargeAdvice: t.exposeString('recurrentChargeAdvice'),
  }),
});

builder.queryField('houseCards', (t) =>
  t.field({
    type: HouseCardsRef,
    description: "The own house's saved cards (/houses/cards)",
    ...grants(...CARD_READERS),
    resolve: (_r, _a, ctx) => houseCards(ctx, null),
  }),
);

const CardActionPayloadRef = builder.objectRef<{ cardId: number; houseId: number; message: string }>('CardActionPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    card: t.field({
      type: SavedCardRef,
      nullable: true,
      resolve: (p, _a, ctx) => ctx.prisma.card.findFirst({ where: { id: p.cardId, houseId: p.houseId, deletedAt: null } }),
    }),
    deletedId: t.id({ resolve: (p) => encodeGlobalID('SavedCard', p.cardId) }),
  }),
});

const cardArg = (id: { typename: string; id: string }) => (id.typename === 'SavedCard' ? rowId(id.id) : -1);

function cardMutation(
  name: string,
  description: string,
  grantList: readonly string[],
  withAuthorize: boolean,
  run: (ctx: any, cardId: number, authorize: boolean) => Promise<any>,
) {
  builder.mutationField(name, (t) =>
    t.field({
      type: CardActionPayloadRef,
      description,
      ...grants(...(grantList as ['OCardsUpdate'])),
      errors: { types: [InputError, ConflictError, NotFoundError] },
      args: {
        input: t.arg({
          type: builder.inputType(`${name[0].toUpperCase()}${name.slice(1)}Input`, {
            fields: (f) => ({
              cardId: f.globalID({ required: true }),
              ...(withAuthorize ? { authorize: f.boolean({ required: false, description: 'The payer authorizes automatic charge' }) } : {}),
            }),
          }),
          required: true,
        }),
      },
      resolve: (_r, { input }, ctx) => run(ctx, cardArg(input.cardId), (input as { authorize?: boolean | null }).authorize ?? false),
    }),
  );
}

cardMutation('deleteSavedCard', 'Delete a saved card (at the gateway too)', CARD_DELETERS, false, (ctx, id) => deleteCard(ctx, id));
cardMutation(
  'subscribeCardAutomaticCharge',
  "Automatic charge with this card (the house's other card loses it); needs authorize",
  CARD_UPDATERS,
  true,
  (ctx, id, authorize) => setAutomaticCharge(ctx, id, true, authorize),
);
cardMutation('unsubscribeCardAutomaticCharge', 'Stop automatic charge with this card', CARD_UPDATERS, false, (ctx, id) =>
  setAutomaticCharge(ctx, id, false, false),
);

builder.queryField('paymentInstructionsPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "The payment instructions of a receipt's pending store or bank reference as PDF (null without one)",
    ...grants('AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'),
    args: { receiptId: t.arg.globalID({ required: true }) },
    resolve: (_r, { receiptId }, ctx) => (receiptId.typename === 'Receipt' ? paymentInstructionsPdf(ctx, rowId(receiptId.id)) : null),
  }),
);

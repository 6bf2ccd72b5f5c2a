// GraphQL of external payments (receipts/externalPayments.ts): the external payment a receipt carries, the
// accounts a payment may go into, the unknown payments a review could match, and the create and review
// mutations. The legacy routes are in externalPaymentsRest.ts.
import { accountBankName, maskAccountNumber } from '../../../../../core/accounts.js';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { communityOf, type Context } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import type { IncomeAccount, UnknownPayment } from '../../../../db/generated/client.js';
import { formatPesos } from '../../../../../core/money.js';
import { houseLabel } from '../../../../../core/houseLabel.js';
import { reachesHouse } from '../../../../auth/houseScope.js';
import { DownloadFileRef } from './documents.js';
import { dateEs, fileSlug, footer, newPdf, PDF_CONTENT_TYPE, periodEs, type GeneratedFile } from './pdf.js';
import { ReceiptRef } from './receipt.js';
import { receiptRows } from './rows.js';
import { RECEIPT_ADMIN_READERS, RECEIPT_READERS } from './service.js';
import {
  CARD_TYPES,
  createExternalPayment,
  EXTERNAL_METHODS,
  EXTERNAL_PAYMENT_ADMINS,
  EXTERNAL_PAYMENT_CREATORS,
  EXTERNAL_PAYMENT_UPDATERS,
  type ExternalPaymentRecord,
  type ExternalPaymentResult,
  parseExternalPayment,
  PAYMENT_ACCOUNT_TYPES,
  REVIEW_ACTIONS,
  reviewExternalPayment,
  unknownPaymentsForReview,
} from './externalPayments.js';

export const ExternalPaymentMethodEnum = builder.enumType('ExternalPaymentMethod', {
  description: 'How a house paid outside the platform',
  values: EXTERNAL_METHODS,
});
export const ExternalPaymentCardTypeEnum = builder.enumType('ExternalPaymentCardType', { values: CARD_TYPES });
export const ExternalPaymentActionEnum = builder.enumType('ExternalPaymentAction', {
  description: 'Spec 1 section 4: SAVE keeps it in review, APPROVE pays the receipt, DECLINE returns it to its pending status',
  values: REVIEW_ACTIONS,
});
export const ExternalPaymentStateEnum = builder.enumType('ExternalPaymentState', {
  description: 'REVIEW: waiting for the administration; APPROVED: accepted from review; REGISTERED: recorded by the administration; DECLINED',
  values: ['REVIEW', 'APPROVED', 'DECLINED', 'REGISTERED'] as const,
});

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export const ExternalPaymentRef = builder.objectRef<ExternalPaymentRecord>('ExternalPayment').implement({
  description: "What a house sent as paid outside the platform (the receipt's external_payment), and what became of it",
  fields: (t) => ({
    method: t.field({ type: ExternalPaymentMethodEnum, resolve: (r) => r.method }),
    cardType: t.field({ type: ExternalPaymentCardTypeEnum, nullable: true, resolve: (r) => (r.cardType as 'CREDIT' | 'DEBIT' | null) ?? null }),
    incomeAccountDatabaseId: t.int({
      nullable: true,
      description: 'null only when an older database kept the payment without its account: a review chooses it',
      resolve: (r) => r.incomeAccountId,
    }),
    accountEnding: t.string({ nullable: true, resolve: (r) => r.accountEnding }),
    authorization: t.string({ nullable: true, resolve: (r) => r.authorization }),
    notes: t.string({ nullable: true, resolve: (r) => r.notes }),
    message: t.string({ nullable: true, description: "The payer's message to the administration", resolve: (r) => r.message }),
    paymentDate: t.field({ type: 'Date', resolve: (r) => r.paymentDate }),
    attachmentFileId: t.string({ nullable: true, description: 'The proof uploaded with it (GET /api/1.0/files/{id})', resolve: (r) => r.attachmentFileId }),
    unknownPaymentDatabaseId: t.int({ nullable: true, resolve: (r) => r.unknownPaymentId }),
    state: t.field({ type: ExternalPaymentStateEnum, resolve: (r) => r.state }),
    sentAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'null only when an older database kept the payment without it',
      resolve: (r) => (r.sentAt ? new Date(r.sentAt) : null),
    }),
    decidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => (r.decidedAt ? new Date(r.decidedAt) : null) }),
  }),
});

builder.objectField(ReceiptRef, 'externalPayment', (t) =>
  t.field({
    type: ExternalPaymentRef,
    nullable: true,
    description: 'The external payment sent, registered or declined for this receipt (GET .../external-payment, .../review)',
    // null too when an older database kept something that is not an external payment (externalPaymentRecord.ts).
    resolve: (r) => parseExternalPayment(r.externalPayment, r.status),
  }),
);

export const PaymentAccountRef = builder.objectRef<IncomeAccount>('PaymentAccount').implement({
  description: 'A CLABE or CARD income account a payment may go into (spec 2 section 5), as payers and the administration choose it',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    accountType: t.exposeString('accountType'),
    description: t.exposeString('description'),
    holderName: t.exposeString('holderName', { nullable: true }),
    maskedNumber: t.string({ nullable: true, resolve: (a) => maskAccountNumber(a.accountType, a.accountNumber) }),
    bankName: t.string({ nullable: true, resolve: (a) => accountBankName(a.accountType, a.accountNumber) }),
  }),
});

/** Who may list the accounts a payment goes into: whoever sends, reviews or registers payments. */
export const PAYMENT_ACCOUNT_READERS = [
  ...EXTERNAL_PAYMENT_CREATORS,
  ...EXTERNAL_PAYMENT_UPDATERS,
  'AUnknownPaymentsCreate',
  'AUnknownPaymentsUpdate',
  'AUnknownPaymentsDelete',
] as const;

builder.queryField('paymentAccounts', (t) =>
  t.field({
    type: [PaymentAccountRef],
    description: "The community's CLABE and CARD income accounts (GET unknown_payments/accounts)",
    ...grants(...PAYMENT_ACCOUNT_READERS),
    resolve: (_r, _a, ctx) =>
      ctx.prisma.incomeAccount.findMany({
        where: { neighborhoodId: communityOf(ctx), deletedAt: null, accountType: { in: [...PAYMENT_ACCOUNT_TYPES] } },
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
        take: 200,
      }),
  }),
);

/** The unknown payments a review may match, as the review screen lists them. */
export const ReviewUnknownPaymentRef = builder.objectRef<UnknownPayment>('ReviewUnknownPayment').implement({
  description: 'An unmatched unknown payment a reviewed external payment could be',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    amount: t.field({ type: 'Decimal', resolve: (u) => u.amount.toFixed(2) }),
    authorization: t.exposeString('authorization', { nullable: true }),
    paymentDate: t.field({ type: 'Date', resolve: (u) => isoDay(u.paymentDate) }),
    incomeAccountDatabaseId: t.exposeInt('incomeAccountId'),
    comments: t.exposeString('comments', { nullable: true }),
  }),
});

builder.queryField('unknownPaymentsForReview', (t) =>
  t.field({
    type: [ReviewUnknownPaymentRef],
    description:
      "Unmatched unknown payments with the review's authorization and/or payment date (empty: 'No hay pagos no reconocidos que concuerden con el pago revisado')",
    ...grants(...EXTERNAL_PAYMENT_ADMINS),
    args: {
      receiptId: t.arg.globalID({ required: true }),
      authorization: t.arg.string({ required: false }),
      paymentDate: t.arg.string({ required: false, description: 'YYYY-MM-DD' }),
    },
    resolve: (_r, args, ctx) =>
      unknownPaymentsForReview(ctx, args.receiptId.typename === 'Receipt' ? rowId(args.receiptId.id) : -1, {
        authorization: args.authorization,
        paymentDate: args.paymentDate,
      }),
  }),
);

const ExternalPaymentPayload = builder.objectRef<ExternalPaymentResult>('ExternalPaymentPayload').implement({
  description: 'An external payment sent or reviewed: the receipt as it is now and the Spanish message to show',
  fields: (t) => ({
    message: t.exposeString('message'),
    action: t.exposeString('action', { description: 'REGISTER (paid at once), SAVE (in review), APPROVE or DECLINE' }),
    receipt: t.field({
      type: ReceiptRef,
      nullable: true,
      resolve: async (p, _a, ctx) => (await receiptRows(ctx.db.kysely, communityOf(ctx), [p.receiptId]))[0] ?? null,
    }),
  }),
});

/** A receipt named under a house (legacy paths) must be of that house: otherwise it does not exist there. */
async function assertReceiptOfHouse(ctx: Context, receiptId: number, house: { typename: string; id: string }) {
  const found = await ctx.prisma.receipt.findFirst({
    where: { id: receiptId, neighborhoodId: communityOf(ctx), houseId: house.typename === 'House' ? rowId(house.id) : -1 },
    select: { id: true },
  });
  if (!found) throw new NotFoundError('RECEIPT_NOT_FOUND');
}

function externalPaymentMutation(name: string, description: string, grantList: readonly string[], run: typeof createExternalPayment) {
  const inputName = `${name[0].toUpperCase()}${name.slice(1)}Input`;
  builder.mutationField(name, (t) =>
    t.field({
      type: ExternalPaymentPayload,
      description,
      ...grants(...(grantList as ['AReceiptsExternalPaymentsCreate'])),
      errors: { types: [InputError, ConflictError, NotFoundError] },
      args: {
        input: t.arg({
          type: builder.inputType(inputName, {
            fields: (f) => ({
              receiptId: f.globalID({ required: true, for: ReceiptRef }),
              houseId: f.globalID({ required: false, description: 'When given, the receipt must be of this house (legacy paths name it)' }),
              method: f.field({ type: ExternalPaymentMethodEnum, required: true }),
              cardType: f.field({ type: ExternalPaymentCardTypeEnum, required: false, description: 'Required when method is CARD' }),
              incomeAccountId: f.int({ required: true, description: 'A CLABE or CARD income account (paymentAccounts)' }),
              accountEnding: f.string({ required: false, description: 'Last 4 digits of the account or card paid from' }),
              authorization: f.string({ required: false }),
              notes: f.string({ required: false }),
              message: f.string({ required: false, description: 'A message to the administration' }),
              paymentDate: f.string({ required: true, description: 'YYYY-MM-DD, not in the future' }),
              action: f.field({ type: ExternalPaymentActionEnum, required: false }),
              unknownPaymentId: f.int({ required: false, description: 'Administrators: the unknown payment that is this money (it is matched on approval)' }),
              attachmentFileId: f.string({ required: false, description: 'A file uploaded to /api/1.0/files as proof' }),
              idempotencyKey: idempotencyKeyField(f),
            }),
          }),
          required: true,
        }),
      },
      resolve: async (_r, { input }, ctx) => {
        const receiptId = rowId(input.receiptId.id);
        if (input.houseId) await assertReceiptOfHouse(ctx, receiptId, input.houseId);
        const { receiptId: _id, houseId: _h, idempotencyKey, ...rest } = input;
        return run(ctx, receiptId, rest, idempotencyKey);
      },
    }),
  );
}

externalPaymentMutation(
  'createExternalPayment',
  'Administrators register an external payment (the receipt is paid; action SAVE leaves it in review); house users send it to REVIEW',
  EXTERNAL_PAYMENT_CREATORS,
  createExternalPayment,
);
externalPaymentMutation(
  'reviewExternalPayment',
  'The review of a receipt in REVIEW: SAVE, APPROVE or DECLINE (house users only SAVE); on a receipt paid EXTERNAL, administrators correct what was recorded',
  EXTERNAL_PAYMENT_UPDATERS,
  reviewExternalPayment,
);

const METHOD_TEXT: Record<(typeof EXTERNAL_METHODS)[number], string> = {
  TRANSFER: 'Transferencia',
  DEPOSIT: 'Depósito bancario',
  CARD: 'Tarjeta',
  CHECK: 'Cheque',
};
const STATE_TEXT: Record<ExternalPaymentRecord['state'], string> = {
  REVIEW: 'En revisión',
  APPROVED: 'Aceptado',
  DECLINED: 'Rechazado',
  REGISTERED: 'Registrado por la administración',
};

/** The voucher of a receipt's external payment (the receipt's "external payment" document link). */
async function externalPaymentPdf(ctx: Context, receiptId: number): Promise<GeneratedFile | null> {
  const [row] = await receiptRows(ctx.db.kysely, communityOf(ctx), [receiptId]);
  if (!row || !reachesHouse(ctx.actor, row.houseId, [...RECEIPT_ADMIN_READERS, ...EXTERNAL_PAYMENT_ADMINS])) return null;
  const record = parseExternalPayment(row.externalPayment, row.status);
  if (!record) return null;
  // The account may be gone (or never kept, in an older database): the voucher then leaves its line out.
  const account =
    record.incomeAccountId === null
      ? null
      : await ctx.prisma.incomeAccount.findFirst({ where: { id: record.incomeAccountId, neighborhoodId: communityOf(ctx) } });
  const community = await ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: communityOf(ctx) }, select: { name: true } });
  const label = houseLabel({
    interiorNumber: row.houseInteriorNumber,
    exteriorNumber: row.houseExteriorNumber,
    block: row.houseBlock,
    lot: row.houseLot,
    catastral: row.houseCatastral,
  });
  const pdf = newPdf('Comprobante de pago externo');
  const { doc } = pdf;
  doc.font('Helvetica-Bold').fontSize(16).text('Comprobante de pago externo');
  doc.font('Helvetica').fontSize(10).fillColor('#444444').text(community.name).moveDown();
  const lines: [string, string | null][] = [
    ['Recibo', `${row.description} (${periodEs(row.year, row.month)})`],
    ['Ubicación', label],
    ['Monto del recibo', formatPesos(row.transactionTotal ?? row.amount)],
    ['Estado', STATE_TEXT[record.state]],
    ['Forma de pago', METHOD_TEXT[record.method]],
    ['Tipo de tarjeta', record.cardType === 'CREDIT' ? 'Crédito' : record.cardType === 'DEBIT' ? 'Débito' : null],
    ['Cuenta de ingreso', account ? [account.description, maskAccountNumber(account.accountType, account.accountNumber)].filter(Boolean).join(' · ') : null],
    ['Terminación de la cuenta de origen', record.accountEnding],
    ['Autorización', record.authorization],
    ['Fecha de pago', dateEs(record.paymentDate)],
    ['Enviado el', record.sentAt ? dateEs(record.sentAt) : null],
    ['Notas', record.notes],
    ['Mensaje', record.message],
  ];
  for (const [name, value] of lines) {
    if (!value) continue;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text(`${name}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  footer(doc, `${community.name} · Recibo ${row.id}`);
  return { fileName: `pago-externo-${row.id}-${fileSlug(row.description)}.pdf`, contentType: PDF_CONTENT_TYPE, bytes: await pdf.finish() };
}

builder.queryField('externalPaymentPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    nullable: true,
    description: "A receipt's external payment voucher as PDF; null without an external payment or where the receipt is not readable",
    ...grants(...RECEIPT_READERS, ...EXTERNAL_PAYMENT_ADMINS),
    args: { receiptId: t.arg.globalID({ required: true }) },
    resolve: (_r, { receiptId }, ctx) => (receiptId.typename === 'Receipt' ? externalPaymentPdf(ctx, rowId(receiptId.id)) : null),
  }),
);

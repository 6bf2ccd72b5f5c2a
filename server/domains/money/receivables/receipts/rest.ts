// Legacy /api/1.0 routes of a house's receipts (spec 1 sections 3, 4, 7 and 8): the list, the receipt
// read of the pay screen, its actions, notes, its PDF, manual payment requests and payment capture. Each
// route runs the GraphQL operation of the same name; a typed error (e.g. ConflictError 2079, the receipt
// was paid meanwhile) becomes the legacy envelope { code, description } through unwrapResult.
import { z } from 'zod';
import { PAYMENT_METHODS, periodKey, RECEIPT_GROUPS, RECEIPT_STATUSES } from '../../../../../core/receipts.js';
import {
  fileResponse,
  globalId,
  legacyPageQuery,
  RESULT_ERROR_FIELDS,
  RestError,
  unwrapResult,
  type RestRequest,
  type RestRoute,
} from '../../../../rest/router.js';
import { RECEIPT_NOT_FOUND } from './service.js';
import { MANUAL_NO_ATTACHMENT } from './payments.js';
import { Response } from '../../../../http/response.js';

const HOUSE = '/neighborhoods/{n}/houses/{h}';
const RECEIPTS = `${HOUSE}/receipts`;
const RECEIPT = `${RECEIPTS}/{id}`;

const ACTION_FLAGS = [
  'allowPayment',
  'allowDeleteReceipt',
  'allowUpdateReceipt',
  'allowAddPenalization',
  'allowDeletePenalization',
  'allowAddDiscount',
  'allowDeleteDiscount',
  'allowCancelReview',
  'allowDeletePayment',
  'allowDeleteReference',
  'allowSendPaymentInstructions',
  'allowExternalPayment',
  'allowPayWithWallet',
] as const;

/** The GraphQL selection of a legacy receipt. */
export const RECEIPT_SELECTION = `databaseId description year month dueDate sourceAmount discountAmount penaltyAmount amount transactionTotal
  status group paymentMethod paymentDate realPaymentDate penaltyDate paymentAuthorization paymentReference accountEnding cardType
  creditsWallet maintenanceDatabaseId maintenanceOrdinary agreementDatabaseId measuredServiceDatabaseId houseDatabaseId houseLabel
  incomeAccountDatabaseId paymentDay attachmentFileId notes externalPayment { message }
  concept { databaseId description increaseBalance }
  wallet { databaseId type name }
  documents { receipt paymentInstructions externalPayment cfdiXml cfdiPdf attachment }
  cfdiLinks { xml pdf }
  actions { ${ACTION_FLAGS.join(' ')} }`;

/** Each action flag with its legacy snake_case name, computed once. */
const ACTION_NAMES = ACTION_FLAGS.map((flag) => [flag, flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] as const);

/** A Receipt of the GraphQL selection in the legacy shape (spec 1 section 3; spec 2 section 3, money fields). */
export function legacyReceipt(r: any) {
  return {
    id: r.databaseId,
    description: r.description,
    id_house: r.houseDatabaseId,
    house_label: r.houseLabel,
    id_maintenance: r.maintenanceDatabaseId,
    maintenance: r.maintenanceDatabaseId === null ? null : { id: r.maintenanceDatabaseId, ordinary: r.maintenanceOrdinary },
    id_agreement: r.agreementDatabaseId,
    receipt_concept: { id: r.concept.databaseId, description: r.concept.description, increase_balance: r.concept.increaseBalance },
    measured_service: r.measuredServiceDatabaseId === null ? null : { id: r.measuredServiceDatabaseId },
    wallet: { id: r.wallet.databaseId, type: r.wallet.type, name: r.wallet.name },
    period: periodKey(r.year, r.month),
    month: r.month,
    year: r.year,
    amount: r.amount,
    source_amount: r.sourceAmount,
    accumulated_amount: r.amount,
    discount_amount: r.discountAmount,
    penalty_amount: r.penaltyAmount,
    transaction_total: r.transactionTotal,
    receipt_payment_method: r.paymentMethod,
    receipt_payment_status: r.status,
    group: r.group,
    card_type: r.cardType,
    id_income_account: r.incomeAccountDatabaseId,
    account_ending: r.accountEnding,
    payment_authorization: r.paymentAuthorization,
    payment_reference: r.paymentReference,
    notes: r.notes,
    external_payment: r.documents.externalPayment,
    external_payment_message: r.externalPayment?.message ?? null,
    payment_date: r.paymentDay,
    real_payment_date: r.realPaymentDate,
    penalty_date: r.penaltyDate,
    due_date: r.dueDate,
    credits_wallet: r.creditsWallet,
    documents: {
      receipt: r.documents.receipt,
      payment_instructions: r.documents.paymentInstructions,
      external_payment: r.documents.externalPayment,
      cfdi_xml: r.documents.cfdiXml,
      cfdi_pdf: r.documents.cfdiPdf,
      attachment: r.documents.attachment,
    },
    actions: Object.fromEntries(ACTION_NAMES.map(([flag, name]) => [name, r.actions[flag]])),
    cfdi: r.cfdiLinks ?? null,
    attachment: r.attachmentFileId ? `/api/1.0/files/${r.attachmentFileId}` : null,
  };
}

export { fileResponse };
export const FILE_FIELDS = 'fileName contentType base64';

/** Query-string enums in any case: payment_status=paid is PAID. */
const upperEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(values));
const legacyIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Which manual payment request …/manual-payment/attachment means: `id_receipt`, else the house's most recent one. */
const manualRequestQuery = z.object({ id_receipt: legacyIdParam.optional() });
const manualRequestVariables = ({ params, query }: RestRequest) => ({
  houseId: globalId('House', params.h),
  receiptId: query.id_receipt === undefined ? null : globalId('Receipt', String(query.id_receipt)),
});

/** Filters of a receipts list (spec 1 section 2): group is the tab; without it every receipt is listed. */
export const receiptsListQuery = legacyPageQuery.extend({
  group: upperEnum(RECEIPT_GROUPS).optional(),
  id_agreement: legacyIdParam.optional(),
  payment_method: upperEnum(PAYMENT_METHODS).optional(),
  payment_status: upperEnum(RECEIPT_STATUSES).optional(),
});

export function receiptFilter(query: z.infer<typeof receiptsListQuery>) {
  return {
    group: query.group ?? null,
    agreementId: query.id_agreement ?? null,
    paymentMethod: query.payment_method ?? null,
    paymentStatus: query.payment_status ?? null,
  };
}

/**
 * The house of the path, checked with the receipts' house rule: another community's house does not exist
 * (404); house users naming another house are refused (403, "Solo puedes consultar los recibos de tu propiedad").
 */
export const HOUSE_SCOPE = 'scope: houseReceipts(houseId: $houseId, first: 0) { __typename }';

export const ids = ({ params }: RestRequest) => ({ id: globalId('Receipt', params.id), houseId: globalId('House', params.h) });

/** The receipt of the path, or 404 when it does not exist, is not readable, or belongs to another house. */
export function receiptOfPath(node: any, req: RestRequest) {
  if (!node?.databaseId || String(node.houseDatabaseId) !== req.params.h) throw new RestError(404, 404, RECEIPT_NOT_FOUND);
  return node;
}

function receiptAction(method: 'PUT' | 'DELETE', suffix: string, mutation: string, extra: (payload: any) => Record<string, unknown> = () => ({})): RestRoute {
  const success = `Mutation${mutation[0].toUpperCase()}${mutation.slice(1)}Success`;
  const input = `${mutation[0].toUpperCase()}${mutation.slice(1)}Input`;
  return {
    method,
    path: suffix ? `${RECEIPT}/${suffix}` : RECEIPT,
    operation: `mutation($input: ${input}!) { ${mutation}(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on ${success} { data { message recalculated receipt { ${RECEIPT_SELECTION} } } } } }`,
    variables: ({ params }) => ({ input: { receiptId: globalId('Receipt', params.id), houseId: globalId('House', params.h) } }),
    result: (data) => {
      const payload = unwrapResult<any>(data[mutation]);
      return { ...extra(payload), message: payload.message, receipt: payload.receipt ? legacyReceipt(payload.receipt) : null };
    },
  };
}

const amountText = z.union([z.string(), z.number()]).transform((v) => String(v));
const receiptIdItem = z.union([legacyIdParam, z.object({ id: legacyIdParam }), z.object({ id_receipt: legacyIdParam })]);

export const receiptsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: RECEIPTS,
    query: receiptsListQuery,
    operation: `query($houseId: ID, $first: Int!, $offset: Int!, $filter: ReceiptFilter) {
      houseReceipts(houseId: $houseId, first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${RECEIPT_SELECTION} } } }
    }`,
    variables: ({ params, query }) => ({ houseId: globalId('House', params.h), first: query.page_size, offset: query.offset, filter: receiptFilter(query) }),
    result: (data) => ({ total: data.houseReceipts.totalCount, content: data.houseReceipts.edges.map((e: any) => legacyReceipt(e.node)) }),
  },
  receiptAction('PUT', 'recalculate', 'recalculateReceipt', (p) => ({ recalculated: p.recalculated ?? false })),
  receiptAction('DELETE', '', 'deleteReceipt'),
  receiptAction('PUT', 'penalization', 'addReceiptPenalty'),
  receiptAction('DELETE', 'penalization', 'removeReceiptPenalty'),
  receiptAction('PUT', 'discount', 'addReceiptDiscount'),
  receiptAction('DELETE', 'discount', 'removeReceiptDiscount'),
  receiptAction('PUT', 'wallet', 'payReceiptWithWallet'),
  receiptAction('DELETE', 'payment', 'removeReceiptWalletPayment'),
  receiptAction('DELETE', 'reference', 'removeReceiptPaymentReference'),
  receiptAction('PUT', 'send-payment-instructions', 'sendReceiptPaymentInstructions'),
  {
    method: 'GET',
    path: `${RECEIPT}/notes`,
    operation: `query($id: ID!, $houseId: ID) { ${HOUSE_SCOPE} node(id: $id) { ... on Receipt { databaseId houseDatabaseId notes } } }`,
    variables: ids,
    result: (data, req) => ({ notes: receiptOfPath(data.node, req).notes }),
  },
  {
    method: 'PUT',
    path: `${RECEIPT}/notes`,
    body: z.object({ notes: z.string().nullish() }),
    operation: `mutation($input: UpdateReceiptNotesInput!) { updateReceiptNotes(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateReceiptNotesSuccess { data { message receipt { notes } } } } }`,
    variables: ({ params, body }) => ({ input: { receiptId: globalId('Receipt', params.id), notes: body.notes ?? null } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.updateReceiptNotes);
      return { message: payload.message, notes: payload.receipt?.notes ?? null };
    },
  },
  {
    method: 'GET',
    path: `${RECEIPT}/receipt`,
    operation: `query($id: ID!, $houseId: ID) { ${HOUSE_SCOPE} node(id: $id) { ... on Receipt { databaseId houseDatabaseId } }
      receiptPdf(receiptId: $id) { ${FILE_FIELDS} } }`,
    variables: ids,
    result: (data, req) => {
      receiptOfPath(data.node, req);
      if (!data.receiptPdf) throw new RestError(404, 404, RECEIPT_NOT_FOUND);
      return fileResponse(data.receiptPdf);
    },
  },
  {
    method: 'GET',
    path: `${RECEIPT}/attachment`,
    operation: `query($id: ID!, $houseId: ID) { ${HOUSE_SCOPE} node(id: $id) { ... on Receipt { databaseId houseDatabaseId attachmentFileId } } }`,
    variables: ids,
    result: (data, req) => {
      const receipt = receiptOfPath(data.node, req);
      if (!receipt.attachmentFileId) throw new RestError(404, 404, 'El recibo no tiene archivo adjunto');
      return new Response(null, { status: 302, headers: { location: `/api/1.0/files/${receipt.attachmentFileId}` } });
    },
  },
  {
    method: 'GET',
    path: `${HOUSE}/manual-payment`,
    operation: `query($houseId: ID) { manualPaymentOptions(houseId: $houseId) {
      defaultDueDate concepts { conceptDatabaseId description walletDatabaseId maxAmount maxPaymentDate maxAmountBalance
        increaseBalance receiptsCalculated allowAttachments } } }`,
    variables: ({ params }) => ({ houseId: globalId('House', params.h) }),
    result: (data) => ({
      due_date: data.manualPaymentOptions.defaultDueDate,
      // Spec 1's receipt concept (id, description, max_payment_date, max_amount_balance, id_neighborhood_wallet,
      // increase_balance, receipts_calculated, allow_attachments) with the request's own maximum.
      concepts: data.manualPaymentOptions.concepts.map((c: any) => ({
        id_receipt_concept: c.conceptDatabaseId,
        id: c.conceptDatabaseId,
        description: c.description,
        id_neighborhood_wallet: c.walletDatabaseId,
        max_amount: c.maxAmount,
        max_payment_date: c.maxPaymentDate,
        max_amount_balance: c.maxAmountBalance,
        increase_balance: c.increaseBalance,
        receipts_calculated: c.receiptsCalculated,
        allow_attachments: c.allowAttachments,
      })),
    }),
  },
  {
    // The file of a manual payment request: `id_receipt` (the id POST answered), else the house's most recent request.
    method: 'GET',
    path: `${HOUSE}/manual-payment/attachment`,
    query: manualRequestQuery,
    operation: `query($houseId: ID, $receiptId: ID) { manualPaymentAttachment(houseId: $houseId, receiptId: $receiptId) { ${FILE_FIELDS} } }`,
    variables: manualRequestVariables,
    result: (data) => {
      const file = data.manualPaymentAttachment;
      if (!file) throw new RestError(404, 404, MANUAL_NO_ATTACHMENT);
      return new Response(new Uint8Array(Buffer.from(file.base64, 'base64')), {
        headers: {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  },
  {
    method: 'DELETE',
    path: `${HOUSE}/manual-payment/attachment`,
    query: manualRequestQuery,
    operation: `mutation($input: RemoveManualPaymentAttachmentInput!) { removeManualPaymentAttachment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationRemoveManualPaymentAttachmentSuccess { data { message receiptDatabaseId } } } }`,
    variables: (req) => ({ input: manualRequestVariables(req) }),
    result: (data) => {
      const payload = unwrapResult<any>(data.removeManualPaymentAttachment);
      return { id: payload.receiptDatabaseId, message: payload.message };
    },
  },
  {
    method: 'POST',
    path: `${HOUSE}/manual-payment`,
    body: z.object({
      id_receipt_concept: legacyIdParam,
      amount: amountText,
      notes: z.string().nullish(),
      due_date: z.string().nullish(),
      attachment_key: z.string().nullish(),
    }),
    operation: `mutation($input: CreateManualPaymentInput!) { createManualPayment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreateManualPaymentSuccess { data { message receiptDatabaseId } } } }`,
    variables: ({ params, body }) => ({
      input: {
        houseId: globalId('House', params.h),
        conceptId: body.id_receipt_concept,
        amount: body.amount,
        notes: body.notes ?? null,
        dueDate: body.due_date ?? null,
        // The uploaded file's id, or the download link a GET answers (…/files/{id}).
        attachmentFileId: body.attachment_key?.split('/').pop() ?? null,
      },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.createManualPayment);
      return { id: payload.receiptDatabaseId, message: payload.message };
    },
    status: 201,
  },
  {
    // Payment capture (spec 2 section 3: items, id_income_account): a payment received for some receipts of the house.
    method: 'POST',
    path: `${HOUSE}/payments`,
    body: z.object({
      items: z.array(receiptIdItem).min(1, 'Elige al menos un recibo').max(100, 'Se registran como máximo 100 recibos a la vez'),
      id_income_account: legacyIdParam,
      payment_date: z.string(),
      authorization: z.string().nullish(),
      payment_authorization: z.string().nullish(),
    }),
    operation: `mutation($input: CapturePaymentInput!) { capturePayment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCapturePaymentSuccess { data { message total receipts { receiptDatabaseId amount } } } } }`,
    variables: ({ params, body }) => ({
      input: {
        houseId: globalId('House', params.h),
        receiptIds: body.items.map((item: z.infer<typeof receiptIdItem>) =>
          globalId('Receipt', String(typeof item === 'number' ? item : 'id' in item ? item.id : item.id_receipt)),
        ),
        incomeAccountId: body.id_income_account,
        paymentDate: body.payment_date,
        authorization: body.authorization ?? body.payment_authorization ?? null,
      },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.capturePayment);
      return {
        message: payload.message,
        total: payload.total,
        receipts: payload.receipts.map((r: any) => ({ id: r.receiptDatabaseId, amount: r.amount })),
      };
    },
    status: 201,
  },
];

// Legacy /api/1.0 routes of external payments (spec 1 section 7): POST, PUT and GET
// .../receipts/{id}/external-payment, GET and PUT .../review, the unknown-payment search of a review
// (GET .../review/unknown-payments) and the external payment's document (GET .../external-payment/file).
// Each runs the GraphQL operation of the same name.
import { z } from 'zod';
import { RECEIPT_ALREADY_PAID } from '../../../../../core/receipts.js';
import { LEGACY_CODES } from '../../../../kernel/errors.js';
import { globalId, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRequest, type RestRoute } from '../../../../rest/router.js';
import { CARD_TYPES, EXTERNAL_METHODS, NO_MATCHING_UNKNOWN_PAYMENTS, REVIEW_ACTIONS, REVIEW_WITHOUT_PAYMENT } from './externalPayments.js';
import { FILE_FIELDS, fileResponse, legacyReceipt, RECEIPT_SELECTION } from './rest.js';
import { RECEIPT_NOT_FOUND } from './service.js';
import { Response } from '../../../../http/response.js';

const RECEIPT = '/neighborhoods/{n}/houses/{h}/receipts/{id}';

const upper = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(values, { error: message }));
const legacyId = z.coerce.number().int().positive().max(2_147_483_647);
const text = z.string().nullish();

/** The legacy body of an external payment (spec 1 section 7). */
export const externalPaymentBody = z.object({
  method: upper(EXTERNAL_METHODS, 'Elige cómo se hizo el pago'),
  card_type: upper(CARD_TYPES, 'Elige el tipo de tarjeta').nullish(),
  id_income_account: legacyId,
  account_ending: z.union([z.string(), z.number()]).transform(String).nullish(),
  authorization: z.union([z.string(), z.number()]).transform(String).nullish(),
  notes: text,
  message: text,
  payment_date: z.string(),
  action: upper(REVIEW_ACTIONS, 'La acción debe ser SAVE, APPROVE o DECLINE').nullish(),
  id_unknown_payment: legacyId.nullish(),
  attachment_key: text,
});

const EXTERNAL_PAYMENT_FIELDS = `method cardType incomeAccountDatabaseId accountEnding authorization notes message paymentDate
  attachmentFileId unknownPaymentDatabaseId state sentAt decidedAt`;

/** A receipt's external payment in the legacy shape. */
export function legacyExternalPayment(e: any) {
  if (!e) return null;
  return {
    method: e.method,
    card_type: e.cardType,
    id_income_account: e.incomeAccountDatabaseId,
    account_ending: e.accountEnding,
    authorization: e.authorization,
    notes: e.notes,
    message: e.message,
    payment_date: e.paymentDate,
    attachment: e.attachmentFileId ? `/api/1.0/files/${e.attachmentFileId}` : null,
    id_unknown_payment: e.unknownPaymentDatabaseId,
    state: e.state,
    sent_at: e.sentAt,
    decided_at: e.decidedAt,
  };
}

function variables({ params, body }: RestRequest) {
  return {
    input: {
      receiptId: globalId('Receipt', params.id),
      houseId: globalId('House', params.h),
      method: body.method,
      cardType: body.card_type ?? null,
      incomeAccountId: body.id_income_account,
      accountEnding: body.account_ending ?? null,
      authorization: body.authorization ?? null,
      notes: body.notes ?? null,
      message: body.message ?? null,
      paymentDate: body.payment_date,
      action: body.action ?? null,
      unknownPaymentId: body.id_unknown_payment ?? null,
      // The uploaded file's id, or the download link a GET answers (…/files/{id}).
      attachmentFileId: body.attachment_key?.split('/').pop() || null,
    },
  };
}

function paymentMutationRoute(method: 'POST' | 'PUT', path: string, mutation: 'createExternalPayment' | 'reviewExternalPayment', status?: number): RestRoute {
  const success = `Mutation${mutation[0].toUpperCase()}${mutation.slice(1)}Success`;
  return {
    method,
    path,
    body: externalPaymentBody,
    operation: `mutation($input: ${mutation[0].toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on ${success} { data { message action receipt { ${RECEIPT_SELECTION} externalPayment { ${EXTERNAL_PAYMENT_FIELDS} } } } } } }`,
    variables,
    result: (data) => {
      const payload = unwrapResult<any>(data[mutation]);
      return {
        message: payload.message,
        action: payload.action,
        receipt: payload.receipt ? legacyReceipt(payload.receipt) : null,
        external_payment: legacyExternalPayment(payload.receipt?.externalPayment),
      };
    },
    ...(status ? { status } : {}),
  };
}

const HOUSE_SCOPE = 'scope: houseReceipts(houseId: $houseId, first: 0) { __typename }';
const ids = ({ params }: RestRequest) => ({ id: globalId('Receipt', params.id), houseId: globalId('House', params.h) });

function receiptOfPath(node: any, req: RestRequest) {
  if (!node?.databaseId || String(node.houseDatabaseId) !== req.params.h) throw new RestError(404, 404, RECEIPT_NOT_FOUND);
  return node;
}

function read(path: string, review: boolean): RestRoute {
  return {
    method: 'GET',
    path,
    operation: `query($id: ID!, $houseId: ID) { ${HOUSE_SCOPE} node(id: $id) { ... on Receipt { ${RECEIPT_SELECTION} externalPayment { ${EXTERNAL_PAYMENT_FIELDS} } } } }`,
    variables: ids,
    result: (data, req) => {
      const node = receiptOfPath(data.node, req);
      const answer = { receipt: legacyReceipt(node), external_payment: legacyExternalPayment(node.externalPayment) };
      // Spec 1 section 8: a paid receipt is not an error for the review read: 412 with 2079 and the receipt.
      if (review && node.status === 'PAID') throw new RestError(412, LEGACY_CODES.receiptAlreadyPaid, RECEIPT_ALREADY_PAID, answer);
      // In REVIEW with nothing readable to review (an older database): 409 with the receipt, and what to do.
      if (review && node.status === 'REVIEW' && !node.externalPayment) throw new RestError(409, 409, REVIEW_WITHOUT_PAYMENT, answer);
      return answer;
    },
  };
}

export const externalPaymentRoutes: RestRoute[] = [
  paymentMutationRoute('POST', `${RECEIPT}/external-payment`, 'createExternalPayment', 201),
  paymentMutationRoute('PUT', `${RECEIPT}/external-payment`, 'reviewExternalPayment'),
  read(`${RECEIPT}/external-payment`, false),
  read(`${RECEIPT}/review`, true),
  paymentMutationRoute('PUT', `${RECEIPT}/review`, 'reviewExternalPayment'),
  {
    method: 'GET',
    path: `${RECEIPT}/review/unknown-payments`,
    query: z.object({ authorization: z.string().max(400).optional(), payment_date: z.string().max(40).optional() }),
    operation: `query($id: ID!, $houseId: ID, $authorization: String, $paymentDate: String) { ${HOUSE_SCOPE}
      node(id: $id) { ... on Receipt { databaseId houseDatabaseId } }
      unknownPaymentsForReview(receiptId: $id, authorization: $authorization, paymentDate: $paymentDate) {
        databaseId amount authorization paymentDate incomeAccountDatabaseId comments } }`,
    variables: (req) => ({ ...ids(req), authorization: req.query.authorization ?? null, paymentDate: req.query.payment_date ?? null }),
    result: (data, req) => {
      receiptOfPath(data.node, req);
      const content = data.unknownPaymentsForReview.map((u: any) => ({
        id: u.databaseId,
        amount: u.amount,
        authorization: u.authorization,
        payment_date: u.paymentDate,
        id_income_account: u.incomeAccountDatabaseId,
        comments: u.comments,
      }));
      return { total: content.length, content, ...(content.length === 0 ? { message: NO_MATCHING_UNKNOWN_PAYMENTS } : {}) };
    },
  },
  {
    // The external payment's document link: the proof the payer uploaded, else the voucher as PDF.
    method: 'GET',
    path: `${RECEIPT}/external-payment/file`,
    operation: `query($id: ID!, $houseId: ID) { ${HOUSE_SCOPE} node(id: $id) { ... on Receipt { databaseId houseDatabaseId externalPayment { attachmentFileId } } }
      externalPaymentPdf(receiptId: $id) { ${FILE_FIELDS} } }`,
    variables: ids,
    result: (data, req) => {
      const node = receiptOfPath(data.node, req);
      if (!node.externalPayment) throw new RestError(404, 404, 'El recibo no tiene un pago externo');
      if (node.externalPayment.attachmentFileId) {
        return new Response(null, { status: 302, headers: { location: `/api/1.0/files/${node.externalPayment.attachmentFileId}` } });
      }
      if (!data.externalPaymentPdf) throw new RestError(404, 404, 'El recibo no tiene un pago externo');
      return fileResponse(data.externalPaymentPdf);
    },
  },
];

// Legacy /api/1.0 routes of unknown payments (spec 2 section 7, /neighborhoods/{n}/unknown_payments): list,
// get, register, identify, delete, the CLABE and CARD accounts, and the receipts a payment could be for.
import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { legacyReceipt, RECEIPT_SELECTION } from '../receipts/rest.js';
import { NO_MATCHING_RECEIPTS, UNKNOWN_PAYMENT_STATUSES } from './service.js';

const BASE = '/neighborhoods/{n}/unknown_payments';
const legacyId = z.coerce.number().int().positive().max(2_147_483_647);
const amountText = z.union([z.string(), z.number()]).transform((v) => String(v));
const optionalText = z.union([z.string(), z.number()]).transform(String).nullish();

export const UNKNOWN_PAYMENT_SELECTION = `databaseId amount authorization paymentDate comments status incomeAccountDatabaseId incomeAccountDescription
  numberIncomeAccount houseDatabaseId houseLabel conceptDatabaseId conceptDescription receiptDatabaseId identifiedAt matchedAt createdAt`;

/** An unknown payment in the legacy shape (spec 2 section 3). */
export function legacyUnknownPayment(u: any) {
  return {
    id: u.databaseId,
    amount: u.amount,
    authorization: u.authorization,
    payment_date: u.paymentDate,
    id_income_account: u.incomeAccountDatabaseId,
    income_account: u.incomeAccountDescription,
    number_income_account: u.numberIncomeAccount,
    id_receipt: u.receiptDatabaseId,
    id_house: u.houseDatabaseId,
    house_label: u.houseLabel,
    id_receipt_concept: u.conceptDatabaseId,
    receipt_concept: u.conceptDescription,
    comments: u.comments,
    status: u.status,
    identified_at: u.identifiedAt,
    matched_at: u.matchedAt,
    created_at: u.createdAt,
  };
}

const payload = (data: any, field: string) => {
  const p = unwrapResult<any>(data[field]);
  return { id: p.unknownPaymentDatabaseId, message: p.message, unknown_payment: p.unknownPayment ? legacyUnknownPayment(p.unknownPayment) : null };
};
const PAYLOAD = `data { message unknownPaymentDatabaseId unknownPayment { ${UNKNOWN_PAYMENT_SELECTION} } }`;

const upperStatus = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(UNKNOWN_PAYMENT_STATUSES));

export const unknownPaymentRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: legacyPageQuery.extend({ status: upperStatus.optional() }),
    operation: `query($first: Int!, $offset: Int!, $status: UnknownPaymentStatus) {
      unknownPayments(first: $first, offset: $offset, status: $status) { totalCount edges { node { ${UNKNOWN_PAYMENT_SELECTION} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, status: query.status ?? null }),
    result: (data) => ({ total: data.unknownPayments.totalCount, content: data.unknownPayments.edges.map((e: any) => legacyUnknownPayment(e.node)) }),
  },
  {
    method: 'GET',
    path: `${BASE}/accounts`,
    operation: `{ paymentAccounts { databaseId accountType description holderName maskedNumber bankName } }`,
    result: (data) => ({
      content: data.paymentAccounts.map((a: any) => ({
        id: a.databaseId,
        account_type: a.accountType,
        description: a.description,
        holder_name: a.holderName,
        account_number: a.maskedNumber,
        bank_name: a.bankName,
      })),
    }),
  },
  {
    method: 'GET',
    path: `${BASE}/receipts`,
    query: z.object({
      amount: z.string().max(40),
      authorization: z.string().max(400).optional(),
      payment_date: z.string().max(40),
      id_income_account: legacyId.optional(),
      id_house: legacyId.optional(),
      id_receipt_concept: legacyId.optional(),
      id_unknown_payment: legacyId.optional(),
    }),
    operation: `query($amount: String!, $authorization: String, $paymentDate: String!, $incomeAccountId: Int, $houseId: ID, $conceptId: Int, $unknownPaymentId: ID) {
      matchingReceipts(amount: $amount, authorization: $authorization, paymentDate: $paymentDate, incomeAccountId: $incomeAccountId,
        houseId: $houseId, conceptId: $conceptId, unknownPaymentId: $unknownPaymentId) { ${RECEIPT_SELECTION} } }`,
    variables: ({ query }) => ({
      amount: query.amount,
      authorization: query.authorization ?? null,
      paymentDate: query.payment_date,
      incomeAccountId: query.id_income_account ?? null,
      houseId: query.id_house ? globalId('House', String(query.id_house)) : null,
      conceptId: query.id_receipt_concept ?? null,
      unknownPaymentId: query.id_unknown_payment ? globalId('UnknownPayment', String(query.id_unknown_payment)) : null,
    }),
    result: (data) => {
      const content = data.matchingReceipts.map(legacyReceipt);
      return { total: content.length, content, ...(content.length === 0 ? { message: NO_MATCHING_RECEIPTS } : {}) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on UnknownPayment { ${UNKNOWN_PAYMENT_SELECTION} } } }`,
    variables: ({ params }) => ({ id: globalId('UnknownPayment', params.id) }),
    result: (data) => {
      if (!data.node?.databaseId) throw new RestError(404, 404, 'El pago no reconocido no existe');
      return legacyUnknownPayment(data.node);
    },
  },
  {
    method: 'POST',
    path: BASE,
    body: z.object({
      id_income_account: legacyId,
      amount: amountText,
      authorization: optionalText,
      payment_date: z.string(),
      comments: z.string().nullish(),
      id_house: legacyId.nullish(),
      id_receipt: legacyId.nullish(),
    }),
    operation: `mutation($input: RegisterUnknownPaymentInput!) { registerUnknownPayment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationRegisterUnknownPaymentSuccess { ${PAYLOAD} } } }`,
    variables: ({ body }) => ({
      input: {
        incomeAccountId: body.id_income_account,
        amount: body.amount,
        authorization: body.authorization ?? null,
        paymentDate: body.payment_date,
        comments: body.comments ?? null,
        houseId: body.id_house ? globalId('House', String(body.id_house)) : null,
        receiptId: body.id_receipt ? globalId('Receipt', String(body.id_receipt)) : null,
      },
    }),
    result: (data) => payload(data, 'registerUnknownPayment'),
    status: 201,
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}/identify`,
    body: z.object({ id_house: legacyId, id_receipt_concept: legacyId, comments: z.string().nullish() }),
    operation: `mutation($input: IdentifyUnknownPaymentInput!) { identifyUnknownPayment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationIdentifyUnknownPaymentSuccess { ${PAYLOAD} } } }`,
    variables: ({ params, body }) => ({
      input: {
        id: globalId('UnknownPayment', params.id),
        houseId: globalId('House', String(body.id_house)),
        conceptId: body.id_receipt_concept,
        comments: body.comments ?? null,
      },
    }),
    result: (data) => payload(data, 'identifyUnknownPayment'),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteUnknownPaymentInput!) { deleteUnknownPayment(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeleteUnknownPaymentSuccess { data { message unknownPaymentDatabaseId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('UnknownPayment', params.id) } }),
    result: (data) => {
      const p = unwrapResult<any>(data.deleteUnknownPayment);
      return { id: p.unknownPaymentDatabaseId, message: p.message };
    },
  },
];

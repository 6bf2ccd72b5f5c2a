// Legacy /api/1.0 routes of maintenance fees (spec 2 sections 2–4 and 7): the list, creation (ordinary
// by period, extraordinary with its amount), detail, deletion, generation of the receipts, the receipts
// and incomes of one maintenance (PUT records payments received for its receipts), and the bulk print of its receipts as one PDF.
import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { PAYMENT_METHODS, RECEIPT_STATUSES } from '../../../../../core/receipts.js';
import { FILE_FIELDS, fileResponse, legacyReceipt, RECEIPT_SELECTION } from '../receipts/rest.js';
import { MAINTENANCE_NOT_FOUND } from './service.js';
import { MAINTENANCE_CAPTURE_MAX } from './incomesCapture.js';

const BASE = '/neighborhoods/{n}/maintenances';

const SELECTION = `databaseId ordinary period year month description dueDate amount status hasDiscount discountType discount discountEndDate
  hasPenalty penaltyType penalty deadlineDate cutoffDay generatedAt createdAt`;
const DETAIL_SELECTION = `${SELECTION} summary { receipts paidReceipts pendingReceipts charged collected outstanding }`;

/** The day of the month of a YYYY-MM-DD date: the settings' day as this period applied it (capped by the month's last day). */
const dayOf = (date: string | null) => (date === null ? null : Number(date.slice(8, 10)));

/** Spec 2 section 3, Maintenance: period, description, due_date, maintenance_status and the terms copied from the settings. */
export function legacyMaintenance(m: any) {
  return {
    id: m.databaseId,
    ordinary: m.ordinary,
    period: m.period,
    year: m.year,
    month: m.month,
    description: m.description,
    due_date: m.dueDate,
    amount: m.amount,
    maintenance_status: m.status,
    maintenance_settings: {
      has_discount: m.hasDiscount,
      cutoff_day: m.cutoffDay,
      early_payment_discount_type: m.discountType,
      early_payment_discount: m.discount,
      discount_end_day: dayOf(m.discountEndDate),
      discount_end_date: m.discountEndDate,
      has_penalty: m.hasPenalty,
      deadline_day: dayOf(m.deadlineDate),
      penalty_fee_type: m.penaltyType,
      penalty_fee: m.penalty,
      deadline_date: m.deadlineDate,
    },
    generated_at: m.generatedAt,
    created_at: m.createdAt,
    ...(m.summary
      ? {
          summary: {
            receipts: m.summary.receipts,
            paid_receipts: m.summary.paidReceipts,
            pending_receipts: m.summary.pendingReceipts,
            charged: m.summary.charged,
            collected: m.summary.collected,
            outstanding: m.summary.outstanding,
          },
        }
      : {}),
  };
}

const legacyId = z.coerce.number().int().positive().max(2_147_483_647);
const receiptItem = z.union([legacyId, z.object({ id: legacyId }), z.object({ id_receipt: legacyId })]);

/** A maintenance's incomes: the total and one line per payment method. */
function legacyIncomes(i: any) {
  return {
    total: i.total,
    incomes: i.byMethod.map((l: any) => ({ receipt_payment_method: l.paymentMethod, receipts: l.receipts, amount: l.amount })),
  };
}
const upperEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(values));

/**
 * POST body: an ordinary maintenance names its period ({ year, month }); an extraordinary one its
 * description, amount per house, due date and optionally the house types it charges.
 */
const createBody = z
  .object({
    year: z.coerce.number().int().nullish(),
    month: z.coerce.number().int().nullish(),
    description: z.string().nullish(),
    amount: z
      .union([z.string(), z.number()])
      .transform((v) => String(v))
      .nullish(),
    due_date: z.string().nullish(),
    house_types: z.array(z.union([legacyId, z.object({ id: legacyId })])).nullish(),
  })
  .superRefine((b, ctx) => {
    const required = isExtraordinary(b) ? (['description', 'amount', 'due_date'] as const) : (['year', 'month'] as const);
    for (const field of required) {
      if (b[field] == null) ctx.addIssue({ code: 'custom', path: [], message: `El campo ${field} es requerido` });
    }
  });

function isExtraordinary(b: { description?: unknown; amount?: unknown; due_date?: unknown; house_types?: unknown }) {
  return b.description != null || b.amount != null || b.due_date != null || b.house_types != null;
}

/** Placeholders that only satisfy the document's variable types: the skipped mutation never reads them. */
const UNUSED_ORDINARY = '{ year: 0, month: 0 }';
const UNUSED_EXTRAORDINARY = '{ description: "", amount: "0", dueDate: "" }';

const maintenanceId = ({ params }: { params: Record<string, string> }) => globalId('Maintenance', params.id);

function found(node: any) {
  if (!node?.databaseId) throw new RestError(404, 404, MAINTENANCE_NOT_FOUND);
  return node;
}

const generateRoute = (path: string): RestRoute => ({
  method: 'PUT',
  path,
  operation: `mutation($input: GenerateMaintenanceInput!) { generateMaintenance(input: $input) { ${RESULT_ERROR_FIELDS}
    ... on MutationGenerateMaintenanceSuccess { data { message created maintenance { ${DETAIL_SELECTION} } } } } }`,
  variables: (req) => ({ input: { id: maintenanceId(req) } }),
  result: (data) => {
    const payload = unwrapResult<any>(data.generateMaintenance);
    return { message: payload.message, created: payload.created, ...legacyMaintenance(payload.maintenance) };
  },
});

export const maintenancesRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: legacyPageQuery,
    operation: `query($first: Int!, $offset: Int!) { maintenances(first: $first, offset: $offset) { totalCount edges { node { ${SELECTION} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset }),
    result: (data) => ({ total: data.maintenances.totalCount, content: data.maintenances.edges.map((e: any) => legacyMaintenance(e.node)) }),
  },
  {
    method: 'POST',
    path: BASE,
    body: createBody,
    operation: `mutation($extraordinary: Boolean!, $ordinaryInput: CreateOrdinaryMaintenanceInput = ${UNUSED_ORDINARY},
      $extraordinaryInput: CreateExtraordinaryMaintenanceInput = ${UNUSED_EXTRAORDINARY}) {
      ordinary: createOrdinaryMaintenance(input: $ordinaryInput) @skip(if: $extraordinary) { ${RESULT_ERROR_FIELDS}
        ... on MutationCreateOrdinaryMaintenanceSuccess { data { message maintenance { ${DETAIL_SELECTION} } } } }
      extraordinary: createExtraordinaryMaintenance(input: $extraordinaryInput) @include(if: $extraordinary) { ${RESULT_ERROR_FIELDS}
        ... on MutationCreateExtraordinaryMaintenanceSuccess { data { message maintenance { ${DETAIL_SELECTION} } } } }
    }`,
    variables: ({ body }) => {
      if (isExtraordinary(body)) {
        return {
          extraordinary: true,
          extraordinaryInput: {
            description: body.description,
            amount: body.amount,
            dueDate: body.due_date,
            houseTypeIds: body.house_types?.map((t: number | { id: number }) => (typeof t === 'number' ? t : t.id)) ?? null,
          },
        };
      }
      return { extraordinary: false, ordinaryInput: { year: body.year, month: body.month } };
    },
    result: (data) => {
      const payload = unwrapResult<any>(data.extraordinary ?? data.ordinary);
      return { message: payload.message, ...legacyMaintenance(payload.maintenance) };
    },
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on Maintenance { ${DETAIL_SELECTION} } } }`,
    variables: (req) => ({ id: maintenanceId(req) }),
    result: (data) => legacyMaintenance(found(data.node)),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteMaintenanceInput!) { deleteMaintenance(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeleteMaintenanceSuccess { data { message } } } }`,
    variables: (req) => ({ input: { id: maintenanceId(req) } }),
    result: (data) => ({ message: unwrapResult<any>(data.deleteMaintenance).message }),
  },
  // Generating the receipts is the only change a maintenance takes after creation: PUT on it, or on /generate.
  generateRoute(`${BASE}/{id}/generate`),
  generateRoute(`${BASE}/{id}`),
  {
    method: 'GET',
    path: `${BASE}/{id}/receipts`,
    query: legacyPageQuery.extend({ payment_method: upperEnum(PAYMENT_METHODS).optional(), payment_status: upperEnum(RECEIPT_STATUSES).optional() }),
    operation: `query($id: ID!, $first: Int!, $offset: Int!, $filter: ReceiptFilter) { node(id: $id) { ... on Maintenance { databaseId
      receipts(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${RECEIPT_SELECTION} } } } } } }`,
    variables: (req) => ({
      id: maintenanceId(req),
      first: req.query.page_size,
      offset: req.query.offset,
      filter: { paymentMethod: req.query.payment_method ?? null, paymentStatus: req.query.payment_status ?? null },
    }),
    result: (data) => {
      const m = found(data.node);
      return { total: m.receipts.totalCount, content: m.receipts.edges.map((e: any) => legacyReceipt(e.node)) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/incomes`,
    operation: `query($id: ID!) { node(id: $id) { ... on Maintenance { databaseId incomes { total byMethod { paymentMethod receipts amount } } } } }`,
    variables: (req) => ({ id: maintenanceId(req) }),
    result: (data) => legacyIncomes(found(data.node).incomes),
  },
  {
    // Updating a maintenance's incomes is recording the payments received for some of its receipts, of any
    // house (the payment capture request of spec 2 section 3: items and id_income_account); all or none.
    method: 'PUT',
    path: `${BASE}/{id}/incomes`,
    body: z.object({
      items: z
        .array(receiptItem)
        .min(1, 'Elige al menos un recibo')
        .max(MAINTENANCE_CAPTURE_MAX, `Se registran como máximo ${MAINTENANCE_CAPTURE_MAX} recibos a la vez`),
      id_income_account: legacyId,
      payment_date: z.string().max(10),
      authorization: z.string().nullish(),
      payment_authorization: z.string().nullish(),
    }),
    operation: `mutation($input: CaptureMaintenanceIncomesInput!) { captureMaintenanceIncomes(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCaptureMaintenanceIncomesSuccess { data { message total receipts { receiptDatabaseId houseDatabaseId amount }
        incomes { total byMethod { paymentMethod receipts amount } } } } } }`,
    variables: (req) => ({
      input: {
        maintenanceId: maintenanceId(req),
        receiptIds: req.body.items.map((item: z.infer<typeof receiptItem>) =>
          globalId('Receipt', String(typeof item === 'number' ? item : 'id' in item ? item.id : item.id_receipt)),
        ),
        incomeAccountId: req.body.id_income_account,
        paymentDate: req.body.payment_date,
        authorization: req.body.authorization ?? req.body.payment_authorization ?? null,
      },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.captureMaintenanceIncomes);
      return {
        message: payload.message,
        total: payload.total,
        receipts: payload.receipts.map((r: any) => ({ id: r.receiptDatabaseId, id_house: r.houseDatabaseId, amount: r.amount })),
        maintenance_incomes: legacyIncomes(payload.incomes),
      };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/receipts/print`,
    operation: `query($id: ID!) { maintenanceReceiptsPdf(maintenanceId: $id) { ${FILE_FIELDS} } }`,
    variables: (req) => ({ id: maintenanceId(req) }),
    result: (data) => {
      if (!data.maintenanceReceiptsPdf) throw new RestError(404, 404, MAINTENANCE_NOT_FOUND);
      return fileResponse(data.maintenanceReceiptsPdf);
    },
  },
];

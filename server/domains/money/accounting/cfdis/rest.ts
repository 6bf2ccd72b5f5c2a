// Legacy /api/1.0 routes of invoices (spec 1 receipt sub-resources /cfdis and /cfdi; spec 2 reports:
// /neighborhoods/{n}/cfdis with download, resume, generate, cancel, xml and pdf; the incomes report's CFDI
// zip request). Each row runs the GraphQL operation of cfdi.ts; answers are snake_case.
import { z } from 'zod';
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
import { CFDI_KINDS, CFDI_MESSAGES, CFDI_STATUSES } from './rules.js';

const N = '/neighborhoods/{n}';
const RECEIPT = `${N}/houses/{h}/receipts/{id}`;
const CFDIS = `${N}/cfdis`;

const FILE_FIELDS = 'fileName contentType base64';
export const CFDI_FIELDS = `databaseId status kind serie folio uuid paymentForm paymentMethod subtotal taxTotal total globalYear globalMonth issuedAt stampedAt createdAt
  errorDescription attempts hasXml hasPdf pdfReplaced xmlUrl pdfUrl cancellationMotive cancelledAt receiptDatabaseIds
  receiver { rfc name regime use postalCode } substitute { databaseId } substitutedBy { databaseId }
  paidInvoice { databaseId uuid } paymentDate paymentAmount installment previousBalance complements { databaseId } acknowledgementUrl`;

/** An invoice of the GraphQL selection in the legacy shape. */
export function legacyCfdi(c: any) {
  return {
    id: c.databaseId,
    status: c.status,
    kind: c.kind,
    serie: c.serie,
    folio: c.folio,
    uuid: c.uuid,
    receiver: { rfc: c.receiver.rfc, name: c.receiver.name, regime: c.receiver.regime, use: c.receiver.use, postal_code: c.receiver.postalCode },
    payment_form: c.paymentForm,
    payment_method: c.paymentMethod,
    subtotal: c.subtotal,
    tax_total: c.taxTotal,
    total: c.total,
    global_year: c.globalYear,
    global_month: c.globalMonth,
    issued_at: c.issuedAt,
    stamped_at: c.stampedAt,
    created_at: c.createdAt,
    error_description: c.errorDescription,
    attempts: c.attempts,
    receipts: c.receiptDatabaseIds,
    has_xml: c.hasXml,
    has_pdf: c.hasPdf,
    pdf_replaced: c.pdfReplaced,
    url_xml: c.xmlUrl,
    url_pdf: c.pdfUrl,
    id_substitutes: c.substitute?.databaseId ?? null,
    id_substituted_by: c.substitutedBy?.databaseId ?? null,
    cancellation_motive: c.cancellationMotive,
    cancelled_at: c.cancelledAt,
    url_acknowledgement: c.acknowledgementUrl,
    id_paid_cfdi: c.paidInvoice?.databaseId ?? null,
    paid_uuid: c.paidInvoice?.uuid ?? null,
    payment_date: c.paymentDate,
    payment_amount: c.paymentAmount,
    installment: c.installment,
    previous_balance: c.previousBalance,
    complements: (c.complements ?? []).map((x: { databaseId: number }) => x.databaseId),
  };
}

const idParam = z.coerce.number({ error: 'El identificador debe ser un número' }).int().positive().max(2_147_483_647);
const flag = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean()).nullish();
const upperEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(values));
const motive = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v).padStart(2, '0') : v),
    z.enum(['01', '02', '03', '04'], { error: 'El motivo de cancelación debe ser 01, 02, 03 o 04' }),
  )
  .nullish();

const GenerateBody = z.object({ cfdi_id: idParam.nullish(), id_receipt: idParam.nullish() }).nullish();
const CancelBody = z.object({ cfdi_id: idParam.nullish(), regenerate: flag, motive }).nullish();
const CancelQuery = z.object({ cfdi_id: idParam.optional(), regenerate: flag, motive });

const RESULT_FIELDS = `message status errorDescription cfdi { ${CFDI_FIELDS} } substitute { ${CFDI_FIELDS} }`;

function legacyResult(payload: any) {
  return {
    message: payload.message,
    status: payload.status,
    error_description: payload.errorDescription,
    cfdi: payload.cfdi ? legacyCfdi(payload.cfdi) : null,
    ...(payload.substitute !== undefined ? { substitute: payload.substitute ? legacyCfdi(payload.substitute) : null } : {}),
  };
}

const generateOperation = `mutation($input: GenerateReceiptCfdiInput!) { generateReceiptCfdi(input: $input) { ${RESULT_ERROR_FIELDS}
  ... on MutationGenerateReceiptCfdiSuccess { data { ${RESULT_FIELDS} } } } }`;
const cancelOperation = `mutation($input: CancelCfdiInput!) { cancelCfdi(input: $input) { ${RESULT_ERROR_FIELDS}
  ... on MutationCancelCfdiSuccess { data { ${RESULT_FIELDS} } } } }`;

/** cfdi_id of a DELETE: in the body or in the query string. */
function cancelArgs(req: RestRequest) {
  const body = req.body ?? {};
  const query = req.query ?? {};
  const cfdiId = body.cfdi_id ?? query.cfdi_id;
  if (!cfdiId) throw new RestError(400, 400, 'El campo cfdi_id es requerido');
  return { cfdiId, regenerate: body.regenerate ?? query.regenerate ?? false, motive: body.motive ?? query.motive ?? null };
}

/** Filters of the community list (GET cfdis, download, resume). */
const FilterQuery = z.object({
  status: upperEnum(CFDI_STATUSES).optional(),
  kind: upperEnum(CFDI_KINDS).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
  id_receipt: idParam.optional(),
  id_house: idParam.optional(),
});
const ListQuery = legacyPageQuery.merge(FilterQuery).extend({ page: z.coerce.number().int().min(1).max(1_000_000).optional() });

function filterOf(query: z.infer<typeof FilterQuery>) {
  return {
    status: query.status ?? null,
    kind: query.kind ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    receiptId: query.id_receipt ? globalId('Receipt', query.id_receipt) : null,
    houseId: query.id_house ? globalId('House', query.id_house) : null,
  };
}

const fileRoute = (path: string, field: string, variables: (req: RestRequest) => Record<string, unknown>, args: string, argsDecl: string): RestRoute => ({
  method: 'GET',
  path,
  operation: `query(${argsDecl}) { ${field}(${args}) { ${FILE_FIELDS} } }`,
  variables,
  result: (data) => {
    if (!data[field]) throw new RestError(404, 404, CFDI_MESSAGES.notFound);
    return fileResponse(data[field]);
  },
});

const receiptIds = ({ params }: RestRequest) => ({ receiptId: globalId('Receipt', params.id), houseId: globalId('House', params.h) });

export const cfdiRoutes: RestRoute[] = [
  // ---- a receipt's invoices ----
  {
    method: 'GET',
    path: `${RECEIPT}/cfdis`,
    operation: `query($id: ID!) { node(id: $id) { ... on Receipt { databaseId houseDatabaseId cfdis { ${CFDI_FIELDS} } } } }`,
    variables: ({ params }) => ({ id: globalId('Receipt', params.id) }),
    result: (data, req) => {
      const node = data.node;
      if (!node?.databaseId || String(node.houseDatabaseId) !== req.params.h) throw new RestError(404, 404, CFDI_MESSAGES.receiptNotFound);
      const cfdis = (node.cfdis ?? []).map(legacyCfdi);
      return { total: cfdis.length, content: cfdis };
    },
  },
  {
    method: 'POST',
    path: `${RECEIPT}/cfdi`,
    body: GenerateBody,
    operation: generateOperation,
    variables: (req) => ({
      input: {
        receiptId: globalId('Receipt', req.params.id),
        houseId: globalId('House', req.params.h),
        cfdiId: req.body?.cfdi_id ? globalId('Cfdi', req.body.cfdi_id) : null,
      },
    }),
    result: (data) => legacyResult(unwrapResult<any>(data.generateReceiptCfdi)),
  },
  {
    method: 'DELETE',
    path: `${RECEIPT}/cfdi`,
    body: CancelBody,
    query: CancelQuery,
    operation: cancelOperation,
    variables: (req) => {
      const a = cancelArgs(req);
      return {
        input: {
          cfdiId: globalId('Cfdi', a.cfdiId),
          regenerate: a.regenerate,
          motive: a.motive,
          receiptId: globalId('Receipt', req.params.id),
          houseId: globalId('House', req.params.h),
        },
      };
    },
    result: (data) => legacyResult(unwrapResult<any>(data.cancelCfdi)),
  },
  fileRoute(`${RECEIPT}/cfdi/xml`, 'receiptCfdiXml', receiptIds, 'receiptId: $receiptId, houseId: $houseId', '$receiptId: ID!, $houseId: ID'),
  fileRoute(`${RECEIPT}/cfdi/pdf`, 'receiptCfdiPdf', receiptIds, 'receiptId: $receiptId, houseId: $houseId', '$receiptId: ID!, $houseId: ID'),

  // ---- the community's invoices ----
  {
    method: 'GET',
    path: CFDIS,
    query: ListQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: CfdiFilter) { cfdis(first: $first, offset: $offset, filter: $filter) {
      totalCount edges { node { ${CFDI_FIELDS} } } } }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.page ? (query.page - 1) * query.page_size : query.offset,
      filter: filterOf(query),
    }),
    result: (data) => ({ total: data.cfdis.totalCount, content: data.cfdis.edges.map((e: any) => legacyCfdi(e.node)) }),
  },
  {
    method: 'GET',
    path: `${CFDIS}/resume`,
    query: FilterQuery,
    operation: 'query($filter: CfdiFilter) { cfdiResume(filter: $filter) { status count total } }',
    variables: ({ query }) => ({ filter: filterOf(query) }),
    result: (data) => ({
      resume: data.cfdiResume.map((r: any) => ({ status: r.status, count: r.count, total: r.total })),
      count: data.cfdiResume.reduce((n: number, r: any) => n + r.count, 0),
    }),
  },
  {
    method: 'GET',
    path: `${CFDIS}/download`,
    query: FilterQuery,
    operation: `query($filter: CfdiFilter) { cfdisZip(filter: $filter) { ${FILE_FIELDS} } }`,
    variables: ({ query }) => ({ filter: filterOf(query) }),
    result: (data) => {
      const response = fileResponse(data.cfdisZip);
      response.headers.set('content-disposition', `attachment; filename="${data.cfdisZip.fileName}"`);
      return response;
    },
  },
  {
    method: 'POST',
    path: CFDIS,
    body: z.object({ cfdi_id: idParam.nullish(), id_receipt: idParam.nullish() }),
    operation: generateOperation,
    variables: ({ body }) => {
      if (!body.cfdi_id && !body.id_receipt) throw new RestError(400, 400, 'El campo cfdi_id o id_receipt es requerido');
      return {
        input: {
          cfdiId: body.cfdi_id ? globalId('Cfdi', body.cfdi_id) : null,
          receiptId: body.id_receipt ? globalId('Receipt', body.id_receipt) : null,
        },
      };
    },
    result: (data) => legacyResult(unwrapResult<any>(data.generateReceiptCfdi)),
  },
  {
    method: 'DELETE',
    path: CFDIS,
    body: CancelBody,
    query: CancelQuery,
    operation: cancelOperation,
    variables: (req) => {
      const a = cancelArgs(req);
      return { input: { cfdiId: globalId('Cfdi', a.cfdiId), regenerate: a.regenerate, motive: a.motive } };
    },
    result: (data) => legacyResult(unwrapResult<any>(data.cancelCfdi)),
  },
  {
    method: 'POST',
    path: `${CFDIS}/global`,
    body: z.object({ year: z.coerce.number().int().min(2000).max(2100), month: z.coerce.number().int().min(1).max(12) }),
    operation: `mutation($input: IssueGlobalCfdiInput!) { issueGlobalCfdi(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationIssueGlobalCfdiSuccess { data { message items { ${RESULT_FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { year: body.year, month: body.month } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.issueGlobalCfdi);
      return { message: payload.message, items: payload.items.map(legacyResult) };
    },
  },
  {
    method: 'PUT',
    path: `${CFDIS}/{id}/pdf`,
    body: z.object({ file_id: z.string().max(64) }),
    operation: `mutation($input: UpdateCfdiPdfInput!) { updateCfdiPdf(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateCfdiPdfSuccess { data { ${RESULT_FIELDS} } } } }`,
    variables: ({ params, body }) => ({ input: { cfdiId: globalId('Cfdi', params.id), fileId: body.file_id } }),
    result: (data) => legacyResult(unwrapResult<any>(data.updateCfdiPdf)),
  },
  fileRoute(`${CFDIS}/{id}/xml`, 'cfdiXml', ({ params }) => ({ id: globalId('Cfdi', params.id) }), 'cfdiId: $id', '$id: ID!'),
  fileRoute(`${CFDIS}/{id}/pdf`, 'cfdiPdf', ({ params }) => ({ id: globalId('Cfdi', params.id) }), 'cfdiId: $id', '$id: ID!'),
  fileRoute(`${CFDIS}/{id}/acknowledgement`, 'cfdiAcknowledgement', ({ params }) => ({ id: globalId('Cfdi', params.id) }), 'cfdiId: $id', '$id: ID!'),

  // ---- the incomes report's CFDI zip, by e-mail ----
  {
    method: 'POST',
    path: `${N}/incomes/cfdis`,
    body: z.object({ from: z.string().max(10), to: z.string().max(10), date_kind: z.string().max(40).nullish() }),
    operation: `mutation($input: RequestCfdisZipInput!) { requestCfdisZip(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationRequestCfdisZipSuccess { data { message items { ${CFDI_FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { from: body.from, to: body.to } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.requestCfdisZip);
      return { message: payload.message, items: payload.items.map(legacyCfdi) };
    },
  },
];

// Legacy /api/1.0 routes of measured-service periods (spec 2 section 7, Measured services): the periods of
// a service (CRUD), begin measurements, the measurements (GET, PUT items/complete, the XLSX capture format
// and its upload), PATCH generate receipts, the period's receipts and incomes.
import { z } from 'zod';
import { isUploadedFile } from '../../../../rest/handler.js';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { legacyReceipt, RECEIPT_SELECTION } from '../receipts/rest.js';
import { PERIOD_NOT_FOUND } from './service.js';
import { MAX_SHEET_BYTES, SHEET_TOO_LARGE } from './xlsx.js';
import { Response } from '../../../../http/response.js';

const BASE = '/neighborhoods/{n}/measured_services/periods';
const PERIOD =
  'databaseId serviceDatabaseId serviceDescription serviceType description cost conversionRate dueDate status completedAt appliedAt createdAt editable deletable';
const DETAIL = `${PERIOD} measurementCounts { total captured missing }`;
const RECEIPT = `receiptDatabaseId houseLabel consumption receipt { ${RECEIPT_SELECTION} }`;

/** Spec 2 section 3, Period: description, cost, conversion_rate, due_date, completed, status. */
export function legacyPeriod(p: any) {
  return {
    id: p.databaseId,
    id_service: p.serviceDatabaseId,
    service: { id: p.serviceDatabaseId, description: p.serviceDescription, type: p.serviceType },
    description: p.description,
    cost: p.cost,
    conversion_rate: p.conversionRate,
    due_date: p.dueDate,
    status: p.status,
    completed: p.status === 'COMPLETED' || p.status === 'APPLIED',
    completed_at: p.completedAt,
    applied_at: p.appliedAt,
    created_at: p.createdAt,
    editable: p.editable,
    deletable: p.deletable,
    ...(p.measurementCounts
      ? { measurements: { total: p.measurementCounts.total, captured: p.measurementCounts.captured, missing: p.measurementCounts.missing } }
      : {}),
  };
}

/** A period's receipt: the full legacy receipt (spec 1 section 3) with the house's consumption. */
function legacyPeriodReceipt(r: any) {
  return { ...(r.receipt ? legacyReceipt(r.receipt) : { id: r.receiptDatabaseId }), house: r.houseLabel, consumption: r.consumption };
}

const legacyId = z.coerce.number().int().positive().max(2_147_483_647);
const decimalInput = z
  .union([z.string().max(40), z.number()])
  .transform((v) => String(v))
  .nullish();
const periodId = ({ params }: { params: Record<string, string> }) => globalId('ServicePeriod', params.id);

function found(node: any) {
  if (!node?.databaseId) throw new RestError(404, 404, PERIOD_NOT_FOUND);
  return node;
}

const listQuery = legacyPageQuery.extend({
  service: legacyId.optional(),
  id_service: legacyId.optional(),
  status: z.enum(['NEW', 'READY', 'COMPLETED', 'APPLIED', 'DELETED']).optional(),
});

const createBody = z.object({
  id_service: legacyId.optional(),
  service: z.union([legacyId, z.object({ id: legacyId })]).optional(),
  description: z.string().max(1000),
  cost: decimalInput,
  conversion_rate: decimalInput,
  due_date: z.string().max(40),
});

const updateBody = z.object({
  description: z.string().max(1000).nullish(),
  cost: decimalInput,
  conversion_rate: decimalInput,
  due_date: z.string().max(40).nullish(),
});

const measurementsBody = z.object({
  items: z
    .array(z.object({ id: legacyId, measurement: z.union([z.string().max(40), z.number()]).transform((v) => String(v)) }))
    .max(5000)
    .default([]),
  complete: z.boolean().optional(),
});

const serviceOf = (b: z.infer<typeof createBody>) => b.id_service ?? (typeof b.service === 'object' ? b.service.id : b.service);

const payloadRoute = (method: RestRoute['method'], path: string, mutation: string, input: string, extra = ''): Omit<RestRoute, 'variables'> => ({
  method,
  path,
  operation: `mutation($input: ${input}!) { ${mutation}(input: $input) { ${RESULT_ERROR_FIELDS}
    ... on Mutation${mutation[0].toUpperCase()}${mutation.slice(1)}Success { data { message ${extra} period { ${DETAIL} } } } } }`,
  result: (data) => {
    const payload = unwrapResult<any>(data[mutation]);
    return { message: payload.message, ...(payload.created != null ? { created: payload.created } : {}), ...legacyPeriod(payload.period) };
  },
});

/** A GraphQL DownloadFile as an attachment. */
function download(file: { fileName: string; contentType: string; base64: string }): Response {
  return new Response(new Uint8Array(Buffer.from(file.base64, 'base64')), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const servicePeriodRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($service: ID!, $status: ServicePeriodStatus, $first: Int!, $offset: Int!) {
      servicePeriods(serviceId: $service, status: $status, first: $first, offset: $offset) { totalCount edges { node { ${PERIOD} } } } }`,
    variables: ({ query }) => {
      const service = query.service ?? query.id_service;
      if (!service) throw new RestError(400, 400, 'El campo service es requerido');
      return { service: globalId('MeasuredService', service), status: query.status ?? null, first: query.page_size, offset: query.offset };
    },
    result: (data) => ({ total: data.servicePeriods.totalCount, content: data.servicePeriods.edges.map((e: any) => legacyPeriod(e.node)) }),
  },
  {
    ...payloadRoute('POST', BASE, 'createServicePeriod', 'CreateServicePeriodInput'),
    body: createBody,
    variables: ({ body }) => {
      const service = serviceOf(body);
      if (!service) throw new RestError(400, 400, 'El campo id_service es requerido');
      return {
        input: {
          serviceId: globalId('MeasuredService', service),
          description: body.description,
          cost: body.cost ?? null,
          conversionRate: body.conversion_rate ?? null,
          dueDate: body.due_date,
        },
      };
    },
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on ServicePeriod { ${DETAIL} } } }`,
    variables: (req) => ({ id: periodId(req) }),
    result: (data) => legacyPeriod(found(data.node)),
  },
  {
    ...payloadRoute('PUT', `${BASE}/{id}`, 'updateServicePeriod', 'UpdateServicePeriodInput'),
    body: updateBody,
    variables: (req) => ({
      input: {
        id: periodId(req),
        description: req.body.description ?? null,
        cost: req.body.cost ?? null,
        conversionRate: req.body.conversion_rate ?? null,
        dueDate: req.body.due_date ?? null,
      },
    }),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteServicePeriodInput!) { deleteServicePeriod(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeleteServicePeriodSuccess { data { message } } } }`,
    variables: (req) => ({ input: { id: periodId(req) } }),
    result: (data) => ({ message: unwrapResult<any>(data.deleteServicePeriod).message }),
  },
  {
    ...payloadRoute('POST', `${BASE}/{id}/measurements`, 'beginServicePeriodMeasurements', 'BeginServicePeriodMeasurementsInput', 'created'),
    variables: (req) => ({ input: { id: periodId(req) } }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/measurements`,
    query: legacyPageQuery.extend({ search: z.string().max(100).optional(), house: z.string().max(100).optional() }),
    operation: `query($id: ID!, $first: Int!, $offset: Int!, $search: String) { node(id: $id) { ... on ServicePeriod { ${DETAIL}
      measurements(first: $first, offset: $offset, search: $search) { totalCount edges { node { houseDatabaseId houseLabel previous measurement edited consumption } } } } } }`,
    variables: (req) => ({
      id: periodId(req),
      first: req.query.page_size,
      offset: req.query.offset,
      search: req.query.search ?? req.query.house ?? null,
    }),
    result: (data) => {
      const p = found(data.node);
      return {
        period: legacyPeriod(p),
        total: p.measurements.totalCount,
        items: p.measurements.edges.map(({ node: m }: any) => ({
          id: m.houseDatabaseId,
          house: m.houseLabel,
          previous: m.previous,
          measurement: m.measurement,
          edited: m.edited,
          consumption: m.consumption,
        })),
      };
    },
  },
  {
    ...payloadRoute('PUT', `${BASE}/{id}/measurements`, 'saveServicePeriodMeasurements', 'SaveServicePeriodMeasurementsInput', 'saved'),
    body: measurementsBody,
    variables: (req) => ({
      input: {
        periodId: periodId(req),
        items: req.body.items.map((i: { id: number; measurement: string }) => ({ houseId: globalId('House', i.id), measurement: i.measurement })),
        complete: req.body.complete ?? false,
      },
    }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/measurements/xlsx`,
    operation: `query($id: ID!) { node(id: $id) { ... on ServicePeriod { databaseId measurementsSheet { fileName contentType base64 } } } }`,
    variables: (req) => ({ id: periodId(req) }),
    result: (data) => download(found(data.node).measurementsSheet),
  },
  {
    method: 'POST',
    path: `${BASE}/{id}/measurements/xlsx`,
    multipart: { maxBytes: MAX_SHEET_BYTES + 64 * 1024, tooLarge: SHEET_TOO_LARGE },
    body: z.object({ file: z.custom<File>(isUploadedFile, { message: 'No se ha adjuntado ningún archivo' }) }),
    operation: `mutation($id: ID!, $file: File!) { importServicePeriodMeasurements(periodId: $id, file: $file) { ${RESULT_ERROR_FIELDS}
      ... on MeasurementsSheetError { rows { row houseDatabaseId house message } }
      ... on MutationImportServicePeriodMeasurementsSuccess { data { message saved period { ${DETAIL} } } } } }`,
    variables: (req) => ({ id: periodId(req), file: req.body.file }),
    result: (data) => {
      const r = data.importServicePeriodMeasurements;
      if (r.__typename === 'MeasurementsSheetError') {
        throw new RestError(400, 400, r.message, {
          rows: r.rows.map((e: any) => ({ row: e.row, id_house: e.houseDatabaseId, house: e.house, message: e.message })),
        });
      }
      const payload = unwrapResult<any>(r);
      return { message: payload.message, saved: payload.saved, ...legacyPeriod(payload.period) };
    },
  },
  {
    ...payloadRoute('PATCH', `${BASE}/{id}/receipts`, 'generateServicePeriodReceipts', 'GenerateServicePeriodReceiptsInput', 'created'),
    variables: (req) => ({ input: { id: periodId(req) } }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/receipts`,
    query: legacyPageQuery,
    operation: `query($id: ID!, $first: Int!, $offset: Int!) { node(id: $id) { ... on ServicePeriod { databaseId
      receipts(first: $first, offset: $offset) { totalCount edges { node { ${RECEIPT} } } } } } }`,
    variables: (req) => ({ id: periodId(req), first: req.query.page_size, offset: req.query.offset }),
    result: (data) => {
      const p = found(data.node);
      return { total: p.receipts.totalCount, content: p.receipts.edges.map((e: any) => legacyPeriodReceipt(e.node)) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/incomes`,
    query: legacyPageQuery,
    operation: `query($id: ID!, $first: Int!, $offset: Int!) { node(id: $id) { ... on ServicePeriod { databaseId
      incomes { receipts paidReceipts charged paid pending payments(first: $first, offset: $offset) { totalCount edges { node { ${RECEIPT} } } } } } } }`,
    variables: (req) => ({ id: periodId(req), first: req.query.page_size, offset: req.query.offset }),
    result: (data) => {
      const i = found(data.node).incomes;
      return {
        receipts: i.receipts,
        paid_receipts: i.paidReceipts,
        charged: i.charged,
        paid: i.paid,
        pending: i.pending,
        total: i.payments.totalCount,
        content: i.payments.edges.map((e: any) => legacyPeriodReceipt(e.node)),
      };
    },
  },
];

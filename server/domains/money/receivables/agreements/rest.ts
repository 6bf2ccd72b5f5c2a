// Legacy /api/1.0 routes of payment agreements (spec 1 section 7, Agreements): the community's list with
// the owners-list filters, a house's list, calculate, create, cancel (DELETE) and the PDF.
import { z } from 'zod';
import { AGREEMENT_FREQUENCIES } from '../../../../../core/agreements.js';
import { fileResponse, globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { ownersFilter, ownersListQuery } from '../../../property/houses/rest.js';
import { FILE_FIELDS } from '../receipts/rest.js';

const HOUSE = '/neighborhoods/{n}/houses/{h}';
const SELECTION = `databaseId houseDatabaseId houseLabel debt downPayment instalments frequency firstDueDate pendingReceipts createdAt cancelledAt`;
const PLAN_SELECTION = `debt downPayment instalments frequency firstDueDate instalmentAmount total lines { number kind dueDate amount }`;

export function legacyAgreement(a: any) {
  return {
    id: a.databaseId,
    house: { id: a.houseDatabaseId, label: a.houseLabel },
    debt: a.debt,
    down_payment: a.downPayment,
    instalments: a.instalments,
    frequency: a.frequency,
    first_due_date: a.firstDueDate,
    pending_receipts: a.pendingReceipts,
    created_at: a.createdAt,
    cancelled_at: a.cancelledAt,
  };
}

function legacyPlan(p: any) {
  return {
    debt: p.debt,
    down_payment: p.downPayment,
    instalments: p.instalments,
    frequency: p.frequency,
    first_due_date: p.firstDueDate,
    instalment_amount: p.instalmentAmount,
    total: p.total,
    plan: p.lines.map((l: any) => ({ number: l.number, kind: l.kind, due_date: l.dueDate, amount: l.amount })),
  };
}

const frequency = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(AGREEMENT_FREQUENCIES));
/** Amounts as JSON strings or numbers; the service reads the text. */
const amountText = z.union([z.string().max(40), z.number()]).transform((v) => String(v));
const instalments = z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647);
const parameters = {
  down_payment: amountText.optional(),
  instalments,
  first_due_date: z.string().max(10),
  frequency,
};
const houseVar = (params: Record<string, string>) => globalId('House', params.h);
const listResult = (c: any) => ({ total: c.totalCount, content: c.edges.map((e: any) => legacyAgreement(e.node)) });

export const agreementRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/agreements',
    query: ownersListQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: HouseFilter) {
      agreements(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${SELECTION} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: ownersFilter(query) }),
    result: (data) => listResult(data.agreements),
  },
  {
    method: 'GET',
    path: `${HOUSE}/agreements`,
    query: legacyPageQuery,
    operation: `query($houseId: ID, $first: Int!, $offset: Int!) {
      houseAgreements(houseId: $houseId, first: $first, offset: $offset) { totalCount edges { node { ${SELECTION} } } } }`,
    variables: ({ params, query }) => ({ houseId: houseVar(params), first: query.page_size, offset: query.offset }),
    result: (data) => listResult(data.houseAgreements),
  },
  {
    method: 'GET',
    path: `${HOUSE}/agreements/calculate`,
    query: z.object(parameters),
    operation: `query($input: AgreementCalculationInput!) { agreementCalculation(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on QueryAgreementCalculationSuccess { data { ${PLAN_SELECTION} } } } }`,
    variables: ({ params, query }) => ({
      input: {
        houseId: houseVar(params),
        downPayment: query.down_payment ?? '0',
        instalments: query.instalments,
        firstDueDate: query.first_due_date,
        frequency: query.frequency,
      },
    }),
    result: (data) => legacyPlan(unwrapResult<any>(data.agreementCalculation)),
  },
  {
    method: 'POST',
    path: `${HOUSE}/agreements`,
    body: z.object({ ...parameters, debt: amountText.optional() }),
    operation: `mutation($input: CreateAgreementInput!) { createAgreement(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreateAgreementSuccess { data { message agreement { ${SELECTION} } } } } }`,
    variables: ({ params, body }) => ({
      input: {
        houseId: houseVar(params),
        downPayment: body.down_payment ?? '0',
        instalments: body.instalments,
        firstDueDate: body.first_due_date,
        frequency: body.frequency,
        debt: body.debt ?? null,
      },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.createAgreement);
      return { message: payload.message, ...legacyAgreement(payload.agreement) };
    },
    status: 201,
  },
  {
    method: 'DELETE',
    path: `${HOUSE}/agreements/{id}`,
    operation: `mutation($input: CancelAgreementInput!) { cancelAgreement(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCancelAgreementSuccess { data { message agreement { ${SELECTION} } } } } }`,
    variables: ({ params }) => ({ input: { agreementId: globalId('Agreement', params.id), houseId: houseVar(params) } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.cancelAgreement);
      return { message: payload.message, ...legacyAgreement(payload.agreement) };
    },
  },
  {
    method: 'GET',
    path: `${HOUSE}/agreements/{id}/pdf`,
    operation: `query($id: ID!, $houseId: ID) { agreementPdf(agreementId: $id, houseId: $houseId) { ${FILE_FIELDS} } }`,
    variables: ({ params }) => ({ id: globalId('Agreement', params.id), houseId: houseVar(params) }),
    result: (data) => {
      if (!data.agreementPdf) throw new RestError(404, 404, 'El convenio no existe');
      return fileResponse(data.agreementPdf);
    },
  },
];

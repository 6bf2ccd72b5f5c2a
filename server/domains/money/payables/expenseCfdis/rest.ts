import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, type RestRoute, unwrapResult } from '../../../../rest/router.js';

const TAX = 'taxCode taxName factor rate base amount';
const CFDI_FIELDS = `databaseId uuid version processed issueDate originalFileName urlCfdi issuerRfc issuerName receiverRfc subtotal discount total
  provider { databaseId name rfc } proposedProvider { name rfc }
  lines { quantity unitPrice amount discount description satProductKey invoiceUuid transferred { ${TAX} } retained { ${TAX} } }
  transferredTaxes { ${TAX} } retainedTaxes { ${TAX} }`;

const legacyTax = (t: any) => ({ tax_code: t.taxCode, tax_name: t.taxName, type_factor: t.factor, tasa: t.rate, base: t.base, amount: t.amount });

/** The spec's CFDI item. */
const legacyCfdi = (c: any) => ({
  id: c.databaseId,
  uuid: c.uuid,
  version: c.version,
  processed: c.processed,
  url_cfdi: c.urlCfdi,
  original_file_name: c.originalFileName,
  provider_id: c.provider?.databaseId ?? null,
  issue_date: c.issueDate,
  rfc: c.issuerRfc,
  subtotal: c.subtotal,
  discount: c.discount,
  total: c.total,
  concepts: c.lines.map((l: any) => ({
    cantidad: l.quantity,
    clave_prod_serv: l.satProductKey,
    valor_unitario: l.unitPrice,
    importe: l.amount,
    descripcion: l.description,
    descuento: l.discount,
    retenciones: l.retained.map(legacyTax),
    traslados: l.transferred.map(legacyTax),
  })),
  transferred_taxes: c.transferredTaxes.map(legacyTax),
  retained_taxes: c.retainedTaxes.map(legacyTax),
});

/** Process's answer: cfdi, expense.provider (the matched provider, or the proposed one without id), original_file_name. */
const legacyProcessed = (c: any) => ({
  cfdi: legacyCfdi(c),
  expense: {
    provider: c.provider
      ? { id: c.provider.databaseId, name: c.provider.name, rfc: c.provider.rfc }
      : { id: null, name: c.proposedProvider?.name ?? null, rfc: c.proposedProvider?.rfc ?? null },
  },
  original_file_name: c.originalFileName,
});

const text = (max: number) => z.string().max(max, `Admite hasta ${max} caracteres`);
const processBody = z.object({ file_path: text(100), original_name: text(300).nullish() });
const addBody = z.object({
  cfdi_id: z.union([z.number().int().positive().max(2_147_483_647), z.string().regex(/^\d{1,10}$/)]).nullish(),
  file_path: text(100).nullish(),
  original_name: text(300).nullish(),
});

export const expenseCfdiRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/neighborhoods/{n}/expenses/cfdi',
    body: processBody,
    operation: `mutation($input: ProcessUploadedExpenseCfdiInput!) { processUploadedExpenseCfdi(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationProcessUploadedExpenseCfdiSuccess { data { ${CFDI_FIELDS} } } } }`,
    variables: ({ body }) => ({ input: { fileId: body.file_path, originalName: body.original_name ?? null } }),
    result: (data) => legacyProcessed(unwrapResult<any>(data.processUploadedExpenseCfdi)),
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/expenses/{id}/cfdi',
    body: addBody,
    operation: `mutation($input: AddExpenseCfdiInput!) { addExpenseCfdi(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationAddExpenseCfdiSuccess { data { ${CFDI_FIELDS} } } } }`,
    variables: ({ body, params }) => ({
      input: {
        expenseId: globalId('Expense', params.id),
        cfdiId: body.cfdi_id != null ? globalId('ExpenseCfdi', Number(body.cfdi_id)) : null,
        fileId: body.file_path ?? null,
        originalName: body.original_name ?? null,
      },
    }),
    result: (data) => legacyProcessed(unwrapResult<any>(data.addExpenseCfdi)),
  },
];

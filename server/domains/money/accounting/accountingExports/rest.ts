// Legacy /api/1.0 routes of accounting exports (spec 2 section 7, Accounting): GET
// /neighborhoods/{n}/accounting-exports (offset, page_size 20 by default), GET …/last, POST (from, to),
// DELETE …/{id}, plus PUT …/{id}/uploaded (mark it uploaded) and GET …/{id}/file (the pólizas file).
import { z } from 'zod';
import { fileResponse, globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const BASE = '/neighborhoods/{n}/accounting-exports';
const FIELDS = 'databaseId from to status errorDescription createdAt processedAt fileName fileSize downloadUrl';
const idParam = z.coerce.number({ error: 'El identificador debe ser un número' }).int().positive().max(2_147_483_647);

export function legacyExport(e: any) {
  if (!e) return null;
  return {
    id: e.databaseId,
    from: e.from,
    to: e.to,
    status: e.status,
    error_description: e.errorDescription,
    created_at: e.createdAt,
    processed_at: e.processedAt,
    file_name: e.fileName,
    file_size: e.fileSize,
    url: e.downloadUrl,
  };
}

const idOf = (params: Record<string, string>) => {
  const parsed = idParam.safeParse(params.id);
  if (!parsed.success) throw new RestError(404, 404, 'La exportación no existe');
  return globalId('AccountingExport', String(parsed.data));
};

const payload = (result: any) => {
  const data = unwrapResult<any>(result);
  return { message: data.message, accounting_export: legacyExport(data.accountingExport) };
};

export const accountingExportRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: legacyPageQuery,
    operation: `query($first: Int, $offset: Int) { accountingExports(first: $first, offset: $offset) { totalCount edges { node { ${FIELDS} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset }),
    result: (data) => ({
      accounting_exports: (data.accountingExports?.edges ?? []).map((e: any) => legacyExport(e.node)),
      total: data.accountingExports?.totalCount ?? 0,
    }),
  },
  {
    method: 'GET',
    path: `${BASE}/last`,
    operation: `query { lastAccountingExport { ${FIELDS} } }`,
    result: (data) => ({ accounting_export: legacyExport(data.lastAccountingExport) }),
  },
  {
    method: 'POST',
    path: BASE,
    status: 201,
    body: z.object({ from: z.string().max(10), to: z.string().max(10) }),
    operation: `mutation($input: CreateAccountingExportInput!) { createAccountingExport(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreateAccountingExportSuccess { data { message accountingExport { ${FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { from: body.from, to: body.to } }),
    result: (data) => payload(data.createAccountingExport),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteAccountingExportInput!) { deleteAccountingExport(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeleteAccountingExportSuccess { data { message } } } }`,
    variables: ({ params }) => ({ input: { id: idOf(params) } }),
    result: (data) => ({ message: unwrapResult<any>(data.deleteAccountingExport).message }),
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}/uploaded`,
    operation: `mutation($input: MarkAccountingExportUploadedInput!) { markAccountingExportUploaded(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationMarkAccountingExportUploadedSuccess { data { message accountingExport { ${FIELDS} } } } } }`,
    variables: ({ params }) => ({ input: { id: idOf(params) } }),
    result: (data) => payload(data.markAccountingExportUploaded),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/file`,
    operation: `query($id: ID!) { accountingExportFile(id: $id) { fileName contentType base64 } }`,
    variables: ({ params }) => ({ id: idOf(params) }),
    result: (data) => {
      if (!data.accountingExportFile) throw new RestError(404, 404, 'El archivo de la exportación no existe o aún no está listo');
      const response = fileResponse(data.accountingExportFile);
      response.headers.set('content-disposition', `attachment; filename="${data.accountingExportFile.fileName}"`);
      return response;
    },
  },
];

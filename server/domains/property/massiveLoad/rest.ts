import { z } from 'zod';
import { isUploadedFile } from '../../../rest/handler.js';
import { RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { ownersFilter, ownersListQuery } from '../houses/rest.js';
import { MAX_FILE_BYTES } from './sheet.js';
import { Response } from '../../../http/response.js';

/** A GraphQL SpreadsheetFile as an XLSX download. */
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

const FILE_FIELDS = 'fileName contentType base64';

export const massiveLoadRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses/massive-loads',
    operation: `query { housesMassiveLoadTemplate { ${FILE_FIELDS} } }`,
    result: (data) => download(data.housesMassiveLoadTemplate),
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/massiveHouses',
    multipart: { maxBytes: MAX_FILE_BYTES + 64 * 1024, tooLarge: 'El archivo debe pesar como máximo 5 MB' },
    body: z.object({ file: z.custom<File>(isUploadedFile, { message: 'Envía la hoja de cálculo en el campo file' }) }),
    operation: `mutation($file: File!) { importHouses(file: $file) {
      __typename
      ... on Error { code message }
      ... on MassiveLoadError { rows { row catastral errors } }
      ... on MutationImportHousesSuccess { data { created updated unchanged } }
    } }`,
    variables: ({ body }) => ({ file: body.file }),
    result: (data) => {
      const result = data.importHouses;
      if (result.__typename === 'MassiveLoadError') throw new RestError(400, 400, result.message, { houseslist: result.rows });
      return unwrapResult(result);
    },
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses/export',
    query: ownersListQuery,
    operation: `query($filter: HouseExportFilter) { housesExport(filter: $filter) { ${FILE_FIELDS} } }`,
    variables: ({ query }) => ({ filter: ownersFilter(query) }),
    result: (data) => download(data.housesExport),
  },
];

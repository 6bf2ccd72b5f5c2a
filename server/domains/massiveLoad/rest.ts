import { z } from 'zod';
import { globalId, RestError, unwrapResult, type RestRoute } from '../../rest/router.js';
import { MAX_FILE_BYTES } from './sheet.js';

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

const id = z.coerce.number().int().positive().max(2_147_483_647).optional();
const text = z.string().optional();

/** The owners-list filters of the query string (spec 1 section 2). */
const exportQuery = z.object({
  first_name: text,
  last_name: text,
  email: text,
  catastral: text,
  house_status: z.enum(['NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED', 'DELETED']).optional(),
  id_street: id,
  exterior_number: text,
  interior_number: text,
  id_house_type: id,
  block: text,
  lot: text,
  id_condominium: id,
  id_mall: id,
  user_status: z.enum(['true', 'false']).optional(),
});

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
    body: z.object({ file: z.instanceof(File, { message: 'Envía la hoja de cálculo en el campo file' }) }),
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
    query: exportQuery,
    operation: `query($filter: HouseExportFilter) { housesExport(filter: $filter) { ${FILE_FIELDS} } }`,
    variables: ({ query }) => ({
      filter: {
        firstName: query.first_name ?? null,
        lastName: query.last_name ?? null,
        email: query.email ?? null,
        catastral: query.catastral ?? null,
        status: query.house_status ?? null,
        streetId: query.id_street ? globalId('Street', query.id_street) : null,
        exteriorNumber: query.exterior_number ?? null,
        interiorNumber: query.interior_number ?? null,
        houseTypeId: query.id_house_type ? globalId('HouseType', query.id_house_type) : null,
        block: query.block ?? null,
        lot: query.lot ?? null,
        condominiumId: query.id_condominium ? globalId('Condominium', query.id_condominium) : null,
        mallId: query.id_mall ? globalId('Mall', query.id_mall) : null,
        userActive: query.user_status === undefined ? null : query.user_status === 'true',
      },
    }),
    result: (data) => download(data.housesExport),
  },
];

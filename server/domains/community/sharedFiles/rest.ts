// Legacy /api/1.0 routes of shared files (spec 3, checklists/api.tsv): list, share, get, edit, delete, the upload
// rules (OPTIONS files/config) and the download. Each runs its GraphQL operation.
import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { FILE_ACCESSES } from '../../../../core/sharedFiles.js';
import { Response } from '../../../http/response.js';

const BASE = '/neighborhoods/{n}/files';
const FILE =
  'databaseId fileName tags access accessName storedFileId downloadUrl originalName size contentType createdByName createdAt updatedAt canUpdate canDelete';

/** A shared file in the spec's snake_case ("Shared file": file_name, tags as a comma list, access). */
function legacyFile(f: any) {
  return {
    id: f.databaseId,
    file_name: f.fileName,
    tags: f.tags.join(', '),
    tag_list: f.tags,
    access: f.access,
    access_name: f.accessName,
    key: f.storedFileId,
    url: f.downloadUrl,
    original_name: f.originalName,
    size: f.size,
    content_type: f.contentType,
    created_by: f.createdByName,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
    can_update: f.canUpdate,
    can_delete: f.canDelete,
  };
}

const listQuery = legacyPageQuery.extend({
  search: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  access: z.enum(FILE_ACCESSES, { error: 'El acceso debe ser NEIGHBORS, OWNERS u ONLY_ME' }).optional(),
});

const fileBody = z.object({
  file_name: z.string().max(1_000).nullish(),
  tags: z.union([z.string().max(2_000), z.array(z.string().max(400)).max(100)]).nullish(),
  access: z.string().max(20).nullish(),
  /** The upload's id (POST /api/1.0/files) as `key`, `file` or its link `url`. */
  key: z.string().max(300).nullish(),
  file: z.string().max(300).nullish(),
  url: z.string().max(300).nullish(),
});

function fieldsOf(b: z.infer<typeof fileBody>) {
  const access = b.access ? b.access.trim().toUpperCase() : null;
  if (access !== null && !(FILE_ACCESSES as readonly string[]).includes(access)) throw new RestError(400, 400, 'Elige quién puede ver el archivo');
  const upload = (b.key ?? b.file ?? b.url ?? '').trim();
  return {
    fileName: b.file_name ?? '',
    tags: b.tags == null ? [] : typeof b.tags === 'string' ? b.tags.split(',') : b.tags,
    access,
    storedFileId: upload ? (upload.split('/').pop() ?? null) : null,
  };
}

const GET = `query($id: ID!) { sharedFile(fileId: $id) { ${RESULT_ERROR_FIELDS} ... on QuerySharedFileSuccess { data { ${FILE} } } } }`;
const payloadOf = (field: string) => (data: any) => {
  const p = unwrapResult<any>(data[field]);
  return { message: p.message, ...legacyFile(p.file) };
};

export const sharedFileRoutes: RestRoute[] = [
  {
    // The upload rules: the app's own upload endpoint, its size and the names it takes (docs/decisions.md «Shared files»).
    method: 'OPTIONS',
    path: `${BASE}/config`,
    operation: 'query { sharedFileUploadConfig { maxSize pattern extensions contentTypes } }',
    result: (data) => {
      const c = data.sharedFileUploadConfig;
      return {
        endpoint: '/api/1.0/files',
        method: 'POST',
        field: 'file',
        max_size: c.maxSize,
        pattern: c.pattern,
        extensions: c.extensions,
        types: c.contentTypes,
      };
    },
  },
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($first: Int, $offset: Int, $filter: SharedFileFilter) { sharedFiles(first: $first, offset: $offset, filter: $filter) {
      totalCount edges { node { ${FILE} } } } }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.offset,
      filter: { search: query.search || null, tag: query.tag || null, access: query.access ?? null },
    }),
    result: (data) => ({ total: data.sharedFiles.totalCount, content: data.sharedFiles.edges.map((e: any) => legacyFile(e.node)) }),
  },
  {
    method: 'POST',
    path: BASE,
    body: fileBody,
    operation: `mutation($input: CreateSharedFileInput!) { createSharedFile(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreateSharedFileSuccess { data { message file { ${FILE} } } } } }`,
    variables: ({ body }) => ({ input: fieldsOf(body) }),
    result: payloadOf('createSharedFile'),
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: GET,
    variables: ({ params }) => ({ id: globalId('SharedFile', params.id) }),
    result: (data) => legacyFile(unwrapResult<any>(data.sharedFile)),
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body: fileBody,
    operation: `mutation($input: UpdateSharedFileInput!) { updateSharedFile(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateSharedFileSuccess { data { message file { ${FILE} } } } } }`,
    variables: ({ params, body }) => ({ input: { fileId: globalId('SharedFile', params.id), ...fieldsOf(body) } }),
    result: payloadOf('updateSharedFile'),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteSharedFileInput!) { deleteSharedFile(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeleteSharedFileSuccess { data { fileDatabaseId message } } } }`,
    variables: ({ params }) => ({ input: { fileId: globalId('SharedFile', params.id) } }),
    result: (data) => {
      const p = unwrapResult<any>(data.deleteSharedFile);
      return { id: p.fileDatabaseId, message: p.message };
    },
  },
  {
    // The download: the file's bytes at the files endpoint, which checks the access again.
    method: 'GET',
    path: `${BASE}/{id}/download`,
    operation: GET,
    variables: ({ params }) => ({ id: globalId('SharedFile', params.id) }),
    result: (data) => {
      const f = unwrapResult<any>(data.sharedFile);
      return new Response(null, { status: 302, headers: { location: f.downloadUrl } });
    },
  },
];

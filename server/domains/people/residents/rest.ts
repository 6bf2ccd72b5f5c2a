import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { Response } from '../../../http/response.js';

const FIELDS = `databaseId userDatabaseId houseDatabaseId roleDatabaseId firstName lastName email mobile
  accreditationFileUrl canEdit canDelete role { databaseId name allowCreateForHouseUser }`;

interface ResidentNode {
  databaseId: number;
  userDatabaseId: number;
  houseDatabaseId: number;
  roleDatabaseId: number;
  firstName: string;
  lastName: string | null;
  email: string;
  mobile: string | null;
  accreditationFileUrl: string | null;
  canEdit: boolean;
  canDelete: boolean;
  role: { databaseId: number; name: string; allowCreateForHouseUser: boolean };
}

/** Legacy resident: id, id_user, id_house, id_role, user, role, acreditation_file_url (spec 1 section 3). */
const legacyResident = (r: ResidentNode) => ({
  id: r.databaseId,
  id_user: r.userDatabaseId,
  id_house: r.houseDatabaseId,
  id_role: r.roleDatabaseId,
  user: { id: r.userDatabaseId, first_name: r.firstName, last_name: r.lastName, email: r.email, mobile: r.mobile },
  role: { id: r.role.databaseId, name: r.role.name, allow_create_for_house_user: r.role.allowCreateForHouseUser },
  acreditation_file_url: r.accreditationFileUrl,
  can_edit: r.canEdit,
  can_delete: r.canDelete,
});

const text = z.string().nullish();
const roleId = z.coerce.number().int();
/** The file id of POST /api/1.0/files; `acreditation_file` (or `acreditation_file_id`). Null removes it on update. */
const fileId = z.string().nullish();

const createBody = z.object({
  user: z.object({ first_name: z.string(), last_name: text, email: z.string(), mobile: text }),
  id_role: roleId,
  acreditation_file: fileId,
  acreditation_file_id: fileId,
});

const updateBody = z.object({
  user: z.object({ first_name: z.string(), last_name: text, mobile: text }),
  id_role: roleId,
  acreditation_file: fileId,
  acreditation_file_id: fileId,
});

const fileOf = (body: { acreditation_file?: string | null; acreditation_file_id?: string | null }) =>
  body.acreditation_file !== undefined ? body.acreditation_file : body.acreditation_file_id;

const listQuery = legacyPageQuery.extend({ name: z.string().optional() });

const BASE = '/neighborhoods/{n}/houses/{h}/residents';

/** The resident of this house path, or a legacy 404 (a resident of another house does not exist here). */
function residentOfPath(node: ResidentNode | null | undefined, params: Record<string, string>): ResidentNode {
  if (!node || node.databaseId === undefined || String(node.houseDatabaseId) !== params.h) throw new RestError(404, 404, 'El habitante no existe');
  return node;
}

export const residentRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($h: ID!, $first: Int!, $offset: Int!, $filter: ResidentFilter) {
      residents(houseId: $h, first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${FIELDS} } } }
    }`,
    variables: ({ params, query }) => ({ h: globalId('House', params.h), first: query.page_size, offset: query.offset, filter: { name: query.name ?? null } }),
    result: (data) => ({ total: data.residents.totalCount, content: data.residents.edges.map((e: any) => legacyResident(e.node)) }),
  },
  {
    method: 'POST',
    path: BASE,
    body: createBody,
    operation: `mutation($input: CreateResidentInput!) { createResident(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateResidentSuccess { data { resident { ${FIELDS} } } } } }`,
    variables: ({ params, body }) => ({
      input: {
        houseId: globalId('House', params.h),
        email: body.user.email,
        firstName: body.user.first_name,
        lastName: body.user.last_name ?? null,
        mobile: body.user.mobile ?? null,
        roleId: body.id_role,
        accreditationFileId: fileOf(body) ?? null,
      },
    }),
    result: (data) => legacyResident(unwrapResult<any>(data.createResident).resident),
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on Resident { ${FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('Resident', params.id) }),
    result: (data, { params }) => legacyResident(residentOfPath(data.node, params)),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/acreditation-file`,
    operation: `query($id: ID!) { node(id: $id) { ... on Resident { ${FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('Resident', params.id) }),
    // The file itself is served (with its own access check) by GET /api/1.0/files/{id}.
    result: (data, { params }) => {
      const resident = residentOfPath(data.node, params);
      if (!resident.accreditationFileUrl) throw new RestError(404, 404, 'El habitante no tiene documento de acreditación');
      return new Response(null, { status: 302, headers: { location: resident.accreditationFileUrl } });
    },
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body: updateBody,
    operation: `mutation($input: UpdateResidentInput!) { updateResident(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateResidentSuccess { data { resident { ${FIELDS} } } } } }`,
    variables: ({ params, body }) => {
      const file = fileOf(body);
      return {
        input: {
          id: globalId('Resident', params.id),
          houseId: globalId('House', params.h),
          firstName: body.user.first_name,
          lastName: body.user.last_name ?? null,
          mobile: body.user.mobile ?? null,
          roleId: body.id_role,
          ...(file !== undefined ? { accreditationFileId: file } : {}),
        },
      };
    },
    result: (data, { params }) => legacyResident(residentOfPath(unwrapResult<any>(data.updateResident).resident, params)),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteResidentInput!) { deleteResident(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteResidentSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('Resident', params.id), houseId: globalId('House', params.h) } }),
    result: (data) => {
      unwrapResult(data.deleteResident);
      return { content: true };
    },
  },
];

import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const USER_FIELDS = 'databaseId userDatabaseId firstName lastName email pendingSignup role { databaseId name allowCreateForHouseUser }';
const ROLE_FIELDS = 'databaseId name allowCreateForHouseUser';

const legacyRole = (r: { databaseId: number; name: string; allowCreateForHouseUser: boolean }) => ({
  id: r.databaseId,
  name: r.name,
  allow_create_for_house_user: r.allowCreateForHouseUser,
});

/**
 * `id` is the administration account (membership); `id_user` the person. The legacy payload's
 * `admin_signup_code` is gone: sign-up codes are never shown to administrators (they travel only by e-mail).
 */
const legacyUser = (u: any) => ({
  id: u.databaseId,
  id_user: u.userDatabaseId,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  id_role: u.role.databaseId,
  role: legacyRole(u.role),
  pending_signup: u.pendingSignup,
});

const listQuery = legacyPageQuery.extend({
  search: z.string().optional(),
  id_role: z.coerce.number().int().positive().optional(),
});

const body = z.object({
  first_name: z.string(),
  last_name: z.string().nullish(),
  email: z.string(),
  id_role: z.coerce.number().int(),
});

const personVariables = (b: z.infer<typeof body>) => ({
  email: b.email,
  firstName: b.first_name,
  lastName: b.last_name ?? null,
  roleId: globalId('CommunityRole', b.id_role),
});

const notFound = () => new RestError(404, 404, 'El usuario no existe');

// Literal paths (/users/roles, /users/new, /users/search) come before /users/{id}: first match wins.
export const adminUserRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/users/roles',
    query: z.object({ for_house: z.enum(['true', 'false']).default('false') }),
    operation: `query($forHouse: Boolean!) { communityRoles(forHouse: $forHouse) { ${ROLE_FIELDS} } }`,
    variables: ({ query }) => ({ forHouse: query.for_house === 'true' }),
    result: (data) => {
      const roles = data.communityRoles.map(legacyRole);
      return { total: roles.length, content: roles };
    },
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/users/new',
    // Form defaults: an empty user and the roles to choose from.
    operation: `query { administrationRoles { ${ROLE_FIELDS} } }`,
    result: (data) => ({
      user: { first_name: '', last_name: '', email: '', id_role: null },
      roles: data.administrationRoles.map(legacyRole),
    }),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/users/search',
    query: z.object({ email: z.string() }),
    operation: 'query($email: String!) { userByEmail(email: $email) { databaseId email firstName lastName } }',
    variables: ({ query }) => ({ email: query.email }),
    result: (data, { query }) => {
      const u = data.userByEmail;
      if (!u) throw new RestError(404, 404, `No hay usuarios registrados con el correo ${query.email.trim()}`);
      return { id: u.databaseId, first_name: u.firstName, last_name: u.lastName, email: u.email };
    },
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/users',
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: AdministrationUserFilter) {
      administrationUsers(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${USER_FIELDS} } } }
    }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.offset,
      filter: { search: query.search ?? null, roleId: query.id_role ? globalId('CommunityRole', query.id_role) : null },
    }),
    result: (data) => ({ total: data.administrationUsers.totalCount, content: data.administrationUsers.edges.map((e: any) => legacyUser(e.node)) }),
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/users',
    body,
    operation: `mutation($input: CreateAdministrationUserInput!) { createAdministrationUser(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateAdministrationUserSuccess { data { administrationUser { ${USER_FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: personVariables(body) }),
    result: (data) => legacyUser(unwrapResult<any>(data.createAdministrationUser).administrationUser),
    status: 201,
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/users/{id}/signup',
    // The legacy client sends { code, domain }; the server knows both, so the body is not needed. The
    // answer no longer carries the code: it travels only by e-mail, to its holder.
    operation: `mutation($input: ResendAdministrationSignupCodeInput!) { resendAdministrationSignupCode(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationResendAdministrationSignupCodeSuccess { data { domain } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('AdministrationUser', params.id) } }),
    result: (data) => {
      const r = unwrapResult<{ domain: string }>(data.resendAdministrationSignupCode);
      return { domain: r.domain, content: 'El email ha sido reenviado' };
    },
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/users/{id}',
    operation: `query($id: ID!) { node(id: $id) { ... on AdministrationUser { ${USER_FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('AdministrationUser', params.id) }),
    result: (data) => {
      if (!data.node) throw notFound();
      return legacyUser(data.node);
    },
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/users/{id}',
    body,
    operation: `mutation($input: UpdateAdministrationUserInput!) { updateAdministrationUser(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateAdministrationUserSuccess { data { administrationUser { ${USER_FIELDS} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('AdministrationUser', params.id), ...personVariables(body) } }),
    result: (data) => legacyUser(unwrapResult<any>(data.updateAdministrationUser).administrationUser),
  },
  {
    method: 'DELETE',
    path: '/neighborhoods/{n}/users/{id}',
    operation: `mutation($input: DeleteAdministrationUserInput!) { deleteAdministrationUser(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteAdministrationUserSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('AdministrationUser', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteAdministrationUser);
      return { content: true };
    },
  },
];

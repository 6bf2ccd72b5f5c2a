import { z } from 'zod';
import { RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const USER_SELECTION = 'databaseId firstName lastName email newEmail birthDate mobile landline superAdmin emailVerified';

export function legacyUser(u: any) {
  return {
    id: u.databaseId,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    new_email: u.newEmail,
    birth_date: u.birthDate,
    mobile: u.mobile,
    landline: u.landline,
    super_admin: u.superAdmin,
    email_verified: u.emailVerified,
    // Spec 3's personal data names it; the app has no Facebook sign-in, so no account is ever linked (docs/decisions.md).
    facebook_app_id: null,
  };
}

function userMutation(name: string, inputType: string) {
  return `mutation($input: ${inputType}!) { ${name}(input: $input) { ${RESULT_ERROR_FIELDS} ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { user { ${USER_SELECTION} } } } } }`;
}

const optionalString = z.string().nullish();

const profileRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/users/me',
    operation: `query Me { viewer { ${USER_SELECTION} } }`,
    result: (data) => {
      if (!data.viewer) throw new RestError(401, 401, 'Tu sesión ha terminado. Inicia sesión de nuevo');
      return legacyUser(data.viewer);
    },
  },
  {
    method: 'PUT',
    path: '/users/me/basic',
    body: z.object({
      first_name: z.string(),
      last_name: optionalString,
      birth_date: optionalString,
      mobile: optionalString,
      landline: optionalString,
    }),
    operation: userMutation('updateMyBasicData', 'UpdateMyBasicDataInput'),
    variables: ({ body }) => ({
      input: { firstName: body.first_name, lastName: body.last_name, birthDate: body.birth_date, mobile: body.mobile, landline: body.landline },
    }),
    result: (data) => legacyUser(unwrapResult<any>(data.updateMyBasicData).user),
  },
  {
    method: 'PUT',
    path: '/users/me/email',
    body: z.object({ old_email: z.string(), email: z.string() }),
    operation: userMutation('changeMyEmail', 'ChangeMyEmailInput'),
    variables: ({ body }) => ({ input: { oldEmail: body.old_email, email: body.email } }),
    result: (data) => legacyUser(unwrapResult<any>(data.changeMyEmail).user),
  },
  {
    method: 'PUT',
    path: '/users/me/password',
    body: z.object({ current_password: z.string(), password: z.string(), password_confirmation: z.string().optional() }),
    operation: userMutation('changeMyPassword', 'ChangeMyPasswordInput'),
    variables: ({ body }) => ({
      input: { currentPassword: body.current_password, password: body.password, passwordConfirmation: body.password_confirmation ?? body.password },
    }),
    result: (data) => legacyUser(unwrapResult<any>(data.changeMyPassword).user),
  },
  {
    method: 'GET',
    path: '/auth/verify-email/{code}',
    operation: `mutation($input: VerifyEmailInput!) { verifyEmail(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationVerifyEmailSuccess { data { ok } } } }`,
    variables: ({ params }) => ({ input: { code: params.code } }),
    result: (data) => ({ content: unwrapResult<any>(data.verifyEmail).ok }),
  },
];

function recoverRoute(path: string): RestRoute {
  return {
    method: 'PUT',
    path,
    body: z.object({ email: z.string(), domain: z.string().nullish() }),
    operation: `mutation($input: RequestPasswordRecoveryInput!) { requestPasswordRecovery(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationRequestPasswordRecoverySuccess { data { ok } } } }`,
    variables: ({ body, params }) => ({ input: { email: body.email, domain: body.domain ?? params.domain ?? null } }),
    result: (data) => ({ content: unwrapResult<any>(data.requestPasswordRecovery).ok }),
  };
}

export const userRoutes: RestRoute[] = [...profileRoutes, recoverRoute('/auth/recover-password'), recoverRoute('/auth/{domain}/recover-password')];

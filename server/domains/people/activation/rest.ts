import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, RestError, statusForCode, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { legacySession, SESSION_SELECTION } from '../session/rest.js';
import { legacyUser } from '../users/rest.js';
import { NONE_SENT_MESSAGE, SIGNUP_CODE_INVALID } from './service.js';

const INFO_SELECTION = 'kind neighborhoodName domain houseLabel email firstName lastName mobile hasPassword used';
const RECOVERY_INVALID = 'El enlace para elegir tu contraseña no es válido o ya venció. Solicita uno nuevo';

function legacySignupInfo(i: any) {
  return {
    kind: i.kind,
    email: i.email,
    first_name: i.firstName,
    last_name: i.lastName,
    mobile: i.mobile,
    has_password: i.hasPassword,
    neighborhood: { name: i.neighborhoodName, domain: i.domain },
    house: i.houseLabel ? { label: i.houseLabel } : null,
    mode: 'SIGNUP',
  };
}

const adminRoutes: RestRoute[] = [
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/houses/signup',
    operation: 'mutation { resendHouseSignupCodes { count message } }',
    result: (data) => {
      const count = data.resendHouseSignupCodes.count;
      if (count === 0) throw new RestError(409, 409, NONE_SENT_MESSAGE);
      return { content: count };
    },
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/houses/{h}/signup',
    operation: `mutation($input: ResendHouseSignupCodeInput!) { resendHouseSignupCode(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationResendHouseSignupCodeSuccess { data { message domain } } } }`,
    variables: ({ params }) => ({ input: { houseId: globalId('House', params.h) } }),
    // The legacy answer also carried `code`; codes are never shown to administrators (they travel only by e-mail).
    result: (data) => {
      const r = unwrapResult<any>(data.resendHouseSignupCode);
      return { domain: r.domain, content: r.message };
    },
  },
];

function codeRoutes(prefix: string): RestRoute[] {
  return [
    {
      method: 'GET',
      path: `${prefix}/signup/{code}`,
      operation: `query($code: String!, $domain: String) { signupCode(code: $code, domain: $domain) { ${INFO_SELECTION} } }`,
      variables: ({ params }) => ({ code: params.code, domain: params.domain ?? null }),
      // A used code (the person has a password) answers like an unknown one: nothing about the person.
      result: (data) => {
        if (!data.signupCode || data.signupCode.used) throw new RestError(404, 404, SIGNUP_CODE_INVALID);
        return legacySignupInfo(data.signupCode);
      },
    },
    {
      method: 'PUT',
      path: `${prefix}/signup/{code}`,
      body: z.object({ first_name: z.string(), last_name: z.string().nullish(), mobile: z.string().nullish() }),
      operation: `mutation($input: SaveSignupProfileInput!) { saveSignupProfile(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationSaveSignupProfileSuccess { data { signupCode { ${INFO_SELECTION} } } } } }`,
      variables: ({ params, body }) => ({
        input: { code: params.code, domain: params.domain ?? null, firstName: body.first_name, lastName: body.last_name ?? null, mobile: body.mobile ?? null },
      }),
      result: (data) => legacySignupInfo(unwrapResult<any>(data.saveSignupProfile).signupCode),
    },
    {
      method: 'POST',
      path: `${prefix}/signup/{code}/resend`,
      operation: `mutation($input: ResendSignupCodeInput!) { resendSignupCode(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationResendSignupCodeSuccess { data { message } } } }`,
      variables: ({ params }) => ({ input: { code: params.code, domain: params.domain ?? null } }),
      result: (data) => ({ content: unwrapResult<any>(data.resendSignupCode).message }),
    },
    // One path for both codes that open the password screen: activation (SIGNUP) and recovery (RECOVER).
    {
      method: 'GET',
      path: `${prefix}/signup/{code}/setup-password`,
      operation: `query($code: String!, $domain: String) {
        signupCode(code: $code, domain: $domain) { ${INFO_SELECTION} }
        passwordCode(code: $code) { email firstName }
      }`,
      variables: ({ params }) => ({ code: params.code, domain: params.domain ?? null }),
      result: (data) => {
        if (data.signupCode && !data.signupCode.hasPassword) return legacySignupInfo(data.signupCode);
        if (data.passwordCode) return { email: data.passwordCode.email, first_name: data.passwordCode.firstName, mode: 'RECOVER' };
        throw new RestError(404, 404, data.signupCode ? SIGNUP_CODE_INVALID : RECOVERY_INVALID);
      },
    },
    {
      method: 'PUT',
      path: `${prefix}/signup/{code}/setup-password`,
      body: z.object({ mode: z.string().nullish(), data: z.object({ password: z.string(), password_confirmation: z.string().nullish() }) }),
      operation: `mutation($signup: CompleteSignupInput!, $recover: SetupPasswordInput!, $doSignup: Boolean!, $doRecover: Boolean!) {
        completeSignup(input: $signup) @include(if: $doSignup) { ${RESULT_ERROR_FIELDS} ... on MutationCompleteSignupSuccess { data { session { ${SESSION_SELECTION} } } } }
        setupPassword(input: $recover) @include(if: $doRecover) {
          ${RESULT_ERROR_FIELDS}
          ... on MutationSetupPasswordSuccess { data { user { databaseId firstName lastName email newEmail birthDate mobile landline superAdmin emailVerified } } }
        }
      }`,
      variables: ({ params, body }) => {
        const mode = body.mode?.toUpperCase();
        const confirmation = body.data.password_confirmation ?? body.data.password;
        return {
          signup: { code: params.code, domain: params.domain ?? null, password: body.data.password, passwordConfirmation: confirmation },
          recover: { code: params.code, password: body.data.password, passwordConfirmation: confirmation },
          // Without a mode both are tried: a code is of one kind only, the other answers "not found" and changes nothing.
          doSignup: mode !== 'RECOVER',
          doRecover: !mode || mode === 'RECOVER',
        };
      },
      result: (data) => {
        const results = [data.completeSignup, data.setupPassword].filter(Boolean);
        const ok = results.find((r) => !/Error$/.test(r.__typename));
        if (ok === data.completeSignup && ok) return legacySession(unwrapResult<any>(ok).session);
        if (ok) return legacyUser(unwrapResult<any>(ok).user);
        const failure = results.find((r) => r.code !== 404) ?? results[0];
        throw new RestError(statusForCode(failure.code), failure.code, failure.code === 404 ? SIGNUP_CODE_INVALID : failure.message);
      },
    },
  ];
}

/** Listed before the users' routes: the setup-password path serves activation and recovery codes. */
export const activationRoutes: RestRoute[] = [...adminRoutes, ...codeRoutes('/auth'), ...codeRoutes('/auth/{domain}')];

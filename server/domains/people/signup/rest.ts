import { z } from 'zod';
import { RESULT_ERROR_FIELDS, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { legacySession, SESSION_SELECTION } from '../session/rest.js';

export const signUpRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/auth/signup',
    body: z.object({
      neighborhood: z.object({
        name: z.string(),
        domain: z.string(),
        country: z.string().nullish(),
        neighborhood_type: z.enum(['NEIGHBORHOOD', 'CONDOMINIUM', 'MALL']).nullish(),
      }),
      user: z.object({ first_name: z.string(), last_name: z.string().nullish(), email: z.string(), password: z.string() }).nullish(),
      login: z.object({ email: z.string(), password: z.string() }).nullish(),
    }),
    operation: `mutation SignUp($input: SignUpCommunityInput!) {
      signUpCommunity(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationSignUpCommunitySuccess { data { session { ${SESSION_SELECTION} } } } }
    }`,
    variables: ({ body }) => ({
      input: {
        neighborhood: {
          name: body.neighborhood.name,
          domain: body.neighborhood.domain,
          country: body.neighborhood.country ?? null,
          neighborhoodType: body.neighborhood.neighborhood_type ?? null,
        },
        user: body.user
          ? { firstName: body.user.first_name, lastName: body.user.last_name ?? null, email: body.user.email, password: body.user.password }
          : null,
        login: body.login ?? null,
      },
    }),
    result: (data) => legacySession(unwrapResult<any>(data.signUpCommunity).session),
    status: 201,
  },
];

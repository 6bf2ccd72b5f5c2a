import { z } from 'zod';
import { RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

export const SESSION_SELECTION = `
  grants superAdmin activeModules publicToken
  websocket { url protocol }
  user { databaseId firstName lastName email superAdmin }
  neighborhood {
    databaseId name domain urlLogo neighborhoodType neighborhoodTypeName modules restrictVehicles requiredTotalAmountDebts
    visitorRequireVehicleInfo visitorEmailRequired visitorReasonRequired visitorPictureRequired visitorAllowPermanent
    visitorAllowAdminSeeAll requiredVehicleRevision requiredVehicleTag requiredVehicleAuthorization
  }
  house { databaseId ownerUserId }
  accounts(first: 100) { edges { node { databaseId label current roleName neighborhood { databaseId name } houseDatabaseId } } }
`;

/** The legacy session JSON of spec 1 section 3. */
export function legacySession(s: any) {
  const n = s.neighborhood;
  return {
    user: { id: s.user.databaseId, first_name: s.user.firstName, last_name: s.user.lastName, email: s.user.email, super_admin: s.user.superAdmin },
    actions: s.grants,
    neighborhood: n && {
      id: n.databaseId,
      name: n.name,
      domain: n.domain,
      url_logo: n.urlLogo,
      neighborhood_type: n.neighborhoodType,
      neighborhood_type_name: n.neighborhoodTypeName,
      modules: n.modules,
      restrict_vehicles: n.restrictVehicles,
      required_total_amount_debts: n.requiredTotalAmountDebts,
      visitor_require_vehicle_info: n.visitorRequireVehicleInfo,
      visitor_email_required: n.visitorEmailRequired,
      visitor_reason_required: n.visitorReasonRequired,
      visitor_picture_required: n.visitorPictureRequired,
      visitor_allow_permanent: n.visitorAllowPermanent,
      visitor_allow_admin_see_all: n.visitorAllowAdminSeeAll,
      required_vehicle_revision: n.requiredVehicleRevision,
      required_vehicle_tag: n.requiredVehicleTag,
      required_vehicle_authorization: n.requiredVehicleAuthorization,
    },
    house: s.house && { id: s.house.databaseId, id_owner_user: s.house.ownerUserId },
    active_modules: s.activeModules,
    public_token: s.publicToken,
    websocket: s.websocket,
    accounts: s.accounts.edges.map(({ node }: any) => ({
      id_neighborhood: node.neighborhood.databaseId,
      id_house: node.houseDatabaseId,
      neighborhood_name: node.neighborhood.name,
      label: node.label,
      role: node.roleName,
      current: node.current,
    })),
  };
}

const LoginBody = z.object({
  email: z.string(),
  password: z.string(),
  id_house: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
});

const signInOperation = `mutation SignIn($input: SignInInput!) {
  signIn(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationSignInSuccess { data { token session { ${SESSION_SELECTION} } } } }
}`;

function loginRoute(path: string): RestRoute {
  return {
    method: 'POST',
    path,
    body: LoginBody,
    operation: signInOperation,
    // Legacy browser clients keep the cookie; legacy API clients use the returned token.
    variables: ({ body, params }) => ({
      input: { email: body.email, password: body.password, houseId: body.id_house ?? null, domain: params.domain ?? null, apiToken: true, setCookie: true },
    }),
    result: (data) => {
      const result = unwrapResult<any>(data.signIn);
      return { token: result.token, ...legacySession(result.session) };
    },
  };
}

const authRoutes: RestRoute[] = [
  loginRoute('/auth/login'),
  loginRoute('/auth/{domain}/login'),
  // GET is the legacy route (API clients with their token). Browsers sign out with POST, which a
  // SameSite=Lax cookie never accompanies from another site.
  ...(['GET', 'POST'] as const).map(
    (method): RestRoute => ({
      method,
      path: '/logout',
      operation: 'mutation SignOut { signOut { ok } }',
      result: () => ({ content: true }),
    }),
  ),
  {
    method: 'GET',
    path: '/users/session',
    operation: `query Session { session { ${SESSION_SELECTION} } }`,
    result: (data) => {
      if (!data.session) throw new RestError(401, 401, 'No se logró obtener información de la sesión');
      return legacySession(data.session);
    },
  },
];

const deviceRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/users/me/installations',
    operation: 'query Devices { myDevices(first: 100) { edges { node { id userAgent ip createdAt lastSeenAt current } } } }',
    result: (data) =>
      data.myDevices.edges.map(({ node }: any) => ({
        id: node.id,
        user_agent: node.userAgent,
        ip: node.ip,
        created_at: node.createdAt,
        last_seen_at: node.lastSeenAt,
        current: node.current,
      })),
  },
  {
    method: 'DELETE',
    path: '/users/me/installations',
    operation: `mutation EndOthers { endDevices(input: {}) { ${RESULT_ERROR_FIELDS} ... on MutationEndDevicesSuccess { data { endedCount } } } }`,
    result: (data) => ({ content: true, ended: unwrapResult<any>(data.endDevices).endedCount }),
  },
];

export const sessionRoutes: RestRoute[] = [...authRoutes, ...deviceRoutes];

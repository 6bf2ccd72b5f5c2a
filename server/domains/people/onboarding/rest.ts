import { z } from 'zod';
import { RESULT_ERROR_FIELDS, unwrapResult, type RestRoute } from '../../../rest/router.js';

const COMMUNITY_SELECTION = `databaseId name domain neighborhoodType urlLogo mode
  houseTypes { databaseId title defaultName requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall }
  streets { databaseId name } condominiums { databaseId name } malls { databaseId name }`;

const place = (p: { databaseId: number; name: string }) => ({ id: p.databaseId, name: p.name });

function legacyCommunity(c: any) {
  return {
    id: c.databaseId,
    name: c.name,
    domain: c.domain,
    neighborhood_type: c.neighborhoodType,
    url_logo: c.urlLogo,
    onboarding: c.mode,
    houses_types: c.houseTypes.map((h: any) => ({
      id: h.databaseId,
      title: h.title,
      default_name: h.defaultName,
      require_dimension: h.requireDimension,
      require_condominium: h.requireCondominium,
      require_block: h.requireBlock,
      require_lot: h.requireLot,
      require_street: h.requireStreet,
      require_exterior_number: h.requireExteriorNumber,
      require_interior_number: h.requireInteriorNumber,
      require_mall: h.requireMall,
    })),
    streets: c.streets.map(place),
    condominiums: c.condominiums.map(place),
    malls: c.malls.map(place),
  };
}

const communityOperation = `query($domain: String, $neighborhoodId: Int) {
  onboardingCommunity(domain: $domain, neighborhoodId: $neighborhoodId) {
    ${RESULT_ERROR_FIELDS} ... on QueryOnboardingCommunitySuccess { data { ${COMMUNITY_SELECTION} } }
  }
}`;

const legacyId = z.coerce.number().int().positive().max(2_147_483_647);
const optionalText = z.string().nullish();

const RegisterBody = z.object({
  user: z.object({ first_name: z.string(), last_name: optionalText, email: z.string(), mobile: optionalText }),
  house: z.object({
    id_house_type: legacyId,
    id_street: legacyId.nullish(),
    street: optionalText,
    id_condominium: legacyId.nullish(),
    condominium: optionalText,
    id_mall: legacyId.nullish(),
    mall: optionalText,
    block: optionalText,
    lot: optionalText,
    exterior_number: optionalText,
    interior_number: optionalText,
  }),
});

// {id}, not {n}: a signed-in visitor of another community may still open a community's public page.
export const onboardingRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/onboarding/neighborhoods/{id}',
    operation: communityOperation,
    variables: ({ params }) => ({ neighborhoodId: legacyId.catch(-1).parse(params.id) }),
    result: (data) => legacyCommunity(unwrapResult<any>(data.onboardingCommunity)),
  },
  {
    method: 'GET',
    path: '/onboarding/{domain}',
    operation: communityOperation,
    variables: ({ params }) => ({ domain: params.domain }),
    result: (data) => legacyCommunity(unwrapResult<any>(data.onboardingCommunity)),
  },
  {
    method: 'POST',
    path: '/onboarding/neighborhoods/{id}',
    body: RegisterBody,
    operation: `mutation($input: RegisterOnboardingOwnerInput!) {
      registerOnboardingOwner(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationRegisterOnboardingOwnerSuccess { data { outcome houseId email emailSent } } }
    }`,
    variables: ({ params, body }) => ({
      input: {
        neighborhoodId: legacyId.catch(-1).parse(params.id),
        user: { firstName: body.user.first_name, lastName: body.user.last_name ?? null, email: body.user.email, mobile: body.user.mobile ?? null },
        house: {
          houseTypeId: body.house.id_house_type,
          streetId: body.house.id_street ?? null,
          street: body.house.street ?? null,
          condominiumId: body.house.id_condominium ?? null,
          condominium: body.house.condominium ?? null,
          mallId: body.house.id_mall ?? null,
          mall: body.house.mall ?? null,
          block: body.house.block ?? null,
          lot: body.house.lot ?? null,
          exteriorNumber: body.house.exterior_number ?? null,
          interiorNumber: body.house.interior_number ?? null,
        },
      },
    }),
    result: (data) => {
      const r = unwrapResult<any>(data.registerOnboardingOwner);
      // The legacy SIGN_UP answer { signup_code } is gone: codes go only by e-mail ({ completed, email_sent: true }).
      if (r.outcome === 'SIGN_IN') return { id_house: r.houseId, email: r.email };
      return { completed: true, email_sent: r.emailSent };
    },
    status: 201,
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/onboarding',
    body: z.object({ onboarding: z.enum(['CLOSED', 'PAUSED', 'REVIEW', 'SIGN_IN', 'SIGN_UP']) }),
    operation: 'mutation($input: SetOnboardingModeInput!) { setOnboardingMode(input: $input) { neighborhood { onboarding } } }',
    variables: ({ body }) => ({ input: { mode: body.onboarding } }),
    result: (data) => ({ onboarding: data.setOnboardingMode.neighborhood.onboarding }),
  },
];

// Legacy routes of the community's settings (spec 3 section 7): general (all of it), basic, address,
// modules, msi and gateway-keys under /neighborhoods/{n}/settings. Grants, tenancy and validation are
// the GraphQL operations'; these rows only reshape snake_case JSON.
import { z } from 'zod';
import { BEHAVIOR_FLAGS, NEIGHBORHOOD_TYPES } from '../../../../core/communitySettings.js';
import { MODULES } from '../../../../core/modules.js';
import { RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const FLAG_FIELDS = BEHAVIOR_FLAGS.join(' ');

const BASIC_FIELDS = 'name neighborhoodType neighborhoodTypeName urlLogo domain';
const ADDRESS_FIELDS = 'address { street exteriorNumber interiorNumber colony city state postalCode country }';
const GENERAL_FIELDS = `${BASIC_FIELDS} logoFileId ${ADDRESS_FIELDS}
  moving { startDays endDays schedule { day allowed firstTime lastTime } }
  welcomeUrl modules requiredTotalAmountDebts behavior { ${FLAG_FIELDS} }`;

const legacyBasic = (s: any) => ({
  name: s.name,
  neighborhood_type: s.neighborhoodType,
  neighborhood_type_name: s.neighborhoodTypeName,
  url_logo: s.urlLogo,
  domain: s.domain,
});

const legacyAddress = (a: any) => ({
  street: a.street,
  exterior_number: a.exteriorNumber,
  interior_number: a.interiorNumber,
  colony: a.colony,
  city: a.city,
  state: a.state,
  postal_code: a.postalCode,
  country: a.country,
});

const legacyGeneral = (s: any) => ({
  ...legacyBasic(s),
  logo_file_id: s.logoFileId,
  address: legacyAddress(s.address),
  house_moving_appointment: {
    start_days: s.moving.startDays,
    end_days: s.moving.endDays,
    days: s.moving.schedule.map((d: any) => ({ day: d.day, allowed: d.allowed, first_time: d.firstTime, last_time: d.lastTime })),
  },
  welcome_url: s.welcomeUrl,
  modules: s.modules,
  required_total_amount_debts: s.requiredTotalAmountDebts,
  ...Object.fromEntries(BEHAVIOR_FLAGS.map((f) => [snake(f), s.behavior[f]])),
});

const text = z.string().nullish();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** url_logo as the legacy client sends it: the uploaded file's address (or its id); blank removes the logo. */
function logoFileId(body: { url_logo?: string | null; logo_file_id?: string | null }): string | null | undefined {
  const value = body.logo_file_id !== undefined ? body.logo_file_id : body.url_logo;
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const id = value.trim().replace(/^\/api\/1\.0\/files\//, '');
  if (!UUID.test(id)) throw new RestError(400, 400, 'El logo debe ser un archivo cargado con /api/1.0/files');
  return id;
}

const basicBody = z.object({
  name: z.string(),
  neighborhood_type: z.enum(NEIGHBORHOOD_TYPES, { error: 'El tipo de comunidad debe ser NEIGHBORHOOD, CONDOMINIUM o MALL' }),
  domain: z.string(),
  url_logo: text,
  logo_file_id: text,
});

const addressBody = z.object({
  street: text,
  exterior_number: text,
  interior_number: text,
  colony: text,
  city: text,
  state: text,
  postal_code: z.string().nullish(),
  zip_code: z.string().nullish(),
  country: text,
});

const movingBody = z.object({
  start_days: z.number().int().nullish(),
  end_days: z.number().int().nullish(),
  days: z.array(z.object({ day: z.string(), allowed: z.boolean(), first_time: text, last_time: text })).max(7, 'Envía los siete días de la semana'),
});

const flagsBody = Object.fromEntries(BEHAVIOR_FLAGS.map((f) => [snake(f), z.boolean().nullish()]));

const generalBody = z
  .object({
    name: z.string().optional(),
    neighborhood_type: basicBody.shape.neighborhood_type.optional(),
    domain: z.string().optional(),
    url_logo: text,
    logo_file_id: text,
    address: addressBody.nullish(),
    house_moving_appointment: movingBody.nullish(),
    welcome_url: text,
    required_total_amount_debts: z.boolean().nullish(),
    ...flagsBody,
  })
  .superRefine((body, ctx) => {
    const basic = ['name', 'neighborhood_type', 'domain'] as const;
    if (basic.some((k) => body[k] !== undefined)) {
      for (const k of basic) if (body[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: `El campo ${k} es requerido` });
    }
  });

const basicInput = (body: any) => ({ name: body.name, neighborhoodType: body.neighborhood_type, domain: body.domain, logoFileId: logoFileId(body) });

const addressInput = (a: z.output<typeof addressBody>) => ({
  street: a.street ?? null,
  exteriorNumber: a.exterior_number ?? null,
  interiorNumber: a.interior_number ?? null,
  colony: a.colony ?? null,
  city: a.city ?? null,
  state: a.state ?? null,
  postalCode: a.postal_code ?? a.zip_code ?? '',
  country: a.country ?? null,
});

const WEEKDAY_NAMES = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

const movingInput = (m: z.output<typeof movingBody>) => {
  for (const d of m.days) if (!WEEKDAY_NAMES.includes(d.day)) throw new RestError(400, 400, `El día ${d.day.slice(0, 20)} no existe`);
  return {
    startDays: m.start_days ?? null,
    endDays: m.end_days ?? null,
    schedule: m.days.map((d) => ({ day: d.day, allowed: d.allowed, firstTime: d.first_time ?? null, lastTime: d.last_time ?? null })),
  };
};

function generalInput(body: z.output<typeof generalBody>) {
  const input: Record<string, unknown> = {};
  if (body.name !== undefined) input.basic = basicInput(body);
  else if (body.url_logo !== undefined || body.logo_file_id !== undefined) {
    throw new RestError(400, 400, 'Para cambiar el logo envía también name, neighborhood_type y domain');
  }
  if (body.address) input.address = addressInput(body.address);
  if (body.house_moving_appointment) input.moving = movingInput(body.house_moving_appointment);
  if (body.welcome_url !== undefined) input.welcomeUrl = body.welcome_url;
  if (typeof body.required_total_amount_debts === 'boolean') input.collecting = { requiredTotalAmountDebts: body.required_total_amount_debts };
  const flags = Object.fromEntries(BEHAVIOR_FLAGS.map((f) => [f, (body as any)[snake(f)]]).filter(([, v]) => typeof v === 'boolean'));
  if (Object.keys(flags).length) input.behavior = flags;
  return input;
}

const updateSettings = (fields: string) =>
  `mutation($input: UpdateCommunitySettingsInput!) { updateCommunitySettings(input: $input) { ${RESULT_ERROR_FIELDS}
    ... on MutationUpdateCommunitySettingsSuccess { data { communitySettings { ${fields} } } } } }`;

const settingsOf = (data: any) => unwrapResult<any>(data.updateCommunitySettings).communitySettings;

// ---- modules ----

const MODULES_FIELDS = 'installed modules { module active cost masterModule } discounts { paidModules percentage } quote { total } tosAcceptedAt';

function legacyModules(m: any) {
  const discounts = Object.fromEntries(m.discounts.map((d: any) => [String(d.paidModules), d.percentage]));
  const content = m.modules.map((o: any) => ({ id: o.module, active: o.active, cost: o.cost, id_master_module: o.masterModule, discounts }));
  return { total: content.length, content, monthly_total: m.quote.total, tos_accepted_at: m.tosAcceptedAt };
}

const modulesBody = z.object({
  modules: z.record(z.string().max(40), z.boolean()).superRefine((map, ctx) => {
    for (const id of Object.keys(map)) if (!(MODULES as readonly string[]).includes(id)) ctx.addIssue({ code: 'custom', message: `El módulo ${id} no existe` });
  }),
  accept_tos: z.boolean().nullish(),
});

// ---- msi ----

const legacyMsi = (m: any) => {
  const content = m.months.filter((x: any) => x.boundary !== null).map((x: any) => ({ months: x.months, boundary: x.boundary }));
  return { total: content.length, content };
};

const msiBody = z.record(z.string().regex(/^\d{1,2}$/, 'Los meses permitidos son 3, 6, 9 y 12'), z.union([z.string().max(40), z.number(), z.null()]));

// ---- gateway keys ----

const GATEWAY_FIELDS = 'gatewayAccountId gatewayPublicKey hasGatewayPrivateKey sandbox gatewayClabe';
const legacyGatewayKeys = (k: any) => ({
  gateway_account_id: k.gatewayAccountId,
  gateway_public_key: k.gatewayPublicKey,
  has_gateway_private_key: k.hasGatewayPrivateKey,
  sandbox: k.sandbox,
  gateway_clabe: k.gatewayClabe,
});

const gatewayBody = z.object({
  gateway_account_id: z.string(),
  gateway_public_key: z.string(),
  gateway_private_key: z.string().nullish(),
  sandbox: z.boolean().nullish(),
  /** The community's own CLABE; absent keeps it, null or blank clears it. */
  gateway_clabe: z.string().nullish(),
});

const settings = (path: string) => `/neighborhoods/{n}/settings/${path}`;

export const communitySettingsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: settings('general'),
    operation: `query { communitySettings { ${GENERAL_FIELDS} } }`,
    result: (data) => legacyGeneral(data.communitySettings),
  },
  {
    method: 'PUT',
    path: settings('general'),
    body: generalBody,
    operation: updateSettings(GENERAL_FIELDS),
    variables: ({ body }) => ({ input: generalInput(body) }),
    result: (data) => legacyGeneral(settingsOf(data)),
  },
  {
    method: 'GET',
    path: settings('basic'),
    operation: `query { communitySettings { ${BASIC_FIELDS} } }`,
    result: (data) => legacyBasic(data.communitySettings),
  },
  {
    method: 'PUT',
    path: settings('basic'),
    body: basicBody,
    operation: updateSettings(BASIC_FIELDS),
    variables: ({ body }) => ({ input: { basic: basicInput(body) } }),
    // The spec's answer: exactly these four.
    result: (data) => {
      const s = settingsOf(data);
      return { url_logo: s.urlLogo, name: s.name, neighborhood_type: s.neighborhoodType, neighborhood_type_name: s.neighborhoodTypeName };
    },
  },
  {
    method: 'GET',
    path: settings('address'),
    operation: `query { communitySettings { ${ADDRESS_FIELDS} } }`,
    result: (data) => legacyAddress(data.communitySettings.address),
  },
  {
    method: 'PUT',
    path: settings('address'),
    body: addressBody,
    operation: updateSettings(ADDRESS_FIELDS),
    variables: ({ body }) => ({ input: { address: addressInput(body) } }),
    result: (data) => legacyAddress(settingsOf(data).address),
  },
  {
    method: 'GET',
    path: settings('modules'),
    operation: `query { communityModules { ${MODULES_FIELDS} } }`,
    result: (data) => legacyModules(data.communityModules),
  },
  {
    method: 'PUT',
    path: settings('modules'),
    body: modulesBody,
    operation: `mutation($input: UpdateCommunityModulesInput!) { updateCommunityModules(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateCommunityModulesSuccess { data { communityModules { ${MODULES_FIELDS} } } } } }`,
    variables: ({ body }) => ({
      input: { modules: Object.entries(body.modules).map(([module, active]) => ({ module, active })), acceptTos: body.accept_tos ?? false },
    }),
    result: (data) => legacyModules(unwrapResult<any>(data.updateCommunityModules).communityModules),
  },
  {
    method: 'GET',
    path: settings('msi'),
    operation: 'query { msiSettings { months { months boundary } } }',
    result: (data) => legacyMsi(data.msiSettings),
  },
  {
    method: 'PUT',
    path: settings('msi'),
    body: msiBody,
    operation: `mutation($input: UpdateMsiSettingsInput!) { updateMsiSettings(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateMsiSettingsSuccess { data { msiSettings { months { months boundary } } } } } }`,
    variables: ({ body }) => ({
      input: {
        months: Object.entries(body as Record<string, string | number | null>).map(([months, amount]) => ({
          months: Number(months),
          boundary: amount === null ? null : String(amount),
        })),
      },
    }),
    result: (data) => legacyMsi(unwrapResult<any>(data.updateMsiSettings).msiSettings),
  },
  {
    method: 'GET',
    path: settings('gateway-keys'),
    operation: `query { gatewayKeys { ${GATEWAY_FIELDS} } }`,
    result: (data) => legacyGatewayKeys(data.gatewayKeys),
  },
  {
    method: 'PUT',
    path: settings('gateway-keys'),
    body: gatewayBody,
    operation: `mutation($input: UpdateGatewayKeysInput!) { updateGatewayKeys(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateGatewayKeysSuccess { data { gatewayKeys { ${GATEWAY_FIELDS} } } } } }`,
    variables: ({ body }) => ({
      input: {
        gatewayAccountId: body.gateway_account_id,
        gatewayPublicKey: body.gateway_public_key,
        gatewayPrivateKey: body.gateway_private_key ?? null,
        sandbox: body.sandbox ?? null,
        ...(body.gateway_clabe !== undefined ? { gatewayClabe: body.gateway_clabe } : {}),
      },
    }),
    result: (data) => legacyGatewayKeys(unwrapResult<any>(data.updateGatewayKeys).gatewayKeys),
  },
];

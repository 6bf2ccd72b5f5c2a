import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { secretBox } from '../../../infra/secrets.js';
import { DEFAULT_MOVING_SCHEDULE } from '../../../../core/communitySettings.js';

let t: TestApp;
let config: string;
let owner: string;
let security: string;
let olivos: number;
let torre: number;
/** Every response body of the routes and operations of this domain, to look for secrets in. */
const answers: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  config = await t.signIn('config@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  security = await t.signIn('seguridad@demo.mx');
  olivos = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torre = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

const rest = async (method: string, path: string, body?: unknown, token = config) => {
  const r = await t.rest(method, `/neighborhoods/${olivos}/settings/${path}`, body, { token });
  answers.push(JSON.stringify(r.body));
  return r;
};
const gql = async (query: string, variables: Record<string, unknown> = {}, token = config) => {
  const r = await t.gql(query, variables, { token });
  answers.push(JSON.stringify(r.body));
  return r;
};
const audits = (entity: string) => t.app.db.prisma.auditLog.count({ where: { entity, entityId: String(olivos) } });
const community = () => t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: olivos } });

async function upload(token: string, name: string, bytes: Uint8Array<ArrayBuffer> | string) {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  const response = await t.app.fetch(new Request(`${BASE}/api/1.0/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }));
  return (await response.json()) as { id: string };
}
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

describe('general settings through REST', () => {
  it('reads the demo community: address in Querétaro, moving window, behaviour flags', async () => {
    const { status, body } = await rest('GET', 'general');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Residencial Los Olivos',
      neighborhood_type: 'NEIGHBORHOOD',
      neighborhood_type_name: 'Fraccionamiento',
      domain: 'los_olivos',
      url_logo: null,
      address: { street: 'Av. de los Olivos', exterior_number: '100', state: 'QUE', postal_code: '76090', country: 'México' },
      house_moving_appointment: { start_days: 2, end_days: 30 },
      visitor_allow_admin_see_all: true,
      restrict_vehicles: false,
    });
    expect(body.house_moving_appointment.days).toHaveLength(7);
    expect(body.house_moving_appointment.days[5]).toEqual({ day: 'SATURDAY', allowed: true, first_time: '09:00', last_time: '14:00' });
    expect((await rest('GET', 'basic')).body).toEqual({
      name: 'Residencial Los Olivos',
      neighborhood_type: 'NEIGHBORHOOD',
      neighborhood_type_name: 'Fraccionamiento',
      url_logo: null,
      domain: 'los_olivos',
    });
    expect((await rest('GET', 'address')).body).toMatchObject({ city: 'Santiago de Querétaro', postal_code: '76090' });
  });

  it('saves basic data, answering exactly url_logo, name, neighborhood_type and neighborhood_type_name; the session shows it at once', async () => {
    const before = await audits('Neighborhood');
    // Read the session first so a cached viewer exists.
    await t.rest('GET', '/users/session', undefined, { token: config });
    const saved = await rest('PUT', 'basic', { name: '  Residencial Los Olivos II ', neighborhood_type: 'CONDOMINIUM', domain: 'los_olivos' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ url_logo: null, name: 'Residencial Los Olivos II', neighborhood_type: 'CONDOMINIUM', neighborhood_type_name: 'Condominio' });
    const session = await t.rest('GET', '/users/session', undefined, { token: config });
    expect(session.body.neighborhood).toMatchObject({ name: 'Residencial Los Olivos II', neighborhood_type_name: 'Condominio' });
    expect(await audits('Neighborhood')).toBe(before + 1);
    const row = await t.app.db.prisma.auditLog.findFirstOrThrow({ where: { entity: 'Neighborhood', entityId: String(olivos) }, orderBy: { id: 'desc' } });
    expect(row.data).toEqual({
      changed: { name: { from: 'Residencial Los Olivos', to: 'Residencial Los Olivos II' }, neighborhoodType: { from: 'NEIGHBORHOOD', to: 'CONDOMINIUM' } },
    });
    await rest('PUT', 'basic', { name: 'Residencial Los Olivos', neighborhood_type: 'NEIGHBORHOOD', domain: 'los_olivos' });
  });

  it('refuses a domain in use or malformed, a short name and a bad type, in Spanish, changing nothing', async () => {
    const before = await community();
    expect((await rest('PUT', 'basic', { name: 'Olivos', neighborhood_type: 'NEIGHBORHOOD', domain: 'torre_azul' })).body).toEqual({
      code: 409,
      description: 'El dominio torre_azul ya está en uso',
    });
    const bad = await rest('PUT', 'basic', { name: 'Ol', neighborhood_type: 'NEIGHBORHOOD', domain: 'Los Olivos' });
    expect(bad.status).toBe(400);
    expect(bad.body.description).toBe(
      'El nombre de la comunidad debe tener al menos 3 caracteres. El dominio solo puede tener letras minúsculas, números, guiones y guiones bajos (3 a 60)',
    );
    const type = await rest('PUT', 'basic', { name: 'Olivos', neighborhood_type: 'CASTILLO', domain: 'los_olivos' });
    expect(type.body).toEqual({ code: 400, description: 'neighborhood_type: El tipo de comunidad debe ser NEIGHBORHOOD, CONDOMINIUM o MALL' });
    expect(await community()).toEqual(before);
  });

  it('saves the address and refuses a bad postal code or state', async () => {
    const saved = await rest('PUT', 'address', {
      street: 'Calle Encino',
      exterior_number: '12',
      colony: '',
      city: 'Querétaro',
      state: 'que',
      postal_code: '76090',
    });
    expect(saved.body).toEqual({
      street: 'Calle Encino',
      exterior_number: '12',
      interior_number: null,
      colony: null,
      city: 'Querétaro',
      state: 'QUE',
      postal_code: '76090',
      country: 'México',
    });
    expect((await rest('PUT', 'address', { postal_code: '7609' })).body).toEqual({ code: 400, description: 'El código postal debe tener 5 dígitos' });
    expect((await rest('PUT', 'address', { postal_code: '76090', state: 'EXT' })).body).toEqual({
      code: 400,
      description: 'Elige un estado de México o cambia el país',
    });
    expect((await community()).street).toBe('Calle Encino');
  });

  it('saves everything through general: moving window, welcome address and flags; refuses a window that ends before it starts', async () => {
    const days = DEFAULT_MOVING_SCHEDULE.map((d) => ({ day: d.day, allowed: d.allowed, first_time: d.firstTime, last_time: d.lastTime }));
    const behaviorBefore = await audits('NeighborhoodBehavior');
    const saved = await rest('PUT', 'general', {
      house_moving_appointment: { start_days: 1, end_days: 15, days },
      welcome_url: 'https://olivos.mx/bienvenida',
      visitor_email_required: true,
      restrict_vehicles: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Residencial Los Olivos',
      welcome_url: 'https://olivos.mx/bienvenida',
      visitor_email_required: true,
      restrict_vehicles: true,
      house_moving_appointment: { start_days: 1, end_days: 15 },
    });
    expect(await audits('NeighborhoodBehavior')).toBe(behaviorBefore + 1);
    const session = await t.rest('GET', '/users/session', undefined, { token: config });
    expect(session.body.neighborhood).toMatchObject({ visitor_email_required: true, restrict_vehicles: true });

    const late = await rest('PUT', 'general', { house_moving_appointment: { start_days: 20, end_days: 15, days } });
    expect(late.body).toEqual({ code: 400, description: 'Los días de inicio no pueden ser más que los días de fin' });
    const times = days.map((d) => (d.day === 'MONDAY' ? { ...d, first_time: '18:00', last_time: '09:00' } : d));
    expect((await rest('PUT', 'general', { house_moving_appointment: { start_days: 1, end_days: 2, days: times } })).body).toEqual({
      code: 400,
      description: 'La hora final debe ser posterior a la hora inicial',
    });
    expect((await rest('PUT', 'general', { welcome_url: 'http://olivos.mx' })).body).toEqual({
      code: 400,
      description: 'La dirección de bienvenida debe ser una dirección https:// válida',
    });
    expect((await rest('PUT', 'general', { name: 'Solo el nombre' })).status).toBe(400);
    expect((await community()).movingStartDays).toBe(1);
  });

  it('uploads a logo, shows it in the session and removes it', async () => {
    const file = await upload(config, 'logo.png', PNG);
    const saved = await rest('PUT', 'basic', {
      name: 'Residencial Los Olivos',
      neighborhood_type: 'NEIGHBORHOOD',
      domain: 'los_olivos',
      url_logo: `/api/1.0/files/${file.id}`,
    });
    expect(saved.body.url_logo).toBe(`/api/1.0/files/${file.id}`);
    expect(await community()).toMatchObject({ logoFileId: file.id, urlLogo: `/api/1.0/files/${file.id}` });
    expect((await t.rest('GET', '/users/session', undefined, { token: config })).body.neighborhood.url_logo).toBe(`/api/1.0/files/${file.id}`);
    // Sent back unchanged, the current logo stays.
    const again = await rest('PUT', 'basic', {
      name: 'Residencial Los Olivos',
      neighborhood_type: 'NEIGHBORHOOD',
      domain: 'los_olivos',
      url_logo: saved.body.url_logo,
    });
    expect(again.body.url_logo).toBe(saved.body.url_logo);

    const pdf = await upload(config, 'logo.pdf', '%PDF-1.4 logo');
    expect(
      (await rest('PUT', 'basic', { name: 'Residencial Los Olivos', neighborhood_type: 'NEIGHBORHOOD', domain: 'los_olivos', url_logo: pdf.id })).body,
    ).toEqual({
      code: 400,
      description: 'El logo debe ser una imagen PNG, JPG o WEBP',
    });
    // Someone else's upload cannot be claimed.
    const foreign = await upload(await t.signIn('admin@demo.mx'), 'otro.png', PNG);
    expect(
      (await rest('PUT', 'basic', { name: 'Residencial Los Olivos', neighborhood_type: 'NEIGHBORHOOD', domain: 'los_olivos', url_logo: foreign.id })).body,
    ).toEqual({
      code: 400,
      description: 'El archivo del logo no existe',
    });
    expect(
      (await rest('PUT', 'basic', { name: 'Residencial Los Olivos', neighborhood_type: 'NEIGHBORHOOD', domain: 'los_olivos', url_logo: 'https://x.mx/a.png' }))
        .status,
    ).toBe(400);
    expect((await community()).logoFileId).toBe(file.id);

    const removed = await rest('PUT', 'basic', { name: 'Residencial Los Olivos', neighborhood_type: 'NEIGHBORHOOD', domain: 'los_olivos', url_logo: null });
    expect(removed.body.url_logo).toBeNull();
    expect(await community()).toMatchObject({ logoFileId: null, urlLogo: null });
  });
});

describe('general settings through GraphQL', () => {
  const SAVE = `mutation($input: UpdateCommunitySettingsInput!) { updateCommunitySettings(input: $input) {
    __typename ... on InputError { issues { field message } } ... on Error { message }
    ... on MutationUpdateCommunitySettingsSuccess { data { communitySettings { id requiredTotalAmountDebts behavior { visitorPictureRequired visitorAllowPermanent } } neighborhood { id name } } }
  } }`;

  it('answers field errors under their paths and saves behaviour and collecting', async () => {
    const bad = await gql(SAVE, {
      input: {
        address: { postalCode: '1' },
        moving: { startDays: 3, endDays: 1, schedule: DEFAULT_MOVING_SCHEDULE },
      },
    });
    expect(bad.body.data.updateCommunitySettings).toEqual({
      __typename: 'InputError',
      message: 'El código postal debe tener 5 dígitos. Los días de inicio no pueden ser más que los días de fin',
      issues: [
        { field: 'address.postalCode', message: 'El código postal debe tener 5 dígitos' },
        { field: 'moving.startDays', message: 'Los días de inicio no pueden ser más que los días de fin' },
      ],
    });
    const ok = await gql(SAVE, { input: { behavior: { visitorPictureRequired: true }, collecting: { requiredTotalAmountDebts: true } } });
    expect(ok.body.data.updateCommunitySettings.data.communitySettings).toMatchObject({
      requiredTotalAmountDebts: true,
      behavior: { visitorPictureRequired: true, visitorAllowPermanent: false },
    });
    expect(ok.body.data.updateCommunitySettings.data.neighborhood.name).toBe('Residencial Los Olivos');
  });

  it('never resolves another community’s settings by node id', async () => {
    const id = (type: string, n: number) => Buffer.from(`${type}:${n}`).toString('base64');
    const { body } = await gql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: [id('CommunitySettings', torre), id('CommunityModules', torre), id('MsiSettings', torre), id('GatewayKeys', torre)],
    });
    expect(body.data.nodes).toEqual([null, null, null, null]);
    const own = await gql(`query($id: ID!) { node(id: $id) { ... on GatewayKeys { gatewayAccountId hasGatewayPrivateKey } } }`, {
      id: id('GatewayKeys', olivos),
    });
    expect(own.body.data.node).toEqual({ gatewayAccountId: 'mdemo0000000000000000', hasGatewayPrivateKey: true });
  });
});

describe('interest-free months', () => {
  it('reads 3, 6 and 12; replaces the set with the non-empty values', async () => {
    expect((await rest('GET', 'msi')).body).toEqual({
      total: 3,
      content: [
        { months: 3, boundary: '300.00' },
        { months: 6, boundary: '600.00' },
        { months: 12, boundary: '1500.00' },
      ],
    });
    const saved = await rest('PUT', 'msi', { 3: '350.5', 6: '', 9: 900, 12: null });
    expect(saved.body).toEqual({
      total: 2,
      content: [
        { months: 3, boundary: '350.50' },
        { months: 9, boundary: '900.00' },
      ],
    });
    expect(await audits('MsiSetting')).toBe(1);
  });

  it('refuses amounts under the minimum and other months, changing nothing', async () => {
    expect((await rest('PUT', 'msi', { 3: '299.99' })).body).toEqual({ code: 400, description: 'El monto mínimo para 3 meses es $300.00' });
    expect((await rest('PUT', 'msi', { 4: '500' })).body).toEqual({ code: 400, description: 'Los meses permitidos son 3, 6, 9 y 12' });
    expect((await rest('PUT', 'msi', { 12: 'mil' })).body).toEqual({
      code: 400,
      description: 'El monto para 12 meses debe ser una cantidad con hasta dos decimales',
    });
    expect((await rest('GET', 'msi')).body.total).toBe(2);
  });
});

describe('gateway keys', () => {
  const DEMO_PRIVATE = 'sk_demo_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b';
  const NEW_PRIVATE = 'sk_live_0123456789abcdef0123456789abcdef';

  it('reads the keys without the private key', async () => {
    expect((await rest('GET', 'gateway-keys')).body).toEqual({
      gateway_account_id: 'mdemo0000000000000000',
      gateway_public_key: 'pk_demo_4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e',
      has_gateway_private_key: true,
      sandbox: true,
      gateway_clabe: null,
    });
  });

  it('seals a new private key, keeps it when left blank, never answers it', async () => {
    const saved = await rest('PUT', 'gateway-keys', {
      gateway_account_id: 'mzdtln0bmtms6o3kck8f',
      gateway_public_key: 'pk_live_aaaabbbbccccdddd',
      gateway_private_key: NEW_PRIVATE,
      sandbox: false,
    });
    expect(saved.body).toEqual({
      gateway_account_id: 'mzdtln0bmtms6o3kck8f',
      gateway_public_key: 'pk_live_aaaabbbbccccdddd',
      has_gateway_private_key: true,
      sandbox: false,
      gateway_clabe: null,
    });
    const row = await community();
    expect(row.gatewayPrivateKeyEncrypted).not.toContain(NEW_PRIVATE);
    expect(row.gatewayPrivateKeyEncrypted).not.toContain('0123456789abcdef');
    expect(secretBox(t.app.config).open(row.gatewayPrivateKeyEncrypted!, `gateway-private-key:${olivos}`)).toBe(NEW_PRIVATE);

    const blank = await rest('PUT', 'gateway-keys', {
      gateway_account_id: 'mzdtln0bmtms6o3kck8f',
      gateway_public_key: 'pk_live_eeee',
      gateway_private_key: '',
    });
    expect(blank.body).toMatchObject({ gateway_public_key: 'pk_live_eeee', has_gateway_private_key: true, sandbox: false });
    expect((await community()).gatewayPrivateKeyEncrypted).toBe(row.gatewayPrivateKeyEncrypted);

    const gq = await gql(`{ gatewayKeys { id gatewayAccountId gatewayPublicKey hasGatewayPrivateKey sandbox configured } }`);
    expect(gq.body.data.gatewayKeys).toMatchObject({ hasGatewayPrivateKey: true, configured: true });
    const audit = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'GatewayKeys' } });
    expect(audit).toHaveLength(2);
    expect(audit[0].data).toMatchObject({ privateKeyReplaced: true });
    for (const text of [...answers, JSON.stringify(audit, (_k, v) => (typeof v === 'bigint' ? String(v) : v))]) {
      expect(text).not.toContain(NEW_PRIVATE);
      expect(text).not.toContain(DEMO_PRIVATE);
      expect(text).not.toContain(row.gatewayPrivateKeyEncrypted!);
    }
  });

  it("refuses another community's merchant id (the gateway's answers and webhooks belong to one community)", async () => {
    await t.app.db.prisma.neighborhood.update({ where: { id: torre }, data: { gatewayAccountId: 'mtorreazul00000000000' } });
    const taken = await rest('PUT', 'gateway-keys', {
      gateway_account_id: 'mtorreazul00000000000',
      gateway_public_key: 'pk_live_aaaabbbbccccdddd',
      gateway_private_key: NEW_PRIVATE,
    });
    expect(taken.body).toEqual({ code: 400, description: 'Este ID de comercio ya está registrado en otra comunidad' });
    expect((await community()).gatewayAccountId).not.toBe('mtorreazul00000000000');
  });

  it('refuses keys in the wrong fields and a missing private key', async () => {
    const swapped = await rest('PUT', 'gateway-keys', {
      gateway_account_id: 'mzdtln0bmtms6o3kck8f',
      gateway_public_key: NEW_PRIVATE,
      gateway_private_key: 'pk_live_x1234',
    });
    expect(swapped.body).toEqual({
      code: 400,
      description:
        'La llave pública empieza con pk_ y solo tiene letras, números y guiones bajos. La llave privada empieza con sk_ y solo tiene letras, números y guiones bajos',
    });
    expect(JSON.stringify(swapped.body)).not.toContain(NEW_PRIVATE);
    await t.app.db.prisma.neighborhood.update({ where: { id: torre }, data: { modules: ['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'VISITAS'] } });
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const missing = await t.rest(
      'PUT',
      `/neighborhoods/${torre}/settings/gateway-keys`,
      { gateway_account_id: 'mtorre12345', gateway_public_key: 'pk_torre_1234' },
      { token: torreAdmin },
    );
    expect(missing.body).toEqual({ code: 400, description: 'La llave privada es requerida' });
    await t.app.db.prisma.neighborhood.update({ where: { id: torre }, data: { modules: ['BASE', 'COBRANZA', 'VISITAS'] } });
  });
});

describe('modules', () => {
  const sessionActions = async (token = config) => (await t.rest('GET', '/users/session', undefined, { token })).body.actions as string[];

  it('reads the catalogue with costs, masters and discounts', async () => {
    const { body } = await rest('GET', 'modules');
    expect(body.total).toBe(6);
    expect(body.content.find((m: any) => m.id === 'PAGO_EN_LINEA')).toEqual({
      id: 'PAGO_EN_LINEA',
      active: true,
      cost: '490.00',
      id_master_module: 'COBRANZA',
      discounts: { 2: 10, 3: 15, 4: 20, 5: 25 },
    });
    expect(body.monthly_total).toBe('2437.50');
    expect(body.tos_accepted_at).toEqual(expect.any(String));
  });

  it('needs the terms and a consistent selection', async () => {
    expect((await rest('PUT', 'modules', { modules: { VISITAS: false } })).body).toEqual({
      code: 400,
      description: 'Debes aceptar los términos y condiciones para activar los módulos',
    });
    expect((await rest('PUT', 'modules', { modules: { COBRANZA: false }, accept_tos: true })).body).toEqual({
      code: 400,
      description: 'El módulo Pago en línea requiere el módulo Cobranza',
    });
    expect((await rest('PUT', 'modules', { modules: { BASE: false }, accept_tos: true })).body).toEqual({
      code: 400,
      description: 'El módulo Base siempre está activo',
    });
    expect((await rest('PUT', 'modules', { modules: { NADA: true }, accept_tos: true })).body).toEqual({
      code: 400,
      description: 'modules: El módulo NADA no existe',
    });
    // The same selection again is no change: nothing to accept, nothing written.
    const before = await audits('NeighborhoodModules');
    expect((await rest('PUT', 'modules', { modules: { VISITAS: true } })).status).toBe(200);
    expect(await audits('NeighborhoodModules')).toBe(before);
  });

  it('deactivating COBRANZA takes its grants from the session at once; activating it gives them back', async () => {
    expect(await sessionActions()).toEqual(expect.arrayContaining(['CAccountsRead', 'CMaintenancesRead', 'CMSIRead', 'CGatewayKeysCreate']));
    const off = await rest('PUT', 'modules', { modules: { COBRANZA: false, PAGO_EN_LINEA: false, FACTURACION: false }, accept_tos: true });
    expect(off.status).toBe(200);
    expect(off.body.content.filter((m: any) => m.active).map((m: any) => m.id)).toEqual(['BASE', 'ACCESO_VEHICULAR', 'VISITAS']);
    expect(off.body.monthly_total).toBe('1062.00');
    const actions = await sessionActions();
    for (const grant of ['CAccountsRead', 'CMaintenancesRead', 'CMSIRead', 'CGatewayKeysCreate', 'CTaxRead']) expect(actions).not.toContain(grant);
    expect((await t.rest('GET', '/users/session', undefined, { token: config })).body.active_modules).toEqual(['BASE', 'ACCESO_VEHICULAR', 'VISITAS']);
    expect((await rest('GET', 'msi')).status).toBe(403);
    expect((await rest('GET', 'gateway-keys')).status).toBe(403);
    // Collecting options need COBRANZA.
    expect((await rest('PUT', 'general', { required_total_amount_debts: false })).body).toEqual({
      code: 400,
      description: 'Activa el módulo de cobranza para cambiar las opciones de cobranza',
    });

    const on = await rest('PUT', 'modules', { modules: { COBRANZA: true, PAGO_EN_LINEA: true, FACTURACION: true }, accept_tos: true });
    expect(on.body.content.every((m: any) => m.active)).toBe(true);
    expect(await sessionActions()).toEqual(expect.arrayContaining(['CAccountsRead', 'CMaintenancesRead', 'CMSIRead', 'CGatewayKeysCreate', 'CTaxRead']));
    const row = await community();
    expect(row.modulesTosAcceptedByUserId).toBe((await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'config@demo.mx' } })).id);
    const audit = await t.app.db.prisma.auditLog.findFirstOrThrow({ where: { entity: 'NeighborhoodModules' }, orderBy: { id: 'desc' } });
    expect(audit.data).toMatchObject({ activated: ['COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION'], deactivated: [], tosAccepted: true });
  });
});

describe('who may do what', () => {
  const ROUTES: [string, string, unknown][] = [
    ['GET', 'general', undefined],
    ['PUT', 'general', { welcome_url: null }],
    ['GET', 'basic', undefined],
    ['PUT', 'basic', { name: 'Hackeado', neighborhood_type: 'NEIGHBORHOOD', domain: 'hackeado' }],
    ['GET', 'address', undefined],
    ['PUT', 'address', { postal_code: '01000' }],
    ['GET', 'modules', undefined],
    ['PUT', 'modules', { modules: { VISITAS: false }, accept_tos: true }],
    ['GET', 'msi', undefined],
    ['PUT', 'msi', { 3: '' }],
    ['GET', 'gateway-keys', undefined],
    ['PUT', 'gateway-keys', { gateway_account_id: 'mhack12345', gateway_public_key: 'pk_hack_1234', gateway_private_key: 'sk_hack_1234' }],
  ];

  it('refuses owners and security staff (403), changing nothing', async () => {
    const before = await community();
    const msi = await t.app.db.prisma.msiSetting.findMany();
    for (const token of [owner, security]) {
      for (const [method, path, body] of ROUTES) expect((await rest(method, path, body, token)).status, `${method} ${path}`).toBe(403);
    }
    expect(await community()).toEqual(before);
    expect(await t.app.db.prisma.msiSetting.findMany()).toEqual(msi);
  });

  it('answers 404 for another community’s id in the path, changing nothing', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const torreBefore = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: torre } });
    for (const [method, path, body] of ROUTES) {
      const r = await t.rest(method, `/neighborhoods/${torre}/settings/${path}`, body, { token: admin });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect(await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: torre } })).toEqual(torreBefore);
  });

  it('prints the grants in the schema', async () => {
    const { readFileSync } = await import('node:fs');
    const schema = readFileSync('schema.graphql', 'utf8');
    expect(schema).toMatch(/communitySettings: CommunitySettings! @grant\(any: \["CRead"\]\)/);
    expect(schema).toMatch(
      /updateCommunityModules\(input: UpdateCommunityModulesInput!\): MutationUpdateCommunityModulesResult! @grant\(any: \["CModulesRead"\]\)/,
    );
    expect(schema).toMatch(/updateMsiSettings\(input: UpdateMsiSettingsInput!\): MutationUpdateMsiSettingsResult! @grant\(any: \["CMSIUpdate"\]\)/);
    expect(schema).toMatch(/gatewayKeys: GatewayKeys! @grant\(any: \["CGatewayKeysCreate"\]\)/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let config: string;
let olivos: number;
let torre: number;
/** Los Olivos' house types by title. */
let types: Record<string, number>;

const PATH = () => `/neighborhoods/${olivos}/settings/maintenance`;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  config = await t.signIn('config@demo.mx');
  olivos = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torre = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  const rows = await t.app.db.prisma.houseType.findMany({ where: { neighborhoodId: olivos } });
  types = Object.fromEntries(rows.map((r) => [r.title, r.id]));
});
afterAll(() => t.close());

/** A complete legacy body: every house type of Los Olivos with a fee. */
function legacyBody(overrides: Record<string, unknown> = {}, fees: Record<string, string | number> = {}) {
  return {
    cutoff_day: 1,
    has_discount: true,
    early_payment_discount_type: 'PERCENTAGE',
    early_payment_discount: '7.5',
    discount_end_day: 6,
    has_penalty: true,
    penalty_fee_type: 'AMOUNT',
    penalty_fee: '250.75',
    deadline_day: 15,
    income_accounting_account: '401-01-001',
    penalty_accounting_account: '401-02-001',
    discount_accounting_account: '402-01-001',
    bank_enabled: true,
    store_enabled: false,
    card_enabled: true,
    fees: Object.entries(types).map(([title, id]) => ({ id_house_type: id, amount: fees[title] ?? '1000.00' })),
    ...overrides,
  };
}

async function snapshot() {
  const settings = await t.app.db.prisma.maintenanceSettings.findMany({ orderBy: { neighborhoodId: 'asc' } });
  const fees = await t.app.db.prisma.houseType.findMany({ select: { id: true, amount: true }, orderBy: { id: 'asc' } });
  return JSON.stringify({ settings: settings.map(({ updatedAt: _u, ...s }) => s), fees });
}

describe('maintenance settings through GraphQL', () => {
  it('reads the demo settings with every house type fee and the gateway addresses from the server', async () => {
    const { body } = await t.gql(
      `{ maintenanceSettings { id configured cutoffDay hasDiscount earlyPaymentDiscountType earlyPaymentDiscount discountEndDay hasPenalty
          penaltyFeeType penaltyFee deadlineDay incomeAccountingAccount penaltyAccountingAccount discountAccountingAccount
          bankEnabled storeEnabled cardEnabled gatewayDashboardUrl integratorClientId environmentUrl fees { houseTypeId title amount } } }`,
      {},
      { token: config },
    );
    const s = body.data.maintenanceSettings;
    expect(s).toMatchObject({
      configured: true,
      cutoffDay: 1,
      hasDiscount: true,
      earlyPaymentDiscountType: 'PERCENTAGE',
      earlyPaymentDiscount: '5.00',
      discountEndDay: 5,
      hasPenalty: true,
      penaltyFeeType: 'PERCENTAGE',
      penaltyFee: '10.00',
      deadlineDay: 10,
      incomeAccountingAccount: '401-01-001',
      penaltyAccountingAccount: '401-02-001',
      discountAccountingAccount: '402-01-001',
      bankEnabled: true,
      storeEnabled: true,
      cardEnabled: true,
      gatewayDashboardUrl: '/sandbox/gateway/dashboard',
      integratorClientId: 'sandbox-integrator',
      environmentUrl: '/sandbox/gateway',
    });
    // The demo's house types already had fees: the seed keeps them.
    expect(s.fees.map((f: any) => [f.title, f.amount])).toEqual([
      ['Lote sin construir', '400.00'],
      ['Propiedad en avenida', '950.00'],
      ['Propiedad en condominio', '750.00'],
    ]);
    // The settings are a node of the caller's community only.
    const node = await t.gql('query($id: ID!) { node(id: $id) { ... on MaintenanceSettings { cutoffDay } } }', { id: s.id }, { token: config });
    expect(node.body.data.node).toEqual({ cutoffDay: 1 });
    const foreign = Buffer.from(`MaintenanceSettings:${torre}`).toString('base64');
    expect((await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: foreign }, { token: config })).body.data.node).toBeNull();
  });

  it('answers typed field errors in Spanish and changes nothing', async () => {
    const before = await snapshot();
    const { body } = await t.gql(
      `mutation($input: UpdateMaintenanceSettingsInput!) { updateMaintenanceSettings(input: $input) {
        __typename ... on InputError { issues { field message } } } }`,
      {
        input: {
          cutoffDay: 1,
          hasDiscount: true,
          earlyPaymentDiscount: '120',
          discountEndDay: 12,
          hasPenalty: true,
          penaltyFee: '10',
          deadlineDay: 10,
          incomeAccountingAccount: '401.01',
          fees: [{ houseTypeId: Buffer.from(`HouseType:${types['Propiedad en avenida']}`).toString('base64'), amount: '-5' }],
        },
      },
      { token: config },
    );
    expect(body.data.updateMaintenanceSettings).toEqual({
      __typename: 'InputError',
      issues: [
        { field: 'earlyPaymentDiscount', message: 'El descuento por pronto pago no puede ser mayor al 100%' },
        { field: 'discountEndDay', message: 'El día límite del descuento debe ser anterior al día límite de pago' },
        { field: 'fees.0.amount', message: 'La cuota de mantenimiento debe ser una cantidad positiva con hasta dos decimales' },
        { field: 'incomeAccountingAccount', message: 'La cuenta contable debe ser grupos de dígitos separados por guiones' },
      ],
    });
    expect(await snapshot()).toBe(before);
  });
});

describe('maintenance settings through REST', () => {
  it('saves the settings and the fees in one write and reads them back to the cent', async () => {
    const auditsBefore = await t.app.db.prisma.auditLog.count({ where: { entity: 'MaintenanceSettings' } });
    const saved = await t.rest(
      'PUT',
      PATH(),
      legacyBody({}, { 'Propiedad en avenida': '1500.10', 'Propiedad en condominio': 1100.5, 'Lote sin construir': '0' }),
      { token: admin },
    );
    expect(saved.status).toBe(200);
    const read = await t.rest('GET', PATH(), undefined, { token: admin });
    expect(read.body).toEqual(saved.body);
    expect(read.body).toMatchObject({
      configured: true,
      cutoff_day: 1,
      has_discount: true,
      early_payment_discount_type: 'PERCENTAGE',
      early_payment_discount: '7.50',
      discount_end_day: 6,
      has_penalty: true,
      penalty_fee_type: 'AMOUNT',
      penalty_fee: '250.75',
      deadline_day: 15,
      bank_enabled: true,
      store_enabled: false,
      card_enabled: true,
      gateway_dashboard_url: '/sandbox/gateway/dashboard',
      integrator_client_id: 'sandbox-integrator',
      environment_url: '/sandbox/gateway',
    });
    expect(Object.fromEntries(read.body.fees.map((f: any) => [f.id_house_type, f.amount]))).toEqual({
      [types['Propiedad en avenida']]: '1500.10',
      [types['Propiedad en condominio']]: '1100.50',
      [types['Lote sin construir']]: '0.00',
    });
    const avenue = await t.app.db.prisma.houseType.findUniqueOrThrow({ where: { id: types['Propiedad en avenida'] } });
    expect(avenue.amount?.toFixed(2)).toBe('1500.10');
    const audits = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'MaintenanceSettings' }, orderBy: { id: 'desc' } });
    expect(audits.length).toBe(auditsBefore + 1);
    expect(audits[0]).toMatchObject({ action: 'UPDATE', entityId: String(olivos), neighborhoodId: olivos });
    const data = audits[0].data as any;
    expect(data.changed.earlyPaymentDiscount).toEqual({ from: '5.00', to: '7.50' });
    expect(data.fees).toContainEqual({ id: types['Propiedad en avenida'], title: 'Propiedad en avenida', from: '950.00', to: '1500.10' });
  });

  it('switching the discount and the penalty off clears their amounts and days', async () => {
    const saved = await t.rest('PUT', PATH(), legacyBody({ has_discount: false, has_penalty: false, discount_end_day: 40 }), { token: config });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      has_discount: false,
      early_payment_discount: null,
      discount_end_day: null,
      has_penalty: false,
      penalty_fee: null,
      deadline_day: null,
    });
  });

  it('a bad fee, a foreign house type or a type left without fee leaves settings and fees unchanged', async () => {
    const before = await snapshot();
    const bad = await t.rest('PUT', PATH(), legacyBody({ cutoff_day: 3 }, { 'Lote sin construir': '12.345' }), { token: config });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, description: 'La cuota de mantenimiento debe ser una cantidad positiva con hasta dos decimales' });
    const foreignType = await t.app.db.prisma.houseType.findFirstOrThrow({ where: { neighborhoodId: torre } });
    const foreign = legacyBody({ cutoff_day: 3 });
    (foreign.fees as any[]).push({ id_house_type: foreignType.id, amount: '1.00' });
    const refused = await t.rest('PUT', PATH(), foreign, { token: config });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: 404, description: 'El tipo de propiedad no existe' });
    // A type the community adds without fee must get one in the next save.
    const bodega = await t.app.db.prisma.houseType.create({ data: { neighborhoodId: olivos, title: 'Bodega' } });
    const afterCreate = await snapshot();
    const missing = await t.rest('PUT', PATH(), legacyBody({ cutoff_day: 3 }), { token: config });
    expect(missing.body).toEqual({ code: 400, description: 'Falta la cuota de mantenimiento de Bodega' });
    expect(await snapshot()).toBe(afterCreate);
    const withBodega = legacyBody({ cutoff_day: 3 });
    (withBodega.fees as any[]).push({ id_house_type: bodega.id, amount: '300' });
    expect((await t.rest('PUT', PATH(), withBodega, { token: config })).status).toBe(200);
    await t.app.db.prisma.houseType.delete({ where: { id: bodega.id } });
    expect(JSON.parse(before).fees.find((f: any) => f.id === foreignType.id)).toEqual(
      JSON.parse(await snapshot()).fees.find((f: any) => f.id === foreignType.id),
    );
  });

  it('answers bad input with 400 and the Spanish messages', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ cutoff_day: null }, 'El día de corte es requerido'],
      [{ cutoff_day: 32 }, 'El día de corte debe ser un día del mes, del 1 al 31'],
      [{ discount_end_day: 15 }, 'El día límite del descuento debe ser anterior al día límite de pago'],
      [{ cutoff_day: 8 }, 'El día límite del descuento no puede ser anterior al día de corte'],
      [{ early_payment_discount: '0' }, 'El descuento por pronto pago debe ser una cantidad mayor a cero con hasta dos decimales'],
      [{ penalty_fee_type: 'PERCENTAGE', penalty_fee: '150' }, 'La multa por pago tardío no puede ser mayor al 100%'],
      [{ deadline_day: null }, 'El día límite de pago es requerido'],
      [{ discount_accounting_account: 'abc' }, 'La cuenta contable debe ser grupos de dígitos separados por guiones'],
      [{ income_accounting_account: 'a\u0000b' }, ''],
    ];
    for (const [override, message] of cases) {
      const answer = await t.rest('PUT', PATH(), legacyBody(override), { token: config });
      expect(answer.status, JSON.stringify(override)).toBe(400);
      if (message) expect(answer.body.description).toBe(message);
    }
    const missing = await t.rest('PUT', PATH(), { cutoff_day: 1 }, { token: config });
    expect(missing.status).toBe(400);
    expect(missing.body.description).toContain('El campo has_discount es requerido');
    const repeated = legacyBody();
    (repeated.fees as any[]).push({ ...(repeated.fees as any[])[0] });
    expect((await t.rest('PUT', PATH(), repeated, { token: config })).body.description).toBe('El tipo de propiedad aparece más de una vez');
    expect(await snapshot()).toBe(before);
  });

  it('refuses the owner and security, another community in the path, and keeps the row consistent under concurrent saves', async () => {
    const before = await snapshot();
    for (const email of ['propietario@demo.mx', 'seguridad@demo.mx']) {
      const token = await t.signIn(email);
      expect((await t.rest('GET', PATH(), undefined, { token })).status).toBe(403);
      expect((await t.rest('PUT', PATH(), legacyBody(), { token })).status).toBe(403);
      const gql = await t.gql('{ maintenanceSettings { cutoffDay } }', {}, { token });
      expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect((await t.rest('GET', `/neighborhoods/${torre}/settings/maintenance`, undefined, { token: config })).status).toBe(404);
    expect((await t.rest('PUT', `/neighborhoods/${torre}/settings/maintenance`, legacyBody(), { token: config })).status).toBe(404);
    expect(await snapshot()).toBe(before);

    // Four saves at once (serializable transactions retried on PostgreSQL): the row and the fees come from one of them.
    const bodies = [2, 3, 4, 5].map((d) =>
      legacyBody(
        { cutoff_day: d, penalty_fee: `${d}${d}${d}.${d}${d}` },
        { 'Propiedad en avenida': `${d}000.${d}${d}`, 'Lote sin construir': `${d}.${d}${d}` },
      ),
    );
    const answers = await Promise.all(bodies.map((body, i) => t.rest('PUT', PATH(), body, { token: i % 2 ? admin : config })));
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    const row = await t.app.db.prisma.maintenanceSettings.findUniqueOrThrow({ where: { neighborhoodId: olivos } });
    const avenue = await t.app.db.prisma.houseType.findUniqueOrThrow({ where: { id: types['Propiedad en avenida'] } });
    const lot = await t.app.db.prisma.houseType.findUniqueOrThrow({ where: { id: types['Lote sin construir'] } });
    const state = [row.cutoffDay, row.penaltyFee?.toFixed(2), avenue.amount?.toFixed(2), lot.amount?.toFixed(2)];
    expect([2, 3, 4, 5].map((d) => [d, `${d}${d}${d}.${d}${d}`, `${d}000.${d}${d}`, `${d}.${d}${d}`])).toContainEqual(state);
  });

  it('a community with COBRANZA and no settings reads the defaults and creates them on the first save', async () => {
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const path = `/neighborhoods/${torre}/settings/maintenance`;
    const first = await t.rest('GET', path, undefined, { token: torreAdmin });
    expect(first.body).toMatchObject({ configured: false, cutoff_day: null, has_discount: false, has_penalty: false, bank_enabled: true, card_enabled: true });
    expect(first.body.fees).toEqual([{ id_house_type: expect.any(Number), title: 'Casa/Departamento', amount: null }]);
    // Once the settings exist every type needs its fee.
    const noFee = await t.rest('PUT', path, { cutoff_day: 5, has_discount: false, has_penalty: false }, { token: torreAdmin });
    expect(noFee.body).toEqual({ code: 400, description: 'Falta la cuota de mantenimiento de Casa/Departamento' });
    expect(await t.app.db.prisma.maintenanceSettings.count({ where: { neighborhoodId: torre } })).toBe(0);
    const saved = await t.rest(
      'PUT',
      path,
      {
        cutoff_day: 31,
        has_discount: false,
        has_penalty: true,
        deadline_day: 31,
        penalty_fee: 50,
        penalty_fee_type: 'AMOUNT',
        fees: [{ id_house_type: first.body.fees[0].id_house_type, amount: 2100 }],
      },
      { token: torreAdmin },
    );
    expect(saved.body).toMatchObject({
      configured: true,
      cutoff_day: 31,
      deadline_day: 31,
      penalty_fee: '50.00',
      fees: [{ title: 'Casa/Departamento', amount: '2100.00' }],
    });
    const audit = await t.app.db.prisma.auditLog.findFirstOrThrow({ where: { entity: 'MaintenanceSettings', neighborhoodId: torre } });
    expect(audit.action).toBe('CREATE');
    // The house type form now requires the fee there.
    expect((await t.gql('{ houseTypeAmountRequired }', {}, { token: torreAdmin })).body.data.houseTypeAmountRequired).toBe(true);
  });
});

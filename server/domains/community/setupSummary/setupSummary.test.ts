import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let cookie: string;
let neighborhoodId: number;
beforeAll(async () => {
  t = await startTestApp();
  const { body, response } = await t.rest('POST', '/auth/signup', {
    neighborhood: { name: 'Privada Los Pinos', domain: 'privada_los_pinos', country: 'México' },
    user: { first_name: 'Marta', last_name: 'Ruiz', email: 'marta@pinos.mx', password: 'segura-123' },
  });
  cookie = response.headers.getSetCookie()[0].split(';')[0];
  neighborhoodId = body.neighborhood.id;
});
afterAll(() => t.close());

const summary = async (module?: string) =>
  (await t.rest('GET', `/neighborhoods/${neighborhoodId}/settings/summary${module ? `?module=${module}` : ''}`, undefined, { cookie })).body;

const stepsOf = (body: any) => Object.fromEntries(body.setting_steps.map((s: any) => [s.step, s.configured]));

describe('setup summary', () => {
  it('starts with nothing configured in a community created by sign-up, BASE only', async () => {
    const body = await summary();
    expect(body.modules).toEqual(['BASE']);
    expect(body.settings).toMatchObject({ name: 'Privada Los Pinos', domain: 'privada_los_pinos', neighborhood_type: 'NEIGHBORHOOD' });
    expect(stepsOf(body)).toEqual({ GENERAL: false, HOUSES_TYPES: false, STREETS: false, USERS: false, AMENITIES: false });
    // A module that is not active has no steps.
    expect((await summary('COBRANZA')).setting_steps).toEqual([]);
  });

  it('marks each step configured as the community fills it in, per module', async () => {
    const prisma = t.app.db.prisma;
    await prisma.neighborhood.update({
      where: { id: neighborhoodId },
      data: { modules: ['BASE', 'COBRANZA', 'PAGO_EN_LINEA'], street: 'Av. Pinos 1', postalCode: '76000' },
    });
    const houseType = await prisma.houseType.create({ data: { neighborhoodId, title: 'Casa' } });
    await prisma.street.create({ data: { neighborhoodId, name: 'Calle Pino' } });
    let cobranza = stepsOf(await summary('COBRANZA'));
    expect(cobranza).toEqual({ MAINTENANCES: false, ACCOUNTS: false, CONCEPTS: false, EXPENSES: false, ACCOUNTING_ACCOUNTS: false });
    expect(stepsOf(await summary('BASE'))).toEqual({ GENERAL: true, HOUSES_TYPES: true, STREETS: true, USERS: false, AMENITIES: false });

    // Maintenance needs the cut-off day and a fee on every house type.
    await prisma.maintenanceSettings.create({ data: { neighborhoodId, cutoffDay: 1 } });
    expect(stepsOf(await summary('COBRANZA')).MAINTENANCES).toBe(false);
    await prisma.houseType.update({ where: { id: houseType.id }, data: { amount: '950.00' } });
    await prisma.incomeAccount.create({ data: { neighborhoodId, accountType: 'CASH', description: 'Caja' } });
    const wallet = await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId, type: 'ORDINARY' } });
    await prisma.incomeConcept.create({ data: { neighborhoodId, description: 'Tarjeta de acceso', walletId: wallet.id } });
    await prisma.expenseSettings.create({ data: { neighborhoodId } });
    await prisma.expenseConcept.create({ data: { neighborhoodId, concept: 'Vigilancia' } });
    await prisma.accountingAccountSetting.createMany({
      data: ['BANKS', 'RECEIVABLES', 'MAINTENANCE_INCOME'].map((key) => ({ neighborhoodId, key: key as 'BANKS', number: '102-01' })),
    });
    cobranza = stepsOf(await summary('COBRANZA'));
    expect(cobranza).toEqual({ MAINTENANCES: true, ACCOUNTS: true, CONCEPTS: true, EXPENSES: true, ACCOUNTING_ACCOUNTS: true });
    expect(stepsOf(await summary('PAGO_EN_LINEA'))).toEqual({ GATEWAY_KEYS: false, MSI: false });
  });

  it('shows only the steps the account may see, and nothing to house users or another community', async () => {
    const owner = await t.signIn('propietario@demo.mx');
    expect((await t.rest('GET', '/neighborhoods/1/settings/summary', undefined, { token: owner })).status).toBe(403);
    const admin = await t.signIn('admin@demo.mx');
    expect((await t.rest('GET', `/neighborhoods/${neighborhoodId}/settings/summary`, undefined, { token: admin })).status).not.toBe(200);
    const { body } = await t.gql('{ setupSummary { modules steps { module step configured path } } }', {}, { token: admin });
    expect(body.data.setupSummary.modules).toEqual(['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS']);
    const steps = body.data.setupSummary.steps.map((s: any) => s.step);
    expect(steps).toContain('TAX');
    expect(steps).toContain('REVISION_POINTS');
    expect(body.data.setupSummary.steps.find((s: any) => s.step === 'TAX').path).toBe('/neighborhood/settings/fiscal');
    const bad = await t.rest('GET', '/neighborhoods/1/settings/summary?module=NADA', undefined, { token: admin });
    expect(bad.status).toBe(400);
  });
});

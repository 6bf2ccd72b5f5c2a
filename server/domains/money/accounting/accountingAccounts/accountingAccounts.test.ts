import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_ACCOUNT_KEYS } from '../../../../../core/accounts.js';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let config: string;
let admin: string;
let owner: string;
let security: string;
beforeAll(async () => {
  t = await startTestApp();
  [config, admin, owner, security] = await Promise.all(['config@demo.mx', 'admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)));
});
afterAll(() => t.close());

const PATH = '/neighborhoods/1/settings/accounting-accounts';
const CATALOGUE = '{ accountingAccountCatalogue { number name uses { kind key label recordId recordDatabaseId } } }';

describe('accounting accounts settings through REST', () => {
  it('reads the demo set in the order of the keys', async () => {
    const { status, body } = await t.rest('GET', PATH, undefined, { token: config });
    expect(status).toBe(200);
    expect(body.map((a: any) => a.key)).toEqual([...ACCOUNTING_ACCOUNT_KEYS]);
    expect(body[0]).toEqual({ key: 'BANKS', number: '102-01', name: 'Bancos' });
    expect(body.find((a: any) => a.key === 'MAINTENANCE_INCOME')).toEqual({
      key: 'MAINTENANCE_INCOME',
      number: '401-01',
      name: 'Ingresos por cuotas de mantenimiento',
    });
  });

  it('replaces the set: keys left out or with a blank number are removed; the write is audited', async () => {
    const before = (await t.rest('GET', PATH, undefined, { token: config })).body;
    const saved = await t.rest(
      'PUT',
      PATH,
      [
        { key: 'CASH', number: ' 101-02 ', name: 'Caja chica' },
        { key: 'BANKS', number: '102-01', name: '' },
        { key: 'SUSPENSE', number: '', name: null },
      ],
      { token: config },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([
      { key: 'BANKS', number: '102-01', name: null },
      { key: 'CASH', number: '101-02', name: 'Caja chica' },
    ]);
    expect(await t.app.db.prisma.accountingAccountSetting.count({ where: { neighborhoodId: 1 } })).toBe(2);
    const [audit] = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'AccountingAccountSetting' }, orderBy: { id: 'desc' }, take: 1 });
    expect(audit).toMatchObject({ action: 'UPDATE', entityId: '1', neighborhoodId: 1 });
    expect((audit.data as any).from).toHaveLength(13);
    expect((audit.data as any).to).toHaveLength(2);

    // The { accounts } shape is taken too; the demo set comes back.
    const restored = await t.rest('PUT', PATH, { accounts: before }, { token: admin });
    expect(restored.body).toEqual(before);
  });

  it('answers a bad number with 400 and the message under its place in the list, changing nothing', async () => {
    const before = await t.app.db.prisma.accountingAccountSetting.findMany({ where: { neighborhoodId: 1 }, orderBy: { key: 'asc' } });
    const bad = await t.rest(
      'PUT',
      PATH,
      [
        { key: 'BANKS', number: '102-01' },
        { key: 'CASH', number: '101.01' },
        { key: 'PROVIDERS', number: '', name: 'Proveedores' },
      ],
      { token: config },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      '1.number': 'La cuenta contable debe ser grupos de dígitos separados por guiones, por ejemplo 102-01',
      '2.number': 'Escribe el número de la cuenta o deja también vacío su nombre',
    });
    const repeated = await t.rest(
      'PUT',
      PATH,
      [
        { key: 'BANKS', number: '102-01' },
        { key: 'BANKS', number: '102-02' },
      ],
      { token: config },
    );
    expect(repeated.body.fields).toEqual({ '1.key': 'La cuenta BANKS aparece más de una vez' });
    expect((await t.rest('PUT', PATH, [{ key: 'LOANS', number: '1' }], { token: config })).status).toBe(400);
    expect((await t.rest('PUT', PATH, [{ key: 'BANKS', number: '102-01', name: 'Ban\u0000cos' }], { token: config })).status).toBe(400);
    expect((await t.rest('PUT', PATH, [{ key: 'BANKS', number: '1'.repeat(20_000) }], { token: config })).status).toBe(400);
    const tooMany = Array.from({ length: 14 }, () => ({ key: 'BANKS', number: '1' }));
    expect((await t.rest('PUT', PATH, tooMany, { token: config })).status).toBe(400);
    expect(await t.app.db.prisma.accountingAccountSetting.findMany({ where: { neighborhoodId: 1 }, orderBy: { key: 'asc' } })).toEqual(before);
  });

  it('refuses the owner and security (403) and never touches another community', async () => {
    for (const token of [owner, security]) {
      expect((await t.rest('GET', PATH, undefined, { token })).status).toBe(403);
      expect((await t.rest('PUT', PATH, [], { token })).status).toBe(403);
    }
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    await t.app.db.prisma.accountingAccountSetting.create({ data: { neighborhoodId: torre.id, key: 'BANKS', number: '102-09' } });
    expect((await t.rest('PUT', `/neighborhoods/${torre.id}/settings/accounting-accounts`, [], { token: admin })).status).toBe(404);
    expect(await t.app.db.prisma.accountingAccountSetting.findMany({ where: { neighborhoodId: torre.id } })).toEqual([
      { neighborhoodId: torre.id, key: 'BANKS', number: '102-09', name: null },
    ]);
    expect(await t.app.db.prisma.accountingAccountSetting.count({ where: { neighborhoodId: 1 } })).toBe(13);
  });
});

describe('accounting accounts catalogue through GraphQL', () => {
  it('lists every account the community uses, where, sorted by number', async () => {
    const olivos = 1;
    let wallet = await t.app.db.prisma.wallet.findFirst({ where: { neighborhoodId: olivos } });
    wallet ??= await t.app.db.prisma.wallet.create({ data: { neighborhoodId: olivos, type: 'ORDINARY', name: 'Cuotas ordinarias' } });
    const concept = await t.app.db.prisma.incomeConcept.create({
      data: { neighborhoodId: olivos, description: 'Renta de salón', accountingAccount: '403-10', suspenseAccount: '205-01', walletId: wallet.id },
    });
    await t.app.db.prisma.incomeConcept.create({
      data: { neighborhoodId: olivos, description: 'Concepto retirado', accountingAccount: '999-99', walletId: wallet.id, deletedAt: new Date() },
    });
    await t.app.db.prisma.maintenanceSettings.upsert({
      where: { neighborhoodId: olivos },
      create: { neighborhoodId: olivos, penaltyAccountingAccount: '401-3' },
      update: { penaltyAccountingAccount: '401-3' },
    });
    const bbva = await t.app.db.prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivos, accountType: 'CLABE', deletedAt: null } });

    const { body } = await t.gql(CATALOGUE, {}, { token: admin });
    const entries = body.data.accountingAccountCatalogue as any[];
    const numbers = entries.map((e) => e.number);
    expect(numbers).toContain('403-10');
    expect(numbers).not.toContain('999-99');
    // Group by group, numerically: 401-02 < 401-3 < 403-10.
    expect(numbers.indexOf('102-01')).toBeLessThan(numbers.indexOf('105-01'));
    expect(numbers.indexOf('401-02')).toBeLessThan(numbers.indexOf('401-3'));
    expect(numbers.indexOf('401-3')).toBeLessThan(numbers.indexOf('403-10'));
    expect(numbers.indexOf('403-10')).toBeLessThan(numbers.indexOf('701-01'));

    const banks = entries.find((e) => e.number === '102-01');
    expect(banks.name).toBe('Bancos');
    expect(banks.uses).toContainEqual({ kind: 'SETTING', key: 'BANKS', label: null, recordId: null, recordDatabaseId: null });
    expect(banks.uses).toContainEqual(expect.objectContaining({ kind: 'INCOME_ACCOUNT', label: bbva.description, recordDatabaseId: bbva.id }));
    const suspense = entries.find((e) => e.number === '205-01');
    expect(suspense.uses.map((u: any) => u.kind)).toEqual(['SETTING', 'INCOME_CONCEPT_SUSPENSE']);
    expect(suspense.uses[1]).toMatchObject({ label: 'Renta de salón', recordDatabaseId: concept.id });
    expect(entries.find((e) => e.number === '401-3')).toEqual({
      number: '401-3',
      name: null,
      uses: [{ kind: 'MAINTENANCE_PENALTY', key: null, label: null, recordId: null, recordDatabaseId: null }],
    });
  });

  it('is for AAccountingRead only: the configuration administrator, owner and security are refused', async () => {
    for (const token of [config, owner, security]) {
      const { body } = await t.gql(CATALOGUE, {}, { token });
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
  });

  it('saves through GraphQL with typed field issues', async () => {
    const { body } = await t.gql(
      `mutation($input: UpdateAccountingAccountSettingsInput!) { updateAccountingAccountSettings(input: $input) {
        __typename ... on InputError { issues { field message } } } }`,
      { input: { accounts: [{ key: 'BANKS', number: '102-' }] } },
      { token: config },
    );
    expect(body.data.updateAccountingAccountSettings).toEqual({
      __typename: 'InputError',
      issues: [{ field: 'accounts.0.number', message: 'La cuenta contable debe ser grupos de dígitos separados por guiones, por ejemplo 102-01' }],
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let config: string;
let admin: string;
let owner: string;
let security: string;
let torreId: number;
beforeAll(async () => {
  t = await startTestApp();
  [config, admin, owner, security] = await Promise.all(['config@demo.mx', 'admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)));
  torreId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

const CLABE_SANTANDER = '014180001234567897';
const audits = (id: number) => t.app.db.prisma.auditLog.findMany({ where: { entity: 'IncomeAccount', entityId: String(id) }, orderBy: { id: 'asc' } });

describe('income accounts through REST', () => {
  it('lists the demo accounts in use, by description', async () => {
    const list = await t.rest('GET', '/neighborhoods/1/accounts', undefined, { token: config });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.content.map((a: any) => [a.account_type, a.description, a.account_number, a.accounting_account])).toEqual([
      ['CASH', 'Caja de la administración', null, '101-01'],
      ['CLABE', 'Cuenta de cobranza BBVA', '012180001234567899', '102-01'],
      ['TERMINAL', 'Terminal de la caseta', 'TPV-0042', '102-01'],
    ]);
    expect(list.body.content[1]).toMatchObject({ holder_name: 'Residencial Los Olivos A.C.', bank_name: 'BBVA Bancomer' });
    const terminals = await t.rest('GET', '/neighborhoods/1/accounts?account_type=TERMINAL&page_size=1', undefined, { token: config });
    expect(terminals.body.total).toBe(1);
    expect(terminals.body.content[0].description).toBe('Terminal de la caseta');
  });

  it('creates, reads, updates and deletes; the deleted row remains but leaves every list and read; each write audited', async () => {
    const created = await t.rest(
      'POST',
      '/neighborhoods/1/accounts',
      {
        account_type: 'CLABE',
        description: '  Cuenta Santander ',
        holder_name: 'Residencial Los Olivos A.C.',
        account_number: '014 180 00123456789 7',
        accounting_account: '102-02',
      },
      { token: config },
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toEqual({
      id,
      account_type: 'CLABE',
      description: 'Cuenta Santander',
      holder_name: 'Residencial Los Olivos A.C.',
      account_number: CLABE_SANTANDER,
      accounting_account: '102-02',
      bank_name: 'Banco Santander',
    });
    expect((await t.rest('GET', `/neighborhoods/1/accounts/${id}`, undefined, { token: config })).body).toEqual(created.body);

    // Becomes a card: the number is checked by the new type.
    const updated = await t.rest(
      'PUT',
      `/neighborhoods/1/accounts/${id}`,
      { account_type: 'CARD', description: 'Tarjeta de depósitos', account_number: '4152 3134 1234 5675' },
      { token: config },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      id,
      account_type: 'CARD',
      description: 'Tarjeta de depósitos',
      holder_name: null,
      account_number: '4152313412345675',
      accounting_account: null,
      bank_name: null,
    });

    const deleted = await t.rest('DELETE', `/neighborhoods/1/accounts/${id}`, undefined, { token: config });
    expect(deleted.body).toEqual({ content: true });
    expect((await t.rest('GET', `/neighborhoods/1/accounts/${id}`, undefined, { token: config })).status).toBe(404);
    expect((await t.rest('PUT', `/neighborhoods/1/accounts/${id}`, { account_type: 'CASH', description: 'Otra' }, { token: config })).status).toBe(404);
    expect((await t.rest('DELETE', `/neighborhoods/1/accounts/${id}`, undefined, { token: config })).status).toBe(404);
    const list = await t.rest('GET', '/neighborhoods/1/accounts', undefined, { token: config });
    expect(list.body.content.map((a: any) => a.id)).not.toContain(id);
    const row = await t.app.db.prisma.incomeAccount.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ description: 'Tarjeta de depósitos', accountNumber: '4152313412345675' });
    expect(row.deletedAt).toBeInstanceOf(Date);
    const log = await audits(id);
    expect(log.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(log[1].data).toMatchObject({ from: { accountType: 'CLABE' }, to: { accountType: 'CARD', accountNumber: '4152313412345675' } });
    expect(log.every((a) => a.neighborhoodId === 1 && a.userId !== null)).toBe(true);
  });

  it('answers a bad CLABE with 400 and the Spanish message under account_number, writing nothing', async () => {
    const before = await t.app.db.prisma.incomeAccount.count();
    const bad = await t.rest(
      'POST',
      '/neighborhoods/1/accounts',
      { account_type: 'CLABE', description: 'Mala', account_number: '012180001234567897' },
      { token: config },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 400,
      description: 'El dígito verificador de la CLABE no es válido',
      fields: { account_number: 'El dígito verificador de la CLABE no es válido' },
    });
    const short = await t.rest(
      'POST',
      '/neighborhoods/1/accounts',
      { account_type: 'CLABE', description: 'Corta', account_number: '01218000' },
      { token: config },
    );
    expect(short.body.fields).toEqual({ account_number: 'La CLABE debe tener exactamente 18 dígitos' });
    const noNumber = await t.rest('POST', '/neighborhoods/1/accounts', { account_type: 'TERMINAL', description: '' }, { token: config });
    expect(noNumber.body.fields).toEqual({ description: 'La descripción es requerida', account_number: 'El identificador de la terminal es requerido' });
    const format = await t.rest(
      'POST',
      '/neighborhoods/1/accounts',
      { account_type: 'CASH', description: 'Caja 2', accounting_account: '101.01' },
      { token: config },
    );
    expect(format.body.fields).toEqual({ accounting_account: 'La cuenta contable debe ser grupos de dígitos separados por guiones, por ejemplo 102-01' });
    const type = await t.rest('POST', '/neighborhoods/1/accounts', { account_type: 'PAYPAL', description: 'x' }, { token: config });
    expect(type.body).toEqual({ code: 400, description: 'account_type: El tipo de cuenta debe ser uno de CLABE, CARD, TERMINAL, CASH' });
    expect(await t.app.db.prisma.incomeAccount.count()).toBe(before);
  });

  it('refuses NUL bytes, lone surrogates and huge strings with 400', async () => {
    const before = await t.app.db.prisma.incomeAccount.count();
    const nul = await t.rest('POST', '/neighborhoods/1/accounts', { account_type: 'CASH', description: 'Caja\u0000' }, { token: config });
    expect(nul.status).toBe(400);
    const surrogate = await t.rest(
      'POST',
      '/neighborhoods/1/accounts',
      { account_type: 'CASH', description: 'Caja', holder_name: 'x\uD800' },
      { token: config },
    );
    expect(surrogate.status).toBe(400);
    const huge = await t.rest('POST', '/neighborhoods/1/accounts', { account_type: 'CASH', description: 'x'.repeat(100_000) }, { token: config });
    expect(huge.status).toBe(400);
    expect(huge.body.description).toMatch(/description debe tener como máximo/);
    const long = await t.rest('POST', '/neighborhoods/1/accounts', { account_type: 'CASH', description: 'x'.repeat(121) }, { token: config });
    expect(long.body.fields).toEqual({ description: 'La descripción debe tener como máximo 120 caracteres' });
    const hugeNumber = await t.rest(
      'POST',
      '/neighborhoods/1/accounts',
      { account_type: 'TERMINAL', description: 'T', account_number: '9'.repeat(5_000) },
      { token: config },
    );
    expect(hugeNumber.body.fields).toEqual({ account_number: 'El número de cuenta debe tener como máximo 60 caracteres' });
    expect(await t.app.db.prisma.incomeAccount.count()).toBe(before);
  });

  it('refuses a second account in use with the same number', async () => {
    const repeated = await t.rest(
      'POST',
      '/neighborhoods/1/accounts',
      { account_type: 'CLABE', description: 'Otra BBVA', account_number: '012180001234567899' },
      { token: config },
    );
    expect(repeated.status).toBe(409);
    expect(repeated.body.description).toBe('La cuenta Cuenta de cobranza BBVA ya tiene ese número');
  });

  it('refuses the owner and security (403) and changes nothing', async () => {
    const [account] = await t.app.db.prisma.incomeAccount.findMany({ where: { neighborhoodId: 1, deletedAt: null }, orderBy: { id: 'asc' } });
    for (const token of [owner, security]) {
      expect((await t.rest('GET', '/neighborhoods/1/accounts', undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', `/neighborhoods/1/accounts/${account.id}`, undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', '/neighborhoods/1/accounts', { account_type: 'CASH', description: 'Caja chica' }, { token })).status).toBe(403);
      expect((await t.rest('PUT', `/neighborhoods/1/accounts/${account.id}`, { account_type: 'CASH', description: 'Hackeada' }, { token })).status).toBe(403);
      expect((await t.rest('DELETE', `/neighborhoods/1/accounts/${account.id}`, undefined, { token })).status).toBe(403);
    }
    expect(await t.app.db.prisma.incomeAccount.findUniqueOrThrow({ where: { id: account.id } })).toEqual(account);
    expect(await t.app.db.prisma.incomeAccount.count({ where: { description: 'Caja chica' } })).toBe(0);
  });

  it("answers 404 for another community's account and leaves it unchanged", async () => {
    const foreign = await t.app.db.prisma.incomeAccount.create({
      data: { neighborhoodId: torreId, accountType: 'CLABE', description: 'Cuenta Torre Azul', accountNumber: '072180001234567897' },
    });
    for (const token of [admin, config]) {
      expect((await t.rest('GET', `/neighborhoods/1/accounts/${foreign.id}`, undefined, { token })).status).toBe(404);
      expect((await t.rest('PUT', `/neighborhoods/1/accounts/${foreign.id}`, { account_type: 'CASH', description: 'Hackeada' }, { token })).status).toBe(404);
      expect((await t.rest('DELETE', `/neighborhoods/1/accounts/${foreign.id}`, undefined, { token })).status).toBe(404);
    }
    // The path names a community that is not the session's.
    expect((await t.rest('GET', `/neighborhoods/${torreId}/accounts`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', '/neighborhoods/1/accounts/abc', undefined, { token: admin })).status).toBe(404);
    expect(await t.app.db.prisma.incomeAccount.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(foreign);
    expect(await t.app.db.prisma.auditLog.count({ where: { entity: 'IncomeAccount', entityId: String(foreign.id) } })).toBe(0);
  });
});

describe('income accounts through GraphQL', () => {
  const CREATE = `mutation($input: CreateIncomeAccountInput!) { createIncomeAccount(input: $input) {
    __typename ... on InputError { issues { field message } } ... on Error { message }
    ... on MutationCreateIncomeAccountSuccess { data { incomeAccount { id databaseId accountType maskedNumber bankName } } } } }`;

  it('creates with masked number and bank name, repeats an idempotent request once, and hides a deleted account', async () => {
    const input = { accountType: 'CLABE', description: 'Banorte', accountNumber: '072180001234567897', idempotencyKey: 'acc-1' };
    const first = await t.gql(CREATE, { input }, { token: config });
    const account = first.body.data.createIncomeAccount.data.incomeAccount;
    expect(account).toMatchObject({ accountType: 'CLABE', maskedNumber: '•••• 7897', bankName: 'Banco Mercantil del Norte' });
    const again = await t.gql(CREATE, { input }, { token: config });
    expect(again.body.data.createIncomeAccount.data.incomeAccount.id).toBe(account.id);
    expect(await t.app.db.prisma.incomeAccount.count({ where: { description: 'Banorte' } })).toBe(1);

    const list = await t.gql('{ incomeAccounts(first: 100) { totalCount edges { node { description maskedNumber } } } }', {}, { token: config });
    expect(list.body.data.incomeAccounts.edges.map((e: any) => e.node)).toContainEqual({ description: 'Banorte', maskedNumber: '•••• 7897' });

    const removed = await t.gql(
      'mutation($input: DeleteIncomeAccountInput!) { deleteIncomeAccount(input: $input) { __typename ... on MutationDeleteIncomeAccountSuccess { data { deletedId } } } }',
      { input: { id: account.id } },
      { token: config },
    );
    expect(removed.body.data.deleteIncomeAccount.data.deletedId).toBe(account.id);
    const node = await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: account.id }, { token: config });
    expect(node.body.data.node).toBeNull();
  });

  it('answers field issues as a typed InputError', async () => {
    const { body } = await t.gql(CREATE, { input: { accountType: 'CARD', description: 'Tarjeta', accountNumber: '4152313412345676' } }, { token: config });
    expect(body.data.createIncomeAccount).toEqual({
      __typename: 'InputError',
      message: 'El número de tarjeta no es válido: revisa sus dígitos',
      issues: [{ field: 'accountNumber', message: 'El número de tarjeta no es válido: revisa sus dígitos' }],
    });
  });

  it('refuses the owner the list and the mutations', async () => {
    const list = await t.gql('{ incomeAccounts(first: 10) { totalCount } }', {}, { token: owner });
    expect(list.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const create = await t.gql(CREATE, { input: { accountType: 'CASH', description: 'Caja' } }, { token: security });
    expect(create.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

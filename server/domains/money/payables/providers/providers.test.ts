import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let config: string;
let owner: string;
let resident: string;
let security: string;
let torreId: number;
let torreProviderId: number;
let conceptId: number;
let torreConceptId: number;
const BASE = '/neighborhoods/1/providers';
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
// Valid CLABEs (check digit by weights 3, 7, 1): Banamex and BBVA.
const BANAMEX = '002180000011835975';
const IXE = '032180000118359719';

const FIELDS = 'id databaseId name rfc paymentMethod bank clabe expenseConcept { databaseId concept }';
const CREATE = `mutation($input: CreateProviderInput!) { createProvider(input: $input) { __typename
  ... on Error { code message } ... on InputError { issues { field message } }
  ... on MutationCreateProviderSuccess { data { provider { ${FIELDS} } } } } }`;
const UPDATE = `mutation($input: UpdateProviderInput!) { updateProvider(input: $input) { __typename
  ... on Error { code message } ... on InputError { issues { field message } }
  ... on MutationUpdateProviderSuccess { data { provider { ${FIELDS} } } } } }`;

beforeAll(async () => {
  t = await startTestApp();
  [admin, config, owner, resident, security] = await Promise.all(
    ['admin@demo.mx', 'config@demo.mx', 'propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)),
  );
  const prisma = t.app.db.prisma;
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  conceptId = (await prisma.expenseConcept.create({ data: { neighborhoodId: 1, concept: 'Jardinería de prueba' } })).id;
  torreConceptId = (await prisma.expenseConcept.create({ data: { neighborhoodId: torreId, concept: 'Elevadores' } })).id;
  torreProviderId = (await prisma.provider.create({ data: { neighborhoodId: torreId, name: 'Elevadores Torre', paymentMethod: 'CHECK', rfc: 'ETO010101AB1' } }))
    .id;
});
afterAll(() => t.close());

const providerCount = () => t.app.db.prisma.provider.count();

describe('providers', () => {
  it('registers a TRANSFER provider over REST, takes the bank from the CLABE, lists, reads and edits it', async () => {
    const created = await t.rest(
      'POST',
      BASE,
      { name: 'Jardines del Bajío', rfc: 'jba150312ab1', payment_method: 'TRANSFER', bank: 'Otro', clabe: '0021 8000 0011 835975', id_concept: conceptId },
      { token: admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Jardines del Bajío',
      rfc: 'JBA150312AB1',
      payment_method: 'TRANSFER',
      bank: 'Banco Nacional de México',
      clabe: BANAMEX,
      id_concept: conceptId,
      expense_concept: { id: conceptId, concept: 'Jardinería de prueba' },
    });
    const id = created.body.id;
    const list = await t.rest('GET', `${BASE}?name=jard&page_size=10&offset=0`, undefined, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.content.map((p: any) => p.id)).toContain(id);
    expect(list.body.content.every((p: any) => /jard/i.test(`${p.name} ${p.rfc}`))).toBe(true);
    const byConcept = await t.rest('GET', `${BASE}?concept=${conceptId}`, undefined, { token: admin });
    expect(byConcept.body).toMatchObject({ total: 1, content: [{ id }] });
    const byRfc = await t.rest('GET', `${BASE}?name=JBA150312`, undefined, { token: admin });
    expect(byRfc.body.content.map((p: any) => p.id)).toEqual([id]);

    expect((await t.rest('GET', `${BASE}/${id}`, undefined, { token: admin })).body).toMatchObject({ id, id_provider: id, clabe: BANAMEX });
    const edited = await t.rest('PUT', `${BASE}/${id}`, { name: 'Jardines del Bajío SA', payment_method: 'CHECK', id_concept: null }, { token: admin });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Jardines del Bajío SA', payment_method: 'CHECK', rfc: null, clabe: null, bank: null, id_concept: null });
    const log = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'Provider', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(log.map((l) => l.action)).toEqual(['CREATE', 'UPDATE']);
  });

  it('answers the form configuration: payment methods, banks and the live expense concepts', async () => {
    const { status, body } = await t.rest('GET', `${BASE}/config`, undefined, { token: admin });
    expect(status).toBe(200);
    expect(body.payment_methods).toEqual(['CHECK', 'TRANSFER']);
    expect(body.banks).toContain('BBVA Bancomer');
    expect(body.expense_concepts.map((c: any) => c.id)).toContain(conceptId);
    expect(body.expense_concepts.map((c: any) => c.id)).not.toContain(torreConceptId);
  });

  it('creates and updates through GraphQL; the bank typed stays when the CLABE names none known', async () => {
    const { body } = await t.gql(
      CREATE,
      {
        input: {
          provider: { name: 'Limpieza Total', paymentMethod: 'TRANSFER', clabe: IXE, bank: 'Cualquiera', expenseConceptId: gid('ExpenseConcept', conceptId) },
        },
      },
      { token: admin },
    );
    const provider = body.data.createProvider.data.provider;
    expect(provider).toMatchObject({ name: 'Limpieza Total', bank: 'IXE Banco', clabe: IXE, expenseConcept: { databaseId: conceptId } });
    const updated = await t.gql(
      UPDATE,
      { input: { id: provider.id, provider: { name: 'Limpieza Total', paymentMethod: 'CHECK', bank: 'Banorte' } } },
      { token: admin },
    );
    expect(updated.body.data.updateProvider.data.provider).toMatchObject({ paymentMethod: 'CHECK', bank: 'Banorte', clabe: null });
    const node = await t.gql(`query($id: ID!) { node(id: $id) { ... on Provider { name } } }`, { id: provider.id }, { token: admin });
    expect(node.body.data.node).toEqual({ name: 'Limpieza Total' });
  });

  it('refuses bad input with Spanish messages and writes nothing', async () => {
    const before = await providerCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'Sin CLABE', payment_method: 'TRANSFER' }, /CLABE es requerida/],
      [{ name: 'CLABE mala', payment_method: 'TRANSFER', clabe: '002180000011835976' }, /dígito verificador/],
      [{ name: 'CLABE corta', payment_method: 'TRANSFER', clabe: '00218000001183597' }, /18 dígitos/],
      [{ name: 'RFC malo', payment_method: 'CHECK', rfc: 'ABC99' }, /RFC/],
      [{ name: 'RFC fecha', payment_method: 'CHECK', rfc: 'ABC991332AB1' }, /fecha del RFC/],
      [{ name: 'Genérico', payment_method: 'CHECK', rfc: 'XAXX010101000' }, /genérico/],
      [{ name: 'Efectivo', payment_method: 'CASH' }, /cheque o transferencia/],
      [{ name: '', payment_method: 'CHECK' }, /nombre es requerido/],
      [{ name: 'Nulo\u0000', payment_method: 'CHECK' }, /no permitidos/],
      [{ name: 'x'.repeat(10_001), payment_method: 'CHECK' }, /./],
      [{ name: 'x'.repeat(201), payment_method: 'CHECK' }, /como máximo 200/],
      [{ name: 'Concepto ajeno', payment_method: 'CHECK', id_concept: torreConceptId }, /concepto de egreso no existe/],
      [{ name: 'Concepto raro', payment_method: 'CHECK', id_concept: 'abc' }, /./],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await t.rest('POST', BASE, body, { token: admin });
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.description).toMatch(message);
    }
    const huge = await t.rest('POST', BASE, undefined, { token: admin, raw: JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024), payment_method: 'CHECK' }) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await providerCount()).toBe(before);
  });

  it('keeps an RFC to one provider of the community, also under concurrent registrations', async () => {
    const body = { name: 'Seguridad Privada', rfc: 'SPR100101AA1', payment_method: 'CHECK' };
    const answers = await Promise.all([1, 2, 3].map(() => t.rest('POST', BASE, body, { token: admin })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.description).toBe('Ya existe un proveedor con el RFC SPR100101AA1 en la comunidad: Seguridad Privada');
    expect(await t.app.db.prisma.provider.count({ where: { rfc: 'SPR100101AA1' } })).toBe(1);
    // Another community may have a provider with the same RFC as one of Los Olivos.
    const sameAsTorre = await t.rest('POST', BASE, { name: 'Elevadores', rfc: 'ETO010101AB1', payment_method: 'CHECK' }, { token: admin });
    expect(sameAsTorre.status).toBe(201);
    // Editing another provider onto a taken RFC is a conflict too.
    const other = await t.rest('POST', BASE, { name: 'Otro', payment_method: 'CHECK' }, { token: admin });
    const taken = await t.rest('PUT', `${BASE}/${other.body.id}`, { ...body, name: 'Otro' }, { token: admin });
    expect(taken.status).toBe(409);
  });

  it('answers not found for another community’s provider and never changes it', async () => {
    expect((await t.rest('GET', `${BASE}/${torreProviderId}`, undefined, { token: admin })).status).toBe(404);
    const put = await t.rest('PUT', `${BASE}/${torreProviderId}`, { name: 'Robado', payment_method: 'CHECK' }, { token: admin });
    expect(put.status).toBe(404);
    const node = await t.gql(`query($id: ID!) { node(id: $id) { ... on Provider { name } } }`, { id: gid('Provider', torreProviderId) }, { token: admin });
    expect(node.body.data.node).toBeNull();
    const update = await t.gql(
      UPDATE,
      { input: { id: gid('Provider', torreProviderId), provider: { name: 'Robado', paymentMethod: 'CHECK' } } },
      { token: admin },
    );
    expect(update.body.data.updateProvider.__typename).toBe('NotFoundError');
    expect((await t.rest('GET', '/neighborhoods/1/providers?name=Elevadores Torre', undefined, { token: admin })).body.total).toBe(0);
    expect((await t.app.db.prisma.provider.findUniqueOrThrow({ where: { id: torreProviderId } })).name).toBe('Elevadores Torre');
    // The legacy path naming Torre Azul while the session acts in Los Olivos is refused.
    expect((await t.rest('GET', `/neighborhoods/${torreId}/providers`, undefined, { token: admin })).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses roles without the grants: configuration administrator, owner, resident, security', async () => {
    const before = await providerCount();
    for (const token of [config, owner, resident, security]) {
      expect((await t.rest('GET', BASE, undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', BASE, { name: 'Intruso', payment_method: 'CHECK' }, { token })).status).toBe(403);
      const gql = await t.gql(CREATE, { input: { provider: { name: 'Intruso', paymentMethod: 'CHECK' } } }, { token });
      expect(gql.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await t.rest('GET', BASE)).status).toBe(401);
    expect(await providerCount()).toBe(before);
  });
});

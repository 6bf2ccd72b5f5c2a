import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { SYSTEM_CONCEPTS } from '../../../../../core/incomeConcepts.js';

let t: TestApp;
let config: string;
let admin: string;
let owner: string;
let security: string;
let torreId: number;
const BASE = '/neighborhoods/1/settings/incomes/concepts';

beforeAll(async () => {
  t = await startTestApp();
  [config, admin, owner, security] = await Promise.all(['config@demo.mx', 'admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)));
  torreId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

const concepts = () => t.app.db.prisma.incomeConcept.findMany({ orderBy: { id: 'asc' } });
const wallet = async (neighborhoodId: number, type: 'ORDINARY' | 'EXTRAORDINARY') =>
  (await t.app.db.prisma.wallet.findFirstOrThrow({ where: { neighborhoodId, type } })).id;

describe('wallets', () => {
  it("lists the community's wallets through REST and GraphQL: the two of every community, then each measured service's", async () => {
    const { status, body } = await t.rest('GET', `${BASE}/wallets`, undefined, { token: config });
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.content.map((w: any) => [w.type, w.name])).toEqual([
      ['ORDINARY', 'Cuotas ordinarias'],
      ['EXTRAORDINARY', 'Cuotas extraordinarias'],
      ['MEASURED_SERVICE', 'Agua'],
    ]);
    expect(body.content[0].id).toBe(await wallet(1, 'ORDINARY'));
    const gql = await t.gql('{ wallets { id databaseId type name } }', {}, { token: config });
    expect(gql.body.data.wallets.map((w: any) => w.name)).toEqual(['Cuotas ordinarias', 'Cuotas extraordinarias', 'Agua']);
  });
});

describe('the platform concepts', () => {
  it('every community has them, not deletable, in the right wallets (demo communities and a public sign-up)', async () => {
    const list = await t.rest('GET', `${BASE}?page_size=100`, undefined, { token: config });
    const byKey = Object.fromEntries(list.body.content.filter((c: any) => c.system_key).map((c: any) => [c.system_key, c]));
    expect(Object.keys(byKey).sort()).toEqual(SYSTEM_CONCEPTS.map((c) => c.key).sort());
    expect(byKey.MAINTENANCE).toMatchObject({ description: 'Cuota de mantenimiento', deletable: false, increase_balance: true, mandatory: true });
    expect(byKey.MAINTENANCE.wallet).toMatchObject({ type: 'ORDINARY', name: 'Cuotas ordinarias' });
    expect(byKey.PENALTY).toMatchObject({ description: 'Recargo por pago tardío', deletable: false, wallet: { type: 'ORDINARY' } });
    expect(byKey.EXTRAORDINARY).toMatchObject({ description: 'Cuota extraordinaria', wallet: { type: 'EXTRAORDINARY' } });
    expect(byKey.AGREEMENT).toMatchObject({ description: 'Convenio de pago', wallet: { type: 'ORDINARY' } });
    expect(byKey.AMENITY).toMatchObject({ description: 'Reservación de área común', wallet: { type: 'EXTRAORDINARY' } });
    // The demo community's own concepts, with their accounting accounts.
    const access = list.body.content.find((c: any) => c.description === 'Tarjeta de acceso');
    expect(access).toMatchObject({ deletable: true, system_key: null, accounting_account: '402-01-001', max_amount_balance: '1500.00' });
    expect(await t.app.db.prisma.incomeConcept.count({ where: { neighborhoodId: torreId, systemKey: { not: null } } })).toBe(SYSTEM_CONCEPTS.length);

    const signUp = await t.gql(
      `mutation($input: SignUpCommunityInput!) { signUpCommunity(input: $input) { __typename ... on MutationSignUpCommunitySuccess { data { session { neighborhood { id } } } } } }`,
      {
        input: {
          neighborhood: { name: 'Privada Los Pinos', domain: 'privada_los_pinos' },
          user: { firstName: 'Elena', email: 'elena@pinos.mx', password: 'demo1234' },
        },
      },
    );
    expect(signUp.body.data.signUpCommunity.__typename).toBe('MutationSignUpCommunitySuccess');
    const pinos = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'privada_los_pinos' }, include: { wallets: true } });
    expect(pinos.wallets.map((w) => w.type).sort()).toEqual(['EXTRAORDINARY', 'ORDINARY']);
    const own = await t.app.db.prisma.incomeConcept.findMany({ where: { neighborhoodId: pinos.id }, include: { wallet: true } });
    expect(own.map((c) => c.systemKey).sort()).toEqual(SYSTEM_CONCEPTS.map((c) => c.key).sort());
    expect(own.every((c) => !c.deletable && c.wallet.neighborhoodId === pinos.id)).toBe(true);
    // With collections switched on, its administrator sees them (concept grants need COBRANZA).
    await t.app.db.prisma.neighborhood.update({ where: { id: pinos.id }, data: { modules: ['BASE', 'COBRANZA'] } });
    const elena = await t.signIn('elena@pinos.mx');
    const read = await t.gql(
      '{ incomeConcepts(first: 50) { totalCount edges { node { description systemKey deletable wallet { type } } } } }',
      {},
      { token: elena },
    );
    expect(read.body.data.incomeConcepts.totalCount).toBe(SYSTEM_CONCEPTS.length);
    expect(read.body.data.incomeConcepts.edges.find((e: any) => e.node.systemKey === 'MAINTENANCE').node).toEqual({
      description: 'Cuota de mantenimiento',
      systemKey: 'MAINTENANCE',
      deletable: false,
      wallet: { type: 'ORDINARY' },
    });
  });

  it('refuses deleting them and changing their description or wallet; their flags and accounts may change', async () => {
    const maintenance = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: 1, systemKey: 'MAINTENANCE' } });
    const refused = await t.rest('DELETE', `${BASE}/${maintenance.id}`, undefined, { token: config });
    expect(refused.body).toEqual({ code: 409, description: 'El concepto Cuota de mantenimiento no se puede eliminar' });
    const ordinary = await wallet(1, 'ORDINARY');
    const extraordinary = await wallet(1, 'EXTRAORDINARY');
    const renamed = await t.rest('PUT', `${BASE}/${maintenance.id}`, { description: 'Mantenimiento', id_wallet: extraordinary }, { token: config });
    expect(renamed.status).toBe(400);
    expect(renamed.body.description).toBe(
      'Es un concepto del sistema: su descripción y su monedero no se pueden cambiar. Es un concepto del sistema: su descripción y su monedero no se pueden cambiar',
    );
    expect(await t.app.db.prisma.incomeConcept.findUniqueOrThrow({ where: { id: maintenance.id } })).toEqual(maintenance);
    const flags = await t.rest(
      'PUT',
      `${BASE}/${maintenance.id}`,
      {
        description: 'Cuota de mantenimiento',
        id_wallet: ordinary,
        increase_balance: true,
        mandatory: true,
        notify_payment: false,
        accounting_account: '401-01',
      },
      { token: config },
    );
    expect(flags.status).toBe(200);
    expect(flags.body).toMatchObject({ notify_payment: false, accounting_account: '401-01', deletable: false, system_key: 'MAINTENANCE' });
  });
});

describe('income concepts through REST', () => {
  it('creates, reads, updates and deletes (kept for receipts, hidden from lists), with audit rows', async () => {
    const extraordinary = await wallet(1, 'EXTRAORDINARY');
    const created = await t.rest(
      'POST',
      BASE,
      {
        description: '  Cuota de alberca ',
        id_wallet: extraordinary,
        notify_payment: true,
        allow_comments: true,
        accounting_account: '402-05-001',
        suspense_account: '209-01',
        max_payment_date: '2027-03-31',
        max_amount_balance: 2500.5,
        deletable: false,
      },
      { token: config },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      description: 'Cuota de alberca',
      system_key: null,
      deletable: true,
      increase_balance: false,
      notify_payment: true,
      visible_to_owner: true,
      mandatory: false,
      allow_amount: false,
      allow_comments: true,
      accounting_account: '402-05-001',
      suspense_account: '209-01',
      max_payment_date: '2027-03-31',
      max_amount_balance: '2500.50',
      id_wallet: extraordinary,
      wallet: { id: extraordinary, type: 'EXTRAORDINARY', name: 'Cuotas extraordinarias' },
    });
    const id = created.body.id;
    expect((await t.rest('GET', `${BASE}/${id}`, undefined, { token: config })).body).toEqual(created.body);
    const updated = await t.rest(
      'PUT',
      `${BASE}/${id}`,
      { description: 'Cuota de alberca 2027', id_wallet: String(await wallet(1, 'ORDINARY')), increase_balance: true, visible_to_owner: false },
      { token: config },
    );
    expect(updated.body).toMatchObject({
      description: 'Cuota de alberca 2027',
      increase_balance: true,
      visible_to_owner: false,
      accounting_account: null,
      max_payment_date: null,
      max_amount_balance: null,
      wallet: { type: 'ORDINARY' },
    });
    const filtered = await t.rest('GET', `${BASE}?description=ALBERCA`, undefined, { token: config });
    expect(filtered.body.content.map((c: any) => c.id)).toEqual([id]);
    expect((await t.rest('DELETE', `${BASE}/${id}`, undefined, { token: config })).body).toEqual({ content: true });
    expect((await t.rest('GET', `${BASE}/${id}`, undefined, { token: config })).status).toBe(404);
    expect((await t.rest('GET', `${BASE}?description=alberca`, undefined, { token: config })).body).toEqual({ total: 0, content: [] });
    expect((await t.rest('DELETE', `${BASE}/${id}`, undefined, { token: config })).status).toBe(404);
    const kept = await t.app.db.prisma.incomeConcept.findUniqueOrThrow({ where: { id } });
    expect(kept.deletedAt).not.toBeNull();
    const audit = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'IncomeConcept', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(audit.every((a) => a.neighborhoodId === 1 && a.userId != null)).toBe(true);
    expect((audit[1].data as any).from).toMatchObject({ description: 'Cuota de alberca', maxAmountBalance: '2500.50', maxPaymentDate: '2027-03-31' });
    // A deleted concept's description may be used again.
    const again = await t.rest('POST', BASE, { description: 'Cuota de alberca 2027', id_wallet: extraordinary }, { token: config });
    expect(again.status).toBe(201);
  });

  it('updates the flags of several concepts in one write (all or nothing)', async () => {
    const [noise, access] = await Promise.all(
      ['Multa por ruido', 'Tarjeta de acceso'].map((description) =>
        t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: 1, description } }),
      ),
    );
    const before = await t.app.db.prisma.auditLog.count({ where: { entity: 'IncomeConcept' } });
    const bulk = await t.rest(
      'PUT',
      BASE,
      {
        concepts: [
          { id: noise.id, visible_to_owner: false, allow_amount: true },
          { id: access.id, mandatory: true },
        ],
      },
      { token: config },
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.total).toBe(2);
    const byId = Object.fromEntries(bulk.body.content.map((c: any) => [c.id, c]));
    expect(byId[noise.id]).toMatchObject({ visible_to_owner: false, allow_amount: true, increase_balance: true, notify_payment: true });
    expect(byId[access.id]).toMatchObject({ mandatory: true, notify_payment: true });
    expect(await t.app.db.prisma.auditLog.count({ where: { entity: 'IncomeConcept' } })).toBe(before + 2);
    // The bare list is accepted too.
    const bare = await t.rest('PUT', BASE, [{ id: noise.id, visible_to_owner: true }], { token: config });
    expect(bare.body.content[0].visible_to_owner).toBe(true);

    const foreign = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: torreId } });
    const snapshot = await concepts();
    const mixed = await t.rest(
      'PUT',
      BASE,
      {
        concepts: [
          { id: access.id, mandatory: false },
          { id: foreign.id, mandatory: true },
        ],
      },
      { token: admin },
    );
    expect(mixed.body).toEqual({ code: 404, description: 'El concepto no existe' });
    const twice = await t.rest(
      'PUT',
      BASE,
      {
        concepts: [
          { id: access.id, mandatory: false },
          { id: access.id, mandatory: true },
        ],
      },
      { token: config },
    );
    expect(twice.body).toEqual({ code: 400, description: 'Cada concepto puede aparecer una sola vez' });
    const empty = await t.rest('PUT', BASE, { concepts: [] }, { token: config });
    expect(empty.body).toEqual({ code: 400, description: 'Envía al menos un concepto' });
    expect(await concepts()).toEqual(snapshot);
  });

  it('refuses bad input with Spanish messages, changing nothing', async () => {
    const ordinary = await wallet(1, 'ORDINARY');
    const snapshot = await concepts();
    const cases: [unknown, string][] = [
      [{ description: '   ', id_wallet: ordinary }, 'La descripción es requerida'],
      [{ id_wallet: ordinary }, 'El campo description es requerido'],
      [{ description: 'Sin monedero' }, 'El campo id_wallet es requerido'],
      [{ description: 'X', id_wallet: ordinary, accounting_account: '401--01' }, 'La cuenta contable debe ser grupos de dígitos separados por guiones'],
      [{ description: 'X', id_wallet: ordinary, suspense_account: 'abc' }, 'La cuenta contable debe ser grupos de dígitos separados por guiones'],
      [{ description: 'X', id_wallet: ordinary, max_payment_date: '2027-02-30' }, 'La fecha límite de pago debe ser una fecha válida (AAAA-MM-DD)'],
      [{ description: 'X', id_wallet: ordinary, max_payment_date: '31/12/2027' }, 'La fecha límite de pago debe ser una fecha válida (AAAA-MM-DD)'],
      [{ description: 'X', id_wallet: ordinary, max_amount_balance: '0' }, 'El monto máximo debe ser una cantidad mayor a cero con hasta dos decimales'],
      [{ description: 'X', id_wallet: ordinary, max_amount_balance: -5 }, 'El monto máximo debe ser una cantidad mayor a cero con hasta dos decimales'],
      [{ description: 'X', id_wallet: ordinary, max_amount_balance: '10.005' }, 'El monto máximo debe ser una cantidad mayor a cero con hasta dos decimales'],
      [{ description: 'x'.repeat(121), id_wallet: ordinary }, 'La descripción debe tener como máximo 120 caracteres'],
      [{ description: 'Cuota\u0000', id_wallet: ordinary }, 'contiene caracteres no permitidos'],
    ];
    for (const [body, description] of cases) {
      const answer = await t.rest('POST', BASE, body, { token: config });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.description, JSON.stringify(body)).toContain(description);
    }
    const duplicate = await t.rest('POST', BASE, { description: 'cuota de MANTENIMIENTO', id_wallet: ordinary }, { token: config });
    expect(duplicate.body).toEqual({ code: 409, description: 'Ya existe un concepto llamado cuota de MANTENIMIENTO' });
    expect(await concepts()).toEqual(snapshot);

    const typed = await t.gql(
      `mutation($input: CreateIncomeConceptInput!) { createIncomeConcept(input: $input) { __typename ... on InputError { issues { field message } } } }`,
      { input: { concept: { description: '', walletId: 'V2FsbGV0OjE=', maxAmountBalance: 'mil', accountingAccount: '1-a' } } },
      { token: config },
    );
    expect(typed.body.data.createIncomeConcept).toEqual({
      __typename: 'InputError',
      issues: [
        { field: 'description', message: 'La descripción es requerida' },
        { field: 'accountingAccount', message: 'La cuenta contable debe ser grupos de dígitos separados por guiones' },
        { field: 'maxAmountBalance', message: 'El monto máximo debe ser una cantidad mayor a cero con hasta dos decimales' },
      ],
    });
  });

  it('never reaches another community: its concepts answer 404 and its wallets 400, nothing changes', async () => {
    const foreign = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: torreId, systemKey: null } }).catch(async () =>
      t.app.db.prisma.incomeConcept.create({
        data: { neighborhoodId: torreId, description: 'Estacionamiento de visitas', walletId: await wallet(torreId, 'ORDINARY') },
      }),
    );
    const snapshot = await concepts();
    const torreWallet = await wallet(torreId, 'EXTRAORDINARY');
    expect((await t.rest('GET', `${BASE}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PUT', `${BASE}/${foreign.id}`, { description: 'Hackeado', id_wallet: await wallet(1, 'ORDINARY') }, { token: admin })).status).toBe(
      404,
    );
    expect((await t.rest('DELETE', `${BASE}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    const otherWallet = await t.rest('POST', BASE, { description: 'Con monedero ajeno', id_wallet: torreWallet }, { token: admin });
    expect(otherWallet.body).toEqual({ code: 400, description: 'El monedero no existe' });
    const ownConcept = snapshot.find((c) => c.neighborhoodId === 1 && c.description === 'Tarjeta de acceso')!;
    const moved = await t.rest('PUT', `${BASE}/${ownConcept.id}`, { description: 'Tarjeta de acceso', id_wallet: torreWallet }, { token: admin });
    expect(moved.body).toEqual({ code: 400, description: 'El monedero no existe' });
    expect((await t.rest('GET', `/neighborhoods/${torreId}/settings/incomes/concepts`, undefined, { token: config })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/${torreId}/settings/incomes/concepts/wallets`, undefined, { token: config })).status).toBe(404);
    const node = await t.gql(
      'query($id: ID!) { node(id: $id) { id } }',
      { id: Buffer.from(`IncomeConcept:${foreign.id}`).toString('base64') },
      { token: admin },
    );
    expect(node.body.data.node).toBeNull();
    const walletNode = await t.gql(
      'query($id: ID!) { node(id: $id) { id } }',
      { id: Buffer.from(`Wallet:${torreWallet}`).toString('base64') },
      { token: admin },
    );
    expect(walletNode.body.data.node).toBeNull();
    expect(await concepts()).toEqual(snapshot);
  });

  it('refuses the owner and the security guard (403), in REST and GraphQL', async () => {
    const id = (await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: 1, description: 'Multa por ruido' } })).id;
    const snapshot = await concepts();
    for (const token of [owner, security]) {
      expect((await t.rest('GET', BASE, undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', `${BASE}/wallets`, undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', `${BASE}/${id}`, undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', BASE, { description: 'Intruso', id_wallet: await wallet(1, 'ORDINARY') }, { token })).status).toBe(403);
      expect((await t.rest('PUT', BASE, [{ id, mandatory: true }], { token })).status).toBe(403);
      expect((await t.rest('DELETE', `${BASE}/${id}`, undefined, { token })).status).toBe(403);
      const gql = await t.gql('{ wallets { id } incomeConcepts(first: 5) { totalCount } }', {}, { token });
      expect(gql.body.errors.map((e: any) => e.extensions.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    }
    expect(await concepts()).toEqual(snapshot);
  });

  it('creates once with an idempotency key, and one of two simultaneous twins wins', async () => {
    const ordinary = await wallet(1, 'ORDINARY');
    const mutation = `mutation($input: CreateIncomeConceptInput!) { createIncomeConcept(input: $input) { __typename ... on MutationCreateIncomeConceptSuccess { data { concept { databaseId } } } ... on Error { message } } }`;
    const input = {
      concept: { description: 'Credencial de residente', walletId: Buffer.from(`Wallet:${ordinary}`).toString('base64') },
      idempotencyKey: 'credencial-1',
    };
    const [a, b] = [await t.gql(mutation, { input }, { token: config }), await t.gql(mutation, { input }, { token: config })];
    expect(a.body.data.createIncomeConcept.data.concept.databaseId).toBe(b.body.data.createIncomeConcept.data.concept.databaseId);
    const twins = await Promise.all([1, 2].map(() => t.rest('POST', BASE, { description: 'Llave de buzón', id_wallet: ordinary }, { token: config })));
    expect(twins.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.app.db.prisma.incomeConcept.count({ where: { neighborhoodId: 1, description: 'Llave de buzón' } })).toBe(1);
  });
});

// Payment agreements through the real GraphQL and REST handlers on a real database: the plan, the ledger
// (the debt settled and given back to the cent), the receipts, paying one, cancelling, grants, other
// communities, concurrent submits and bad input.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let coOwner: string;
let resident: string;
let torreAdmin: string;
let olivosId: number;
let ownHouseId: number;
let ordinaryWallet: number;
let clabe: number;
let today: string;
const houses: number[] = [];
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const olivos = (path: string) => `/neighborhoods/${olivosId}${path}`;
const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const AGREEMENT = 'databaseId houseDatabaseId houseLabel debt downPayment instalments frequency firstDueDate pendingReceipts createdAt cancelledAt';
const CREATE = `mutation($input: CreateAgreementInput!) { createAgreement(input: $input) { __typename
  ... on MutationCreateAgreementSuccess { data { message agreement { ${AGREEMENT} } } } ... on Error { code message } } }`;
const CANCEL = `mutation($input: CancelAgreementInput!) { cancelAgreement(input: $input) { __typename
  ... on MutationCancelAgreementSuccess { data { message agreement { ${AGREEMENT} } } } ... on Error { code message } } }`;
const CALCULATE = `query($input: AgreementCalculationInput!) { agreementCalculation(input: $input) { __typename
  ... on QueryAgreementCalculationSuccess { data { debt downPayment instalments instalmentAmount total lines { number kind dueDate amount } } }
  ... on Error { code message } } }`;

const download = (path: string, token: string) =>
  t.app.fetch(new Request(`http://localhost/api/1.0${path}`, { headers: { authorization: `Bearer ${token}` } }));

async function ordinaryBalance(houseId: number) {
  const entries = await t.app.db.prisma.ledgerEntry.findMany({ where: { houseId, walletId: ordinaryWallet } });
  return sumMoney(entries.map((e) => e.amount)).toFixed(2);
}

async function addDebt(houseId: number, amount: string) {
  const { body } = await t.gql(
    `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename ... on Error { message } } }`,
    { input: { houseId: gid('House', houseId), walletId: ordinaryWallet, amount: `-${amount}`, reason: 'Adeudo anterior' } },
    { token: admin },
  );
  expect(body.data.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
}

async function create(houseId: number, input: Record<string, unknown> = {}, token = admin) {
  const { status, body } = await t.gql(
    CREATE,
    { input: { houseId: gid('House', houseId), downPayment: '0', instalments: 3, firstDueDate: addDays(7), frequency: 'MONTHLY', ...input } },
    { token },
  );
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body;
}

async function cancel(agreementId: number, token = admin) {
  const { status, body } = await t.gql(CANCEL, { input: { agreementId: gid('Agreement', agreementId) } }, { token });
  expect(status, JSON.stringify(body)).toBeLessThan(500);
  return body;
}

async function capture(houseId: number, receiptId: number) {
  const { body } = await t.gql(
    `mutation($input: CapturePaymentInput!) { capturePayment(input: $input) { __typename ... on Error { message } } }`,
    { input: { houseId: gid('House', houseId), receiptIds: [gid('Receipt', receiptId)], incomeAccountId: clabe, paymentDate: today } },
    { token: admin },
  );
  expect(body.data.capturePayment.__typename, JSON.stringify(body)).toBe('MutationCapturePaymentSuccess');
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  coOwner = await t.signIn('inquilino@demo.mx');
  resident = await t.signIn('residente@demo.mx');
  torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
  ownHouseId = (
    await prisma.membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } })
  ).houseId!;
  ordinaryWallet = (await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' } })).id;
  clabe = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE', deletedAt: null } })).id;
  today = todayIn('America/Mexico_City');
  // Houses that owe nothing in their ordinary wallet (the demo's houses with an initial debt do).
  const active = await prisma.house.findMany({
    where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId }, agreements: { none: {} } },
    orderBy: { id: 'desc' },
    take: 40,
  });
  for (const h of active) if (houses.length < 8 && money(await ordinaryBalance(h.id)).greaterThanOrEqualTo(0)) houses.push(h.id);
  expect(houses).toHaveLength(8);
});
afterAll(() => t.close());

describe('an agreement of a house with ordinary debt', () => {
  let agreementId: number;
  let house: number;

  it('calculates the plan without writing anything (GraphQL and REST)', async () => {
    house = houses[0];
    await addDebt(house, '1000.00');
    const { body } = await t.gql(
      CALCULATE,
      { input: { houseId: gid('House', house), downPayment: '100.00', instalments: 7, firstDueDate: addDays(1), frequency: 'WEEKLY' } },
      { token: admin },
    );
    const plan = body.data.agreementCalculation.data;
    expect(plan).toMatchObject({ debt: '1000.00', downPayment: '100.00', instalments: 7, instalmentAmount: '128.57', total: '1000.00' });
    expect(plan.lines[0]).toEqual({ number: 0, kind: 'DOWN_PAYMENT', dueDate: today, amount: '100.00' });
    expect(plan.lines.at(-1)).toMatchObject({ number: 7, amount: '128.58', dueDate: addDays(43) });
    const rest = await t.rest(
      'GET',
      olivos(`/houses/${house}/agreements/calculate?down_payment=100&instalments=7&first_due_date=${addDays(1)}&frequency=weekly`),
      undefined,
      { token: admin },
    );
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ debt: '1000.00', down_payment: '100.00', instalments: 7, instalment_amount: '128.57', total: '1000.00' });
    expect(rest.body.plan[1]).toEqual({ number: 1, kind: 'INSTALMENT', due_date: addDays(1), amount: '128.57' });
    expect(await t.app.db.prisma.agreement.count({ where: { houseId: house } })).toBe(0);
    const debt = await t.gql(`query($h: ID!) { agreementDebt(houseId: $h) { debt ordinaryBalance today } }`, { h: gid('House', house) }, { token: admin });
    expect(debt.body.data.agreementDebt).toEqual({ debt: '1000.00', ordinaryBalance: '-1000.00', today });
  });

  it('creates it: the ledger settles the debt (balance 0), its receipts sum to the debt to the cent, audited', async () => {
    const body = await create(house, { downPayment: '100.00', instalments: 7, firstDueDate: addDays(1), frequency: 'WEEKLY', debt: '1000.00' });
    expect(body.data.createAgreement.__typename, JSON.stringify(body)).toBe('MutationCreateAgreementSuccess');
    const { message, agreement } = body.data.createAgreement.data;
    expect(message).toBe('El convenio ha sido creado');
    expect(agreement).toMatchObject({
      debt: '1000.00',
      downPayment: '100.00',
      instalments: 7,
      frequency: 'WEEKLY',
      pendingReceipts: 8,
      cancelledAt: null,
      houseDatabaseId: house,
    });
    agreementId = agreement.databaseId;
    expect(await ordinaryBalance(house)).toBe('0.00');
    const prisma = t.app.db.prisma;
    const entry = await prisma.ledgerEntry.findFirstOrThrow({ where: { houseId: house, kind: 'AGREEMENT' } });
    expect(money(entry.amount).toFixed(2)).toBe('1000.00');
    expect(entry.walletId).toBe(ordinaryWallet);
    const receipts = await prisma.receipt.findMany({ where: { agreementId }, orderBy: [{ dueDate: 'asc' }, { id: 'asc' }], include: { incomeConcept: true } });
    expect(receipts).toHaveLength(8);
    expect(sumMoney(receipts.map((r) => r.amount)).toFixed(2)).toBe('1000.00');
    expect(receipts.map((r) => r.description)).toEqual([
      `Convenio ${agreementId} · enganche`,
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `Convenio ${agreementId} · parcialidad ${n} de 7`),
    ]);
    for (const r of receipts) {
      expect(r).toMatchObject({ walletId: ordinaryWallet, houseId: house, status: 'NEW', deletedAt: null });
      expect(r.incomeConcept.systemKey).toBe('AGREEMENT');
    }
    expect(await prisma.auditLog.count({ where: { action: 'CREATE_AGREEMENT', entityId: String(agreementId) } })).toBe(1);
    // The receipts list filters by id_agreement.
    const list = await t.rest('GET', olivos(`/houses/${house}/receipts?page_size=100&id_agreement=${agreementId}`), undefined, { token: admin });
    expect(list.body.total).toBe(8);
    // No debt is left: a second agreement is refused.
    const again = await create(house);
    expect(again.data.createAgreement).toMatchObject({ __typename: 'ConflictError', message: 'La propiedad no tiene adeudo ordinario para un convenio' });
  });

  it('paying one receipt decrements pending_receipts', async () => {
    const first = await t.app.db.prisma.receipt.findFirstOrThrow({ where: { agreementId }, orderBy: { id: 'asc' } });
    await capture(house, first.id);
    const list = await t.rest('GET', olivos(`/houses/${house}/agreements`), undefined, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.content[0]).toMatchObject({ id: agreementId, pending_receipts: 7, debt: '1000.00', down_payment: '100.00', frequency: 'WEEKLY' });
    expect(await ordinaryBalance(house)).toBe('0.00');
  });

  it('cancelling deletes the unpaid receipts and gives their sum back as debt, exactly; paid ones stay paid; twice is refused', async () => {
    const body = await cancel(agreementId);
    expect(body.data.cancelAgreement.__typename, JSON.stringify(body)).toBe('MutationCancelAgreementSuccess');
    expect(body.data.cancelAgreement.data.message).toBe('El convenio ha sido cancelado');
    expect(body.data.cancelAgreement.data.agreement.pendingReceipts).toBe(0);
    expect(body.data.cancelAgreement.data.agreement.cancelledAt).not.toBeNull();
    expect(await ordinaryBalance(house)).toBe('-900.00');
    const receipts = await t.app.db.prisma.receipt.findMany({ where: { agreementId }, orderBy: { id: 'asc' } });
    expect(receipts[0]).toMatchObject({ status: 'PAID', deletedAt: null });
    expect(receipts.slice(1).every((r) => r.deletedAt !== null && r.status !== 'PAID')).toBe(true);
    const returned = await t.app.db.prisma.ledgerEntry.findFirstOrThrow({ where: { houseId: house, kind: 'AGREEMENT_CANCELLED' } });
    expect(money(returned.amount).toFixed(2)).toBe('-900.00');
    const twice = await cancel(agreementId);
    expect(twice.data.cancelAgreement).toMatchObject({ __typename: 'ConflictError', code: 409 });
    const rest = await t.rest('DELETE', olivos(`/houses/${house}/agreements/${agreementId}`), undefined, { token: admin });
    expect(rest.status).toBe(409);
    expect(rest.body.description).toMatch(/ya está cancelado/);
    // The debt that came back can be an agreement again.
    const again = await create(house, { debt: '900.00' });
    expect(again.data.createAgreement.data.agreement).toMatchObject({ debt: '900.00', pendingReceipts: 3 });
  });

  it("the house's ledger and statement show the agreement's entries once: the statement closes at the debt still owed", async () => {
    const ledger = await t.gql(
      `query($h: ID) { houseLedger(houseId: $h, first: 50) { edges { node { kind amount } } } }`,
      { h: gid('House', house) },
      { token: admin },
    );
    expect(ledger.body.errors).toBeUndefined();
    const kinds = ledger.body.data.houseLedger.edges.map((e: { node: { kind: string } }) => e.node.kind);
    expect(kinds).toEqual(expect.arrayContaining(['AGREEMENT', 'AGREEMENT_CANCELLED']));
    const statement = await t.gql(
      `query($h: ID, $to: String) { houseStatement(houseId: $h, to: $to) { closing rows { kind description amount } } }`,
      { h: gid('House', house), to: addDays(400) },
      { token: admin },
    );
    expect(statement.body.errors).toBeUndefined();
    // What the house owes: its wallets' balance less its unpaid receipts (the second agreement's three among them).
    const prisma = t.app.db.prisma;
    const entries = await prisma.ledgerEntry.findMany({ where: { houseId: house } });
    const unpaid = await prisma.receipt.findMany({ where: { houseId: house, deletedAt: null, creditsWallet: false, status: { not: 'PAID' } } });
    const owed = sumMoney(entries.map((e) => e.amount)).minus(sumMoney(unpaid.map((r) => r.amount)));
    expect(statement.body.data.houseStatement.closing).toBe(owed.toFixed(2));
    expect(sumMoney(unpaid.filter((r) => r.agreementId !== null).map((r) => r.amount)).toFixed(2)).toBe('900.00');
    expect(statement.body.data.houseStatement.rows.some((r: { description: string }) => /^Cancelación del convenio/.test(r.description))).toBe(true);
  });

  it('refuses a debt that changed since the calculation', async () => {
    const h = houses[1];
    await addDebt(h, '500.00');
    const body = await create(h, { debt: '400.00' });
    expect(body.data.createAgreement).toMatchObject({
      __typename: 'ConflictError',
      message: 'El adeudo de la propiedad cambió desde el cálculo; calcula el convenio de nuevo',
    });
    expect(await ordinaryBalance(h)).toBe('-500.00');
  });
});

describe('REST', () => {
  it('creates, lists with the owners-list filters, prints and cancels', async () => {
    const h = houses[2];
    await addDebt(h, '2500.50');
    const created = await t.rest(
      'POST',
      olivos(`/houses/${h}/agreements`),
      { down_payment: '500.50', instalments: 4, first_due_date: addDays(30), frequency: 'BIWEEKLY', debt: '2500.50' },
      { token: admin },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ message: 'El convenio ha sido creado', debt: '2500.50', down_payment: '500.50', instalments: 4, pending_receipts: 5 });
    expect(created.body.house.id).toBe(h);
    const id = created.body.id;
    const houseRow = await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: h }, include: { owner: true } });
    const all = await t.rest('GET', olivos('/agreements?page_size=100'), undefined, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.content.map((a: any) => a.id)).toContain(id);
    const filtered = await t.rest('GET', olivos(`/agreements?catastral=${encodeURIComponent(houseRow.catastral!)}&house_status=ACTIVE`), undefined, {
      token: admin,
    });
    expect(filtered.body.content.map((a: any) => a.id)).toEqual([id]);
    const none = await t.rest('GET', olivos('/agreements?email=nadie-con-este-correo'), undefined, { token: admin });
    expect(none.body).toEqual({ total: 0, content: [] });
    const pdf = await download(olivos(`/houses/${h}/agreements/${id}/pdf`), admin);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(`Convenio ${id}`);
    expect(text).toContain('$2,500.50');
    expect(text).toContain(`parcialidad 4 de 4`);
    // The PDF through another house's path is not found.
    expect((await t.rest('GET', olivos(`/houses/${houses[3]}/agreements/${id}/pdf`), undefined, { token: admin })).status).toBe(404);
    const cancelled = await t.rest('DELETE', olivos(`/houses/${h}/agreements/${id}`), undefined, { token: admin });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ message: 'El convenio ha sido cancelado', pending_receipts: 0 });
    expect(await ordinaryBalance(h)).toBe('-2500.50');
  });
});

describe('grants and tenancy', () => {
  let agreementId: number;
  let h: number;
  beforeAll(async () => {
    h = houses[3];
    await addDebt(h, '300.00');
    agreementId = (await create(h)).data.createAgreement.data.agreement.databaseId;
  });

  it('owners cannot create or cancel; owners and tenants read their own house only; residents do not read', async () => {
    await addDebt(
      ownHouseId,
      money(await ordinaryBalance(ownHouseId))
        .plus(100)
        .toFixed(2),
    );
    const own = await create(ownHouseId, {}, owner);
    expect(own.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await cancel(agreementId, owner)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(
      (await t.rest('POST', olivos(`/houses/${ownHouseId}/agreements`), { instalments: 2, first_due_date: addDays(3), frequency: 'MONTHLY' }, { token: owner }))
        .status,
    ).toBe(403);
    expect((await t.rest('DELETE', olivos(`/houses/${h}/agreements/${agreementId}`), undefined, { token: owner })).status).toBe(403);
    expect(
      (
        await t.rest('GET', olivos(`/houses/${ownHouseId}/agreements/calculate?instalments=2&first_due_date=${addDays(3)}&frequency=MONTHLY`), undefined, {
          token: owner,
        })
      ).status,
    ).toBe(403);
    // The administrator makes one for the owner's house; the owner and the tenant see it, read-only.
    const made = await create(ownHouseId);
    const ownAgreement = made.data.createAgreement.data.agreement.databaseId;
    for (const token of [owner, coOwner]) {
      const mine = await t.gql(`{ houseAgreements { totalCount edges { node { databaseId pendingReceipts } } } }`, {}, { token });
      expect(mine.body.data.houseAgreements.edges.map((e: any) => e.node.databaseId)).toEqual([ownAgreement]);
      const restMine = await t.rest('GET', olivos(`/houses/${ownHouseId}/agreements`), undefined, { token });
      expect(restMine.body.content.map((a: any) => a.id)).toEqual([ownAgreement]);
      expect((await t.rest('GET', olivos(`/houses/${h}/agreements`), undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', olivos('/agreements'), undefined, { token })).status).toBe(403);
      const node = await t.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: gid('Agreement', agreementId) }, { token });
      expect(node.body.data?.node ?? null).toBeNull();
      expect((await t.rest('GET', olivos(`/houses/${h}/agreements/${agreementId}/pdf`), undefined, { token })).status).toBe(404);
    }
    expect((await t.rest('GET', olivos(`/houses/${ownHouseId}/agreements`), undefined, { token: resident })).status).toBe(403);
    const pdf = await download(olivos(`/houses/${ownHouseId}/agreements/${ownAgreement}/pdf`), owner);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it("another community's houses and agreements do not exist", async () => {
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const torreHouse = await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    const foreign = await create(torreHouse.id);
    expect(foreign.data.createAgreement).toMatchObject({ __typename: 'NotFoundError' });
    const cancelled = await t.gql(CANCEL, { input: { agreementId: gid('Agreement', agreementId) } }, { token: torreAdmin });
    expect(cancelled.body.data.cancelAgreement).toMatchObject({ __typename: 'NotFoundError', message: 'El convenio no existe' });
    const node = await t.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: gid('Agreement', agreementId) }, { token: torreAdmin });
    expect(node.body.data.node).toBeNull();
    const list = await t.gql(`{ agreements(first: 100) { edges { node { databaseId } } } }`, {}, { token: torreAdmin });
    expect(list.body.data.agreements.edges).toEqual([]);
    expect((await t.rest('GET', `/neighborhoods/${torre.id}/houses/${h}/agreements`, undefined, { token: torreAdmin })).status).toBe(404);
    expect((await t.rest('DELETE', olivos(`/houses/${h}/agreements/${agreementId + 100000}`), undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', olivos(`/houses/${houses[4]}/agreements/${agreementId}`), undefined, { token: admin })).status).toBe(404);
    expect(await t.app.db.prisma.agreement.count({ where: { id: agreementId, cancelledAt: null } })).toBe(1);
  });
});

describe('concurrency and bad input', () => {
  it('a double submit creates one agreement, with or without an idempotency key', async () => {
    const h = houses[5];
    await addDebt(h, '750.00');
    const results = await Promise.all([create(h), create(h), create(h)]);
    const kinds = results.map((r) => r.data.createAgreement.__typename).sort();
    expect(kinds).toEqual(['ConflictError', 'ConflictError', 'MutationCreateAgreementSuccess']);
    expect(await t.app.db.prisma.agreement.count({ where: { houseId: h } })).toBe(1);
    expect(await ordinaryBalance(h)).toBe('0.00');

    const k = houses[6];
    await addDebt(k, '750.00');
    const keyed = await Promise.all([create(k, { idempotencyKey: 'convenio-1' }), create(k, { idempotencyKey: 'convenio-1' })]);
    expect(keyed.filter((r) => r.data.createAgreement.__typename === 'MutationCreateAgreementSuccess').length).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.prisma.agreement.count({ where: { houseId: k } })).toBe(1);
    const repeat = await create(k, { idempotencyKey: 'convenio-1' });
    expect(repeat.data.createAgreement.__typename).toBe('MutationCreateAgreementSuccess');
    expect(await t.app.db.prisma.agreement.count({ where: { houseId: k } })).toBe(1);
  });

  it('answers bad input with Spanish 4xx, never a 500', async () => {
    const h = houses[7];
    await addDebt(h, '100.00');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ instalments: 0 }, /parcialidades debe ser de 1 a 60/],
      [{ instalments: 1000 }, /parcialidades debe ser de 1 a 60/],
      [{ firstDueDate: addDays(-1) }, /no puede ser anterior a hoy/],
      [{ firstDueDate: '2026-02-30' }, /no es válida/],
      [{ firstDueDate: 'a\u0000b' }, /caracteres no permitidos|AAAA-MM-DD/],
      [{ downPayment: '100.00' }, /enganche debe ser menor al adeudo/],
      [{ downPayment: '-5' }, /enganche/],
      [{ downPayment: '9'.repeat(10_000) }, /enganche/],
      [{ downPayment: '1\u0000' }, /caracteres no permitidos|enganche/],
      [{ debt: '1e400' }, /adeudo/],
    ];
    for (const [input, message] of cases) {
      const body = await create(h, input);
      // Typed InputError, or the input armor's BAD_USER_INPUT (NUL bytes) before the resolver.
      const error = body.data?.createAgreement ?? body.errors?.[0];
      expect(error?.__typename ?? error?.extensions?.code, JSON.stringify(body)).toMatch(/^(InputError|BAD_USER_INPUT)$/);
      expect(error.message).toMatch(message);
    }
    const huge = await t.gql(
      CREATE,
      { input: { houseId: gid('House', h), instalments: 99999999999, firstDueDate: addDays(1), frequency: 'MONTHLY' } },
      { token: admin },
    );
    expect(huge.status).toBeLessThan(500);
    expect(huge.body.errors?.length).toBeGreaterThan(0);
    const restCases = [
      `instalments=0&first_due_date=${addDays(1)}&frequency=MONTHLY`,
      `instalments=1000&first_due_date=${addDays(1)}&frequency=MONTHLY`,
      `instalments=99999999999999999999&first_due_date=${addDays(1)}&frequency=MONTHLY`,
      `instalments=2&first_due_date=${addDays(-3)}&frequency=MONTHLY`,
      `instalments=2&first_due_date=${addDays(1)}&frequency=DAILY`,
      `instalments=2&first_due_date=%00&frequency=MONTHLY`,
      `instalments=2&first_due_date=${addDays(1)}&frequency=MONTHLY&down_payment=${'9'.repeat(5000)}`,
      `instalments=2&frequency=MONTHLY`,
    ];
    for (const q of restCases) {
      const r = await t.rest('GET', olivos(`/houses/${h}/agreements/calculate?${q}`), undefined, { token: admin });
      expect(r.status, `${q} ${JSON.stringify(r.body)}`).toBe(400);
      expect(typeof r.body.description).toBe('string');
    }
    const body = await t.rest(
      'POST',
      olivos(`/houses/${h}/agreements`),
      { instalments: 'x\u0000', first_due_date: addDays(1), frequency: 'MONTHLY' },
      { token: admin },
    );
    expect(body.status).toBe(400);
    const noDebt = await t.rest(
      'GET',
      olivos(`/houses/${houses[5]}/agreements/calculate?instalments=2&first_due_date=${addDays(1)}&frequency=MONTHLY`),
      undefined,
      { token: admin },
    );
    expect(noDebt.status).toBe(409);
    expect(noDebt.body.description).toBe('La propiedad no tiene adeudo ordinario para un convenio');
    expect(await t.app.db.prisma.agreement.count({ where: { houseId: h } })).toBe(0);
  });
});

describe('the demo community', () => {
  it('has an active agreement with one instalment paid', async () => {
    const list = await t.gql(
      `{ agreements(first: 100) { edges { node { databaseId houseDatabaseId pendingReceipts instalments debt cancelledAt } } } }`,
      {},
      { token: admin },
    );
    const demo = list.body.data.agreements.edges.map((e: any) => e.node).find((a: any) => a.debt === '4800.00');
    expect(demo).toMatchObject({ instalments: 6, pendingReceipts: 5, cancelledAt: null });
    expect(await ordinaryBalance(demo.houseDatabaseId)).toBe('0.00');
  });
});

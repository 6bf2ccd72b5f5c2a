// Unknown payments through the real GraphQL handler and the legacy routes, on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;
let clabe: number;
let cash: number;
let conceptId: number;
let otherConceptId: number;
let torreUnknown: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const BASE = () => `/neighborhoods/${olivosId}/unknown_payments`;

let seq = 0;
async function receipt(houseId: number, amount: string, concept = conceptId) {
  const prisma = t.app.db.prisma;
  const c = await prisma.incomeConcept.findUniqueOrThrow({ where: { id: concept } });
  seq++;
  return (
    await prisma.receipt.create({
      data: {
        neighborhoodId: olivosId,
        houseId,
        incomeConceptId: c.id,
        walletId: c.walletId,
        description: `Cuota ${seq}`,
        year: 2035,
        month: (seq % 12) + 1,
        dueDate: new Date('2035-12-31'),
        sourceAmount: amount,
        amount,
      },
    })
  ).id;
}

async function register(body: Record<string, unknown>, token = admin) {
  return t.rest('POST', BASE(), { id_income_account: clabe, amount: '321.00', payment_date: '2026-03-01', ...body }, { token });
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  ownHouseId = (
    await prisma.membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } })
  ).houseId!;
  otherHouseId = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } } })).id;
  clabe = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE', deletedAt: null } })).id;
  cash = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CASH', deletedAt: null } })).id;
  const concepts = await prisma.incomeConcept.findMany({ where: { neighborhoodId: olivosId, deletedAt: null }, orderBy: { id: 'asc' }, take: 2 });
  conceptId = concepts[0].id;
  otherConceptId = concepts[1].id;
  const torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
  const torreAccount = await prisma.incomeAccount.create({ data: { neighborhoodId: torre.id, accountType: 'CLABE', description: 'Ajena' } });
  torreUnknown = (
    await prisma.unknownPayment.create({
      data: { neighborhoodId: torre.id, incomeAccountId: torreAccount.id, amount: '10.00', paymentDate: new Date('2026-01-01') },
    })
  ).id;
});
afterAll(() => t.close());

describe('register', () => {
  it('validates the account, amount, date and texts; registers; lists newest first; reads one', async () => {
    const issues = async (body: Record<string, unknown>) => (await register(body)).body;
    expect((await issues({ id_income_account: cash })).description).toBe('Solo se registran pagos en cuentas CLABE o de tarjeta');
    expect((await issues({ amount: '0' })).description).toBe('El monto debe ser mayor a cero con hasta dos decimales');
    expect((await issues({ amount: '-5.00' })).description).toBe('El monto debe ser mayor a cero con hasta dos decimales');
    expect((await issues({ payment_date: '2099-01-01' })).description).toBe('La fecha de pago no puede ser futura');
    expect((await issues({ payment_date: '2026-02-30' })).description).toBe('La fecha de pago no es válida');
    expect((await register({ comments: 'x'.repeat(10_000) })).status).toBe(400);
    expect((await register({ comments: 'a\u0000b' })).status).toBe(400);
    expect((await register({ authorization: 'a\u0007b' })).status).toBe(400);
    expect(await t.app.db.prisma.unknownPayment.count({ where: { neighborhoodId: olivosId } })).toBe(0);

    const first = await register({ authorization: 'R-1', comments: 'Depósito en ventanilla' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('El pago no reconocido ha sido registrado');
    expect(first.body.unknown_payment).toMatchObject({
      id: first.body.id,
      amount: '321.00',
      authorization: 'R-1',
      payment_date: '2026-03-01',
      id_income_account: clabe,
      id_house: null,
      id_receipt: null,
      status: 'REGISTERED',
      comments: 'Depósito en ventanilla',
    });
    expect(first.body.unknown_payment.number_income_account).toMatch(/\d{4}$/);
    // The same bank movement twice is refused.
    const duplicate = await register({ authorization: 'r-1' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.description).toBe('Ya existe un pago no reconocido con esa autorización, cuenta y fecha');
    const second = await register({ authorization: 'R-2' });
    const list = await t.rest('GET', `${BASE()}?page_size=1`, undefined, { token: admin });
    expect(list.body.total).toBe(2);
    expect(list.body.content.map((u: any) => u.id)).toEqual([second.body.id]);
    const one = await t.rest('GET', `${BASE()}/${first.body.id}`, undefined, { token: admin });
    expect(one.body.id).toBe(first.body.id);
    const accounts = await t.rest('GET', `${BASE()}/accounts`, undefined, { token: admin });
    expect(accounts.body.content.every((a: any) => ['CLABE', 'CARD'].includes(a.account_type))).toBe(true);
    expect(accounts.body.content.some((a: any) => a.id === clabe)).toBe(true);
  });

  it('owners do not reach unknown payments; another community’s never resolves', async () => {
    expect((await t.rest('GET', BASE(), undefined, { token: owner })).status).toBe(403);
    expect((await register({}, owner)).status).toBe(403);
    expect((await t.rest('GET', `${BASE()}/${torreUnknown}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `${BASE()}/${torreUnknown}`, undefined, { token: admin })).status).toBe(404);
    const identify = await t.rest('PUT', `${BASE()}/${torreUnknown}/identify`, { id_house: ownHouseId, id_receipt_concept: conceptId }, { token: admin });
    expect(identify.status).toBe(404);
    const r = await receipt(ownHouseId, '10.00');
    const match = await t.gql(
      `mutation($input: MatchUnknownPaymentInput!) { matchUnknownPayment(input: $input) { __typename ... on Error { message } } }`,
      { input: { id: gid('UnknownPayment', torreUnknown), receiptId: gid('Receipt', r) } },
      { token: admin },
    );
    expect(match.body.data.matchUnknownPayment.__typename).toBe('NotFoundError');
    expect((await t.app.db.prisma.unknownPayment.findUniqueOrThrow({ where: { id: torreUnknown } })).deletedAt).toBeNull();
  });
});

describe('identify, match and delete', () => {
  it('identified against a house and concept, it lists the matching receipts of that house and pays the chosen one through the ledger', async () => {
    const mine = await receipt(ownHouseId, '456.00');
    const otherConcept = await receipt(ownHouseId, '456.00', otherConceptId);
    const otherHouse = await receipt(otherHouseId, '456.00');
    const up = await register({ amount: '456.00', authorization: 'ID-1', payment_date: '2026-03-02' });
    const search = `amount=456.00&payment_date=2026-03-02&id_income_account=${clabe}`;
    const before = await t.rest('GET', `${BASE()}/receipts?${search}`, undefined, { token: admin });
    expect(before.body.content.map((r: any) => r.id)).toEqual(expect.arrayContaining([mine, otherConcept, otherHouse]));

    const identified = await t.rest(
      'PUT',
      `${BASE()}/${up.body.id}/identify`,
      { id_house: ownHouseId, id_receipt_concept: conceptId, comments: 'Es de la casa del propietario' },
      { token: admin },
    );
    expect(identified.body.message).toBe('El pago no reconocido ha sido identificado');
    expect(identified.body.unknown_payment).toMatchObject({ status: 'IDENTIFIED', id_house: ownHouseId, id_receipt_concept: conceptId });
    const after = await t.rest('GET', `${BASE()}/receipts?${search}&id_unknown_payment=${up.body.id}`, undefined, { token: admin });
    expect(after.body.content.map((r: any) => r.id)).toEqual([mine]);

    // A receipt of another house or concept cannot take it.
    const doc = `mutation($input: MatchUnknownPaymentInput!) { matchUnknownPayment(input: $input) { __typename ... on Error { code message }
      ... on MutationMatchUnknownPaymentSuccess { data { message unknownPayment { status receiptDatabaseId } } } } }`;
    const wrong = await t.gql(doc, { input: { id: gid('UnknownPayment', up.body.id), receiptId: gid('Receipt', otherHouse) } }, { token: admin });
    expect(wrong.body.data.matchUnknownPayment).toMatchObject({
      __typename: 'InputError',
      message: 'El pago no reconocido fue identificado con otra propiedad',
    });
    const wrongConcept = await t.gql(doc, { input: { id: gid('UnknownPayment', up.body.id), receiptId: gid('Receipt', otherConcept) } }, { token: admin });
    expect(wrongConcept.body.data.matchUnknownPayment.message).toBe('El pago no reconocido fue identificado con otro concepto');

    // The open dashboards hear of the money (the community's event, after commit).
    const events = t.app.pubsub.subscribe('community:money', olivosId)[Symbol.asyncIterator]();
    const event = events.next();
    const matched = await t.gql(doc, { input: { id: gid('UnknownPayment', up.body.id), receiptId: gid('Receipt', mine) } }, { token: admin });
    expect((await event).value).toMatchObject({ neighborhoodId: olivosId, kind: 'PAYMENT' });
    await events.return?.();
    expect(matched.body.data.matchUnknownPayment.data).toEqual({
      message: 'El pago no reconocido ha sido aplicado al recibo',
      unknownPayment: { status: 'MATCHED', receiptDatabaseId: mine },
    });
    const paid = await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: mine } });
    expect(paid).toMatchObject({ status: 'PAID', paymentMethod: 'EXTERNAL', incomeAccountId: clabe, paymentAuthorization: 'ID-1' });
    expect(paid.transactionTotal?.toFixed(2)).toBe('456.00');
    expect(paid.realPaymentDate?.toISOString().slice(0, 10)).toBe('2026-03-02');
    const ledger = await t.app.db.prisma.ledgerEntry.findMany({ where: { receiptId: mine }, orderBy: { id: 'asc' } });
    expect(ledger.map((e) => [e.kind, e.amount.toFixed(2)])).toEqual([
      ['DEPOSIT', '456.00'],
      ['RECEIPT_PAID', '-456.00'],
    ]);

    // Matched: not again, not identified again, not deleted.
    const again = await t.gql(doc, { input: { id: gid('UnknownPayment', up.body.id), receiptId: gid('Receipt', otherConcept) } }, { token: admin });
    expect(again.body.data.matchUnknownPayment.message).toBe('El pago no reconocido ya fue aplicado a un recibo');
    expect((await t.rest('DELETE', `${BASE()}/${up.body.id}`, undefined, { token: admin })).status).toBe(409);
    expect((await t.rest('PUT', `${BASE()}/${up.body.id}/identify`, { id_house: ownHouseId, id_receipt_concept: conceptId }, { token: admin })).status).toBe(
      409,
    );
  });

  it('registering with a chosen receipt pays it at once; an empty search says so', async () => {
    const r = await receipt(otherHouseId, '612.50');
    const none = await t.rest('GET', `${BASE()}/receipts?amount=99999.99&payment_date=2026-03-03`, undefined, { token: admin });
    expect(none.body).toEqual({ total: 0, content: [], message: 'No se encontraron recibos que conincidan con los datos especificados en el formulario' });
    const found = await t.rest('GET', `${BASE()}/receipts?amount=612.50&payment_date=2026-03-03&id_house=${otherHouseId}`, undefined, { token: admin });
    expect(found.body.content.map((x: any) => x.id)).toEqual([r]);
    const done = await register({ amount: '612.50', payment_date: '2026-03-03', id_receipt: r, id_house: otherHouseId, authorization: 'DIR-1' });
    expect(done.status).toBe(201);
    expect(done.body.message).toBe('El pago ha sido registrado y aplicado al recibo');
    expect(done.body.unknown_payment).toMatchObject({ status: 'MATCHED', id_receipt: r, id_house: otherHouseId });
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: r } })).status).toBe('PAID');
    // A receipt of another house than the one named is refused.
    const r2 = await receipt(otherHouseId, '612.50');
    expect((await register({ amount: '612.50', id_receipt: r2, id_house: ownHouseId, authorization: 'DIR-2' })).status).toBe(400);
  });

  it('two administrators matching at once pay once: one payment onto two receipts, two payments onto one receipt', async () => {
    const doc = `mutation($input: MatchUnknownPaymentInput!) { matchUnknownPayment(input: $input) { __typename ... on Error { code message } } }`;
    const a = await receipt(ownHouseId, '700.00');
    const b = await receipt(otherHouseId, '700.00');
    const up = await register({ amount: '700.00', authorization: 'CC-1' });
    const admin2 = await t.signIn('admin@demo.mx');
    const results = await Promise.all([
      t.gql(doc, { input: { id: gid('UnknownPayment', up.body.id), receiptId: gid('Receipt', a) } }, { token: admin }),
      t.gql(doc, { input: { id: gid('UnknownPayment', up.body.id), receiptId: gid('Receipt', b) } }, { token: admin2 }),
    ]);
    const types = results.map((r) => r.body.data.matchUnknownPayment.__typename);
    expect(types.filter((x) => x === 'MutationMatchUnknownPaymentSuccess')).toHaveLength(1);
    const statuses = await t.app.db.prisma.receipt.findMany({ where: { id: { in: [a, b] } }, select: { status: true } });
    expect(statuses.filter((s) => s.status === 'PAID')).toHaveLength(1);

    const c = await receipt(ownHouseId, '800.00');
    const up1 = await register({ amount: '800.00', authorization: 'CC-2' });
    const up2 = await register({ amount: '800.00', authorization: 'CC-3' });
    const both = await Promise.all(
      [up1, up2].map((u, i) => t.gql(doc, { input: { id: gid('UnknownPayment', u.body.id), receiptId: gid('Receipt', c) } }, { token: i ? admin2 : admin })),
    );
    const outcome = both.map((r) => r.body.data.matchUnknownPayment);
    expect(outcome.filter((x) => x.__typename === 'MutationMatchUnknownPaymentSuccess')).toHaveLength(1);
    expect(outcome.find((x) => x.__typename !== 'MutationMatchUnknownPaymentSuccess')).toMatchObject({ code: 2079 });
    expect(await t.app.db.prisma.ledgerEntry.count({ where: { receiptId: c, kind: 'DEPOSIT' } })).toBe(1);
    expect(await t.app.db.prisma.unknownPayment.count({ where: { id: { in: [up1.body.id, up2.body.id] }, receiptId: null } })).toBe(1);
  });

  it('deletes an unmatched one', async () => {
    const up = await register({ authorization: 'DEL-1' });
    const deleted = await t.rest('DELETE', `${BASE()}/${up.body.id}`, undefined, { token: admin });
    expect(deleted.body).toEqual({ id: up.body.id, message: 'El pago no reconocido ha sido eliminado' });
    expect((await t.rest('GET', `${BASE()}/${up.body.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `${BASE()}/${up.body.id}`, undefined, { token: admin })).status).toBe(404);
  });
});

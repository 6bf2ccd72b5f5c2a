// External payments and their review through the real GraphQL handler and the legacy routes, on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { sumMoney } from '../../../../../core/money.js';

let t: TestApp;
let admin: string;
let admin2: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;
let clabe: number;
let terminal: number;
let torreAccount: number;
let torreReceipt: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

const RECEIPT = `databaseId status group paymentMethod transactionTotal amount incomeAccountDatabaseId paymentAuthorization accountEnding cardType realPaymentDate
  actions { allowExternalPayment allowCancelReview } documents { externalPayment }
  externalPayment { method cardType incomeAccountDatabaseId authorization notes message paymentDate state unknownPaymentDatabaseId attachmentFileId }`;
const mutation = (name: 'createExternalPayment' | 'reviewExternalPayment') => `mutation($input: ${name[0].toUpperCase()}${name.slice(1)}Input!) {
  ${name}(input: $input) { __typename ... on Error { code message } ... on InputError { issues { field message } }
    ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { message action receipt { ${RECEIPT} } } } } }`;

async function send(name: 'createExternalPayment' | 'reviewExternalPayment', receiptId: number, input: Record<string, unknown>, token = admin) {
  const { body } = await t.gql(
    mutation(name),
    { input: { receiptId: gid('Receipt', receiptId), method: 'TRANSFER', incomeAccountId: clabe, paymentDate: '2026-01-10', ...input } },
    { token },
  );
  if (body.errors) return { errors: body.errors };
  return body.data[name];
}

const ledgerOf = (receiptId: number) => t.app.db.prisma.ledgerEntry.findMany({ where: { receiptId }, orderBy: { id: 'asc' } });

/** A fresh pending receipt of the house: an extraordinary fee of the period (one receipt per active house). */
let period = 0;
async function freshReceipt(houseId = ownHouseId, amount = '500.00'): Promise<number> {
  const prisma = t.app.db.prisma;
  period++;
  const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId, deletedAt: null } });
  const receipt = await prisma.receipt.create({
    data: {
      neighborhoodId: olivosId,
      houseId,
      incomeConceptId: concept.id,
      walletId: concept.walletId,
      description: `Cuota externa ${period}`,
      year: 2034,
      month: (period % 12) + 1,
      dueDate: new Date('2034-12-31'),
      sourceAmount: amount,
      amount,
    },
  });
  return receipt.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  olivosId = olivos.id;
  admin = await t.signIn('admin@demo.mx');
  admin2 = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  const own = await prisma.membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } });
  ownHouseId = own.houseId!;
  otherHouseId = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } } })).id;
  clabe = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE', deletedAt: null } })).id;
  terminal = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'TERMINAL', deletedAt: null } })).id;
  const torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
  torreAccount = (
    await prisma.incomeAccount.create({ data: { neighborhoodId: torre.id, accountType: 'CLABE', description: 'Ajena', accountNumber: '012180001234567897' } })
  ).id;
  const torreHouse = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
  const torreConcept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
  torreReceipt = (
    await prisma.receipt.create({
      data: {
        neighborhoodId: torre.id,
        houseId: torreHouse.id,
        incomeConceptId: torreConcept.id,
        walletId: torreConcept.walletId,
        description: 'Ajeno',
        year: 2034,
        month: 1,
        dueDate: new Date('2034-01-31'),
        sourceAmount: '10.00',
        amount: '10.00',
      },
    })
  ).id;
});
afterAll(() => t.close());

describe('an owner sends an external payment to review', () => {
  it('goes to REVIEW without touching the ledger; the owner may only SAVE; the administrator approves and it is paid through the ledger', async () => {
    const id = await freshReceipt();
    const sent = await send('createExternalPayment', id, { authorization: 'AUT-1', message: 'Pagué por SPEI', accountEnding: '1234' }, owner);
    expect(sent.__typename).toBe('MutationCreateExternalPaymentSuccess');
    expect(sent.data.message).toBe('El pago externo ha sido registrado y será revisado por la administración');
    expect(sent.data.receipt).toMatchObject({ status: 'REVIEW', group: 'PENDING', paymentMethod: 'EXTERNAL', documents: { externalPayment: true } });
    expect(sent.data.receipt.externalPayment).toMatchObject({ method: 'TRANSFER', authorization: 'AUT-1', message: 'Pagué por SPEI', state: 'REVIEW' });
    expect(await ledgerOf(id)).toHaveLength(0);

    const again = await send('createExternalPayment', id, {}, owner);
    expect(again).toMatchObject({ __typename: 'ConflictError' });

    // The owner asking to approve only saves.
    const saved = await send('reviewExternalPayment', id, { action: 'APPROVE', authorization: 'AUT-2', notes: 'Corregí la autorización' }, owner);
    expect(saved.data).toMatchObject({ action: 'SAVE', message: 'El pago externo ha sido actualizado' });
    expect(saved.data.receipt.status).toBe('REVIEW');
    expect(saved.data.receipt.externalPayment).toMatchObject({ authorization: 'AUT-2', notes: 'Corregí la autorización', message: null });

    const approved = await send('reviewExternalPayment', id, { action: 'APPROVE', authorization: 'AUT-2', paymentDate: '2026-01-11' });
    expect(approved.data.message).toBe('El pago externo ha sido aceptado');
    expect(approved.data.receipt).toMatchObject({
      status: 'PAID',
      group: 'COMPLETED',
      paymentMethod: 'EXTERNAL',
      transactionTotal: '500.00',
      incomeAccountDatabaseId: clabe,
      paymentAuthorization: 'AUT-2',
      realPaymentDate: '2026-01-11',
    });
    expect(approved.data.receipt.externalPayment.state).toBe('APPROVED');
    const ledger = await ledgerOf(id);
    expect(ledger.map((e) => [e.kind, e.amount.toFixed(2), e.paymentMethod])).toEqual([
      ['DEPOSIT', '500.00', 'EXTERNAL'],
      ['RECEIPT_PAID', '-500.00', 'EXTERNAL'],
    ]);
    // Approving again: the receipt was paid (2079).
    const twice = await send('reviewExternalPayment', id, { action: 'APPROVE' });
    expect(twice).toMatchObject({ __typename: 'ConflictError', code: 2079 });
    const audit = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'Receipt', entityId: String(id) } });
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['SEND_EXTERNAL_PAYMENT_TO_REVIEW', 'REVIEW_EXTERNAL_PAYMENT_SAVE', 'REVIEW_EXTERNAL_PAYMENT_APPROVE']),
    );
  });

  it('a decline returns the receipt to its pending status, keeping the declined payment; another one may be sent', async () => {
    const id = await freshReceipt();
    await t.app.db.prisma.receipt.update({ where: { id }, data: { status: 'SENT' } });
    await send('createExternalPayment', id, { authorization: 'AUT-D' }, owner);
    const declined = await send('reviewExternalPayment', id, { action: 'DECLINE', authorization: 'AUT-D' });
    expect(declined.data.message).toBe('El pago externo ha sido rechazado');
    expect(declined.data.receipt).toMatchObject({ status: 'SENT', paymentMethod: null, actions: { allowExternalPayment: true, allowCancelReview: false } });
    expect(declined.data.receipt.externalPayment).toMatchObject({ state: 'DECLINED', authorization: 'AUT-D' });
    expect(await ledgerOf(id)).toHaveLength(0);
    const ownerView = await t.gql(
      `query($id: ID!) { node(id: $id) { ... on Receipt { actions { allowExternalPayment } } } }`,
      { id: gid('Receipt', id) },
      { token: owner },
    );
    expect(ownerView.body.data.node.actions.allowExternalPayment).toBe(true);
    const resent = await send('createExternalPayment', id, { authorization: 'AUT-D2' }, owner);
    expect(resent.data.receipt.status).toBe('REVIEW');
    // Declining a receipt not in review is refused.
    const paid = await freshReceipt();
    expect(await send('reviewExternalPayment', paid, { action: 'DECLINE' })).toMatchObject({
      __typename: 'ConflictError',
      message: 'El recibo no está en revisión',
    });
  });
});

describe('an administrator registers an external payment', () => {
  it('pays the receipt at once (card, debit), and corrects what was recorded afterwards without moving money', async () => {
    const id = await freshReceipt();
    const done = await send('createExternalPayment', id, { method: 'CARD', cardType: 'DEBIT', accountEnding: '9876', authorization: 'T-77' });
    expect(done.data).toMatchObject({ action: 'REGISTER', message: 'El pago externo ha sido registrado' });
    expect(done.data.receipt).toMatchObject({
      status: 'PAID',
      paymentMethod: 'EXTERNAL',
      cardType: 'DEBIT',
      accountEnding: '9876',
      transactionTotal: '500.00',
    });
    expect(done.data.receipt.externalPayment.state).toBe('REGISTERED');
    const corrected = await send('reviewExternalPayment', id, { method: 'CARD', cardType: 'CREDIT', authorization: 'T-78' });
    expect(corrected.data.message).toBe('El pago externo ha sido actualizado');
    expect(corrected.data.receipt).toMatchObject({ status: 'PAID', cardType: 'CREDIT', paymentAuthorization: 'T-78' });
    expect(await ledgerOf(id)).toHaveLength(2);
    // A house user cannot touch a paid receipt (2079), nor send another payment for it.
    expect(await send('reviewExternalPayment', id, {}, owner)).toMatchObject({ code: 2079 });
    expect(await send('createExternalPayment', id, {}, owner)).toMatchObject({ code: 2079 });
  });

  it('refuses accounts that are not CLABE or CARD, future dates, a card without its type', async () => {
    const id = await freshReceipt();
    expect((await send('createExternalPayment', id, { incomeAccountId: terminal })).issues).toEqual([
      { field: 'incomeAccountId', message: 'Solo se registran pagos en cuentas CLABE o de tarjeta' },
    ]);
    expect((await send('createExternalPayment', id, { paymentDate: '2099-01-01' })).issues).toEqual([
      { field: 'paymentDate', message: 'La fecha de pago no puede ser futura' },
    ]);
    expect((await send('createExternalPayment', id, { method: 'CARD' })).issues).toEqual([{ field: 'cardType', message: 'Elige el tipo de tarjeta' }]);
    expect((await send('createExternalPayment', id, { accountEnding: '12a4' })).issues[0].field).toBe('accountEnding');
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id } })).status).toBe('NEW');
  });

  it('two administrators approving the same review at once pay it once', async () => {
    const id = await freshReceipt();
    await send('createExternalPayment', id, { authorization: 'C-1' }, owner);
    const results = await Promise.all([admin, admin2, admin].map((token) => send('reviewExternalPayment', id, { action: 'APPROVE' }, token)));
    const ok = results.filter((r) => r.__typename === 'MutationReviewExternalPaymentSuccess');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x !== ok[0])) expect(r).toMatchObject({ code: 2079 });
    const ledger = await ledgerOf(id);
    expect(ledger.filter((e) => e.kind === 'DEPOSIT')).toHaveLength(1);
    expect(sumMoney(ledger.map((e) => e.amount)).toFixed(2)).toBe('0.00');
  });

  it('the same idempotency key answers the first result instead of paying twice', async () => {
    const id = await freshReceipt();
    const first = await send('createExternalPayment', id, { idempotencyKey: 'pago-externo-1' });
    const repeat = await send('createExternalPayment', id, { idempotencyKey: 'pago-externo-1' });
    expect(repeat.data.message).toBe(first.data.message);
    expect((await ledgerOf(id)).filter((e) => e.kind === 'DEPOSIT')).toHaveLength(1);
  });
});

describe('who may do what', () => {
  it("another community's receipt or account never resolves; an owner cannot reach another house", async () => {
    expect(await send('createExternalPayment', torreReceipt, {})).toMatchObject({ __typename: 'NotFoundError' });
    expect(await send('reviewExternalPayment', torreReceipt, { action: 'APPROVE' })).toMatchObject({ __typename: 'NotFoundError' });
    const id = await freshReceipt();
    expect((await send('createExternalPayment', id, { incomeAccountId: torreAccount })).issues).toEqual([
      { field: 'incomeAccountId', message: 'La cuenta de ingreso no existe' },
    ]);
    const other = await freshReceipt(otherHouseId);
    const foreign = await send('createExternalPayment', other, {}, owner);
    expect(foreign.errors[0].extensions.code).toBe('FORBIDDEN');
    // Owners cannot apply an unknown payment.
    expect((await send('createExternalPayment', id, { unknownPaymentId: 1 }, owner)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: other } })).status).toBe('NEW');
  });

  it('refuses NUL bytes and 10,000-character texts', async () => {
    const id = await freshReceipt();
    // The GraphQL armour refuses NUL bytes before any resolver; the service's schema refuses other control characters.
    const nul = await send('createExternalPayment', id, { notes: 'pago\u0000' }, owner);
    expect(nul.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const control = await send('createExternalPayment', id, { notes: 'pago\u0007' }, owner);
    expect(control.issues[0]).toMatchObject({ field: 'notes' });
    const huge = await send('createExternalPayment', id, { message: 'x'.repeat(10_000) }, owner);
    expect(huge.issues[0]).toMatchObject({ field: 'message' });
    const rest = await t.rest(
      'POST',
      `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${id}/external-payment`,
      { method: 'TRANSFER', id_income_account: clabe, payment_date: '2026-01-01', notes: 'a\u0000b' },
      { token: owner },
    );
    expect(rest.status).toBe(400);
    const hugeAuth = await send('createExternalPayment', id, { authorization: 'A'.repeat(10_000) }, owner);
    expect(hugeAuth.issues[0]).toMatchObject({ field: 'authorization' });
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id } })).status).toBe('NEW');
  });
});

describe('legacy routes', () => {
  const path = (houseId: number, id: number, suffix: string) => `/neighborhoods/${olivosId}/houses/${houseId}/receipts/${id}/${suffix}`;

  it('POST external-payment sends it to review; GET review shows it; an unknown payment matches it on approval; the paid review answers 412', async () => {
    const id = await freshReceipt(ownHouseId, '750.00');
    const body = { method: 'transfer', id_income_account: clabe, authorization: 'SPEI-555', payment_date: '2026-02-03', message: 'Transferencia de febrero' };
    const created = await t.rest('POST', path(ownHouseId, id, 'external-payment'), body, { token: owner });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'El pago externo ha sido registrado y será revisado por la administración', action: 'SAVE' });
    expect(created.body.receipt).toMatchObject({ id, receipt_payment_status: 'REVIEW', receipt_payment_method: 'EXTERNAL' });
    expect(created.body.external_payment).toMatchObject({ method: 'TRANSFER', authorization: 'SPEI-555', payment_date: '2026-02-03', state: 'REVIEW' });

    const review = await t.rest('GET', path(ownHouseId, id, 'review'), undefined, { token: admin });
    expect(review.status).toBe(200);
    expect(review.body.external_payment.message).toBe('Transferencia de febrero');

    const none = await t.rest('GET', `${path(ownHouseId, id, 'review/unknown-payments')}?authorization=SPEI-555&payment_date=2026-02-03`, undefined, {
      token: admin,
    });
    expect(none.body).toEqual({ total: 0, content: [], message: 'No hay pagos no reconocidos que concuerden con el pago revisado' });

    const up = await t.rest(
      'POST',
      `/neighborhoods/${olivosId}/unknown_payments`,
      { id_income_account: clabe, amount: '750.00', authorization: 'spei-555', payment_date: '2026-02-03', comments: 'Depósito sin referencia' },
      { token: admin },
    );
    expect(up.status).toBe(201);
    const found = await t.rest('GET', `${path(ownHouseId, id, 'review/unknown-payments')}?authorization=SPEI-555`, undefined, { token: admin });
    expect(found.body.content).toEqual([
      {
        id: up.body.id,
        amount: '750.00',
        authorization: 'spei-555',
        payment_date: '2026-02-03',
        id_income_account: clabe,
        comments: 'Depósito sin referencia',
      },
    ]);
    // Owners do not search unknown payments.
    expect((await t.rest('GET', `${path(ownHouseId, id, 'review/unknown-payments')}?authorization=X`, undefined, { token: owner })).status).toBe(403);

    const approved = await t.rest('PUT', path(ownHouseId, id, 'review'), { ...body, action: 'APPROVE', id_unknown_payment: up.body.id }, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('El pago externo ha sido aceptado');
    expect(approved.body.receipt).toMatchObject({ receipt_payment_status: 'PAID', group: 'COMPLETED', transaction_total: '750.00' });
    expect(approved.body.external_payment.id_unknown_payment).toBe(up.body.id);
    const matched = await t.app.db.prisma.unknownPayment.findUniqueOrThrow({ where: { id: up.body.id } });
    expect(matched.receiptId).toBe(id);
    expect(matched.matchedAt).not.toBeNull();

    const paidReview = await t.rest('GET', path(ownHouseId, id, 'review'), undefined, { token: admin });
    expect(paidReview.status).toBe(412);
    expect(paidReview.body).toMatchObject({ code: 2079, receipt: { id, receipt_payment_status: 'PAID' } });

    const pdf = await t.app.fetch(
      new Request(`${BASE}/api/1.0${path(ownHouseId, id, 'external-payment/file')}`, { headers: { authorization: `Bearer ${owner}` } }),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The same receipt under another house's path does not exist.
    expect((await t.rest('GET', path(otherHouseId, id, 'external-payment'), undefined, { token: admin })).status).toBe(404);
    // A repeated approval of a paid receipt answers 2079.
    const twice = await t.rest('PUT', path(ownHouseId, id, 'review'), { ...body, action: 'APPROVE' }, { token: admin });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(2079);
  });

  it('an unknown payment that does not cover the receipt is refused and stays unmatched', async () => {
    const id = await freshReceipt(ownHouseId, '900.00');
    const up = await t.rest(
      'POST',
      `/neighborhoods/${olivosId}/unknown_payments`,
      { id_income_account: clabe, amount: '100.00', authorization: 'CORTO-1', payment_date: '2026-02-04' },
      { token: admin },
    );
    const refused = await t.rest(
      'POST',
      path(ownHouseId, id, 'external-payment'),
      { method: 'TRANSFER', id_income_account: clabe, payment_date: '2026-02-04', id_unknown_payment: up.body.id },
      { token: admin },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe('El monto del pago ($100.00) no cubre el recibo ($900.00)');
    expect((await t.app.db.prisma.unknownPayment.findUniqueOrThrow({ where: { id: up.body.id } })).receiptId).toBeNull();
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id } })).status).toBe('NEW');
  });

  it('a body of the wrong shape is a 400 in Spanish', async () => {
    const id = await freshReceipt();
    const bad = await t.rest(
      'POST',
      path(ownHouseId, id, 'external-payment'),
      { method: 'BITCOIN', id_income_account: clabe, payment_date: '2026-01-01' },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.description).toContain('Elige cómo se hizo el pago');
  });
});

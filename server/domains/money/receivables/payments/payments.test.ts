// Online payments through the real GraphQL and REST handlers, the built-in sandbox gateway and a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { BASE, type TestApp } from '../../../../../tests/testApp.js';
import { CHARGE, gid, MERCHANT as M, payingCommunity, type PayingCommunity } from '../../../../../tests/payingCommunity.js';
import { money, sumMoney } from '../../../../../core/money.js';
import { DEMO_GATEWAY_KEYS } from '../../../community/neighborhoods/demoSeed.js';
import { webhookCredentials } from '../../../../infra/gateway/index.js';

let c: PayingCommunity;
let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;
const token = (number: string, cvv?: string) => c.token(number, cvv);
const newReceipt = (houseId?: number, amount?: string) => c.newReceipt(houseId, amount);
const charge = (receiptId: number, input: Record<string, unknown>, as?: string) => c.charge(receiptId, input, as);
const ledgerOf = (receiptId: number) => c.ledgerOf(receiptId);
const simulate = (gatewayChargeId: string, action: string) => c.simulate(gatewayChargeId, action);

beforeAll(async () => {
  c = await payingCommunity();
  ({ t, admin, owner, olivosId, ownHouseId, otherHouseId } = c);
});
afterAll(() => t.close());

describe('paying a receipt by card', () => {
  it('an approved card pays the receipt once: a deposit and its payment in the ledger, the fee added to the total', async () => {
    const receiptId = await newReceipt();
    const result = await charge(receiptId, { method: 'CARD', cardToken: await token('4111111111111111'), deviceSessionId: 'abc' });
    expect(result.__typename).toBe('MutationChargeReceiptSuccess');
    expect(result.data.charge).toMatchObject({ status: 'COMPLETED', amount: '1500.00', fee: '46.00', total: '1546.00' });
    expect(result.data.message).toBe('El pago ha sido procesado');
    const receipt = await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } });
    expect(receipt).toMatchObject({ status: 'PAID', paymentMethod: 'CARD', accountEnding: '1111' });
    expect(money(receipt.transactionTotal!).toFixed(2)).toBe('1546.00');
    const ledger = await ledgerOf(receiptId);
    expect(ledger.map((e) => [e.kind, money(e.amount).toFixed(2)])).toEqual([
      ['DEPOSIT', '1500.00'],
      ['RECEIPT_PAID', '-1500.00'],
    ]);
    // A paid receipt answers 2079.
    const again = await charge(receiptId, { method: 'CARD', cardToken: await token('4111111111111111') });
    expect(again).toMatchObject({ __typename: 'ConflictError', code: 2079 });
  });

  it('a declined card answers the Spanish message of its code; the third failure warns and a fourth attempt is refused', async () => {
    const receiptId = await newReceipt(otherHouseId);
    const messages: unknown[] = [];
    for (const card of ['4000000000000002', '4000000000000119', '4000000000000069']) {
      messages.push(await charge(receiptId, { method: 'CARD', cardToken: await token(card) }, admin));
    }
    expect(messages[0]).toMatchObject({ __typename: 'PaymentError', code: 3001 });
    expect(messages[1]).toMatchObject({ __typename: 'PaymentError', code: 3004 });
    expect(messages[2]).toMatchObject({ __typename: 'PaymentError', code: 3002 });
    const options = await t.gql(
      `query($id: ID!) { receiptPayOptions(receiptId: $id) { failedAttempts methods } }`,
      { id: gid('Receipt', receiptId) },
      { token: admin },
    );
    expect(options.body.data.receiptPayOptions.failedAttempts).toBe(3);
    const fourth = await charge(receiptId, { method: 'CARD', cardToken: await token('4111111111111111') }, admin);
    expect(fourth).toMatchObject({ __typename: 'PaymentError', code: 1018 });
    expect(fourth.message).toContain('24 horas');
    const receipt = await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } });
    expect(receipt.status).toBe('NEW');
    expect(await ledgerOf(receiptId)).toEqual([]);
  });

  it('a card that needs 3-D Secure answers 3005 with the address, and the return verifies and pays it', async () => {
    const receiptId = await newReceipt();
    const result = await charge(receiptId, { method: 'CARD', cardToken: await token('4000000000003063'), origin: 'http://localhost:5173' });
    expect(result.data.charge.status).toBe('IN_PROGRESS');
    expect(result.data.charge.errorCode).toBe(3005);
    const url = new URL(result.data.charge.redirectUrl);
    // The sandbox's 3-D Secure page: the payer authorizes, it returns to payment-verification with the id.
    const page = await t.app.fetch(new Request(`${BASE}${url.pathname}`));
    expect(await page.text()).toContain('Autorizar');
    const authorized = await t.app.fetch(
      new Request(`${BASE}${url.pathname}`, { method: 'POST', body: new URLSearchParams({ decision: 'authorize' }), redirect: 'manual' }),
    );
    expect(authorized.status).toBe(303);
    const back = new URL(authorized.headers.get('location')!);
    expect(back.pathname).toBe(`/houses/${ownHouseId}/receipts/${receiptId}/payment-verification`);
    const verified = await t.rest(
      'GET',
      `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receiptId}/verify-charge/${back.searchParams.get('id')}`,
      undefined,
      {
        token: owner,
      },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.charge.status).toBe('COMPLETED');
    expect((await ledgerOf(receiptId)).length).toBe(2);
  });
});

describe('store and bank references', () => {
  it('a store reference leaves the receipt in progress until the webhook confirms it; a repeated webhook changes nothing', async () => {
    const receiptId = await newReceipt();
    const result = await charge(receiptId, { method: 'STORE' });
    expect(result.data.charge).toMatchObject({ status: 'IN_PROGRESS', method: 'STORE', fee: '46.00' });
    expect(result.data.charge.reference).toBeTruthy();
    expect(result.data.message).toBe('Tu pago está en proceso. Sigue las instrucciones para completarlo');
    const receipt = await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } });
    expect(receipt).toMatchObject({ status: 'IN_PROGRESS', paymentMethod: 'STORE', paymentReference: result.data.charge.reference });
    // Its payment instructions as PDF, from the receipt's legacy path (and not from another house's path).
    const instructions = (houseId: number, token_: string) =>
      t.app.fetch(
        new Request(`${BASE}/api/1.0/neighborhoods/${olivosId}/houses/${houseId}/receipts/${receiptId}/payment-instructions`, {
          headers: { authorization: `Bearer ${token_}` },
        }),
      );
    const pdf = await instructions(ownHouseId, owner);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfBytes = new Uint8Array(await pdf.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(pdfBytes), { mergePages: true });
    expect(text).toContain(result.data.charge.reference);
    expect(text).toContain('$1,546.00');
    expect((await instructions(otherHouseId, admin)).status).toBe(404);
    const row = await t.app.db.prisma.charge.findUniqueOrThrow({ where: { id: result.data.charge.chargeId } });
    await simulate(row.gatewayId!, 'pay');
    expect((await instructions(ownHouseId, owner)).status).toBe(404);
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('PAID');
    expect((await ledgerOf(receiptId)).map((e) => e.kind)).toEqual(['DEPOSIT', 'RECEIPT_PAID']);
    // Every recorded event delivered again: nothing moves.
    const events = await t.app.db.prisma.gatewayEvent.findMany({ where: { transactionId: row.gatewayId } });
    const account = {
      neighborhoodId: olivosId,
      merchantId: M,
      publicKey: DEMO_GATEWAY_KEYS.publicKey,
      privateKey: DEMO_GATEWAY_KEYS.privateKey,
      sandbox: true,
    };
    const { user, password } = webhookCredentials(account);
    for (const e of events) {
      const again = await t.app.fetch(
        new Request(`${BASE}/webhooks/openpay/${olivosId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
          body: JSON.stringify(e.payload),
        }),
      );
      expect(again.status).toBe(200);
    }
    expect((await ledgerOf(receiptId)).length).toBe(2);
  });

  it('refuses a webhook without the credentials', async () => {
    const response = await t.app.fetch(
      new Request(`${BASE}/webhooks/openpay/${olivosId}`, { method: 'POST', body: JSON.stringify({ type: 'charge.succeeded', transaction: { id: 'x' } }) }),
    );
    expect(response.status).toBe(401);
  });

  it('a bank reference gives the CLABE to transfer to', async () => {
    const receiptId = await newReceipt();
    const result = await charge(receiptId, { method: 'BANK' });
    expect(result.data.charge.instructions).toMatchObject({ type: 'bank_transfer' });
    expect(result.data.charge.instructions.clabe).toMatch(/^\d{18}$/);
    expect(result.data.charge.fee).toBe('8.00');
  });
});

describe('never charge twice', () => {
  it('concurrent charge attempts on one receipt give one gateway charge and one payment', async () => {
    const receiptId = await newReceipt();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => token('4111111111111111')));
    const results = await Promise.all(tokens.map((cardToken) => charge(receiptId, { method: 'CARD', cardToken })));
    const ok = results.filter((r) => r.__typename === 'MutationChargeReceiptSuccess');
    expect(ok).toHaveLength(1);
    expect(await t.app.db.prisma.charge.count({ where: { receiptId, status: 'COMPLETED' } })).toBe(1);
    expect(
      await t.app.db.prisma.sandboxGatewayObject.count({
        where: { kind: 'charge', orderId: { in: (await t.app.db.prisma.charge.findMany({ where: { receiptId } })).map((c) => c.id) } },
      }),
    ).toBe(1);
    const ledger = await ledgerOf(receiptId);
    expect(sumMoney(ledger.map((e) => e.amount)).toFixed(2)).toBe('0.00');
    expect(ledger.filter((e) => e.kind === 'DEPOSIT')).toHaveLength(1);
  });

  it('a retry with the same idempotency key answers the first answer', async () => {
    const receiptId = await newReceipt();
    const cardToken = await token('4111111111111111');
    const first = await charge(receiptId, { method: 'CARD', cardToken, idempotencyKey: 'pago-1' });
    const second = await charge(receiptId, { method: 'CARD', cardToken, idempotencyKey: 'pago-1' });
    expect(second).toEqual(first);
    expect(await t.app.db.prisma.charge.count({ where: { receiptId } })).toBe(1);
  });

  it('a lost answer leaves the receipt in progress; verification settles it without charging again', async () => {
    const receiptId = await newReceipt();
    const result = await charge(receiptId, { method: 'CARD', cardToken: await token('4000000000000036') });
    expect(result.data.charge.status).toBe('IN_PROGRESS');
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('IN_PROGRESS');
    const verified = await t.gql(
      `mutation($input: VerifyReceiptChargeInput!) { verifyReceiptCharge(input: $input) { ... on MutationVerifyReceiptChargeSuccess { data { charge { status } } } ... on Error { message } } }`,
      { input: { receiptId: gid('Receipt', receiptId) } },
      { token: owner },
    );
    expect(verified.body.data.verifyReceiptCharge.data.charge.status).toBe('COMPLETED');
    expect((await ledgerOf(receiptId)).length).toBe(2);
  });
});

describe('chargebacks', () => {
  it('an accepted chargeback turns the receipt into CHARGE_BACK and reverses its payment; a late "created" changes nothing', async () => {
    const receiptId = await newReceipt();
    const result = await charge(receiptId, { method: 'CARD', cardToken: await token('5555555555554444') });
    const row = await t.app.db.prisma.charge.findUniqueOrThrow({ where: { id: result.data.charge.chargeId } });
    await simulate(row.gatewayId!, 'chargeback_created');
    expect((await t.app.db.prisma.chargeback.findFirstOrThrow({ where: { receiptId } })).status).toBe('CREATED');
    await simulate(row.gatewayId!, 'chargeback_accepted');
    expect((await t.app.db.prisma.chargeback.findFirstOrThrow({ where: { receiptId } })).status).toBe('APPLIED');
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('CHARGE_BACK');
    const ledger = await ledgerOf(receiptId);
    expect(ledger.map((e) => e.kind)).toEqual(['DEPOSIT', 'RECEIPT_PAID', 'REVERSAL', 'REVERSAL']);
    expect(sumMoney(ledger.map((e) => e.amount)).toFixed(2)).toBe('0.00');
  });
});

describe('who may pay', () => {
  it("another community's receipt does not exist and an owner cannot pay another house's receipt", async () => {
    const foreign = await newReceipt(otherHouseId);
    const { body } = await t.gql(CHARGE, { input: { receiptId: gid('Receipt', foreign), method: 'STORE', acceptTos: true } }, { token: owner });
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await t.app.db.prisma.charge.count({ where: { receiptId: foreign } })).toBe(0);
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const torreReceipt = await t.app.db.prisma.receipt.findFirst({ where: { neighborhoodId: torre.id } });
    if (torreReceipt) expect((await charge(torreReceipt.id, { method: 'STORE' }, admin)).__typename).toBe('NotFoundError');
  });

  it('requires the terms, a supported method, and refuses raw card numbers on the legacy path', async () => {
    const receiptId = await newReceipt();
    expect(await charge(receiptId, { method: 'STORE', acceptTos: false })).toMatchObject({
      __typename: 'InputError',
      message: 'Debes aceptar los Términos y condiciones y las Políticas de privacidad',
    });
    expect(await charge(receiptId, { method: 'CASH' })).toMatchObject({ __typename: 'InputError', message: 'Método no soportado' });
    const legacy = await t.rest(
      'POST',
      `/neighborhoods/${olivosId}/houses/${ownHouseId}/receipts/${receiptId}/charge`,
      { receipt_payment_method: 'CARD', accept_tos: true, card: { number: '4111111111111111', cvv: '123', expire_month: '12', expire_year: '30' } },
      { token: owner },
    );
    expect(legacy.status).toBe(400);
    const audit = await t.app.db.prisma.auditLog.findMany({ orderBy: { id: 'desc' }, take: 50 });
    expect(JSON.stringify(audit, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('4111111111111111');
    const sandbox = await t.app.db.prisma.sandboxGatewayObject.findMany();
    expect(JSON.stringify(sandbox)).not.toContain('4111111111111111');
    const nul = await t.gql(
      CHARGE,
      { input: { receiptId: gid('Receipt', receiptId), method: 'STORE', acceptTos: true, deviceSessionId: 'a\u0000b' } },
      { token: owner },
    );
    expect(nul.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await charge(receiptId, { method: 'STORE', cardToken: 'x'.repeat(10_000) })).toMatchObject({ __typename: 'InputError' });
    expect(await t.app.db.prisma.charge.count({ where: { receiptId } })).toBe(0);
  });
});

describe('saved cards and automatic charge', () => {
  it('a card saved while paying is listed masked; subscribing one removes the other; the daily job charges due receipts', async () => {
    const first = await newReceipt();
    await charge(first, { method: 'CARD', cardToken: await token('4111111111111111'), persistCard: true });
    const second = await newReceipt();
    await charge(second, { method: 'CARD', cardToken: await token('5555555555554444'), saveAutomaticCharge: true, authorize: true });
    const list = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/cards`, undefined, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.cards.map((c: any) => [c.card_number, c.automatic_charge])).toEqual([
      ['411111XXXXXX1111', false],
      ['555555XXXXXX4444', true],
    ]);
    expect(list.body.recurrent_charge_allowed).toBe(true);
    const visa = list.body.cards[0].id;
    expect((await t.rest('POST', `/neighborhoods/${olivosId}/houses/${ownHouseId}/cards/${visa}/subscription`, {}, { token: owner })).status).toBe(400);
    const subscribed = await t.rest(
      'POST',
      `/neighborhoods/${olivosId}/houses/${ownHouseId}/cards/${visa}/subscription`,
      { authorize: true },
      { token: owner },
    );
    expect(subscribed.body.message).toBe('El cargo automático ha sido activado');
    const after = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/cards`, undefined, { token: owner });
    expect(after.body.cards.map((c: any) => c.automatic_charge)).toEqual([true, false]);
    // A due receipt is charged by the daily job with the subscribed card.
    const due = await newReceipt();
    await t.app.db.prisma.receipt.update({ where: { id: due }, data: { dueDate: new Date('2020-01-01T00:00:00Z') } });
    const { runAutomaticCharges } = await import('./cards.js');
    const { systemContext } = await import('../../../../kernel/context.js');
    const { createPubSub } = await import('graphql-yoga');
    await runAutomaticCharges(systemContext({ db: t.app.db, config: t.app.config, pubsub: createPubSub() }));
    const paid = await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: due } });
    expect(paid).toMatchObject({ status: 'PAID', paymentMethod: 'CARD', accountEnding: '1111' });
    // Another person's house never sees these cards; deleting removes it at the gateway too.
    const adminCards = await t.rest('DELETE', `/neighborhoods/${olivosId}/houses/${ownHouseId}/cards/${visa}`, undefined, { token: admin });
    expect(adminCards.status).toBeGreaterThanOrEqual(400);
    const deleted = await t.rest('DELETE', `/neighborhoods/${olivosId}/houses/${ownHouseId}/cards/${visa}`, undefined, { token: owner });
    expect(deleted.body.message).toBe('La tarjeta ha sido eliminada');
    expect((await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/cards`, undefined, { token: owner })).body.cards).toHaveLength(1);
  });
});

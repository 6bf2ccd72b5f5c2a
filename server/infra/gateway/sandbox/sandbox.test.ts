// The built-in sandbox gateway on a real test database: through the app's mount (raw Openpay requests)
// and through the Openpay adapter gatewayFor gives (the same code that talks to Openpay).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { TokenizeError, tokenizeCard } from '../../../../client/src/payments/tokenize.js';
import { DEMO_GATEWAY_KEYS } from '../../../domains/community/neighborhoods/demoSeed.js';
import { gatewayKeyContext } from '../../../domains/community/neighborhoods/keys.js';
import { secretBox } from '../../secrets.js';
import { gatewayAccount, gatewayFor, webhookCredentials } from '../index.js';
import { basicAuthorization } from '../openpay.js';
import { connectSandboxWebhooks } from './webhooks.js';
import { type GatewayAccount, GatewayError, type GatewayEvent, GatewayUnavailableError } from '../types.js';

// Deliveries are HTTP requests to the app's webhook URL: this stand-in of the app's receiver takes them
// instead, and verifies them with the adapter.
const delivered = { events: [] as GatewayEvent[], answers: [] as number[], requests: [] as string[], failNext: 0 };
async function standInReceiver(request: Request): Promise<Response> {
  delivered.requests.push(`${request.method} ${new URL(request.url).pathname}`);
  const neighborhoodId = Number(new URL(request.url).pathname.split('/').pop());
  const ctx = { db: t.app.db, config: t.app.config };
  const account = await gatewayAccount(t.app.db.prisma, t.app.config, neighborhoodId);
  const event = gatewayFor(ctx).parseWebhook(account!, request.headers, await request.text());
  if (delivered.failNext > 0) {
    delivered.failNext--;
    delivered.answers.push(500);
    return Response.json({ description: 'fallo' }, { status: 500 });
  }
  delivered.events.push(event);
  delivered.answers.push(200);
  return Response.json({ ok: true });
}

const M = DEMO_GATEWAY_KEYS.accountId;
const PUBLIC = basicAuthorization(DEMO_GATEWAY_KEYS.publicKey, '');
const PRIVATE = basicAuthorization(DEMO_GATEWAY_KEYS.privateKey, '');

let t: TestApp;
let account: GatewayAccount;
const gateway = () => gatewayFor({ db: t.app.db, config: t.app.config });

async function call(method: string, path: string, body?: unknown, auth: string | null = PRIVATE, raw?: string) {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = auth;
  if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.fetch(
    new Request(`http://localhost/sandbox/openpay${path}`, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) }),
  );
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json, response };
}

const CARD = { card_number: '4111111111111111', holder_name: 'Lucía Hernández', expiration_year: '30', expiration_month: '12', cvv2: '987' };

async function token(cardNumber: string, extra: Record<string, unknown> = {}) {
  const answer = await call(
    'POST',
    `/v1/${M}/tokens`,
    { ...CARD, card_number: cardNumber, ...(cardNumber.startsWith('3') ? { cvv2: '9876' } : {}), ...extra },
    PUBLIC,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as string;
}

let order = 0;
const nextOrder = () => `ord-${Date.now()}-${++order}`;

async function cardCharge(cardNumber: string, extra: Partial<Parameters<ReturnType<typeof gateway>['charge']>[1]> = {}) {
  return gateway().charge(account, {
    orderId: nextOrder(),
    method: 'card',
    amount: '1500.50',
    description: 'Cuota de mantenimiento',
    sourceId: await token(cardNumber),
    deviceSessionId: 'a'.repeat(32),
    customer: { name: 'Lucía', email: 'lucia@example.com' },
    ...extra,
  });
}

beforeAll(async () => {
  t = await startTestApp();
  const n = await t.app.db.prisma.neighborhood.findFirstOrThrow({ where: { gatewayAccountId: M } });
  account = (await gatewayAccount(t.app.db.prisma, t.app.config, n.id))!;
  connectSandboxWebhooks(t.app.db, { url: (id) => `http://localhost/webhooks/openpay/${id}`, send: standInReceiver });
});
afterAll(async () => t?.close());
beforeEach(() => {
  delivered.events.length = 0;
  delivered.answers.length = 0;
  delivered.requests.length = 0;
  delivered.failNext = 0;
});

describe('sandbox gateway: tokens and authentication', () => {
  it('tokenizes with the public key and answers the masked card only', async () => {
    const answer = await call('POST', `/v1/${M}/tokens`, CARD, PUBLIC);
    expect(answer.status).toBe(200);
    expect(answer.body.id).toMatch(/^k[a-z0-9]{19}$/);
    expect(answer.body.card).toMatchObject({
      card_number: '411111XXXXXX1111',
      holder_name: 'Lucía Hernández',
      expiration_year: '30',
      expiration_month: '12',
      brand: 'visa',
    });
    // As a value: random ids and CLABEs may hold the digits 987 by chance.
    expect(JSON.stringify(answer.body)).not.toContain('"987"');
    const amex = await call('POST', `/v1/${M}/tokens`, { ...CARD, card_number: '345678000000007', cvv2: '9876' }, PUBLIC);
    expect(amex.body.card).toMatchObject({ card_number: '345678XXXXX0007', brand: 'american_express' });
  });

  it("answers the browser's tokenizeCard (the same function that calls Openpay)", async () => {
    const fetch = ((url: string, init: RequestInit) => t.app.fetch(new Request(url, init))) as typeof globalThis.fetch;
    const target = { baseUrl: 'http://localhost/sandbox/openpay', merchantId: M, publicKey: DEMO_GATEWAY_KEYS.publicKey };
    const card = { number: '4111 1111 1111 1111', holderName: 'Lucía', expirationMonth: 1, expirationYear: 2032, cvv: '987' };
    const id = await tokenizeCard(target, card, { fetch });
    const stored = await t.app.db.prisma.sandboxGatewayObject.findUniqueOrThrow({ where: { id } });
    expect(stored.data).toMatchObject({ card: { card_number: '411111XXXXXX1111', expiration_year: '32', expiration_month: '01' } });
    await expect(tokenizeCard(target, { ...card, number: '4111111111111112' }, { fetch })).rejects.toMatchObject({ code: 2004 });
    await expect(tokenizeCard({ ...target, publicKey: 'pk_wrong' }, card, { fetch })).rejects.toBeInstanceOf(TokenizeError);
  });

  it('checks the card as Openpay does', async () => {
    const cases: [Record<string, unknown>, number, number][] = [
      [{ card_number: '4111111111111112' }, 422, 2004],
      [{ card_number: '6011111111111117' }, 422, 2011],
      [{ card_number: '4111 1111 1111 1111' }, 400, 1001],
      [{ expiration_year: '20' }, 400, 2005],
      [{ expiration_month: '13' }, 400, 1001],
      [{ expiration_year: '2030' }, 400, 1001],
      [{ cvv2: undefined }, 400, 2006],
      [{ cvv2: '12' }, 412, 2009],
      [{ card_number: '345678000000007', cvv2: '987' }, 412, 2009],
      [{ holder_name: undefined }, 400, 1001],
      [{ holder_name: 'Lucía\u0000' }, 400, 1001],
      [{ holder_name: 'x'.repeat(10_000) }, 400, 1001],
      [{ card_number: { n: 1 } }, 400, 1001],
    ];
    for (const [change, status, code] of cases) {
      const answer = await call('POST', `/v1/${M}/tokens`, { ...CARD, ...change }, PUBLIC);
      expect([answer.status, answer.body.error_code], JSON.stringify(change).slice(0, 80)).toEqual([status, code]);
      expect(answer.body).toMatchObject({ category: 'request', http_code: status });
      expect(answer.body.request_id).toBeTruthy();
    }
    expect((await call('POST', `/v1/${M}/tokens`, undefined, PUBLIC, '{"card_number": ')).body.error_code).toBe(1001);
    expect((await call('POST', `/v1/${M}/tokens`, undefined, PUBLIC, '[1]')).body.error_code).toBe(1001);
    const huge = await call('POST', `/v1/${M}/tokens`, undefined, PUBLIC, JSON.stringify({ ...CARD, pad: 'x'.repeat(200_000) }));
    expect([huge.status, huge.body.error_code]).toEqual([413, 1009]);
  });

  it('refuses wrong keys, another community’s merchant id and the public key on private endpoints', async () => {
    const other = await t.app.db.prisma.neighborhood.create({ data: { name: 'Otra comunidad', domain: `OTRA_${Date.now()}` } });
    await t.app.db.prisma.neighborhood.update({
      where: { id: other.id },
      data: {
        gatewayAccountId: 'motra000000000000000',
        gatewayPublicKey: 'pk_otra_0000000000000000000000000000',
        gatewayPrivateKeyEncrypted: secretBox(t.app.config).seal('sk_otra_0000000000000000000000000000', gatewayKeyContext(other.id)),
      },
    });
    const otherPrivate = basicAuthorization('sk_otra_0000000000000000000000000000', '');
    const body = { method: 'store', amount: 10, description: 'x', order_id: nextOrder() };
    const refused: [string, string | null, number, number][] = [
      [`/v1/${M}/charges`, null, 401, 1002],
      [`/v1/${M}/charges`, basicAuthorization('sk_wrong', ''), 401, 1002],
      [`/v1/${M}/charges`, 'Bearer sk_demo', 401, 1002],
      [`/v1/${M}/charges`, otherPrivate, 401, 1002],
      ['/v1/motra000000000000000/charges', PRIVATE, 401, 1002],
      ['/v1/mnadie00000000000000/charges', PRIVATE, 401, 1002],
      [`/v1/${M}/charges`, PUBLIC, 403, 1010],
      [`/v1/${M}/customers`, PUBLIC, 403, 1010],
    ];
    for (const [path, auth, status, code] of refused) {
      const answer = await call('POST', path, body, auth);
      expect([answer.status, answer.body.error_code], `${path} ${auth}`).toEqual([status, code]);
    }
    // The other community's charge is invisible to the demo's keys, and the reverse.
    const theirs = await call('POST', '/v1/motra000000000000000/charges', body, otherPrivate);
    expect(theirs.status).toBe(200);
    expect((await call('GET', `/v1/${M}/charges/${theirs.body.id}`)).body.error_code).toBe(1005);
    expect((await call('POST', `/v1/${M}/charges/${theirs.body.id}/simulate`, { action: 'pay' })).body.error_code).toBe(1005);
    expect((await call('GET', `/v1/${M}/charges?order_id=${body.order_id}`)).body).toEqual([]);
    // The same order id is free in another merchant.
    expect((await call('POST', `/v1/${M}/charges`, body)).status).toBe(200);
    expect((await call('GET', `/v1/${M}/nothing`)).status).toBe(404);
  });

  it('is only mounted when the configured gateway is the built-in sandbox', async () => {
    const live = await startTestApp({ PAYMENT_GATEWAY: 'openpay' });
    try {
      const answer = await live.app.fetch(
        new Request(`http://localhost/sandbox/openpay/v1/${M}/tokens`, { method: 'POST', headers: { authorization: PUBLIC } }),
      );
      expect(answer.status).toBe(404);
      expect(gatewayFor({ db: live.app.db, config: live.app.config }).tokenBaseUrl({ ...account, sandbox: true })).toBe('https://sandbox-api.openpay.mx');
    } finally {
      await live.close();
    }
    expect(gateway().tokenBaseUrl(account)).toBe('/sandbox/openpay');
  });
});

describe('sandbox gateway: customers, cards and card charges', () => {
  it('creates a customer with a CLABE, saves a card, charges it with interest-free months and deletes it', async () => {
    const externalId = `ext-${Date.now()}`;
    const customer = await gateway().createCustomer(account, { externalId, name: 'Lucía', lastName: 'Hernández', email: 'lucia@example.com' });
    expect(customer.id).toMatch(/^a[a-z0-9]{19}$/);
    expect(customer.clabe).toMatch(/^646180\d{12}$/);
    await expect(gateway().createCustomer(account, { externalId, name: 'Otra', email: 'otra@example.com' })).rejects.toMatchObject({
      code: 2003,
      httpStatus: 409,
    });

    const card = await gateway().addCard(account, customer.id, { tokenId: await token('5555555555554444'), deviceSessionId: 'b'.repeat(32) });
    expect(card).toMatchObject({ cardNumber: '555555XXXXXX4444', brand: 'mastercard', type: 'credit', holderName: 'Lucía Hernández', expirationYear: '30' });
    const tx = await gateway().charge(account, {
      orderId: nextOrder(),
      method: 'card',
      amount: '600.00',
      description: 'Cuota',
      sourceId: card.id,
      customerId: customer.id,
      deviceSessionId: 'b'.repeat(32),
      msi: 6,
    });
    expect(tx).toMatchObject({ status: 'completed', amount: '600.00', card: { cardNumber: '555555XXXXXX4444', brand: 'mastercard', type: 'credit' } });
    expect(tx.authorization).toMatch(/^\d{6}$/);
    expect((await gateway().getCharge(account, tx.id, customer.id)).status).toBe('completed');
    expect((await gateway().findChargeByOrderId(account, tx.orderId!, customer.id))?.id).toBe(tx.id);
    expect((await gateway().findChargeByOrderId(account, tx.orderId!))?.id).toBe(tx.id);

    // A saved card is charged only on its own customer; debit cards have no interest-free months.
    const stranger = await gateway().createCustomer(account, { externalId: `${externalId}-2`, name: 'Pedro', email: 'pedro@example.com' });
    await expect(
      gateway().charge(account, { orderId: nextOrder(), method: 'card', amount: '1.00', description: 'x', sourceId: card.id, customerId: stranger.id }),
    ).rejects.toMatchObject({
      code: 1005,
    });
    await expect(cardCharge('4242424242424242', { msi: 3 })).rejects.toMatchObject({ code: 3006 });
    await expect(cardCharge('4111111111111111', { msi: 5 })).rejects.toMatchObject({ code: 1003 });

    await expect(gateway().deleteCard(account, stranger.id, card.id)).rejects.toMatchObject({ code: 1005 });
    await gateway().deleteCard(account, customer.id, card.id);
    await expect(gateway().deleteCard(account, customer.id, card.id)).rejects.toMatchObject({ code: 1005, httpStatus: 404 });
  });

  it('approves the approved test cards, debit included', async () => {
    for (const [number, brand, type] of [
      ['4111111111111111', 'visa', 'credit'],
      ['4242424242424242', 'visa', 'debit'],
      ['5555555555554444', 'mastercard', 'credit'],
      ['345678000000007', 'american_express', 'credit'],
    ]) {
      const tx = await cardCharge(number);
      expect([tx.status, tx.card?.brand, tx.card?.type]).toEqual(['completed', brand, type]);
    }
  });

  it('declines by card: 3001, 3002, 3003, 3004 and 3005 without 3-D Secure; the failed charge stays findable', async () => {
    for (const [number, code] of [
      ['4000000000000002', 3001],
      ['4000000000000069', 3002],
      ['4444444444444448', 3003],
      ['4000000000000119', 3004],
      ['4000000000000101', 3005],
      ['4000000000003063', 3005],
    ] as const) {
      const orderId = nextOrder();
      const error = await cardCharge(number, { orderId }).catch((e) => e);
      expect(error, number).toBeInstanceOf(GatewayError);
      expect(error.code, number).toBe(code);
      const found = await gateway().findChargeByOrderId(account, orderId);
      expect(found).toMatchObject({ status: 'failed', errorCode: code });
    }
  });

  it('refuses a second charge with the same order id (1006), also when both race', async () => {
    const orderId = nextOrder();
    await cardCharge('4111111111111111', { orderId });
    await expect(cardCharge('4111111111111111', { orderId })).rejects.toMatchObject({ code: 1006, httpStatus: 409 });
    const raced = nextOrder();
    const [a, b] = [await token('4111111111111111'), await token('4111111111111111')];
    const results = await Promise.allSettled(
      [a, b].map((sourceId) => gateway().charge(account, { orderId: raced, method: 'card', amount: '5.00', description: 'x', sourceId })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 1006 });
  });

  it('checks amounts and fields of a charge', async () => {
    const sourceId = await token('4111111111111111');
    for (const [change, code] of [
      [{ amount: 0 }, 1001],
      [{ amount: -5 }, 1001],
      [{ amount: 10.005 }, 1001],
      [{ amount: '1e3' }, 1001],
      [{ amount: 2_000_000 }, 1012],
      [{ method: 'cash' }, 1001],
      [{ description: 'x'.repeat(251) }, 1001],
      [{ order_id: 'a\u0000b' }, 1001],
      [{ currency: 'USD' }, 1003],
      [{ redirect_url: 'javascript:alert(1)', use_3d_secure: true }, 1003],
      [{ source_id: 'knothere000000000000' }, 1005],
    ] as [Record<string, unknown>, number][]) {
      const answer = await call('POST', `/v1/${M}/charges`, {
        method: 'card',
        amount: 10,
        description: 'x',
        order_id: nextOrder(),
        source_id: sourceId,
        ...change,
      });
      expect(answer.body.error_code, JSON.stringify(change).slice(0, 60)).toBe(code);
    }
  });

  it('loses the answer of the lost-answer card: the adapter sees no answer, the charge is found by order id and notified', async () => {
    const orderId = nextOrder();
    await expect(cardCharge('4000000000000036', { orderId })).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(await gateway().findChargeByOrderId(account, orderId)).toMatchObject({ status: 'completed', orderId });
    await t.app.jobs.runDue();
    expect(delivered.events.some((e) => e.type === 'charge.succeeded' && e.transaction?.orderId === orderId)).toBe(true);
  });

  it("the adapter's capture and refund: a held charge captured for less, refunded in part, then refused (3006); a held one released", async () => {
    const held = await cardCharge('4111111111111111', { capture: false });
    expect(held).toMatchObject({ status: 'in_progress', amount: '1500.50' });
    const captured = await gateway().capture(account, held.id, { amount: '1000.00' });
    expect(captured).toMatchObject({ id: held.id, status: 'completed', amount: '1000.00' });
    const refunded = await gateway().refund(account, held.id, { amount: '400.00', description: 'Devolución parcial' });
    expect(refunded).toMatchObject({ id: held.id, status: 'cancelled', refund: { amount: '400.00' } });
    expect(await gateway().getCharge(account, held.id)).toMatchObject({ status: 'cancelled', refund: { id: refunded.refund!.id } });
    await expect(gateway().refund(account, held.id)).rejects.toMatchObject({ code: 3006, httpStatus: 412 });
    await expect(gateway().capture(account, held.id)).rejects.toMatchObject({ code: 3006 });

    const released = await cardCharge('5555555555554444', { capture: false });
    expect(await gateway().refund(account, released.id)).toMatchObject({ status: 'cancelled' });
    expect((await gateway().getCharge(account, released.id)).refund).toBeUndefined();
    const store = await gateway().charge(account, { orderId: nextOrder(), method: 'store', amount: '1.00', description: 'x' });
    await expect(gateway().refund(account, store.id)).rejects.toMatchObject({ code: 3006 });

    await t.app.jobs.runDue();
    const types = delivered.events.filter((e) => e.transaction?.id === held.id).map((e) => e.type);
    expect(types).toEqual(['charge.succeeded', 'charge.refunded']);
  });
});

describe('sandbox gateway: 3-D Secure', () => {
  it('answers a redirect to its page; Autorizar completes the charge and returns to redirect_url with the id', async () => {
    const redirectUrl = 'http://localhost:3000/houses/receipts?receipt=7';
    const tx = await cardCharge('4000000000003063', { use3dSecure: true, redirectUrl });
    expect(tx.status).toBe('charge_pending');
    expect(tx.paymentMethod).toEqual({ type: 'redirect', url: `http://localhost:3000/sandbox/openpay/3ds/${M}/${tx.id}` });
    const path = new URL((tx.paymentMethod as { url: string }).url).pathname;
    const page = await t.app.fetch(new Request(`http://localhost${path}`));
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('Autenticación 3-D Secure');
    expect(html).toContain('Autorizar');
    expect(html).toContain('Rechazar');
    expect(html).toContain('$1,500.50');
    expect(html).toContain('400000XXXXXX3063');

    const post = await t.app.fetch(new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams({ decision: 'authorize' }) }));
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(`http://localhost:3000/houses/receipts?receipt=7&id=${tx.id}`);
    expect(await gateway().getCharge(account, tx.id)).toMatchObject({ status: 'completed', paymentMethod: null });
    // A second answer changes nothing.
    const again = await t.app.fetch(new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams({ decision: 'reject' }) }));
    expect(again.status).toBe(303);
    expect((await gateway().getCharge(account, tx.id)).status).toBe('completed');
    expect(await (await t.app.fetch(new Request(`http://localhost${path}`))).text()).toContain('ya fue procesado');
    await t.app.jobs.runDue();
    expect(delivered.events.filter((e) => e.transaction?.id === tx.id).map((e) => e.type)).toEqual(['charge.succeeded']);
  });

  it('Rechazar fails the charge with 2010; a declined card fails after authorizing; bad decisions are refused', async () => {
    const rejected = await cardCharge('4111111111111111', { use3dSecure: true, redirectUrl: 'https://comunidad.example.com/pago' });
    const path = `/sandbox/openpay/3ds/${M}/${rejected.id}`;
    expect((await t.app.fetch(new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams({ decision: 'maybe' }) }))).status).toBe(400);
    await t.app.fetch(new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams({ decision: 'reject' }) }));
    expect(await gateway().getCharge(account, rejected.id)).toMatchObject({ status: 'failed', errorCode: 2010 });

    const declined = await cardCharge('4000000000000002', { use3dSecure: true, redirectUrl: 'https://comunidad.example.com/pago' });
    await t.app.fetch(
      new Request(`http://localhost/sandbox/openpay/3ds/${M}/${declined.id}`, { method: 'POST', body: new URLSearchParams({ decision: 'authorize' }) }),
    );
    expect(await gateway().getCharge(account, declined.id)).toMatchObject({ status: 'failed', errorCode: 3001 });
    expect((await t.app.fetch(new Request(`http://localhost/sandbox/openpay/3ds/${M}/trnothere00000000000`))).status).toBe(404);
    expect((await t.app.fetch(new Request(`http://localhost/sandbox/openpay/3ds/motra000000000000000/${declined.id}`))).status).toBe(404);
  });
});

describe('sandbox gateway: references, delayed charges, simulations and webhooks', () => {
  it('creates a store reference with a barcode and a bank reference with an STP CLABE; pay and fail them', async () => {
    const store = await gateway().charge(account, {
      orderId: nextOrder(),
      method: 'store',
      amount: '850.00',
      description: 'Cuota junio',
      dueDate: '2099-06-03T23:59:59-06:00',
    });
    expect(store).toMatchObject({ status: 'in_progress', method: 'store', dueDate: '2099-06-03T23:59:59-06:00' });
    const pm = store.paymentMethod as { type: 'store'; reference: string; barcodeUrl: string };
    expect(pm.type).toBe('store');
    expect(pm.reference).toMatch(/^\d{16}$/);
    expect(pm.barcodeUrl).toBe(`/sandbox/openpay/barcode/${pm.reference}?width=1&height=45&text=false`);
    const barcode = await t.app.fetch(new Request(`http://localhost${pm.barcodeUrl}`));
    expect(barcode.headers.get('content-type')).toBe('image/svg+xml');
    expect(await barcode.text()).toContain(`>${pm.reference}</text>`);

    const bank = await gateway().charge(account, { orderId: nextOrder(), method: 'bank_account', amount: '850.00', description: 'Cuota junio' });
    expect(bank.paymentMethod).toMatchObject({ type: 'bank_transfer', bank: 'STP', name: M });
    expect((bank.paymentMethod as { clabe: string }).clabe).toMatch(/^646180\d{12}$/);
    expect(bank.dueDate).toBeTruthy();

    const paid = await call('POST', `/v1/${M}/charges/${store.id}/simulate`, { action: 'pay' });
    expect(paid.body).toMatchObject({ status: 'completed', id: store.id });
    expect((await call('POST', `/v1/${M}/charges/${store.id}/simulate`, { action: 'pay' })).body.error_code).toBe(1013);
    expect((await call('POST', `/v1/${M}/charges/${bank.id}/simulate`, { action: 'fail' })).body.status).toBe('cancelled');
    expect((await call('POST', `/v1/${M}/charges/${bank.id}/simulate`, { action: 'explode' })).body.error_code).toBe(1001);
    expect((await call('POST', `/v1/${M}/charges/${bank.id}/simulate`, { action: 'pay' }, PUBLIC)).body.error_code).toBe(1010);

    await t.app.jobs.runDue();
    const types = delivered.events.filter((e) => [store.id, bank.id].includes(e.transaction!.id)).map((e) => `${e.type}:${e.transaction?.status}`);
    expect(types.sort()).toEqual(['charge.cancelled:cancelled', 'charge.succeeded:completed']);
    await expect(
      gateway().charge(account, { orderId: nextOrder(), method: 'store', amount: '1.00', description: 'x', dueDate: '2001-01-01T00:00:00Z' }),
    ).rejects.toMatchObject({
      code: 1003,
    });
  });

  it('completes the delayed card later through its webhook', async () => {
    const orderId = nextOrder();
    const answer = await call('POST', `/v1/${M}/charges`, {
      method: 'card',
      amount: 320,
      description: 'Cuota',
      order_id: orderId,
      source_id: await token('4000000000000044'),
      metadata: { sandbox_delay_ms: 0 },
    });
    expect(answer.body.status).toBe('in_progress');
    expect(answer.body.sandbox).toBeUndefined();
    await t.app.jobs.runDue();
    const event = delivered.events.find((e) => e.transaction?.orderId === orderId);
    expect(event).toMatchObject({ type: 'charge.succeeded', transaction: { status: 'completed' } });
    expect((await gateway().getCharge(account, answer.body.id)).status).toBe('completed');

    // Through the adapter the default delay applies: the charge is in progress until its job is due.
    const later = await cardCharge('4000000000000044');
    expect(later.status).toBe('in_progress');
    await t.app.jobs.runDue();
    expect((await gateway().getCharge(account, later.id)).status).toBe('in_progress');
    expect(await t.app.db.prisma.job.count({ where: { kind: 'sandbox.webhooks', doneAt: null } })).toBeGreaterThan(0);
  });

  it('charges back a completed card charge: created, then rejected or accepted, each notified with the chargeback id', async () => {
    const first = await cardCharge('4111111111111111');
    expect((await call('POST', `/v1/${M}/charges/${first.id}/simulate`, { action: 'chargeback_accepted' })).body.error_code).toBe(1013);
    expect((await call('POST', `/v1/${M}/charges/${first.id}/simulate`, { action: 'chargeback_created' })).status).toBe(200);
    expect((await call('POST', `/v1/${M}/charges/${first.id}/simulate`, { action: 'chargeback_created' })).body.error_code).toBe(1013);
    expect((await call('POST', `/v1/${M}/charges/${first.id}/simulate`, { action: 'chargeback_rejected' })).status).toBe(200);
    expect((await call('POST', `/v1/${M}/charges/${first.id}/simulate`, { action: 'chargeback_accepted' })).body.error_code).toBe(1013);
    const second = await cardCharge('4111111111111111');
    await call('POST', `/v1/${M}/charges/${second.id}/simulate`, { action: 'chargeback_created' });
    await call('POST', `/v1/${M}/charges/${second.id}/simulate`, { action: 'chargeback_accepted' });
    const store = await gateway().charge(account, { orderId: nextOrder(), method: 'store', amount: '1.00', description: 'x' });
    expect((await call('POST', `/v1/${M}/charges/${store.id}/simulate`, { action: 'chargeback_created' })).body.error_code).toBe(1013);

    await t.app.jobs.runDue();
    const of = (id: string) => delivered.events.filter((e) => e.transaction?.id === id && e.type.startsWith('chargeback.'));
    expect(of(first.id).map((e) => e.type)).toEqual(['chargeback.created', 'chargeback.rejected']);
    expect(of(second.id).map((e) => e.type)).toEqual(['chargeback.created', 'chargeback.accepted']);
    const ids = new Set(of(first.id).map((e) => e.chargebackId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^cb[a-z0-9]{18}$/);
    expect(of(second.id)[0].chargebackId).not.toBe([...ids][0]);
    expect(of(first.id)[0].transaction).toMatchObject({ status: 'completed', orderId: first.orderId });
    expect(new Set(delivered.events.map((e) => e.id)).size).toBe(delivered.events.length);
  });

  it('retries a webhook the receiver refused, through the jobs mechanism', async () => {
    const store = await gateway().charge(account, { orderId: nextOrder(), method: 'store', amount: '1.00', description: 'x' });
    await call('POST', `/v1/${M}/charges/${store.id}/simulate`, { action: 'pay' });
    delivered.failNext = 1;
    await t.app.jobs.runDue();
    expect(delivered.answers).toEqual([500]);
    expect(delivered.requests).toEqual([`POST /webhooks/openpay/${account.neighborhoodId}`]);
    const job = await t.app.db.prisma.job.findFirstOrThrow({ where: { kind: 'sandbox.webhooks', doneAt: null, lastError: { not: null } } });
    expect(job.lastError).toContain('500');
    await t.app.db.prisma.$executeRaw`UPDATE "Job" SET "runAt" = now() - interval '1 minute' WHERE id = ${job.id}`;
    await t.app.jobs.runDue();
    expect(delivered.events.map((e) => e.transaction?.id)).toContain(store.id);
    const webhook = await t.app.db.prisma.sandboxGatewayObject.findFirstOrThrow({ where: { kind: 'webhook', parentId: store.id } });
    expect(webhook.data).toMatchObject({ attempts: 2, lastStatus: 200 });
    // A delivered notification is not delivered twice.
    const count = delivered.events.length;
    await t.app.db.prisma.$executeRaw`UPDATE "Job" SET "doneAt" = NULL, "runAt" = now() - interval '1 minute' WHERE id = ${job.id}`;
    await t.app.jobs.runDue();
    expect(delivered.events.length).toBe(count);
  });

  it('signs deliveries with the community’s webhook credentials', async () => {
    const { user, password } = webhookCredentials(account);
    expect(user).toBe(M);
    expect(password).not.toContain(DEMO_GATEWAY_KEYS.privateKey);
  });
});

describe('sandbox gateway: what it keeps', () => {
  it('never stores a full card number or a CVV', async () => {
    const customer = await gateway().createCustomer(account, { externalId: `keep-${Date.now()}`, name: 'Ana', email: 'ana@example.com' });
    await gateway().addCard(account, customer.id, { tokenId: await token('345678000000007') });
    await cardCharge('5555555555554444');
    await cardCharge('4000000000000002').catch(() => {});
    const rows = await t.app.db.prisma.sandboxGatewayObject.findMany();
    const jobs = await t.app.db.prisma.job.findMany({ where: { kind: 'sandbox.webhooks' } });
    const dump = JSON.stringify([rows, jobs], (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    for (const number of ['4111111111111111', '5555555555554444', '345678000000007', '4000000000000002', '4000000000003063', '4000000000000036']) {
      expect(dump).not.toContain(number);
    }
    // No field named like a CVV (random record ids may hold the letters, so only keys count).
    expect(dump).not.toMatch(/"[^"]*cvv[^"]*":/i);
    expect(dump).not.toContain('"987"');
    expect(dump).not.toContain('"9876"');
    expect(dump).toContain('411111XXXXXX1111');
  });
});

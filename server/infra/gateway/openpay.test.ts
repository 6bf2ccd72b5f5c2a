// The Openpay adapter against recorded answers (fixtures/, shaped as Openpay documents them), served by a
// fake fetch that checks each request: method, path, query, Basic header and JSON body.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { basicAuthorization, OpenpayGateway, webhookCredentials } from './openpay.js';
import { type GatewayAccount, GatewayError, GatewayUnavailableError } from './types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, 'fixtures', name), 'utf8');

const account: GatewayAccount = {
  neighborhoodId: 7,
  merchantId: 'mzdtln0bmtms6o3kck8f',
  publicKey: 'pk_f0660ad5a39f4912872e24a7a660370c',
  privateKey: 'sk_e568c42a6c384b7ab02cd47d2e407cab',
  sandbox: true,
};
const AUTH = `Basic ${Buffer.from('sk_e568c42a6c384b7ab02cd47d2e407cab:').toString('base64')}`;

interface Expected {
  method: string;
  path: string;
  body?: unknown;
  status: number;
  answer: string;
}

/** A fetch that answers the expected calls in order and fails the test on any other request. */
function recorded(base: string, calls: Expected[]) {
  const queue = [...calls];
  // The adapter turns a throwing fetch into GatewayUnavailableError: keep the assertion to rethrow it.
  const failures: unknown[] = [];
  const fetch = async (input: string, init: RequestInit) => {
    try {
      return answer(input, init);
    } catch (error) {
      failures.push(error);
      throw error;
    }
  };
  const answer = (input: string, init: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error(`unexpected request ${init.method} ${input}`);
    const url = new URL(input);
    expect(`${init.method} ${url.pathname}${url.search}`).toBe(`${next.method} ${next.path}`);
    expect(url.origin).toBe(base);
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe(AUTH);
    expect(init.signal).toBeInstanceOf(AbortSignal);
    if (next.body === undefined) expect(init.body).toBeUndefined();
    else {
      expect(headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(String(init.body))).toEqual(next.body);
    }
    return new Response(next.status === 204 ? null : next.answer, { status: next.status, headers: { 'content-type': 'application/json' } });
  };
  return {
    fetch,
    done: () => {
      if (failures.length) throw failures[0];
      expect(queue).toEqual([]);
    },
  };
}

describe('Openpay adapter', () => {
  it('creates a customer with an account and reads its CLABE', async () => {
    const api = recorded('https://sandbox-api.openpay.mx', [
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/customers',
        body: {
          external_id: 'house-12-user-34',
          name: 'Lucía',
          last_name: 'Hernández Ruiz',
          email: 'lucia.hernandez@example.com',
          requires_account: true,
        },
        status: 200,
        answer: fixture('customer.json'),
      },
    ]);
    const gateway = new OpenpayGateway({ fetch: api.fetch });
    const customer = await gateway.createCustomer(account, {
      externalId: 'house-12-user-34',
      name: 'Lucía',
      lastName: 'Hernández Ruiz',
      email: 'lucia.hernandez@example.com',
    });
    expect(customer).toEqual({ id: 'anbnldwgni1way3yp2dw', clabe: '646180109400138692' });
    api.done();
  });

  it('uses the live API for a live account and the configured base when given', async () => {
    const live = recorded('https://api.openpay.mx', [
      { method: 'GET', path: '/v1/mzdtln0bmtms6o3kck8f/charges/trzjaozcik8msyqshka4', status: 200, answer: fixture('charge-card-completed.json') },
    ]);
    await new OpenpayGateway({ fetch: live.fetch }).getCharge({ ...account, sandbox: false }, 'trzjaozcik8msyqshka4');
    live.done();
    const local = recorded('http://sandbox.internal', [
      {
        method: 'GET',
        path: '/sandbox/openpay/v1/mzdtln0bmtms6o3kck8f/charges/trzjaozcik8msyqshka4',
        status: 200,
        answer: fixture('charge-card-completed.json'),
      },
    ]);
    const gateway = new OpenpayGateway({ fetch: local.fetch, baseUrl: 'http://sandbox.internal/sandbox/openpay', tokenBaseUrl: '/sandbox/openpay' });
    await gateway.getCharge(account, 'trzjaozcik8msyqshka4');
    local.done();
    expect(gateway.tokenBaseUrl(account)).toBe('/sandbox/openpay');
    expect(new OpenpayGateway().tokenBaseUrl(account)).toBe('https://sandbox-api.openpay.mx');
    expect(new OpenpayGateway().tokenBaseUrl({ ...account, sandbox: false })).toBe('https://api.openpay.mx');
  });

  it('saves a card from a token and deletes it', async () => {
    const api = recorded('https://sandbox-api.openpay.mx', [
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/customers/anbnldwgni1way3yp2dw/cards',
        body: { token_id: 'tokgslwpdcrkhlgxqi9a', device_session_id: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f' },
        status: 201,
        answer: fixture('card.json'),
      },
      { method: 'DELETE', path: '/v1/mzdtln0bmtms6o3kck8f/customers/anbnldwgni1way3yp2dw/cards/kgipbqixvjg3gbzowl7l', status: 204, answer: '' },
    ]);
    const gateway = new OpenpayGateway({ fetch: api.fetch });
    const card = await gateway.addCard(account, 'anbnldwgni1way3yp2dw', {
      tokenId: 'tokgslwpdcrkhlgxqi9a',
      deviceSessionId: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
    });
    expect(card).toEqual({
      id: 'kgipbqixvjg3gbzowl7l',
      cardNumber: '411111XXXXXX1111',
      brand: 'visa',
      type: 'credit',
      holderName: 'Lucia Hernandez',
      expirationMonth: '12',
      expirationYear: '29',
      bankName: 'Banamex',
    });
    await gateway.deleteCard(account, 'anbnldwgni1way3yp2dw', 'kgipbqixvjg3gbzowl7l');
    api.done();
  });

  it('charges a saved card on its customer with interest-free months', async () => {
    const api = recorded('https://sandbox-api.openpay.mx', [
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/customers/anbnldwgni1way3yp2dw/charges',
        body: {
          method: 'card',
          source_id: 'kgipbqixvjg3gbzowl7l',
          amount: 1500.5,
          currency: 'MXN',
          description: 'Cuota de mantenimiento mayo 2024',
          order_id: 'chg-1001',
          device_session_id: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
          payment_plan: { payments: 3 },
        },
        status: 200,
        answer: fixture('charge-card-completed.json'),
      },
    ]);
    const tx = await new OpenpayGateway({ fetch: api.fetch }).charge(account, {
      orderId: 'chg-1001',
      method: 'card',
      amount: '1500.50',
      description: 'Cuota de mantenimiento mayo 2024',
      sourceId: 'kgipbqixvjg3gbzowl7l',
      customerId: 'anbnldwgni1way3yp2dw',
      deviceSessionId: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
      msi: 3,
      customer: { name: 'ignored on a customer charge', email: 'x@example.com' },
    });
    expect(tx).toEqual({
      id: 'trzjaozcik8msyqshka4',
      orderId: 'chg-1001',
      status: 'completed',
      method: 'card',
      amount: '1500.50',
      authorization: '801585',
      creationDate: '2024-05-26T11:56:25-06:00',
      operationDate: '2024-05-26T11:56:25-06:00',
      dueDate: null,
      card: { cardNumber: '411111XXXXXX1111', brand: 'visa', type: 'credit' },
      paymentMethod: null,
      errorCode: null,
      errorMessage: null,
    });
    api.done();
  });

  it('asks for 3-D Secure with a token and answers the redirect', async () => {
    const api = recorded('https://sandbox-api.openpay.mx', [
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/charges',
        body: {
          method: 'card',
          source_id: 'tokgslwpdcrkhlgxqi9a',
          amount: 600,
          currency: 'MXN',
          description: 'Cuota de mantenimiento marzo 2024',
          order_id: 'chg-1002',
          device_session_id: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
          use_3d_secure: true,
          redirect_url: 'https://comunidad.example.com/houses/receipts?charge=chg-1002',
          customer: { name: 'Lucía', last_name: 'Hernández', email: 'lucia@example.com', phone_number: '4421234567' },
        },
        status: 200,
        answer: fixture('charge-3ds-redirect.json'),
      },
    ]);
    const tx = await new OpenpayGateway({ fetch: api.fetch }).charge(account, {
      orderId: 'chg-1002',
      method: 'card',
      amount: '600.00',
      description: 'Cuota de mantenimiento marzo 2024',
      sourceId: 'tokgslwpdcrkhlgxqi9a',
      deviceSessionId: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
      use3dSecure: true,
      redirectUrl: 'https://comunidad.example.com/houses/receipts?charge=chg-1002',
      customer: { name: 'Lucía', lastName: 'Hernández', email: 'lucia@example.com', phoneNumber: '4421234567' },
    });
    expect(tx.status).toBe('charge_pending');
    expect(tx.amount).toBe('600.00');
    expect(tx.paymentMethod).toEqual({
      type: 'redirect',
      url: 'https://sandbox-api.openpay.mx/v1/mzdtln0bmtms6o3kck8f/charges/treqwygvw0hrjuvwbsf5/redirect/',
    });
    api.done();
  });

  it('creates store and bank references', async () => {
    const customer = { name: 'Lucía', email: 'lucia@example.com' };
    const api = recorded('https://sandbox-api.openpay.mx', [
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/charges',
        body: {
          method: 'store',
          amount: 850,
          currency: 'MXN',
          description: 'Cuota de mantenimiento junio 2024',
          order_id: 'chg-1003',
          due_date: '2024-06-03T23:59:59-06:00',
          customer,
        },
        status: 200,
        answer: fixture('charge-store.json'),
      },
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/charges',
        body: { method: 'bank_account', amount: 850, currency: 'MXN', description: 'Cuota de mantenimiento junio 2024', order_id: 'chg-1004', customer },
        status: 200,
        answer: fixture('charge-bank.json'),
      },
    ]);
    const gateway = new OpenpayGateway({ fetch: api.fetch });
    const store = await gateway.charge(account, {
      orderId: 'chg-1003',
      method: 'store',
      amount: '850',
      description: 'Cuota de mantenimiento junio 2024',
      dueDate: '2024-06-03T23:59:59-06:00',
      customer,
    });
    expect(store).toMatchObject({
      status: 'in_progress',
      method: 'store',
      amount: '850.00',
      dueDate: '2024-06-03T23:59:59-06:00',
      authorization: null,
      card: null,
    });
    expect(store.paymentMethod).toEqual({
      type: 'store',
      reference: '1010101234567890',
      barcodeUrl: 'https://sandbox-api.openpay.mx/barcode/1010101234567890?width=1&height=45&text=false',
    });
    const bank = await gateway.charge(account, {
      orderId: 'chg-1004',
      method: 'bank_account',
      amount: '850.00',
      description: 'Cuota de mantenimiento junio 2024',
      customer,
    });
    expect(bank.method).toBe('bank_account');
    expect(bank.paymentMethod).toEqual({ type: 'bank_transfer', clabe: '646180109490000016', bank: 'STP', name: 'mzdtln0bmtms6o3kck8f', agreement: null });
    api.done();
  });

  it('finds a charge by its order id, on the merchant or on a customer', async () => {
    const api = recorded('https://sandbox-api.openpay.mx', [
      { method: 'GET', path: '/v1/mzdtln0bmtms6o3kck8f/charges?order_id=chg-1001', status: 200, answer: fixture('charges-by-order.json') },
      { method: 'GET', path: '/v1/mzdtln0bmtms6o3kck8f/customers/anbnldwgni1way3yp2dw/charges?order_id=chg%20x%261', status: 200, answer: '[]' },
    ]);
    const gateway = new OpenpayGateway({ fetch: api.fetch });
    expect((await gateway.findChargeByOrderId(account, 'chg-1001'))?.id).toBe('trzjaozcik8msyqshka4');
    expect(await gateway.findChargeByOrderId(account, 'chg x&1', 'anbnldwgni1way3yp2dw')).toBeNull();
    api.done();
  });

  it('captures a held charge and refunds a charge, on the merchant or on its customer', async () => {
    const completed = fixture('charge-card-completed.json');
    const api = recorded('https://sandbox-api.openpay.mx', [
      { method: 'POST', path: '/v1/mzdtln0bmtms6o3kck8f/charges/trzjaozcik8msyqshka4/capture', body: { amount: 100 }, status: 200, answer: completed },
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/customers/anbnldwgni1way3yp2dw/charges/trzjaozcik8msyqshka4/capture',
        body: {},
        status: 200,
        answer: completed,
      },
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/customers/anbnldwgni1way3yp2dw/charges/tr6cxbcefzatd10guvvw/refund',
        body: { description: 'Reservación cancelada', amount: 300 },
        status: 200,
        answer: fixture('charge-refunded.json'),
      },
      {
        method: 'POST',
        path: '/v1/mzdtln0bmtms6o3kck8f/charges/tr6cxbcefzatd10guvvw/refund',
        body: {},
        status: 412,
        answer: JSON.stringify({
          category: 'request',
          description: 'The charge is refunded and cannot be refunded',
          http_code: 412,
          error_code: 3006,
          request_id: 'r-1',
        }),
      },
    ]);
    const gateway = new OpenpayGateway({ fetch: api.fetch });
    expect(await gateway.capture(account, 'trzjaozcik8msyqshka4', { amount: '100' })).toMatchObject({ status: 'completed' });
    await gateway.capture(account, 'trzjaozcik8msyqshka4', { customerId: 'anbnldwgni1way3yp2dw' });
    const refunded = await gateway.refund(account, 'tr6cxbcefzatd10guvvw', {
      customerId: 'anbnldwgni1way3yp2dw',
      description: 'Reservación cancelada',
      amount: '300.00',
    });
    expect(refunded).toMatchObject({
      status: 'cancelled',
      amount: '850.00',
      refund: { id: 'trcbsmjkroqmjobxqhpb', amount: '300.00', operationDate: '2026-11-20T13:56:21-06:00' },
    });
    await expect(gateway.refund(account, 'tr6cxbcefzatd10guvvw')).rejects.toMatchObject({ code: 3006, httpStatus: 412 });
    api.done();
  });

  it('turns Openpay error bodies into GatewayError', async () => {
    const api = recorded('https://sandbox-api.openpay.mx', [
      { method: 'POST', path: '/v1/mzdtln0bmtms6o3kck8f/charges', body: expect.anything(), status: 402, answer: fixture('error-3001.json') },
      { method: 'POST', path: '/v1/mzdtln0bmtms6o3kck8f/charges', body: expect.anything(), status: 409, answer: fixture('error-1006.json') },
      { method: 'GET', path: '/v1/mzdtln0bmtms6o3kck8f/charges/x', status: 401, answer: fixture('error-401.json') },
    ]);
    const gateway = new OpenpayGateway({ fetch: api.fetch });
    const request = { orderId: 'chg-1001', method: 'card' as const, amount: '10.00', description: 'x', sourceId: 'tok' };
    const declined = await gateway.charge(account, request).catch((e) => e);
    expect(declined).toBeInstanceOf(GatewayError);
    expect(declined).toMatchObject({ code: 3001, message: 'The card was declined', httpStatus: 402, category: 'gateway' });
    await expect(gateway.charge(account, request)).rejects.toMatchObject({ code: 1006, httpStatus: 409, category: 'request' });
    await expect(gateway.getCharge(account, 'x')).rejects.toMatchObject({ code: 1002, httpStatus: 401, message: 'The api key or merchant id are invalid' });
    api.done();
  });

  it('reports no answer (timeout, network, a proxy 504, an unreadable success) as GatewayUnavailableError', async () => {
    const hanging = new OpenpayGateway({
      timeoutMs: 50,
      fetch: (_input, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true })),
    });
    const started = Date.now();
    await expect(hanging.getCharge(account, 'x')).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
    const offline = new OpenpayGateway({ fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(offline.getCharge(account, 'x')).rejects.toBeInstanceOf(GatewayUnavailableError);
    const proxy = new OpenpayGateway({ fetch: async () => new Response('<html>Gateway Timeout</html>', { status: 504 }) });
    await expect(proxy.getCharge(account, 'x')).rejects.toBeInstanceOf(GatewayUnavailableError);
    const garbled = new OpenpayGateway({ fetch: async () => new Response('{"id": "tr', { status: 200 }) });
    await expect(garbled.getCharge(account, 'x')).rejects.toBeInstanceOf(GatewayUnavailableError);
    const unknownStatus = new OpenpayGateway({ fetch: async () => Response.json({ id: 'tr1', status: 'weird', amount: 1 }) });
    await expect(unknownStatus.getCharge(account, 'tr1')).rejects.toBeInstanceOf(GatewayUnavailableError);
  });
});

describe('Openpay webhooks', () => {
  const gateway = new OpenpayGateway();
  const credentials = webhookCredentials(account);
  const signed = (user = credentials.user, password = credentials.password) => new Headers({ authorization: basicAuthorization(user, password) });

  it('derives the webhook password from the private key', () => {
    expect(credentials.user).toBe('mzdtln0bmtms6o3kck8f');
    expect(credentials.password).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookCredentials({ ...account, privateKey: 'sk_other' }).password).not.toBe(credentials.password);
  });

  it('parses a genuine notification; its id comes from type, transaction and date', () => {
    const event = gateway.parseWebhook(account, signed(), fixture('webhook-charge-succeeded.json'));
    expect(event).toMatchObject({
      id: 'charge.succeeded:trcxmf5cvarc2oulcz1m:2024-06-01T12:03:44-06:00',
      type: 'charge.succeeded',
      eventDate: '2024-06-01T12:03:44-06:00',
      chargebackId: null,
      transaction: { id: 'trcxmf5cvarc2oulcz1m', orderId: 'chg-1003', status: 'completed', amount: '850.00', authorization: 'A0712' },
    });
    const withId = JSON.stringify({ ...JSON.parse(fixture('webhook-charge-succeeded.json')), id: 'evt_1' });
    expect(gateway.parseWebhook(account, signed(), withId).id).toBe('evt_1');
  });

  it('reads a chargeback event: the original charge and the chargeback id', () => {
    const charge = JSON.parse(fixture('charge-card-completed.json'));
    const body = {
      type: 'chargeback.created',
      event_date: '2024-07-01T10:00:00-06:00',
      transaction: charge,
      chargeback: { id: 'cb_123', status: 'created', amount: 1500.5 },
    };
    const event = gateway.parseWebhook(account, signed(), JSON.stringify(body));
    expect(event.chargebackId).toBe('cb_123');
    expect(event.transaction?.id).toBe('trzjaozcik8msyqshka4');
    const bare = gateway.parseWebhook(account, signed(), JSON.stringify({ ...body, chargeback: undefined, type: 'chargeback.accepted' }));
    expect(bare.chargebackId).toBe('cb_trzjaozcik8msyqshka4');
  });

  it('parses the verification request without a transaction', () => {
    const event = gateway.parseWebhook(
      account,
      signed(),
      JSON.stringify({ type: 'verification', event_date: '2024-01-01T00:00:00-06:00', verification_code: 'xCsWVnnV' }),
    );
    expect(event).toMatchObject({ type: 'verification', transaction: null, id: 'verification:xCsWVnnV:2024-01-01T00:00:00-06:00' });
  });

  it('refuses a request without the community credentials', () => {
    const body = fixture('webhook-charge-succeeded.json');
    for (const headers of [
      new Headers(),
      signed(credentials.user, 'wrong'),
      signed('another-merchant', credentials.password),
      signed(credentials.user, credentials.password.toUpperCase()),
      new Headers({ authorization: `Bearer ${credentials.password}` }),
      new Headers({ authorization: 'Basic ***' }),
      signed(credentials.user, webhookCredentials({ merchantId: credentials.user, privateKey: 'sk_another_community' }).password),
    ]) {
      expect(() => gateway.parseWebhook(account, headers, body)).toThrow(expect.objectContaining({ code: 1002, httpStatus: 401 }));
    }
  });

  it('refuses a genuine request whose body is not an event', () => {
    for (const body of [
      'not json',
      '[]',
      '{"type": ""}',
      JSON.stringify({ type: 'charge.succeeded', transaction: { id: 5 } }),
      `{"type":"x\u0000${'a'.repeat(200)}"}`,
    ]) {
      expect(() => gateway.parseWebhook(account, signed(), body)).toThrow(GatewayError);
    }
  });
});

// The sandbox gateway as Openpay's official Node library (openpay@1.0.5, a dev dependency) sees it: the
// library is pointed at the app's sandbox with one line (Openpay.SANDBOX_URL) and makes its own HTTP calls.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import Openpay from 'openpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { DEMO_GATEWAY_KEYS } from '../../../domains/community/neighborhoods/demoSeed.js';

type Callback = (error: any, body: any, response: { statusCode: number }) => void;

let t: TestApp;
let server: Server;
let openpay: any;

/** A library call as a promise: its error (Openpay's error object) or its answer, with the HTTP status. */
function call(fn: (callback: Callback) => void): Promise<{ error: any; body: any; status: number }> {
  return new Promise((resolve) => fn((error, body, response) => resolve({ error, body, status: response?.statusCode ?? 0 })));
}

async function ok(fn: (callback: Callback) => void): Promise<any> {
  const answer = await call(fn);
  expect(answer.error, JSON.stringify(answer.error)).toBeNull();
  return answer.body;
}

const card = (number: string) => ({
  card_number: number,
  holder_name: 'Lucía Hernández',
  expiration_year: '30',
  expiration_month: '12',
  cvv2: '123',
});

const ADDRESS = {
  line1: 'Av. Reforma 222',
  line2: 'Piso 3',
  line3: 'Juárez',
  postal_code: '06600',
  state: 'Ciudad de México',
  city: 'Cuauhtémoc',
  country_code: 'MX',
};

let order = 0;
const nextOrder = () => `lib-${Date.now()}-${++order}`;
const today = () => new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  server = createServer(createServerAdapter(t.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The one line: the library's sandbox URL is the app's sandbox gateway.
  Openpay.SANDBOX_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/openpay`;
  openpay = new Openpay(DEMO_GATEWAY_KEYS.accountId, DEMO_GATEWAY_KEYS.privateKey, false);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe("sandbox gateway through Openpay's Node library", () => {
  it('customers: created with their address (kept), listed, updated and deleted', async () => {
    const externalId = `ext-${Date.now()}`;
    const created = await ok((cb) =>
      openpay.customers.create(
        { external_id: externalId, name: 'Lucía', last_name: 'Hernández', email: 'lucia@example.com', phone_number: '5512345678', address: ADDRESS },
        cb,
      ),
    );
    expect(created).toMatchObject({ name: 'Lucía', last_name: 'Hernández', external_id: externalId, address: ADDRESS, status: 'active' });
    expect(await ok((cb) => openpay.customers.get(created.id, cb))).toMatchObject({ address: ADDRESS });

    const byExternal = await ok((cb) => openpay.customers.list({ external_id: externalId }, cb));
    expect(byExternal.map((c: any) => c.id)).toEqual([created.id]);
    const todays = await ok((cb) => openpay.customers.list({ 'creation[gte]': today(), limit: 100 }, cb));
    expect(todays.map((c: any) => c.id)).toContain(created.id);
    expect(await ok((cb) => openpay.customers.list({ 'creation[lte]': '2000-01-01' }, cb))).toEqual([]);

    const updated = await ok((cb) =>
      openpay.customers.update(created.id, { name: 'Lucía María', email: 'lucia.maria@example.com', address: { ...ADDRESS, line1: 'Calle 5 de Mayo 10' } }, cb),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Lucía María', email: 'lucia.maria@example.com', address: { line1: 'Calle 5 de Mayo 10' } });

    const bad = await call((cb) => openpay.customers.create({ name: 'Sin correo', address: { line1: 'x' } }, cb));
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ category: 'request', error_code: 1001, http_code: 400 });
    expect(typeof bad.error.request_id).toBe('string');

    const deleted = await call((cb) => openpay.customers.delete(created.id, cb));
    expect([deleted.error, deleted.status]).toEqual([null, 204]);
    const gone = await call((cb) => openpay.customers.get(created.id, cb));
    expect(gone.status).toBe(404);
    expect(gone.error).toMatchObject({ error_code: 1005, http_code: 404 });
  });

  it('a card with raw card data, a charge with capture: false, its capture and a refund', async () => {
    const customer = await ok((cb) => openpay.customers.create({ name: 'Jorge', email: 'jorge@example.com' }, cb));
    const saved = await ok((cb) => openpay.customers.cards.create(customer.id, { ...card('4111111111111111'), address: ADDRESS }, cb));
    expect(saved).toMatchObject({ card_number: '411111XXXXXX1111', brand: 'visa', customer_id: customer.id, address: ADDRESS });
    expect(JSON.stringify(saved)).not.toContain('4111111111111111');
    expect((await ok((cb) => openpay.customers.cards.list(customer.id, cb))).map((c: any) => c.id)).toEqual([saved.id]);

    const held = await ok((cb) =>
      openpay.customers.charges.create(
        customer.id,
        { method: 'card', source_id: saved.id, amount: 250, description: 'Reservación de la palapa', order_id: nextOrder(), capture: false },
        cb,
      ),
    );
    expect(held).toMatchObject({ status: 'in_progress', amount: 250, method: 'card', transaction_type: 'charge' });
    expect(held.authorization).toMatch(/^\d{6}$/);

    // The library sends no body when the capture's data is null (its own tests do so).
    const whole = await ok((cb) =>
      openpay.charges.create(
        { method: 'card', card: card('4111111111111111'), amount: 75, description: 'Depósito', order_id: nextOrder(), capture: false },
        cb,
      ),
    );
    const unparsed = await call((cb) => openpay.charges.capture(whole.id, null, cb));
    expect([unparsed.error, unparsed.status]).toEqual([null, 200]);
    expect(JSON.parse(unparsed.body)).toMatchObject({ id: whole.id, status: 'completed', amount: 75 });

    const captured = await ok((cb) => openpay.customers.charges.capture(customer.id, held.id, { amount: 200 }, cb));
    expect(captured).toMatchObject({ id: held.id, status: 'completed', amount: 200 });
    const again = await call((cb) => openpay.charges.capture(held.id, {}, cb));
    expect(again.status).toBe(412);
    expect(again.error).toMatchObject({ error_code: 3006 });

    const refunded = await ok((cb) =>
      openpay.customers.charges.refund(customer.id, held.id, { description: 'Cancelación de la reservación', amount: 150 }, cb),
    );
    expect(refunded).toMatchObject({
      id: held.id,
      status: 'refunded',
      refund: { amount: 150, transaction_type: 'refund', operation_type: 'out', status: 'completed', description: 'Cancelación de la reservación' },
    });
    const twice = await call((cb) => openpay.charges.refund(held.id, {}, cb));
    expect([twice.status, twice.error?.error_code]).toEqual([412, 3006]);

    // A held charge refunded before its capture is released.
    const released = await ok((cb) =>
      openpay.charges.create(
        { method: 'card', card: card('5555555555554444'), amount: 90, description: 'Depósito', order_id: nextOrder(), capture: false },
        cb,
      ),
    );
    expect(await ok((cb) => openpay.charges.refund(released.id, {}, cb))).toMatchObject({ status: 'cancelled' });
    const tooMuch = await ok((cb) =>
      openpay.charges.create(
        { method: 'card', card: card('5555555555554444'), amount: 90, description: 'Depósito', order_id: nextOrder(), capture: false },
        cb,
      ),
    );
    const over = await call((cb) => openpay.charges.capture(tooMuch.id, { amount: 91 }, cb));
    expect([over.status, over.error?.error_code]).toEqual([422, 1003]);
  });

  it('a merchant charge with raw card data, as the README makes it; the stolen test card answers 3004 / 402', async () => {
    const charge = await ok((cb) =>
      openpay.charges.create(
        {
          method: 'card',
          card: card('4242424242424242'),
          amount: 1500.5,
          description: 'Cuota de mantenimiento',
          order_id: nextOrder(),
          customer: { name: 'Ana', email: 'ana@example.com' },
        },
        cb,
      ),
    );
    expect(charge).toMatchObject({ status: 'completed', amount: 1500.5, card: { card_number: '424242XXXXXX4242', brand: 'visa', type: 'debit' } });
    expect(await ok((cb) => openpay.charges.get(charge.id, cb))).toMatchObject({ id: charge.id, status: 'completed' });

    const stolen = await call((cb) =>
      openpay.charges.create({ method: 'card', card: card('4000000000000119'), amount: 100, description: 'Cuota', order_id: nextOrder() }, cb),
    );
    expect(stolen.status).toBe(402);
    expect(stolen.error).toMatchObject({ category: 'gateway', error_code: 3004, http_code: 402 });
    const funds = await call((cb) =>
      openpay.charges.create({ method: 'card', card: card('4444444444444448'), amount: 100, description: 'Cuota', order_id: nextOrder() }, cb),
    );
    expect([funds.status, funds.error?.error_code]).toEqual([402, 3003]);
    const luhn = await call((cb) => openpay.charges.create({ method: 'card', card: card('4111111111111112'), amount: 100, description: 'Cuota' }, cb));
    expect([luhn.status, luhn.error?.error_code]).toEqual([422, 2004]);

    const merchantCard = await ok((cb) => openpay.cards.create(card('5105105105105100'), cb));
    expect(merchantCard).toMatchObject({ card_number: '510510XXXXXX5100', brand: 'mastercard', type: 'debit' });
    expect((await ok((cb) => openpay.cards.list(cb))).map((c: any) => c.id)).toContain(merchantCard.id);
    expect((await call((cb) => openpay.cards.delete(merchantCard.id, cb))).status).toBe(204);
  });

  it('lists charges with the status and creation filters', async () => {
    const orderId = nextOrder();
    const held = await ok((cb) =>
      openpay.charges.create({ method: 'card', card: card('4111111111111111'), amount: 33.3, description: 'Filtro', order_id: orderId, capture: false }, cb),
    );
    const failed = nextOrder();
    await call((cb) => openpay.charges.create({ method: 'card', card: card('4000000000000002'), amount: 10, description: 'Filtro', order_id: failed }, cb));

    const inProgress = await ok((cb) => openpay.charges.list({ status: 'IN_PROGRESS', 'creation[gte]': today(), limit: 100 }, cb));
    expect(inProgress.map((c: any) => c.id)).toContain(held.id);
    expect(inProgress.every((c: any) => c.status === 'in_progress')).toBe(true);
    const failures = await ok((cb) => openpay.charges.list({ status: 'failed', limit: 100 }, cb));
    expect(failures.map((c: any) => c.order_id)).toContain(failed);
    expect(failures.every((c: any) => c.status === 'failed')).toBe(true);

    expect((await ok((cb) => openpay.charges.list({ creation: today(), order_id: orderId }, cb))).map((c: any) => c.id)).toEqual([held.id]);
    expect(await ok((cb) => openpay.charges.list({ creation: '2001-05-01', limit: 100 }, cb))).toEqual([]);
    expect(await ok((cb) => openpay.charges.list({ 'creation[lte]': '2001-05-01' }, cb))).toEqual([]);
    expect((await ok((cb) => openpay.charges.list({ limit: 2 }, cb))).length).toBe(2);

    const bad = await call((cb) => openpay.charges.list({ status: 'paid' }, cb));
    expect([bad.status, bad.error?.error_code]).toEqual([400, 1001]);
    const badDate = await call((cb) => openpay.charges.list({ creation: 'ayer' }, cb));
    expect([badDate.status, badDate.error?.error_code]).toEqual([400, 1001]);
  });

  it('webhooks: created, listed (the password never answered), read and deleted', async () => {
    const answer = await call((cb) =>
      openpay.webhooks.create(
        { url: 'https://notificaciones.example.com/openpay', user: 'juanito', password: 'secreto', event_types: ['charge.succeeded', 'charge.refunded'] },
        cb,
      ),
    );
    expect([answer.error, answer.status]).toEqual([null, 201]);
    const created = answer.body;
    expect(created).toMatchObject({ url: 'https://notificaciones.example.com/openpay', user: 'juanito', status: 'verified' });
    expect((await call((cb) => openpay.webhooks.verify(created.id, 'codigo123', cb))).status).toBe(204);
    expect(created.event_types).toEqual(['charge.succeeded', 'charge.refunded']);
    expect(created).not.toHaveProperty('password');
    const list = await ok((cb) => openpay.webhooks.list(cb));
    expect(list.map((w: any) => w.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain('secreto');
    expect(await ok((cb) => openpay.webhooks.get(created.id, cb))).toMatchObject({ id: created.id });
    expect((await call((cb) => openpay.webhooks.delete(created.id, cb))).status).toBe(204);
    expect((await ok((cb) => openpay.webhooks.list(cb))).map((w: any) => w.id)).not.toContain(created.id);
    const missing = await call((cb) => openpay.webhooks.get(created.id, cb));
    expect([missing.status, missing.error?.error_code]).toEqual([404, 1005]);
    const badType = await call((cb) => openpay.webhooks.create({ url: 'https://x.example.com', event_types: ['charge.exploded'] }, cb));
    expect([badType.status, badType.error?.error_code]).toEqual([400, 1001]);
  });

  it('merchant, fees, bank accounts and payouts (to a CLABE, a saved account, a saved debit card)', async () => {
    const merchant = await ok((cb) => openpay.merchant.get(cb));
    expect(merchant).toMatchObject({ id: DEMO_GATEWAY_KEYS.accountId, status: 'active' });
    expect(typeof merchant.name).toBe('string');
    expect(typeof merchant.balance).toBe('number');
    expect(merchant.clabe).toMatch(/^\d{18}$/);

    expect(Array.isArray(await ok((cb) => openpay.fees.list(cb)))).toBe(true);
    const customer = await ok((cb) => openpay.customers.create({ name: 'Comisión', email: 'fee@example.com', requires_account: true }, cb));
    const fee = await call((cb) => openpay.fees.create({ customer_id: customer.id, amount: 12.5, description: 'Comisión', order_id: nextOrder() }, cb));
    expect([fee.status, fee.error?.error_code]).toEqual([412, 4001]);

    const orderId = nextOrder();
    const payout = await ok((cb) =>
      openpay.payouts.create(
        {
          method: 'bank_account',
          bank_account: { clabe: '012298026516924616', holder_name: 'Mantenimiento Integral SA' },
          amount: 500,
          description: 'Pago a proveedor',
          order_id: orderId,
        },
        cb,
      ),
    );
    expect(payout).toMatchObject({ status: 'in_progress', transaction_type: 'payout', operation_type: 'out', amount: 500, order_id: orderId });
    const found = await ok((cb) => openpay.payouts.list({ order_id: orderId }, cb));
    expect(found.map((p: any) => p.id)).toEqual([payout.id]);
    expect((await ok((cb) => openpay.payouts.list({ 'creation[gte]': today(), limit: 100 }, cb))).map((p: any) => p.id)).toContain(payout.id);
    expect(await ok((cb) => openpay.payouts.get(payout.id, cb))).toMatchObject({ id: payout.id });

    const supplier = await ok((cb) => openpay.customers.create({ name: 'Jardinería del Valle', email: 'proveedor@example.com' }, cb));
    const account = await ok((cb) =>
      openpay.customers.bankaccounts.create(supplier.id, { clabe: '012298026516924616', holder_name: 'Jardinería del Valle', alias: 'Principal' }, cb),
    );
    expect(account).toMatchObject({ clabe: '012XXXXXXXXXXX4616', bank_code: '012', alias: 'Principal', holder_name: 'Jardinería del Valle' });
    expect((await ok((cb) => openpay.customers.bankaccounts.list(supplier.id, cb))).map((a: any) => a.id)).toEqual([account.id]);
    expect(await ok((cb) => openpay.customers.bankaccounts.get(supplier.id, account.id, cb))).toMatchObject({ id: account.id });
    const twice = await call((cb) => openpay.customers.bankaccounts.create(supplier.id, { clabe: '012298026516924616', holder_name: 'Otra' }, cb));
    expect([twice.status, twice.error?.error_code]).toEqual([409, 2001]);
    const toAccount = await ok((cb) =>
      openpay.payouts.create(
        { method: 'bank_account', destination_id: account.id, amount: 120, description: 'Jardinería de noviembre', order_id: nextOrder() },
        cb,
      ),
    );
    expect(toAccount).toMatchObject({ status: 'in_progress', bank_account: { holder_name: 'Jardinería del Valle', bank_code: '012' } });
    const debit = await ok((cb) => openpay.cards.create(card('5105105105105100'), cb));
    expect(
      await ok((cb) => openpay.payouts.create({ method: 'card', destination_id: debit.id, amount: 80, description: 'Reembolso de caja chica' }, cb)),
    ).toMatchObject({ status: 'in_progress', card: { card_number: '510510XXXXXX5100' } });
    const credit = await ok((cb) => openpay.cards.create(card('4111111111111111'), cb));
    const refused = await call((cb) => openpay.payouts.create({ method: 'card', destination_id: credit.id, amount: 80, description: 'x' }, cb));
    expect([refused.status, refused.error?.error_code]).toEqual([412, 3006]);
    expect((await call((cb) => openpay.customers.bankaccounts.delete(supplier.id, account.id, cb))).status).toBe(204);

    const unauthorized = new Openpay(DEMO_GATEWAY_KEYS.accountId, 'sk_otra_llave', false);
    const denied = await call((cb) => unauthorized.merchant.get(cb));
    expect([denied.status, denied.error?.error_code]).toEqual([401, 1002]);
  });

  it('kept no card number or CVV of the raw card data it was sent', async () => {
    const rows = await t.app.db.prisma.sandboxGatewayObject.findMany({ where: { merchantId: DEMO_GATEWAY_KEYS.accountId } });
    const kept = JSON.stringify(rows.map((row) => row.data));
    for (const number of ['4111111111111111', '4242424242424242', '5555555555554444', '5105105105105100', '4000000000000119']) {
      expect(kept).not.toContain(number);
    }
    expect(kept).not.toContain('"cvv2"');
  });
});

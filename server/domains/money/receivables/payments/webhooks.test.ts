// Gateway events are claims: through the real webhook handler, an event sent with the community's valid webhook
// credentials but not backed by what the gateway (the built-in sandbox) answers changes nothing — no ledger
// movement, no receipt or charge status, no chargeback row, no withdrawal settled — and is answered 200
// { ignored: true } (recorded unprocessed, with why); the genuine event, backed by the gateway, still applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, type TestApp } from '../../../../../tests/testApp.js';
import { MERCHANT as M, basic, payingCommunity, type PayingCommunity } from '../../../../../tests/payingCommunity.js';
import { DEMO_GATEWAY_KEYS } from '../../../community/neighborhoods/demoSeed.js';
import { webhookCredentials } from '../../../../infra/gateway/index.js';

let c: PayingCommunity;
let t: TestApp;
let olivosId: number;
let forged = 0;
const prisma = () => t.app.db.prisma;

beforeAll(async () => {
  c = await payingCommunity();
  ({ t, olivosId } = c);
});
afterAll(() => t.close());

/** A correctly authenticated notification with this body (its own event id, so none is taken for a repeat). */
async function send(type: string, transaction: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { user, password } = webhookCredentials({ merchantId: M, privateKey: DEMO_GATEWAY_KEYS.privateKey });
  const id = `forged-${++forged}`;
  const response = await t.app.fetch(
    new Request(`${BASE}/webhooks/openpay/${olivosId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      body: JSON.stringify({ id, type, event_date: '2031-01-15T10:00:00-06:00', transaction, ...extra }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, id };
}

/** Sends an event the gateway does not back: answered 200 ignored, recorded unprocessed with why. */
async function sendForged(type: string, transaction: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const answer = await send(type, transaction, extra);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ received: true, ignored: true });
  const row = await prisma().gatewayEvent.findUniqueOrThrow({ where: { neighborhoodId_eventId: { neighborhoodId: olivosId, eventId: answer.id } } });
  expect(row.processedAt).toBeNull();
  expect(row.error).toMatch(/^ignored: /);
}

/** The charge as the sandbox gateway answers it now (Openpay's JSON). */
async function gatewayCharge(gatewayId: string): Promise<Record<string, any>> {
  const response = await t.app.fetch(
    new Request(`${BASE}/sandbox/openpay/v1/${M}/charges/${gatewayId}`, { headers: { authorization: basic(DEMO_GATEWAY_KEYS.privateKey) } }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** Everything an event could move for a receipt: the receipt, its charges, chargebacks, ledger and audit. */
async function receiptState(receiptId: number) {
  return {
    receipt: await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } }),
    charges: await prisma().charge.findMany({ where: { receiptId }, orderBy: { createdAt: 'asc' } }),
    chargebacks: await prisma().chargeback.findMany({ where: { receiptId }, orderBy: { id: 'asc' } }),
    ledger: await c.ledgerOf(receiptId),
    audit: await prisma().auditLog.count({ where: { entity: 'Receipt', entityId: String(receiptId) } }),
  };
}

async function chargeRow(receiptId: number, input: Record<string, unknown>) {
  const result = await c.charge(receiptId, input);
  return prisma().charge.findUniqueOrThrow({ where: { id: result.data.charge.chargeId } });
}

describe('charge events', () => {
  for (const method of ['STORE', 'BANK'] as const) {
    it(`charge.succeeded of a ${method === 'STORE' ? 'store' : 'bank'} reference the gateway still has in progress pays nothing; its genuine confirmation does`, async () => {
      const receiptId = await c.newReceipt();
      const row = await chargeRow(receiptId, { method });
      const before = await receiptState(receiptId);
      expect(before.receipt.status).toBe('IN_PROGRESS');
      const pending = await gatewayCharge(row.gatewayId!);
      const claimed = { ...pending, status: 'completed', authorization: '801585', operation_date: '2031-01-15T10:00:00-06:00' };
      await sendForged('charge.succeeded', claimed);
      // Another transaction id carrying our order id: our charge is found, and the gateway still says in progress.
      await sendForged('charge.succeeded', { ...claimed, id: 'trforgedforgedforged' });
      expect(await receiptState(receiptId)).toEqual(before);

      await c.simulate(row.gatewayId!, 'pay');
      expect((await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('PAID');
      expect((await c.ledgerOf(receiptId)).map((e) => e.kind)).toEqual(['DEPOSIT', 'RECEIPT_PAID']);
    });
  }

  it('charge.cancelled of a reference the gateway has in progress keeps it open; the genuine cancellation reopens the receipt', async () => {
    const receiptId = await c.newReceipt();
    const row = await chargeRow(receiptId, { method: 'STORE' });
    const before = await receiptState(receiptId);
    await sendForged('charge.cancelled', { ...(await gatewayCharge(row.gatewayId!)), status: 'cancelled' });
    expect(await receiptState(receiptId)).toEqual(before);

    await c.simulate(row.gatewayId!, 'fail');
    expect((await prisma().charge.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('CANCELLED');
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).not.toBe('IN_PROGRESS');
    expect(await c.ledgerOf(receiptId)).toEqual([]);
  });

  it('an event claiming another outcome than the gateway’s settles the charge as the gateway says', async () => {
    const receiptId = await c.newReceipt();
    const row = await chargeRow(receiptId, { method: 'STORE' });
    // The payer pays at the store; the gateway's own notification of it is not delivered (the jobs do not run here).
    await c.control(row.gatewayId!, 'pay');
    const answer = await send('charge.cancelled', { ...(await gatewayCharge(row.gatewayId!)), status: 'cancelled' });
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    expect(answer.body.ignored).toBeUndefined();
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('PAID');
    expect((await c.ledgerOf(receiptId)).map((e) => e.kind)).toEqual(['DEPOSIT', 'RECEIPT_PAID']);
  });

  it('charge.failed of a card charge the gateway has in progress keeps it; the genuine failure reopens the receipt', async () => {
    const receiptId = await c.newReceipt();
    const row = await chargeRow(receiptId, { method: 'CARD', cardToken: await c.token('4000000000000044') });
    // The delayed card's own confirmation waits: only what this test sends arrives.
    await prisma().$executeRawUnsafe(`UPDATE "Job" SET "runAt" = now() + interval '1 hour' WHERE kind = 'sandbox.webhooks' AND "doneAt" IS NULL`);
    const before = await receiptState(receiptId);
    expect(before.charges[0].status).toBe('IN_PROGRESS');
    const pending = await gatewayCharge(row.gatewayId!);
    await sendForged('charge.failed', { ...pending, status: 'failed', error_code: 3001, error_message: 'The card was declined' });
    await sendForged('charge.succeeded', { ...pending, status: 'completed', authorization: '801585' });
    expect(await receiptState(receiptId)).toEqual(before);

    await c.simulate(row.gatewayId!, 'fail');
    expect((await prisma().charge.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('FAILED');
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).not.toBe('IN_PROGRESS');
    expect(await c.ledgerOf(receiptId)).toEqual([]);
  });

  it('an event naming no charge of the community is ignored', async () => {
    await sendForged('charge.succeeded', {
      id: 'trnotoursnotoursnot1',
      order_id: '00000000-0000-4000-8000-000000000000',
      status: 'completed',
      method: 'card',
      amount: 100,
      creation_date: '2031-01-15T10:00:00-06:00',
    });
  });
});

describe('chargeback events', () => {
  it('created, rejected and accepted each need the gateway’s charge to show the chargeback so; the genuine ones apply', async () => {
    const receiptId = await c.newReceipt();
    const row = await chargeRow(receiptId, { method: 'CARD', cardToken: await c.token('5555555555554444') });
    const paid = await receiptState(receiptId);
    expect(paid.receipt.status).toBe('PAID');
    const charge = await gatewayCharge(row.gatewayId!);
    expect(charge.status).toBe('completed');
    const chargeback = (status: string) => ({ chargeback: { id: 'cbforgedforgedforged', status, amount: charge.amount } });
    // No chargeback at the gateway: none of the three moves anything.
    await sendForged('chargeback.created', charge, chargeback('created'));
    await sendForged('chargeback.accepted', charge, chargeback('accepted'));
    await sendForged('chargeback.rejected', charge, chargeback('rejected'));
    // Even with the body claiming the charge's chargeback status.
    await sendForged('chargeback.accepted', { ...charge, status: 'chargeback_accepted' }, chargeback('accepted'));
    expect(await receiptState(receiptId)).toEqual(paid);

    await c.simulate(row.gatewayId!, 'chargeback_created');
    expect((await gatewayCharge(row.gatewayId!)).status).toBe('chargeback_pending');
    const opened = await receiptState(receiptId);
    expect(opened.chargebacks.map((b) => b.status)).toEqual(['CREATED']);
    expect(opened.ledger).toEqual(paid.ledger);
    // Pending at the gateway: an "accepted" does not reverse the payment, a "rejected" does not close it (which
    // would have kept the genuine acceptance from applying).
    await sendForged('chargeback.accepted', charge, chargeback('accepted'));
    await sendForged('chargeback.rejected', charge, chargeback('rejected'));
    expect(await receiptState(receiptId)).toEqual(opened);

    await c.simulate(row.gatewayId!, 'chargeback_accepted');
    const applied = await receiptState(receiptId);
    expect(applied.chargebacks.map((b) => b.status)).toEqual(['APPLIED']);
    expect(applied.receipt.status).toBe('CHARGE_BACK');
    expect(applied.ledger.map((e) => e.kind)).toEqual(['DEPOSIT', 'RECEIPT_PAID', 'REVERSAL', 'REVERSAL']);
  });

  it('a genuine rejection closes the chargeback without moving money; a forged acceptance afterwards changes nothing', async () => {
    const receiptId = await c.newReceipt();
    const row = await chargeRow(receiptId, { method: 'CARD', cardToken: await c.token('4111111111111111') });
    const paid = await receiptState(receiptId);
    await c.simulate(row.gatewayId!, 'chargeback_created');
    await c.simulate(row.gatewayId!, 'chargeback_rejected');
    expect((await gatewayCharge(row.gatewayId!)).status).toBe('chargeback_adjustment');
    const denied = await receiptState(receiptId);
    expect(denied.chargebacks.map((b) => b.status)).toEqual(['DENIED']);
    expect(denied.ledger).toEqual(paid.ledger);
    expect(denied.receipt.status).toBe('PAID');
    const answer = await send('chargeback.accepted', await gatewayCharge(row.gatewayId!), { chargeback: { id: 'cbforged', status: 'accepted' } });
    expect(answer.status).toBe(200);
    expect(await receiptState(receiptId)).toEqual(denied);
  });
});

describe('payout events', () => {
  let folio = 7000;
  async function withdrawal(holderName: string) {
    const providerId = (await prisma().provider.create({ data: { neighborhoodId: olivosId, name: `Proveedor ${folio}`, paymentMethod: 'TRANSFER' } })).id;
    const adminId = (await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
    const expense = await prisma().expense.create({
      data: {
        neighborhoodId: olivosId,
        status: 'APPROVED',
        providerId,
        description: `Servicio ${folio}`,
        operationDate: new Date('2026-10-15T00:00:00Z'),
        serie: 'WHK',
        folio: folio++,
        subtotal: '250.00',
        total: '250.00',
        createdByUserId: adminId,
      },
    });
    const account = await prisma().incomeAccount.create({
      data: { neighborhoodId: olivosId, accountType: 'CLABE', description: `Cuenta ${holderName}`, holderName, accountNumber: '012180001234567899' },
    });
    const created = await t.rest('POST', `/neighborhoods/${olivosId}/withdrawals`, { id_account: account.id, expense_ids: [expense.id] }, { token: c.admin });
    expect(created.body.status).toBe('IN_PROGRESS');
    const row = await prisma().withdrawal.findUniqueOrThrow({ where: { id: created.body.id } });
    // The payout stays in progress at the gateway, and no poll or notification runs unless a test lets it.
    await prisma().$executeRawUnsafe(
      `UPDATE "SandboxGatewayObject" SET data = jsonb_set(data, '{sandbox,settleAt}', '"2100-01-01T00:00:00.000Z"') WHERE id = $1`,
      row.gatewayPayoutId,
    );
    await prisma().$executeRawUnsafe(
      `UPDATE "Job" SET "runAt" = now() + interval '1 hour' WHERE kind IN ('withdrawals.poll', 'sandbox.webhooks') AND "doneAt" IS NULL`,
    );
    return row;
  }
  const withdrawalState = async (id: number) => ({
    withdrawal: await prisma().withdrawal.findUniqueOrThrow({ where: { id } }),
    expenses: await prisma().expense.findMany({ where: { withdrawalId: id } }),
    ledger: await prisma().communityLedgerEntry.findMany({ where: { withdrawalId: id } }),
  });
  const payoutBody = (id: string, status: string) => ({
    id,
    method: 'bank_account',
    transaction_type: 'payout',
    status,
    amount: 250,
    creation_date: '2031-01-15T10:00:00-06:00',
  });
  /** Delivers the sandbox's own notification of the payout (settling it at the gateway first, as it does). */
  async function deliverGenuine(payoutId: string) {
    await prisma().$executeRawUnsafe(
      `UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE kind = 'sandbox.webhooks' AND "doneAt" IS NULL AND payload->>'id' IN (SELECT id FROM "SandboxGatewayObject" WHERE kind = 'webhook' AND "parentId" = $1)`,
      payoutId,
    );
    await t.app.jobs.runDue();
  }

  it('payout.succeeded and payout.failed of a payout the gateway has in progress settle nothing; the genuine success does', async () => {
    const w = await withdrawal('Jardines del Bajío');
    const before = await withdrawalState(w.id);
    await sendForged('payout.succeeded', payoutBody(w.gatewayPayoutId!, 'completed'));
    await sendForged('payout.failed', payoutBody(w.gatewayPayoutId!, 'failed'));
    expect(await withdrawalState(w.id)).toEqual(before);

    await deliverGenuine(w.gatewayPayoutId!);
    const after = await withdrawalState(w.id);
    expect(after.withdrawal.status).toBe('SUCCESSFUL');
    expect(after.ledger).toHaveLength(2);
  });

  it('a payout the receiving bank refuses: a forged success settles nothing, the genuine failure frees the expenses', async () => {
    const w = await withdrawal('RECHAZO Pruebas');
    const before = await withdrawalState(w.id);
    await sendForged('payout.succeeded', payoutBody(w.gatewayPayoutId!, 'completed'));
    await sendForged('payout.failed', payoutBody(w.gatewayPayoutId!, 'failed'));
    expect(await withdrawalState(w.id)).toEqual(before);

    await deliverGenuine(w.gatewayPayoutId!);
    const after = await withdrawalState(w.id);
    expect(after.withdrawal.status).toBe('FAILED');
    expect(after.expenses).toEqual([]);
    expect(after.ledger).toEqual([]);
  });
});

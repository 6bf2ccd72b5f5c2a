// SPEI transfers to a house's CLABE (issue 28): through the sandbox's API and its webhook delivery, the real
// webhook handler, GraphQL and REST on a real database. A transfer is credited once per gateway transaction to the
// house's ORDINARY wallet, less the deposit fee the wallet panel shows, and is seen by the incomes report, the
// house's statement and the transactions grid; forged or repeated notifications move nothing more; events stored
// before transfers were credited are replayed by a one-time job.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../../../../core/receipts.js';
import { BASE, type TestApp } from '../../../../../tests/testApp.js';
import { MERCHANT as M, basic, gid, payingCommunity, type PayingCommunity } from '../../../../../tests/payingCommunity.js';
import { DEMO_GATEWAY_KEYS } from '../../../community/neighborhoods/demoSeed.js';
import { gatewayAccount, gatewayFor, webhookCredentials } from '../../../../infra/gateway/index.js';
import { enqueueJob } from '../../../../infra/jobs.js';
import { systemContext } from '../../../../kernel/context.js';
import { secretBox } from '../../../../infra/secrets.js';
import { gatewayKeyContext } from '../../../community/neighborhoods/keys.js';
import { replayStoredSpeiEvents, SPEI_REPLAY_JOB } from './spei.js';

let c: PayingCommunity;
let t: TestApp;
let olivosId: number;
let today: string;
const prisma = () => t.app.db.prisma;

beforeAll(async () => {
  c = await payingCommunity();
  ({ t, olivosId } = c);
  today = todayIn('America/Mexico_City');
});
afterAll(() => t.close());

const BALANCE = `query($h: ID) { houseBalance(houseId: $h) { ordinary deposit { clabe bankName depositFee sandbox } } }`;

async function panel(houseId: number, token = c.admin) {
  const { body } = await t.gql(BALANCE, { h: gid('House', houseId) }, { token });
  expect(body.errors).toBeUndefined();
  return body.data.houseBalance as { ordinary: string; deposit: { clabe: string; bankName: string; depositFee: string; sandbox: boolean } };
}

/** A bank's transfer to a CLABE, at the sandbox's API (the private key); its notification stays queued. */
async function transfer(clabe: string, amount: string, extra: Record<string, unknown> = {}) {
  const response = await t.app.fetch(
    new Request(`${BASE}/sandbox/openpay/v1/${M}/spei/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(DEMO_GATEWAY_KEYS.privateKey) },
      body: JSON.stringify({ clabe, amount, ...extra }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The notification the sandbox queued for a transaction (Openpay's body). */
async function queuedBody(transactionId: string): Promise<Record<string, any>> {
  const row = await prisma().sandboxGatewayObject.findFirstOrThrow({ where: { kind: 'webhook', parentId: transactionId } });
  return (row.data as { body: Record<string, any> }).body;
}

async function deliver(body: unknown) {
  const { user, password } = webhookCredentials({ merchantId: M, privateKey: DEMO_GATEWAY_KEYS.privateKey });
  const response = await t.app.fetch(
    new Request(`${BASE}/webhooks/openpay/${olivosId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const plus = (a: string, b: string) => (Number(a) + Number(b)).toFixed(2);

async function incomes() {
  const { body } = await t.gql(
    `query($from: String, $to: String) { incomesReport(from: $from, to: $to) { total count bySource { key amount count } byMethod { key amount } byAccount { key amount } } }`,
    { from: today, to: today },
    { token: c.admin },
  );
  expect(body.errors).toBeUndefined();
  return body.data.incomesReport;
}

async function houseDeposits(houseId: number) {
  const { body } = await t.gql(
    `query($f: TransactionFilter!) { transactions(filter: $f, first: 100) { edges { node { kind amount paymentMethod houseDatabaseId receiptDatabaseId } } } }`,
    { f: { from: today, to: today, houseId: gid('House', houseId), kinds: ['DEPOSIT'] } },
    { token: c.admin },
  );
  expect(body.errors).toBeUndefined();
  return body.data.transactions.edges.map((e: any) => e.node);
}

describe('a SPEI transfer to the house’s CLABE', () => {
  it('reaches the ORDINARY wallet once, less the deposit fee, and shows in incomes, the statement and transactions', async () => {
    const houseId = c.ownHouseId;
    const before = await panel(houseId);
    expect(before.deposit).toMatchObject({ depositFee: '8.00', sandbox: true });
    expect(before.deposit.clabe).toMatch(/^\d{18}$/);
    const incomesBefore = await incomes();
    const depositsBefore = await houseDeposits(houseId);

    const sent = await transfer(before.deposit.clabe, '1500.00');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ method: 'bank_account', status: 'completed', amount: 1500 });
    // The gateway's notification is delivered by its job, through the real webhook endpoint.
    await t.app.jobs.runDue();

    const after = await panel(houseId);
    expect(after.ordinary).toBe(plus(before.ordinary, '1492.00'));
    const deposit = await prisma().speiDeposit.findUniqueOrThrow({
      where: { neighborhoodId_gatewayId: { neighborhoodId: olivosId, gatewayId: sent.body.id } },
    });
    expect({ amount: deposit.amount.toFixed(2), fee: deposit.fee.toFixed(2), credited: deposit.credited.toFixed(2), houseId: deposit.houseId }).toEqual({
      amount: '1500.00',
      fee: '8.00',
      credited: '1492.00',
      houseId,
    });
    const entry = await prisma().ledgerEntry.findUniqueOrThrow({ where: { id: deposit.ledgerEntryId! } });
    expect(entry).toMatchObject({ kind: 'DEPOSIT', paymentMethod: 'BANK', receiptId: null, houseId });
    const ordinary = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' } });
    expect(entry.walletId).toBe(ordinary.id);
    const event = await prisma().gatewayEvent.findFirstOrThrow({ where: { neighborhoodId: olivosId, transactionId: sent.body.id } });
    expect(event).toMatchObject({ type: 'spei.received', error: null });
    expect(event.processedAt).not.toBeNull();

    // Incomes: a wallet deposit through the gateway, by bank transfer.
    const incomesAfter = await incomes();
    expect(incomesAfter.total).toBe(plus(incomesBefore.total, '1492.00'));
    expect(incomesAfter.count).toBe(incomesBefore.count + 1);
    const line = (report: any, key: string) => report.bySource.find((l: any) => l.key === key)?.amount ?? '0.00';
    expect(line(incomesAfter, 'WALLET_DEPOSIT')).toBe(plus(line(incomesBefore, 'WALLET_DEPOSIT'), '1492.00'));
    const gateway = (report: any) => report.byAccount.find((l: any) => l.key.startsWith('GATEWAY'))?.amount ?? '0.00';
    expect(gateway(incomesAfter)).toBe(plus(gateway(incomesBefore), '1492.00'));

    // The house's statement (REST, legacy shape): a payment of today.
    const statement = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${houseId}/statement?from=${today}&to=${today}`, undefined, { token: c.admin });
    expect(statement.status).toBe(200);
    expect(statement.body.rows).toContainEqual(
      expect.objectContaining({
        date: today,
        kind: 'PAYMENT',
        amount: '1492.00',
        payment: '1492.00',
        id_receipt: null,
        description: expect.stringContaining('SPEI'),
      }),
    );

    // The transactions grid: one more DEPOSIT of the house, by BANK, without a receipt.
    const deposits = await houseDeposits(houseId);
    expect(deposits).toHaveLength(depositsBefore.length + 1);
    expect(deposits).toContainEqual({ kind: 'DEPOSIT', amount: '1492.00', paymentMethod: 'BANK', houseDatabaseId: houseId, receiptDatabaseId: null });

    // The same notification again, and the same transfer under another event (charge.succeeded): nothing more.
    const body = await queuedBody(sent.body.id);
    expect((await deliver(body)).status).toBe(200);
    expect((await deliver({ ...body, id: 'another-event-of-the-same-transfer', type: 'charge.succeeded' })).body).toEqual({ received: true });
    expect((await panel(houseId)).ordinary).toBe(after.ordinary);
    expect(await prisma().speiDeposit.count({ where: { gatewayId: sent.body.id } })).toBe(1);
  });

  it('20 concurrent deliveries of the same notification credit it once', async () => {
    const houseId = c.otherHouseId;
    const before = await panel(houseId);
    const sent = await transfer(before.deposit.clabe, '250.50', { delay_ms: 3_600_000 });
    expect(sent.status).toBe(200);
    const body = await queuedBody(sent.body.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await panel(houseId)).ordinary).toBe(plus(before.ordinary, '242.50'));
    expect(await prisma().speiDeposit.count({ where: { gatewayId: sent.body.id } })).toBe(1);
    expect(await prisma().ledgerEntry.count({ where: { houseId, reason: `Transferencia SPEI ${sent.body.id}` } })).toBe(1);
    // 20 more under 20 event ids at once (the same transfer notified as many times): still one credit.
    const distinct = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver({ ...body, id: `race-${sent.body.id}-${i}` })));
    expect(distinct.every((a) => a.status === 200)).toBe(true);
    expect((await panel(houseId)).ordinary).toBe(plus(before.ordinary, '242.50'));
  });

  it('a notification the gateway does not back moves nothing', async () => {
    const own = await panel(c.ownHouseId);
    const other = await panel(c.otherHouseId);
    const sent = await transfer(own.deposit.clabe, '900.00', { delay_ms: 3_600_000 });
    const body = await queuedBody(sent.body.id);
    const otherCustomer = (await prisma().gatewayCustomer.findUniqueOrThrow({ where: { houseId: c.otherHouseId } })).customerId;
    const forged = [
      // A transaction the gateway does not have.
      { ...body, id: 'forged-spei-1', transaction: { ...body.transaction, id: 'trnotatransferatall1' } },
      // The genuine transaction claimed for another house's customer: the gateway does not have it under that customer.
      { ...body, id: 'forged-spei-2', transaction: { ...body.transaction, customer_id: otherCustomer } },
      // A customer of no house of ours.
      { ...body, id: 'forged-spei-3', transaction: { ...body.transaction, customer_id: 'anotacustomerofours1' } },
    ];
    for (const event of forged) {
      const answer = await deliver(event);
      expect(answer).toEqual({ status: 200, body: { received: true, ignored: true } });
      const row = await prisma().gatewayEvent.findUniqueOrThrow({ where: { neighborhoodId_eventId: { neighborhoodId: olivosId, eventId: event.id } } });
      expect(row.processedAt).toBeNull();
      expect(row.error).toMatch(/^ignored: /);
    }
    expect((await panel(c.ownHouseId)).ordinary).toBe(own.ordinary);
    expect((await panel(c.otherHouseId)).ordinary).toBe(other.ordinary);
    // The genuine one, with a forged amount in its body: the gateway's amount is credited.
    expect((await deliver({ ...body, transaction: { ...body.transaction, amount: 99999 } })).body).toEqual({ received: true });
    expect((await panel(c.ownHouseId)).ordinary).toBe(plus(own.ordinary, '892.00'));
  });

  it('a transfer to the CLABE of a deleted house is left unprocessed, with why, and credits nothing', async () => {
    const houseId = c.otherHouseId;
    const before = await panel(houseId);
    const sent = await transfer(before.deposit.clabe, '600.00', { delay_ms: 3_600_000 });
    const body = await queuedBody(sent.body.id);
    const { status } = await prisma().house.findUniqueOrThrow({ where: { id: houseId }, select: { status: true } });
    await prisma().house.update({ where: { id: houseId }, data: { status: 'DELETED' } });
    try {
      expect((await deliver(body)).body).toEqual({ received: true, ignored: true });
      const row = await prisma().gatewayEvent.findFirstOrThrow({ where: { neighborhoodId: olivosId, transactionId: sent.body.id } });
      expect(row.processedAt).toBeNull();
      expect(row.error).toBe('ignored: the house of that customer was deleted');
      expect(await prisma().speiDeposit.count({ where: { gatewayId: sent.body.id } })).toBe(0);
      expect(await prisma().ledgerEntry.count({ where: { houseId, reason: `Transferencia SPEI ${sent.body.id}` } })).toBe(0);
    } finally {
      await prisma().house.update({ where: { id: houseId }, data: { status } });
    }
    // Restored, the same notification delivered again is credited.
    expect((await deliver(body)).body).toEqual({ received: true });
    expect((await panel(houseId)).ordinary).toBe(plus(before.ordinary, '592.00'));
  });

  it('a transfer no larger than the fee credits nothing and is recorded once', async () => {
    const own = await panel(c.ownHouseId);
    const sent = await transfer(own.deposit.clabe, '5.00');
    await t.app.jobs.runDue();
    const deposit = await prisma().speiDeposit.findFirstOrThrow({ where: { gatewayId: sent.body.id } });
    expect({ credited: deposit.credited.toFixed(2), ledgerEntryId: deposit.ledgerEntryId }).toEqual({ credited: '0.00', ledgerEntryId: null });
    expect((await panel(c.ownHouseId)).ordinary).toBe(own.ordinary);
  });
});

describe('the sandbox’s SPEI simulation (its API)', () => {
  it('plays a bank: the transfer reads as a completed bank_account charge of the CLABE’s customer; bad requests are refused as Openpay would', async () => {
    const own = await panel(c.ownHouseId);
    const sent = await transfer(own.deposit.clabe, '10.00', { delay_ms: 3_600_000, sender_name: 'JUAN PEREZ' });
    expect(sent.status).toBe(200);
    const customerId = (await prisma().gatewayCustomer.findUniqueOrThrow({ where: { houseId: c.ownHouseId } })).customerId;
    const read = await t.app.fetch(
      new Request(`${BASE}/sandbox/openpay/v1/${M}/customers/${customerId}/charges/${sent.body.id}`, {
        headers: { authorization: basic(DEMO_GATEWAY_KEYS.privateKey) },
      }),
    );
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: sent.body.id, method: 'bank_account', status: 'completed', amount: 10, customer_id: customerId });
    expect(await queuedBody(sent.body.id)).toMatchObject({ type: 'spei.received', transaction: { id: sent.body.id, customer_id: customerId } });

    const invalidClabe = own.deposit.clabe.slice(0, 17) + String((Number(own.deposit.clabe[17]) + 1) % 10);
    expect((await transfer(invalidClabe, '10.00')).body).toMatchObject({ error_code: 1001, http_code: 400 });
    expect((await transfer('002010077777777771', '10.00')).body).toMatchObject({ error_code: 1005, http_code: 404 });
    expect((await transfer(own.deposit.clabe, '-1')).body).toMatchObject({ error_code: 1001, http_code: 400 });
    expect((await transfer(own.deposit.clabe, '10.001')).status).toBe(400);
    const withPublicKey = await t.app.fetch(
      new Request(`${BASE}/sandbox/openpay/v1/${M}/spei/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basic(DEMO_GATEWAY_KEYS.publicKey) },
        body: JSON.stringify({ clabe: own.deposit.clabe, amount: '10.00' }),
      }),
    );
    // The public key opens no private route (Openpay's 1010), as for every other private call.
    expect(withPublicKey.status).toBe(403);
    expect(await withPublicKey.json()).toMatchObject({ error_code: 1010 });
  });

  it('concurrent transfers and a customer update on the same CLABE lose nothing (the customer is read under its lock)', async () => {
    const own = await panel(c.ownHouseId);
    const customerId = (await prisma().gatewayCustomer.findUniqueOrThrow({ where: { houseId: c.ownHouseId } })).customerId;
    const balance = async () => Number(((await prisma().sandboxGatewayObject.findUniqueOrThrow({ where: { id: customerId } })).data as any).balance ?? 0);
    const before = await balance();
    const update = t.app.fetch(
      new Request(`${BASE}/sandbox/openpay/v1/${M}/customers/${customerId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: basic(DEMO_GATEWAY_KEYS.privateKey) },
        body: JSON.stringify({ name: 'Renamed at the gateway', email: 'renamed@example.com' }),
      }),
    );
    const sent = await Promise.all([...Array.from({ length: 10 }, () => transfer(own.deposit.clabe, '10.10', { delay_ms: 3_600_000 })), update]);
    expect(sent.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect(await balance()).toBeCloseTo(before + 101, 2);
    const data = (await prisma().sandboxGatewayObject.findUniqueOrThrow({ where: { id: customerId } })).data as any;
    expect(data).toMatchObject({ name: 'Renamed at the gateway', clabe: own.deposit.clabe });
  });
});

describe('events stored before transfers were credited', () => {
  it('are replayed once by the one-time job the migration queues', async () => {
    const queued = await prisma().job.findUnique({ where: { uniqueKey: 'payments.replaySpeiEvents:20261128' } });
    // Queued due at once in UTC, as the runner compares (not in the session's time zone).
    expect(queued?.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const own = await panel(c.ownHouseId);
    const sent = await transfer(own.deposit.clabe, '1000.00', { delay_ms: 3_600_000 });
    const body = await queuedBody(sent.body.id);
    // What the old receiver left: the event stored and marked processed, nothing credited.
    await prisma().gatewayEvent.create({
      data: {
        neighborhoodId: olivosId,
        eventId: 'stored-before-1',
        type: 'spei.received',
        transactionId: sent.body.id,
        payload: body,
        processedAt: new Date(),
      },
    });
    await prisma().gatewayEvent.create({
      data: {
        neighborhoodId: olivosId,
        eventId: 'stored-before-2',
        type: 'charge.succeeded',
        transactionId: sent.body.id,
        payload: { ...body, type: 'charge.succeeded' },
        error: 'ignored: charge.succeeded of no charge',
      },
    });
    // A stored forgery stays unprocessed, with why.
    await prisma().gatewayEvent.create({
      data: {
        neighborhoodId: olivosId,
        eventId: 'stored-before-3',
        type: 'spei.received',
        transactionId: 'trnotatransferatall3',
        payload: { ...body, transaction: { ...body.transaction, id: 'trnotatransferatall3' } },
      },
    });
    await enqueueJob(prisma(), { kind: SPEI_REPLAY_JOB, uniqueKey: `${SPEI_REPLAY_JOB}:test` });
    await prisma().$executeRawUnsafe(`UPDATE "Job" SET "runAt" = now() + interval '1 hour' WHERE kind = 'sandbox.webhooks' AND "doneAt" IS NULL`);
    await t.app.jobs.runDue();
    expect((await panel(c.ownHouseId)).ordinary).toBe(plus(own.ordinary, '992.00'));
    expect(await prisma().speiDeposit.count({ where: { gatewayId: sent.body.id } })).toBe(1);
    const rows = await prisma().gatewayEvent.findMany({
      where: { eventId: { in: ['stored-before-1', 'stored-before-2', 'stored-before-3'] } },
      orderBy: { eventId: 'asc' },
    });
    expect(rows.map((r) => [r.eventId, r.processedAt !== null, r.error?.slice(0, 8) ?? null])).toEqual([
      ['stored-before-1', true, null],
      ['stored-before-2', true, null],
      ['stored-before-3', false, 'ignored:'],
    ]);
    // The gateway's own notification arriving afterwards changes nothing.
    expect((await deliver(body)).status).toBe(200);
    expect((await panel(c.ownHouseId)).ordinary).toBe(plus(own.ordinary, '992.00'));
  });
});

describe('the replay, row by row', () => {
  it('a failing row keeps its error while the others carry on, and the job fails; ignored events are left unprocessed; charges match by order id', async () => {
    const own = await panel(c.ownHouseId);
    const ctx = systemContext(t.app);
    const good = await transfer(own.deposit.clabe, '700.00', { delay_ms: 3_600_000 });
    const down = await transfer(own.deposit.clabe, '400.00', { delay_ms: 3_600_000 });
    const goodBody = await queuedBody(good.body.id);
    const downBody = await queuedBody(down.body.id);
    // One of our charges, named by its order id only (a bank reference whose gateway id we never stored).
    const receiptId = await c.newReceipt(c.ownHouseId, '100.00');
    const charge = await prisma().charge.create({
      data: {
        neighborhoodId: olivosId,
        houseId: c.ownHouseId,
        receiptId,
        method: 'BANK',
        status: 'CANCELLED',
        amount: '100.00',
        fee: '8.00',
        total: '108.00',
        feePaidByPayer: true,
      },
    });
    // A community without a gateway account.
    let keyless: number | null = null;
    for (const n of await prisma().neighborhood.findMany({ select: { id: true } }))
      if (!(await gatewayAccount(prisma(), t.app.config, n.id))) {
        keyless = n.id;
        break;
      }
    expect(keyless).not.toBeNull();
    const stored = [
      { neighborhoodId: olivosId, eventId: 'replay-row-down', type: 'spei.received', transactionId: down.body.id, payload: downBody, processedAt: new Date() },
      { neighborhoodId: olivosId, eventId: 'replay-row-good', type: 'spei.received', transactionId: good.body.id, payload: goodBody, processedAt: new Date() },
      {
        neighborhoodId: olivosId,
        eventId: 'replay-row-forged',
        type: 'spei.received',
        transactionId: 'trnotatransferatall5',
        payload: { ...goodBody, transaction: { ...goodBody.transaction, id: 'trnotatransferatall5' } },
        processedAt: new Date(),
      },
      {
        neighborhoodId: olivosId,
        eventId: 'replay-row-order',
        type: 'charge.succeeded',
        transactionId: 'trbankreference00001',
        payload: { ...goodBody, type: 'charge.succeeded', transaction: { ...goodBody.transaction, id: 'trbankreference00001', order_id: charge.id } },
        processedAt: new Date(),
      },
      { neighborhoodId: keyless!, eventId: 'replay-row-keyless', type: 'spei.received', transactionId: 'trkeylesscommunity01', payload: goodBody },
    ];
    for (const data of stored) await prisma().gatewayEvent.create({ data });
    const gateway = gatewayFor(ctx);
    const getCharge = gateway.getCharge.bind(gateway);
    const spy = vi.spyOn(gateway, 'getCharge').mockImplementation(async (account, id, customer) => {
      if (id === down.body.id) throw new Error('the gateway did not answer');
      return getCharge(account, id, customer);
    });
    try {
      await expect(replayStoredSpeiEvents(ctx)).rejects.toThrow(/1 of \d+ stored SPEI events could not be replayed/);
    } finally {
      spy.mockRestore();
    }
    const rows = await prisma().gatewayEvent.findMany({ where: { eventId: { in: stored.map((e) => e.eventId) } }, orderBy: { eventId: 'asc' } });
    expect(rows.map((r) => [r.eventId, r.processedAt !== null, r.error?.replace(/:.*/, '') ?? null])).toEqual([
      ['replay-row-down', false, 'replay failed'],
      ['replay-row-forged', false, 'ignored'],
      ['replay-row-good', true, null],
      ['replay-row-keyless', false, 'ignored'],
      ['replay-row-order', true, null],
    ]);
    expect(rows.find((r) => r.eventId === 'replay-row-keyless')?.error).toMatch(/no gateway account/);
    // The good one was credited despite the failing row before it, and its audit says it was a replay.
    expect((await panel(c.ownHouseId)).ordinary).toBe(plus(own.ordinary, '692.00'));
    const audit = await prisma().auditLog.findFirst({ where: { action: 'SPEI_DEPOSIT', entityId: String(c.ownHouseId) }, orderBy: { id: 'desc' } });
    expect(audit?.data).toMatchObject({ gatewayId: good.body.id, replayed: true });
    // The charge matched by its order id was not taken for a transfer.
    expect(await prisma().speiDeposit.count({ where: { gatewayId: 'trbankreference00001' } })).toBe(0);
    // Run again with the gateway back: the failed row is credited, nothing twice.
    expect(await replayStoredSpeiEvents(ctx)).toMatchObject({ credited: 1, failed: 0 });
    expect((await panel(c.ownHouseId)).ordinary).toBe(plus(own.ordinary, '1084.00'));
    // A forged event left unprocessed is asked about again when it is delivered again (not a duplicate).
    const forged = stored[2].payload;
    expect((await deliver(forged)).body).toEqual({ received: true, ignored: true });
  });
});

describe('the wallet panel’s simulation (sandbox mode)', () => {
  const SIMULATE = `mutation($input: SimulateSpeiTransferInput!) { simulateSpeiTransfer(input: $input) { __typename
    ... on MutationSimulateSpeiTransferSuccess { data { message transactionId clabe amount fee credited } }
    ... on Error { message } } }`;

  it('an administrator sends a transfer to the house’s CLABE; its notification credits the wallet', async () => {
    const houseId = c.otherHouseId;
    const before = await panel(houseId);
    const { body } = await t.gql(SIMULATE, { input: { houseId: gid('House', houseId), amount: '1300' } }, { token: c.admin });
    expect(body.errors).toBeUndefined();
    const data = body.data.simulateSpeiTransfer.data;
    expect(data).toMatchObject({ clabe: before.deposit.clabe, amount: '1300.00', fee: '8.00', credited: '1292.00' });
    expect(data.message).toBe('Transferencia SPEI simulada por $1,300.00: al llegar su notificación se abonan $1,292.00 al monedero ordinario');
    await t.app.jobs.runDue();
    expect((await panel(houseId)).ordinary).toBe(plus(before.ordinary, '1292.00'));
  });

  it('a repeated request with the same idempotency key sends one transfer; the key with another amount is refused', async () => {
    const houseId = c.otherHouseId;
    const before = await panel(houseId);
    const input = { houseId: gid('House', houseId), amount: '250.00', idempotencyKey: 'spei-sim-1' };
    const [first, second] = await Promise.all([t.gql(SIMULATE, { input }, { token: c.admin }), t.gql(SIMULATE, { input }, { token: c.admin })]);
    const a = first.body.data.simulateSpeiTransfer.data;
    const b = second.body.data.simulateSpeiTransfer.data;
    expect(b.transactionId).toBe(a.transactionId);
    const other = await t.gql(SIMULATE, { input: { ...input, amount: '251.00' } }, { token: c.admin });
    expect(other.body.data.simulateSpeiTransfer).toEqual({ __typename: 'ConflictError', message: 'Esta clave de idempotencia ya se usó con otra solicitud' });
    await t.app.jobs.runDue();
    expect((await panel(houseId)).ordinary).toBe(plus(before.ordinary, '242.00'));
  });

  it('a refusal of the sandbox reaches the screen in Spanish', async () => {
    const houseId = c.otherHouseId;
    const { deposit } = await panel(houseId);
    // The CLABE no longer exists at the gateway (its customer there lost it).
    const customer = await prisma().sandboxGatewayObject.findFirstOrThrow({ where: { kind: 'customer', data: { path: ['clabe'], equals: deposit.clabe } } });
    await prisma().sandboxGatewayObject.update({ where: { id: customer.id }, data: { data: { ...(customer.data as object), clabe: null } } });
    try {
      const { body } = await t.gql(SIMULATE, { input: { houseId: gid('House', houseId), amount: '100' } }, { token: c.admin });
      expect(body.data.simulateSpeiTransfer).toEqual({
        __typename: 'ConflictError',
        message: 'No logramos simular la transferencia SPEI: La CLABE ya no existe en la pasarela',
      });
    } finally {
      await prisma().sandboxGatewayObject.update({ where: { id: customer.id }, data: { data: customer.data as object } });
    }
  });

  it('refuses a bad amount, and an owner', async () => {
    const bad = await t.gql(SIMULATE, { input: { houseId: gid('House', c.otherHouseId), amount: '-5' } }, { token: c.admin });
    expect(bad.body.data.simulateSpeiTransfer.__typename).toBe('InputError');
    const owner = await t.gql(SIMULATE, { input: { houseId: gid('House', c.ownHouseId), amount: '100' } }, { token: c.owner });
    expect(owner.body.data?.simulateSpeiTransfer ?? null).toBeNull();
    expect(owner.body.errors?.[0]?.extensions?.code ?? owner.body.errors?.[0]?.message).toBeTruthy();
  });
});

describe('another community’s webhook', () => {
  it('naming this community’s real customer and transfer moves nothing, in either community', async () => {
    const own = await panel(c.ownHouseId);
    const sent = await transfer(own.deposit.clabe, '800.00', { delay_ms: 3_600_000 });
    const body = await queuedBody(sent.body.id);
    expect(body.transaction.customer_id).toBe((await prisma().gatewayCustomer.findUniqueOrThrow({ where: { houseId: c.ownHouseId } })).customerId);
    // Community B takes online payments with the very same merchant and keys (its webhook authenticates).
    const b = await prisma().neighborhood.findFirstOrThrow({ where: { id: { not: olivosId } }, orderBy: { id: 'desc' } });
    await prisma().neighborhood.update({
      where: { id: b.id },
      data: {
        gatewayAccountId: M,
        gatewayPublicKey: DEMO_GATEWAY_KEYS.publicKey,
        gatewayPrivateKeyEncrypted: secretBox(t.app.config).seal(DEMO_GATEWAY_KEYS.privateKey, gatewayKeyContext(b.id)),
      },
    });
    const movedBefore = await prisma().ledgerEntry.count({ where: { neighborhoodId: { in: [olivosId, b.id] } } });
    try {
      const { user, password } = webhookCredentials({ merchantId: M, privateKey: DEMO_GATEWAY_KEYS.privateKey });
      const response = await t.app.fetch(
        new Request(`${BASE}/webhooks/openpay/${b.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
          body: JSON.stringify({ ...body, id: 'cross-community-spei' }),
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, ignored: true });
      const row = await prisma().gatewayEvent.findUniqueOrThrow({
        where: { neighborhoodId_eventId: { neighborhoodId: b.id, eventId: 'cross-community-spei' } },
      });
      expect(row).toMatchObject({ processedAt: null, error: 'ignored: no house of this community has that customer' });
      expect(await prisma().speiDeposit.count({ where: { gatewayId: sent.body.id } })).toBe(0);
      expect(await prisma().ledgerEntry.count({ where: { neighborhoodId: { in: [olivosId, b.id] } } })).toBe(movedBefore);
      expect((await panel(c.ownHouseId)).ordinary).toBe(own.ordinary);
    } finally {
      await prisma().neighborhood.update({
        where: { id: b.id },
        data: { gatewayAccountId: b.gatewayAccountId, gatewayPublicKey: b.gatewayPublicKey, gatewayPrivateKeyEncrypted: b.gatewayPrivateKeyEncrypted },
      });
    }
    // Delivered to its own community, the transfer is credited there once.
    expect((await deliver(body)).body).toEqual({ received: true });
    expect((await panel(c.ownHouseId)).ordinary).toBe(plus(own.ordinary, '792.00'));
  });
});

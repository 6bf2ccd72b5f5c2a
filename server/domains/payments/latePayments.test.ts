// Money that arrives late or is taken back, and whose cards a payment may use: the cases an outside review
// of the payments found (a late success credited on every verification, a chargeback of the wrong charge,
// administrators using an owner's saved card).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../tests/testApp.js';
import { sumMoney } from '../../../core/money.js';
import { DEMO_GATEWAY_KEYS } from '../neighborhoods/demoSeed.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let ownHouseId: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const M = DEMO_GATEWAY_KEYS.accountId;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

const CHARGE = `mutation($input: ChargeReceiptInput!) { chargeReceipt(input: $input) { __typename
  ... on MutationChargeReceiptSuccess { data { message charge { chargeId status method amount fee total reference redirectUrl errorCode failedAttempts instructions { type reference clabe bank } } } }
  ... on Error { code message } } }`;

/** Tokenizes a card at the sandbox as the browser does (public key). */
async function token(number: string, cvv = '123') {
  const response = await t.app.fetch(
    new Request(`${BASE}/sandbox/openpay/v1/${M}/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(DEMO_GATEWAY_KEYS.publicKey) },
      body: JSON.stringify({ card_number: number, holder_name: 'Patricia Ruiz', expiration_year: '30', expiration_month: '12', cvv2: cvv }),
    }),
  );
  const body = (await response.json()) as { id: string };
  expect(response.status).toBe(200);
  return body.id;
}

/** A fresh receipt of the house, pending (an extraordinary fee due later). */
async function newReceipt(houseId = ownHouseId, amount = '1500.00') {
  const prisma = t.app.db.prisma;
  const wallet = await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
  const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId } });
  const r = await prisma.receipt.create({
    data: {
      neighborhoodId: olivosId,
      houseId,
      incomeConceptId: concept.id,
      walletId: wallet.id,
      description: 'Cuota extraordinaria de prueba',
      year: 2031,
      month: 1,
      dueDate: new Date('2031-01-31T00:00:00Z'),
      sourceAmount: amount,
      amount,
    },
  });
  return r.id;
}

async function charge(receiptId: number, input: Record<string, unknown>, token_ = owner, extra: Record<string, string> = {}) {
  const { body } = await t.gql(CHARGE, { input: { receiptId: gid('Receipt', receiptId), acceptTos: true, ...input } }, { token: token_, headers: extra });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.chargeReceipt;
}

async function ledgerOf(receiptId: number) {
  return t.app.db.prisma.ledgerEntry.findMany({ where: { receiptId }, orderBy: { id: 'asc' } });
}

async function simulate(chargeGatewayId: string, action: string) {
  const response = await t.app.fetch(
    new Request(`${BASE}/sandbox/openpay/v1/${M}/charges/${chargeGatewayId}/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(DEMO_GATEWAY_KEYS.privateKey) },
      body: JSON.stringify({ action }),
    }),
  );
  expect(response.status).toBeLessThan(300);
  await t.app.jobs.runDue();
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
});
afterAll(() => t.close());

const REMOVE = `mutation($input: RemoveReceiptPaymentReferenceInput!) { removeReceiptPaymentReference(input: $input) { __typename ... on Error { message } } }`;
const VERIFY = `mutation($input: VerifyReceiptChargeInput!) { verifyReceiptCharge(input: $input) { __typename ... on MutationVerifyReceiptChargeSuccess { data { charge { status } } } ... on Error { message } } }`;
const sumLedger = async (receiptId: number) => sumMoney((await ledgerOf(receiptId)).map((e) => e.amount)).toFixed(2);

const OPTIONS = `query($id: ID!) { receiptPayOptions(receiptId: $id) { online methods cards { databaseId } } }`;

/**
 * A 3-D Secure card charge (A) left half-way and dropped by the payer, the receipt paid by another card (B),
 * then A authorized at the gateway: A's money arrives after the receipt was paid.
 */
async function lateSuccessSetup() {
  const receiptId = await newReceipt();
  const a = await charge(receiptId, { method: 'CARD', cardToken: await token('4000000000003063'), origin: 'http://localhost:5173' });
  expect(a.data.charge.errorCode).toBe(3005);
  const rm = await t.gql(REMOVE, { input: { receiptId: gid('Receipt', receiptId) } }, { token: owner });
  expect(rm.body.data.removeReceiptPaymentReference.__typename).toBe('MutationRemoveReceiptPaymentReferenceSuccess');
  const b = await charge(receiptId, { method: 'CARD', cardToken: await token('4111111111111111') });
  expect(b.data.charge.status).toBe('COMPLETED');
  const url = new URL(a.data.charge.redirectUrl);
  const authorized = await t.app.fetch(
    new Request(`${BASE}${url.pathname}`, { method: 'POST', body: new URLSearchParams({ decision: 'authorize' }), redirect: 'manual' }),
  );
  expect(authorized.status).toBe(303);
  await t.app.jobs.runDue();
  const aRow = await t.app.db.prisma.charge.findUniqueOrThrow({ where: { id: a.data.charge.chargeId } });
  const bRow = await t.app.db.prisma.charge.findUniqueOrThrow({ where: { id: b.data.charge.chargeId } });
  return { receiptId, a: aRow, b: bRow };
}

describe('money that arrives late', () => {
  it('a store reference paid after the payer removed it and paid by card is credited to the wallet once, whatever is verified later', async () => {
    const receiptId = await newReceipt();
    const store = await charge(receiptId, { method: 'STORE' });
    const storeRow = await t.app.db.prisma.charge.findUniqueOrThrow({ where: { id: store.data.charge.chargeId } });
    const rm = await t.gql(REMOVE, { input: { receiptId: gid('Receipt', receiptId) } }, { token: owner });
    expect(rm.body.data.removeReceiptPaymentReference.__typename).toBe('MutationRemoveReceiptPaymentReferenceSuccess');
    expect((await charge(receiptId, { method: 'CARD', cardToken: await token('4111111111111111') })).data.charge.status).toBe('COMPLETED');
    await simulate(storeRow.gatewayId!, 'pay');
    expect((await t.app.db.prisma.charge.findUniqueOrThrow({ where: { id: storeRow.id } })).status).toBe('CREDITED');
    // The card paid the receipt (net 0); the store money is the house's, in its wallet.
    expect(await sumLedger(receiptId)).toBe('1500.00');
    for (let i = 0; i < 3; i++) await t.gql(VERIFY, { input: { receiptId: gid('Receipt', receiptId), transactionId: storeRow.gatewayId } }, { token: owner });
    expect(await sumLedger(receiptId)).toBe('1500.00');
    expect((await ledgerOf(receiptId)).filter((e) => e.kind === 'DEPOSIT')).toHaveLength(2);
  });

  it('a chargeback of the late charge takes back its wallet credit, and leaves the receipt paid', async () => {
    const { receiptId, a } = await lateSuccessSetup();
    expect(a.status).toBe('CREDITED');
    expect(await sumLedger(receiptId)).toBe('1500.00');
    await simulate(a.gatewayId!, 'chargeback_created');
    await simulate(a.gatewayId!, 'chargeback_accepted');
    expect(await sumLedger(receiptId)).toBe('0.00');
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('PAID');
    expect((await t.app.db.prisma.chargeback.findFirstOrThrow({ where: { chargeId: a.id } })).status).toBe('APPLIED');
  });

  it("a chargeback of the charge that paid the receipt reverses only that charge's movements", async () => {
    const { receiptId, b } = await lateSuccessSetup();
    await simulate(b.gatewayId!, 'chargeback_created');
    await simulate(b.gatewayId!, 'chargeback_accepted');
    expect(await sumLedger(receiptId)).toBe('1500.00');
    expect((await t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id: receiptId } })).status).toBe('CHARGE_BACK');
    const reversals = (await ledgerOf(receiptId)).filter((e) => e.kind === 'REVERSAL');
    expect(reversals.every((e) => e.chargeId === b.id)).toBe(true);
    expect(reversals).toHaveLength(2);
  });
});

describe('whose cards a payment may use', () => {
  it("administrators and residents neither see nor use an owner's saved cards", async () => {
    const first = await newReceipt();
    expect((await charge(first, { method: 'CARD', cardToken: await token('5555555555554444'), persistCard: true })).data.charge.status).toBe('COMPLETED');
    const card = await t.app.db.prisma.card.findFirstOrThrow({ where: { houseId: ownHouseId, deletedAt: null }, orderBy: { id: 'desc' } });
    const receiptId = await newReceipt();
    const ownerOptions = await t.gql(OPTIONS, { id: gid('Receipt', receiptId) }, { token: owner });
    expect(ownerOptions.body.data.receiptPayOptions.cards.map((c: { databaseId: number }) => c.databaseId)).toContain(card.id);
    for (const person of [admin, await t.signIn('residente@demo.mx')]) {
      const options = await t.gql(OPTIONS, { id: gid('Receipt', receiptId) }, { token: person });
      expect(options.body.data?.receiptPayOptions?.cards ?? []).toEqual([]);
      const { body } = await t.gql(
        CHARGE,
        { input: { receiptId: gid('Receipt', receiptId), acceptTos: true, method: 'CARD', cardId: gid('SavedCard', card.id) } },
        { token: person },
      );
      expect(body.errors?.[0]?.extensions?.code ?? body.data.chargeReceipt.__typename).toMatch(/FORBIDDEN|Error/);
      expect(await t.app.db.prisma.charge.count({ where: { receiptId } })).toBe(0);
    }
  });

  it("an administrator's failed attempts do not lock the owner out", async () => {
    const receiptId = await newReceipt();
    for (let i = 0; i < 3; i++) await charge(receiptId, { method: 'CARD', cardToken: await token('4000000000000002') }, admin);
    expect((await charge(receiptId, { method: 'CARD', cardToken: await token('4000000000000002') }, admin)).code).toBe(1018);
    const ownerTry = await charge(receiptId, { method: 'CARD', cardToken: await token('4111111111111111') });
    expect(ownerTry.data.charge.status).toBe('COMPLETED');
  });
});

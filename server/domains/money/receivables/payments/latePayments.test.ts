// Money that arrives late or is taken back, and whose cards a payment may use: the cases an outside review
// of the payments found (a late success credited on every verification, a chargeback of the wrong charge,
// administrators using an owner's saved card).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, type TestApp } from '../../../../../tests/testApp.js';
import { CHARGE, gid, payingCommunity, type PayingCommunity } from '../../../../../tests/payingCommunity.js';

let c: PayingCommunity;
let t: TestApp;
let admin: string;
let owner: string;
let ownHouseId: number;
const token = (number: string, cvv?: string) => c.token(number, cvv);
const newReceipt = (houseId?: number, amount?: string) => c.newReceipt(houseId, amount);
const charge = (receiptId: number, input: Record<string, unknown>, as?: string) => c.charge(receiptId, input, as);
const ledgerOf = (receiptId: number) => c.ledgerOf(receiptId);
const sumLedger = (receiptId: number) => c.sumLedger(receiptId);
const simulate = (gatewayChargeId: string, action: string) => c.simulate(gatewayChargeId, action);

beforeAll(async () => {
  c = await payingCommunity();
  ({ t, admin, owner, ownHouseId } = c);
});
afterAll(() => t.close());

const REMOVE = `mutation($input: RemoveReceiptPaymentReferenceInput!) { removeReceiptPaymentReference(input: $input) { __typename ... on Error { message } } }`;
const VERIFY = `mutation($input: VerifyReceiptChargeInput!) { verifyReceiptCharge(input: $input) { __typename ... on MutationVerifyReceiptChargeSuccess { data { charge { status } } } ... on Error { message } } }`;

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

// What the payments tests share: the demo community's app, its people, pending receipts to pay, card
// tokens made at the sandbox as the browser makes them, charge requests and the sandbox's controls.
import { expect } from 'vitest';
import { BASE, startTestApp, type TestApp } from './testApp.js';
import { sumMoney } from '../core/money.js';
import { DEMO_GATEWAY_KEYS } from '../server/domains/community/neighborhoods/demoSeed.js';

export const MERCHANT = DEMO_GATEWAY_KEYS.accountId;
export const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
export const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

export const CHARGE = `mutation($input: ChargeReceiptInput!) { chargeReceipt(input: $input) { __typename
  ... on MutationChargeReceiptSuccess { data { message charge { chargeId status method amount fee total reference redirectUrl errorCode failedAttempts instructions { type reference clabe bank } } } }
  ... on Error { code message } } }`;

export interface PayingCommunity {
  t: TestApp;
  admin: string;
  owner: string;
  olivosId: number;
  ownHouseId: number;
  otherHouseId: number;
  /** Tokenizes a card at the sandbox as the browser does (public key). */
  token(number: string, cvv?: string): Promise<string>;
  /** A fresh pending receipt of the house (an extraordinary fee due later). */
  newReceipt(houseId?: number, amount?: string): Promise<number>;
  /** chargeReceipt's typed answer (GraphQL errors throw). */
  charge(receiptId: number, input: Record<string, unknown>, token?: string): Promise<any>;
  ledgerOf(receiptId: number): ReturnType<TestApp['app']['db']['prisma']['ledgerEntry']['findMany']>;
  sumLedger(receiptId: number): Promise<string>;
  /** A sandbox control (pay, fail, chargeback_*) on a gateway charge, then the jobs that deliver its webhooks. */
  simulate(gatewayChargeId: string, action: string): Promise<void>;
  /** The same control at the gateway alone: its webhooks stay queued (delivered only by a runner or runDue). */
  control(gatewayChargeId: string, action: string): Promise<void>;
}

export async function payingCommunity(env: Record<string, string> = {}): Promise<PayingCommunity> {
  const t = await startTestApp(env);
  const prisma = t.app.db.prisma;
  const olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  const admin = await t.signIn('admin@demo.mx');
  const owner = await t.signIn('propietario@demo.mx');
  const ownHouseId = (
    await prisma.membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } })
  ).houseId!;
  const otherHouseId = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } } })).id;
  const ledgerOf = (receiptId: number) => prisma.ledgerEntry.findMany({ where: { receiptId }, orderBy: { id: 'asc' } });

  const control = async (gatewayChargeId: string, action: string) => {
    const response = await t.app.fetch(
      new Request(`${BASE}/sandbox/openpay/v1/${MERCHANT}/charges/${gatewayChargeId}/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basic(DEMO_GATEWAY_KEYS.privateKey) },
        body: JSON.stringify({ action }),
      }),
    );
    expect(response.status).toBeLessThan(300);
  };

  return {
    t,
    admin,
    owner,
    olivosId,
    ownHouseId,
    otherHouseId,
    async token(number, cvv = '123') {
      const response = await t.app.fetch(
        new Request(`${BASE}/sandbox/openpay/v1/${MERCHANT}/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: basic(DEMO_GATEWAY_KEYS.publicKey) },
          body: JSON.stringify({ card_number: number, holder_name: 'Patricia Ruiz', expiration_year: '30', expiration_month: '12', cvv2: cvv }),
        }),
      );
      const body = (await response.json()) as { id: string };
      expect(response.status).toBe(200);
      return body.id;
    },
    async newReceipt(houseId = ownHouseId, amount = '1500.00') {
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
    },
    async charge(receiptId, input, token = owner) {
      const { body } = await t.gql(CHARGE, { input: { receiptId: gid('Receipt', receiptId), acceptTos: true, ...input } }, { token });
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data.chargeReceipt;
    },
    ledgerOf,
    async sumLedger(receiptId) {
      return sumMoney((await ledgerOf(receiptId)).map((e) => e.amount)).toFixed(2);
    },
    control,
    async simulate(gatewayChargeId, action) {
      await control(gatewayChargeId, action);
      await t.app.jobs.runDue();
    },
  };
}

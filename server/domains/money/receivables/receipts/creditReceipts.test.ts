// The credit receipts and chargebacks lists through the legacy routes, on a real database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let houseId: number;
const made: number[] = [];

async function receipt(data: Record<string, unknown>, neighborhoodId = olivosId, house = houseId) {
  const prisma = t.app.db.prisma;
  const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId, deletedAt: null } });
  const r = await prisma.receipt.create({
    data: {
      neighborhoodId,
      houseId: house,
      incomeConceptId: concept.id,
      walletId: concept.walletId,
      description: 'Crédito',
      year: 2036,
      month: 1,
      dueDate: new Date('2036-01-31'),
      sourceAmount: '100.00',
      amount: '100.00',
      ...data,
    },
  });
  return r.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  houseId = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE' } })).id;
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  made.push(await receipt({ creditsWallet: true }));
  made.push(await receipt({ status: 'PAID', paymentMethod: 'CREDIT', transactionTotal: '100.00' }));
  made.push(await receipt({ creditsWallet: true, status: 'PAID', paymentMethod: 'WALLET' }));
  await receipt({ status: 'PAID', paymentMethod: 'DEBIT' });
  const torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
  const torreHouse = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
  const foreign = await receipt({ creditsWallet: true, status: 'CHARGE_BACK' }, torre.id, torreHouse.id);
  await prisma.chargeback.create({
    data: { neighborhoodId: torre.id, houseId: torreHouse.id, receiptId: foreign, chargeId: randomUUID(), gatewayId: 'cb-ajeno', amount: '100.00' },
  });
  for (const [i, status] of (['CREATED', 'APPLIED'] as const).entries()) {
    await prisma.chargeback.create({
      data: { neighborhoodId: olivosId, houseId, receiptId: made[1], chargeId: randomUUID(), gatewayId: `cb-${i}`, amount: '100.00', status },
    });
  }
});
afterAll(() => t.close());

describe('/credit-receipts', () => {
  it('lists receipts paid with a credit card or created as credits, newest first, with filters and pages', async () => {
    const all = await t.rest('GET', `/neighborhoods/${olivosId}/credit-receipts`, undefined, { token: admin });
    expect(all.status).toBe(200);
    const ids = all.body.content.map((r: any) => r.id);
    expect(ids.slice(0, 3)).toEqual([...made].reverse());
    expect(all.body.content.every((r: any) => r.credits_wallet || r.receipt_payment_method === 'CREDIT')).toBe(true);
    const credit = await t.rest('GET', `/neighborhoods/${olivosId}/credit-receipts?payment_method=credit`, undefined, { token: admin });
    expect(credit.body.content.map((r: any) => r.id)).toEqual([made[1]]);
    const paid = await t.rest('GET', `/neighborhoods/${olivosId}/credit-receipts?payment_status=PAID&page_size=1&offset=1`, undefined, { token: admin });
    expect(paid.body.total).toBeGreaterThanOrEqual(2);
    expect(paid.body.content).toHaveLength(1);
    expect((await t.rest('GET', `/neighborhoods/${olivosId}/credit-receipts?payment_status=NOPE`, undefined, { token: admin })).status).toBe(400);
    expect((await t.rest('GET', `/neighborhoods/${olivosId}/credit-receipts`, undefined, { token: owner })).status).toBe(403);
  });
});

describe('/chargebacks', () => {
  it("lists the community's chargebacks with their receipt and house, newest first; never another community's", async () => {
    const list = await t.rest('GET', `/neighborhoods/${olivosId}/chargebacks`, undefined, { token: admin });
    expect(list.body.total).toBe(2);
    expect(list.body.content.map((c: any) => [c.gateway_id, c.status])).toEqual([
      ['cb-1', 'APPLIED'],
      ['cb-0', 'CREATED'],
    ]);
    expect(list.body.content[0]).toMatchObject({ id_receipt: made[1], id_house: houseId, amount: '100.00', receipt: { id: made[1] } });
    const created = await t.rest('GET', `/neighborhoods/${olivosId}/chargebacks?status=created`, undefined, { token: admin });
    expect(created.body.content.map((c: any) => c.gateway_id)).toEqual(['cb-0']);
    expect((await t.rest('GET', `/neighborhoods/${olivosId}/chargebacks`, undefined, { token: owner })).status).toBe(403);
  });
});

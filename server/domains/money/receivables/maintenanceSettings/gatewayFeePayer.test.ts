// Who pays the online-payment gateway fee: a maintenance setting (GraphQL and the legacy REST shape) that the
// pay options and the charges honour, through the real handlers, the sandbox gateway and a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gid, payingCommunity, type PayingCommunity } from '../../../../../tests/payingCommunity.js';

let c: PayingCommunity;

beforeAll(async () => {
  c = await payingCommunity();
});
afterAll(() => c.t.close());

const PATH = () => `/neighborhoods/${c.olivosId}/settings/maintenance`;

/** Saves the settings as read, with only who pays the fee changed (the legacy PUT answers the saved shape). */
async function setPayerPays(value: boolean | undefined) {
  const read = await c.t.rest('GET', PATH(), undefined, { token: c.admin });
  expect(read.status).toBe(200);
  const { gateway_fee_paid_by_payer: _flag, ...rest } = read.body;
  const saved = await c.t.rest('PUT', PATH(), value === undefined ? rest : { ...rest, gateway_fee_paid_by_payer: value }, { token: c.admin });
  expect(saved.status).toBe(200);
  return saved.body;
}

const OPTIONS = `query($id: ID!) { receiptPayOptions(receiptId: $id) { amount feePaidByPayer fees { method fee total deposit } } }`;

describe('who pays the gateway fee', () => {
  it('is read and saved through GraphQL, and absent from an update leaves it unchanged', async () => {
    const read = await c.t.gql(`{ maintenanceSettings { gatewayFeePaidByPayer } }`, {}, { token: c.admin });
    expect(read.body.data.maintenanceSettings.gatewayFeePaidByPayer).toBe(true);
    // An owner does not read the maintenance settings.
    const denied = await c.t.gql(`{ maintenanceSettings { gatewayFeePaidByPayer } }`, {}, { token: c.owner });
    expect(denied.body.data?.maintenanceSettings ?? null).toBeNull();
    expect(denied.body.errors?.length).toBeGreaterThan(0);

    expect((await setPayerPays(false)).gateway_fee_paid_by_payer).toBe(false);
    expect((await c.t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: c.olivosId } })).gatewayFeePaidByPayer).toBe(false);
    // A legacy client that does not send the field keeps what is stored.
    expect((await setPayerPays(undefined)).gateway_fee_paid_by_payer).toBe(false);
    expect((await setPayerPays(true)).gateway_fee_paid_by_payer).toBe(true);
  });

  it('the community pays: the fee is deducted from the deposit and the payer pays the amount (GraphQL and REST)', async () => {
    await setPayerPays(false);
    const receiptId = await c.newReceipt();
    const { body } = await c.t.gql(OPTIONS, { id: gid('Receipt', receiptId) }, { token: c.owner });
    const options = body.data.receiptPayOptions;
    expect(options.feePaidByPayer).toBe(false);
    const store = options.fees.find((f: any) => f.method === 'STORE');
    expect(store).toEqual({ method: 'STORE', fee: '46.00', total: '1500.00', deposit: '1454.00' });
    const legacy = await c.t.rest('GET', `/neighborhoods/${c.olivosId}/houses/${c.ownHouseId}/receipts/${receiptId}`, undefined, { token: c.owner });
    expect(legacy.status).toBe(200);
    expect(legacy.body.fee_paid_by_payer).toBe(false);
    expect(legacy.body.fees.find((f: any) => f.method === 'STORE')).toEqual(store);
    const charged = await c.charge(receiptId, { method: 'STORE' });
    expect(charged.data.charge).toMatchObject({ status: 'IN_PROGRESS', amount: '1500.00', fee: '46.00', total: '1500.00' });
    const row = await c.t.app.db.prisma.charge.findFirstOrThrow({ where: { receiptId }, orderBy: { id: 'desc' } });
    expect(row.feePaidByPayer).toBe(false);
  });

  it('the payer pays: the fee is added to the total and the deposit is the amount', async () => {
    await setPayerPays(true);
    const receiptId = await c.newReceipt();
    const { body } = await c.t.gql(OPTIONS, { id: gid('Receipt', receiptId) }, { token: c.owner });
    expect(body.data.receiptPayOptions.feePaidByPayer).toBe(true);
    expect(body.data.receiptPayOptions.fees.find((f: any) => f.method === 'STORE')).toEqual({
      method: 'STORE',
      fee: '46.00',
      total: '1546.00',
      deposit: '1500.00',
    });
    const charged = await c.charge(receiptId, { method: 'STORE' });
    expect(charged.data.charge).toMatchObject({ amount: '1500.00', fee: '46.00', total: '1546.00' });
    const row = await c.t.app.db.prisma.charge.findFirstOrThrow({ where: { receiptId }, orderBy: { id: 'desc' } });
    expect(row.feePaidByPayer).toBe(true);
  });
});

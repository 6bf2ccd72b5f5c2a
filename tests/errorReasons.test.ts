// Refusals carry their catalogue reason (server/kernel/reasons.ts) through the real handlers: GraphQL's
// typed errors have a reason field and GraphQL errors extensions.reason beside extensions.code, while the
// legacy REST envelope stays byte for byte what it was ({"code","description"}, docs/decisions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testApp.js';
import { RECEIPT_ALREADY_PAID } from '../core/receipts.js';
import { message } from '../server/kernel/reasons.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
let paid: { id: number; houseId: number };
let otherHouseId: number;

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

const PAY_WITH_WALLET = `mutation($input: PayReceiptWithWalletInput!) {
  payReceiptWithWallet(input: $input) { __typename ... on Error { code reason message } }
}`;

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  const receipt = await prisma.receipt.findFirstOrThrow({
    where: { status: 'PAID', deletedAt: null, house: { neighborhoodId: olivosId } },
    orderBy: { id: 'asc' },
    select: { id: true, houseId: true },
  });
  paid = { id: receipt.id, houseId: receipt.houseId };
  const ownHouseId = (await prisma.membership.findFirstOrThrow({ where: { neighborhoodId: olivosId, user: { email: 'propietario@demo.mx' } } })).houseId!;
  otherHouseId = (
    await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } }, orderBy: { id: 'asc' } })
  ).id;
}, 120_000);
afterAll(() => t.close());

describe('a receipt paid before', () => {
  it('GraphQL: the typed error has the spec code 2079 and the reason RECEIPT_ALREADY_PAID', async () => {
    const { status, body } = await t.gql(PAY_WITH_WALLET, { input: { receiptId: gid('Receipt', paid.id) } }, { token: admin });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.payReceiptWithWallet).toEqual({
      __typename: 'ConflictError',
      code: 2079,
      reason: 'RECEIPT_ALREADY_PAID',
      message: RECEIPT_ALREADY_PAID,
    });
  });

  it('REST: the legacy envelope is unchanged, byte for byte, with no reason in it', async () => {
    const path = `/neighborhoods/${olivosId}/houses/${paid.houseId}/receipts/${paid.id}/wallet`;
    const { status, response } = await t.rest('PUT', path, undefined, { token: admin });
    expect(status).toBe(409);
    expect(await response.text()).toBe(JSON.stringify({ code: 2079, description: RECEIPT_ALREADY_PAID }));
  });
});

describe('a refusal answered as a GraphQL error', () => {
  it('GraphQL: extensions.reason beside extensions.code; REST: the same refusal in the unchanged envelope', async () => {
    const query = `query($houseId: ID) { houseReceipts(houseId: $houseId, first: 1) { totalCount } }`;
    const { body } = await t.gql(query, { houseId: gid('House', otherHouseId) }, { token: owner });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({
      message: message('FOREIGN_RECEIPT'),
      extensions: { code: 'FORBIDDEN', reason: 'FOREIGN_RECEIPT', legacyCode: 403 },
    });

    const { status, response } = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${otherHouseId}/receipts`, undefined, { token: owner });
    expect(status).toBe(403);
    expect(await response.text()).toBe(JSON.stringify({ code: 403, description: message('FOREIGN_RECEIPT') }));
  });

  it('generic refusals have generic reasons: no session is UNAUTHENTICATED', async () => {
    const { body } = await t.gql(`query($houseId: ID) { houseReceipts(houseId: $houseId, first: 1) { totalCount } }`, { houseId: null });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'UNAUTHENTICATED', legacyCode: 401 });
  });
});

// The credit rule (docs/decisions.md «The credit rule»): a balance in favour pays a receipt of its wallet in
// full when the receipt is issued, and when the daily job would penalise it after its deadline; a smaller
// credit stays in the wallet and the receipt takes its course.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let olivosId: number;
let ordinary: number;
let houses: number[];
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

async function mutate(name: string, input: object, select = '') {
  const { body } = await t.gql(
    `mutation($input: ${name[0].toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { __typename ... on Error { message } ${select} } }`,
    { input },
    { token: admin },
  );
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  expect(body.data[name].__typename, JSON.stringify(body.data[name])).toMatch(/Success$/);
  return body.data[name];
}

const balance = async (houseId: number) =>
  money((await t.app.db.prisma.ledgerEntry.aggregate({ where: { houseId, walletId: ordinary }, _sum: { amount: true } }))._sum.amount?.toFixed(2) ?? '0');

/** Brings the house's ordinary balance to exactly `amount` in its favour (an administrator's adjustment). */
async function creditOf(houseId: number, amount: string) {
  const delta = money(amount).minus(await balance(houseId));
  if (!delta.isZero())
    await mutate('adjustHouseBalance', { houseId: gid('House', houseId), walletId: ordinary, amount: delta.toFixed(2), reason: 'Pago anticipado' });
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  admin = await t.signIn('admin@demo.mx');
  ordinary = (await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' } })).id;
  const avenue = await prisma.house.findMany({
    where: { neighborhoodId: olivosId, status: 'ACTIVE', houseType: { amount: 950 } },
    orderBy: { id: 'desc' },
    take: 4,
  });
  houses = avenue.map((h) => h.id);
});
afterAll(() => t.close());

describe('the credit rule', () => {
  it('pays a fee at issue when the credit covers it; a smaller credit waits in the wallet', async () => {
    const prisma = t.app.db.prisma;
    const [covered, short] = houses;
    await creditOf(covered, '1200.00');
    await creditOf(short, '300.00');
    const created = await mutate(
      'createOrdinaryMaintenance',
      { year: 2033, month: 3 },
      '... on MutationCreateOrdinaryMaintenanceSuccess { data { maintenance { id } } }',
    );
    await mutate('generateMaintenance', { id: created.data.maintenance.id });
    const receiptOf = (houseId: number) => prisma.receipt.findFirstOrThrow({ where: { houseId, year: 2033, month: 3, maintenanceId: { not: null } } });
    const paid = await receiptOf(covered);
    expect(paid).toMatchObject({ status: 'PAID', paymentMethod: 'WALLET' });
    expect((await balance(covered)).toFixed(2)).toBe(money('1200.00').minus(paid.amount.toFixed(2)).toFixed(2));
    const waiting = await receiptOf(short);
    expect(waiting.status).toBe('NEW');
    expect((await balance(short)).toFixed(2)).toBe('300.00');
  });

  it('pays on its deadline, without the penalty, a receipt the credit covers; penalises the one it does not', async () => {
    const prisma = t.app.db.prisma;
    const [, , covered, short] = houses;
    const today = todayIn('America/Mexico_City');
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000);
    const open = (houseId: number) =>
      prisma.receipt.findFirstOrThrow({ where: { houseId, status: 'NEW', hasPenalty: true, deletedAt: null, year: 2033 }, orderBy: { id: 'asc' } });
    const late = [await open(covered), await open(short)];
    for (const r of late) await prisma.receipt.update({ where: { id: r.id }, data: { deadlineDate: yesterday, discountEndDate: null, hasDiscount: false } });
    await creditOf(covered, late[0].sourceAmount.toFixed(2));
    await creditOf(short, money(late[1].sourceAmount.toFixed(2)).minus(1).toFixed(2));
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const paid = await prisma.receipt.findUniqueOrThrow({ where: { id: late[0].id } });
    expect(paid).toMatchObject({ status: 'PAID', paymentMethod: 'WALLET', penaltyAmount: null });
    expect(paid.realPaymentDate?.toISOString().slice(0, 10)).toBe(yesterday.toISOString().slice(0, 10));
    expect((await balance(covered)).toFixed(2)).toBe('0.00');
    const penalised = await prisma.receipt.findUniqueOrThrow({ where: { id: late[1].id } });
    expect(penalised.status).toBe('PENALTY');
    expect(penalised.penaltyAmount).not.toBeNull();
  });
});

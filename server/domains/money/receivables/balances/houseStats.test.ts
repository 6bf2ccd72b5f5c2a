// A house's statistics through the real GraphQL and REST handlers: the figures agree with the receipts and
// the wallets, a captured payment moves them, and the house scope holds (owners their own house only,
// another community's house does not exist, roles without the grants are refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import { todayIn } from '../../../../../core/receipts.js';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { FOREIGN_HOUSE } from './service.js';

let t: TestApp;
let admin: string;
let owner: string;
let resident: string;
let olivosId: number;
let torreId: number;
let ownHouseId: number;
let otherHouseId: number;
let torreHouseId: number;
let clabeAccountId: number;
let today: string;

const olivos = (path: string) => `/neighborhoods/${olivosId}${path}`;

const STATS = `houseDatabaseId asOf pendingReceipts pendingAmount overdueReceipts overdueAmount oldestOverdueDueDate paidReceipts
  paidAmount paidOnTime lastPaymentDate walletsTotal position monthlyPayments { month amount payments }`;

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  resident = await t.signIn('residente@demo.mx');
  const olivosRow = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  olivosId = olivosRow.id;
  today = todayIn(olivosRow.timeZone);
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  ownHouseId = (await prisma.membership.findFirstOrThrow({ where: { neighborhoodId: olivosId, user: { email: 'propietario@demo.mx' } } })).houseId!;
  otherHouseId = (
    await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } }, orderBy: { id: 'asc' } })
  ).id;
  torreHouseId = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: torreId } })).id;
  clabeAccountId = (await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivosId, accountType: 'CLABE' } })).id;
}, 120_000);
afterAll(() => t.close());

describe('GET …/houses/{h}/stats and houseStats', () => {
  it("answers the house's figures as its receipts and wallets give them", async () => {
    const res = await t.rest('GET', olivos(`/houses/${ownHouseId}/stats`), undefined, { token: admin });
    expect(res.status).toBe(200);
    const s = res.body;
    const receipts = await t.app.db.prisma.receipt.findMany({ where: { houseId: ownHouseId, deletedAt: null } });
    const pending = receipts.filter((r) => r.status !== 'PAID' && !r.creditsWallet);
    const overdue = pending.filter((r) => r.dueDate.toISOString().slice(0, 10) < today);
    const paid = receipts.filter((r) => r.status === 'PAID');
    expect(s).toMatchObject({
      id_house: ownHouseId,
      as_of: today,
      pending_receipts: pending.length,
      pending_amount: formatMoney(sumMoney(pending.map((r) => r.amount.toString()))),
      overdue_receipts: overdue.length,
      overdue_amount: formatMoney(sumMoney(overdue.map((r) => r.amount.toString()))),
      paid_receipts: paid.length,
      paid_amount: formatMoney(sumMoney(paid.map((r) => r.amount.toString()))),
    });
    expect(s.paid_on_time).toBeLessThanOrEqual(s.paid_receipts);
    expect(s.monthly_payments).toHaveLength(12);
    expect(s.monthly_payments.at(-1).month).toBe(today.slice(0, 7));
    // The wallets are the balance route's; the position is the wallets minus the pending debt.
    const balance = await t.rest('GET', olivos(`/houses/${ownHouseId}/balance`), undefined, { token: admin });
    const wallets = sumMoney(balance.body.balances.map((b: { balance: string }) => b.balance));
    expect(s.wallets_total).toBe(formatMoney(wallets));
    expect(s.position).toBe(formatMoney(wallets.minus(money(s.pending_amount))));
    expect(balance.body.pending_receipts).toBe(s.pending_amount);

    const months = await t.rest('GET', olivos(`/houses/${ownHouseId}/stats?months=3`), undefined, { token: admin });
    expect(months.body.monthly_payments).toHaveLength(3);
    const tooMany = await t.rest('GET', olivos(`/houses/${ownHouseId}/stats?months=40`), undefined, { token: admin });
    expect(tooMany.status).toBe(400);
  });

  it('moves with a captured payment: one receipt less pending, one more paid today, the money in this month', async () => {
    const before = (await t.rest('GET', olivos(`/houses/${otherHouseId}/stats`), undefined, { token: admin })).body;
    const receipt = await t.app.db.prisma.receipt.findFirst({
      where: { houseId: otherHouseId, deletedAt: null, creditsWallet: false, status: { in: ['NEW', 'SENT', 'PENALTY'] } },
      orderBy: { dueDate: 'asc' },
    });
    expect(receipt).not.toBeNull();
    const captured = await t.rest(
      'POST',
      olivos(`/houses/${otherHouseId}/payments`),
      { items: [receipt!.id], id_income_account: clabeAccountId, payment_date: today },
      { token: admin },
    );
    expect(captured.status).toBe(201);
    const after = (await t.rest('GET', olivos(`/houses/${otherHouseId}/stats`), undefined, { token: admin })).body;
    expect(after.pending_receipts).toBe(before.pending_receipts - 1);
    expect(after.paid_receipts).toBe(before.paid_receipts + 1);
    expect(after.last_payment_date).toBe(today);
    expect(after.paid_amount).toBe(formatMoney(money(before.paid_amount).plus(captured.body.total)));
    const month = (list: { month: string; amount: string; payments: number }[]) => list.find((m) => m.month === today.slice(0, 7))!;
    expect(month(after.monthly_payments).payments).toBe(month(before.monthly_payments).payments + 1);
    expect(month(after.monthly_payments).amount).toBe(formatMoney(money(month(before.monthly_payments).amount).plus(captured.body.total)));
  });

  it('lets an owner read its own house (also without houseId in GraphQL) and nothing else', async () => {
    const own = await t.rest('GET', olivos(`/houses/${ownHouseId}/stats`), undefined, { token: owner });
    expect(own.status).toBe(200);
    expect(own.body.id_house).toBe(ownHouseId);
    const gql = await t.gql(`{ houseStats { ${STATS} } }`, {}, { token: owner });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.houseStats.houseDatabaseId).toBe(ownHouseId);
    expect(gql.body.data.houseStats.pendingAmount).toBe(own.body.pending_amount);

    const other = await t.rest('GET', olivos(`/houses/${otherHouseId}/stats`), undefined, { token: owner });
    expect(other.status).toBe(403);
    expect(other.body.description).toBe(FOREIGN_HOUSE);
    const otherGql = await t.gql(
      `query($h: ID) { houseStats(houseId: $h) { houseDatabaseId } }`,
      { h: encodeGlobalID('House', otherHouseId) },
      { token: owner },
    );
    expect(otherGql.body.data?.houseStats ?? null).toBeNull();
    expect(otherGql.body.errors[0].message).toBe(FOREIGN_HOUSE);
  });

  it("answers the house page's query (/houses/{houseId}) to an administrator and to the owner for its own house only", async () => {
    const page = `query($h: ID!) {
      house: node(id: $h) { ... on House { id databaseId label status owner { firstName email } users { userDatabaseId roleName } balance { pendingReceipts wallets { type balance } } } }
      houseStats(houseId: $h) { pendingAmount paidReceipts monthlyPayments { month amount } }
      pending: houseReceipts(houseId: $h, first: 5, filter: { group: PENDING }) { totalCount edges { node { databaseId status } } }
      payments: houseReceipts(houseId: $h, first: 20, offset: 0, filter: { group: COMPLETED }) { totalCount edges { node { databaseId status paymentDay } } }
    }`;
    const h = encodeGlobalID('House', ownHouseId);
    for (const token of [admin, owner]) {
      const res = await t.gql(page, { h }, { token });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.house.databaseId).toBe(ownHouseId);
      expect(res.body.data.house.users.length).toBeGreaterThan(0);
      expect(res.body.data.pending.edges.every((e: any) => e.node.status !== 'PAID')).toBe(true);
      expect(res.body.data.payments.edges.every((e: any) => e.node.status === 'PAID')).toBe(true);
    }
    const other = await t.gql(page, { h: encodeGlobalID('House', otherHouseId) }, { token: owner });
    expect(other.body.errors.length).toBeGreaterThan(0);
    expect(other.body.data?.house ?? null).toBeNull();
  });

  it("does not find another community's house, and refuses roles without the grants", async () => {
    const foreign = await t.rest('GET', olivos(`/houses/${torreHouseId}/stats`), undefined, { token: admin });
    expect(foreign.status).toBe(404);
    const foreignGql = await t.gql(
      `query($h: ID) { houseStats(houseId: $h) { houseDatabaseId } }`,
      { h: encodeGlobalID('House', torreHouseId) },
      { token: admin },
    );
    expect(foreignGql.body.errors).toHaveLength(1);
    expect(foreignGql.body.data?.houseStats ?? null).toBeNull();

    const refused = await t.rest('GET', olivos(`/houses/${ownHouseId}/stats`), undefined, { token: resident });
    expect(refused.status).toBe(403);
    const refusedGql = await t.gql(`{ houseStats { houseDatabaseId } }`, {}, { token: resident });
    expect(refusedGql.body.errors).toHaveLength(1);

    const anonymous = await t.rest('GET', olivos(`/houses/${ownHouseId}/stats`));
    expect(anonymous.status).toBe(401);
  });
});

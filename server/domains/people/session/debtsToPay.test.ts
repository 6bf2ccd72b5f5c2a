// An OWNER session of a community with required_total_amount_debts tells the client its overdue debts (the
// client then opens the house's receipts to pay them): through the real GraphQL handler on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { todayIn } from '../../../../core/receipts.js';

let t: TestApp;
let owner: string;
let admin: string;
let neighborhoodId: number;
let houseId: number;

const SESSION = `{ session { neighborhood { requiredTotalAmountDebts } house { databaseId } debtsToPay { receipts amount oldestDueDate } } }`;
const read = async (token: string) => (await t.gql(SESSION, {}, { token })).body.data.session;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.signIn('propietario@demo.mx');
  admin = await t.signIn('admin@demo.mx');
  const s = await read(owner);
  houseId = s.house.databaseId;
  neighborhoodId = (await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: houseId } })).neighborhoodId;
});
afterAll(() => t.close());

async function setRequired(value: boolean) {
  await t.app.db.prisma.neighborhood.update({ where: { id: neighborhoodId }, data: { requiredTotalAmountDebts: value } });
}

/** What the rule counts, read straight from the table. */
async function expected() {
  const { timeZone } = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId } });
  const rows = await t.app.db.prisma.receipt.findMany({
    where: {
      houseId,
      deletedAt: null,
      status: { not: 'PAID' },
      creditsWallet: false,
      amount: { gt: 0 },
      dueDate: { lt: new Date(`${todayIn(timeZone)}T00:00:00Z`) },
    },
    orderBy: { dueDate: 'asc' },
  });
  return rows;
}

describe('debts an owner must pay first', () => {
  it('is null while the community does not require it, and for an administrator', async () => {
    await setRequired(false);
    expect((await read(owner)).debtsToPay).toBeNull();
    await setRequired(true);
    expect((await read(admin)).debtsToPay).toBeNull();
  });

  it('counts the house’s overdue unpaid receipts: due before today, not paid, not deleted', async () => {
    await setRequired(true);
    const { timeZone } = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId } });
    const template = await t.app.db.prisma.receipt.findFirstOrThrow({ where: { houseId, deletedAt: null } });
    const make = (data: { description: string; dueDate: Date; amount: string; status: 'NEW' | 'PAID'; deletedAt?: Date }) =>
      t.app.db.prisma.receipt.create({
        data: {
          neighborhoodId,
          houseId,
          incomeConceptId: template.incomeConceptId,
          walletId: template.walletId,
          year: data.dueDate.getUTCFullYear(),
          month: data.dueDate.getUTCMonth() + 1,
          sourceAmount: data.amount,
          ...data,
        },
      });
    // One overdue and unpaid, one paid, one deleted, one not due yet: only the first counts.
    const today = todayIn(timeZone);
    const past = new Date(`${today}T00:00:00Z`);
    past.setUTCDate(past.getUTCDate() - 40);
    const future = new Date(`${today}T00:00:00Z`);
    future.setUTCDate(future.getUTCDate() + 5);
    await make({ description: 'Adeudo vencido', dueDate: past, amount: '321.50', status: 'NEW' });
    await make({ description: 'Pagado', dueDate: past, amount: '100.00', status: 'PAID' });
    await make({ description: 'Borrado', dueDate: past, amount: '100.00', status: 'NEW', deletedAt: new Date() });
    await make({ description: 'Por vencer', dueDate: future, amount: '100.00', status: 'NEW' });

    const rows = await expected();
    expect(rows.some((r) => r.description === 'Adeudo vencido')).toBe(true);
    expect(rows.some((r) => ['Pagado', 'Borrado', 'Por vencer'].includes(r.description ?? ''))).toBe(false);
    const session = await read(owner);
    expect(session.neighborhood.requiredTotalAmountDebts).toBe(true);
    const total = rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    expect(session.debtsToPay).toEqual({
      receipts: rows.length,
      amount: (total / 100).toFixed(2),
      oldestDueDate: rows[0]!.dueDate.toISOString().slice(0, 10),
    });
    // Switched off again: the owner lands where it always did.
    await setRequired(false);
    expect((await read(owner)).debtsToPay).toBeNull();
  });
});

// The demo's providers and year of expenses: every status, groups, a withdrawal, and a ledger that matches the expenses.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPENSE_STATUSES } from '../../../../../core/expenses.js';
import { clabe as validateClabe } from '../../../../../core/validators.js';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('Los Olivos has providers and a year of expenses in every status, grouped, withdrawn and in the ledger', async () => {
  const prisma = t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  const providers = await prisma.provider.findMany({ where: { neighborhoodId: olivos.id } });
  expect(providers.length).toBeGreaterThanOrEqual(8);
  for (const p of providers) if (p.clabe) expect(validateClabe(p.clabe)).toBeNull();
  const byStatus = await prisma.expense.groupBy({ by: ['status'], where: { neighborhoodId: olivos.id }, _count: true });
  expect(byStatus.map((s) => s.status).sort()).toEqual([...EXPENSE_STATUSES].sort());
  expect(await prisma.expense.count({ where: { neighborhoodId: olivos.id, groupId: { not: null } } })).toBeGreaterThan(5);
  // The withdrawals from the gateway that funded the payments, each of the expenses it names.
  const withdrawals = await prisma.withdrawal.findMany({ where: { neighborhoodId: olivos.id, status: 'SUCCESSFUL' }, include: { items: true } });
  expect(withdrawals.length).toBeGreaterThan(3);
  for (const w of withdrawals) {
    expect(w.items.length).toBeGreaterThan(0);
    expect(w.items.reduce((sum, i) => sum.plus(i.amount), w.amount.minus(w.amount)).toFixed(2)).toBe(w.amount.toFixed(2));
  }
  // Every paid expense has its EXPENSE_PAID entry of −total; every cashed one nets to zero in transit.
  const paid = await prisma.expense.findMany({ where: { neighborhoodId: olivos.id, status: { in: ['PAID', 'CHARGED'] } }, include: { communityLedger: true } });
  for (const e of paid) {
    const entries = e.communityLedger;
    expect(entries.find((x) => x.kind === 'EXPENSE_PAID')?.amount.toFixed(2)).toBe(e.total.negated().toFixed(2));
    expect(entries.length).toBe(e.status === 'CHARGED' ? 3 : 1);
  }
});

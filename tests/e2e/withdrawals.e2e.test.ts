// Withdrawals in the browser (spec 2 Withdrawal): an administrator opens the builder from the expense
// list, chooses two available expenses and the CLABE account, sees the fee and the total change as they
// choose, creates the withdrawal and reads 'El retiro está en progreso'; the withdrawals list shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
const ids: number[] = [];

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  const adminId = (await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  const provider = await prisma.provider.create({ data: { neighborhoodId: olivos.id, name: 'Podas y Jardines del Centro', paymentMethod: 'TRANSFER' } });
  for (const [folio, total] of [
    [7701, '1500.50'],
    [7702, '2000.25'],
  ] as const) {
    const e = await prisma.expense.create({
      data: {
        neighborhoodId: olivos.id,
        status: 'APPROVED',
        providerId: provider.id,
        description: `Mantenimiento de jardines ${folio}`,
        operationDate: new Date(`2000-01-0${folio - 7700}T00:00:00Z`),
        serie: 'RT',
        folio,
        subtotal: total,
        total,
        createdByUserId: adminId,
      },
    });
    ids.push(e.id);
  }
}, 120_000);
afterAll(() => env?.close());

describe('withdrawals in the browser', () => {
  it('an administrator builds a withdrawal of two expenses to the CLABE account and sees it in progress', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/expenses`);
    await page.getByRole('button', { name: 'Crear retiro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear retiro' });
    await dialog.getByText('RT-7701').waitFor();
    await dialog.getByRole('combobox', { name: 'Cuenta destino' }).click();
    await page.getByRole('option', { name: /Cuenta de cobranza BBVA/ }).click();
    await dialog.getByRole('checkbox', { name: 'Elegir el egreso RT-7701' }).check();
    const figures = dialog.getByTestId('withdrawal-figures');
    await figures.getByText('$1,500.50').waitFor();
    await dialog.getByRole('checkbox', { name: 'Elegir el egreso RT-7702' }).check();
    await figures.getByText('2 egresos elegidos').waitFor();
    await figures.getByText('$3,500.75').waitFor();
    await figures.getByText('$9.28').waitFor();
    await figures.getByText('$3,510.03').waitFor();
    await dialog.getByText('Monto máximo por retiro: $250,000.00').waitFor();
    await screenshot(page, 'withdrawals-builder');
    await dialog.getByRole('button', { name: 'Crear retiro' }).click();
    await page.getByText('El retiro está en progreso').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const withdrawal = await env.t.app.db.prisma.withdrawal.findFirstOrThrow({ where: { items: { some: { expenseId: ids[0] } } }, include: { items: true } });
    expect(withdrawal.items.map((i) => i.expenseId).sort()).toEqual([...ids].sort());
    expect(withdrawal.total.toFixed(2)).toBe('3510.03');

    await page.goto(`${env.base}/expenses/withdrawals`);
    await page.getByRole('cell', { name: '$3,510.03' }).waitFor();
    await page.getByText('En progreso').first().waitFor();
    await screenshot(page, 'withdrawals-list');
  });
});

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPesos, money } from '../../core/money.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

/** The owner's house in Los Olivos and its ORDINARY and EXTRAORDINARY wallets. */
async function ownerHouse() {
  const prisma = env.t.app.db.prisma;
  const owner = await prisma.user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } });
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  const house = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivos.id, ownerUserId: owner.id } });
  const ordinary = await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivos.id, type: 'ORDINARY' } });
  const extraordinary = await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivos.id, type: 'EXTRAORDINARY' } });
  return { house, ordinary, extraordinary };
}

const balanceOf = async (houseId: number, walletId: number) => {
  const sum = await env.t.app.db.prisma.ledgerEntry.aggregate({ where: { houseId, walletId }, _sum: { amount: true } });
  return money(sum._sum.amount?.toFixed(2) ?? '0');
};

describe('balances in the browser', () => {
  it('the administrator adjusts a house ordinary balance, lands on its receipts and transfers between wallets', async () => {
    const { house, ordinary, extraordinary } = await ownerHouse();
    const ordinaryBefore = await balanceOf(house.id, ordinary.id);
    const extraBefore = await balanceOf(house.id, extraordinary.id);
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');

    await page.goto(`${env.base}/houses/${house.id}/balance`);
    await page.getByRole('heading', { name: 'Saldo de la propiedad' }).waitFor();
    const ordinaryCard = page.getByTestId('wallet-ORDINARY');
    await ordinaryCard.getByText(formatPesos(ordinaryBefore), { exact: true }).waitFor();
    await page.getByText('Una cantidad positiva abona saldo a favor; una negativa (por ejemplo -250.00) es un cargo a la propiedad.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Monedero' }).inputValue()).toBe('Cuotas ordinarias');
    // Nothing typed: the form says what is missing before sending anything.
    await page.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await page.getByText('El monto es requerido').waitFor();
    await page.getByText('El motivo es requerido').waitFor();
    await page.getByLabel(/^Monto/).fill('1000');
    await page.getByLabel(/^Motivo/).fill('Bonificación por pago anticipado');
    await page
      .getByTestId('adjust-preview')
      .getByText(`Cuotas ordinarias quedará en ${formatPesos(ordinaryBefore.plus(1000))}`)
      .waitFor();
    await screenshotsAtBothWidths(page, 'house-balance');
    await page.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await page.getByText('El saldo ha sido modificado').waitFor();
    await page.waitForURL(`**/houses/${house.id}/receipts`);
    const adjustment = await env.t.app.db.prisma.ledgerEntry.findFirstOrThrow({ where: { houseId: house.id, kind: 'ADJUSTMENT' }, orderBy: { id: 'desc' } });
    expect(adjustment).toMatchObject({ walletId: ordinary.id, reason: 'Bonificación por pago anticipado' });
    expect(adjustment.amount.toFixed(2)).toBe('1000.00');

    // The latest movements name the adjustment in Spanish, with who authorised it.
    await page.goto(`${env.base}/houses/${house.id}/balance`);
    const row = page.getByRole('row', { name: /Bonificación por pago anticipado/ });
    await row.getByText('Ajuste', { exact: true }).waitFor();
    await row.getByText('Autorizó Adriana Morales').waitFor();

    await page.getByRole('link', { name: 'Transferir saldo' }).click();
    await page.getByRole('heading', { name: 'Transferir saldo' }).waitFor();
    const afterAdjust = ordinaryBefore.plus(1000);
    await page.getByText(`Disponible: ${formatPesos(afterAdjust)}`).waitFor();
    await page.getByRole('combobox', { name: 'Monedero de destino' }).click();
    await page.getByRole('option', { name: /^Cuotas extraordinarias/ }).click();
    // More than the source holds: refused in the form.
    await page.getByLabel(/^Monto/).fill(afterAdjust.plus(1).toFixed(2));
    await page.getByRole('button', { name: 'Transferir' }).click();
    await page.getByText(`El monto no puede ser mayor al saldo del monedero de origen (${formatPesos(afterAdjust)})`).waitFor();
    await page.getByLabel(/^Monto/).fill('400');
    await page.getByRole('button', { name: 'Transferir' }).click();
    await page.getByText('La transferencia se realizó correctamente').waitFor();
    await page
      .getByTestId('wallet-ORDINARY')
      .getByText(formatPesos(afterAdjust.minus(400)), { exact: true })
      .waitFor();
    await page
      .getByTestId('wallet-EXTRAORDINARY')
      .getByText(formatPesos(extraBefore.plus(400)), { exact: true })
      .waitFor();
    expect((await balanceOf(house.id, ordinary.id)).toFixed(2)).toBe(afterAdjust.minus(400).toFixed(2));
    expect((await balanceOf(house.id, extraordinary.id)).toFixed(2)).toBe(extraBefore.plus(400).toFixed(2));
    await screenshotsAtBothWidths(page, 'transfer-balance');
    await page.context().close();
  });

  it('the owner opens the statement of the house from the menu and downloads its PDF', async () => {
    const { house } = await ownerHouse();
    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    await page.locator('nav[data-menu-group="property"]').getByRole('link', { name: 'Estado de cuenta' }).click();
    await page.waitForURL('**/houses/statements');
    await page.getByRole('heading', { name: 'Estado de cuenta' }).waitFor();
    const year = new Date().getFullYear();
    await page.getByRole('heading', { name: `Movimientos del 01/01/${year} al 31/12/${year}` }).waitFor();
    // The administrator's adjustment of the first journey is on the owner's statement.
    await page.getByTestId('statement-table').getByText('Ajuste de saldo: Bonificación por pago anticipado').waitFor();
    await screenshotsAtBothWidths(page, 'statement');

    // The PDF of the same period, from the REST route of the session's community and house.
    const pdf = `/api/1.0/neighborhoods/${house.neighborhoodId}/houses/${house.id}/statement/pdf?from=${year}-01-01&to=${year}-12-31`;
    const response = page.waitForResponse((r) => r.url() === `${env.base}${pdf}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    expect((await response).status()).toBe(200);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await page.context().close();
  });

  it('the owner reads what the house paid in a year, by month and concept', async () => {
    const { house, ordinary } = await ownerHouse();
    const prisma = env.t.app.db.prisma;
    const year = new Date().getFullYear();
    // Paid receipts of the year beside whatever the demo paid: February with two concepts.
    const concepts = await prisma.incomeConcept.findMany({ where: { neighborhoodId: house.neighborhoodId, deletedAt: null }, orderBy: { id: 'asc' } });
    const maintenance = concepts.find((c) => c.systemKey === 'MAINTENANCE')!;
    const other = concepts.find((c) => c.id !== maintenance.id)!;
    const paid = (conceptId: number, month: number, amount: string, description: string) => ({
      neighborhoodId: house.neighborhoodId,
      houseId: house.id,
      incomeConceptId: conceptId,
      walletId: ordinary.id,
      description,
      year,
      month,
      dueDate: new Date(Date.UTC(year, month - 1, 10)),
      sourceAmount: amount,
      amount,
      status: 'PAID' as const,
      paymentMethod: 'CARD' as const,
      transactionTotal: amount,
      paymentDate: new Date(Date.UTC(year, month - 1, 5)),
    });
    await prisma.receipt.createMany({
      data: [paid(maintenance.id, 2, '950.00', `Mantenimiento febrero ${year}`), paid(other.id, 2, '120.50', `${other.description} febrero ${year}`)],
    });
    const receipts = await prisma.receipt.findMany({ where: { houseId: house.id, status: 'PAID', year, deletedAt: null } });
    const sum = (rows: typeof receipts) => formatPesos(rows.reduce((total, r) => total.plus(money(r.transactionTotal?.toFixed(2) ?? '0')), money(0)));
    const february = receipts.filter((r) => r.month === 2);

    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    await page.locator('nav[data-menu-group="property"]').getByRole('link', { name: 'Resumen de ingresos' }).click();
    await page.waitForURL('**/houses/incomes/summary');
    await page.getByRole('heading', { name: 'Resumen de ingresos' }).waitFor();
    await page.getByTestId('year-total').getByText(sum(receipts), { exact: true }).waitFor();
    const table = page.getByTestId('summary-table');
    await table.getByRole('cell', { name: other.description, exact: true }).first().waitFor();
    await table
      .getByRole('row', { name: /Total de febrero/ })
      .getByText(sum(february), { exact: true })
      .waitFor();
    await screenshotsAtBothWidths(page, 'incomes-summary');
    // Another year, in the query string.
    const before = await prisma.receipt.findMany({ where: { houseId: house.id, status: 'PAID', year: year - 1, deletedAt: null } });
    await page.getByRole('combobox', { name: 'Año' }).click();
    await page.getByRole('option', { name: String(year - 1) }).click();
    await page.waitForURL(`**/houses/incomes/summary?year=${year - 1}`);
    await page
      .getByText(`Total pagado en ${year - 1}`)
      .first()
      .waitFor();
    await page.getByTestId('year-total').getByText(sum(before), { exact: true }).waitFor();
    if (before.length === 0) await page.getByText(`Sin pagos en ${year - 1}`).waitFor();
    await page.context().close();
  });
  it('the administrator simulates a SPEI transfer to the house’s CLABE (sandbox): its notification credits the ORDINARY wallet less the fee', async () => {
    const { house, ordinary } = await ownerHouse();
    const before = await balanceOf(house.id, ordinary.id);
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/houses/${house.id}/receipts`);
    const panel = page.getByTestId('wallet-panel');
    await panel.getByText('Las transferencias SPEI a esta CLABE se abonan al monedero ordinario de la propiedad, menos la comisión por depósito.').waitFor();
    await panel.getByTestId('wallet-ORDINARY').getByText(formatPesos(before), { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Simular transferencia SPEI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Simular transferencia SPEI (pasarela de pruebas)' });
    await dialog.getByLabel('Monto transferido').fill('1500');
    await dialog.getByRole('button', { name: 'Enviar transferencia' }).click();
    await page.getByText('Transferencia SPEI simulada por $1,500.00: al llegar su notificación se abonan $1,492.00', { exact: false }).waitFor();
    // The gateway's notification arrives through its job (the test app runs jobs on demand), then the panel reads again.
    await env.t.app.jobs.runDue();
    await panel
      .getByTestId('wallet-ORDINARY')
      .getByText(formatPesos(before.plus(1492)), { exact: true })
      .waitFor({ timeout: 10_000 });
    expect((await balanceOf(house.id, ordinary.id)).toFixed(2)).toBe(before.plus(1492).toFixed(2));
    await page.context().close();
  });
});

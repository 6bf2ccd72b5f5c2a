import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeShown, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
const period = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}`;

async function olivos() {
  return env.t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' }, select: { id: true } });
}

/**
 * The first month without an ordinary maintenance from this month on, within the years the dialog offers
 * (this year and the next two): the seed may already carry maintenances.
 */
async function freePeriods(neighborhoodId: number, count: number): Promise<{ year: number; month: number }[]> {
  const taken = new Set(
    (await env.t.app.db.prisma.maintenance.findMany({ where: { neighborhoodId, ordinary: true }, select: { period: true } })).map((m) => m.period),
  );
  const now = new Date();
  const free: { year: number; month: number }[] = [];
  for (let i = 0; i < 36 && free.length < count; i++) {
    const year = now.getFullYear() + Math.floor((now.getMonth() + i) / 12);
    const month = ((now.getMonth() + i) % 12) + 1;
    if (!taken.has(period(year, month))) free.push({ year, month });
  }
  if (free.length < count) throw new Error('no free periods for the journey');
  return free;
}

describe('maintenance fees in the browser', () => {
  it('the administrator generates a month, opens its detail, receipts and incomes, creates an extraordinary fee and deletes a new one', async () => {
    const { prisma } = env.t.app.db;
    const { id: neighborhoodId } = await olivos();
    const [target, spare] = await freePeriods(neighborhoodId, 2);
    const title = `Mantenimiento ${MONTHS[target.month - 1].toLowerCase()} ${target.year}`;
    const activeWithFee = await prisma.house.count({ where: { neighborhoodId, status: 'ACTIVE', houseType: { amount: { gt: 0 } } } });
    expect(activeWithFee).toBeGreaterThan(0);

    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.locator('nav[data-menu-group="administration"]').getByRole('link', { name: 'Cuotas de mantenimiento' }).click();
    await page.getByRole('heading', { name: 'Cuotas de mantenimiento' }).waitFor();

    // «Generar mantenimiento»: the month and year, then create and generate.
    const chooseInDialog = async (y: number, m: number) => {
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Mes' }).click();
      await page.getByRole('option', { name: MONTHS[m - 1], exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Año' }).click();
      await page.getByRole('option', { name: String(y), exact: true }).click();
    };
    await page.getByRole('button', { name: 'Generar mantenimiento' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Generar mantenimiento' }).waitFor();
    // It proposes the first month from this one on that the list does not show yet.
    expect(await page.getByRole('dialog').getByRole('combobox', { name: 'Mes' }).inputValue()).toBe(MONTHS[target.month - 1]);
    expect(await page.getByRole('dialog').getByRole('combobox', { name: 'Año' }).inputValue()).toBe(String(target.year));
    await chooseInDialog(target.year, target.month);
    await page.getByRole('dialog').getByRole('button', { name: 'Generar', exact: true }).click();
    await page.getByText(`Los recibos del mantenimiento han sido generados: ${activeWithFee} recibo`).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const generated = await prisma.maintenance.findFirstOrThrow({
      where: { neighborhoodId, ordinary: true, period: period(target.year, target.month) },
      include: { _count: { select: { receipts: true } } },
    });
    expect(generated.status).toBe('GENERATED');
    expect(generated._count.receipts).toBe(activeWithFee);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByText('Generado').waitFor();
    await screenshotsAtBothWidths(page, 'maintenances');

    // The same period again: the server's answer stays in the dialog.
    await page.getByRole('button', { name: 'Generar mantenimiento' }).click();
    await chooseInDialog(target.year, target.month);
    await page.getByRole('dialog').getByRole('button', { name: 'Generar', exact: true }).click();
    await page.getByRole('dialog').getByRole('alert').getByText('El mantenimiento de ese periodo ya existe').waitFor();
    await screenshotsAtBothWidths(page, 'maintenances-generate-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The detail: terms, figures; generating again creates nothing more.
    await row.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    const summary = page.getByTestId('maintenance-summary');
    await summary.getByText(String(activeWithFee), { exact: true }).first().waitFor();
    await page.getByText('Descuento por pronto pago').waitFor();
    await page.getByText(/^5% de la cuota pagando a más tardar el 05\/\d\d\/\d{4}$/).waitFor();
    // «Imprimir recibos»: every receipt of the maintenance in one PDF.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: 'Imprimir recibos' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await screenshotsAtBothWidths(page, 'maintenance-detail');
    await page.getByRole('button', { name: 'Generar recibos' }).click();
    await page.getByText('No había recibos por generar: todas las propiedades activas ya tienen el suyo').waitFor();
    expect(await prisma.receipt.count({ where: { maintenanceId: generated.id } })).toBe(activeWithFee);

    // Its incomes before any payment.
    await page.getByRole('link', { name: 'Ver ingresos' }).click();
    await page.getByRole('heading', { name: 'Ingresos del mantenimiento' }).waitFor();
    await page.getByText('Este mantenimiento aún no tiene ingresos').waitFor();

    // Three receipts paid (two in cash, one by transfer), written straight to the database: paying is
    // another screen's journey; this one reads what was collected.
    const toPay = await prisma.receipt.findMany({ where: { maintenanceId: generated.id }, orderBy: { id: 'asc' }, take: 3 });
    for (const [i, r] of toPay.entries()) {
      await prisma.receipt.update({
        where: { id: r.id },
        data: { status: 'PAID', paymentMethod: i < 2 ? 'CASH' : 'BANK', transactionTotal: r.amount, paymentDate: new Date() },
      });
    }
    const paidTotal = toPay.reduce((sum, r) => sum + Number(r.amount), 0);
    const pesos = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    // Its receipts: one row per house with a link to the house's receipt; the filters in the query string.
    await page.goto(`${env.base}/maintenances/${generated.id}`);
    await page.getByRole('link', { name: 'Ver recibos' }).click();
    await page.getByRole('heading', { name: 'Recibos del mantenimiento' }).waitFor();
    const receiptLinks = page.getByRole('link', { name: /^Ver recibo de / });
    await receiptLinks.first().waitFor();
    expect(await receiptLinks.count()).toBe(Math.min(activeWithFee, 20));
    expect(await receiptLinks.first().getAttribute('href')).toMatch(/^\/houses\/\d+\/receipts\/\d+$/);
    await page.getByText(`${activeWithFee} registros`).waitFor();
    await page.getByRole('combobox', { name: 'Estado de pago' }).click();
    await page.getByRole('option', { name: 'Pagado', exact: true }).click();
    await page.getByText('3 registros').waitFor();
    expect(new URL(page.url()).searchParams.get('payment_status')).toBe('PAID');
    await page
      .getByRole('row', { name: /Efectivo/ })
      .first()
      .waitFor();
    await page.goto(`${env.base}/maintenances/${generated.id}/receipts?payment_status=PAID&payment_method=CASH`);
    await page.getByText('2 registros').waitFor();
    await page.getByTestId('filter-chip-payment_method').getByText('Forma de pago: Efectivo').waitFor();
    await screenshotsAtBothWidths(page, 'maintenance-receipts');
    await page.goto(`${env.base}/maintenances/${generated.id}/receipts`);
    await page.getByText(`${activeWithFee} registros`).waitFor();
    await screenshotsAtBothWidths(page, 'maintenance-receipts-all');

    // Its incomes: by payment method, with the total.
    await page.goto(`${env.base}/maintenances/${generated.id}/incomes`);
    await page.getByRole('heading', { name: 'Ingresos del mantenimiento' }).waitFor();
    const incomes = page.getByTestId('incomes-table');
    await incomes.getByRole('row', { name: /Efectivo 2/ }).waitFor();
    await incomes.getByRole('row', { name: /Transferencia bancaria 1/ }).waitFor();
    await incomes.getByRole('row', { name: new RegExp(`Total 3 \\${pesos(paidTotal)}`) }).waitFor();
    await screenshotsAtBothWidths(page, 'maintenance-incomes');

    // An extraordinary fee: checked before sending, then created with its receipts.
    await page.goto(`${env.base}/maintenances`);
    await page.getByRole('link', { name: 'Mantenimiento extraordinario' }).click();
    await page.getByRole('heading', { name: 'Mantenimiento extraordinario' }).waitFor();
    const save = page.getByRole('button', { name: 'Crear y emitir recibos' });
    await save.click();
    await page.getByText('La descripción es requerida').waitFor();
    await page.getByText('La fecha límite es requerida').waitFor();
    await page.getByLabel(/^Descripción/).fill('Pintura de fachadas');
    await page.getByLabel(/^Monto por propiedad/).fill('750');
    await page.getByRole('button', { name: /^Fecha límite/ }).click();
    await page.locator('button[aria-label^="28 "]:not([data-outside])').click();
    await screenshotsAtBothWidths(page, 'maintenance-extraordinary-form');
    await save.click();
    await page.getByText('El mantenimiento extraordinario ha sido creado').waitFor();
    await page.getByRole('heading', { name: 'Cuotas de mantenimiento' }).waitFor();
    const extraordinaryRow = page.getByRole('row', { name: /Pintura de fachadas/ });
    await extraordinaryRow.getByText('Extraordinario').waitFor();
    await extraordinaryRow.getByText('$750.00 por propiedad').waitFor();
    const extraordinary = await prisma.maintenance.findFirstOrThrow({
      where: { neighborhoodId, ordinary: false, description: 'Pintura de fachadas' },
      include: { _count: { select: { receipts: true } } },
    });
    expect(extraordinary.amount?.toFixed(2)).toBe('750.00');
    expect(extraordinary._count.receipts).toBe(await prisma.house.count({ where: { neighborhoodId, status: 'ACTIVE' } }));

    // A maintenance still NEW (created, not generated) can be deleted from its detail.
    const fresh = await prisma.maintenance.create({
      data: {
        neighborhoodId,
        ordinary: true,
        period: period(spare.year, spare.month),
        year: spare.year,
        month: spare.month,
        description: `Mantenimiento ${MONTHS[spare.month - 1].toLowerCase()} ${spare.year}`,
        dueDate: new Date(`${period(spare.year, spare.month)}-10T00:00:00Z`),
      },
    });
    await page.goto(`${env.base}/maintenances/${fresh.id}`);
    await page.getByTestId('not-generated').waitFor();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await noticeShown(page, 'El mantenimiento ha sido eliminado');
    await page.getByRole('heading', { name: 'Cuotas de mantenimiento' }).waitFor();
    expect(await prisma.maintenance.findUnique({ where: { id: fresh.id } })).toBeNull();
    await page.context().close();
  });
});

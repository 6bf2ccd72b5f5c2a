import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

describe('maintenance settings in the browser', () => {
  it('the configuration administrator lands on the settings, sees this month’s dates and saves discount, penalty and fees', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    // Spec 3 section 2: the home screen sends those who may read them to the maintenance settings.
    await page.waitForURL(/\/neighborhood\/settings\/maintenance$/);
    await page.getByRole('heading', { name: 'Mantenimiento', exact: true }).waitFor();
    const now = new Date();
    const month = MONTHS[now.getMonth()];
    // Dates as every date of the app: 05/11/2026 (client/src/format.ts).
    const mm = String(now.getMonth() + 1).padStart(2, '0');
    const example = page.getByTestId('maintenance-example');
    await example.getByText(`Así quedan las fechas de ${month} ${now.getFullYear()}`).waitFor();
    await example.getByText(`La cuota se genera el 01/${mm}/${now.getFullYear()}.`).waitFor();
    await example.getByText(`Tiene descuento si se paga a más tardar el 05/${mm}/${now.getFullYear()}.`).waitFor();
    expect(await page.getByLabel('Cuota mensual de Propiedad en avenida').inputValue()).toBe('950.00');

    // The penalty becomes a fixed amount due on the 31st: capped by this month's last day in the example.
    await page.getByRole('combobox', { name: 'Tipo de multa' }).click();
    await page.getByRole('option', { name: 'Monto fijo' }).click();
    await page.getByLabel(/^Multa( \*)?$/).fill('250.5');
    await page.getByLabel(/^Día límite de pago/).fill('31');
    const lastDay = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
    await example.getByText(new RegExp(`^Fecha límite de pago: ${lastDay}/${mm}/${now.getFullYear()}`)).waitFor();
    if (lastDay < 31) await example.getByText(/\(este mes no tiene día 31: se usa el último\); la multa se aplica desde/).waitFor();

    // The core schema answers under the field before anything is sent.
    await page.getByLabel(/^Día límite del descuento/).fill('31');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El día límite del descuento debe ser anterior al día límite de pago').waitFor();
    await page.getByLabel(/^Día límite del descuento/).fill('6');
    await page.getByLabel(/^Descuento( \*)?$/).fill('7.5');
    await page.getByLabel('Cuota mensual de Propiedad en avenida').fill('1500');
    await page.getByLabel('Cuota mensual de Propiedad en condominio').fill('1100');
    await page.getByLabel('Cuota mensual de Lote sin construir').fill('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La cuota de mantenimiento es requerida').waitFor();
    await page.getByLabel('Cuota mensual de Lote sin construir').fill('600');
    await page.getByLabel('Pago en tiendas de conveniencia').uncheck();
    await page.getByLabel('Multas').fill('401.02');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La cuenta contable debe ser grupos de dígitos separados por guiones').waitFor();
    await page.getByLabel('Multas').fill('401-02-002');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La configuración de mantenimiento ha sido actualizada').waitFor();

    const prisma = env.t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const row = await prisma.maintenanceSettings.findUniqueOrThrow({ where: { neighborhoodId: olivos.id } });
    expect(row).toMatchObject({ discountEndDay: 6, deadlineDay: 31, penaltyFeeType: 'AMOUNT', storeEnabled: false, penaltyAccountingAccount: '401-02-002' });
    expect(row.earlyPaymentDiscount?.toFixed(2)).toBe('7.50');
    expect(row.penaltyFee?.toFixed(2)).toBe('250.50');
    const fees = await prisma.houseType.findMany({ where: { neighborhoodId: olivos.id }, orderBy: { title: 'asc' } });
    expect(fees.map((f) => [f.title, f.amount?.toFixed(2)])).toEqual([
      ['Lote sin construir', '600.00'],
      ['Propiedad en avenida', '1500.00'],
      ['Propiedad en condominio', '1100.00'],
    ]);

    await page.reload();
    await page.getByRole('heading', { name: 'Mantenimiento', exact: true }).waitFor();
    expect(await page.getByLabel('Cuota mensual de Propiedad en avenida').inputValue()).toBe('1,500.00');
    expect(await page.getByLabel(/^Multa( \*)?$/).inputValue()).toBe('250.50');
    expect(await page.getByLabel('Pago en tiendas de conveniencia').isChecked()).toBe(false);
    await screenshotsAtBothWidths(page, 'maintenance-settings');
    await page.context().close();
  });
});

describe('revision points in the browser', () => {
  it('the administrator registers a revision point with two rules and deletes it', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Puntos de revisión' }).click();
    await page.getByRole('heading', { name: 'Puntos de revisión' }).waitFor();
    await page.getByRole('row', { name: /Caseta principal/ }).waitFor();
    await page.getByRole('link', { name: 'Registrar punto de revisión' }).click();
    await page.getByRole('heading', { name: 'Registrar punto de revisión' }).waitFor();

    const first = page.getByTestId('rule-1');
    // One rule always remains: its remove button is disabled.
    expect(await first.getByRole('button', { name: 'Quitar horario' }).isDisabled()).toBe(true);
    await page.getByLabel(/^Nombre/).fill('Caseta norte');
    await page.getByLabel(/^Duración de cada cita/).fill('30');
    await first.getByLabel(/^Desde/).fill('08:00');
    await first.getByLabel(/^Hasta/).fill('12:00');
    for (const day of ['Lun', 'Mié', 'Vie']) await first.locator('label', { hasText: day }).click();
    await page.getByRole('button', { name: 'Agregar horario' }).click();
    const second = page.getByTestId('rule-2');
    await second.waitFor();
    // A new rule starts with every day off.
    for (const day of ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']) expect(await second.getByLabel(day).isChecked()).toBe(false);
    expect(await first.getByRole('button', { name: 'Quitar horario' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await second.getByText('Elige al menos un día para este horario').waitFor();
    await second.getByLabel(/^Desde/).fill('16:00');
    await second.getByLabel(/^Hasta/).fill('18:00');
    for (const day of ['Mar', 'Jue']) await second.locator('label', { hasText: day }).click();
    await expect.poll(() => second.getByText('Elige al menos un día para este horario').count()).toBe(0);
    await screenshotsAtBothWidths(page, 'revision-point-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El punto de revisión ha sido registrado').waitFor();

    const row = page.getByRole('row', { name: /Caseta norte/ });
    await row.waitFor();
    await row.getByText('30 min').waitFor();
    await row
      .getByText('lun, mié, vie 08:00–12:00 · mar, jue 16:00–18:00', { exact: false })
      .or(row.getByText(/Lun, Mié, Vie 08:00–12:00 · Mar, Jue 16:00–18:00/))
      .waitFor();
    const saved = await env.t.app.db.prisma.revisionPoint.findFirstOrThrow({ where: { name: 'Caseta norte' } });
    expect(saved.minutes).toBe(30);
    expect(saved.rules).toEqual([
      { startHour: '08:00', endHour: '12:00', monday: true, tuesday: false, wednesday: true, thursday: false, friday: true, saturday: false, sunday: false },
      { startHour: '16:00', endHour: '18:00', monday: false, tuesday: true, wednesday: false, thursday: true, friday: false, saturday: false, sunday: false },
    ]);
    await screenshotsAtBothWidths(page, 'revision-points');

    // Editing shows the saved rules; then the point is deleted after confirming.
    await row.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar punto de revisión' }).waitFor();
    expect(
      await page
        .getByTestId('rule-2')
        .getByLabel(/^Desde/)
        .inputValue(),
    ).toBe('16:00');
    expect(await page.getByTestId('rule-2').getByLabel('Jue').isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Volver' }).click();
    await page
      .getByRole('row', { name: /Caseta norte/ })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page.getByRole('dialog').getByText('¿Eliminar el punto de revisión Caseta norte?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('El punto de revisión ha sido eliminado').waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Caseta norte/ }).count()).toBe(0);
    expect(await env.t.app.db.prisma.revisionPoint.count({ where: { name: 'Caseta norte' } })).toBe(0);
    await page.context().close();
  });
});

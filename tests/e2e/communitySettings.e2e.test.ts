// The configuration administrator configures the community: general data with a logo, the visitor and
// vehicle rules, the modules (master and dependant ticking, terms, reload), interest-free months and the
// payment gateway keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const configMenu = (page: Page, name: string) => page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name, exact: true });
const olivos = () => env.t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });

/** A 160 px logo drawn by the browser itself, as PNG bytes. */
async function drawLogo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 160;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#2f7d32';
    g.beginPath();
    g.arc(80, 80, 76, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffffff';
    g.font = 'bold 64px sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText('LO', 80, 84);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

describe('community settings in the browser', () => {
  it('general data, behaviour, modules, interest-free months and gateway keys', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');

    // ---- general settings ----
    await page.goto(`${env.base}/neighborhood/settings/general?error=${encodeURIComponent('No pudimos conectar con el procesador de pagos')}`);
    await page.getByRole('heading', { name: 'Datos generales' }).waitFor();
    await page.getByTestId('query-string-error').getByText('No pudimos conectar con el procesador de pagos').waitFor();
    // Los Olivos has COBRANZA: the collecting section is there.
    await page.getByTestId('collecting-section').waitFor();
    expect(await page.getByLabel('Código postal').inputValue()).toBe('76090');
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await drawLogo(page) });
    await page.getByText('Archivo cargado').waitFor();
    await page.getByRole('img', { name: 'Logo de la comunidad' }).waitFor();
    await page.getByLabel('Nombre de la comunidad').fill('Residencial Los Olivos Querétaro');
    await page.getByLabel('Colonia').fill('El Refugio');
    // The window's start after its end is refused in the browser, under its field.
    await page.getByLabel('Días de inicio').fill('40');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Los días de inicio no pueden ser más que los días de fin').waitFor();
    await page.getByLabel('Días de inicio').fill('3');
    await page.getByLabel('Días de fin').fill('20');
    await page.getByTestId('moving-SUNDAY').getByLabel('Domingo', { exact: true }).check();
    await page.getByLabel('Desde Domingo').fill('10:00');
    await page.getByLabel('Hasta Domingo').fill('09:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La hora final debe ser posterior a la hora inicial').waitFor();
    await page.getByLabel('Hasta Domingo').fill('13:30');
    await page.getByLabel('Dirección de la página de bienvenida').fill('https://olivos.mx/bienvenida');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Los datos generales han sido actualizados').waitFor();
    // The shell shows the new name at once.
    await page.getByText('Residencial Los Olivos Querétaro').first().waitFor();
    const saved = await olivos();
    expect(saved).toMatchObject({
      name: 'Residencial Los Olivos Querétaro',
      colony: 'El Refugio',
      movingStartDays: 3,
      movingEndDays: 20,
      welcomeUrl: 'https://olivos.mx/bienvenida',
    });
    expect(saved.urlLogo).toBe(`/api/1.0/files/${saved.logoFileId}`);
    expect((saved.movingSchedule as { day: string }[]).find((d) => d.day === 'SUNDAY')).toEqual({
      day: 'SUNDAY',
      allowed: true,
      firstTime: '10:00',
      lastTime: '13:30',
    });
    await screenshotsAtBothWidths(page, 'community-general');

    // ---- behaviour ----
    await configMenu(page, 'Visitas y vehículos').click();
    await page.getByRole('heading', { name: 'Visitas y vehículos' }).waitFor();
    await page.getByLabel('El correo de la visita es obligatorio').check();
    await page.getByLabel('Los vehículos necesitan tag').check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Los datos generales han sido actualizados').waitFor();
    expect(await olivos()).toMatchObject({ visitorEmailRequired: true, requiredVehicleTag: true });
    await screenshotsAtBothWidths(page, 'community-behavior');

    // ---- modules ----
    await configMenu(page, 'Módulos').click();
    await page.getByRole('heading', { name: 'Módulos' }).waitFor();
    const box = (name: string) => page.getByRole('checkbox', { name, exact: true });
    expect(await page.getByTestId('modules-total').textContent()).toBe('$2,437.50');
    // Unticking the master unticks its dependants…
    await box('Cobranza').uncheck();
    expect(await box('Pago en línea').isChecked()).toBe(false);
    expect(await box('Facturación').isChecked()).toBe(false);
    // …and ticking a dependant ticks its master.
    await box('Facturación').check();
    expect(await box('Cobranza').isChecked()).toBe(true);
    expect(await box('Pago en línea').isChecked()).toBe(false);
    await box('Pago en línea').check();
    expect(await page.getByTestId('modules-total').textContent()).toBe('$2,437.50');
    await page.getByText('Estos son los módulos activos de tu comunidad.').waitFor();
    // Visits off: 4 paid modules, 20% off.
    await box('Visitas').uncheck();
    await page.getByText('Cambiaste la selección de módulos').waitFor();
    expect(await page.getByTestId('modules-total').textContent()).toBe('$2,208.00');
    await page.getByRole('button', { name: 'Activar módulos' }).click();
    await page.getByText('Debes aceptar los términos y condiciones para activar los módulos').waitFor();
    await screenshotsAtBothWidths(page, 'community-modules');
    await page.getByLabel('Acepto los términos y condiciones').check();
    await page.getByRole('button', { name: 'Activar módulos' }).click();
    // The app reloads with the new modules and says so.
    await page.getByText('Los módulos han sido activados').waitFor();
    expect((await olivos()).modules).toEqual(['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR']);
    expect(await box('Visitas').isChecked()).toBe(false);
    await configMenu(page, 'Visitas y vehículos').click();
    await page.getByText('El módulo Visitas no está activo').waitFor();

    // ---- interest-free months ----
    await configMenu(page, 'Meses sin intereses').click();
    await page.getByRole('heading', { name: 'Meses sin intereses' }).waitFor();
    expect(await page.getByLabel('3 meses').inputValue()).toBe('300.00');
    await page.getByLabel('9 meses').fill('800');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El monto mínimo para 9 meses es $900.00').waitFor();
    await page.getByLabel('9 meses').fill('950');
    await page.getByLabel('12 meses').fill('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Los meses sin intereses han sido guardados').waitFor();
    const msi = await env.t.app.db.prisma.msiSetting.findMany({ where: { neighborhood: { domain: 'los_olivos' } }, orderBy: { months: 'asc' } });
    expect(msi.map((m) => [m.months, m.boundary.toFixed(2)])).toEqual([
      [3, '300.00'],
      [6, '600.00'],
      [9, '950.00'],
    ]);
    await screenshotsAtBothWidths(page, 'community-msi');

    // ---- gateway keys ----
    await configMenu(page, 'Llaves de pago en línea').click();
    await page.getByRole('heading', { name: 'Llaves de pago en línea' }).waitFor();
    await page.getByText('Las llaves están cargadas.').waitFor();
    expect(await page.getByLabel('ID de comercio').inputValue()).toBe('mdemo0000000000000000');
    expect(await page.getByLabel('Llave privada').inputValue()).toBe('');
    await page.getByLabel('Llave pública').fill('sk_pegada_por_error');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La llave pública empieza con pk_').waitFor();
    await page.getByLabel('Llave pública').fill('pk_test_olivos2026');
    await page.getByLabel('Llave privada').fill('sk_test_secreto2026olivos');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Las llaves han sido cargadas').waitFor();
    expect(await page.getByLabel('Llave privada').inputValue()).toBe('');
    const keys = await olivos();
    expect(keys.gatewayPublicKey).toBe('pk_test_olivos2026');
    expect(keys.gatewayPrivateKeyEncrypted).not.toContain('secreto2026');
    expect(await page.content()).not.toContain('sk_test_secreto2026olivos');
    await screenshotsAtBothWidths(page, 'community-gateway-keys');
    await page.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const amenity = (name: string) => env.t.app.db.prisma.amenity.findFirst({ where: { name, deletedAt: null }, include: { receiptConcept: true } });

describe('amenities in the browser', () => {
  it('the configuration administrator registers and edits a common area; the administrator disables and enables it', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Espacios comunes' }).click();
    await page.getByRole('heading', { name: 'Espacios comunes' }).waitFor();
    const salon = page.getByRole('row', { name: /Salón de usos múltiples/ });
    await salon.getByText('$800.00 por hora', { exact: true }).waitFor();
    await salon.getByText('Depósito $1,000.00').waitFor();
    await page
      .getByRole('row', { name: /Alberca/ })
      .getByText('Solo propietarios')
      .waitFor();
    await screenshotsAtBothWidths(page, 'amenities');

    await page.getByRole('link', { name: 'Registrar espacio común' }).click();
    await page.getByRole('heading', { name: 'Registrar espacio común' }).waitFor();
    const save = page.getByRole('button', { name: 'Guardar' });
    // The core schema answers under each field before anything is sent.
    await save.click();
    await page.getByText('El nombre del espacio común es requerido').waitFor();
    await page.getByLabel('Nombre').fill('Cancha de tenis');
    await page.getByLabel('Abre a las').fill('20:00');
    await page.getByLabel('Cierra a las').fill('08:00');
    await save.click();
    await page.getByText('La hora de cierre debe ser posterior a la hora de apertura').waitFor();
    await page.getByLabel('Abre a las').fill('07:00');
    await page.getByLabel('Cierra a las').fill('21:00');
    await page.getByLabel(/^Costo por hora/).fill('150');
    // The AMENITY concept comes chosen.
    expect(await page.getByRole('combobox', { name: 'Concepto de cobro' }).inputValue()).toBe('Reservación de área común');
    await page.getByLabel(/^Depósito/).fill('500');
    // Payments up to date: the deposit is removed (spec 3 section 5).
    await page.getByRole('combobox', { name: 'Reservar con adeudo' }).click();
    await page.getByRole('option', { name: 'Solo si están al corriente en sus pagos' }).click();
    await expect.poll(() => page.getByLabel(/^Depósito/).isDisabled()).toBe(true);
    await page.getByText('No se pide depósito cuando se permite un adeudo o se exige estar al corriente.').waitFor();
    await screenshotsAtBothWidths(page, 'amenity-form');
    await save.click();
    await page.getByText('El espacio común ha sido registrado').waitFor();
    await page.getByRole('heading', { name: 'Espacios comunes' }).waitFor();
    const created = await amenity('Cancha de tenis');
    expect(created).toMatchObject({ fromTime: '07:00', toTime: '21:00', deposit: null, enabled: true, reservationUnit: 'HOUR' });
    expect(created?.cost?.toFixed(2)).toBe('150.00');
    expect(created?.maxOrdinaryDebt?.toFixed(2)).toBe('0.00');
    expect(created?.receiptConcept?.systemKey).toBe('AMENITY');

    await page.getByRole('link', { name: 'Editar Cancha de tenis' }).click();
    await page.getByRole('heading', { name: 'Editar espacio común' }).waitFor();
    expect(await page.getByLabel('Nombre').inputValue()).toBe('Cancha de tenis');
    expect(await page.getByLabel(/^Costo por hora/).inputValue()).toBe('150.00');
    await page.getByLabel('Nombre').fill('Cancha de tenis techada');
    await page
      .locator('label')
      .filter({ hasText: /^Por día$/ })
      .click();
    await page.getByLabel(/^Costo por día/).waitFor();
    await page.getByRole('combobox', { name: 'Reservar con adeudo' }).click();
    await page.getByRole('option', { name: 'Permitir un adeudo de hasta…' }).click();
    await save.click();
    await page.getByText('Escribe una cantidad mayor a cero con hasta dos decimales').waitFor();
    await page.getByLabel(/^Adeudo máximo/).fill('1500');
    await save.click();
    await page.getByText('El espacio común ha sido actualizado').waitFor();
    await page
      .getByRole('row', { name: /Cancha de tenis techada/ })
      .getByText('$150.00 por día', { exact: true })
      .waitFor();
    const edited = await amenity('Cancha de tenis techada');
    expect(edited).toMatchObject({ reservationUnit: 'DAY' });
    expect(edited?.maxOrdinaryDebt?.toFixed(2)).toBe('-1500.00');
    await page.context().close();

    // The administration list: a switch per amenity.
    const admin = await env.newPage();
    await signInToShell(admin, env.base, 'admin@demo.mx');
    await admin.locator('nav[data-menu-group="administration"]').getByRole('link', { name: 'Espacios comunes' }).click();
    await admin.getByRole('heading', { name: 'Espacios comunes' }).waitFor();
    const toggle = admin.getByRole('switch', { name: 'Habilitar Cancha de tenis techada' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await admin.getByText('El espacio común ha sido deshabilitado').waitFor();
    await expect.poll(async () => (await amenity('Cancha de tenis techada'))?.enabled).toBe(false);
    expect(await toggle.isChecked()).toBe(false);
    await screenshotsAtBothWidths(admin, 'amenities-admin');

    // In settings a disabled amenity cannot be deleted; enabled again it can.
    await admin.goto(`${env.base}/neighborhood/settings/amenities?status=disabled`);
    const row = admin.getByRole('row', { name: /Cancha de tenis techada/ });
    await row.getByText('Deshabilitado').waitFor();
    await row.getByRole('button', { name: 'Eliminar' }).click({ force: true });
    expect(await admin.getByRole('dialog').count()).toBe(0);
    await admin.goto(`${env.base}/neighborhood/amenities`);
    await toggle.click({ force: true });
    await admin.getByText('El espacio común ha sido habilitado').waitFor();
    await expect.poll(async () => (await amenity('Cancha de tenis techada'))?.enabled).toBe(true);
    await admin.goto(`${env.base}/neighborhood/settings/amenities?name=tenis`);
    await admin
      .getByRole('row', { name: /Cancha de tenis techada/ })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await admin.getByText('El espacio común ha sido eliminado').waitFor();
    await admin.getByText('Ningún registro coincide con la búsqueda').waitFor();
    expect(await amenity('Cancha de tenis techada')).toBeNull();
    await admin.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseDemoCsd, screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('fiscal settings in the browser', () => {
  it('the configuration administrator saves the community’s tax data and uploads its CSD', async () => {
    const prisma = env.t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    // Start as a community that has never been configured for invoicing.
    await prisma.fiscalInformation.delete({ where: { neighborhoodId: olivos.id } });

    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Datos fiscales' }).click();
    await page.getByRole('heading', { name: 'Datos fiscales', exact: true }).waitFor();
    await page.getByText('Falta configurar').waitFor();
    await page.getByText('La comunidad aún no tiene datos fiscales.', { exact: false }).waitFor();
    await page.getByText('Guarda primero los datos fiscales: el RFC del certificado debe coincidir con el de la comunidad.').waitFor();
    // The issuer's address is the community's, edited in general settings.
    await page.getByTestId('fiscal-address').getByText('76090').waitFor();
    expect(await page.getByRole('link', { name: 'Editar en Datos generales' }).getAttribute('href')).toBe('/neighborhood/settings/general');

    // The core schema answers in the browser before anything is sent: the generic RFC is refused.
    const save = page.getByRole('button', { name: 'Guardar' });
    await page.getByRole('textbox', { name: /^RFC/ }).fill('xaxx010101000');
    // Leaving the field shows its error (and moves the button) before the click.
    await page.getByRole('textbox', { name: /^RFC/ }).press('Tab');
    await page.getByText('El RFC genérico XAXX010101000 (público en general) no puede usarse como RFC de la comunidad', { exact: false }).waitFor();
    await save.click();
    await page.getByText('El RFC genérico XAXX010101000 (público en general) no puede usarse como RFC de la comunidad', { exact: false }).waitFor();
    await page.getByText('La razón social es requerida').waitFor();

    await page.getByRole('textbox', { name: /^RFC/ }).fill('eku9003173c9');
    await page.getByText('Persona moral').waitFor();
    await page.getByLabel('Razón social', { exact: false }).fill('Escuela Kemper Urgate');
    await page.getByRole('combobox', { name: 'Régimen fiscal' }).click();
    await page.getByRole('option', { name: '601 - General de Ley Personas Morales' }).click();
    await page.getByLabel('Serie de facturas', { exact: false }).fill('f');
    await page.getByLabel('Serie de notas de crédito', { exact: false }).fill('nc');
    await save.click();
    await page.getByText('Los datos fiscales han sido actualizados').waitFor();
    expect(await prisma.fiscalInformation.findUnique({ where: { neighborhoodId: olivos.id } })).toMatchObject({
      fiscalName: 'ESCUELA KEMPER URGATE',
      rfc: 'EKU9003173C9',
      regime: 'RF601',
      productCode: '80131500',
      invoiceSerie: 'F',
      creditNoteSerie: 'NC',
    });

    // The CSD: a wrong password is answered under its field; then the right one stores it.
    await page.getByTestId('csd-none').waitFor();
    await chooseDemoCsd(page);
    await page.getByLabel('Contraseña de la llave privada', { exact: false }).fill('equivocada');
    await page.getByRole('button', { name: 'Cargar certificado' }).click();
    await page.getByText('La contraseña de la llave privada no es correcta').waitFor();
    expect((await prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: olivos.id } })).certificate).toBeNull();
    await screenshot(page, 'fiscal-wrong-password');

    await page.getByLabel('Contraseña de la llave privada', { exact: false }).fill('12345678a');
    await page.getByRole('button', { name: 'Cargar certificado' }).click();
    await page.getByText('El certificado de sello digital ha sido cargado').waitFor();
    const current = page.getByTestId('csd-current');
    await current.getByText('30001000000500003416').waitFor();
    await current.getByText('ESCUELA KEMPER URGATE SA DE CV').waitFor();
    await current.getByText('Del 18/05/2023 al 18/05/2027').waitFor();
    await current.getByText('Vigente').waitFor();
    await current.getByText('Guardada (cifrada)').waitFor();
    await page.getByText('Lista para facturar').waitFor();
    expect(await page.getByLabel('Contraseña de la llave privada', { exact: false }).inputValue()).toBe('');
    const row = await prisma.fiscalInformation.findUniqueOrThrow({ where: { neighborhoodId: olivos.id } });
    expect(row.certificateNumber).toBe('30001000000500003416');
    expect(row.privateKeyPasswordEncrypted).toMatch(/^v1\./);
    // The page never received the password nor the key.
    expect(await page.content()).not.toContain('12345678a');
    await screenshotsAtBothWidths(page, 'fiscal-settings');

    // Typing another RFC warns that the stored certificate would go.
    await page.getByRole('textbox', { name: /^RFC/ }).fill('AAA010101AAA');
    await page.getByTestId('rfc-change-warning').waitFor();
    await page.getByRole('textbox', { name: /^RFC/ }).fill('EKU9003173C9');
    await page.getByTestId('rfc-change-warning').waitFor({ state: 'detached' });

    // A redirect that could not finish comes back with ?error=: shown as a warning.
    await page.goto(`${env.base}/neighborhood/settings/fiscal?error=${encodeURIComponent('No logramos validar el certificado con el PAC')}`);
    await page.getByRole('alert').filter({ hasText: 'No logramos validar el certificado con el PAC' }).waitFor();
    await screenshotsAtBothWidths(page, 'fiscal-settings-error');
    await page.context().close();
  });

  it('an owner cannot open the fiscal settings', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    expect(await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Datos fiscales' }).count()).toBe(0);
    await page.goto(`${env.base}/neighborhood/settings/fiscal`);
    await page.waitForURL(/\/not-available/);
    await page.context().close();
  });
});

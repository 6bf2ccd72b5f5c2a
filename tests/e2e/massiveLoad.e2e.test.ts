import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS } from '../../server/domains/property/massiveLoad/sheet.js';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('massive load in the browser', () => {
  it('the administrator downloads the template, uploads a sheet with a bad row, sees it and nothing is imported', async () => {
    const prisma = env.t.app.db.prisma;
    const before = await prisma.house.count();
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.locator('nav[data-menu-group="administration"]').getByRole('link', { name: 'Propietarios' }).click();
    await page.getByRole('link', { name: 'Carga masiva' }).click();
    await page.getByRole('heading', { name: 'Carga masiva de propiedades' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar plantilla' }).click()]);
    expect(download.suggestedFilename()).toBe('plantilla-carga-masiva.xlsx');
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile((await download.path())!);
    const sheet = template.getWorksheet('Propiedades')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));

    // Fill the downloaded template: one good row and one without exterior number and a bad e-mail.
    sheet.addRow(['Propiedad en avenida', 'E2E-01', '3', '1', 'Calle Tabachín', '101', null, null, null, null, null, 0, 'Elena', 'Soto', 'elena@correo.mx']);
    sheet.addRow(['Propiedad en avenida', 'E2E-02', '3', '2', 'Calle Tabachín', null, null, null, null, null, null, null, 'Mario', null, 'mario-correo']);
    const bytes = Buffer.from(await template.xlsx.writeBuffer());
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'propiedades.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    await page.getByRole('button', { name: 'Subir propiedades' }).click();

    await page.getByText('La carga masiva tiene errores').waitFor();
    await page.getByText('No se importó ninguna propiedad. Corrige la fila con errores y vuelve a subir el archivo.').waitFor();
    const row = page.getByTestId('massive-load-errors').getByRole('row', { name: /E2E-02/ });
    await row.getByText('Falta el número exterior').waitFor();
    await row.getByText('El correo del propietario no es válido').waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('3');
    await expect.poll(() => page.getByTestId('massive-load-errors').getByRole('row').count()).toBe(2);
    await screenshot(page, 'massive-load-errors');

    expect(await prisma.house.count()).toBe(before);
    expect(await prisma.user.count({ where: { email: 'elena@correo.mx' } })).toBe(0);
    expect(await prisma.street.count({ where: { name: 'Calle Tabachín' } })).toBe(0);
    await page.context().close();
  });
});

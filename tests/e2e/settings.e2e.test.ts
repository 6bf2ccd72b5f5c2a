import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('configuration screens in the browser', () => {
  it('the configuration administrator registers, filters and deletes streets', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Calles' }).click();
    await page.getByRole('heading', { name: 'Calles' }).waitFor();
    await page.getByRole('link', { name: 'Registrar calle' }).click();
    await page.getByLabel('Nombre').fill('Calle Cedro');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La calle ha sido registrada').waitFor();
    await page.getByLabel('Buscar por nombre').fill('cedro');
    await page.waitForURL(/name=cedro/);
    await page.getByRole('cell', { name: 'Calle Cedro' }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('row', { name: /Calle Cedro/ }).getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar calle' }).waitFor();
    expect(await page.getByLabel('Nombre').inputValue()).toBe('Calle Cedro');
    await page.getByLabel('Nombre').fill('Calle Cedro Sur');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La calle ha sido actualizada').waitFor();
    await page.getByLabel('Buscar por nombre').fill('cedro');
    await page.getByRole('row', { name: /Calle Cedro Sur/ }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('La calle ha sido eliminada').waitFor();
    await page.getByText('No hay registros').waitFor();
    await page.getByLabel('Buscar por nombre').fill('olivos');
    await page.getByRole('row', { name: /Av\. de los Olivos/ }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('No logramos eliminar la calle Av. de los Olivos. Recarga y vuelve a intentar').waitFor();
    await screenshot(page, 'streets');
    expect(await env.t.app.db.prisma.street.count({ where: { name: { startsWith: 'Calle Cedro' } } })).toBe(0);
    await page.context().close();
  });
});

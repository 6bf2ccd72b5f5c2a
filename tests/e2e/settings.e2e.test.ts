import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

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
    // The map centres on the community's postal code; without reachable map tiles the form goes on without it.
    await page.getByText('Mapa centrado en Querétaro').or(page.getByTestId('map-unavailable')).first().waitFor();
    await page.getByTestId('map-unavailable').or(page.locator('.leaflet-tile-loaded')).first().waitFor();
    await page.getByLabel('Nombre').fill('Calle Cedro');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La calle ha sido registrada').waitFor();
    await page.getByLabel('Buscar por nombre').fill('cedro');
    await page.waitForURL(/name=cedro/);
    await page.getByRole('cell', { name: 'Calle Cedro' }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page
      .getByRole('row', { name: /Calle Cedro/ })
      .getByRole('link', { name: 'Editar' })
      .click();
    await page.getByRole('heading', { name: 'Editar calle' }).waitFor();
    expect(await page.getByLabel('Nombre').inputValue()).toBe('Calle Cedro');
    await page.getByLabel('Nombre').fill('Calle Cedro Sur');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La calle ha sido actualizada').waitFor();
    await page.getByLabel('Buscar por nombre').fill('cedro');
    await page
      .getByRole('row', { name: /Calle Cedro Sur/ })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('La calle ha sido eliminada').waitFor();
    await page.getByText('Ningún registro coincide con la búsqueda').waitFor();
    await page.getByLabel('Buscar por nombre').fill('olivos');
    await page
      .getByRole('row', { name: /Av\. de los Olivos/ })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('No logramos eliminar la calle Av. de los Olivos. Recarga y vuelve a intentar').waitFor();
    await screenshot(page, 'streets');
    expect(await env.t.app.db.prisma.street.count({ where: { name: { startsWith: 'Calle Cedro' } } })).toBe(0);
    await page.context().close();
  });
});

describe('house types in the browser', () => {
  it('the administrator registers a predefined type and a custom one (Otro)', async () => {
    // The demo community holds every predefined type already: rename one so it can be registered again.
    await env.t.app.db.prisma.houseType.updateMany({
      where: { title: 'Lote sin construir', neighborhood: { domain: 'los_olivos' } },
      data: { title: 'Lotes (anterior)' },
    });
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Tipos de propiedad' }).click();
    await page.getByRole('heading', { name: 'Tipos de propiedad' }).waitFor();
    await page.getByRole('link', { name: 'Registrar tipo de propiedad' }).click();
    await page.getByRole('heading', { name: 'Registrar tipo de propiedad' }).waitFor();
    const save = page.getByRole('button', { name: 'Guardar' });
    // The core schema answers under each field, in the browser, before anything is sent.
    await save.click();
    await page.getByText('Elige un tipo de propiedad', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Tipo de propiedad' }).click();
    await page.getByRole('option', { name: 'Lote sin construir' }).click();
    await expect.poll(() => page.getByLabel('Calle', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Calle', { exact: true }).isDisabled()).toBe(true);
    // Los Olivos has maintenance settings and COBRANZA: the monthly fee is required.
    await save.click();
    await page.getByText('La cuota de mantenimiento es requerida').waitFor();
    const fee = page.getByLabel(/^Cuota de mantenimiento mensual/);
    await fee.fill('1250.5');
    expect(await fee.inputValue()).toBe('1,250.5');
    await expect.poll(() => page.getByText('La cuota de mantenimiento es requerida').count()).toBe(0);
    await screenshotsAtBothWidths(page, 'house-type-form');
    await save.click();
    await page.getByText('El tipo de propiedad ha sido registrado').waitFor();
    await page.getByRole('link', { name: 'Registrar tipo de propiedad' }).click();
    await page.getByRole('combobox', { name: 'Tipo de propiedad' }).click();
    await page.getByRole('option', { name: 'Otro' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El nombre del tipo de propiedad es requerido').waitFor();
    await page.getByLabel('Nombre del tipo').fill('Bodega');
    await page.getByLabel('Dimensión').check();
    await page.getByLabel('Lote').check();
    await page.getByLabel(/^Cuota de mantenimiento mensual/).fill('300');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El tipo de propiedad ha sido registrado').nth(1).waitFor();
    const bodegaRow = page.getByRole('row', { name: /Bodega/ });
    await bodegaRow.waitFor();
    // Fees in pesos, right-aligned; custom types carry their badge.
    await bodegaRow.getByRole('cell', { name: '$300.00' }).waitFor();
    expect(await bodegaRow.getByRole('cell', { name: '$300.00' }).evaluate((cell) => getComputedStyle(cell).textAlign)).toBe('right');
    await bodegaRow.getByText('Personalizado').waitFor();
    await page
      .getByRole('row', { name: /Lote sin construir/ })
      .getByRole('cell', { name: '$1,250.50' })
      .waitFor();
    const bodega = await env.t.app.db.prisma.houseType.findFirstOrThrow({ where: { title: 'Bodega' } });
    expect(bodega).toMatchObject({ isCustom: true, requireDimension: true, requireLot: true, requireStreet: false });
    const lote = await env.t.app.db.prisma.houseType.findFirstOrThrow({ where: { title: 'Lote sin construir', neighborhood: { domain: 'los_olivos' } } });
    expect(lote).toMatchObject({ isCustom: false, requireStreet: true, requireLot: false });
    expect(lote.amount?.toFixed(2)).toBe('1250.50');
    await page.reload();
    await bodegaRow.waitFor();
    await screenshotsAtBothWidths(page, 'house-types');

    // The page size and the name filter live in the query string and survive a reload.
    await page.getByLabel('Buscar por nombre').fill('bodega');
    await page.waitForURL(/name=bodega/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.reload();
    await bodegaRow.waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await page.getByLabel('Buscar por nombre').inputValue()).toBe('bodega');

    // Editing: the server's field errors land under their fields.
    await bodegaRow.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar tipo de propiedad' }).waitFor();
    expect(await page.getByLabel('Nombre del tipo').inputValue()).toBe('Bodega');
    expect(await page.getByLabel(/^Cuota de mantenimiento mensual/).inputValue()).toBe('300.00');
    await page.getByLabel(/^Cuota de mantenimiento mensual/).fill('310');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El tipo de propiedad ha sido actualizado').waitFor();
    await page
      .getByRole('row', { name: /Bodega/ })
      .getByRole('cell', { name: '$310.00' })
      .waitFor();
    await page.context().close();
  });
});

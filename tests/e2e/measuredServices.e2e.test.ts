// Measured services in the browser (spec 2): the administrator registers three service concepts
// (Consumo FIXED base, Drenaje PERCENT 20 with IVA 16, Total TOTAL), moves one, and a TABLE water
// service with three ranges, watching the live Drenaje and Total columns while typing the unit prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

async function newConcept(page: Page, name: string, type: string, extra: (page: Page) => Promise<void> = async () => {}) {
  await page.goto(`${env.base}/neighborhood/settings/services_concepts/form`);
  await page.getByLabel('Concepto').fill(name);
  await page.getByRole('combobox', { name: 'Tipo', exact: true }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await extra(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('cell', { name, exact: true }).first().waitFor();
}

describe('measured services in the browser', () => {
  it('concepts, then a water service with three ranges and live totals', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await newConcept(page, 'Agua consumida', 'Fijo por unidad');
    await newConcept(page, 'Saneamiento', 'Porcentaje', async (p) => {
      await p.getByLabel('Porcentaje del concepto base').fill('20');
      await p.getByLabel('Calcula IVA').check();
      await p.getByLabel('Porcentaje de IVA').fill('16');
    });
    await newConcept(page, 'Total a pagar', 'Total');
    // The demo's water service has a Drenaje concept with the same percentages, listed first.
    await page.getByText('20% del base · IVA 16%').last().waitFor();
    await page.getByRole('button', { name: 'Subir Total a pagar' }).click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('tbody tr td:first-child')]
          .map((td) => td.textContent)
          .slice(-3)
          .join(',') === 'Agua consumida,Total a pagar,Saneamiento',
    );
    await page.getByRole('button', { name: 'Bajar Total a pagar' }).click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('tbody tr td:first-child')]
          .map((td) => td.textContent)
          .slice(-3)
          .join(',') === 'Agua consumida,Saneamiento,Total a pagar',
    );
    await screenshot(page, 'measured-services-concepts');

    await page.goto(`${env.base}/services/form`);
    await page.getByLabel('Descripción').fill('Agua potable');
    for (const name of ['Agua consumida', 'Saneamiento', 'Total a pagar']) await page.getByRole('checkbox', { name: `Incluir ${name}` }).check();
    await page.getByRole('radio', { name: 'Agua consumida es el concepto base' }).check();
    // Saving with no range shows the rule; an empty range shows the spec's messages.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Agrega al menos un rango de consumo').waitFor();
    await page.getByRole('button', { name: 'Agregar rango' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El rango es requerido').first().waitFor();

    const rows: [string, string, string, string, string][] = [
      ['0', '10', '12.50', '$2.50', '$15.00'],
      ['10.001', '20', '15', '$3.00', '$18.00'],
      ['20.001', '999999', '18', '$3.60', '$21.60'],
    ];
    for (const [i, [from, to, price, drenaje, total]] of rows.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Agregar rango' }).click();
      await page.getByLabel(`Desde, rango ${i + 1}`).fill(from);
      await page.getByLabel(`Hasta, rango ${i + 1}`).fill(to);
      await page.getByLabel(`Agua consumida, rango ${i + 1}`).fill(price);
      await page.getByTestId(`range-${i}-PERCENT`).getByText(drenaje, { exact: true }).waitFor();
      await page.getByTestId(`range-${i}-TOTAL`).getByText(total, { exact: true }).waitFor();
    }
    await page.getByText('Hay conceptos que calculan IVA').waitFor();
    await screenshot(page, 'measured-services-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('cell', { name: 'Agua potable' }).waitFor();
    await screenshot(page, 'measured-services-list');

    const service = await env.t.app.db.prisma.measuredService.findFirstOrThrow({
      where: { description: 'Agua potable' },
      include: { ranges: { orderBy: { from: 'asc' } } },
    });
    expect(service.ranges.map((r) => [r.from.toString(), r.to.toString()])).toEqual([
      ['0', '10'],
      ['10.001', '20'],
      ['20.001', '999999'],
    ]);

    // Changing the concepts asks first and clears the ranges.
    await page.goto(`${env.base}/services/form/${service.id}`);
    await page.getByRole('checkbox', { name: 'Incluir Total a pagar' }).click();
    await page.getByText('Al cambiar los conceptos se borrarán los rangos capturados').waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).last().click();
    expect(await page.getByRole('checkbox', { name: 'Incluir Total a pagar' }).isChecked()).toBe(true);
    await page.getByLabel('Desde, rango 3').waitFor();
    await page.getByRole('checkbox', { name: 'Incluir Total a pagar' }).click();
    await page.getByRole('button', { name: 'Cambiar y borrar rangos' }).click();
    await page.getByLabel('Desde, rango 1').waitFor();
    expect(await page.getByLabel('Desde, rango 2').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Incluir Total a pagar' }).isChecked()).toBe(false);
    await screenshot(page, 'measured-services-concepts-changed');
  }, 180_000);
});

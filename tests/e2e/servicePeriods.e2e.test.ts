// Measured-service periods in the browser (spec 2 sections 2, 4): a water service charged by a three-range
// table (set up through the GraphQL API; the services list's «Periodos» link leads to it), a period opened on screen, readings typed on screen for the
// first houses and uploaded in the XLSX capture format for the rest (a sheet with a bad row saves
// nothing and lists the row), the period completed, its receipts generated, and one receipt in the
// owner's receipts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { houseLabel } from '../../core/houseLabel.js';
import { formatPesos } from '../../core/money.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let admin: string;
let serviceId: number;
let ownerHouseId: number;
let ownerLabel: string;
const dir = mkdtempSync(path.join(tmpdir(), 'service-periods-'));
const PERIOD = 'Agua bimestre noviembre-diciembre';

async function gql(query: string, variables: Record<string, unknown>) {
  const { body } = await env.t.gql(query, variables, { token: admin });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function concept(name: string, type: string): Promise<string> {
  const data = await gql(
    `mutation($input: CreateServiceConceptInput!) { createServiceConcept(input: $input) { __typename
      ... on MutationCreateServiceConceptSuccess { data { concept { id } } } ... on Error { message } } }`,
    { input: { concept: { name, type } } },
  );
  expect(data.createServiceConcept.__typename).toBe('MutationCreateServiceConceptSuccess');
  return data.createServiceConcept.data.concept.id;
}

beforeAll(async () => {
  env = await startBrowserEnv();
  admin = await env.t.signIn('admin@demo.mx');
  // The water service: m³ at the range's price (base) plus a fixed fee per range.
  const units = await concept('Consumo de agua', 'FIXED');
  const fee = await concept('Cuota fija de agua', 'FIXED_TOTAL');
  const range = (from: string, to: string, price: string, fixed: string) => ({
    from,
    to,
    amounts: [
      { conceptId: units, amount: price },
      { conceptId: fee, amount: fixed },
    ],
  });
  const created = await gql(
    `mutation($input: CreateMeasuredServiceInput!) { createMeasuredService(input: $input) { __typename
      ... on MutationCreateMeasuredServiceSuccess { data { service { databaseId } } } ... on Error { message } ... on InputError { issues { field message } } } }`,
    {
      input: {
        service: {
          description: 'Agua potable',
          type: 'TABLE',
          concepts: [
            { conceptId: units, base: true },
            { conceptId: fee, base: false },
          ],
          ranges: [range('0', '10', '8', '40'), range('10.001', '30', '12', '50'), range('30.001', '99999', '18', '60')],
        },
      },
    },
  );
  expect(created.createMeasuredService.__typename).toBe('MutationCreateMeasuredServiceSuccess');
  serviceId = created.createMeasuredService.data.service.databaseId;
  const house = await env.t.app.db.prisma.house.findFirstOrThrow({
    where: { owner: { email: 'propietario@demo.mx' }, neighborhood: { domain: 'los_olivos' } },
  });
  ownerHouseId = house.id;
  ownerLabel = houseLabel(house);
});
afterAll(() => env?.close());

const readingInput = (page: Page, label: string) => page.getByLabel(`Lectura de ${label}`, { exact: true });

describe('measured-service periods in the browser', () => {
  it('the administrator opens a period, captures on screen and by sheet, completes it and generates the receipts; the owner sees one', async () => {
    const prisma = env.t.app.db.prisma;
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    // From the services list (its «Periodos» link) to the service's periods.
    await page.locator('nav[data-menu-group="administration"]').getByRole('link', { name: 'Servicios medidos' }).click();
    await page
      .getByRole('row', { name: /Agua potable/ })
      .getByRole('link', { name: 'Periodos' })
      .click();
    await page.getByRole('heading', { name: 'Periodos de Agua potable' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/services/${serviceId}/periods`);
    await page.getByText('Aún no hay periodos').waitFor();

    // The form: a TABLE service takes neither cost nor rate.
    await page.getByRole('link', { name: 'Nuevo periodo' }).click();
    await page.getByRole('heading', { name: 'Nuevo periodo' }).waitFor();
    await page.getByTestId('table-fixed').waitFor();
    expect(await page.getByLabel('Costo por unidad').count()).toBe(0);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La descripción es requerida').waitFor();
    await page.getByText('La fecha límite es requerida').waitFor();
    await page.getByLabel('Descripción').fill(PERIOD);
    await page.getByRole('button', { name: /^Fecha límite/ }).click();
    await page.locator('button[data-direction="next"]').first().click();
    await page.locator('button[aria-label^="15 "]:not([data-outside])').click();
    await screenshotsAtBothWidths(page, 'servicePeriods-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El periodo ha sido registrado').waitFor();
    await page.getByRole('heading', { name: 'Periodos de Agua potable' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(PERIOD) });
    await row.getByText('Nuevo', { exact: true }).waitFor();
    // One pending period at a time.
    await page.getByTestId('pending-period').waitFor();
    expect(await page.getByRole('link', { name: 'Nuevo periodo' }).count()).toBe(0);
    await screenshotsAtBothWidths(page, 'servicePeriods-list');

    // «Iniciar captura»: one reading per active house, from 0 in the service's first period.
    await row.getByRole('button', { name: `Iniciar captura de ${PERIOD}` }).click();
    await page.getByRole('heading', { name: `Lecturas de ${PERIOD}` }).waitFor();
    const period = await prisma.servicePeriod.findFirstOrThrow({ where: { serviceId, description: PERIOD } });
    expect(period.status).toBe('READY');
    const houses = await prisma.measurement.count({ where: { periodId: period.id } });
    expect(houses).toBeGreaterThan(20);
    await page.getByTestId('capture-progress').getByText(`0 de ${houses} propiedades con lectura`).waitFor();

    // On screen: the owner's house (found with the filter), then the next rows with Enter.
    await page.getByLabel('Buscar propiedad').fill(ownerLabel);
    await page.getByText('1 registro', { exact: true }).waitFor();
    await readingInput(page, ownerLabel).fill('12.5');
    await page.getByTestId(`capture-row-${ownerLabel}`).getByTestId('consumption').getByText('12.5').waitFor();
    await page.getByTestId('save-state').getByText('Guardado').waitFor();
    await page.getByLabel('Buscar propiedad').fill('');
    await page.getByTestId('capture-table').locator('tbody tr').nth(5).waitFor();
    const labels = (await page.getByTestId('capture-table').locator('tbody tr td:first-child').allInnerTexts()).map((l) => l.split('\n')[0].trim());
    const onScreen = labels.filter((l) => l !== ownerLabel).slice(0, 3);
    await readingInput(page, onScreen[0]).click();
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await page.keyboard.type('31');
    await page.keyboard.press('Enter');
    // A reading with too many decimals is refused beside its row, without sending it.
    await page.keyboard.type('4.12345');
    await page.getByText('Escribe una lectura numérica, con hasta tres decimales').waitFor();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.getByTestId('save-state').getByText('Guardado').waitFor();
    await screenshotsAtBothWidths(page, 'servicePeriods-capture');
    const typed = await prisma.measurement.findMany({ where: { periodId: period.id, measurement: { not: null } }, include: { house: true } });
    expect(Object.fromEntries(typed.map((m) => [houseLabel(m.house), m.measurement!.toString()]))).toEqual({
      [ownerLabel]: '12.5',
      [onScreen[0]]: '7',
      [onScreen[1]]: '31',
      [onScreen[2]]: '4.123',
    });

    // The capture format: every house with what is captured so far.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar formato' }).click()]);
    const sheetPath = path.join(dir, download.suggestedFilename());
    await download.saveAs(sheetPath);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(sheetPath);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(houses + 1);
    let blank = 0;
    let badRow = 0;
    sheet.eachRow((r, n) => {
      if (n === 1 || r.getCell(4).value != null) return;
      blank++;
      r.getCell(4).value = (n % 25) + 1;
      if (!badRow) badRow = n;
    });
    expect(blank).toBe(houses - 4);
    // First with a bad reading: nothing is saved and the row is named.
    sheet.getRow(badRow).getCell(4).value = 'doce';
    const badPath = path.join(dir, 'con-error.xlsx');
    await workbook.xlsx.writeFile(badPath);
    await page.locator('input[type="file"]').setInputFiles(badPath);
    await page.getByTestId('sheet-errors').waitFor();
    await page.getByText('El archivo tiene 1 fila con error; no se guardó ninguna lectura.').waitFor();
    await page
      .getByTestId('sheet-errors')
      .getByRole('cell', { name: String(badRow), exact: true })
      .waitFor();
    await screenshotsAtBothWidths(page, 'servicePeriods-upload-errors');
    expect(await prisma.measurement.count({ where: { periodId: period.id, measurement: { not: null } } })).toBe(4);
    // «Completar» before every house has its reading: the server's message.
    await page.getByRole('button', { name: 'Completar' }).click();
    await page.getByText(`Falta capturar la medición de ${houses - 4} propiedades`).waitFor();

    sheet.getRow(badRow).getCell(4).value = 3;
    const goodPath = path.join(dir, 'completo.xlsx');
    await workbook.xlsx.writeFile(goodPath);
    await page.locator('input[type="file"]').setInputFiles(goodPath);
    await page.getByText('Las mediciones de la hoja de cálculo han sido guardadas').waitFor();
    await page.getByTestId('capture-progress').getByText(`${houses} de ${houses} propiedades con lectura`).waitFor();
    expect(await page.getByTestId('sheet-errors').count()).toBe(0);

    await page.getByRole('button', { name: 'Completar' }).click();
    await page.getByText('Las mediciones del periodo han sido finalizadas').waitFor();
    await page.getByTestId('capture-closed').waitFor();
    expect(await readingInput(page, labels[0]).getAttribute('readonly')).not.toBeNull();

    // «Generar recibos» with how many it makes.
    await page.getByRole('button', { name: `Generar recibos de ${PERIOD}` }).click();
    await page.getByRole('dialog').getByTestId('generate-count').getByText(`Se generarán hasta ${houses} recibos`, { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Generar recibos' }).click();
    await page.getByText(/Los recibos del periodo han sido generados: \d+ recibos/).waitFor();
    const receipts = await prisma.receipt.findMany({ where: { servicePeriodId: period.id } });
    expect(receipts).toHaveLength(houses);
    const ownerReceipt = receipts.find((r) => r.houseId === ownerHouseId)!;
    // 12.5 m³ in the 10.001–30 range: 12.5 × $12 + $50.
    expect(ownerReceipt.amount.toString()).toBe('200');

    await page.getByRole('link', { name: 'Ver recibos' }).click();
    await page.getByRole('heading', { name: `Recibos de ${PERIOD}` }).waitFor();
    const adminRow = page.getByRole('row', { name: new RegExp(`^${ownerLabel}\\b`) });
    await adminRow.getByText(formatPesos('200')).waitFor();
    await adminRow.getByText('12.5').waitFor();
    expect(await adminRow.getByRole('link', { name: `Ver recibo de ${ownerLabel}` }).getAttribute('href')).toBe(
      `/houses/${ownerHouseId}/receipts/${ownerReceipt.id}`,
    );
    await screenshotsAtBothWidths(page, 'servicePeriods-receipts');

    await page.getByRole('link', { name: 'Volver a periodos' }).click();
    await page
      .getByRole('row', { name: new RegExp(PERIOD) })
      .getByText('Aplicado')
      .waitFor();
    // The period is applied: a new one may be registered again.
    await page.getByRole('link', { name: 'Nuevo periodo' }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(PERIOD) })
      .getByRole('link', { name: 'Ver ingresos' })
      .click();
    await page.getByRole('heading', { name: `Ingresos de ${PERIOD}` }).waitFor();
    const charged = receipts.reduce((sum, r) => sum + Number(r.amount), 0);
    await page
      .getByTestId('total-charged')
      .getByText(formatPesos(charged.toFixed(2)))
      .waitFor();
    await page.getByTestId('total-paid').getByText(formatPesos('0')).waitFor();
    await page
      .getByTestId('total-pending')
      .getByText(formatPesos(charged.toFixed(2)))
      .waitFor();
    await page.getByText('Aún no hay pagos de este periodo').waitFor();
    await screenshotsAtBothWidths(page, 'servicePeriods-incomes');
    // The period under another service's path is not found.
    await page.goto(`${env.base}/services/${serviceId + 1000}/periods/${period.id}/measurements`);
    await page.getByText('No encontramos este periodo o servicio.').waitFor();
    await page.close();

    // The owner finds the water receipt among the house's receipts.
    const owner = await env.newPage();
    await signInToShell(owner, env.base, 'propietario@demo.mx');
    await owner.goto(`${env.base}/houses/receipts`);
    await owner.getByRole('heading', { name: 'Recibos' }).waitFor();
    const ownerRow = owner.getByRole('row', { name: new RegExp(ownerReceipt.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await ownerRow.getByRole('link', { name: `Ver recibo ${ownerReceipt.description}` }).waitFor();
    await ownerRow.getByText(formatPesos('200')).first().waitFor();
    await screenshotsAtBothWidths(owner, 'servicePeriods-owner-receipts');
    // The capture is the administration's.
    await owner.goto(`${env.base}/services/${serviceId}/periods/${period.id}/measurements`);
    await owner.waitForURL(/\/not-available/);
  }, 240_000);
});

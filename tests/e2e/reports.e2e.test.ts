// The money reports in the browser (spec 2 sections 2 and 7): an administrator opens the incomes report
// of this month, downloads its XLSX (totals checked), opens the neighbourhood statement, follows its
// figures per account and prints its PDF ('Imprimir').
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPesos } from '../../core/money.js';
import { todayIn } from '../../core/receipts.js';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let total: string;
let closing: string;

beforeAll(async () => {
  env = await startBrowserEnv();
  const admin = await env.t.signIn('admin@demo.mx');
  const today = todayIn('America/Mexico_City');
  const from = `${today.slice(0, 8)}01`;
  const { body } = await env.t.gql(
    `query($from: String, $to: String) { incomesReport(from: $from, to: $to) { total }
      neighborhoodStatement(from: $from, to: $to) { closing } }`,
    { from, to: today },
    { token: admin },
  );
  total = body.data.incomesReport.total;
  closing = body.data.neighborhoodStatement.closing;
}, 120_000);
afterAll(() => env?.close());

describe('money reports in the browser', () => {
  it('an administrator reads the incomes of this month, downloads the XLSX, and prints the statement', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/neighborhood/incomes`);
    await page.getByRole('heading', { name: 'Reporte de ingresos' }).waitFor();
    await page.getByTestId('incomes-totals').getByText(formatPesos(total)).first().waitFor();
    await screenshot(page, 'reports-incomes');

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^ingresos-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(readFileSync((await xlsx.path()) as string)).buffer);
    const summary: unknown[][] = [];
    workbook.getWorksheet('Resumen')?.eachRow((row) => summary.push((row.values as unknown[]).slice(1)));
    expect(summary.find((r) => r[0] === 'Total de ingresos')?.[2]).toBe(Number(total));

    // The date kind lives in the query string.
    await page.getByText('Fecha de pago').click();
    await page.waitForURL('**date_kind=PAYMENT_DATE**');

    await page.goto(`${env.base}/neighborhood-statements`);
    await page.getByRole('heading', { name: 'Estado de cuenta de la comunidad' }).waitFor();
    await page.getByTestId('statement-totals').getByText(formatPesos(closing)).first().waitFor();
    await page.getByRole('link', { name: 'Ver el reporte de ingresos' }).waitFor();
    await page.getByRole('link', { name: 'Ver los egresos del periodo' }).waitFor();
    await screenshot(page, 'reports-statement');

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Imprimir' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^estado-de-cuenta-.*\.pdf$/);
    const bytes = readFileSync((await pdf.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('link', { name: 'Ver el reporte de ingresos' }).click();
    await page.waitForURL('**/neighborhood/incomes?**');
    await page.getByRole('heading', { name: 'Reporte de ingresos' }).waitFor();
  }, 120_000);
});

// The money screens agree (issue 25): an administrator reads this month's incomes and the gateway's balance
// on the dashboard, finds the same figures in the incomes report, the community statement and the
// transactions' balances, then opens every receipt the dashboard lists in review and approves one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
}, 180_000);
afterAll(() => env?.close());

describe('the money screens agree', () => {
  it('dashboard, incomes, statement and transactions show the same month; every receipt in review opens an approvable review', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.getByTestId('menu-home').click();
    await page.getByTestId('money-dashboard').waitFor();
    const figure = async (testId: string) => {
      const text = (await page.getByTestId(testId).innerText()).match(/-?\$[\d,]+\.\d{2}/);
      expect(text, testId).not.toBeNull();
      return text![0];
    };
    const incomes = await figure('kpi-incomes');
    const gateway = await figure('kpi-gateway');
    await screenshot(page, 'money-figures-dashboard');

    // The incomes report of this month (the screen's default period) counts the same money.
    await page.goto(`${env.base}/neighborhood/incomes`);
    await page.getByTestId('incomes-totals').getByText(incomes).first().waitFor();

    // The statement: the same incomes, and the gateway closes at the dashboard's balance.
    await page.goto(`${env.base}/neighborhood-statements`);
    const statement = page.getByTestId('statement-totals');
    await statement.getByText(incomes).first().waitFor();
    const gatewayRow = page.getByTestId('statement-accounts').getByRole('row', { name: /Pasarela de pagos/ });
    await gatewayRow.getByText(gateway).first().waitFor();
    const bankRow = page.getByTestId('statement-accounts').getByRole('row').filter({ hasText: 'BBVA' });
    const bankCells = await bankRow.getByRole('cell').allInnerTexts();
    const bankClosing = bankCells[6];
    expect(bankClosing).toMatch(/^\$[\d,]+\.\d{2}$/);
    await screenshot(page, 'money-figures-statement');

    // Transactions: the balances per account are the statement's.
    await page.goto(`${env.base}/neighborhood/transactions`);
    const balances = page.getByRole('table').filter({ hasText: /Pasarela de pagos/ });
    await balances
      .getByRole('row', { name: /Pasarela de pagos/ })
      .getByText(gateway)
      .first()
      .waitFor();
    await balances.getByRole('row').filter({ hasText: 'BBVA' }).getByText(bankClosing).first().waitFor();
    await screenshot(page, 'money-figures-transactions');

    // Every receipt the dashboard lists in review opens a review with the owner's payment, ready to approve.
    await page.getByTestId('menu-home').click();
    const inReview = page.getByTestId('in-review');
    await inReview.waitFor();
    const links = await inReview.getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      await page.goto(`${env.base}${href}`);
      await page.getByRole('button', { name: 'Aceptar pago' }).waitFor();
      await expect(page.getByText('Este recibo no tiene un pago externo').count()).resolves.toBe(0);
    }
    await screenshot(page, 'money-figures-review');
    await page.getByRole('button', { name: 'Aceptar pago' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Aceptar/ })
      .click();
    await page.getByText('El pago externo ha sido aceptado').first().waitFor();
  });
});

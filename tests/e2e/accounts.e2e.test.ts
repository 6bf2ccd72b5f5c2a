import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('income accounts and accounting accounts in the browser', () => {
  it('the configuration administrator registers a CLABE account, edits and deletes it, and saves accounting accounts', async () => {
    const prisma = env.t.app.db.prisma;
    const page = await env.newPage();
    await signInToShell(page, env.base, 'config@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Cuentas', exact: true }).click();
    await page.getByRole('heading', { name: 'Cuentas de ingreso' }).waitFor();
    await screenshotsAtBothWidths(page, 'income-accounts');
    await page.getByRole('link', { name: 'Registrar cuenta' }).first().click();
    await page.getByLabel('Descripción', { exact: false }).fill('Cuenta de cobranza Banorte');
    await page.getByLabel('Titular').fill('Asociación de Colonos');
    // A wrong check digit is refused in the browser, under the field.
    await page.getByRole('textbox', { name: 'CLABE' }).fill('072180001234567890');
    await page.getByRole('textbox', { name: 'CLABE' }).press('Tab');
    await page.getByText('dígito verificador', { exact: false }).first().waitFor();
    await page.getByRole('textbox', { name: 'CLABE' }).fill('002180700845528910');
    await page.getByTestId('clabe-bank').waitFor();
    expect(await page.getByTestId('clabe-bank').innerText()).toMatch(/^Banco: /);
    await page.getByLabel('Cuenta contable', { exact: false }).fill('102-01-003');
    await screenshotsAtBothWidths(page, 'income-account-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La cuenta ha sido registrada').waitFor();
    await page.getByRole('heading', { name: 'Cuentas de ingreso' }).waitFor();
    const saved = await prisma.incomeAccount.findFirstOrThrow({ where: { description: 'Cuenta de cobranza Banorte' } });
    expect(saved).toMatchObject({ accountType: 'CLABE', accountNumber: '002180700845528910', accountingAccount: '102-01-003', deletedAt: null });

    await page.goto(`${env.base}/neighborhood/accounts/${saved.id}`);
    await page.getByRole('heading', { name: 'Cuenta de cobranza Banorte' }).waitFor();
    await page.getByLabel('Descripción', { exact: false }).fill('Cuenta de cobranza Banamex');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La cuenta ha sido actualizada').waitFor();
    expect((await prisma.incomeAccount.findUniqueOrThrow({ where: { id: saved.id } })).description).toBe('Cuenta de cobranza Banamex');

    await page.goto(`${env.base}/neighborhood/accounts/${saved.id}`);
    await page.getByRole('button', { name: 'Eliminar cuenta' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('La cuenta ha sido eliminada').waitFor();
    expect((await prisma.incomeAccount.findUniqueOrThrow({ where: { id: saved.id } })).deletedAt).not.toBeNull();

    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Cuentas contables' }).click();
    await page.getByRole('heading', { name: 'Cuentas contables' }).waitFor();
    const banks = page.getByTestId('accounting-BANKS');
    await banks.getByRole('textbox').first().fill('102-09');
    await banks.getByRole('textbox').nth(1).fill('Bancos nacionales');
    // A number out of format is refused under its field before anything is sent.
    await page.getByTestId('accounting-GATEWAY_FEES').getByRole('textbox').first().fill('10.2');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('accounting-GATEWAY_FEES').getByText('grupos de dígitos separados por guiones', { exact: false }).waitFor();
    await page.getByTestId('accounting-GATEWAY_FEES').getByRole('textbox').first().fill('601-84');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Las cuentas contables han sido actualizadas').waitFor();
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    expect(await prisma.accountingAccountSetting.findUnique({ where: { neighborhoodId_key: { neighborhoodId: olivos.id, key: 'BANKS' } } })).toMatchObject({
      number: '102-09',
      name: 'Bancos nacionales',
    });
    await screenshotsAtBothWidths(page, 'accounting-accounts');
    await page.context().close();
  });

  it('the administrator reads the catalogue of accounting accounts in use', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/neighborhood/accounting-accounts`);
    await page.getByTestId('accounting-catalogue').waitFor();
    await page.getByTestId('accounting-catalogue').getByText('Configuración: Bancos').first().waitFor();
    await screenshotsAtBothWidths(page, 'accounting-catalogue');
    await page.context().close();
  });
});

// Issue 10's journey: a community created through public sign-up is configured entirely from the browser
// until the dashboard says its collections (COBRANZA) and invoicing (FACTURACION) are configured.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseDemoCsd, screenshotsAtBothWidths, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const configMenu = (page: Page, name: string) => page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Guardar' }).click();

describe('configuring a new community from sign-up', () => {
  // A journey through a dozen screens: about 50 s alone, more on a loaded machine.
  it('reaches "Todo configurado" for Cobranza and Facturación through the screens alone', async () => {
    const prisma = env.t.app.db.prisma;
    const page = await env.newPage();
    await page.goto(`${env.base}/sign-up`);
    await page.getByLabel(/^Nombre de la comunidad/).fill('Privada Los Encinos');
    await page.getByLabel(/^Dominio/).fill('los_encinos');
    await page.getByLabel(/^Nombre \*?$/).fill('Rocío');
    await page.getByLabel(/^Correo electrónico/).fill('rocio@encinos.mx');
    await page.getByLabel(/^Contraseña/).fill('encinos-2026');
    await page.getByRole('button', { name: 'Registrar comunidad' }).click();
    await page.getByRole('banner').filter({ hasText: 'Privada Los Encinos' }).waitFor();
    const community = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_encinos' } });

    // Modules: collections and invoicing, with the terms.
    await configMenu(page, 'Módulos').click();
    await page.getByRole('heading', { name: 'Módulos' }).waitFor();
    await page.getByRole('checkbox', { name: 'Facturación', exact: true }).check();
    expect(await page.getByRole('checkbox', { name: 'Cobranza', exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Acepto los términos y condiciones').check();
    await page.getByRole('button', { name: 'Activar módulos' }).click();
    await page.getByText('Los módulos han sido activados').waitFor();

    // The dashboard now has a widget per module, nothing configured yet.
    await page.getByTestId('menu-home').click();
    const cobranza = page.getByTestId('setup-COBRANZA');
    await cobranza.getByText('0 de 5 pasos configurados').waitFor();
    await page.getByTestId('setup-FACTURACION').getByText('0 de 1 pasos configurados').waitFor();

    // General data: the address, whose postal code invoices carry.
    await configMenu(page, 'Datos generales').click();
    await page.getByRole('heading', { name: 'Datos generales' }).waitFor();
    await page.getByLabel('Calle', { exact: true }).fill('Av. Encinos');
    await page.getByLabel('Código postal').fill('76230');
    await save(page);
    await page.getByText('Los datos generales han sido actualizados').waitFor();

    // A house type with its monthly fee.
    await configMenu(page, 'Tipos de propiedad').click();
    await page.getByRole('link', { name: 'Registrar tipo de propiedad' }).first().click();
    await page.getByRole('combobox', { name: 'Tipo de propiedad' }).click();
    await page.getByRole('option', { name: 'Propiedad en avenida' }).click();
    const fee = page.getByLabel(/^Cuota de mantenimiento mensual/);
    if (await fee.count()) await fee.fill('1250');
    await save(page);
    await page.getByText('El tipo de propiedad ha sido registrado').waitFor();

    // Maintenance settings: the cut-off day and the fee of every house type.
    await configMenu(page, 'Mantenimiento').click();
    await page.getByRole('heading', { name: 'Mantenimiento', exact: true }).waitFor();
    await page.getByLabel(/^Día de corte/).fill('1');
    await page.getByLabel('Cuota mensual de Propiedad en avenida').fill('1250');
    await save(page);
    await page.getByText('La configuración de mantenimiento ha sido actualizada').waitFor();

    // An income account.
    await configMenu(page, 'Cuentas').click();
    await page.getByRole('link', { name: 'Registrar cuenta' }).first().click();
    await page.getByRole('textbox', { name: 'CLABE' }).waitFor();
    await page.getByLabel('Descripción', { exact: false }).fill('Cuenta de cobranza');
    await page.getByRole('textbox', { name: 'CLABE' }).fill('002180700845528910');
    await save(page);
    await page.getByText('La cuenta ha sido registrada').waitFor();

    // An income concept of the community's own.
    await configMenu(page, 'Conceptos de ingreso').click();
    await page.getByRole('link', { name: 'Registrar concepto' }).first().click();
    await page.getByLabel('Descripción').fill('Tarjeta de acceso');
    await save(page);
    await page.getByText('El concepto ha sido registrado').waitFor();

    // Expense settings and an expense concept.
    await configMenu(page, 'Egresos').click();
    await page.getByRole('heading', { name: 'Configuración de egresos' }).waitFor();
    await save(page);
    await page.getByText('La configuración de egresos ha sido actualizada').waitFor();
    await page.getByRole('link', { name: 'Conceptos de egreso' }).first().click();
    await page.getByRole('link', { name: 'Registrar concepto de egreso' }).first().click();
    await page.getByLabel(/^Concepto/).fill('Vigilancia');
    await save(page);
    await page.getByText('El concepto de egreso ha sido registrado').waitFor();

    // Accounting accounts: banks, receivables and maintenance income.
    await configMenu(page, 'Cuentas contables').click();
    await page.getByRole('heading', { name: 'Cuentas contables' }).waitFor();
    for (const [key, number] of [
      ['BANKS', '102-01'],
      ['RECEIVABLES', '105-01'],
      ['MAINTENANCE_INCOME', '401-01'],
    ]) {
      await page.getByTestId(`accounting-${key}`).getByRole('textbox').first().fill(number);
    }
    await save(page);
    await page.getByText('Las cuentas contables han sido actualizadas').waitFor();

    // Fiscal data and the CSD.
    await configMenu(page, 'Datos fiscales').click();
    await page.getByRole('heading', { name: 'Datos fiscales', exact: true }).waitFor();
    await page.getByRole('textbox', { name: /^RFC/ }).fill('EKU9003173C9');
    await page.getByLabel('Razón social', { exact: false }).fill('Escuela Kemper Urgate');
    await page.getByRole('combobox', { name: 'Régimen fiscal' }).click();
    await page.getByRole('option', { name: '601 - General de Ley Personas Morales' }).click();
    await page.getByLabel('Serie de facturas', { exact: false }).fill('F');
    await page.getByLabel('Serie de notas de crédito', { exact: false }).fill('NC');
    await save(page);
    await page.getByText('Los datos fiscales han sido actualizados').waitFor();
    await chooseDemoCsd(page);
    await page.getByLabel('Contraseña de la llave privada', { exact: false }).fill('12345678a');
    await page.getByRole('button', { name: 'Cargar certificado' }).click();
    await page.getByText('El certificado de sello digital ha sido cargado').waitFor();

    // The dashboard: both modules configured.
    await page.getByTestId('menu-home').click();
    await page.getByTestId('setup-COBRANZA').getByText('Todo configurado').waitFor();
    await page.getByTestId('setup-FACTURACION').getByText('Todo configurado').waitFor();
    await page.getByTestId('setup-COBRANZA').getByRole('button', { name: 'Mostrar pasos' }).click();
    await page.getByTestId('setup-COBRANZA').getByRole('link', { name: 'Cuentas contables' }).waitFor();
    await screenshotsAtBothWidths(page, 'community-setup-dashboard');

    // The legacy summary agrees, step by step.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const module of ['COBRANZA', 'FACTURACION']) {
      const { body } = await env.t.rest('GET', `/neighborhoods/${community.id}/settings/summary?module=${module}`, undefined, { cookie });
      expect(body.setting_steps.length).toBeGreaterThan(0);
      expect(body.setting_steps.every((s: { configured: boolean }) => s.configured)).toBe(true);
    }
    await page.context().close();
  }, 180_000);
});

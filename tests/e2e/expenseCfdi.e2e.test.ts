// Providers' CFDI in the browser (spec 2): on /expenses/form an administrator loads a provider's XML and the
// form fills the provider and the lines, then saves (the CFDI is linked); on /expenses/{id}/cfdi an approved
// expense receives its CFDI (preview, confirm) and becomes invoiced.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, PROVIDER_RFC, RECEIVER_RFC } from '../fixtures/providerCfdi/generate.js';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let olivos: number;
let providerId: number;

const upload = async (page: Page, file: string) => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Cargar CFDi (XML)' }).click();
  await (await chooser).setFiles(path.join(FIXTURES_DIR, file));
};

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  olivos = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  // The demo community invoices as EKU9003173C9 (SAT's test CSD), the fixtures' provider: here it receives as XIA190128J61.
  await prisma.fiscalInformation.updateMany({ where: { neighborhoodId: olivos }, data: { rfc: RECEIVER_RFC } });
  const existing = await prisma.provider.findFirst({ where: { neighborhoodId: olivos, rfc: PROVIDER_RFC } });
  providerId =
    existing?.id ??
    (await prisma.provider.create({ data: { neighborhoodId: olivos, name: 'Escuela Kemper Urgate', rfc: PROVIDER_RFC, paymentMethod: 'TRANSFER' } })).id;
}, 120_000);
afterAll(() => env?.close());

describe('providers CFDI in the browser', () => {
  it('the expense form fills provider and lines from a CFDI 4.0 and saves it linked', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/expenses/form`);
    await upload(page, 'provider-4.0.xml');
    // The lines are the invoice's (the form's inputs hold their values; they carry no value attribute).
    await page.getByTestId('total-total').getByText('$2,719.00').waitFor();
    expect(await page.getByTestId('expense-line-0').getByLabel('Descripción del concepto').inputValue()).toBe('Mantenimiento de jardines & áreas verdes');
    expect(await page.getByTestId('expense-line-1').getByLabel('Descripción del concepto').inputValue()).toBe('Bolsas para basura');
    await screenshotsAtBothWidths(page, 'expense-cfdi-form');
    await page.getByRole('button', { name: 'Guardar egreso' }).click();
    await page.getByText('El egreso ha sido registrado').waitFor();
    await page.waitForURL('**/expenses/*/detail');
    const id = Number(/expenses\/(\d+)\/detail/.exec(page.url())?.[1]);
    const cfdi = await env.t.app.db.prisma.expenseCfdi.findFirstOrThrow({ where: { uuid: '9E8D7C6B-5A4F-4E3D-8C2B-1A0F9E8D7C6B', active: true } });
    expect(cfdi).toMatchObject({ expenseId: id, providerId });
    expect((await env.t.app.db.prisma.expense.findUniqueOrThrow({ where: { id } })).invoiced).toBe(true);

    // The same XML again: refused with the spec's message.
    await page.goto(`${env.base}/expenses/form`);
    await upload(page, 'provider-4.0.xml');
    await page.getByRole('alert').getByText('El CFDi seleccionado ya fué procesado antes').first().waitFor();
  });

  it('an approved expense receives its CFDI 3.3 on /expenses/{id}/cfdi and becomes invoiced', async () => {
    const prisma = env.t.app.db.prisma;
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    const expense = await prisma.expense.create({
      data: {
        neighborhoodId: olivos,
        status: 'APPROVED',
        providerId,
        description: 'Jardinería de junio',
        operationDate: new Date('2021-06-10'),
        subtotal: '3125.00',
        discount: '300.00',
        transferredTaxes: '452.00',
        retainedTaxes: '558.00',
        total: '2719.00',
        createdByUserId: admin.id,
      },
    });
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/expenses/${expense.id}/cfdi`);
    await upload(page, 'provider-3.3.xml');
    const preview = page.getByTestId('cfdi-preview');
    await preview.getByText('5B3A1F0C-2D4E-4A6B-9C8D-0E1F2A3B4C5D').waitFor();
    await preview.getByText('Bolsas para basura').waitFor();
    await screenshotsAtBothWidths(page, 'expense-cfdi-add');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Agregar CFDi al egreso' }).click();
    await page.getByText('El CFDi se agregó al egreso').waitFor();
    await page.waitForURL(`**/expenses/${expense.id}/detail`);
    await screenshot(page, 'expense-cfdi-added-detail');
    const after = await prisma.expense.findUniqueOrThrow({ where: { id: expense.id }, include: { attachments: true } });
    expect(after).toMatchObject({ status: 'INVOICE', invoiced: true });
    expect(after.attachments.map((a) => a.isCfdi)).toEqual([true]);
    // Invoiced now: the page says it no longer accepts one.
    await page.goto(`${env.base}/expenses/${expense.id}/cfdi`);
    await page.getByText('Solo los egresos aprobados que aún no tienen factura aceptan un CFDi').waitFor();
  });
});

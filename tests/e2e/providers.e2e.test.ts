// Providers and expense attachments in the browser (spec 2 Provider, Attachment): an administrator
// registers a provider paid by transfer (the CLABE names its bank), finds it in the list by name, edits
// it to a cheque provider; then attaches a PDF to an expense and deletes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let expenseId: number;

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
  expenseId = (
    await prisma.expense.create({
      data: {
        neighborhoodId: 1,
        status: 'NEW',
        operationDate: new Date('2026-11-20'),
        description: 'Poda de árboles del parque',
        subtotal: '4500.00',
        total: '4500.00',
        createdByUserId: admin.id,
      },
    })
  ).id;
}, 120_000);
afterAll(() => env?.close());

describe('providers in the browser', () => {
  it('registers a TRANSFER provider with its CLABE, finds it in the list and edits it', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/providers`);
    await page.getByRole('link', { name: 'Registrar un proveedor' }).first().click();
    await page.waitForURL('**/providers/form');
    await page.getByLabel('Nombre').fill('Viveros del Centro');
    await page.getByLabel('RFC').fill('vce120514ab3');
    await page.getByText('Transferencia', { exact: true }).click();
    // A wrong check digit is caught before sending.
    await page.getByLabel('CLABE').fill('002180000011835976');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El dígito verificador de la CLABE no es válido').waitFor();
    await page.getByLabel('CLABE').fill('002180000011835975');
    await page.getByText('Banco según la CLABE: Banco Nacional de México').waitFor();
    await screenshotsAtBothWidths(page, 'providers-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El proveedor ha sido registrado').waitFor();
    await page.waitForURL('**/providers');
    const saved = await env.t.app.db.prisma.provider.findFirstOrThrow({ where: { neighborhoodId: 1, rfc: 'VCE120514AB3' } });
    expect(saved).toMatchObject({ name: 'Viveros del Centro', paymentMethod: 'TRANSFER', clabe: '002180000011835975', bank: 'Banco Nacional de México' });

    await page.getByLabel('Buscar por nombre o RFC').fill('viveros');
    await page.waitForURL('**/providers?*name=viveros*');
    const row = page.getByRole('row', { name: /Viveros del Centro/ });
    await row.getByText('002180000011835975').waitFor();
    await screenshotsAtBothWidths(page, 'providers-list');
    await row.getByRole('link', { name: 'Editar Viveros del Centro' }).click();
    await page.waitForURL(`**/providers/form/${saved.id}`);
    await page.getByLabel('Nombre').fill('Viveros del Centro SA de CV');
    await page.getByText('Cheque', { exact: true }).click();
    await page.getByLabel('CLABE').fill('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El proveedor ha sido modificado').waitFor();
    await page.waitForURL('**/providers*');
    expect(await env.t.app.db.prisma.provider.findUniqueOrThrow({ where: { id: saved.id } })).toMatchObject({
      name: 'Viveros del Centro SA de CV',
      paymentMethod: 'CHECK',
      clabe: null,
    });
  });

  it('attaches a PDF to an expense, and deletes it', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/expenses/${expenseId}/attachments`);
    await page.getByText('El egreso aún no tiene archivos').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Elegir archivo' }).click();
    await (await chooser).setFiles({ name: 'factura-poda.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 poda') });
    await page.getByText('El archivo ha sido adjuntado').waitFor();
    await page.getByRole('button', { name: 'factura-poda.pdf', exact: true }).waitFor();
    await screenshot(page, 'expense-attachments');
    await page.getByRole('button', { name: 'Eliminar factura-poda.pdf' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('El archivo ha sido eliminado').waitFor();
    await page.getByText('El egreso aún no tiene archivos').waitFor();
    expect(await env.t.app.db.prisma.expenseAttachment.count({ where: { expenseId } })).toBe(0);
  });
});

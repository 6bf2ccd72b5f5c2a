// Invoices in the browser (spec 1 section 5, spec 2 "Invoice (CFDI)"): an owner with tax data pays a
// receipt by card, its invoice is stamped (by the job after the payment, or «Generar CFDI»), and the owner
// downloads its XML and PDF from the receipt; an administrator cancels it on /neighborhood/cfdis with
// regeneration and sees the old one Cancelada and its substitute Timbrada, and downloads SAT's acknowledgement;
// an administrator invoices a receipt before its payment (PPD) and, once the owner pays it, finds its payment
// complement beside it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPesos, money } from '../../core/money.js';
import { gatewayFee } from '../../core/payments.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let olivosId: number;
let houseId: number;
let receiptId: number;
let uuid: string;

const DESCRIPTION = 'Cuota extraordinaria de impermeabilización';
const totalWithFee = (amount: string) => formatPesos(money(amount).plus(gatewayFee('CARD', amount)));

async function newReceipt(description: string, amount: string) {
  const prisma = env.t.app.db.prisma;
  const wallet = await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
  const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId } });
  const r = await prisma.receipt.create({
    data: {
      neighborhoodId: olivosId,
      houseId,
      incomeConceptId: concept.id,
      walletId: wallet.id,
      description,
      year: 2031,
      month: 1,
      dueDate: new Date('2031-01-31T00:00:00Z'),
      sourceAmount: amount,
      amount,
    },
  });
  return r.id;
}

async function payByCard(page: Page, id: number, amount: string) {
  await page.goto(`${env.base}/houses/${houseId}/receipts/${id}`);
  const panel = page.getByTestId('pay-receipt');
  await panel.waitFor();
  await panel.getByLabel('Número de tarjeta').fill('4111111111111111');
  await panel.getByLabel('Nombre del titular').fill('Patricia Ruiz Méndez');
  await panel.getByRole('combobox', { name: 'Mes', exact: true }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await panel.getByRole('combobox', { name: 'Año', exact: true }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear() + 4), exact: true }).click();
  await panel.getByLabel('CVV').fill('123');
  await panel.getByRole('checkbox', { name: 'Acepto los Términos y condiciones y las Políticas de privacidad' }).check();
  await panel.getByRole('button', { name: `Pagar ${totalWithFee(amount)}` }).click();
  await page.getByRole('heading', { name: 'Pago completado' }).waitFor();
}

async function download(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFileSync((await file.path())!);
}

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  houseId = (await prisma.membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } }))
    .houseId!;
  // The owner's tax data (a natural person), as /houses/settings saves it.
  const tax = { rfc: 'RUMP800101AB1', businessName: 'PATRICIA RUIZ MENDEZ', fiscalRegime: 'RF612', cfdiUse: 'G03', postalCode: '76090', state: 'QUE' };
  await prisma.houseTaxInfo.upsert({ where: { houseId }, create: { houseId, neighborhoodId: olivosId, ...tax }, update: tax });
});
afterAll(() => env?.close());

describe('invoices in the browser', () => {
  it('the owner pays a receipt, its invoice is stamped, and the owner downloads its XML and PDF', async () => {
    receiptId = await newReceipt(DESCRIPTION, '1850.00');
    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    await payByCard(page, receiptId, '1850.00');
    // The invoice of a paid receipt is issued by the job the payment queued.
    await env.t.app.jobs.runDue();

    // The receipt's actions menu leads to its invoices.
    await page.goto(`${env.base}/houses/${houseId}/receipts/${receiptId}`);
    await page.getByRole('heading', { name: DESCRIPTION }).waitFor();
    await page.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Ver facturas' }).click();
    await page.waitForURL(`**/receipts/${receiptId}/cfdis`);
    await page.getByRole('heading', { name: 'Facturas del recibo' }).waitFor();
    const generate = page.getByRole('button', { name: 'Generar CFDI' });
    const stamped = page.locator('[data-status="STAMPED"]');
    await generate.or(stamped).first().waitFor();
    if (await generate.isVisible()) {
      await generate.click();
      await page.getByText('CFDI generado').waitFor();
    }
    await stamped.first().waitFor();
    const cfdi = await env.t.app.db.prisma.cfdi.findFirstOrThrow({ where: { receipts: { some: { receiptId, active: true } } } });
    expect(cfdi.status).toBe('STAMPED');
    uuid = cfdi.uuid!;
    await stamped.getByTestId('cfdi-uuid').getByText(uuid).waitFor();
    await stamped.getByText('RUMP800101AB1').waitFor();
    await stamped.getByText(formatPesos('1850.00')).waitFor();
    await screenshotsAtBothWidths(page, 'cfdis-receipt');

    // From the receipt itself: the document links appear once the invoice exists.
    await page.getByRole('link', { name: 'Volver al recibo' }).click();
    await page.getByRole('heading', { name: DESCRIPTION }).waitFor();
    const xml = (await download(page, 'Factura (XML)')).toString('utf8');
    expect(xml).toContain(uuid);
    expect(xml).toContain('tfd:TimbreFiscalDigital');
    const pdf = await download(page, 'Factura (PDF)');
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.context().close();
  });

  it('the administrator cancels it with regeneration: the old one Cancelada, its substitute Timbrada', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.locator('nav[data-menu-group="administration"]').getByRole('link', { name: 'Facturas (CFDI)' }).click();
    await page.getByRole('heading', { name: 'Facturas (CFDI)' }).waitFor();
    const old = page.locator('tr', { has: page.getByText(uuid) });
    await old.getByTestId('cfdi-status').getByText('Timbrada').waitFor();
    await page.getByTestId('cfdi-summary').waitFor();
    await screenshotsAtBothWidths(page, 'cfdis-list');

    await old.getByRole('button', { name: 'Cancelar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /01 Comprobante emitido con errores con relación/ }).check();
    expect(await dialog.getByRole('checkbox', { name: /Regenerar/ }).isChecked()).toBe(true);
    await screenshotsAtBothWidths(page, 'cfdis-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancelar factura' }).click();
    await page.getByText('La factura ha sido cancelada').waitFor();
    await old.getByTestId('cfdi-status').getByText('Cancelada').waitFor();

    const substitute = await env.t.app.db.prisma.cfdi.findFirstOrThrow({ where: { receipts: { some: { receiptId, active: true } } } });
    expect(substitute.uuid).not.toBe(uuid);
    expect(substitute.status).toBe('STAMPED');
    const fresh = page.locator('tr', { has: page.getByText(substitute.uuid!) });
    await fresh.getByTestId('cfdi-status').getByText('Timbrada').waitFor();
    expect(await fresh.getByRole('button', { name: 'Cancelar' }).count()).toBe(1);
    expect(await old.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);

    // Filtered by status in the query string.
    await page.goto(`${env.base}/neighborhood/cfdis?status=CANCELLED`);
    await page.locator('tr', { has: page.getByText(uuid) }).waitFor();
    expect(await page.locator('tr', { has: page.getByText(substitute.uuid!) }).count()).toBe(0);
    await screenshotsAtBothWidths(page, 'cfdis-cancelled');

    // SAT's acknowledgement of the cancellation downloads from the cancelled row.
    const [ack] = await Promise.all([
      page.waitForEvent('download'),
      page
        .locator('tr', { has: page.getByText(uuid) })
        .getByRole('button', { name: /^Acuse / })
        .click(),
    ]);
    expect(ack.suggestedFilename()).toMatch(/-acuse-cancelacion\.xml$/);
    expect(readFileSync((await ack.path())!, 'utf8')).toContain(uuid);

    // Another community's receipt (or a made-up id) shows nothing of it.
    const torre = await env.t.app.db.prisma.receipt.findFirst({ where: { neighborhood: { domain: { not: 'los_olivos' } } } });
    await page.goto(`${env.base}/receipts/${torre?.id ?? 999999}/cfdis`);
    await page.getByText('El recibo no existe o fue eliminado.').waitFor();
  });

  it('an administrator invoices a pending receipt (PPD); once the owner pays it, its payment complement appears beside it', async () => {
    const pending = await newReceipt('Cuota extraordinaria de balizamiento', '1200.00');
    const admin = await env.newPage();
    await signInToShell(admin, env.base, 'admin@demo.mx');
    await admin.goto(`${env.base}/receipts/${pending}/cfdis`);
    await admin.getByRole('heading', { name: 'Facturas del recibo' }).waitFor();
    await admin.getByText('si lo facturas ahora se emite con método PPD').waitFor();
    await admin.getByRole('button', { name: 'Generar CFDI' }).click();
    await admin.getByText('CFDI generado').waitFor();
    const invoiceRow = admin.locator('[data-status="STAMPED"]', { has: admin.getByTestId('cfdi-ppd') });
    await invoiceRow.waitFor();
    const invoice = await env.t.app.db.prisma.cfdi.findFirstOrThrow({ where: { receipts: { some: { receiptId: pending, active: true } } } });
    expect(invoice).toMatchObject({ paymentMethod: 'PPD', paymentForm: '99', status: 'STAMPED' });

    const owner = await env.newPage();
    await signInToShell(owner, env.base, 'propietario@demo.mx');
    await payByCard(owner, pending, '1200.00');
    await env.t.app.jobs.runDue();
    await owner.context().close();

    await admin.reload();
    const complementRow = admin.locator('tr', { has: admin.getByTestId('cfdi-complement') });
    await complementRow.getByText(`Pago de la factura F-${invoice.id} · parcialidad 1`).waitFor();
    await complementRow.getByTestId('cfdi-status').getByText('Timbrada').waitFor();
    await complementRow.getByText(formatPesos('1200.00')).waitFor();
    await screenshotsAtBothWidths(admin, 'cfdis-ppd-complement');
    const [file] = await Promise.all([admin.waitForEvent('download'), complementRow.getByRole('button', { name: /^XML / }).click()]);
    const xml = readFileSync((await file.path())!, 'utf8');
    expect(xml).toContain('TipoDeComprobante="P"');
    expect(xml).toContain(`IdDocumento="${invoice.uuid}"`);
    expect(xml).toContain('ImpSaldoInsoluto="0.00"');

    // The community's list filters complements by kind.
    await admin.goto(`${env.base}/neighborhood/cfdis?kind=PAYMENT`);
    await admin
      .locator('tr', { has: admin.getByTestId('cfdi-complement') })
      .first()
      .waitFor();
    await admin.context().close();
  });
});

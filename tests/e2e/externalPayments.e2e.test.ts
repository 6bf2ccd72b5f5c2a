// External and unknown payments in the browser (spec 1 sections 4, 7, 8; spec 2 sections 2, 4, 8): an owner
// sends an external payment that goes to review and the administrator approves it (the receipt lands in the
// COMPLETED tab); the administrator registers an unknown payment, identifies it against a house and concept
// and applies it to the matching receipt; a search without matching receipts returns to the prefilled form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPesos } from '../../core/money.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let houseId: number;
let conceptId: number;
let conceptName: string;
let houseKey: string;

/** A pending receipt of the owner's house with an amount no other receipt has. */
async function freshReceipt(description: string, amount: string) {
  const prisma = env.t.app.db.prisma;
  const concept = await prisma.incomeConcept.findUniqueOrThrow({ where: { id: conceptId } });
  const house = await prisma.house.findUniqueOrThrow({ where: { id: houseId } });
  return prisma.receipt.create({
    data: {
      neighborhoodId: house.neighborhoodId,
      houseId,
      incomeConceptId: concept.id,
      walletId: concept.walletId,
      description,
      year: 2033,
      month: 6,
      dueDate: new Date('2033-06-30'),
      sourceAmount: amount,
      amount,
    },
  });
}

const statusOf = async (id: number) => (await env.t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id } })).status;

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  const house = await prisma.house.findFirstOrThrow({ where: { owner: { email: 'propietario@demo.mx' }, neighborhood: { domain: 'los_olivos' } } });
  houseId = house.id;
  houseKey = house.catastral ?? house.exteriorNumber ?? '';
  const concept = await prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: house.neighborhoodId, deletedAt: null }, orderBy: { id: 'asc' } });
  conceptId = concept.id;
  conceptName = concept.description;
});
afterAll(() => env?.close());

describe('external payments in the browser', () => {
  it('an owner sends an external payment to review; the administrator approves it and it lands in the COMPLETED tab', async () => {
    const receipt = await freshReceipt('Cuota de alberca', '1375.00');
    const owner = await env.newPage();
    await signInToShell(owner, env.base, 'propietario@demo.mx');
    await owner.goto(`${env.base}/receipts/${receipt.id}/external-payment?back=/houses/receipts`);
    await owner.getByRole('heading', { name: 'Pago externo' }).waitFor();
    await owner.getByText('La administración revisará el pago').waitFor();
    // Nothing chosen: the form says what is missing and sends nothing.
    await owner.getByRole('button', { name: 'Registrar pago externo' }).click();
    await owner.getByText('Elige la cuenta donde se recibió').waitFor();
    await owner.getByRole('combobox', { name: 'Cuenta donde se recibió' }).click();
    await owner.getByRole('option').first().click();
    await owner.getByLabel('Autorización o referencia').fill('SPEI-998877');
    await owner.getByLabel('Terminación de la cuenta de origen').fill('4321');
    await owner.getByLabel('Mensaje para la administración').fill('Transferí desde mi banco el día de hoy.');
    await screenshotsAtBothWidths(owner, 'external-payment-owner');
    await owner.getByRole('button', { name: 'Registrar pago externo' }).click();
    await owner.getByText('El pago externo ha sido registrado y será revisado por la administración').waitFor();
    await owner.waitForURL(/\/houses\/receipts$/);
    await expect.poll(() => statusOf(receipt.id)).toBe('REVIEW');
    expect(await env.t.app.db.prisma.ledgerEntry.count({ where: { receiptId: receipt.id } })).toBe(0);

    const admin = await env.newPage();
    await signInToShell(admin, env.base, 'admin@demo.mx');
    await admin.goto(`${env.base}/receipts/${receipt.id}/review`);
    await admin.getByRole('heading', { name: 'Revisión del pago externo' }).waitFor();
    await admin.getByText('Transferí desde mi banco el día de hoy.').waitFor();
    expect(await admin.getByLabel('Autorización o referencia').inputValue()).toBe('SPEI-998877');
    // No unknown payment with that authorization: the spec's message.
    await admin.getByRole('button', { name: 'Buscar pagos no reconocidos' }).click();
    await admin.getByRole('status').getByText('No hay pagos no reconocidos que concuerden con el pago revisado').waitFor();
    await screenshotsAtBothWidths(admin, 'external-payment-review');
    await admin.getByRole('button', { name: 'Aceptar pago' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Aceptar pago' });
    await dialog.getByText('El recibo quedará pagado con este pago').waitFor();
    await dialog.getByRole('button', { name: 'Aceptar pago' }).click();
    await admin.getByText('El pago externo ha sido aceptado').waitFor();
    await admin.waitForURL(new RegExp(`/houses/${houseId}/receipts\\?group=COMPLETED`));
    expect(await admin.getByRole('tab', { name: 'Pagados' }).getAttribute('aria-selected')).toBe('true');
    await admin
      .getByRole('row', { name: /Cuota de alberca/ })
      .getByText('Pagado', { exact: true })
      .waitFor();
    await admin
      .getByRole('row', { name: /Cuota de alberca/ })
      .getByText('Pago externo')
      .waitFor();
    expect(await statusOf(receipt.id)).toBe('PAID');
    const ledger = await env.t.app.db.prisma.ledgerEntry.findMany({ where: { receiptId: receipt.id }, orderBy: { id: 'asc' } });
    expect(ledger.map((e) => [e.kind, e.amount.toFixed(2)])).toEqual([
      ['DEPOSIT', '1375.00'],
      ['RECEIPT_PAID', '-1375.00'],
    ]);
    await owner.close();
    await admin.close();
  });

  it('the administrator registers an unknown payment, identifies it and applies it to the matching receipt', async () => {
    const receipt = await freshReceipt('Cuota de jardinería', '2468.13');
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/unknown_payments`);
    await page.getByRole('heading', { name: 'Pagos no identificados' }).waitFor();
    await page.getByRole('link', { name: 'Registrar pago' }).click();
    await page.getByRole('heading', { name: 'Registrar pago no identificado' }).waitFor();
    await page.getByRole('combobox', { name: 'Cuenta donde se recibió' }).click();
    await page.getByRole('option').first().click();
    await page.getByLabel('Monto').fill('2468.13');
    await page.getByLabel('Autorización o referencia').fill('DEP-2468');
    await page.getByLabel('Comentarios').fill('Depósito en ventanilla sin referencia');
    await screenshotsAtBothWidths(page, 'unknown-payment-form');
    await page.getByRole('button', { name: 'Registrar pago no identificado' }).click();
    await page.getByText('El pago no reconocido ha sido registrado').waitFor();
    await page.waitForURL(/\/unknown_payments$/);
    const up = await env.t.app.db.prisma.unknownPayment.findFirstOrThrow({ where: { authorization: 'DEP-2468' } });
    const row = page.getByTestId(`unknown-payment-${up.id}`);
    await row.getByText('Sin identificar').waitFor();
    await row.getByText(formatPesos('2468.13')).waitFor();
    await screenshotsAtBothWidths(page, 'unknown-payments');

    await row.getByRole('link', { name: 'Identificar' }).click();
    await page.getByRole('heading', { name: 'Identificar pago' }).waitFor();
    await page.getByRole('combobox', { name: 'Buscar propiedad' }).fill(houseKey);
    await page.getByRole('option').first().click();
    await page.getByTestId('identify-house').waitFor();
    await page.getByRole('combobox', { name: 'Concepto' }).click();
    await page.getByRole('option', { name: conceptName, exact: true }).click();
    await page.getByRole('button', { name: 'Identificar y buscar recibos' }).click();
    await page.getByText('El pago no reconocido ha sido identificado').waitFor();
    await page.getByRole('heading', { name: 'Recibos que coinciden' }).waitFor();
    const match = page.getByRole('row', { name: /Cuota de jardinería/ });
    await match.waitFor();
    await screenshotsAtBothWidths(page, 'unknown-payment-receipts');
    await match.getByRole('button', { name: 'Aplicar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aplicar pago' });
    await dialog.getByText('quedará pagado').waitFor();
    await dialog.getByRole('button', { name: 'Aplicar pago' }).click();
    await page.getByText('El pago no reconocido ha sido aplicado al recibo').waitFor();
    await page.waitForURL(/\/unknown_payments$/);
    await page.getByTestId(`unknown-payment-${up.id}`).getByText('Aplicado').waitFor();

    expect(await statusOf(receipt.id)).toBe('PAID');
    const matched = await env.t.app.db.prisma.unknownPayment.findUniqueOrThrow({ where: { id: up.id } });
    expect(matched).toMatchObject({ receiptId: receipt.id, houseId, incomeConceptId: conceptId });
    const ledger = await env.t.app.db.prisma.ledgerEntry.findMany({ where: { receiptId: receipt.id }, orderBy: { id: 'asc' } });
    expect(ledger.map((e) => [e.kind, e.amount.toFixed(2)])).toEqual([
      ['DEPOSIT', '2468.13'],
      ['RECEIPT_PAID', '-2468.13'],
    ]);
    await page.close();
  });

  it('a search without matching receipts returns to the register form, prefilled, with the info', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/unknown_payments/form?amount=99999.99&authorization=SIN-RECIBO`);
    await page.getByRole('heading', { name: 'Registrar pago no identificado' }).waitFor();
    expect(await page.getByLabel('Monto').inputValue()).toBe('99999.99');
    await page.getByRole('combobox', { name: 'Cuenta donde se recibió' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Buscar recibos' }).click();
    await page.waitForURL(/\/unknown_payments\/form\?.*no_match=1/);
    await page.getByTestId('no-matching-receipts').getByText('No se encontraron recibos que conincidan con los datos especificados en el formulario').waitFor();
    await page.locator('[data-kind="info"]').getByText('No se encontraron recibos que conincidan con los datos especificados en el formulario').waitFor();
    expect(await page.getByLabel('Monto').inputValue()).toBe('99999.99');
    expect(await page.getByLabel('Autorización o referencia').inputValue()).toBe('SIN-RECIBO');
    await screenshotsAtBothWidths(page, 'unknown-payment-no-match');
    await page.close();
  });
});

// Online payments in the browser (spec 1 sections 2, 4, 5, 8): the owner pays a receipt by card (number
// tokenized at the built-in sandbox gateway) and lands on the payment-completed page; a card that needs
// 3-D Secure goes through the bank's page and payment-verification; three declined cards bring the 24-hour
// warning; a store reference shows its instructions and the open page turns paid when the store payment's
// webhook arrives; the saved card gets automatic charge on /houses/cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPesos, money } from '../../core/money.js';
import { gatewayFee, PAYMENT_MESSAGES } from '../../core/payments.js';
import { gatewayErrorMessage } from '../../core/gatewayErrors.js';
import { DEMO_GATEWAY_KEYS } from '../../server/domains/community/neighborhoods/demoSeed.js';
import { BASE } from '../testApp.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let olivosId: number;
let houseId: number;

/** A pending receipt of the owner's house (an extraordinary fee due later), straight in the database. */
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

const receiptOf = (id: number) => env.t.app.db.prisma.receipt.findUniqueOrThrow({ where: { id } });
const totalWithFee = (amount: string) => formatPesos(money(amount).plus(gatewayFee('CARD', amount)));

async function openReceipt(page: Page, id: number, description: string) {
  await page.goto(`${env.base}/houses/${houseId}/receipts/${id}`);
  await page.getByRole('heading', { name: description }).waitFor();
  await page.getByTestId('pay-receipt').waitFor();
}

async function fillNewCard(page: Page, number: string) {
  const panel = page.getByTestId('pay-receipt');
  const savedChoice = panel.getByRole('radio', { name: 'Nueva tarjeta' });
  if (await savedChoice.count()) await savedChoice.check();
  await panel.getByLabel('Número de tarjeta').fill(number);
  await panel.getByLabel('Nombre del titular').fill('Patricia Ruiz Méndez');
  await panel.getByRole('combobox', { name: 'Mes', exact: true }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await panel.getByRole('combobox', { name: 'Año', exact: true }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear() + 4), exact: true }).click();
  await panel.getByLabel('CVV').fill('123');
}

async function acceptTerms(page: Page) {
  const box = page.getByTestId('pay-receipt').getByRole('checkbox', { name: 'Acepto los Términos y condiciones y las Políticas de privacidad' });
  if (!(await box.isChecked())) await box.check();
}

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  olivosId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  houseId = (await prisma.membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } }))
    .houseId!;
});
afterAll(() => env?.close());

describe('online payments in the browser', () => {
  let page: Page;

  it('the owner pays a receipt by card, saving the card, and lands on the payment-completed page', async () => {
    const id = await newReceipt('Cuota extraordinaria de alberca', '1500.00');
    page = await env.newPage();
    // Card numbers and CVVs never reach our server: only the gateway's tokens endpoint sees them.
    const leaked: string[] = [];
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (!request.url().includes('/sandbox/openpay/') && /4111\s?1111\s?1111\s?1111/.test(body)) leaked.push(request.url());
    });
    await signInToShell(page, env.base, 'propietario@demo.mx');
    await openReceipt(page, id, 'Cuota extraordinaria de alberca');
    const panel = page.getByTestId('pay-receipt');
    for (const name of ['Tarjeta', 'Pago en tienda', 'Transferencia bancaria']) await panel.getByRole('radio', { name }).waitFor();
    await panel.getByTestId('pay-total').getByText(totalWithFee('1500.00')).waitFor();
    await panel.getByText(`La comisión de ${formatPesos(gatewayFee('CARD', '1500.00'))} se suma al total.`).waitFor();

    // The checks of the form: terms, a number failing the Luhn check, the brand as typed.
    await panel.getByLabel('Número de tarjeta').fill('4111 1111 1111 1112');
    await panel.getByRole('button', { name: `Pagar ${totalWithFee('1500.00')}` }).click();
    await panel.getByText(PAYMENT_MESSAGES.acceptTos).waitFor();
    await panel.getByText('Revisa el número de la tarjeta').waitFor();
    await panel.getByLabel('Número de tarjeta').fill('3456 780000 00007');
    expect(await panel.getByLabel('CVV').getAttribute('maxlength')).toBe('4');
    await panel.getByTestId('card-brand').getByText('American Express').waitFor();

    await fillNewCard(page, '4111111111111111');
    expect(await panel.getByLabel('Número de tarjeta').inputValue()).toBe('4111 1111 1111 1111');
    await panel.getByTestId('card-brand').getByText('Visa').waitFor();
    await panel.getByRole('checkbox', { name: 'Guardar tarjeta' }).check();
    await acceptTerms(page);
    await screenshotsAtBothWidths(page, 'payments-card-form');
    await panel.getByRole('button', { name: `Pagar ${totalWithFee('1500.00')}` }).click();
    await page.waitForURL(`**/receipt/payed?receipt=${id}&house=${houseId}`);
    await page.getByRole('heading', { name: 'Pago completado' }).waitFor();
    await page.getByTestId('paid-amount').getByText(totalWithFee('1500.00')).waitFor();
    const paid = await receiptOf(id);
    expect(paid.status).toBe('PAID');
    expect(paid.paymentAuthorization).toBeTruthy();
    await page.getByTestId('paid-authorization').getByText(paid.paymentAuthorization!).waitFor();
    await screenshotsAtBothWidths(page, 'payments-completed');
    expect(leaked).toEqual([]);
    const cards = await env.t.app.db.prisma.card.findMany({ where: { houseId, deletedAt: null } });
    expect(cards.map((c) => c.cardNumber.slice(-4))).toEqual(['1111']);

    // Back to the receipt: paid, nothing more to pay.
    await page.getByRole('link', { name: 'Ver recibo' }).click();
    await page.getByTestId('receipt-status').getByText('Pagado').waitFor();
    expect(await page.getByTestId('pay-receipt').count()).toBe(0);
  });

  it('a card that needs 3-D Secure goes to the bank and back through payment-verification', async () => {
    const id = await newReceipt('Cuota extraordinaria de fachada', '800.00');
    await openReceipt(page, id, 'Cuota extraordinaria de fachada');
    await fillNewCard(page, '4000000000003063');
    await acceptTerms(page);
    await page
      .getByTestId('pay-receipt')
      .getByRole('button', { name: `Pagar ${totalWithFee('800.00')}` })
      .click();
    await page.waitForURL('**/sandbox/openpay/3ds/**');
    await page.getByRole('button', { name: 'Autorizar' }).click();
    await page.waitForURL(`**/receipt/payed?receipt=${id}&house=${houseId}`);
    await page.getByRole('heading', { name: 'Pago completado' }).waitFor();
    expect((await receiptOf(id)).status).toBe('PAID');
    // A verification link without a transaction says so and links back to the receipt.
    await page.goto(`${env.base}/houses/${houseId}/receipts/${id}/payment-verification`);
    await page.getByText('No encontramos la transacción a verificar.').waitFor();
    await page.getByRole('link', { name: 'Volver al recibo' }).waitFor();
  });

  it('three declined cards: the gateway messages, then the 24-hour warning and no more card attempts', async () => {
    const id = await newReceipt('Cuota extraordinaria de jardinería', '1200.00');
    await openReceipt(page, id, 'Cuota extraordinaria de jardinería');
    const panel = page.getByTestId('pay-receipt');
    const attempts: [string, number][] = [
      ['4000000000000002', 3001],
      ['4000000000000119', 3004],
      ['4000000000000002', 3001],
    ];
    for (const [number, code] of attempts) {
      await fillNewCard(page, number);
      await acceptTerms(page);
      await panel.getByRole('button', { name: `Pagar ${totalWithFee('1200.00')}` }).click();
      await panel.getByTestId('pay-failure').getByText(gatewayErrorMessage(code)).waitFor();
    }
    await panel.getByTestId('too-many-attempts').getByText(PAYMENT_MESSAGES.tooManyAttempts).waitFor();
    expect(await panel.getByTestId('pay-submit').isDisabled()).toBe(true);
    await screenshotsAtBothWidths(page, 'payments-too-many-attempts');
    expect((await receiptOf(id)).status).toBe('NEW');
    // The other methods stay open.
    await panel.getByRole('radio', { name: 'Pago en tienda' }).check();
    expect(await panel.getByTestId('pay-submit').isDisabled()).toBe(false);
  });

  it('a store reference shows its instructions, and the open page turns paid when the store payment arrives', async () => {
    const id = await newReceipt('Cuota extraordinaria de portón', '950.00');
    await openReceipt(page, id, 'Cuota extraordinaria de portón');
    const panel = page.getByTestId('pay-receipt');
    await panel.getByRole('radio', { name: 'Pago en tienda' }).check();
    await acceptTerms(page);
    await panel.getByRole('button', { name: 'Generar referencia de pago' }).click();
    const progress = page.getByTestId('payment-in-progress');
    await progress.getByText(PAYMENT_MESSAGES.inProcess).waitFor();
    const charge = await env.t.app.db.prisma.charge.findFirstOrThrow({ where: { receiptId: id } });
    expect(charge.status).toBe('IN_PROGRESS');
    await progress.getByTestId('store-reference').getByText(charge.reference!).waitFor();
    await progress
      .getByTestId('in-progress-total')
      .getByText(formatPesos(money('950.00').plus(gatewayFee('STORE', '950.00'))))
      .waitFor();
    await progress.getByRole('button', { name: 'Descargar instrucciones de pago' }).waitFor();
    await page.getByTestId('receipt-status').getByText('En proceso').waitFor();
    await screenshotsAtBothWidths(page, 'payments-store-reference');

    // The store confirms the payment: the sandbox's webhook, delivered by the jobs runner.
    const response = await env.t.app.fetch(
      new Request(`${BASE}/sandbox/openpay/v1/${DEMO_GATEWAY_KEYS.accountId}/charges/${charge.gatewayId}/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEYS.privateKey}:`).toString('base64')}` },
        body: JSON.stringify({ action: 'pay' }),
      }),
    );
    expect(response.status).toBeLessThan(300);
    await env.t.app.jobs.runDue();
    await expect.poll(async () => (await receiptOf(id)).status).toBe('PAID');
    // No reload: the subscription refreshes the open page.
    await page.getByTestId('receipt-status').getByText('Pagado').waitFor();
    await expect.poll(() => page.getByTestId('payment-in-progress').count()).toBe(0);
    await screenshotsAtBothWidths(page, 'payments-store-paid');
  });

  it('the saved card gets automatic charge on /houses/cards, after the authorization', async () => {
    await page.goto(`${env.base}/`);
    await page.locator('nav[data-menu-group="property"]').getByRole('link', { name: 'Tarjetas' }).click();
    await page.getByRole('heading', { name: 'Tarjetas' }).waitFor();
    const card = page.getByTestId('saved-card');
    await expect.poll(() => card.count()).toBe(1);
    await card.getByText('Visa').waitFor();
    await card.getByText('Crédito').waitFor();
    await card.getByTestId('card-number').getByText('4111 11•• •••• 1111').waitFor();
    expect(await card.getByTestId('automatic-badge').count()).toBe(0);
    await card.getByRole('button', { name: 'Activar cargo automático' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activar cargo automático' });
    await dialog.getByText('Con el cargo automático').waitFor();
    // The confirm button is the authorization: no second box to tick.
    await dialog.getByText(/autorizas el cargo automático/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Autorizar y activar' });
    await screenshotsAtBothWidths(page, 'payments-cards-authorize');
    await confirm.click();
    await page.getByText(PAYMENT_MESSAGES.automaticChargeSubscribed).waitFor();
    await card.getByTestId('automatic-badge').waitFor();
    expect((await env.t.app.db.prisma.card.findFirstOrThrow({ where: { houseId, deletedAt: null } })).automaticCharge).toBe(true);
    await card.getByRole('button', { name: 'Desactivar cargo automático' }).waitFor();
    await screenshotsAtBothWidths(page, 'payments-cards');
  });
});

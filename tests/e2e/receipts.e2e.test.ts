// A house's receipts in the browser (spec 1 sections 2, 4, 5, 8; spec 2 sections 4, 8): the administrator's
// list with the wallet panel, payment capture, a penalty and a deletion that leaves a debt; the owner's tabs
// and a payment with the wallet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPesos, money } from '../../core/money.js';
import { periodName } from '../../core/receipts.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let admin: string;
let houseId: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

async function gql(query: string, variables: Record<string, unknown>) {
  const { body } = await env.t.gql(query, variables, { token: admin });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The ordinary maintenance of a period with its receipts, through the GraphQL API (the period's own one if it exists). */
async function maintenanceOf(year: number, month: number): Promise<string> {
  const prisma = env.t.app.db.prisma;
  const created = await gql(
    `mutation($input: CreateOrdinaryMaintenanceInput!) { createOrdinaryMaintenance(input: $input) { __typename
      ... on MutationCreateOrdinaryMaintenanceSuccess { data { maintenance { id } } } ... on Error { message } } }`,
    { input: { year, month } },
  );
  let id: string | undefined = created.createOrdinaryMaintenance.data?.maintenance.id;
  if (!id) {
    const existing = await prisma.maintenance.findFirst({ where: { ordinary: true, year, month, neighborhood: { domain: 'los_olivos' } } });
    id = gid('Maintenance', existing!.id);
  }
  const generated = await gql(`mutation($input: GenerateMaintenanceInput!) { generateMaintenance(input: $input) { __typename ... on Error { message } } }`, {
    input: { id },
  });
  expect(generated.generateMaintenance.__typename).toBe('MutationGenerateMaintenanceSuccess');
  return `Mantenimiento ${periodName(year, month)}`;
}

/** The house's receipt of that description, as the database has it. */
const receiptNamed = (description: string) => env.t.app.db.prisma.receipt.findFirst({ where: { houseId, description, deletedAt: null } });

const periods: { year: number; month: number }[] = [];
const names: string[] = [];

beforeAll(async () => {
  env = await startBrowserEnv();
  admin = await env.t.signIn('admin@demo.mx');
  const session = await gql('{ session { neighborhood { name } } }', {});
  expect(session.session.neighborhood.name).toBe('Residencial Los Olivos');
  // The owner's house in Los Olivos.
  const house = await env.t.app.db.prisma.house.findFirst({ where: { owner: { email: 'propietario@demo.mx' }, neighborhood: { domain: 'los_olivos' } } });
  houseId = house!.id;
  // Three coming periods: one to penalise and delete, one to capture a payment for, one the owner pays with the wallet.
  const now = new Date();
  for (let i = 1; i <= 3; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    periods.push({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
  }
  for (const p of periods) names.push(await maintenanceOf(p.year, p.month));
  for (const name of names) expect(await receiptNamed(name)).toBeTruthy();
  // The ordinary wallet at zero (the demo house may start with a balance in favour), so a deleted receipt shows as a debt.
  const { houseBalance } = await gql(`query($houseId: ID) { houseBalance(houseId: $houseId) { ordinary wallets { walletDatabaseId type } } }`, {
    houseId: gid('House', houseId),
  });
  if (!money(houseBalance.ordinary).isZero()) {
    const wallet = houseBalance.wallets.find((w: { type: string }) => w.type === 'ORDINARY');
    const zeroed = await gql(`mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename ... on Error { code message } } }`, {
      input: {
        houseId: gid('House', houseId),
        walletId: wallet.walletDatabaseId,
        amount: money(houseBalance.ordinary).negated().toFixed(2),
        reason: 'Saldo en cero para la prueba',
      },
    });
    expect(zeroed.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
  }
});
afterAll(() => env?.close());

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

describe('receipts in the browser', () => {
  it('the administrator captures a payment, penalises a receipt and deletes it: the wallet shows the debt', async () => {
    const [toDelete, toCapture] = names;
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/houses/${houseId}/receipts`);
    await page.getByRole('heading', { name: 'Recibos' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Pendientes' }).getAttribute('aria-selected')).toBe('true');
    await row(page, toDelete).getByText('Nuevo').waitFor();
    const panel = page.getByTestId('wallet-panel');
    await panel.getByText('Monedero ordinario', { exact: true }).waitFor();
    await screenshotsAtBothWidths(page, 'receipts-admin');

    // Registrar pago: only CLABE and card accounts, one receipt.
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const capture = page.getByRole('dialog', { name: 'Registrar pago' });
    await capture.getByText('Recibos que cubre el pago').waitFor();
    await capture.getByRole('button', { name: 'Registrar pago' }).click();
    await capture.getByText('Elige al menos un recibo').waitFor();
    await capture.getByRole('checkbox', { name: new RegExp(toCapture) }).check();
    await capture.getByRole('combobox', { name: 'Cuenta de ingreso' }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const accounts = await env.t.app.db.prisma.incomeAccount.findMany({ where: { neighborhood: { domain: 'los_olivos' }, deletedAt: null } });
    expect(await options.count()).toBe(accounts.filter((a) => a.accountType === 'CLABE' || a.accountType === 'CARD').length);
    await options.first().click();
    await capture.getByLabel('Autorización o referencia').fill('AUT-778812');
    await screenshotsAtBothWidths(page, 'receipts-capture');
    await capture.getByRole('button', { name: 'Registrar pago' }).click();
    await page.getByText('El pago ha sido registrado').waitFor();
    await expect.poll(async () => (await receiptNamed(toCapture))?.status).toBe('PAID');
    expect((await receiptNamed(toCapture))?.paymentAuthorization).toBe('AUT-778812');
    await expect.poll(() => row(page, toCapture).count()).toBe(0);
    await page.getByRole('tab', { name: 'Pagados' }).click();
    await row(page, toCapture).getByText('Pagado', { exact: true }).waitFor();
    await row(page, toCapture).getByText('Pago registrado').waitFor();
    await page.getByRole('tab', { name: 'Pendientes' }).click();

    // The detail: a penalty, then the deletion.
    await page
      .getByRole('link', { name: `Ver recibo ${toDelete}` })
      .first()
      .click();
    await page.getByRole('heading', { name: toDelete }).waitFor();
    await page.getByTestId('receipt-status').getByText('Nuevo').waitFor();
    await page.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Agregar multa' }).click();
    await page.getByText('Se ha calculado la multa del recibo').waitFor();
    await page.getByTestId('receipt-status').getByText('Con multa').waitFor();
    const penalised = await receiptNamed(toDelete);
    expect(penalised?.status).toBe('PENALTY');
    expect(penalised?.penaltyAmount).not.toBeNull();
    await page.getByTestId('receipt-amount').getByText(formatPesos(penalised!.amount)).waitFor();
    await screenshotsAtBothWidths(page, 'receipt-detail-admin');

    // Recalculating a receipt whose rule already holds changes nothing: information, not success.
    await page.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Recalcular' }).click();
    await page.locator('[data-kind="info"]').getByText('El recibo no ha sido alterado').waitFor();

    // Notes: written on their own page, shown in the detail.
    await page.getByRole('link', { name: 'Editar notas' }).click();
    await page.getByRole('heading', { name: 'Notas del recibo' }).waitFor();
    await page.getByLabel('Notas').fill('Se acordó pagar con la cuota siguiente.');
    await screenshotsAtBothWidths(page, 'receipt-notes');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Las notas han sido actualizadas').waitFor();
    await page.getByRole('link', { name: 'Volver al recibo' }).click();
    await page.getByRole('heading', { name: toDelete }).waitFor();
    await page.getByText('Se acordó pagar con la cuota siguiente.').waitFor();

    // The receipt's PDF downloads from its legacy route.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Recibo (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    const before = await gql(`query($houseId: ID) { houseBalance(houseId: $houseId) { ordinary } }`, { houseId: gid('House', houseId) });
    await page.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar recibo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar recibo' });
    await confirm.getByText('saldo negativo').waitFor();
    await confirm.getByRole('button', { name: 'Eliminar recibo' }).click();
    await page.getByText('El recibo ha sido eliminado').waitFor();
    await page.getByRole('heading', { name: 'Recibos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/houses/${houseId}/receipts`);
    expect(await receiptNamed(toDelete)).toBeNull();
    // The maintenance receipt's amount stays as a debt of the ordinary wallet (it was at zero).
    expect(before.houseBalance.ordinary).toBe('0.00');
    const debt = money(penalised!.amount.toFixed(2)).negated();
    await panel.getByTestId('wallet-ORDINARY').getByText(formatPesos(debt)).waitFor();
    await panel.getByTestId('wallet-ORDINARY').getByText('Adeudo').waitFor();
    await expect.poll(() => row(page, toDelete).count()).toBe(0);
    await screenshotsAtBothWidths(page, 'receipts-admin-debt');

    // Solicitar pago: at most the |negative balance| of the concept's wallet, checked before anything is sent.
    await page.getByRole('button', { name: 'Solicitar pago' }).click();
    const manual = page.getByRole('dialog', { name: 'Solicitar pago' });
    await manual.getByRole('combobox', { name: 'Concepto' }).click();
    await page.getByRole('option', { name: 'Adeudo inicial' }).click();
    await manual.getByText(`Máximo ${formatPesos(debt.abs())}`).waitFor();
    await manual.getByLabel('Monto').fill('2000');
    await manual.getByLabel('Notas').fill('Adeudo anterior a la plataforma');
    await manual.getByRole('button', { name: 'Solicitar pago' }).click();
    await manual.getByText(`El monto máximo es ${formatPesos(debt.abs())}`).waitFor();
    await screenshotsAtBothWidths(page, 'receipts-manual-payment');
    await manual.getByLabel('Monto').fill(debt.abs().toFixed(2));
    await manual.getByRole('button', { name: 'Solicitar pago' }).click();
    await page.getByText('La solicitud de pago ha sido registrada').waitFor();
    await row(page, 'Adeudo inicial').getByText(formatPesos(debt.abs())).waitFor();
    const requested = await receiptNamed('Adeudo inicial');
    expect(requested).toMatchObject({ creditsWallet: true, notes: 'Adeudo anterior a la plataforma', status: 'NEW' });
    await page.context().close();
  });

  it('the owner sees the pending and paid tabs and pays a receipt with the wallet', async () => {
    const toPay = names[2];
    // A positive ordinary balance that covers the receipt, through the GraphQL API.
    const balance = await gql(`query($houseId: ID) { houseBalance(houseId: $houseId) { ordinary wallets { walletDatabaseId type } } }`, {
      houseId: gid('House', houseId),
    });
    const ordinary = balance.houseBalance.wallets.find((w: { type: string }) => w.type === 'ORDINARY');
    const adjusted = await gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename ... on Error { code message } } }`,
      { input: { houseId: gid('House', houseId), walletId: ordinary.walletDatabaseId, amount: '5000.00', reason: 'Pago adelantado en efectivo' } },
    );
    expect(adjusted.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
    const receipt = await receiptNamed(toPay);
    const expectedBalance = money(balance.houseBalance.ordinary).plus('5000.00');

    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    await page.locator('nav[data-menu-group="property"]').getByRole('link', { name: 'Recibos' }).click();
    await page.getByRole('heading', { name: 'Recibos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/houses/receipts');
    expect(await page.getByRole('tab', { name: 'Pendientes' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Pagados' }).waitFor();
    await row(page, toPay).getByText(formatPesos(receipt!.amount)).waitFor();
    await page.getByTestId('wallet-ORDINARY').getByText(formatPesos(expectedBalance)).waitFor();
    // Owners ask for payments; capturing them is the administration's.
    expect(await page.getByRole('button', { name: 'Registrar pago' }).count()).toBe(0);
    await screenshotsAtBothWidths(page, 'receipts-owner');

    await page
      .getByRole('link', { name: `Ver recibo ${toPay}` })
      .first()
      .click();
    await page.getByRole('heading', { name: toPay }).waitFor();
    await screenshotsAtBothWidths(page, 'receipt-detail-owner');
    await page.getByRole('button', { name: 'Pagar con Monedero' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pagar con Monedero' });
    await confirm.getByText(`Se descontarán ${formatPesos(receipt!.amount)}`).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('El recibo ha sido pago usando el Monedero').waitFor();
    await page.getByTestId('receipt-status').getByText('Pagado', { exact: true }).waitFor();
    await expect.poll(async () => (await env.t.app.db.prisma.receipt.findUnique({ where: { id: receipt!.id } }))?.status).toBe('PAID');
    expect(await page.getByRole('button', { name: 'Pagar con Monedero' }).count()).toBe(0);
    await screenshotsAtBothWidths(page, 'receipt-detail-owner-paid');

    await page.getByRole('link', { name: 'Volver a los recibos' }).click();
    await page.getByRole('tab', { name: 'Pagados' }).click();
    await row(page, toPay).getByText('Pagado', { exact: true }).waitFor();
    await row(page, toPay).getByText('Monedero', { exact: true }).waitFor();
    await page
      .getByTestId('wallet-ORDINARY')
      .getByText(formatPesos(expectedBalance.minus(receipt!.amount.toFixed(2))))
      .waitFor();
    expect(new URL(page.url()).searchParams.get('group')).toBe('COMPLETED');
    await screenshotsAtBothWidths(page, 'receipts-owner-paid');
    await page.context().close();
  });
});

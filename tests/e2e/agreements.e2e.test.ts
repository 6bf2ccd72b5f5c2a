// Payment agreements in the browser (spec 1 Agreements): an administrator opens the new agreement of a
// house with ordinary debt, calculates the plan, creates it, sees its receipts through «Ver recibos» and
// cancels it; the debt comes back exactly. The community list and the demo agreement are shown too.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumMoney } from '../../core/money.js';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
/** The receipts list draws a table and phone cards; only one of them shows. */
const visible = (locator: Locator) => locator.locator('visible=true').first();
let houseId: number;
let houseCatastral: string;
let ordinaryWallet: number;

const ordinaryBalance = async () =>
  sumMoney((await env.t.app.db.prisma.ledgerEntry.findMany({ where: { houseId, walletId: ordinaryWallet } })).map((e) => e.amount)).toFixed(2);

beforeAll(async () => {
  env = await startBrowserEnv();
  const prisma = env.t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  ordinaryWallet = (await prisma.wallet.findFirstOrThrow({ where: { neighborhoodId: olivos.id, type: 'ORDINARY' } })).id;
  const house = await prisma.house.findFirstOrThrow({
    where: { neighborhoodId: olivos.id, status: 'ACTIVE', owner: { email: { not: 'propietario@demo.mx' } }, agreements: { none: {} } },
    orderBy: { id: 'asc' },
    skip: 3,
  });
  houseId = house.id;
  houseCatastral = house.catastral!;
  const admin = await env.t.signIn('admin@demo.mx');
  const { body } = await env.t.gql(
    `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
    {
      input: { houseId: Buffer.from(`House:${houseId}`).toString('base64'), walletId: ordinaryWallet, amount: '-3250.75', reason: 'Cuotas de 2024 sin recibo' },
    },
    { token: admin },
  );
  expect(body.data.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
}, 120_000);
afterAll(() => env?.close());

describe('agreements in the browser', () => {
  it('an administrator calculates and creates an agreement, sees its receipts and cancels it', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    const before = await ordinaryBalance();
    expect(before).toBe('-3250.75');

    // «Crear convenio» on the community's list asks which house (search from 2 characters), then opens its new agreement.
    await page.goto(`${env.base}/agreements`);
    await page.getByRole('heading', { name: 'Convenios' }).waitFor();
    await page.getByRole('button', { name: 'Crear convenio' }).click();
    const picker = page.getByRole('dialog', { name: 'Crear convenio' });
    await picker.getByRole('combobox', { name: 'Buscar propiedad' }).fill(houseCatastral);
    const option = page.getByRole('option', { name: new RegExp(`(^|\\()${houseCatastral}(\\)| ·|$)`) });
    await option.waitFor();
    await screenshot(page, 'agreements-pick-house');
    await option.click();
    await page.waitForURL(`**/owners/${houseId}/agreements/new`);
    await page.getByTestId('agreement-debt').getByText('$3,250.75').waitFor();
    await page.getByLabel('Enganche').fill('250.75');
    await page.getByLabel('Número de parcialidades').fill('4');
    await page.getByRole('combobox', { name: 'Periodicidad' }).click();
    await page.getByRole('option', { name: 'Quincenal' }).click();
    await page.getByRole('button', { name: 'Calcular' }).click();
    const plan = page.getByTestId('agreement-plan');
    await plan.waitFor();
    await plan.getByText('Parcialidad 4 de 4').waitFor();
    expect(await plan.getByText('$750.00').count()).toBe(4);
    await plan.getByText('$3,250.75').waitFor();
    await screenshotsAtBothWidths(page, 'agreements-new-plan');

    // A plan that is not possible: the field says why.
    await page.getByLabel('Número de parcialidades').fill('0');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByText('El número de parcialidades debe ser de 1 a 60').waitFor();
    expect(await plan.count()).toBe(0);
    await page.getByLabel('Número de parcialidades').fill('4');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await plan.waitFor();

    await page.getByRole('button', { name: 'Crear convenio' }).click();
    await page.getByText('El convenio ha sido creado').waitFor();
    await page.waitForURL(`**/owners/${houseId}/agreements`);
    const agreement = await env.t.app.db.prisma.agreement.findFirstOrThrow({ where: { houseId } });
    expect(await ordinaryBalance()).toBe('0.00');
    const row = page.getByTestId(`agreement-${agreement.id}`);
    await row.getByText('5 recibos pendientes', { exact: false }).waitFor();
    await screenshot(page, 'agreements-house-list');

    await row.getByRole('link', { name: 'Ver recibos' }).click();
    await page.waitForURL(`**/houses/${houseId}/receipts?id_agreement=${agreement.id}`);
    await visible(page.getByText(`Convenio ${agreement.id} · enganche`)).waitFor();
    await visible(page.getByText(`Convenio ${agreement.id} · parcialidad 4 de 4`)).waitFor();
    await screenshot(page, 'agreements-receipts');

    await page.goto(`${env.base}/owners/${houseId}/agreements`);
    await row.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByText(`¿Cancelar el convenio ${agreement.id}`).waitFor();
    await screenshot(page, 'agreements-cancel-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar convenio' }).click();
    await page.getByText('El convenio ha sido cancelado').waitFor();
    await row.getByText('Cancelado').waitFor();
    expect(await row.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
    expect(await ordinaryBalance()).toBe(before);
    await screenshot(page, 'agreements-cancelled');
    // The house's own list offers «Crear convenio» too.
    expect(await page.getByRole('link', { name: 'Crear convenio' }).getAttribute('href')).toBe(`/owners/${houseId}/agreements/new`);

    // The community's list, with the demo agreement among them.
    await page.goto(`${env.base}/agreements`);
    await page.getByRole('heading', { name: 'Convenios' }).waitFor();
    await page.getByText('$4,800.00').first().waitFor();
    await screenshotsAtBothWidths(page, 'agreements-list');
    await page.close();
  }, 120_000);

  it("an owner sees the own house's agreements, read-only", async () => {
    const prisma = env.t.app.db.prisma;
    const demo = await prisma.agreement.findFirstOrThrow({ where: { debtAmount: '4800.00' }, include: { house: { include: { owner: true } } } });
    await prisma.user.update({
      where: { id: demo.house.owner!.id },
      data: { passwordHash: (await prisma.user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } })).passwordHash },
    });
    const page = await env.newPage();
    await signInToShell(page, env.base, demo.house.owner!.email);
    await page.goto(`${env.base}/houses/agreements`);
    const row = page.getByTestId(`agreement-${demo.id}`);
    await row.getByText('5 recibos pendientes', { exact: false }).waitFor();
    expect(await row.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Crear convenio' }).count()).toBe(0);
    await screenshot(page, 'agreements-own-house');
    await row.getByRole('link', { name: 'Ver recibos' }).click();
    await page.waitForURL(`**/houses/receipts?id_agreement=${demo.id}`);
    await visible(page.getByText(`Convenio ${demo.id} · parcialidad 2 de 6`)).waitFor();
    await page.close();
  }, 120_000);
});

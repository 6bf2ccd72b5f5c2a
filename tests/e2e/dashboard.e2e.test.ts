// The dashboard in the browser: the administrator opens "/", the money widgets and their nivo charts draw
// (screenshots at 1280 and 375 px), and a payment recorded elsewhere moves the figures without a reload.
// The owner sees the owner dashboard and no community money; each other role's first screen speaks to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPesos, money } from '../../core/money.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
}, 120_000);
afterAll(() => env?.close());

describe('dashboard in the browser', () => {
  it('an administrator sees the money widgets and charts, and they update live when a payment lands', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    // Signing in lands on the scheduled vehicles (home redirect); Inicio opens the dashboard.
    await page.waitForURL('**/neighborhood/scheduled-vehicles');
    // When the figures appear, to compare with when the charts' code is asked for.
    await page.evaluate(() => {
      performance.setResourceTimingBufferSize(2000);
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="kpi-incomes"]')) return;
        document.body.dataset.figuresAt = String(performance.now());
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('menu-home').click();
    await page.waitForURL(`${env.base}/`);
    const dashboard = page.getByTestId('money-dashboard');
    await dashboard.waitFor();
    // Charts paint after 500 ms: wait for their svg.
    for (const chart of ['incomes-chart', 'debts-chart', 'outcomes-chart']) {
      await page.getByTestId(chart).locator('svg').first().waitFor({ timeout: 15_000 });
    }
    // The charts' code (nivo) is a chunk of its own, asked for only once the figures are on screen.
    const { figuresAt, chartsAt } = await page.evaluate(() => ({
      figuresAt: Number(document.body.dataset.figuresAt),
      chartsAt: performance.getEntriesByType('resource').find((entry) => entry.name.includes('/NivoCharts-'))?.startTime,
    }));
    expect(chartsAt).toBeGreaterThan(figuresAt);
    await page.getByTestId('latest-paid').getByRole('link').first().waitFor();
    await screenshotsAtBothWidths(page, 'dashboard-admin');
    // The money widgets alone at phone width, to read them.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('debts-chart').locator('svg').first().waitFor();
    await dashboard.screenshot({ path: 'tests/e2e/screenshots/dashboard-admin-money-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The debts chart regroups by street.
    await page.getByTestId('debts').getByText('Calle', { exact: true }).click();
    await page.getByTestId('debts').getByText('Sin calle').or(page.getByTestId('debts').locator('svg text').nth(2)).first().waitFor();

    // A payment lands through the API: the incomes figure moves without a reload.
    const prisma = env.t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const figure = page.getByTestId('kpi-incomes');
    const before = (await figure.innerText()).match(/\$[\d,]+\.\d\d/)![0];
    const receipt = await prisma.receipt.findFirstOrThrow({
      where: { neighborhoodId: olivos.id, status: { in: ['NEW', 'SENT', 'PENALTY'] }, deletedAt: null, creditsWallet: false, house: { status: 'ACTIVE' } },
      orderBy: { dueDate: 'asc' },
    });
    const account = await prisma.incomeAccount.findFirstOrThrow({ where: { neighborhoodId: olivos.id, accountType: 'CLABE', deletedAt: null } });
    const token = await env.t.signIn('admin@demo.mx');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    const paid = await env.t.rest(
      'POST',
      `/neighborhoods/${olivos.id}/houses/${receipt.houseId}/payments`,
      { items: [receipt.id], id_income_account: account.id, payment_date: today },
      { token },
    );
    expect(paid.status).toBe(201);
    const after = formatPesos(money(before.replace(/[$,]/g, '')).plus(paid.body.total));
    await figure.getByText(after).waitFor({ timeout: 15_000 });
    await page.getByText('Entró un pago: las cifras se actualizaron').waitFor();
    await page.getByTestId('latest-paid').getByText(receipt.description).first().waitFor();
    await page.close();
  });

  it('an owner sees the owner dashboard and no community money', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    await page.goto(`${env.base}/`);
    await page.getByTestId('owner-dashboard').waitFor();
    await page.getByTestId('wallet-panel').waitFor();
    await page.getByText('Mis recibos pendientes').waitFor();
    expect(await page.getByTestId('money-dashboard').count()).toBe(0);
    await screenshotsAtBothWidths(page, 'dashboard-owner');
    await page.close();
  });

  it('each role lands on a home for it: the guard on the gate, the configuration administrator on setup, the resident on the house', async () => {
    // The guard lands on the gate; Inicio shows what the account may do, the gate's rules and the way back to the gate.
    const guard = await env.newPage();
    await signInToShell(guard, env.base, 'seguridad@demo.mx');
    await guard.waitForURL(`${env.base}/security/visitors`);
    await guard.getByTestId('menu-home').click();
    await guard.waitForURL(`${env.base}/`);
    const security = guard.getByTestId('security-home');
    await security.getByRole('heading', { name: 'Seguridad en Residencial Los Olivos' }).waitFor();
    await security.getByText('Registrar la entrada y la salida de las visitas.').waitFor();
    await guard.getByTestId('access-rules').waitFor();
    await guard.getByText('Residencial Los Olivos · Seguridad').waitFor();
    expect(await guard.getByTestId('welcome').count()).toBe(0);
    expect(await guard.getByText(/tus recibos/).count()).toBe(0);
    const main = guard.locator('main');
    const targets = await main.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The way to the gate and to the plate lookup.
    expect(targets).toContain('/security/visitors');
    expect(targets).toContain('/vehicle/security');
    await screenshotsAtBothWidths(guard, 'dashboard-security');
    await guard.close();

    // The configuration administrator: sign-in lands on the first setup screen; Inicio leads with the setup widgets.
    const config = await env.newPage();
    await signInToShell(config, env.base, 'config@demo.mx');
    await config.waitForURL('**/neighborhood/settings/maintenance');
    await config.getByTestId('menu-home').click();
    await config.getByTestId('setup-progress').waitFor();
    await config
      .getByTestId('welcome')
      .getByText(/Desde aquí configuras la comunidad/)
      .waitFor();
    await config.getByText('Residencial Los Olivos · Administrador de configuración').waitFor();
    expect(await config.getByTestId('money-dashboard').count()).toBe(0);
    await screenshotsAtBothWidths(config, 'dashboard-config');
    await config.close();

    // The resident: the house and what the account may open of it, no receipts promised.
    const resident = await env.newPage();
    await signInToShell(resident, env.base, 'residente@demo.mx');
    await resident.waitForURL(`${env.base}/`);
    await resident.getByTestId('my-house').getByRole('link', { name: 'Habitantes' }).waitFor();
    await resident
      .getByTestId('welcome')
      .getByText(/los recibos y los pagos los lleva el propietario/)
      .waitFor();
    expect(await resident.getByTestId('owner-dashboard').count()).toBe(0);
    await screenshotsAtBothWidths(resident, 'dashboard-resident');
    await resident.close();
  });
});

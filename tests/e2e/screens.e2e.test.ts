// Every main screen at a desktop and a phone width: waits for its real content (never a skeleton),
// keeps a screenshot of each, and at 375 px checks that nothing makes the page scroll sideways.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
  mkdirSync(path.join(SCREENSHOTS, DIR), { recursive: true });
});
afterAll(() => env?.close());

/** Their own folder, so other journeys' pictures of the same screens are kept too. */
const DIR = 'screens';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

interface Visit {
  name: string;
  /** Opens the screen (a full load by default). */
  open: string | ((page: Page) => Promise<void>);
  heading: string | RegExp;
  /** Something only the loaded screen shows, beyond its heading. */
  content?: (page: Page) => ReturnType<Page['locator']>;
}

/** Waits until the screen shows its data: its heading, its content and no placeholder left. */
async function settled(page: Page, visit: Visit) {
  await page.getByRole('heading', { name: visit.heading, level: 2 }).first().waitFor({ timeout: 20_000 });
  if (visit.content) await visit.content(page).first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"], [data-testid^="skeleton-"]').length === 0);
  await page.waitForLoadState('networkidle');
}

/** Visits each screen at each width; returns the screens that scrolled sideways at 375 px. */
async function tour(page: Page, visits: Visit[]) {
  const overflowing: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const visit of visits) {
      if (typeof visit.open === 'string') await page.goto(`${env.base}${visit.open}`);
      else await visit.open(page);
      // A screen that never settles leaves a picture of what it showed instead.
      await settled(page, visit).catch(async (error) => {
        await screenshot(page, `${DIR}/failed-${visit.name}-${size.width}`);
        throw error;
      });
      await screenshot(page, `${DIR}/${visit.name}-${size.width}`);
      if (size.width === 375) {
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > 375 + 1) overflowing.push(`${visit.name} (${scrollWidth}px)`);
      }
    }
  }
  return overflowing;
}

const rows = (page: Page) => page.locator('table tbody tr');

describe('main screens at 1280 and 375 px', () => {
  it('the administrator: dashboard, owners, owner form, streets, house types, users, own data, the conversations', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    const visits: Visit[] = [
      {
        name: 'admin-dashboard',
        // "/" sends the administrator on to their first screen when the app opens there; the
        // community name in the header opens the dashboard itself.
        open: async (p) => {
          await p.goto(`${env.base}/user-settings`);
          await p.getByTestId('community-name').click();
          await p.waitForURL(`${env.base}/`);
        },
        heading: 'Hola, Adriana',
        content: (p) => p.getByTestId('onboarding-stats').getByRole('link', { name: /Activa: ver propietarios/ }),
      },
      { name: 'owners', open: '/owners', heading: 'Propietarios', content: rows },
      { name: 'owner-form', open: '/owners/form', heading: 'Registrar propiedad', content: (p) => p.getByRole('button', { name: 'Guardar' }) },
      { name: 'streets', open: '/neighborhood/settings/streets', heading: 'Calles', content: (p) => p.getByText('Av. de los Olivos') },
      { name: 'house-types', open: '/neighborhood/settings/houses-types', heading: 'Tipos de propiedad', content: (p) => p.getByText('Propiedad en avenida') },
      { name: 'users', open: '/neighborhood/settings/users', heading: 'Usuarios', content: rows },
      { name: 'user-settings', open: '/user-settings', heading: 'Mis datos', content: (p) => p.getByLabel('Teléfono celular') },
      { name: 'chats', open: '/chats', heading: 'Conversaciones', content: (p) => p.locator('[data-testid^="chat-row-"]').first() },
    ];
    const overflowing = await tour(page, visits);
    expect(overflowing).toEqual([]);
    await page.context().close();
  });

  it('the owner: dashboard, residents, tax data, a screen without grants', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    const visits: Visit[] = [
      { name: 'owner-dashboard', open: '/', heading: 'Hola, Patricia', content: (p) => p.getByTestId('my-house').getByRole('link', { name: 'Habitantes' }) },
      { name: 'residents', open: '/houses/residents', heading: 'Habitantes', content: rows },
      { name: 'tax-data', open: '/houses/settings', heading: 'Datos fiscales', content: (p) => p.getByRole('button', { name: /Guardar/ }) },
      {
        name: 'not-available',
        open: '/neighborhood/settings/general',
        heading: 'Esta sección no está disponible',
        content: (p) => p.getByTestId('not-available'),
      },
    ];
    const overflowing = await tour(page, visits);
    expect(overflowing).toEqual([]);
    await page.context().close();
  });

  it('while a screen loads, its placeholder has the shape of the screen', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    // Route queries answer late, so the placeholders stay on screen long enough to be seen.
    const slow = /"query":"query (StreetsQuery|StreetFormQuery|DashboardQuery)\b/;
    await page.route('**/graphql', async (route) => {
      if (slow.test(route.request().postData() ?? '')) await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(`${env.base}/neighborhood/settings/streets`);
      await page.getByTestId('skeleton-list').waitFor();
      await screenshot(page, `${DIR}/skeleton-list-${size.width}`);
      await page.getByRole('heading', { name: 'Calles' }).waitFor();
      await page.goto(`${env.base}/neighborhood/settings/streets/form`);
      await page.getByTestId('skeleton-form').waitFor();
      await screenshot(page, `${DIR}/skeleton-form-${size.width}`);
      await page.getByRole('heading', { name: 'Registrar calle' }).waitFor();
      await page.getByTestId('community-name').click();
      await page.getByTestId('skeleton-dashboard').waitFor();
      await screenshot(page, `${DIR}/skeleton-dashboard-${size.width}`);
      await page.getByRole('heading', { name: 'Hola, Adriana' }).waitFor();
    }
    await page.context().close();
  });
});

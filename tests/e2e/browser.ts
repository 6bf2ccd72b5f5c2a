// Browser journeys: the real app (built client + server) in-process on a fresh database, driven by
// playwright-core with Debian's Chromium.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createServerAdapter } from '@whatwg-node/server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../testApp.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve('tests/e2e/screenshots');

export interface BrowserEnv {
  t: TestApp;
  base: string;
  browser: Browser;
  newPage: () => Promise<Page>;
  close: () => Promise<void>;
}

export async function startBrowserEnv(): Promise<BrowserEnv> {
  const dist = process.env.CLIENT_DIST ?? 'client/dist';
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run npm run build (npm test does it first)`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const t = await startTestApp();
  const server: Server = createServer(createServerAdapter(t.app.fetch));
  t.app.attachWebsocket(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    t,
    base,
    browser,
    newPage: async () => {
      const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 1280, height: 800 } });
      return context.newPage();
    },
    close: async () => {
      await browser.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

export async function signIn(page: Page, base: string, email: string, password = 'demo1234') {
  await page.goto(`${base}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs in and, for accounts with several communities or houses, keeps the proposed one. */
export async function signInToShell(page: Page, base: string, email: string) {
  await signIn(page, base, email);
  const chooser = page.getByText('Elige la propiedad con la que quieres entrar');
  const shell = page.locator('nav[data-menu-group]').first();
  await chooser.or(shell).waitFor();
  if (await chooser.isVisible()) await page.getByRole('button', { name: 'Entrar' }).click();
  await shell.waitFor();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

// Browser journeys: the real app (built client + server) in-process on a fresh database, driven by
// playwright-core with Debian's Chromium.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createServerAdapter } from '@whatwg-node/server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { demoCsd } from '../../server/domains/money/accounting/fiscal/demoSeed.js';
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

/** Debian's Chromium, headless, quiet (no network of its own). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

/** A page as the communities' people have it: Spanish (Mexico), Mexico City's time, a laptop's width. */
export async function mexicanPage(browser: Browser): Promise<Page> {
  // A browser on UTC proposes tomorrow's date from 18:00 (payment dates).
  const context = await browser.newContext({ locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordNotices);
  return context.newPage();
}

/** In the page: every notice shown, kept after it closes (see noticeShown). */
function recordNotices() {
  const w = window as unknown as { __notices: string[] };
  w.__notices = [];
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        const roots = node.matches('.mantine-Notification-root') ? [node] : [...node.querySelectorAll('.mantine-Notification-root')];
        for (const root of roots) w.__notices.push(`${root.getAttribute('data-kind') ?? ''}: ${root.textContent ?? ''}`);
      }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until a notice with this text has been shown since the page loaded, even if it already closed: on
 * a loaded machine a notice's 10 s can pass between two of Playwright's checks. A timeout names the notices seen.
 */
export async function noticeShown(page: Page, text: string, timeout = 30_000) {
  try {
    await page.waitForFunction((t) => (window as unknown as { __notices: string[] }).__notices.some((n) => n.includes(t)), text, { polling: 100, timeout });
  } catch (e) {
    const seen = await page.evaluate(() => (window as unknown as { __notices: string[] }).__notices).catch(() => []);
    throw new Error(`no notice «${text}» at ${page.url()}; notices seen: ${JSON.stringify(seen)}`, { cause: e });
  }
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
  const browser = await launchChromium();
  return {
    t,
    base,
    browser,
    newPage: () => mexicanPage(browser),
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

/** Picks SAT's test CSD (the demo's, server/domains/money/accounting/fiscal/demo-csd) in the fiscal data's certificate and key inputs. */
export async function chooseDemoCsd(page: Page) {
  const { cer, key } = demoCsd();
  const files = page.locator('input[type="file"]');
  await files.nth(0).setInputFiles({ name: 'EKU9003173C9.cer', mimeType: 'application/x-x509-ca-cert', buffer: cer });
  await files.nth(1).setInputFiles({ name: 'EKU9003173C9.key', mimeType: 'application/octet-stream', buffer: key });
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The screen at laptop (1280 px) and phone (375 px) widths, scrolled to the top without notices over it,
 * as `<name>-1280` and `<name>-375`; at 375 px the page must not scroll sideways.
 */
export async function screenshotsAtBothWidths(page: Page, name: string) {
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click().catch(() => undefined);
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  // The shell's menu slides away and open dialogs re-lay out when the width turns narrow; on a loaded
  // machine that can take seconds, so only a width that stays too wide fails.
  await page.waitForTimeout(500);
  let overflow = 0;
  for (const end = Date.now() + 5000; ; await page.waitForTimeout(250)) {
    overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    if (overflow <= 376 || Date.now() > end) break;
  }
  if (overflow > 376) throw new Error(`${name} scrolls sideways at 375 px (${overflow} px wide)`);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(500);
}

/** Records the scripts the page downloads from now on, with their transferred (encoded) body sizes. */
export function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({ url: new URL(request.url()).pathname, bytes: request.sizes().then((s) => s.responseBodySize) });
  });
  return {
    urls: () => scripts.map((s) => s.url),
    sizes: async () => {
      const files = await Promise.all(scripts.map(async (s) => ({ url: s.url, bytes: await s.bytes })));
      return { files, total: files.reduce((sum, s) => sum + s.bytes, 0) };
    },
  };
}

// The first load: what a visitor's browser downloads for the sign-in page, summed from the network's
// transfer sizes (gzip as served), against the budget of the client issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScripts, screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

const SIGN_IN_BUDGET = 150_000;

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('first load', () => {
  it(`the sign-in page loads at most ${SIGN_IN_BUDGET / 1000} kB of JavaScript (gzip), without the router, Relay or the shell`, async () => {
    for (const path of ['/login', '/']) {
      const page = await env.newPage();
      const scripts = recordScripts(page);
      await page.goto(`${env.base}${path}`);
      await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
      await page.waitForLoadState('networkidle');
      const { files, total } = await scripts.sizes();
      console.log(`sign-in page ${path}: ${files.length} scripts, ${(total / 1000).toFixed(1)} kB gzip`);
      expect(files.every((f) => f.bytes > 0)).toBe(true);
      expect(files.map((f) => f.url).filter((url) => /RoutedApp|signedIn|relay|Shell/i.test(url))).toEqual([]);
      expect(total).toBeLessThanOrEqual(SIGN_IN_BUDGET);
      if (path === '/login') {
        await page.setViewportSize({ width: 375, height: 812 });
        await screenshot(page, 'sign-in-375');
        await page.setViewportSize({ width: 1280, height: 800 });
        await screenshot(page, 'sign-in-1280');
      }
      await page.context().close();
    }
  });

  it('a page opened cold asks for the session and its route query once each, before any screen code', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
      const name = /(?:query|mutation) (\w+)/.exec(JSON.parse(request.postData() ?? '{}').query ?? '')?.[1];
      if (name) asked.push(name);
    });
    await page.goto(`${env.base}/neighborhood/settings/streets?page_size=10`);
    await page.getByRole('heading', { name: 'Calles' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((name) => name === 'SessionProviderQuery')).toHaveLength(1);
    expect(asked.filter((name) => name === 'StreetsQuery')).toHaveLength(1);
    await page.context().close();
  });

  it('signing in then loads the app: the validation with the first field left, the shell after', async () => {
    const page = await env.newPage();
    const scripts = recordScripts(page);
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.waitForLoadState('networkidle');
    const { files, total } = await scripts.sizes();
    console.log(`sign-in and first screen: ${files.length} scripts, ${(total / 1000).toFixed(1)} kB gzip`);
    expect(files.map((f) => f.url).some((url) => url.includes('RoutedApp'))).toBe(true);
    await page.context().close();
  });
});

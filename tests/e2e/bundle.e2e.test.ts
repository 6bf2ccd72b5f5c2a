// The first load: what a visitor's browser downloads for the sign-in page, summed from the network's
// transfer sizes (gzip as served), against the budget of the client issue; then how long signing in
// takes until the first screen is usable, for an administrator and an owner (issue 27).
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScripts, screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

const SIGN_IN_BUDGET = 150_000;
/**
 * The first screen after sign-in is usable within a second (median of 5), on a machine that is not busy.
 * CI runs this file beside another test file and beside the whole PostgreSQL pass on two shared cores, and a
 * machine running more than it has cores (CI, or a 1-minute load average above twice the cores) stretches
 * every step by about its load per core. There the bound is 2.5 s, or a second per unit of load per core
 * when the load measured over the sign-ins is higher, and a round that misses it is run once more (the other
 * pass's heavy files come and go): that catches the app falling apart (its code no longer fetched ahead, a
 * page load or a skeleton more on the way) but not a few tens of milliseconds, and the medians are printed.
 */
const busy = () => !!process.env.CI || loadavg()[0]! > 2 * cpus().length;
const busyBound = () => Math.max(2500, Math.round((1000 * loadavg()[0]!) / cpus().length));
const SIGN_INS = 5;

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

  it(`signing in, the first screen is usable within a second (median of ${SIGN_INS}) for an administrator and an owner`, async () => {
    const busyAtStart = busy();
    const journeys = [
      // The administrator lands on the scheduled vehicles (home redirect), the owner on the owner dashboard.
      { email: 'admin@demo.mx', path: '/neighborhood/scheduled-vehicles', ready: '[data-testid^="appointment-"]' },
      { email: 'propietario@demo.mx', path: '/', ready: '[data-testid="owner-dashboard"] [data-testid="wallet-panel"]' },
    ];
    // A first sign-in of each, not counted: the test server's first answers include its own warm-up.
    for (const journey of journeys) {
      const page = await env.newPage();
      await timeSignIn(page, journey.email, journey.ready);
      await page.context().close();
    }
    const round = async (attempt: number) => {
      const times = new Map<string, number[]>(journeys.map((j) => [j.email, []]));
      for (let run = 0; run < SIGN_INS; run++) {
        for (const journey of journeys) {
          const page = await env.newPage();
          const { ms, scripts } = await timeSignIn(page, journey.email, journey.ready);
          expect(new URL(page.url()).pathname).toBe(journey.path);
          times.get(journey.email)!.push(ms);
          if (run === 0 && attempt === 1) {
            const names = scripts.files.map((f) => f.url);
            console.log(`${journey.email}: sign-in to first screen downloads ${scripts.files.length} scripts, ${(scripts.total / 1000).toFixed(1)} kB gzip`);
            // Charts are drawn by the money dashboard only, after its first paint.
            expect(names.filter((url) => url.includes('NivoCharts'))).toEqual([]);
          }
          await page.context().close();
        }
      }
      const loaded = busyAtStart || busy();
      const bound = loaded ? busyBound() : 1000;
      const medians = [...times].map(([email, list]) => {
        const median = [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
        console.log(
          `${email}: first screen usable ${median} ms after submitting sign-in (median of ${SIGN_INS}: ${list.join(', ')} ms; bound ${bound} ms${loaded ? `, busy machine, load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores` : ''}; round ${attempt})`,
        );
        return median;
      });
      return { medians, bound, loaded };
    };
    let result = await round(1);
    if (result.loaded && result.medians.some((median) => median > result.bound)) result = await round(2);
    for (const median of result.medians) expect(median).toBeLessThanOrEqual(result.bound);
  }, 300_000);
});

/**
 * Signs in on a fresh browser context and answers how long the app kept the person waiting: from
 * submitting the form until the first screen shows its content with its data (no skeleton anywhere), less
 * the moments the house chooser waits for a click (for accounts with several houses or communities). The
 * times are taken in the page, where each event happens (timeOrigin-based, so they add up across the
 * page load sign-in ends with).
 */
async function timeSignIn(page: Page, email: string, ready: string) {
  await page.context().addInitScript((readySelector: string) => {
    const key = 'firstScreenTimes';
    const mark = (name: string) => {
      const marks = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, number>;
      if (marks[name]) return;
      marks[name] = performance.timeOrigin + performance.now();
      sessionStorage.setItem(key, JSON.stringify(marks));
    };
    const has = (name: string) => name in (JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, number>);
    document.addEventListener('submit', () => mark('submitted'), true);
    document.addEventListener(
      'click',
      (event) => {
        if (has('chooser') && (event.target as Element).closest('button')) mark('chosen');
      },
      true,
    );
    // Selectors only (no text or layout reads), so that watching costs the page next to nothing.
    const observer = new MutationObserver(() => {
      if (!has('submitted')) return;
      // The house chooser is the sign-in page's only list of radio buttons.
      if (document.querySelector('input[type="radio"]')) mark('chooser');
      const busy = document.querySelector('[aria-busy="true"], [data-testid^="skeleton-"]');
      if (document.querySelector(readySelector) && !busy) {
        mark('ready');
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, ready);
  await page.goto(`${env.base}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
  await page.waitForLoadState('networkidle');
  const scripts = recordScripts(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const marks = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('firstScreenTimes') ?? '{}') as Record<string, number>);
  await page.waitForFunction(() => /"(chooser|ready)"/.test(sessionStorage.getItem('firstScreenTimes') ?? ''));
  if ((await marks()).chooser) await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForFunction(() => sessionStorage.getItem('firstScreenTimes')?.includes('"ready"'));
  const { submitted, chooser, chosen, ready: shown } = await marks();
  const ms = chooser ? chooser - submitted! + (shown! - chosen!) : shown! - submitted!;
  await page.waitForLoadState('networkidle');
  const sizes = await scripts.sizes();
  // Each script once (the sign-in page fetches the app's code ahead; the next page takes it from the cache).
  const files = [...new Map(sizes.files.filter((f) => f.bytes > 0).map((f) => [f.url, f])).values()];
  return { ms: Math.round(ms), scripts: { files, total: files.reduce((sum, f) => sum + f.bytes, 0) } };
}

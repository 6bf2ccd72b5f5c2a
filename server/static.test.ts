import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../tests/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// The built client the app serves (CLIENT_DIST, as server/app.ts reads it); none on CI's PostgreSQL pass.
const dist = process.env.CLIENT_DIST ?? 'client/dist';

describe.runIf(existsSync(path.join(dist, 'index.html')))('client files', () => {
  it('answers client routes with index.html so deep links work', async () => {
    const response = await t.app.fetch(new Request(`${BASE}/neighborhood/settings/general?page=2`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root"></div>');
  });

  it('serves hashed assets gzipped and cacheable', async () => {
    const html = await (await t.app.fetch(new Request(`${BASE}/`))).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const response = await t.app.fetch(new Request(`${BASE}${script}`, { headers: { 'accept-encoding': 'gzip, br' } }));
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('does not serve files outside the build', async () => {
    const response = await t.app.fetch(new Request(`${BASE}/..%2F..%2Fpackage.json`));
    expect(await response.text()).not.toContain('"name": "comunidad"');
  });
});

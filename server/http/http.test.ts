// Sessions and browsers (issue 8 item 8): CORS answers only the configured origin; cookie-authenticated
// uploads and GET logout need the CSRF header; every answer has a request id; unexpected errors are
// logged once with it, expected ones without a stack trace.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../tests/testApp.js';

const PUBLIC = 'https://comunidad.example';
const EVIL = 'https://malicioso.example';

let t: TestApp;
let token: string;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: PUBLIC });
  token = await t.signIn('admin@demo.mx');
  const login = await t.rest('POST', '/auth/login', { email: 'admin@demo.mx', password: 'demo1234' });
  cookie = login.response.headers.getSetCookie()[0].split(';')[0];
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const preflight = (path: string, origin: string) =>
  t.app.fetch(
    new Request(`${BASE}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-graphql-csrf' },
    }),
  );

describe('CORS', () => {
  it('answers preflights only for the configured origin', async () => {
    for (const path of ['/graphql', '/api/1.0/users/me']) {
      const evil = await preflight(path, EVIL);
      expect(evil.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(evil.headers.get('access-control-allow-credentials'), path).toBeNull();
      const ours = await preflight(path, PUBLIC);
      expect(ours.status, path).toBe(204);
      expect(ours.headers.get('access-control-allow-origin'), path).toBe(PUBLIC);
      expect(ours.headers.get('access-control-allow-credentials'), path).toBe('true');
      expect(ours.headers.get('access-control-allow-headers'), path).toMatch(/x-graphql-csrf/);
    }
  });

  it('adds no CORS headers to answers for other origins', async () => {
    const request = (origin: string) =>
      t.app.fetch(
        new Request(`${BASE}/graphql`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json', cookie },
          body: JSON.stringify({ query: '{ session { superAdmin } }' }),
        }),
      );
    const evil = await request(EVIL);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const ours = await request(PUBLIC);
    expect(ours.headers.get('access-control-allow-origin')).toBe(PUBLIC);
    const rest = await t.app.fetch(new Request(`${BASE}/api/1.0/users/me`, { headers: { origin: EVIL, cookie } }));
    expect(rest.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('without PUBLIC_URL only the same origin is answered', async () => {
    const local = await startTestApp();
    try {
      const evil = await local.app.fetch(
        new Request(`${BASE}/graphql`, { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'POST' } }),
      );
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      const same = await local.app.fetch(
        new Request(`${BASE}/graphql`, { method: 'OPTIONS', headers: { origin: BASE, 'access-control-request-method': 'POST' } }),
      );
      expect(same.headers.get('access-control-allow-origin')).toBe(BASE);
    } finally {
      await local.close();
    }
  });
});

describe('CSRF on cookie sessions', () => {
  it('GET /logout with the session cookie needs the CSRF header; with a bearer token it does not', async () => {
    const login = await t.rest('POST', '/auth/login', { email: 'admin@demo.mx', password: 'demo1234' });
    const session = login.response.headers.getSetCookie()[0].split(';')[0];
    const forged = await t.rest('GET', '/logout', undefined, { cookie: session });
    expect(forged.status).toBe(403);
    expect(forged.body.description).toMatch(/x-graphql-csrf/);
    // The session is still open.
    expect((await t.rest('GET', '/users/me', undefined, { cookie: session })).status).toBe(200);
    const real = await t.rest('GET', '/logout', undefined, { cookie: session, headers: { 'x-graphql-csrf': '1' } });
    expect(real.status).toBe(200);
    expect((await t.rest('GET', '/users/me', undefined, { cookie: session })).status).toBe(401);
    const apiClient = await t.signIn('admin@demo.mx');
    expect((await t.rest('GET', '/logout', undefined, { token: apiClient })).status).toBe(200);
  });

  it('cookie-authenticated multipart uploads through REST need the CSRF header', async () => {
    const olivos = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const send = (headers: Record<string, string>) => {
      const form = new FormData();
      form.set('file', new File(['no es excel'], 'propiedades.xlsx'));
      return t.app.fetch(new Request(`${BASE}/api/1.0/neighborhoods/${olivos.id}/massiveHouses`, { method: 'POST', headers, body: form }));
    };
    const forged = await send({ cookie });
    expect(forged.status).toBe(403);
    // With the header (or a bearer token) the upload is read: this one is simply not a spreadsheet.
    expect((await send({ cookie, 'x-graphql-csrf': '1' })).status).toBe(400);
    expect((await send({ authorization: `Bearer ${token}` })).status).toBe(400);
  });
});

describe('request ids and logging', () => {
  it('every answer carries an x-request-id', async () => {
    const a = await t.gql('{ session { superAdmin } }', {}, { token });
    const b = await t.rest('GET', '/users/me', undefined, { token });
    expect(a.response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(b.response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(a.response.headers.get('x-request-id')).not.toBe(b.response.headers.get('x-request-id'));
  });

  it('an unexpected error is logged once with the request id, which the client also gets', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const prisma = t.app.db.prisma;
    const original = prisma.street.findMany;
    (prisma.street as any).findMany = () => Promise.reject(new Error('secreto interno'));
    try {
      const gql = await t.gql('{ streets(first: 5) { edges { node { id } } } }', {}, { token });
      const id = gql.response.headers.get('x-request-id');
      expect(gql.body.errors[0].extensions.requestId).toBe(id);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0][0])).toContain(id);

      errors.mockClear();
      const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
      const rest = await t.rest('GET', `/neighborhoods/${olivos.id}/streets`, undefined, { token });
      expect(rest.status).toBe(500);
      expect(rest.body.request_id).toBe(rest.response.headers.get('x-request-id'));
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0][0])).toContain(rest.body.request_id);
    } finally {
      (prisma.street as any).findMany = original;
    }
  });

  it('expected errors are not logged with a stack trace', async () => {
    const calls: unknown[][] = [];
    for (const level of ['error', 'warn', 'info', 'log'] as const) vi.spyOn(console, level).mockImplementation((...args) => void calls.push(args));
    const owner = await t.signIn('propietario@demo.mx');
    expect((await t.gql('{ auditLog(first: 1) { edges { node { databaseId } } } }', {}, { token: owner })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.rest('PUT', '/users/me/basic', { first_name: '' }, { token })).status).toBe(400);
    expect((await t.rest('GET', '/users/me', undefined, { token: 'caducado' })).status).toBe(401);
    const printed = calls.flat().map((c) => (c instanceof Error ? `${c.message}\n${c.stack}` : String(c)));
    expect(printed.filter((line) => /\n\s+at /.test(line))).toEqual([]);
  });
});

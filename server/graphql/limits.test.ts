import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../tests/testApp.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  token = await t.signIn('admin@demo.mx');
});
afterAll(() => t.close());

describe('GraphQL protections', () => {
  it('refuses too many aliases and too many tokens', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: session { superAdmin }`).join(' ');
    const manyAliases = await t.gql(`{ ${aliases} }`, {}, { token });
    expect(manyAliases.body.errors[0].message).toMatch(/Aliases limit/);
    const deep = await t.gql('{ session { account { neighborhood { id } } accounts { edges { node { neighborhood { id } } } } } }', {}, { token });
    expect(deep.body.errors).toBeUndefined();
    const huge = `{ session { ${'superAdmin '.repeat(5000)} } }`;
    expect((await t.gql(huge, {}, { token })).body.errors[0].message).toMatch(/Token limit/);
  });

  it('refuses a body over 1 MB, announced or streamed without its length', async () => {
    const big = JSON.stringify({ query: `{ session { superAdmin } } # ${'x'.repeat(1024 * 1024)}` });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const announced = await t.app.fetch(new Request(`${BASE}/graphql`, { method: 'POST', headers, body: big }));
    expect(announced.status).toBe(413);
    expect((await announced.json()).errors[0].message).toBe('La solicitud es demasiado grande (máximo 1 MB)');
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await t.app.fetch(new Request(`${BASE}/graphql`, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit));
    expect(streamed.status).toBe(413);
  });

  it('requires the CSRF header on GET requests', async () => {
    const url = `${BASE}/graphql?query=${encodeURIComponent('{ session { superAdmin } }')}`;
    const blocked = await t.app.fetch(new Request(url, { headers: { authorization: `Bearer ${token}` } }));
    expect(blocked.status).toBe(403);
    const allowed = await t.app.fetch(new Request(url, { headers: { authorization: `Bearer ${token}`, 'x-graphql-csrf': '1' } }));
    expect(allowed.status).toBe(200);
  });

  it('allows introspection only to signed-in API clients in production', async () => {
    const query = '{ __schema { queryType { name } } }';
    expect((await t.gql(query)).body.errors[0].message).toMatch(/introspection/i);
    const cookieLogin = await t.rest('POST', '/auth/login', { email: 'admin@demo.mx', password: 'demo1234' });
    const cookie = cookieLogin.response.headers.getSetCookie()[0].split(';')[0];
    expect((await t.gql(query, {}, { cookie })).body.errors[0].message).toMatch(/introspection/i);
    expect((await t.gql(query, {}, { token })).body.data.__schema.queryType.name).toBe('Query');
  });

  it('serves GraphiQL only in development', async () => {
    const page = await t.app.fetch(new Request(`${BASE}/graphql`, { headers: { accept: 'text/html' } }));
    expect(await page.text()).not.toMatch(/graphiql/i);
  });

  it('masks unexpected errors', async () => {
    const original = t.app.db.prisma.house.findMany;
    (t.app.db.prisma.house as any).findMany = () => Promise.reject(new Error('secreto interno'));
    try {
      // searchHouses reads through Prisma (the owners list is SQL built with Kysely).
      const { body } = await t.gql('{ searchHouses(phrase: "OLV") { id } }', {}, { token });
      expect(body.errors[0].message).toBe('Ocurrió un error inesperado');
      expect(JSON.stringify(body)).not.toMatch(/secreto/);
      const rest = await t.rest('GET', '/neighborhoods/1/houses/search?phrase=OLV', undefined, { token });
      expect(rest.status).toBe(500);
      expect(rest.body.code).toBe(500);
    } finally {
      (t.app.db.prisma.house as any).findMany = original;
    }
  });
});

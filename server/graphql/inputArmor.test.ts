// Bad input gets a clear 4xx, never a 500, never a stall (issue 8 item 7): GraphQL and REST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../tests/testApp.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.signIn('admin@demo.mx');
});
afterAll(() => t.close());

const HOUSES = 'query($filter: HouseFilter) { houses(first: 5, filter: $filter) { totalCount } }';

/** A raw JSON body (so lone surrogates and other oddities travel exactly as written). */
async function rawGql(body: string, headers: Record<string, string> = {}) {
  const response = await t.app.fetch(
    new Request(`${BASE}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function expectRefused(result: { status: number; body: any }, status: number, message: RegExp) {
  expect(result.status).toBe(status);
  expect(result.body.errors?.[0]?.message ?? result.body.description).toMatch(message);
}

describe('GraphQL input armor', () => {
  it('refuses NUL bytes in variables with a 400 and a Spanish message', async () => {
    const result = await t.gql(HOUSES, { filter: { firstName: 'Ana\u0000' } }, { token });
    expectRefused(result, 400, /caracteres no permitidos/);
  });

  it('refuses lone surrogates in variables', async () => {
    const result = await rawGql(`{"query":${JSON.stringify(HOUSES)},"variables":{"filter":{"lastName":"x\\ud800y"}}}`);
    expectRefused(result, 400, /caracteres no permitidos/);
  });

  it('refuses NUL bytes in string literals of the document', async () => {
    const result = await t.gql('{ houses(first: 5, filter: { firstName: "Ana\\u0000" }) { totalCount } }', {}, { token });
    expectRefused(result, 400, /caracteres no permitidos/);
  });

  it('refuses over-long strings in variables and filters', async () => {
    const huge = await t.gql('mutation($input: SignInInput!) { signIn(input: $input) { __typename } }', {
      input: { email: 'a'.repeat(20_000), password: 'x' },
    });
    expectRefused(huge, 400, /como máximo 10,000 caracteres/);
    const filter = await t.gql(HOUSES, { filter: { email: 'a'.repeat(500) } }, { token });
    expectRefused(filter, 400, /filtro.*como máximo 200 caracteres/);
    const literal = await t.gql(`{ houses(first: 5, filter: { lastName: "${'b'.repeat(500)}" }) { totalCount } }`, {}, { token });
    expectRefused(literal, 400, /filtro.*como máximo 200 caracteres/);
    // A normal filter still works.
    expect((await t.gql(HOUSES, { filter: { email: 'demo' } }, { token })).body.data.houses.totalCount).toBeGreaterThan(0);
  });

  it('refuses deeply nested variables', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 30; i++) deep = { a: deep };
    const result = await t.gql(HOUSES, { filter: { firstName: 'a' }, extra: deep }, { token });
    expectRefused(result, 400, /anidad/);
  });

  it('refuses invalid GET variables with a 400, not a 500', async () => {
    const query = encodeURIComponent('query($f: HouseFilter) { houses(first: 1, filter: $f) { totalCount } }');
    for (const variables of ['{not json', '[1,2]', '42', '"texto"']) {
      const response = await t.app.fetch(
        new Request(`${BASE}/graphql?query=${query}&variables=${encodeURIComponent(variables)}`, {
          headers: { authorization: `Bearer ${token}`, 'x-graphql-csrf': '1' },
        }),
      );
      expect(response.status, variables).toBe(400);
      expect((await response.json()).errors[0].message, variables).toMatch(/variables/i);
    }
    const ok = await t.app.fetch(
      new Request(`${BASE}/graphql?query=${query}&variables=${encodeURIComponent('{"f":{"firstName":"a"}}')}`, {
        headers: { authorization: `Bearer ${token}`, 'x-graphql-csrf': '1' },
      }),
    );
    expect(ok.status).toBe(200);
  });

  it('refuses nodes(ids) with more than 100 ids', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => Buffer.from(`House:${i + 1}`).toString('base64'));
    const viaVariables = await t.gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids }, { token });
    expectRefused(viaVariables, 400, /como máximo 100/);
    const literal = await t.gql(`{ nodes(ids: [${ids.map((id) => `"${id}"`).join(',')}]) { id } }`, {}, { token });
    expectRefused(literal, 400, /como máximo 100/);
    const hundred = await t.gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ids.slice(0, 100) }, { token });
    expect(hundred.status).toBe(200);
    expect(hundred.body.data.nodes).toHaveLength(100);
  });

  it('refuses JSON bodies over 1 MB with a 413, as REST does', async () => {
    const body = JSON.stringify({ query: HOUSES, variables: { filter: { firstName: 'a' }, padding: 'x'.repeat(1_100_000) } });
    const result = await rawGql(body);
    expect(result.status).toBe(413);
    expect(result.body.errors[0].message).toMatch(/demasiado grande/);
    // Also when the length is announced.
    const announced = await rawGql(body, { 'content-length': String(Buffer.byteLength(body)) });
    expect(announced.status).toBe(413);
  });

  it('an 8,000-character filter is refused fast and does not delay other requests', async () => {
    const long = 'a'.repeat(8_000);
    const started = performance.now();
    const [slowGql, slowRest, normal] = await Promise.all([
      t.gql(HOUSES, { filter: { firstName: long } }, { token }).then((r) => ({ ...r, ms: performance.now() - started })),
      t.rest('GET', `/neighborhoods/1/houses?first_name=${long}`, undefined, { token }).then((r) => ({ ...r, ms: performance.now() - started })),
      t.gql(HOUSES, { filter: { firstName: 'a' } }, { token }).then((r) => ({ ...r, ms: performance.now() - started })),
    ]);
    expect(slowGql.status).toBe(400);
    expect(slowRest.status).toBe(400);
    expect(slowRest.body.description).toMatch(/como máximo/);
    expect(normal.status).toBe(200);
    expect(normal.body.data.houses.totalCount).toBeGreaterThan(0);
    expect(Math.max(slowGql.ms, slowRest.ms)).toBeLessThan(1000);
    expect(normal.ms).toBeLessThan(1000);
  });
});

describe('REST input armor', () => {
  it('refuses NUL bytes in query strings and path parameters', async () => {
    const query = await t.rest('GET', '/neighborhoods/1/houses?first_name=Ana%00', undefined, { token });
    expect(query.status).toBe(400);
    expect(query.body.description).toMatch(/caracteres no permitidos/);
    const path = await t.rest('GET', '/neighborhoods/1/houses/12%00', undefined, { token });
    expect(path.status).toBe(400);
    expect(path.body.description).toMatch(/caracteres no permitidos/);
  });

  it('refuses malformed percent-encoding and over-long values', async () => {
    const surrogate = await t.rest('GET', '/neighborhoods/1/houses/%ED%A0%80', undefined, { token });
    expect(surrogate.status).toBe(400);
    const longPath = await t.rest('GET', `/neighborhoods/1/houses/${'9'.repeat(300)}`, undefined, { token });
    expect(longPath.status).toBe(400);
    const longQuery = await t.rest('GET', `/neighborhoods/1/houses?last_name=${'x'.repeat(2_000)}`, undefined, { token });
    expect(longQuery.status).toBe(400);
    expect(longQuery.body.description).toMatch(/como máximo/);
  });

  it('refuses impossible dates', async () => {
    const owner = await t.signIn('propietario@demo.mx');
    const rest = await t.rest('PUT', '/users/me/basic', { first_name: 'Ana', birth_date: '2026-02-30' }, { token: owner });
    expect(rest.status).toBe(400);
    expect(rest.body.description).toMatch(/fecha/i);
    const leap = await t.rest('PUT', '/users/me/basic', { first_name: 'Ana', birth_date: '2024-02-29' }, { token: owner });
    expect(leap.status).toBe(200);
    expect(leap.body.birth_date).toMatch(/^2024-02-29/);
  });
});

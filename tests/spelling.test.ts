// An operation answers the same however the client spells it: renamed variables, inline literals, aliases
// and fragments (issue 24: graphql-jit handed a subscription's variables to its field as arguments, so only
// `$receiptId` worked). Queries are generated from the legacy route table (every GET that needs no more than
// the community's id), mutations are a few that answer the same when repeated, and every subscription is
// subscribed in each spelling at once and must deliver the same event to all of them.
import { createServer, type Server } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import { createClient } from 'graphql-ws';
import { getOperationAST, parse } from 'graphql';
import WebSocket from 'ws';
import { todayIn } from '../core/receipts.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../server/graphql/schema.js';
import { restRoutes } from '../server/rest/routes.js';
import { startTestApp, type TestApp } from './testApp.js';
import { respell, SPELLINGS, unalias, type Spelling } from './matrix/respell.js';

let t: TestApp;
let adminToken: string;
let communityId: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signIn('admin@demo.mx');
  const { body } = await t.gql('{ session { neighborhood { databaseId } } }', {}, { token: adminToken });
  communityId = String(body.data.session.neighborhood.databaseId);
});
afterAll(() => t.close());

/** Every legacy GET query that needs only the community's id, with the variables its route sends. */
function sampleQueries(): { name: string; query: string; variables: Record<string, unknown> }[] {
  const sample = [];
  for (const route of restRoutes) {
    if (route.method !== 'GET') continue;
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (params.some((p) => p !== 'n')) continue;
    const operation = getOperationAST(parse(route.operation));
    if (operation?.operation !== 'query') continue;
    // Reports need a period (the demo's year): given to every route (the others' schemas drop what they do not read).
    const today = todayIn('America/Mexico_City');
    const period = { from: `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, to: today };
    const query = route.query ? route.query.safeParse(period) : { success: true as const, data: {} };
    if (!query.success) continue;
    let variables: Record<string, unknown>;
    try {
      variables = route.variables?.({ params: { n: communityId }, query: query.data as never, body: undefined }) ?? {};
    } catch {
      continue;
    }
    if (Object.values(variables).some((v) => v instanceof File)) continue;
    sample.push({ name: `${route.method} ${route.path}`, query: route.operation, variables });
  }
  return sample;
}

/** The paths at which two answers differ. */
function differences(a: unknown, b: unknown, path = '', out = new Set<string>()): Set<string> {
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    if (Array.isArray(a) && a.length !== (b as unknown[]).length) out.add(path);
    else for (const key of keys) differences((a as any)[key], (b as any)[key], `${path}/${key}`, out);
  } else if (a !== b) out.add(path);
  return out;
}

/** File contents (exports carry the second they were made) and whatever varied between two canonical runs. */
function masked(value: unknown, paths: Set<string>, path = ''): unknown {
  if (paths.has(path) || path.endsWith('/base64')) return '<varies>';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, masked(v, paths, `${path}/${k}`)]);
    return Array.isArray(value) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  }
  return value;
}

async function answer(query: string, variables: Record<string, unknown>) {
  const { body } = await t.gql(query, variables, { token: adminToken, headers: { 'x-legacy-community': communityId } });
  return body;
}

describe('queries and mutations answer the same in every spelling', () => {
  it('holds for every legacy GET query that needs only the community', async () => {
    const sample = sampleQueries();
    expect(sample.length).toBeGreaterThan(25);
    let compared = 0;
    const refused: string[] = [];
    for (const { name, query, variables } of sample) {
      // What differs between two canonical runs (a file's timestamp, a download link) is not compared.
      const first = await answer(query, variables);
      // The canonical answer is a real one: an operation failing the same way in every spelling proves nothing.
      if (first.errors) {
        refused.push(`${name}: ${first.errors[0].message}`);
        continue;
      }
      const varying = differences(first, await answer(query, variables));
      const canonical = masked(first, varying);
      for (const spelling of SPELLINGS) {
        const variant = respell(schema, query, variables, spelling);
        const body = await answer(variant.query, variant.variables);
        expect(masked(spelling === 'aliases' ? unalias(body) : body, varying), `${name} spelled with ${spelling}`).toEqual(canonical);
        compared++;
      }
    }
    expect(refused).toEqual([]);
    expect(compared).toBe((sample.length - refused.length) * SPELLINGS.length);
  });

  it('holds for mutations that answer the same when repeated', async () => {
    const owner = await t.signIn('propietario@demo.mx');
    const street = await t.app.db.prisma.street.findFirstOrThrow({ where: { neighborhoodId: Number(communityId) }, orderBy: { id: 'asc' } });
    const { encodeGlobalID } = await import('@pothos/plugin-relay');
    const streetId = encodeGlobalID('Street', String(street.id));
    const mutations: { token: string; query: string; variables: Record<string, unknown>; typename: string }[] = [
      {
        typename: 'MutationUpdateMyBasicDataSuccess',
        token: owner,
        query: `mutation Basic($input: UpdateMyBasicDataInput!) { updateMyBasicData(input: $input) {
          __typename ... on MutationUpdateMyBasicDataSuccess { data { user { firstName lastName mobile } } } ... on Error { message } } }`,
        variables: { input: { firstName: 'Patricia', lastName: 'Núñez Ortega', mobile: '5512345678' } },
      },
      {
        typename: 'InputError',
        token: owner,
        query: `mutation Invalid($input: UpdateMyBasicDataInput!) { updateMyBasicData(input: $input) { __typename ... on Error { message } } }`,
        variables: { input: { firstName: '', birthDate: '1990-02-30' } },
      },
      {
        typename: 'MutationUpdateStreetSuccess',
        token: adminToken,
        query: `mutation Street($input: UpdateStreetInput!) { updateStreet(input: $input) {
          __typename ... on MutationUpdateStreetSuccess { data { street { id name } } } ... on Error { message } } }`,
        variables: { input: { id: streetId, name: street.name } },
      },
    ];
    for (const { token, query, variables, typename } of mutations) {
      const run = (q: string, v: Record<string, unknown>) => t.gql(q, v, { token }).then((r) => r.body);
      const canonical = await run(query, variables);
      expect(
        Object.values(canonical.data ?? {}).map((v: any) => v?.__typename),
        JSON.stringify(canonical).slice(0, 300),
      ).toEqual([typename]);
      for (const spelling of SPELLINGS) {
        const variant = respell(schema, query, variables, spelling);
        const body = await run(variant.query, variant.variables);
        expect(spelling === 'aliases' ? unalias(body) : body, `${query.slice(0, 40)} spelled with ${spelling}`).toEqual(canonical);
      }
    }
  });
});

describe('subscriptions deliver the same event in every spelling', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(createServerAdapter(t.app.fetch));
    t.app.attachWebsocket(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Subscribes the operation in its canonical form and in every spelling; resolves with each one's first result. */
  async function subscribeAll(token: string, query: string, variables: Record<string, unknown>) {
    const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    const forms: { spelling: Spelling | 'canonical'; query: string; variables: Record<string, unknown> }[] = [
      { spelling: 'canonical', query, variables },
      ...SPELLINGS.map((spelling) => ({ spelling, ...respell(schema, query, variables, spelling) })),
    ];
    const results = forms.map(
      (form) =>
        new Promise<{ spelling: string; body: unknown }>((resolve) => {
          const dispose = client.subscribe(
            { query: form.query, variables: form.variables },
            {
              next: (value) => {
                dispose();
                resolve({ spelling: form.spelling, body: form.spelling === 'aliases' ? unalias(value) : value });
              },
              error: (error) => resolve({ spelling: form.spelling, body: { error: String((error as Error)?.message ?? JSON.stringify(error)) } }),
              complete: () => {},
            },
          );
        }),
    );
    // Every subscription is open once the server has run its subscribe (graphql-ws acknowledges nothing).
    await new Promise((r) => setTimeout(r, 400));
    return { results: Promise.all(results), close: () => client.dispose() };
  }

  /**
   * Raises the event until every subscription has its first result: through Redis (REDIS_URL) the server does
   * not await its SUBSCRIBE, so an event raised too early reaches no one; each subscription keeps only its first.
   */
  async function raiseUntil<T>(results: Promise<T>, raise: () => unknown): Promise<T> {
    let done = false;
    void results.then(() => {
      done = true;
    });
    for (let i = 0; i < 100 && !done; i++) {
      await raise();
      await Promise.race([results, new Promise((r) => setTimeout(r, 300))]);
    }
    return results;
  }

  function expectAllAlike(results: { spelling: string; body: any }[], field: string) {
    const canonical = results.find((r) => r.spelling === 'canonical')!.body;
    expect(canonical.data?.[field], JSON.stringify(canonical)).toBeTruthy();
    for (const r of results) expect(r.body, r.spelling).toEqual(canonical);
  }

  it('receiptPaymentUpdated with $receiptId, $id, a literal, aliases and fragments', async () => {
    const receipt = await t.app.db.prisma.receipt.findFirstOrThrow({
      where: { house: { neighborhoodId: Number(communityId) }, status: 'NEW' },
      orderBy: { id: 'asc' },
    });
    const { encodeGlobalID } = await import('@pothos/plugin-relay');
    const receiptId = encodeGlobalID('Receipt', String(receipt.id));
    const query = 'subscription Pay($receiptId: ID!) { receiptPaymentUpdated(receiptId: $receiptId) { receiptId chargeId status at } }';
    const { results, close } = await subscribeAll(adminToken, query, { receiptId });
    // One instant for every raise: a subscription that missed the first raise gets the same event from a later one.
    const at = new Date();
    const all = await raiseUntil(results, () =>
      t.app.pubsub.publish('receipt:payment', receipt.id, { receiptId: receipt.id, chargeId: 'ch_spelling', status: 'COMPLETED', at }),
    );
    expectAllAlike(all, 'receiptPaymentUpdated');
    expect((all[0].body as any).data.receiptPaymentUpdated).toMatchObject({ receiptId, chargeId: 'ch_spelling', status: 'COMPLETED' });
    await close();
  });

  it('amenitySlotsChanged with $amenityId, a literal, aliases and fragments', async () => {
    const salon = await t.app.db.prisma.amenity.findFirstOrThrow({ where: { neighborhoodId: Number(communityId), name: 'Salón de usos múltiples' } });
    const { encodeGlobalID } = await import('@pothos/plugin-relay');
    const amenityId = encodeGlobalID('Amenity', String(salon.id));
    const query = 'subscription Slots($amenityId: ID!) { amenitySlotsChanged(amenityId: $amenityId) { amenityDatabaseId kind at } }';
    const { results, close } = await subscribeAll(adminToken, query, { amenityId });
    const at = new Date();
    const all = await raiseUntil(results, () => t.app.pubsub.publish('amenity:slots', salon.id, { amenityId: salon.id, kind: 'BOOKED', at }));
    expectAllAlike(all, 'amenitySlotsChanged');
    expect((all[0].body as any).data.amenitySlotsChanged).toMatchObject({ amenityDatabaseId: salon.id, kind: 'BOOKED' });
    await close();
  });

  it('dashboardMoneyUpdated and sessionEvents', async () => {
    const money = await subscribeAll(adminToken, 'subscription Money { dashboardMoneyUpdated { kind at } }', {});
    const moneyResults = await raiseUntil(money.results, () =>
      t.app.pubsub.publish('community:money', Number(communityId), { neighborhoodId: Number(communityId), kind: 'PAYMENT', at: new Date() }),
    );
    expectAllAlike(moneyResults, 'dashboardMoneyUpdated');
    await money.close();

    const token = await t.signIn('residente@demo.mx');
    const session = await subscribeAll(token, 'subscription Events { sessionEvents { kind thisSession } }', {});
    const sessionResults = await raiseUntil(session.results, async () =>
      expect((await t.rest('PUT', '/users/me/basic', { first_name: 'Rocío' }, { token })).status).toBe(200),
    );
    expectAllAlike(sessionResults, 'sessionEvents');
    await session.close();
  });
});

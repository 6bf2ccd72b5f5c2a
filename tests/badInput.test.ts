// Bad input gets a clear 4xx, never a 500, never a stall (issue 8, item 7; issue 24 item 5). Generated from
// the printed schema: every String / ID / Date / Decimal argument or input field of every Query and
// Mutation root field (at any depth, optional ones too) is sent, as the administrator, with
//   (a) a NUL byte, (b) a lone surrogate, (c) 100,000 characters, (d) an impossible date, year 0000 and
//   year 9999 for dates, (e) "1e309", NaN, Infinity and three decimals for amounts;
// every GET route of /api/1.0 gets the same values in its query string keys and path placeholders (an
// emoji too), and every JSON body route a list nested 10,000 deep. Then the rest of the hostile shapes:
// TRACE, TRACK and CONNECT, deep lists in GraphQL variables, bad scalars without a session, NUL bytes in
// a gateway webhook's ids. The answer must be a refusal: a GraphQL error with a 4xx status, a typed
// Error result (4xx code) or, for REST, a 4xx status; never a 500 and never slower than MAX_MS.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLInputType } from 'graphql';
import { getNullableType, isInputObjectType, isListType } from 'graphql';
import type { z } from 'zod';
import { Request as AdapterRequest } from '@whatwg-node/fetch';
import { createServerAdapter } from '@whatwg-node/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../server/rest/routes.js';
import { gatewayAccount, webhookCredentials } from '../server/infra/gateway/index.js';
import { basicAuthorization } from '../server/infra/gateway/openpay.js';
import { BASE } from './testApp.js';
import {
  type BuiltOperation,
  buildOperation,
  type RootField,
  rootFields,
  type StringLeaf,
  stringLeaves,
  type ValueSource,
  valueFor,
} from './matrix/schemaOps.js';
import { decodeGlobalId, dummySource, type GqlAnswer, knownErrorCodes, openRole, problems, type RoleSession, send } from './matrix/roles.js';

const MAX_MS = 2_000;
const KNOWN_CODES = knownErrorCodes();

const BAD = {
  nul: 'ab\u0000cd',
  surrogate: 'ab\uD800cd',
  long: 'a'.repeat(100_000),
  date: '2026-02-30',
  // A day JavaScript reads but PostgreSQL refuses (22008): the date validators refuse years outside 1900–2999.
  year0: '0000-01-15',
  // A day PostgreSQL stores but arithmetic on it leaves four-digit years: refused by the shared validators, never a 500.
  year9999: '9999-12-31',
  // Amounts: a float overflow, the float specials and a third decimal (Decimal(14,2) holds cents).
  exponent: '1e309',
  nan: 'NaN',
  infinity: 'Infinity',
  cents3: '1.005',
  // Below the transport limit (10,000), above any column: reaches the domain's own validation and the database.
  nearLimit: 'a'.repeat(9_000),
  // A well-formed global id of a type no ID argument takes.
  wrongType: Buffer.from('Zzz:1').toString('base64'),
  // Beyond Latin-1: a header cannot carry it (REST sends the community id of the path in one).
  emoji: '\u{1F600}',
} as const;
type BadKind = keyof typeof BAD;

/** Values a field may accept (a long description, an id that matches nothing): never a 500, never slow, but not necessarily refused. */
const TOLERATED = new Set<BadKind>(['nearLimit', 'wrongType']);

const MONEY_KINDS = ['exponent', 'nan', 'infinity', 'cents3'] as const;

/** Amounts typed as text with two decimals at most: the money kinds must be refused. */
const MONEY_FIELD = /^(amount|cost|debt|deposit|downPayment|fee|penaltyFee|initialBalance|maxAmountBalance|maxOrdinaryDebt|subtotal|total)$/;
/** Numbers typed as text that may carry more decimals (unit prices and conversion rates of CFDI and measured services): never a 500. */
const OTHER_NUMBER_FIELD = /(Price|Rate|^rate|presetCost|Discount)$/;

/** Operations that end or switch the session, or remove rows: their IDs name no row here. */
const DESTRUCTIVE = /^(delete|endDevices|switchAccount|signOut)/;

/** Dates travel as the Date scalar or as strings named like one (birthDate). */
const isDateLeaf = (leaf: StringLeaf) => leaf.scalar === 'Date' || /date/i.test(leaf.name);
/** Days typed as text under other names: period filters (from, toCharge) and validity ranges (availableFrom, activeUntil). */
const isDayLeaf = (leaf: StringLeaf) =>
  isDateLeaf(leaf) || (leaf.scalar === 'String' && /^(from|to)$|^(from|to)(Charge|Payment)$|^available(From|To)$|^active(From|Until)$/.test(leaf.name));

interface GqlCase {
  name: string;
  root: RootField;
  leaf: StringLeaf;
  kind: BadKind;
  /** Never a 500, but not necessarily refused. */
  tolerated: boolean;
}

const CASES: GqlCase[] = rootFields().flatMap((root) =>
  stringLeaves(root).flatMap((leaf) => {
    const kinds: BadKind[] = leaf.scalar === 'Date' ? ['date', 'nul', 'long'] : ['nul', 'surrogate', 'long'];
    if (leaf.scalar !== 'Date' && isDateLeaf(leaf)) kinds.push('date');
    if (isDayLeaf(leaf)) kinds.push('year0', 'year9999');
    if (leaf.scalar === 'String') kinds.push('nearLimit');
    if (leaf.scalar === 'ID') kinds.push('wrongType');
    // A service concept's `amount` is a percent of its base (PERCENT concepts), not money.
    const percent = /ServiceConcept$/.test(root.name) && leaf.name === 'amount';
    const moneyRefused = leaf.scalar === 'Decimal' || (leaf.scalar === 'String' && MONEY_FIELD.test(leaf.name) && !percent);
    if (moneyRefused || percent || (leaf.scalar === 'String' && OTHER_NUMBER_FIELD.test(leaf.name))) kinds.push(...MONEY_KINDS);
    return kinds.map((kind) => ({
      name: `${root.kind} ${root.name}(${[leaf.arg, ...leaf.path].join('.')}) ${kind}`,
      root,
      leaf,
      kind,
      // year9999 is refused by the shared day validators; filters with their own (period reports) may read it.
      tolerated: TOLERATED.has(kind) || kind === 'year9999' || ((MONEY_KINDS as readonly string[]).includes(kind) && !moneyRefused),
    }));
  }),
);

/** Puts `bad` at `path` inside a value of `type`, building the required fields of any input object on the way. */
function setIn(type: GraphQLInputType, current: unknown, path: string[], bad: string, source: ValueSource, owner: string | null, name: string): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    const list = Array.isArray(current) && current.length ? [...current] : [undefined];
    list[0] = setIn(inner.ofType, list[0], path, bad, source, owner, name);
    return list;
  }
  if (path.length === 0) return bad;
  if (!isInputObjectType(inner)) throw new Error(`cannot descend into ${String(type)}`);
  const object = { ...((current as Record<string, unknown>) ?? (valueFor(inner, source, owner, name, name) as Record<string, unknown>)) };
  const field = inner.getFields()[path[0]];
  object[path[0]] = setIn(field.type, object[path[0]], path.slice(1), bad, source, inner.name, path[0]);
  return object;
}

function badOperation(c: GqlCase, s: RoleSession): BuiltOperation {
  const source = dummySource(s, DESTRUCTIVE.test(c.root.name));
  const op = buildOperation(c.root, source, (a) => a.name === c.leaf.arg);
  const arg = c.root.field.args.find((a) => a.name === c.leaf.arg)!;
  op.variables[c.leaf.arg] = setIn(
    arg.type,
    op.variables[c.leaf.arg],
    c.leaf.path,
    BAD[c.kind],
    source,
    `${c.root.kind === 'query' ? 'Query' : 'Mutation'}.${c.root.name}`,
    c.leaf.arg,
  );
  return op;
}

/**
 * A stalled request is waited for (not raced) so that it fails with its real duration and does not leave
 * the single PGlite connection busy under the next cases.
 */
const STALL_TIMEOUT = 300_000;

/** null when the answer is a clean, quick refusal; otherwise what went wrong. */
function gqlMismatch(answer: GqlAnswer, tolerated: boolean): string | null {
  const { codes, statuses, summary } = problems(answer);
  if (answer.body?.unparsable !== undefined) return `not JSON (${summary})`;
  if (answer.status >= 500 || statuses.some((st) => st >= 500) || codes.includes('INTERNAL_SERVER_ERROR')) return `a 500 (${summary})`;
  const unknown = (answer.body?.errors ?? []).map((e: any) => e.extensions?.code).filter((c: unknown) => !KNOWN_CODES.has(String(c)));
  if (unknown.length) return `error code ${unknown.join(', ')} is not a kernel error kind (${summary})`;
  if (answer.ms > MAX_MS) return `took ${Math.round(answer.ms)} ms (${summary})`;
  // The administrator holds every grant of these fields: a 401/403 would mean the session was lost, not a refusal of the input.
  if (statuses.includes(401) || statuses.includes(403)) return `refused as if unauthorised instead of as bad input (${summary})`;
  const refused = statuses.some((st) => st >= 400 && st < 500);
  return refused || tolerated ? null : `accepted instead of refused with a 4xx (${summary})`;
}

describe('GraphQL: bad strings in every argument, as the administrator', () => {
  let s: RoleSession;
  beforeAll(async () => {
    s = await openRole('admin', 'admin@demo.mx');
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('covers every root field with a String or ID input', () => {
    expect(CASES.length).toBeGreaterThan(100);
    // The value generators reach dates and amounts, so a new date or money input gets these cases too.
    for (const kind of ['year0', 'year9999', ...MONEY_KINDS] as const) expect(CASES.filter((c) => c.kind === kind).length, kind).toBeGreaterThan(10);
    expect(CASES.some((c) => c.leaf.scalar === 'Decimal' && c.kind === 'nan')).toBe(true);
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const op = badOperation(c, s);
      const answer = await send(s, op);
      // Fields only house users hold (a house's own saved cards): the administrator's refusal is the grant's.
      const houseOnly = !!c.root.grants && !c.root.grants.some((g) => /^[AC]/.test(g));
      const refusedByGrant = [answer.status, ...problems(answer).statuses].some((st) => st === 403);
      const wrong = houseOnly && refusedByGrant ? null : gqlMismatch(answer, c.tolerated);
      if (process.env.MATRIX_LOG) console.log(`BADINPUT ${c.name} ${Math.round(answer.ms)}ms ${problems(answer).summary.slice(0, 200)}`);
      expect(wrong, `${c.name}: ${op.query}`).toBeNull();
    },
    STALL_TIMEOUT,
  );
});

/** Keys of a route's query-string schema (a zod object, possibly extended). */
function queryKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const encode = (kind: BadKind, value: string) =>
  // encodeURIComponent refuses lone surrogates: send the bytes a careless client would (CESU-8), which are not UTF-8.
  kind === 'surrogate' ? `ab${'%ED%A0%80'}cd` : encodeURIComponent(value);

describe('REST: bad values in the query string and path of every GET route', () => {
  let s: RoleSession;
  let defaults: Record<string, string>;
  beforeAll(async () => {
    s = await openRole('admin', 'admin@demo.mx');
    defaults = {
      n: String(decodeGlobalId(s.ids.Neighborhood)),
      h: String(decodeGlobalId(s.ids.House)),
      id: '1',
      userId: '1',
      code: 'x',
      domain: 'x',
    };
  });
  afterAll(async () => {
    await s?.t.close();
  });

  // GET /logout ends the session the other cases use: it goes last.
  const gets = restRoutes.filter((r) => r.method === 'GET').sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));
  const cases: { name: string; route: (typeof gets)[number]; target: { query?: string; placeholder?: string }; kind: BadKind }[] = [];
  for (const route of gets) {
    const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const keys = queryKeys(route.query);
    for (const kind of ['nul', 'surrogate', 'long'] as const) {
      for (const key of keys) cases.push({ name: `GET ${route.path}?${key}= ${kind}`, route, target: { query: key }, kind });
      for (const p of placeholders) cases.push({ name: `GET ${route.path} {${p}} ${kind}`, route, target: { placeholder: p }, kind });
    }
    for (const p of placeholders) cases.push({ name: `GET ${route.path} {${p}} emoji`, route, target: { placeholder: p }, kind: 'emoji' });
    for (const key of keys.filter((k) => /date|from|until|since|_at$/i.test(k))) {
      for (const kind of ['date', 'year0', 'year9999'] as const) cases.push({ name: `GET ${route.path}?${key}= ${kind}`, route, target: { query: key }, kind });
    }
  }

  it('covers emoji path segments and out-of-range years', () => {
    expect(cases.filter((c) => c.kind === 'emoji' && c.target.placeholder === 'n').length).toBeGreaterThan(10);
    expect(cases.some((c) => c.kind === 'year0')).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const value = encode(c.kind, BAD[c.kind]);
      const path = c.route.path.replace(/\{(\w+)\}/g, (_m, p: string) => (c.target.placeholder === p ? value : encodeURIComponent(defaults[p] ?? '1')));
      const url = `http://localhost/api/1.0${path}${c.target.query ? `?${c.target.query}=${value}` : ''}`;
      const get = (target: string) => s.t.app.fetch(new Request(target, { headers: { authorization: `Bearer ${s.token}`, 'x-forwarded-for': '10.0.0.1' } }));
      const started = performance.now();
      const response = await get(url);
      const text = await response.text();
      const ms = performance.now() - started;
      const got = `http ${response.status} in ${Math.round(ms)} ms: ${text.slice(0, 200)}`;
      if (process.env.MATRIX_LOG) console.log(`BADREST ${c.name} ${got}`);
      expect(response.status, `${c.name}: never a 500: ${got}`).toBeLessThan(500);
      // Routes only house users hold (a house's saved cards) refuse the administrator whatever the values: that 403 is the grant's.
      const grantRefusal =
        response.status === 403 &&
        (await get(`http://localhost/api/1.0${c.route.path.replace(/\{(\w+)\}/g, (_m, p: string) => encodeURIComponent(defaults[p] ?? '1'))}`)).status === 403;
      if (!/logout/.test(c.route.path) && !grantRefusal)
        expect([401, 403], `${c.name}: the administrator's session must still be open: ${got}`).not.toContain(response.status);
      // A lone surrogate cannot travel in a URL: its bytes decode to U+FFFD in a query string, which is ordinary text.
      // A filter may read year 9999 (PostgreSQL stores it); only a 500 is wrong.
      const yearRead = c.kind === 'year9999';
      if (!(c.kind === 'surrogate' && c.target.query) && !yearRead)
        expect(response.status, `${c.name}: refused with a 4xx: ${got}`).toBeGreaterThanOrEqual(400);
      // No community has an emoji for an id: not found (or bad input for an id that must be a number).
      if (c.kind === 'emoji' && c.target.placeholder === 'n') expect(response.status, `${c.name}: ${got}`).toBe(404);
      expect(ms, `${c.name}: ${got}`).toBeLessThan(MAX_MS);
    },
    STALL_TIMEOUT,
  );
});

/** A JSON list nested `levels` deep, as text (JSON.stringify itself overflows the stack on it). */
const deepList = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const DEEP = 10_000;

/** Keys of a route's JSON body schema (a zod object, possibly piped or refined), or none. */
function bodyKeys(schema: z.ZodType | undefined): string[] {
  let current = schema as any;
  for (let i = 0; i < 5 && current && !current.shape; i++) current = current.in ?? current.def?.in ?? current.def?.schema ?? current.def?.innerType;
  return current?.shape ? Object.keys(current.shape) : [];
}

describe('hostile requests beyond bad strings', () => {
  let s: RoleSession;
  let n: number;
  beforeAll(async () => {
    s = await openRole('admin', 'admin@demo.mx');
    n = decodeGlobalId(s.ids.Neighborhood);
  });
  afterAll(async () => {
    await s?.t.close();
  });

  const auth = () => ({ authorization: `Bearer ${s.token}`, 'x-forwarded-for': '10.0.0.1' });
  const json = async (response: Response) => {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return { unparsable: text.slice(0, 200) };
    }
  };

  // The Fetch API refuses to build these requests; the server adapter of `npm start` builds them with its ponyfill.
  const METHOD_CASES = ['TRACE', 'TRACK', 'CONNECT'].flatMap((method) =>
    ['/graphql', '/api/1.0/users/me', '/', '/webhooks/openpay/1', '/health'].map((path) => [`${method} ${path}`, method, path] as const),
  );
  it.each(METHOD_CASES)('%s answers 405', async (_name, method, path) => {
    const response = await s.t.app.fetch(new AdapterRequest(`${BASE}${path}`, { method, headers: auth() }) as unknown as Request);
    const body = await json(response);
    expect(response.status, JSON.stringify(body)).toBe(405);
    expect(body).toMatchObject({ code: 405, description: expect.stringContaining(method) });
  });

  it('TRACE /graphql through the HTTP server of `npm start` answers 405', async () => {
    const server = createServer(createServerAdapter(s.t.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, method: 'TRACE', path: '/graphql' }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end();
      });
      expect(status).toBe(405);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const graphqlPost = (body: string, headers: Record<string, string> = auth()) =>
    s.t.app.fetch(new Request(`${BASE}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }));
  const NODES = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';

  it.each([
    ['a POST variable', () => graphqlPost(`{"query":${JSON.stringify(NODES)},"variables":{"ids":${deepList(DEEP)}}}`)],
    ['objects in a POST variable', () => graphqlPost(`{"query":${JSON.stringify(NODES)},"variables":{"ids":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}}`)],
    [
      'a GET variable',
      () =>
        s.t.app.fetch(
          new Request(`${BASE}/graphql?query=${encodeURIComponent(NODES)}&variables=${encodeURIComponent(`{"ids":${deepList(DEEP)}}`)}`, {
            headers: { ...auth(), 'x-graphql-csrf': '1' },
          }),
        ),
    ],
    [
      'a multipart variable',
      () => {
        const form = new FormData();
        form.set('operations', `{"query":${JSON.stringify(NODES)},"variables":{"ids":${deepList(DEEP)}}}`);
        form.set('map', '{}');
        return s.t.app.fetch(new Request(`${BASE}/graphql`, { method: 'POST', headers: { ...auth(), 'x-graphql-csrf': '1' }, body: form }));
      },
    ],
    ['a variable, without a session', () => graphqlPost(`{"query":${JSON.stringify(NODES)},"variables":{"ids":${deepList(DEEP)}}}`, {})],
  ] as const)('GraphQL: a list nested 10,000 deep in %s answers 400', async (_name, send) => {
    const response = await send();
    const body = await json(response);
    expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toMatch(/anidados demasiado profundo/);
  });

  it('GraphQL: a list nested 10,000 deep in the extensions is not a 500', async () => {
    const response = await graphqlPost(`{"query":"{ session { superAdmin } }","extensions":{"a":${deepList(DEEP)}}}`);
    expect(response.status).toBeLessThan(500);
  });

  // Every JSON body route of /api/1.0 (DELETE bodies are not read), a list 10,000 deep in each field its
  // body schema names (or as the body).
  const bodyRoutes = restRoutes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE' && !r.multipart);
  const BODY_CASES = bodyRoutes.flatMap((route) =>
    (bodyKeys(route.body).length ? bodyKeys(route.body) : [null]).map((key) => [`${route.method} ${route.path} ${key ?? '(body)'}`, route, key] as const),
  );
  it('covers every JSON body route', () => {
    expect(BODY_CASES.length).toBeGreaterThan(50);
  });
  it.each(BODY_CASES)(
    'REST: %s nested 10,000 deep answers 400',
    async (_name, route, key) => {
      const ids: Record<string, string> = { n: String(n), h: String(decodeGlobalId(s.ids.House)) };
      const path = route.path.replace(/\{(\w+)\}/g, (_m, p: string) => ids[p] ?? '1');
      const body = key ? `{${JSON.stringify(key)}:${deepList(DEEP)}}` : deepList(DEEP);
      const response = await s.t.app.fetch(
        new Request(`${BASE}/api/1.0${path}`, { method: route.method, headers: { ...auth(), 'content-type': 'application/json' }, body }),
      );
      const answer = await json(response);
      const got = `http ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`;
      expect(response.status, got).toBeLessThan(500);
      // The administrator lacks only house users' grants: those routes refuse the caller before the body.
      if (response.status === 403) expect(answer.description, got).toMatch(/permiso/);
      else expect(response.status, got).toBe(400);
    },
    STALL_TIMEOUT,
  );

  const REGISTER = 'mutation($a: Decimal!) { registerUnknownPayment(input: { amount: $a, incomeAccountId: 1, paymentDate: "2026-01-01" }) { __typename } }';
  it.each([['abc'], ['1e309'], ['NaN'], ['Infinity'], ['-Infinity'], ['1.005'], [12], [true], [{ a: 1 }]] as const)(
    'an invalid Decimal %j without a session answers 400 BAD_USER_INPUT in Spanish',
    async (value) => {
      const response = await graphqlPost(JSON.stringify({ query: REGISTER, variables: { a: value } }), {});
      const body = await json(response);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].message).toMatch(/^a: Escribe (una|la) cantidad/);
    },
  );

  it.each([['no es un archivo'], [12], [{ name: 'x.xlsx' }]] as const)(
    'an invalid File %j without a session answers 400 BAD_USER_INPUT in Spanish',
    async (value) => {
      const response = await graphqlPost(
        JSON.stringify({ query: 'mutation($f: File!) { importHouses(file: $f) { __typename } }', variables: { f: value } }),
        {},
      );
      const body = await json(response);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].message).toMatch(/multipart\/form-data/);
    },
  );

  // A webhook of the community's gateway, with its real credentials: a NUL byte in any id is a 400 (the
  // gateway stops retrying), not a 500 (which it retries forever).
  const charge = { id: 'trx1', status: 'completed', method: 'card', amount: 100, order_id: 'chg-1', creation_date: '2026-01-01T00:00:00-06:00' };
  const WEBHOOK_CASES = [
    ['the event id', { id: 'evt\u0000', type: 'charge.succeeded', transaction: charge }],
    ['the transaction id', { type: 'charge.succeeded', transaction: { ...charge, id: 'trx\u0000' } }],
    ['the order id', { type: 'charge.succeeded', transaction: { ...charge, order_id: 'chg\u0000' } }],
    ['the chargeback id', { type: 'chargeback.created', transaction: charge, chargeback: { id: 'cb\u0000', status: 'created' } }],
    ['the verification code', { type: 'verification', verification_code: 'x\u0000' }],
    ['a key', { type: 'verification', verification_code: 'x', 'a\u0000': 1 }],
    ['the event id (a lone surrogate)', { id: 'evt\ud800', type: 'verification' }],
  ] as const;

  async function postWebhook(body: string) {
    const account = await gatewayAccount(s.t.app.db.prisma, s.t.app.config, n);
    const { user, password } = webhookCredentials(account!);
    return s.t.app.fetch(
      new Request(`${BASE}/webhooks/openpay/${n}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basicAuthorization(user, password) },
        body,
      }),
    );
  }

  it('a clean webhook with these credentials is received (the control of the cases below)', async () => {
    const response = await postWebhook(JSON.stringify({ type: 'verification', verification_code: 'limpio', event_date: '2026-01-01T00:00:00-06:00' }));
    expect(response.status, await response.text()).toBe(200);
  });

  it.each(WEBHOOK_CASES)('a webhook with a NUL byte in %s answers 400', async (_name, event) => {
    const recorded = () => s.t.app.db.prisma.gatewayEvent.count({ where: { neighborhoodId: n } });
    const before = await recorded();
    const response = await postWebhook(JSON.stringify(event));
    expect(response.status, await response.text()).toBe(400);
    expect(await recorded()).toBe(before);
  });

  it('a webhook nested 10,000 deep answers 400', async () => {
    const response = await postWebhook(`{"type":"verification","verification_code":"x","extra":${deepList(DEEP)}}`);
    expect(response.status, await response.text()).toBe(400);
  });
});

// Logs a person can read (issue 24 item 7). The app runs as in production (NODE_ENV=production: Yoga's own
// logger on, as `npm start` has it) and gets a handful of hostile requests, each refused on purpose:
// validation, forbidden, not found, unauthenticated, rate limited, GraphQL validation and parse errors,
// input and query armor, refused methods, bad scalars, a date PostgreSQL refuses. None of them prints a
// stack trace; at LOG_LEVEL=debug each prints one line. An unexpected error still prints its stack once,
// with the request id the client gets.
import { format } from 'node:util';
import { Request as AdapterRequest } from '@whatwg-node/fetch';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { basicAuthorization } from '../server/infra/gateway/openpay.js';
import { gatewayAccount, webhookCredentials } from '../server/infra/gateway/index.js';
import { BASE, startTestApp, type TestApp } from './testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let community: number;

beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: 'production' });
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  community = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
});
afterAll(() => t?.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Everything written through console while `run` runs, one entry per call, formatted as console formats it. */
async function captured(run: () => Promise<void>): Promise<{ level: string; text: string }[]> {
  const out: { level: string; text: string }[] = [];
  for (const level of ['error', 'warn', 'info', 'log', 'debug', 'trace'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void out.push({ level, text: format(...args) }));
  }
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return out;
}

const STACK_LINE = /^\s+at /m;

const deepList = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** The refusals: each checks its own answer, so a refusal that stopped being one fails here and not silently. */
async function hostileRequests() {
  const expectCode = (body: any, code: string) => expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body).slice(0, 300)).toBe(code);

  // Forbidden, unauthenticated, a dead token.
  expectCode((await t.gql('{ auditLog(first: 1) { edges { node { databaseId } } } }', {}, { token: owner })).body, 'FORBIDDEN');
  expectCode((await t.gql('{ houses(first: 1) { totalCount } }')).body, 'UNAUTHENTICATED');
  expect((await t.gql('{ houses(first: 1) { totalCount } }', {}, { token: 'caducado' })).status).toBe(401);
  // Validation: a typed InputError, a zod body of REST, a global id of another type, a year PostgreSQL refuses.
  const street = await t.gql(
    'mutation($input: CreateStreetInput!) { createStreet(input: $input) { __typename ... on Error { code message } } }',
    { input: { name: '' } },
    { token: admin },
  );
  expect(street.body.data?.createStreet?.code ?? street.status).toBe(400);
  expect((await t.rest('PUT', '/users/me/basic', { first_name: '' }, { token: admin })).status).toBe(400);
  expectCode((await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: 'bm90IGFuIGlk' }, { token: admin })).body, 'BAD_USER_INPUT');
  expect((await t.rest('GET', `/neighborhoods/${community}/expenses/report?from=0000-01-15`, undefined, { token: admin })).status).toBe(400);
  // Not found: a REST route, another community, a house that does not exist.
  expect((await t.rest('GET', '/no-existe', undefined, { token: admin })).status).toBe(404);
  expect((await t.rest('GET', '/neighborhoods/999999/streets', undefined, { token: admin })).status).toBe(404);
  expect((await t.rest('GET', `/neighborhoods/${encodeURIComponent('\u{1F600}')}/streets`, undefined, { token: admin })).status).toBe(404);
  expect((await t.rest('GET', `/neighborhoods/${community}/houses/999999`, undefined, { token: admin })).status).toBe(404);
  // GraphQL's own refusals: parse and validation errors, the query armor, the input armor.
  expectCode((await t.gql('{ session {', {}, { token: admin })).body, 'GRAPHQL_PARSE_FAILED');
  expectCode((await t.gql('{ noSuchField }', {}, { token: admin })).body, 'GRAPHQL_VALIDATION_FAILED');
  const aliases = await t.gql(`{ ${Array.from({ length: 20 }, (_, i) => `a${i}: session { superAdmin }`).join(' ')} }`, {}, { token: admin });
  expect(aliases.body.errors?.[0]?.message).toMatch(/Aliases limit/);
  expectCode((await t.gql('query($q: String) { session { superAdmin } }', { q: 'a\u0000b' }, { token: admin })).body, 'BAD_USER_INPUT');
  const deep = await t.app.fetch(
    new Request(`${BASE}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: `{"query":"query($ids: [ID!]!) { nodes(ids: $ids) { id } }","variables":{"ids":${deepList(10_000)}}}`,
    }),
  );
  expect(deep.status).toBe(400);
  // Scalars refused without a session.
  expectCode(
    (
      await t.gql('mutation($a: Decimal!) { registerUnknownPayment(input: { amount: $a, incomeAccountId: 1, paymentDate: "2026-01-01" }) { __typename } }', {
        a: '1e309',
      })
    ).body,
    'BAD_USER_INPUT',
  );
  expectCode((await t.gql('mutation($f: File!) { importHouses(file: $f) { __typename } }', { f: 'no es un archivo' })).body, 'BAD_USER_INPUT');
  // Refused methods, as the production server adapter hands them over.
  for (const method of ['TRACE', 'CONNECT']) {
    expect((await t.app.fetch(new AdapterRequest(`${BASE}/graphql`, { method }) as unknown as Request)).status).toBe(405);
  }
  // A webhook whose event id carries a NUL byte (with the community's real credentials).
  const account = await gatewayAccount(t.app.db.prisma, t.app.config, community);
  const { user, password } = webhookCredentials(account!);
  const webhook = await t.app.fetch(
    new Request(`${BASE}/webhooks/openpay/${community}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuthorization(user, password) },
      body: JSON.stringify({ id: 'evt\u0000', type: 'verification', verification_code: 'x' }),
    }),
  );
  expect(webhook.status).toBe(400);
  // Rate limited: the sixth wrong password from one address in 15 minutes.
  let last: any;
  for (let i = 0; i < 6; i++) {
    last = await t.gql(
      'mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on Error { code message } } }',
      { input: { email: 'admin@demo.mx', password: 'equivocada' } },
      { ip: '10.99.0.1' },
    );
  }
  expect(last.body.data?.signIn?.code ?? last.body.errors?.[0]?.extensions?.legacyCode).toBe(429);
}

describe('logs of expected refusals', () => {
  it('print nothing at the default level', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const out = await captured(hostileRequests);
    expect(out.map((o) => o.text.slice(0, 400))).toEqual([]);
  });

  it('print one line each at LOG_LEVEL=debug, still without a stack trace', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    const out = await captured(hostileRequests);
    expect(out.filter((o) => STACK_LINE.test(o.text)).map((o) => o.text.slice(0, 400))).toEqual([]);
    expect(
      out.every((o) => !o.text.includes('\n')),
      out.map((o) => o.text).join('\n---\n'),
    ).toBe(true);
    const lines = out.map((o) => o.text).join('\n');
    for (const kind of [
      'ForbiddenError 403',
      'UnauthenticatedError 401',
      'InputError 400',
      'TooManyAttemptsError 429',
      'REST 404',
      'TRACE 405',
      'GraphQLError BAD_USER_INPUT',
    ])
      expect(lines).toContain(kind);
  });
});

describe('a value PostgreSQL refuses as data (a validator is missing)', () => {
  it('answers 400 and logs the database error once, with its stack and the request id', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const prisma = t.app.db.prisma;
    const original = prisma.street.findMany;
    // What PostgreSQL answers for year 0000, as the driver hands it over.
    (prisma.street as any).findMany = () => Promise.reject(Object.assign(new Error('date/time field value out of range: "0000-01-15"'), { code: '22008' }));
    try {
      let id: string | null = null;
      const out = await captured(async () => {
        const answer = await t.gql('{ streets(first: 5) { edges { node { id } } } }', {}, { token: admin });
        expect(answer.status).toBe(400);
        expect(answer.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
        expect(answer.body.errors[0].message).toBe('Una fecha de la solicitud está fuera del rango permitido');
        id = answer.response.headers.get('x-request-id');
      });
      expect(out, out.map((o) => o.text.slice(0, 300)).join('\n---\n')).toHaveLength(1);
      expect(out[0].level).toBe('error');
      expect(out[0].text).toMatch(new RegExp(`^\\[${id}\\] Valor rechazado por la base de datos \\(22008, falta validarlo antes\\): .*0000-01-15`));
      expect(out[0].text).toMatch(STACK_LINE);
    } finally {
      (prisma.street as any).findMany = original;
    }
  });
});

describe('logs of unexpected errors', () => {
  it('print the stack once, with the request id the client gets', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const prisma = t.app.db.prisma;
    const original = prisma.street.findMany;
    (prisma.street as any).findMany = () => Promise.reject(new Error('secreto interno'));
    try {
      let id: string | null = null;
      const out = await captured(async () => {
        const answer = await t.gql('{ streets(first: 5) { edges { node { id } } } }', {}, { token: admin });
        expect(answer.body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
        // Production masks the message.
        expect(answer.body.errors[0].message).not.toContain('secreto');
        id = answer.response.headers.get('x-request-id');
        expect(answer.body.errors[0].extensions.requestId).toBe(id);
      });
      const withStack = out.filter((o) => STACK_LINE.test(o.text));
      expect(withStack, out.map((o) => o.text.slice(0, 300)).join('\n---\n')).toHaveLength(1);
      expect(withStack[0].text).toContain(`[${id}]`);
      expect(withStack[0].text).toContain('secreto interno');
      expect(out).toHaveLength(1);
    } finally {
      (prisma.street as any).findMany = original;
    }
  });
});

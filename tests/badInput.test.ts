// Bad input gets a clear 4xx, never a 500, never a stall (issue 8, item 7). Generated from the printed
// schema: every String / ID / Date argument or input field of every Query and Mutation root field (at any
// depth, optional ones too) is sent, as the administrator, with
//   (a) a NUL byte, (b) a lone surrogate, (c) 100,000 characters, (d) an impossible date for dates;
// and every GET route of /api/1.0 gets the same values in its query string keys and path placeholders.
// The answer must be a refusal: a GraphQL error with a 4xx status, a typed Error result (4xx code) or,
// for REST, a 4xx status; never a 500 and never slower than MAX_MS.
import type { GraphQLInputType } from 'graphql';
import { getNullableType, isInputObjectType, isListType } from 'graphql';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../server/rest/routes.js';
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
  // Below the transport limit (10,000), above any column: reaches the domain's own validation and the database.
  nearLimit: 'a'.repeat(9_000),
  // A well-formed global id of a type no ID argument takes.
  wrongType: Buffer.from('Zzz:1').toString('base64'),
} as const;
type BadKind = keyof typeof BAD;

/** Values a field may accept (a long description, an id that matches nothing): never a 500, never slow, but not necessarily refused. */
const TOLERATED = new Set<BadKind>(['nearLimit', 'wrongType']);

/** Operations that end or switch the session, or remove rows: their IDs name no row here. */
const DESTRUCTIVE = /^(delete|endDevices|switchAccount|signOut)/;

/** Dates travel as the Date scalar or as strings named like one (birthDate). */
const isDateLeaf = (leaf: StringLeaf) => leaf.scalar === 'Date' || /date/i.test(leaf.name);

interface GqlCase {
  name: string;
  root: RootField;
  leaf: StringLeaf;
  kind: BadKind;
}

const CASES: GqlCase[] = rootFields().flatMap((root) =>
  stringLeaves(root).flatMap((leaf) => {
    const kinds: BadKind[] = leaf.scalar === 'Date' ? ['date', 'nul', 'long'] : ['nul', 'surrogate', 'long'];
    if (leaf.scalar !== 'Date' && isDateLeaf(leaf)) kinds.push('date');
    if (leaf.scalar === 'String') kinds.push('nearLimit');
    if (leaf.scalar === 'ID') kinds.push('wrongType');
    return kinds.map((kind) => ({ name: `${root.kind} ${root.name}(${[leaf.arg, ...leaf.path].join('.')}) ${kind}`, root, leaf, kind }));
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
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const op = badOperation(c, s);
      const answer = await send(s, op);
      // Fields only house users hold (a house's own saved cards): the administrator's refusal is the grant's.
      const houseOnly = !!c.root.grants && !c.root.grants.some((g) => /^[AC]/.test(g));
      const refusedByGrant = [answer.status, ...problems(answer).statuses].some((st) => st === 403);
      const wrong = houseOnly && refusedByGrant ? null : gqlMismatch(answer, TOLERATED.has(c.kind));
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
    for (const key of keys.filter((k) => /date|from|until|since|_at$/i.test(k)))
      cases.push({ name: `GET ${route.path}?${key}= date`, route, target: { query: key }, kind: 'date' });
  }

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const value = encode(c.kind, BAD[c.kind]);
      const path = c.route.path.replace(/\{(\w+)\}/g, (_m, p: string) => (c.target.placeholder === p ? value : encodeURIComponent(defaults[p] ?? '1')));
      const url = `http://localhost/api/1.0${path}${c.target.query ? `?${c.target.query}=${value}` : ''}`;
      const started = performance.now();
      const response = await s.t.app.fetch(new Request(url, { headers: { authorization: `Bearer ${s.token}`, 'x-forwarded-for': '10.0.0.1' } }));
      const text = await response.text();
      const ms = performance.now() - started;
      const got = `http ${response.status} in ${Math.round(ms)} ms: ${text.slice(0, 200)}`;
      if (process.env.MATRIX_LOG) console.log(`BADREST ${c.name} ${got}`);
      expect(response.status, `${c.name}: never a 500: ${got}`).toBeLessThan(500);
      if (!/logout/.test(c.route.path)) expect([401, 403], `${c.name}: the administrator's session must still be open: ${got}`).not.toContain(response.status);
      // A lone surrogate cannot travel in a URL: its bytes decode to U+FFFD in a query string, which is ordinary text.
      if (!(c.kind === 'surrogate' && c.target.query)) expect(response.status, `${c.name}: refused with a 4xx: ${got}`).toBeGreaterThanOrEqual(400);
      expect(ms, `${c.name}: ${got}`).toBeLessThan(MAX_MS);
    },
    STALL_TIMEOUT,
  );
});

// Role × operation matrix (issue 8, item 5), generated from the printed schema: every Query and Mutation
// root field is called as every demo role of the README and as a visitor, with minimal valid-shaped
// arguments, and the answer must be exactly what the field's @grant directive says:
// - @grant(any: G): a session holding none of G gets FORBIDDEN (403), a visitor UNAUTHENTICATED (401);
//   a session holding one of G is not refused (a validation, not-found or conflict result is fine);
// - no @grant: public fields (PUBLIC_ROOT_FIELDS) answer visitors; signed-in fields refuse them (401);
// - never a 500 (INTERNAL_SERVER_ERROR), for anyone.
// Each role runs on a fresh app (mutations really run); within a role queries go first, then writes, then
// deletes and session-ending ones, and signOut last. IDs name rows of the role's community (its own house
// for house roles; for administrators a house where no demo role lives).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOperation, rootFields, type RootField } from './matrix/schemaOps.js';
import { DEMO_ROLES, dummySource, knownErrorCodes, openRole, problems, send, type GqlAnswer, type RoleSession } from './matrix/roles.js';

const ROOTS = rootFields();

/**
 * Root fields without any scope that are not in PUBLIC_ROOT_FIELDS: they answer a visitor with null
 * (no refusal) and a session with its own data. Adding another unscoped field must be a decision.
 */
const OPEN_FIELDS = ['node', 'nodes', 'viewer'];

/** Order that keeps the matrix meaningful inside one session: reads, writes, destructive writes, signOut. */
function rank(root: RootField): number {
  if (root.kind === 'query') return 0;
  if (root.name === 'signOut') return 3;
  if (/^(delete|endDevices|switchAccount|changeMyPassword|changeMyEmail|block|reactivate)/.test(root.name)) return 2;
  return 1;
}
const ORDERED = [...ROOTS].sort((a, b) => rank(a) - rank(b) || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));

const KNOWN_CODES = knownErrorCodes();

type Expectation = 'unauthenticated' | 'forbidden' | 'allowed' | 'any';

function expectationFor(root: RootField, s: RoleSession): Expectation {
  const visitor = !s.token;
  switch (root.access) {
    case 'grant':
      if (visitor) return 'unauthenticated';
      return root.grants!.some((g) => s.grants.has(g)) ? 'allowed' : 'forbidden';
    case 'signedIn':
      return visitor ? 'unauthenticated' : 'allowed';
    case 'public':
      return 'allowed';
    case 'open':
      return 'allowed';
  }
}

/** null when the answer matches the expectation; otherwise what went wrong, for the report. */
function mismatch(expected: Expectation, answer: GqlAnswer): string | null {
  const { codes, statuses, summary } = problems(answer);
  if (answer.body?.unparsable !== undefined) return `not JSON (${summary})`;
  if (answer.status >= 500 || statuses.some((st) => st >= 500) || codes.includes('INTERNAL_SERVER_ERROR')) return `a 500 (${summary})`;
  const unknown = (answer.body?.errors ?? []).map((e: any) => e.extensions?.code).filter((c: unknown) => !KNOWN_CODES.has(String(c)));
  if (unknown.length) return `error code ${unknown.join(', ')} is not a kernel error kind (${summary})`;
  const refusedAuth = codes.includes('UNAUTHENTICATED') || statuses.includes(401);
  const refusedGrant = codes.includes('FORBIDDEN') || statuses.includes(403);
  switch (expected) {
    case 'unauthenticated':
      return codes.includes('UNAUTHENTICATED') && answer.status === 401 ? null : `expected UNAUTHENTICATED (401), got ${summary}`;
    case 'forbidden':
      return codes.includes('FORBIDDEN') && answer.status === 403 ? null : `expected FORBIDDEN (403), got ${summary}`;
    case 'allowed':
      return refusedAuth || refusedGrant ? `expected to be allowed (not 401/403), got ${summary}` : null;
    case 'any':
      return null;
  }
}

describe('schema: every root field has its guard stated', () => {
  it.each(ROOTS.map((r) => [`${r.kind} ${r.name}`, r] as const))('%s', (_name, root) => {
    const scopes = root.runtimeScopes ?? {};
    // The printed @grant is what the server enforces (scope-auth `grant`), nothing more, nothing less.
    const enforced = (scopes as { grant?: readonly string[] }).grant;
    expect(enforced ? [...enforced] : null, 'printed @grant vs enforced grant scope').toEqual(root.grants);
    expect(
      Object.keys(scopes).filter((k) => k !== 'grant' && k !== 'signedIn'),
      'other auth scopes',
    ).toEqual([]);
    if (root.access === 'public') expect(scopes, 'a public field (PUBLIC_ROOT_FIELDS) has no auth scope').toEqual({});
    if (root.access === 'open') expect(OPEN_FIELDS, 'an unscoped field must be public, signed-in or listed in OPEN_FIELDS').toContain(root.name);
  });
});

describe.each(DEMO_ROLES.map((r) => [r.role, r] as const))('as %s', (role, { email }) => {
  let s: RoleSession;
  beforeAll(async () => {
    s = await openRole(role, email);
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it.each(ORDERED.map((r) => [`${r.kind} ${r.name}`, r] as const))('%s', async (_name, root) => {
    const op = buildOperation(root, dummySource(s, false));
    const expected = expectationFor(root, s);
    const answer = await send(s, op);
    const wrong = mismatch(expected, answer);
    if (process.env.MATRIX_LOG) console.log(`MATRIX ${role} ${root.kind} ${root.name} expected=${expected} ${problems(answer).summary.slice(0, 160)}`);
    expect(
      wrong,
      `${role} ${root.kind} ${root.name} [${root.access}${root.grants ? ` any of ${root.grants.join(',')}` : ''}] variables ${JSON.stringify(op.variables)}`,
    ).toBeNull();
  });
});

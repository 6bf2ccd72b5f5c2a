// The demo roles of the README, a signed-in client per role, row ids of the role's community to fill ID
// arguments with, and a request helper that also sends uploads (GraphQL multipart requests).
import { readFileSync } from 'node:fs';
import { BASE, type TestApp, startTestApp } from '../testApp.js';
import { FILE, globalId, type BuiltOperation, type ValueSource } from './schemaOps.js';

export const DEMO_ROLES = [
  { role: 'admin', email: 'admin@demo.mx' },
  { role: 'config', email: 'config@demo.mx' },
  { role: 'propietario', email: 'propietario@demo.mx' },
  { role: 'inquilino', email: 'inquilino@demo.mx' },
  { role: 'residente', email: 'residente@demo.mx' },
  { role: 'seguridad', email: 'seguridad@demo.mx' },
  { role: 'anonymous', email: null },
] as const;

export type RoleName = (typeof DEMO_ROLES)[number]['role'];

/** A row id matching nothing: destructive operations and unknown ID types get it. */
export const NO_ROW = 999_999;

export interface RoleSession {
  role: RoleName;
  t: TestApp;
  token?: string;
  grants: Set<string>;
  /** Node type → global id of a row of the role's community (its own house for house roles). */
  ids: Record<string, string>;
}

const decode = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':')[1]);

export async function openRole(role: RoleName, email: string | null, env: Record<string, string> = {}): Promise<RoleSession> {
  const t = await startTestApp(env);
  const token = email ? await t.signIn(email) : undefined;
  const { body } = await t.gql('{ session { grants neighborhood { id } house { id } user { id } account { id } } }', {}, { token });
  const session = body.data?.session;
  if (email && !session) throw new Error(`no session for ${email}: ${JSON.stringify(body)}`);
  const grants = new Set<string>(session?.grants ?? []);
  const ids = await communityIds(t, session);
  return { role, t, token, grants, ids };
}

/** Rows of the role's community (Los Olivos for a visitor) that the generated operations name. */
async function communityIds(t: TestApp, session: any): Promise<Record<string, string>> {
  const prisma = t.app.db.prisma as any;
  const community = session ? decode(session.neighborhood.id) : 1;
  const ownHouse = session?.house ? decode(session.house.id) : null;
  const ownUser = session ? decode(session.user.id) : null;
  const demoUsers = (await prisma.user.findMany({ where: { email: { in: DEMO_ROLES.map((r) => r.email).filter(Boolean) } }, select: { id: true } })).map(
    (u: { id: number }) => u.id,
  );
  const demoHouses = (await prisma.membership.findMany({ where: { userId: { in: demoUsers }, houseId: { not: null } }, select: { houseId: true } })).map(
    (m: { houseId: number }) => m.houseId,
  );
  // Administrators act on a house no demo role lives in, so their writes do not change another role's data.
  const house =
    ownHouse ??
    (
      await prisma.house.findFirst({
        where: { neighborhoodId: community, status: 'ACTIVE', id: { notIn: demoHouses } },
        orderBy: { id: 'asc' },
        select: { id: true },
      })
    )?.id;
  const resident = await prisma.membership.findFirst({
    where: { neighborhoodId: community, houseId: house ?? -1, userId: { notIn: [...demoUsers, ownUser ?? -1] }, role: { kind: { not: 'OWNER' } } },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  const adminUser = await prisma.membership.findFirst({
    where: { neighborhoodId: community, houseId: null, userId: { notIn: demoUsers } },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  const street = await prisma.street.findFirst({ where: { neighborhoodId: community }, orderBy: { id: 'asc' }, select: { id: true } });
  const houseType = await prisma.houseType.findFirst({ where: { neighborhoodId: community }, orderBy: { id: 'asc' }, select: { id: true } });
  const adminRole = await prisma.role.findFirst({ where: { neighborhoodId: community, forHouse: false, kind: 'CONFIG_ADMIN' }, select: { id: true } });
  const user = await prisma.membership.findFirst({
    where: { neighborhoodId: community, userId: { notIn: demoUsers } },
    orderBy: { id: 'asc' },
    select: { userId: true },
  });
  const ids: Record<string, string> = {
    House: globalId('House', house ?? NO_ROW),
    Resident: globalId('Resident', resident?.id ?? NO_ROW),
    AdministrationUser: globalId('AdministrationUser', adminUser?.id ?? NO_ROW),
    Street: globalId('Street', street?.id ?? NO_ROW),
    HouseType: globalId('HouseType', houseType?.id ?? NO_ROW),
    CommunityRole: globalId('CommunityRole', adminRole?.id ?? NO_ROW),
    User: globalId('User', user?.userId ?? NO_ROW),
    Neighborhood: globalId('Neighborhood', community),
    // Devices and accounts: switching account or ending devices would change the session under test.
    Device: globalId('Device', NO_ROW),
    Account: globalId('Account', NO_ROW),
  };
  return ids;
}

/** ID → a row of the community (or none for destructive operations), String → 'x'. */
export function dummySource(s: RoleSession, destructive: boolean): ValueSource {
  return {
    id: (type) => (type && !destructive && s.ids[type] ? s.ids[type] : globalId(type ?? 'House', NO_ROW)),
    string: () => 'x',
  };
}

export interface GqlAnswer {
  status: number;
  body: any;
  ms: number;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Runs an operation as JSON, or as a GraphQL multipart request when it carries uploads. */
export async function send(s: RoleSession, op: BuiltOperation, headers: Record<string, string> = {}): Promise<GqlAnswer> {
  const started = performance.now();
  const base: Record<string, string> = { 'x-forwarded-for': '10.0.0.1', ...headers };
  if (s.token) base.authorization = `Bearer ${s.token}`;
  let request: Request;
  if (op.files.length) {
    const form = new FormData();
    const variables = JSON.parse(JSON.stringify(op.variables, (_k, v) => (v === FILE ? null : v)));
    form.set('operations', JSON.stringify({ query: op.query, variables }));
    form.set('map', JSON.stringify(Object.fromEntries(op.files.map((p, i) => [String(i), [p]]))));
    for (const i of op.files.keys()) {
      form.set(String(i), new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'x.xlsx', { type: XLSX_TYPE }));
    }
    request = new Request(`${BASE}/graphql`, { method: 'POST', headers: { ...base, 'x-graphql-csrf': '1' }, body: form });
  } else {
    request = new Request(`${BASE}/graphql`, {
      method: 'POST',
      headers: { ...base, 'content-type': 'application/json' },
      body: JSON.stringify({ query: op.query, variables: op.variables }),
    });
  }
  const response = await s.t.app.fetch(request);
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = { unparsable: text.slice(0, 300) };
  }
  return { status: response.status, body, ms: performance.now() - started };
}

/** Errors of an answer (GraphQL errors plus typed Error results), each as `code/status message`. */
export function problems(answer: GqlAnswer): { codes: string[]; statuses: number[]; summary: string } {
  const codes: string[] = [];
  const statuses: number[] = [answer.status];
  for (const e of answer.body?.errors ?? []) {
    codes.push(String(e.extensions?.code ?? 'NO_CODE'));
    if (e.extensions?.http?.status) statuses.push(e.extensions.http.status);
  }
  for (const value of Object.values<any>(answer.body?.data ?? {})) {
    if (value && typeof value === 'object' && typeof value.code === 'number' && /Error$/.test(value.__typename ?? '')) {
      codes.push(value.__typename);
      statuses.push(value.code);
    }
  }
  const summary = `http ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`;
  return { codes, statuses, summary };
}

export { decode as decodeGlobalId };

/**
 * extensions.code values an answer may carry: the kinds of the kernel's error classes (read from
 * server/kernel/errors.ts, so a new class is known at once) and graphql-js's own for invalid requests.
 */
export function knownErrorCodes(): Set<string> {
  const source = readFileSync(new URL('../../server/kernel/errors.ts', import.meta.url), 'utf8');
  const kinds = [...source.matchAll(/readonly kind(?:: string)? = '([A-Z_]+)'/g)].map((m) => m[1]);
  return new Set([...kinds, 'BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'BAD_REQUEST']);
}

// House scope, proven as grants are (tests/roleMatrix.test.ts): generated from the schema, every root
// field that names a house-level row (a House, Receipt, Agreement or Resident ID argument) is called by
// each house role (owner, co-owner/tenant, resident) with the rows of another house of the same
// community, and must answer null, nothing, NOT_FOUND or FORBIDDEN: never that house's data, never a
// change to it. The declared house-level types (modules' houseScope) answer null through node(id:).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isInterfaceType, isObjectType } from 'graphql';
import { houseScopedTypes } from '../server/auth/houseScope.js';
import '../server/graphql/schema.js';
import { startTestApp, type TestApp } from './testApp.js';
import { buildOperation, globalId, idTypeOf, printedSchema, rootFields } from './matrix/schemaOps.js';
import { DEMO_ROLES, NO_ROW, problems, send, type GqlAnswer, type RoleSession } from './matrix/roles.js';

const HOUSE_ROLES = [
  { role: 'propietario', email: 'propietario@demo.mx' },
  { role: 'inquilino', email: 'inquilino@demo.mx' },
  { role: 'residente', email: 'residente@demo.mx' },
] as const;
const FOREIGN_TYPES = ['House', 'Receipt', 'Agreement', 'Resident'] as const;

let t: TestApp;
const sessions = new Map<string, RoleSession>();
let admin: RoleSession;
const foreign: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  const open = async (role: string, email: string): Promise<RoleSession> => ({
    role: role as never,
    t,
    token: await t.signIn(email),
    grants: new Set(),
    ids: {},
  });
  for (const { role, email } of HOUSE_ROLES) sessions.set(role, await open(role, email));
  admin = await open('admin', 'admin@demo.mx');
  // Another house of Los Olivos, where no demo account lives, with its rows.
  const demoHouses = (
    await prisma.membership.findMany({
      where: { user: { email: { in: DEMO_ROLES.flatMap((r) => (r.email ? [r.email] : [])) } }, houseId: { not: null } },
      select: { houseId: true },
    })
  ).map((m) => m.houseId!);
  const agreement = await prisma.agreement.findFirst({ where: { neighborhoodId: 1, houseId: { notIn: demoHouses } }, orderBy: { id: 'asc' } });
  const pending = await prisma.receipt.findFirstOrThrow({
    where: { neighborhoodId: 1, status: { in: ['SENT', 'PENALTY'] }, houseId: { notIn: demoHouses }, ...(agreement ? { houseId: agreement.houseId } : {}) },
    orderBy: { id: 'asc' },
  });
  const houseId = pending.houseId;
  const receipt = pending;
  const resident = await prisma.membership.findFirst({
    where: { neighborhoodId: 1, houseId: { not: null, notIn: demoHouses }, role: { kind: { in: ['CO_OWNER', 'RESIDENT'] } } },
    orderBy: { id: 'asc' },
  });
  Object.assign(foreign, {
    House: globalId('House', houseId),
    Receipt: globalId('Receipt', receipt.id),
    Agreement: globalId('Agreement', agreement?.id ?? NO_ROW),
    Resident: globalId('Resident', resident?.id ?? NO_ROW),
  });
});
afterAll(() => t?.close());

/** Whether an answer hands over anything: data that is not null, an empty list or page, or a typed refusal. */
function leaks(answer: GqlAnswer, field: string): boolean {
  const { codes } = problems(answer);
  if (codes.some((c) => ['FORBIDDEN', 'NOT_FOUND', 'ForbiddenError', 'NotFoundError'].includes(c))) return false;
  const value = answer.body?.data?.[field];
  if (value == null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (Array.isArray(value.edges)) return value.edges.length > 0;
  if (typeof value === 'object' && /Error$/.test(value.__typename ?? '')) return false;
  return true;
}

const nodeTypes = new Set(
  Object.values(printedSchema.getTypeMap())
    .filter((type) => isObjectType(type) && type.getInterfaces().some((i) => isInterfaceType(i) && i.name === 'Node'))
    .map((type) => type.name),
);

describe('house scope', () => {
  it('is declared for the house-level types', () => {
    expect(houseScopedTypes()).toEqual(
      expect.arrayContaining(['Agreement', 'HouseBalance', 'HouseStatement', 'HouseTaxInfo', 'Receipt', 'ReceiptCharge', 'Resident', 'SavedCard']),
    );
  });

  it('node(id:) answers another house’s row to nobody of a house, and to the administrator', async () => {
    for (const type of FOREIGN_TYPES.filter((ty) => nodeTypes.has(ty))) {
      if (foreign[type].endsWith(Buffer.from(`:${NO_ROW}`).toString('base64'))) continue;
      const query = `query($id: ID!) { node(id: $id) { id } }`;
      for (const [role, s] of sessions) {
        const { body } = await t.gql(query, { id: foreign[type] }, { token: s.token });
        // House keeps its type-level rule (authScopes: its own house, or a house manager's grant): FORBIDDEN.
        if (body.errors) expect(body.errors[0].extensions.code, `${role} node(${type})`).toBe('FORBIDDEN');
        else expect(body.data?.node ?? null, `${role} node(${type})`).toBeNull();
      }
      const { body } = await t.gql(query, { id: foreign[type] }, { token: admin.token });
      expect(body.data?.node?.id, `admin node(${type})`).toBe(foreign[type]);
    }
  });

  const roots = rootFields().filter((root) =>
    root.field.args.some((a) => FOREIGN_TYPES.includes(idTypeOf(`${root.kind === 'query' ? 'Query' : 'Mutation'}.${root.name}`, a.name) as never)),
  );
  it.each(roots.map((r) => [`${r.kind} ${r.name}`, r] as const))('%s with another house’s rows: null, nothing or a refusal', async (_name, root) => {
    const owner = `${root.kind === 'query' ? 'Query' : 'Mutation'}.${root.name}`;
    const op = buildOperation(root, { id: (type) => (type && foreign[type]) || globalId(type ?? 'House', NO_ROW), string: () => 'x', int: () => 1 }, (a) =>
      FOREIGN_TYPES.includes(idTypeOf(owner, a.name) as never),
    );
    // A page answers whether it holds rows.
    if (/Connection$/.test(getNamedType(root.field.type).name)) op.query = op.query.replace(/\{ __typename \} \}$/, '{ __typename edges { cursor } } }');
    for (const [role, s] of sessions) {
      const answer = await send(s, op);
      expect(leaks(answer, root.name), `${role} ${root.kind} ${root.name} ${JSON.stringify(op.variables)}: ${problems(answer).summary}`).toBe(false);
    }
  });
});

// Secrets a community keeps (the payment gateway's private key, the CSD's private key and its password)
// never leave the server: every GET route of /api/1.0 whose only placeholder is the community, and every
// Query root field without required arguments (every scalar, four levels deep), is read by the
// administrator and the configuration administrator, and no answer may contain a secret, its sealed
// form or its base64.
import { readFileSync } from 'node:fs';
import { getNamedType, isAbstractType, isEnumType, isNonNullType, isObjectType, isScalarType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../server/rest/routes.js';
import { schema } from '../server/graphql/schema.js';
import { secretBox } from '../server/infra/secrets.js';
import { startTestApp, type TestApp } from './testApp.js';

let t: TestApp;
let needles: string[];
beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  const fiscal = await prisma.fiscalInformation.findUnique({ where: { neighborhoodId: olivos.id } });
  const box = secretBox(t.app.config);
  const sealed: [string | null | undefined, string][] = [
    [olivos.gatewayPrivateKeyEncrypted, `gateway-private-key:${olivos.id}`],
    [fiscal?.privateKeyEncrypted, `csd-key:${olivos.id}`],
    [fiscal?.privateKeyPasswordEncrypted, `csd-password:${olivos.id}`],
  ];
  needles = [];
  for (const [value, context] of sealed) {
    expect(value, `the demo community keeps ${context.split(':')[0]}`).toBeTruthy();
    const plain = box.open(value!, context);
    needles.push(value!, plain, Buffer.from(plain).toString('base64'));
  }
  needles.push(readFileSync('server/domains/money/accounting/fiscal/demo-csd/EKU9003173C9.key').toString('base64').slice(0, 60));
});
afterAll(() => t.close());

function findNeedle(text: string): string | null {
  return needles.find((n) => n.length >= 6 && text.includes(n)) ?? null;
}

const SKIP_FIELDS = new Set(['node', 'nodes', 'housesExport', 'housesMassiveLoadTemplate']);

function selection(type: GraphQLObjectType, depth: number): string {
  const parts: string[] = ['__typename'];
  for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isScalarType(named) || isEnumType(named)) parts.push(field.name);
    else if (isObjectType(named) && depth > 0) parts.push(`${field.name} { ${selection(named, depth - 1)} }`);
    else if (isAbstractType(named)) parts.push(`${field.name} { __typename }`);
  }
  return parts.join(' ');
}

describe('secrets never leave the server', () => {
  it.each(['admin@demo.mx', 'config@demo.mx'])('no GraphQL query answers them to %s', async (email) => {
    const token = await t.signIn(email);
    const fields = Object.values(schema.getQueryType()!.getFields()).filter(
      (f) => !SKIP_FIELDS.has(f.name) && !f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined),
    );
    expect(fields.length).toBeGreaterThan(10);
    for (const field of fields) {
      const named = getNamedType(field.type);
      const query = isObjectType(named) ? `{ ${field.name} { ${selection(named, 4)} } }` : `{ ${field.name} }`;
      const { body } = await t.gql(query, {}, { token });
      const text = JSON.stringify(body);
      expect(findNeedle(text), `${field.name} answers a secret`).toBeNull();
    }
  });

  it('no GET route of the community answers them', async () => {
    const token = await t.signIn('admin@demo.mx');
    const routes = restRoutes.filter((r) => r.method === 'GET' && r.path.startsWith('/neighborhoods/{n}') && !/\{(?!n\})/.test(r.path));
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/neighborhoods/{n}/settings/gateway-keys', '/neighborhoods/{n}/settings/fiscal-information']),
    );
    for (const route of routes) {
      const response = await t.app.fetch(
        new Request(`http://localhost/api/1.0${route.path.replace('{n}', '1')}`, { headers: { authorization: `Bearer ${token}` } }),
      );
      expect(response.status, route.path).toBeLessThan(500);
      // Spreadsheets and zips too: searched as bytes in latin1, so any ASCII secret shows.
      const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
      expect(findNeedle(text), `${route.path} answers a secret`).toBeNull();
    }
  });
});

// The owners list as one SQL statement: same rows as the Prisma path, keyset cursors, constant
// statements per page, and the database indexes it relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { keysetPage } from '../../../graphql/builder.js';
import { ownersPageQuery } from './ownersList.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
});
afterAll(() => t.close());

const NODE =
  'databaseId label status catastral houseTypeName streetName condominiumName mallName ownerUserId ownerHasAccount lockedByName owner { databaseId firstName lastName email mobile }';
// ownerChanges is a relation the statement does not load: asking for it sends the page through Prisma.
const list = (extra: string) => `query($first: Int, $after: String, $last: Int, $before: String, $offset: Int, $filter: HouseFilter) {
  houses(first: $first, after: $after, last: $last, before: $before, offset: $offset, filter: $filter) {
    totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { ${NODE} ${extra} } }
  }
}`;
const FAST = list('');
const PRISMA = list('ownerChanges { toName }');

const nodes = (body: any) => body.data.houses.edges.map((e: any) => e.node);
const strip = (n: any) => {
  const { ownerChanges: _, ...rest } = n;
  return rest;
};

describe('owners list in SQL', () => {
  it('answers the same rows, total and cursors as the Prisma path for every filter', async () => {
    const street = await t.app.db.prisma.street.findFirstOrThrow({ where: { neighborhood: { domain: 'los_olivos' } } });
    const filters = [
      {},
      { status: 'ACTIVE' },
      { status: 'DELETED' },
      { catastral: 'olv-01' },
      { lastName: 'garc' },
      { firstName: 'MAR' },
      { email: 'vecino1' },
      { email: '%' },
      { userActive: true },
      { userActive: false },
      { streetId: street.id, userActive: false },
      { exteriorNumber: '100' },
      { status: 'BLOCKED', lastName: 'a', userActive: true },
      { search: 'garc' },
      { search: 'olv-01 ma' },
      { search: '100' },
      { search: 'v%' },
      { search: 'o', status: 'ACTIVE' },
    ];
    for (const filter of filters) {
      const fast = await t.gql(FAST, { first: 30, filter }, { token: admin });
      const slow = await t.gql(PRISMA, { first: 30, filter }, { token: admin });
      expect(fast.body.errors, JSON.stringify(filter)).toBeUndefined();
      expect(slow.body.errors).toBeUndefined();
      expect(fast.body.data.houses.totalCount, JSON.stringify(filter)).toBe(slow.body.data.houses.totalCount);
      expect(fast.body.data.houses.pageInfo).toEqual(slow.body.data.houses.pageInfo);
      expect(nodes(fast.body), JSON.stringify(filter)).toEqual(nodes(slow.body).map(strip));
    }
    // A wildcard typed in a filter is a literal character, not "anything".
    expect((await t.gql(FAST, { first: 5, filter: { email: '%' } }, { token: admin })).body.data.houses.totalCount).toBe(0);
  });

  it('pages forwards by keyset (after), backwards (before/last) and by the legacy offset', async () => {
    const first = await t.gql(FAST, { first: 10, filter: { status: 'ACTIVE' } }, { token: admin });
    const next = await t.gql(FAST, { first: 10, after: first.body.data.houses.pageInfo.endCursor, filter: { status: 'ACTIVE' } }, { token: admin });
    const byOffset = await t.gql(FAST, { first: 10, offset: 10, filter: { status: 'ACTIVE' } }, { token: admin });
    expect(nodes(next.body)).toEqual(nodes(byOffset.body));
    // The total is the whole filter's, not what follows the cursor.
    expect(next.body.data.houses.totalCount).toBe(first.body.data.houses.totalCount);
    expect(next.body.data.houses.pageInfo.hasPreviousPage).toBe(true);
    const back = await t.gql(FAST, { last: 10, before: next.body.data.houses.pageInfo.startCursor, filter: { status: 'ACTIVE' } }, { token: admin });
    expect(nodes(back.body)).toEqual(nodes(first.body));
    expect(back.body.data.houses.pageInfo.hasNextPage).toBe(true);
    // Past the end: an empty page that still tells the total.
    const past = await t.gql(FAST, { first: 10, offset: 100000 }, { token: admin });
    expect(past.body.data.houses.edges).toEqual([]);
    expect(past.body.data.houses.totalCount).toBe(first.body.data.houses.totalCount > 0 ? 224 : 0);
  });

  it('puts an after cursor in the WHERE (keyset), never in an OFFSET', () => {
    const page = keysetPage({ first: 20, after: null, offset: 4000 }, Number);
    const byOffset = ownersPageQuery(t.app.db.kysely, 1, { status: 'ACTIVE' }, page, true).compile();
    expect(byOffset.parameters).toContain(4000);
    const cursor = { ...page, after: 4242, offset: 0 };
    for (const withTotal of [true, false]) {
      const compiled = ownersPageQuery(t.app.db.kysely, 1, { status: 'ACTIVE' }, cursor, withTotal).compile();
      expect(compiled.sql).toMatch(/where id > \$\d+/);
      expect(compiled.parameters).toContain(4242);
      expect(compiled.parameters).not.toContain(4000);
    }
  });

  it('refuses a cursor that is not one (400), without a 500', async () => {
    const { body } = await t.gql(FAST, { first: 5, after: 'bm9wZQ==' }, { token: admin });
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toBe('El cursor no es válido');
  });

  it('sends the same number of SQL statements for a page of 10 and of 100 (one for the page)', async () => {
    await t.gql(FAST, { first: 1 }, { token: admin }); // the session is now cached
    const count = async (first: number) => {
      await t.gql(FAST, { first: 1 }, { token: admin });
      const before = t.app.db.statements();
      const { body } = await t.gql(FAST, { first, filter: { lastName: 'a' } }, { token: admin });
      expect(body.data.houses.edges.length).toBeGreaterThan(Math.min(first, 10) - 1);
      return t.app.db.statements() - before;
    };
    const ten = await count(10);
    const hundred = await count(100);
    expect(hundred).toBe(ten);
    expect(ten).toBe(1);
    // The REST list (same GraphQL field underneath) too, with the session cached again (its cache lives
    // 3 s, which a loaded machine can spend between two requests).
    await t.rest('GET', '/neighborhoods/1/houses?page_size=1', undefined, { token: admin });
    const before = t.app.db.statements();
    const rest = await t.rest('GET', '/neighborhoods/1/houses?page_size=100&house_status=ACTIVE', undefined, { token: admin });
    expect(rest.status).toBe(200);
    expect(t.app.db.statements() - before).toBe(1);
  });
});

describe('integrity in the database', () => {
  it('refuses a second live house with the same cadastral key in a community, but not beside a deleted one', async () => {
    const prisma = t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    await prisma.house.create({ data: { neighborhoodId: olivos.id, catastral: 'UNQ-1', status: 'DELETED' } });
    await prisma.house.create({ data: { neighborhoodId: olivos.id, catastral: 'UNQ-1' } });
    await expect(prisma.house.create({ data: { neighborhoodId: olivos.id, catastral: 'UNQ-1', status: 'ACTIVE' } })).rejects.toThrow();
    await prisma.house.create({ data: { neighborhoodId: torre.id, catastral: 'UNQ-1' } });
    await prisma.house.deleteMany({ where: { catastral: 'UNQ-1' } });
  });

  it('refuses a community domain that differs only in case', async () => {
    await expect(t.app.db.prisma.neighborhood.create({ data: { name: 'Copia', domain: 'LOS_OLIVOS' } })).rejects.toThrow();
  });

  it('has the trigram extension and indexes for the contains-search', async () => {
    const rows = await t.app.db.sql<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' ORDER BY 1`, []);
    expect(rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining(['House_catastral_trgm_idx', 'User_email_trgm_idx', 'User_firstName_trgm_idx', 'User_lastName_trgm_idx']),
    );
  });
});

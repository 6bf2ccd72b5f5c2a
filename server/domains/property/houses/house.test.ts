import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
});
afterAll(() => t.close());

const HOUSES = `query($first: Int, $after: String, $offset: Int, $filter: HouseFilter) {
  houses(first: $first, after: $after, offset: $offset, filter: $filter) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id databaseId label status catastral houseTypeName streetName } }
  }
}`;

describe('grants', () => {
  it('lets an administrator list the houses of the community', async () => {
    const { body } = await t.gql(HOUSES, { first: 10 }, { token: admin });
    // The demo seed: 240 houses in Los Olivos, 16 of them deleted.
    expect(body.data.houses.totalCount).toBe(224);
    expect(body.data.houses.edges).toHaveLength(10);
    expect(body.data.houses.edges[0].node).toMatchObject({ label: '100', houseTypeName: 'Propiedad en avenida', streetName: 'Av. de los Olivos' });
  });

  it('lists an owner its own house only (spec 1: the property section) and refuses an anonymous caller (401)', async () => {
    const session = await t.gql('{ session { house { databaseId } } }', {}, { token: owner });
    const own = session.body.data.session.house.databaseId;
    const listed = await t.gql(HOUSES, { first: 10 }, { token: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.data.houses.edges.map((e: any) => e.node.databaseId)).toEqual([own]);
    const anonymous = await t.gql(HOUSES, { first: 10 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const rest = await t.rest('GET', '/neighborhoods/1/houses', undefined, { token: owner });
    expect(rest.status).toBe(200);
    expect(rest.body.content.map((h: any) => h.id)).toEqual([own]);
  });

  it('lets an owner read their own house but not a neighbour’s', async () => {
    const session = await t.gql('{ session { house { id databaseId } } }', {}, { token: owner });
    const own = session.body.data.session.house;
    const mine = await t.gql('query($id: ID!) { node(id: $id) { ... on House { databaseId label } } }', { id: own.id }, { token: owner });
    expect(mine.body.data.node.databaseId).toBe(own.databaseId);
    const list = await t.gql(HOUSES, { first: 2 }, { token: admin });
    const neighbour = list.body.data.houses.edges[1].node.id;
    const theirs = await t.gql('query($id: ID!) { node(id: $id) { ... on House { databaseId } } }', { id: neighbour }, { token: owner });
    expect(theirs.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('switches grants off with the community modules', async () => {
    await t.app.db.prisma.neighborhood.update({ where: { domain: 'torre_azul' }, data: { modules: ['BASE'] } });
    const token = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const { body } = await t.gql('{ session { grants activeModules } }', {}, { token });
    expect(body.data.session.activeModules).toEqual(['BASE']);
    expect(body.data.session.grants).toContain('AHousesRead');
    expect(body.data.session.grants).not.toContain('AReceiptsRead');
    expect(body.data.session.grants).not.toContain('AVisitorsRead');
  });
});

describe('tenancy', () => {
  it('never resolves a house of another community, through node or REST', async () => {
    const torre = await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhood: { domain: 'torre_azul' } } });
    const globalId = Buffer.from(`House:${torre.id}`).toString('base64');
    const { body } = await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: globalId }, { token: admin });
    expect(body.data.node).toBeNull();
    const nodes = await t.gql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: [globalId] }, { token: admin });
    expect(nodes.body.data.nodes).toEqual([null]);
    const other = await t.rest('GET', `/neighborhoods/${torre.neighborhoodId}/houses`, undefined, { token: admin });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ code: 404, description: 'La comunidad solicitada no existe' });
  });

  it('treats malformed ids as missing, not as failures', async () => {
    const id = Buffer.from('House:abc').toString('base64');
    const { status, body } = await t.gql('query($id: ID!) { node(id: $id) { id } }', { id }, { token: admin });
    expect(status).toBe(200);
    expect(body.data.node).toBeNull();
    // A malformed percent-encoding is a clear 4xx (the REST layer now refuses it as bad input), never a 500.
    expect([400, 404]).toContain((await t.rest('GET', '/auth/verify-email/%E0')).status);
  });

  it('shows other people only to those who manage the community’s people', async () => {
    const neighbour = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'vecino1@demo.mx' } });
    const id = Buffer.from(`User:${neighbour.id}`).toString('base64');
    const query = 'query($id: ID!) { node(id: $id) { ... on User { email } } }';
    expect((await t.gql(query, { id }, { token: admin })).body.data.node.email).toBe('vecino1@demo.mx');
    const resident = await t.signIn('residente@demo.mx');
    expect((await t.gql(query, { id }, { token: resident })).body.data.node).toBeNull();
  });

  it('does not resolve another community by id, nor a user of another community', async () => {
    const residente = await t.signIn('residente@demo.mx');
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const { body } = await t.gql(
      'query($id: ID!) { node(id: $id) { id } }',
      { id: Buffer.from(`Neighborhood:${torre.id}`).toString('base64') },
      { token: residente },
    );
    expect(body.data.node).toBeNull();
    const outsider = await t.app.db.prisma.user.create({ data: { email: 'fuera@otra.mx', firstName: 'Fuera' } });
    const user = await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: Buffer.from(`User:${outsider.id}`).toString('base64') }, { token: admin });
    expect(user.body.data.node).toBeNull();
  });
});

describe('connections', () => {
  it('pages with cursors and offsets, and refuses first > 100', async () => {
    const page1 = await t.gql(HOUSES, { first: 15 }, { token: admin });
    const page2 = await t.gql(HOUSES, { first: 15, after: page1.body.data.houses.pageInfo.endCursor }, { token: admin });
    const byOffset = await t.gql(HOUSES, { first: 15, offset: 15 }, { token: admin });
    expect(page2.body.data.houses.edges.map((e: any) => e.node.id)).toEqual(byOffset.body.data.houses.edges.map((e: any) => e.node.id));
    expect(page2.body.data.houses.edges[0].node.databaseId).toBeGreaterThan(page1.body.data.houses.edges[14].node.databaseId);
    const olivos = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    await t.app.db.prisma.house.createMany({
      data: Array.from({ length: 80 }, (_, i) => ({ neighborhoodId: olivos.id, catastral: `EXTRA-${i}`, status: 'DELETED' as const })),
    });
    const deleted = 16 + 80;
    const tooMany = await t.gql(HOUSES, { first: 500, filter: { status: 'DELETED' } }, { token: admin });
    expect(tooMany.body.data.houses.totalCount).toBe(deleted);
    expect(tooMany.body.data.houses.edges).toHaveLength(Math.min(deleted, 100));
    const clamped = await t.gql(HOUSES, { first: 500 }, { token: admin });
    expect(clamped.body.data.houses.edges).toHaveLength(100);
    expect(clamped.body.data.houses.pageInfo.hasNextPage).toBe(true);
    await t.app.db.prisma.house.deleteMany({ where: { catastral: { startsWith: 'EXTRA-' } } });
  });

  it('filters by status', async () => {
    const { body } = await t.gql(HOUSES, { first: 100, filter: { status: 'BLOCKED' } }, { token: admin });
    expect(body.data.houses.totalCount).toBe(21);
    expect(body.data.houses.edges.every((e: any) => e.node.status === 'BLOCKED')).toBe(true);
  });

  it('loads a page of houses with a constant number of SQL statements (no N+1)', async () => {
    const once = async (first: number) => {
      const before = t.app.db.statements();
      await t.gql(HOUSES, { first }, { token: admin });
      return t.app.db.statements() - before;
    };
    // The fewest of three, within one statement: a request may also record that its session was seen, and the
    // app's job poller counts on the same meter; an N+1 would add 38.
    const count = async (first: number) => Math.min(await once(first), await once(first), await once(first));
    const small = await count(2);
    const large = await count(40);
    expect(Math.abs(large - small)).toBeLessThanOrEqual(1);
    expect(large).toBeLessThanOrEqual(5);
  });

  it('answers the legacy houses list with page_size and offset', async () => {
    const active = 138;
    const { status, body } = await t.rest('GET', `/neighborhoods/1/houses?page_size=10&offset=${active - 3}&house_status=ACTIVE`, undefined, { token: admin });
    expect(status).toBe(200);
    expect(body.total).toBe(active);
    expect(body.content).toHaveLength(3);
    const first = await t.rest('GET', '/neighborhoods/1/houses?page_size=5', undefined, { token: admin });
    expect(first.body.content[0]).toMatchObject({
      id: 1,
      catastral: 'OLV-01-01',
      exterior_number: '100',
      house_status: 'ACTIVE',
      street_name: 'Av. de los Olivos',
    });
    const bad = await t.rest('GET', '/neighborhoods/1/houses?page_size=500', undefined, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.description).toMatch(/page_size/);
  });
});

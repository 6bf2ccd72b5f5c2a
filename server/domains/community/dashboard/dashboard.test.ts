import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DASHBOARD = `{
  session { neighborhood { databaseId } }
  dashboard { houseStatusCounts { status count } houseStats { total ownerActive ownerPending withoutOwner } }
}`;

/** The counts as the database has them, house by house (no GROUP BY), for one community. */
async function expected(neighborhoodId: number) {
  const houses = await t.app.db.prisma.house.findMany({ where: { neighborhoodId }, select: { status: true, owner: { select: { passwordHash: true } } } });
  const statuses = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED', 'DELETED'];
  const open = houses.filter((h) => h.status !== 'DELETED');
  return {
    houseStatusCounts: statuses.map((status) => ({ status, count: houses.filter((h) => h.status === status).length })),
    houseStats: {
      total: open.length,
      ownerActive: open.filter((h) => h.owner?.passwordHash).length,
      ownerPending: open.filter((h) => h.owner && !h.owner.passwordHash).length,
      withoutOwner: open.filter((h) => !h.owner).length,
    },
  };
}

describe('dashboard house widgets', () => {
  it('counts the houses of the session community by status and by owner account', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const { body } = await t.gql(DASHBOARD, {}, { token: admin });
    expect(body.errors).toBeUndefined();
    const community = body.data.session.neighborhood.databaseId;
    const want = await expected(community);
    expect(body.data.dashboard).toEqual(want);
    // The demo community has houses in several statuses, with and without owner accounts.
    expect(want.houseStatusCounts.filter((c) => c.count > 0).length).toBeGreaterThan(3);
    expect(want.houseStats.ownerActive).toBeGreaterThan(0);
    expect(want.houseStats.ownerPending + want.houseStats.withoutOwner).toBeGreaterThan(0);

    // A change moves the counts: one more ownerless NEW house, one house DELETED.
    const house = await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhoodId: community, status: 'ACTIVE' }, orderBy: { id: 'desc' } });
    await t.app.db.prisma.house.update({ where: { id: house.id }, data: { status: 'DELETED' } });
    await t.app.db.prisma.house.create({ data: { neighborhoodId: community, catastral: 'DASH-NEW-1', status: 'NEW' } });
    const after = (await t.gql(DASHBOARD, {}, { token: admin })).body.data.dashboard;
    const count = (status: string, d: typeof want) => d.houseStatusCounts.find((c) => c.status === status)!.count;
    expect(count('NEW', after)).toBe(count('NEW', want) + 1);
    expect(count('ACTIVE', after)).toBe(count('ACTIVE', want) - 1);
    expect(count('DELETED', after)).toBe(count('DELETED', want) + 1);
    expect(after.houseStats.total).toBe(want.houseStats.total);
    expect(after.houseStats.withoutOwner).toBe(want.houseStats.withoutOwner + 1);
    expect(after).toEqual(await expected(community));
  });

  it("never counts another community's houses", async () => {
    const admin = await t.signIn('admin@demo.mx');
    const before = (await t.gql(DASHBOARD, {}, { token: admin })).body.data;
    const community = before.session.neighborhood.databaseId;
    const other = await t.app.db.prisma.neighborhood.findFirstOrThrow({ where: { id: { not: community } } });
    const owner = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } });
    await t.app.db.prisma.house.createMany({
      data: [
        { neighborhoodId: other.id, catastral: 'DASH-X-1', status: 'NEW' },
        { neighborhoodId: other.id, catastral: 'DASH-X-2', status: 'ACTIVE', ownerUserId: owner.id },
        { neighborhoodId: other.id, catastral: 'DASH-X-3', status: 'BLOCKED' },
      ],
    });
    const after = (await t.gql(DASHBOARD, {}, { token: admin })).body.data;
    expect(after.dashboard).toEqual(before.dashboard);
    expect(after.dashboard).toEqual(await expected(community));
  });

  it('the configuration administrator sees them too; house users and security staff get no counts; signed out is refused', async () => {
    const config = await t.signIn('config@demo.mx');
    const configView = (await t.gql(DASHBOARD, {}, { token: config })).body.data;
    expect(configView.dashboard.houseStats.total).toBeGreaterThan(0);
    for (const email of ['propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx']) {
      const token = await t.signIn(email);
      const { body } = await t.gql(DASHBOARD, {}, { token });
      expect(body.errors).toBeUndefined();
      expect(body.data.dashboard).toEqual({ houseStatusCounts: null, houseStats: null });
    }
    const anonymous = await t.gql('{ dashboard { houseStats { total } } }');
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body.data?.dashboard ?? null).toBeNull();
  });
});

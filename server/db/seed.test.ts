// The demo seed is consistent with the rules the app enforces: accounts on blocked or deleted houses
// are suspended, and the demo administrators have verified e-mails (they may add people).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('keeps no active account on a blocked or deleted house', async () => {
    const closed = await t.app.db.prisma.house.count({ where: { status: { in: ['BLOCKED', 'DELETED'] } } });
    expect(closed).toBeGreaterThan(0);
    const active = await t.app.db.prisma.membership.findMany({
      where: { active: true, house: { status: { in: ['BLOCKED', 'DELETED'] } } },
      select: { id: true, houseId: true, user: { select: { email: true } } },
    });
    expect(active).toEqual([]);
  });

  it('does not let vecino7@demo.mx open blocked house 8', async () => {
    const house = await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: 8 }, select: { status: true, owner: { select: { email: true } } } });
    expect(house).toEqual({ status: 'BLOCKED', owner: { email: 'vecino7@demo.mx' } });
    const byHouse = await t.gql(
      `mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on Error { message } } }`,
      { input: { email: 'vecino7@demo.mx', password: 'demo1234', houseId: 8, apiToken: true } },
      { ip: '10.20.0.1' },
    );
    expect(byHouse.body.data.signIn).toEqual({ __typename: 'SignInError', message: 'No tienes acceso a esa propiedad' });
    const token = await t.signIn('vecino7@demo.mx');
    const { body } = await t.gql(
      '{ session { house { databaseId } account { databaseId } grants accounts { edges { node { databaseId } } } } }',
      {},
      { token },
    );
    expect(body.data.session).toMatchObject({ house: null, account: null, grants: [], accounts: { edges: [] } });
    const house8 = await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: Buffer.from('House:8').toString('base64') }, { token });
    expect(house8.body.data?.node ?? null).toBeNull();
  });

  it('has verified e-mails for the demo administrators', async () => {
    const admins = await t.app.db.prisma.user.findMany({
      where: { memberships: { some: { active: true, role: { kind: { in: ['ADMIN', 'CONFIG_ADMIN'] } } } } },
      select: { email: true, emailVerified: true },
    });
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.filter((a) => !a.emailVerified)).toEqual([]);
  });
});

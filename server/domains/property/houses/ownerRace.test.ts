// Two administrators changing the owner of one house at the same moment: the changes serialize on the
// house row, and exactly one owner account remains, the one House.ownerUserId names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
});
afterAll(() => t.close());

const CHANGE = `mutation($input: ChangeHouseOwnerInput!) { changeHouseOwner(input: $input) { __typename ... on Error { code message } } }`;

describe('concurrent owner changes', () => {
  it('leave one owner account on the house, the owner the house names', async () => {
    const prisma = t.app.db.prisma;
    const house = await prisma.house.findFirstOrThrow({
      where: { neighborhoodId: 1, status: 'ACTIVE', owner: { email: { startsWith: 'vecino' } } },
      orderBy: { id: 'desc' },
    });
    const id = encodeGlobalID('House', house.id);
    const answers = await Promise.all(
      ['nuevo.uno@correo.mx', 'nuevo.dos@correo.mx', 'nuevo.tres@correo.mx'].map((email) =>
        t.gql(CHANGE, { input: { id, newOwner: { email, firstName: 'Nuevo' } } }, { token: admin }),
      ),
    );
    for (const a of answers) expect(a.status).toBeLessThan(500);
    const after = await prisma.house.findUniqueOrThrow({ where: { id: house.id } });
    const ownerRole = await prisma.role.findFirstOrThrow({ where: { neighborhoodId: 1, kind: 'OWNER' } });
    const owners = await prisma.membership.findMany({ where: { houseId: house.id, roleId: ownerRole.id }, select: { userId: true } });
    expect(owners).toEqual([{ userId: after.ownerUserId }]);
    const history = await prisma.houseOwnerChange.findMany({ where: { houseId: house.id }, orderBy: { id: 'asc' } });
    // Every recorded change starts from the owner the previous one left.
    for (let i = 1; i < history.length; i++) expect(history[i].fromUserId).toBe(history[i - 1].toUserId);
    expect(history.at(-1)?.toUserId).toBe(after.ownerUserId);
  });

  it('to two people already of the community (no invitation): one owner account, the one the house names', async () => {
    const prisma = t.app.db.prisma;
    const house = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: 1, status: 'ACTIVE', ownerUserId: { not: null } }, orderBy: { id: 'asc' } });
    // Two owners of other houses of the community, accepted members: each change gives the house at once.
    const members = await prisma.user.findMany({
      where: {
        id: { not: house.ownerUserId! },
        memberships: { some: { neighborhoodId: 1, pending: false, role: { kind: 'OWNER' }, houseId: { not: house.id } } },
      },
      orderBy: { id: 'asc' },
      take: 2,
    });
    expect(members).toHaveLength(2);
    const id = encodeGlobalID('House', house.id);
    const answers = await Promise.all(members.map((m) => t.gql(CHANGE, { input: { id, newOwner: { email: m.email } } }, { token: admin })));
    for (const a of answers) expect(a.status).toBeLessThan(500);
    for (const a of answers) expect(['MutationChangeHouseOwnerSuccess', 'ConflictError']).toContain(a.body.data?.changeHouseOwner?.__typename);
    const after = await prisma.house.findUniqueOrThrow({ where: { id: house.id } });
    expect(members.map((m) => m.id)).toContain(after.ownerUserId);
    const owners = await prisma.membership.findMany({ where: { houseId: house.id, role: { kind: 'OWNER' } }, select: { userId: true, pending: true } });
    expect(owners).toEqual([{ userId: after.ownerUserId, pending: false }]);
  });
});

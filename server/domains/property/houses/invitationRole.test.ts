// A pending invitation is for one role: inviting the same person to own a house where they were invited
// as resident is a new invitation (new code, new e-mail), not a silent change of what they accept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { hashPassword } from '../../../auth/passwords.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
});
afterAll(() => t.close());

const CHANGE = `mutation($input: ChangeHouseOwnerInput!) { changeHouseOwner(input: $input) { __typename ... on Error { code message }
  ... on MutationChangeHouseOwnerSuccess { data { house { pendingOwnerEmail } } } } }`;
const EMAIL = 'invitada.rol@correo.mx';

describe('a pending resident invitation, then the same person invited to own the house', () => {
  it('becomes an owner invitation with a new code and its own e-mail; the resident link stops working', async () => {
    const prisma = t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' }, include: { roles: true } });
    const torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' }, include: { roles: true } });
    const roleOf = (n: typeof olivos, kind: string) => n.roles.find((r) => r.kind === kind)!.id;
    // Someone of Torre Azul with an account: giving them a house of Los Olivos is an invitation.
    const person = await prisma.user.create({
      data: { email: EMAIL, firstName: 'Inés', lastName: 'Rol', passwordHash: await hashPassword('demo1234'), emailVerified: true },
    });
    const torreHouse = await prisma.house.create({ data: { neighborhoodId: torre.id, interiorNumber: 'R-1', status: 'ACTIVE' } });
    await prisma.membership.create({ data: { neighborhoodId: torre.id, userId: person.id, houseId: torreHouse.id, roleId: roleOf(torre, 'OWNER') } });
    const house = await prisma.house.findFirstOrThrow({
      where: { neighborhoodId: olivos.id, status: 'ACTIVE', ownerUserId: { not: null } },
      orderBy: { id: 'asc' },
    });
    const residentInvitation = await prisma.membership.create({
      data: {
        neighborhoodId: olivos.id,
        userId: person.id,
        houseId: house.id,
        roleId: roleOf(olivos, 'RESIDENT'),
        active: false,
        pending: true,
        invitationCode: 'codigo-de-residente',
        invitedAt: new Date(),
      },
    });
    const mailsBefore = await prisma.emailOutbox.count({ where: { to: EMAIL } });

    const { body } = await t.gql(CHANGE, { input: { id: encodeGlobalID('House', house.id), newOwner: { email: EMAIL, firstName: 'Inés' } } }, { token: admin });
    expect(body.data.changeHouseOwner.__typename).toBe('MutationChangeHouseOwnerSuccess');
    expect(body.data.changeHouseOwner.data.house.pendingOwnerEmail).toBe(EMAIL);

    const pending = await prisma.membership.findUniqueOrThrow({ where: { id: residentInvitation.id } });
    expect(pending).toMatchObject({ pending: true, roleId: roleOf(olivos, 'OWNER') });
    expect(pending.invitationCode).not.toBe('codigo-de-residente');
    // The person is told of the new role: a new e-mail with the new code.
    const mails = await prisma.emailOutbox.findMany({ where: { to: EMAIL }, orderBy: { id: 'asc' } });
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.text).toContain(`/invitations/${pending.invitationCode}`);
    expect(mails.at(-1)!.text).toContain('propietario');
    // The house keeps its owner until the invitation is accepted.
    expect((await prisma.house.findUniqueOrThrow({ where: { id: house.id } })).ownerUserId).toBe(house.ownerUserId);

    // Inviting again to own it keeps that invitation and mails nothing more.
    await t.gql(CHANGE, { input: { id: encodeGlobalID('House', house.id), newOwner: { email: EMAIL } } }, { token: admin });
    expect((await prisma.membership.findUniqueOrThrow({ where: { id: residentInvitation.id } })).invitationCode).toBe(pending.invitationCode);
    expect(await prisma.emailOutbox.count({ where: { to: EMAIL } })).toBe(mailsBefore + 1);
  });
});

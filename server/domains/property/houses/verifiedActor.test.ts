// An administrator whose own e-mail is unverified adds no people: not through the house form, the owner
// change, the spreadsheet or the activation e-mails (each would create users and send them mail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.db.prisma.user.update({ where: { email: 'admin@demo.mx' }, data: { emailVerified: false } });
  admin = await t.signIn('admin@demo.mx');
});
afterAll(() => t.close());

const FORBIDDEN = { code: 'FORBIDDEN', legacyCode: 403 };

describe('an administrator with an unverified e-mail', () => {
  it('cannot give houses to people nor mail them, and nothing is written', async () => {
    const prisma = t.app.db.prisma;
    const usersBefore = await prisma.user.count();
    const mailsBefore = await prisma.emailOutbox.count();
    const type = await prisma.houseType.findFirst({ where: { neighborhoodId: 1 } });
    const house = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: 1, status: 'ACTIVE' } });
    const id = encodeGlobalID('House', house.id);

    const change = await t.gql(
      `mutation($input: ChangeHouseOwnerInput!) { changeHouseOwner(input: $input) { __typename } }`,
      { input: { id, newOwner: { email: 'alguien@correo.mx', firstName: 'Alguien' } } },
      { token: admin },
    );
    expect(change.body.errors[0].extensions).toMatchObject(FORBIDDEN);
    const resend = await t.gql(
      `mutation($input: ResendHouseSignupCodeInput!) { resendHouseSignupCode(input: $input) { __typename } }`,
      { input: { houseId: id } },
      { token: admin },
    );
    expect(resend.body.errors[0].extensions).toMatchObject(FORBIDDEN);
    const bulk = await t.gql(`mutation { resendHouseSignupCodes { count } }`, {}, { token: admin });
    expect(bulk.body.errors[0].extensions).toMatchObject(FORBIDDEN);
    if (type) {
      const create = await t.gql(
        `mutation($input: HouseInput!) { createHouse(input: $input) { __typename } }`,
        {
          input: {
            houseTypeId: encodeGlobalID('HouseType', type.id),
            catastral: 'SIN-VERIFICAR',
            parkingSpots: 1,
            initialBalance: '0',
            owner: { email: 'otra@correo.mx', firstName: 'Otra' },
          },
        },
        { token: admin },
      );
      expect(create.body.errors[0].extensions).toMatchObject(FORBIDDEN);
    }
    expect(await prisma.user.count()).toBe(usersBefore);
    expect(await prisma.emailOutbox.count()).toBe(mailsBefore);
  });
});

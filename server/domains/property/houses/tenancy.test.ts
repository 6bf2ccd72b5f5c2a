// Tenancy (issue 8 item 6) on houses: a person's data never crosses communities. Giving a house to
// someone who has an account or belongs to another community is an invitation they accept; until then
// the administrator sees only the e-mail typed. Each case failed on the code before the invitations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { hashPassword } from '../../../auth/passwords.js';
import { parseInput } from '../../../kernel/input.js';
import { InputError } from '../../../kernel/errors.js';
import { ActivationSchema, HouseSchema, NewOwnerSchema } from './service.js';

let t: TestApp;
let admin: string;
let olivosId: number;
let torreId: number;
let typeId: string;
let streetId: string;
let foreignId: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const FOREIGN = 'extranjera@correo.mx';
const FOREIGN_NO_PASSWORD = 'sinclave@correo.mx';

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  const torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' }, include: { roles: true } });
  olivosId = olivos.id;
  torreId = torre.id;
  const torreOwner = torre.roles.find((r) => r.kind === 'OWNER')!.id;
  // People of Torre Azul only: one with an account (password), one registered there without one.
  const foreign = await prisma.user.create({
    data: {
      email: FOREIGN,
      firstName: 'Elena',
      lastName: 'Ajena',
      mobile: '5512345678',
      landline: '5598765432',
      passwordHash: await hashPassword('demo1234'),
      emailVerified: true,
    },
  });
  foreignId = foreign.id;
  const noPassword = await prisma.user.create({ data: { email: FOREIGN_NO_PASSWORD, firstName: 'Saúl', lastName: 'Clave', mobile: '5511112222' } });
  const torreHouse = await prisma.house.create({ data: { neighborhoodId: torre.id, interiorNumber: 'T-900', status: 'ACTIVE' } });
  const torreHouse2 = await prisma.house.create({ data: { neighborhoodId: torre.id, interiorNumber: 'T-901', status: 'ACTIVE' } });
  await prisma.membership.create({ data: { neighborhoodId: torre.id, userId: foreign.id, houseId: torreHouse.id, roleId: torreOwner } });
  await prisma.membership.create({ data: { neighborhoodId: torre.id, userId: noPassword.id, houseId: torreHouse2.id, roleId: torreOwner } });
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  const type = await prisma.houseType.findFirstOrThrow({ where: { neighborhoodId: olivos.id, title: 'Propiedad en avenida' } });
  typeId = gid('HouseType', type.id);
  streetId = gid('Street', (await prisma.street.findFirstOrThrow({ where: { neighborhoodId: olivos.id } })).id);
});
afterAll(() => t.close());

const RESULT = `__typename ... on Error { code message } ... on InputError { issues { field message } }`;
const HOUSE = `id databaseId status pendingOwnerEmail owner { email firstName lastName mobile landline } ownerChanges { fromName toName changedByName }`;
const CREATE = `mutation($input: HouseInput!) { createHouse(input: $input) { ${RESULT} ... on MutationCreateHouseSuccess { data { house { ${HOUSE} } } } } }`;
const CHANGE = `mutation($input: ChangeHouseOwnerInput!) { changeHouseOwner(input: $input) { ${RESULT} ... on MutationChangeHouseOwnerSuccess { data { house { ${HOUSE} } } } } }`;
const ACCEPT = `mutation($input: InvitationCodeInput!) { acceptInvitation(input: $input) { ${RESULT} ... on MutationAcceptInvitationSuccess { data { accountId neighborhood { domain } } } } }`;

let seq = 0;
const avenueHouse = (extra: Record<string, unknown> = {}) => {
  const n = ++seq;
  return {
    houseTypeId: typeId,
    catastral: `TEN-${n}`,
    block: '77',
    lot: String(n),
    exteriorNumber: String(7700 + n),
    streetId,
    parkingSpots: 1,
    initialBalance: '0',
    ...extra,
  };
};
const houseQuery = (id: string) => t.gql(`query($id: ID!) { node(id: $id) { ... on House { ${HOUSE} } } }`, { id }, { token: admin });
const invitationCode = async (email: string) => {
  const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: email, subject: { startsWith: 'Invitación' } }, orderBy: { id: 'desc' } });
  return /\/invitations\/([\w-]+)/.exec(mail.text)![1];
};

describe('a house given to a person of another community', () => {
  it('is an invitation: the administrator sees only the e-mail typed, no name, no phones, and the person is not rewritten', async () => {
    const created = await t.gql(
      CREATE,
      { input: avenueHouse({ owner: { email: ' Extranjera@Correo.mx ', firstName: 'Nombre Falso', mobile: '4420000000' } }) },
      { token: admin },
    );
    const house = created.body.data.createHouse.data.house;
    expect(house.owner).toBeNull();
    expect(house.pendingOwnerEmail).toBe(FOREIGN);
    expect(house.status).toBe('INCOMPLETE');
    expect(JSON.stringify(house)).not.toMatch(/Elena|Ajena|5512345678|5598765432/);
    const person = await t.app.db.prisma.user.findUniqueOrThrow({ where: { id: foreignId } });
    expect(person).toMatchObject({ firstName: 'Elena', mobile: '5512345678' });
    // The membership exists, pending and inactive; the e-mail carries the acceptance link.
    const pending = await t.app.db.prisma.membership.findFirstOrThrow({ where: { houseId: house.databaseId, userId: foreignId } });
    expect(pending).toMatchObject({ pending: true, active: false, neighborhoodId: olivosId });
    expect(await invitationCode(FOREIGN)).toBe(pending.invitationCode);
    // The REST detail tells the same.
    const rest = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${house.databaseId}`, undefined, { token: admin });
    expect(rest.body).toMatchObject({ pending_owner_email: FOREIGN, house: { owner: null } });
  });

  it('ownerCandidate names only people of this community', async () => {
    const q = 'query($e: String!) { ownerCandidate(email: $e) { email firstName lastName } }';
    expect((await t.gql(q, { e: FOREIGN }, { token: admin })).body.data.ownerCandidate).toBeNull();
    expect((await t.gql(q, { e: FOREIGN_NO_PASSWORD }, { token: admin })).body.data.ownerCandidate).toBeNull();
    expect((await t.gql(q, { e: 'vecino2@demo.mx' }, { token: admin })).body.data.ownerCandidate).toMatchObject({ email: 'vecino2@demo.mx' });
  });

  it('pending opens nothing; accepted (by that person only) moves the house and shows their data', async () => {
    const created = await t.gql(CREATE, { input: avenueHouse({ owner: { email: FOREIGN, firstName: 'X' } }) }, { token: admin });
    const house = created.body.data.createHouse.data.house;
    const code = await invitationCode(FOREIGN);
    // Not an account to sign in to nor to switch to.
    const login = await t.rest('POST', '/auth/login', { email: FOREIGN, password: 'demo1234', id_house: house.databaseId });
    expect(login.status).toBe(401);
    const elena = await t.signIn(FOREIGN, { domain: 'torre_azul' });
    const accounts = await t.gql('{ session { accounts { neighborhood { domain } } } }', {}, { token: elena });
    expect(JSON.stringify(accounts.body)).not.toContain('los_olivos');
    const mine = await t.gql('{ myInvitations { code communityName houseLabel } }', {}, { token: elena });
    expect(mine.body.data.myInvitations).toEqual(expect.arrayContaining([expect.objectContaining({ code, communityName: expect.any(String) })]));
    // Someone else's code tells nothing.
    const stranger = await t.signIn('propietario@demo.mx');
    expect((await t.gql(ACCEPT, { input: { code } }, { token: stranger })).body.data.acceptInvitation).toMatchObject({
      __typename: 'NotFoundError',
      code: 404,
    });

    const accepted = await t.gql(ACCEPT, { input: { code } }, { token: elena });
    expect(accepted.body.data.acceptInvitation).toMatchObject({
      __typename: 'MutationAcceptInvitationSuccess',
      data: { neighborhood: { domain: 'los_olivos' } },
    });
    const after = (await houseQuery(house.id)).body.data.node;
    expect(after).toMatchObject({ pendingOwnerEmail: null, status: 'NEW', owner: { email: FOREIGN, firstName: 'Elena', mobile: '5512345678' } });
    expect(after.ownerChanges).toEqual([{ fromName: null, toName: 'Elena Ajena', changedByName: 'Adriana Morales' }]);
    expect((await t.rest('POST', '/auth/login', { email: FOREIGN, password: 'demo1234', id_house: house.databaseId })).status).toBe(200);
    // Used: the code no longer works.
    expect((await t.gql(ACCEPT, { input: { code } }, { token: elena })).body.data.acceptInvitation.__typename).toBe('NotFoundError');
  });

  it('also for a person without password who belongs to another community; a brand-new person keeps the sign-up flow', async () => {
    const invited = await t.gql(CREATE, { input: avenueHouse({ owner: { email: FOREIGN_NO_PASSWORD, firstName: 'Otro' } }) }, { token: admin });
    expect(invited.body.data.createHouse.data.house).toMatchObject({ owner: null, pendingOwnerEmail: FOREIGN_NO_PASSWORD });
    expect((await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: FOREIGN_NO_PASSWORD } })).firstName).toBe('Saúl');

    const fresh = await t.gql(
      CREATE,
      { input: avenueHouse({ owner: { email: 'primera.vez@correo.mx', firstName: 'Primera', mobile: '4421231234' } }) },
      { token: admin },
    );
    expect(fresh.body.data.createHouse.data.house).toMatchObject({ pendingOwnerEmail: null, owner: { email: 'primera.vez@correo.mx', mobile: '4421231234' } });
    expect(await t.app.db.prisma.membership.count({ where: { user: { email: 'primera.vez@correo.mx' }, pending: false, active: true } })).toBe(1);
  });
});

describe('changeHouseOwner', () => {
  it('names the new owner by e-mail; a person of another community is invited and the house keeps its owner meanwhile', async () => {
    const created = await t.gql(CREATE, { input: avenueHouse({ owner: { email: 'duena.actual@correo.mx', firstName: 'Dueña' } }) }, { token: admin });
    const house = created.body.data.createHouse.data.house;
    const changed = await t.gql(CHANGE, { input: { id: house.id, newOwner: { email: FOREIGN_NO_PASSWORD, firstName: 'Cambio' } } }, { token: admin });
    expect(changed.body.data.changeHouseOwner.data.house).toMatchObject({ owner: { email: 'duena.actual@correo.mx' }, pendingOwnerEmail: FOREIGN_NO_PASSWORD });
    expect(changed.body.data.changeHouseOwner.data.house.ownerChanges).toHaveLength(1);
  });

  it('REST by user id only for someone who already belongs to this community, else 404', async () => {
    const created = await t.gql(CREATE, { input: avenueHouse({ owner: { email: 'otra.duena@correo.mx', firstName: 'Otra' } }) }, { token: admin });
    const h = created.body.data.createHouse.data.house.databaseId;
    // Saúl belongs to Torre Azul only (Elena accepted an invitation above, so she belongs here now).
    const saul = (await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: FOREIGN_NO_PASSWORD } })).id;
    const foreign = await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${h}/change-owner/${saul}`, { owner_user_id: saul }, { token: admin });
    expect(foreign).toMatchObject({ status: 404, body: { code: 404, description: 'El usuario no existe' } });
    const nobody = await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${h}/change-owner/999999`, {}, { token: admin });
    expect(nobody.status).toBe(404);
    expect((await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: h } })).ownerUserId).not.toBe(saul);
    expect(await t.app.db.prisma.membership.count({ where: { houseId: h, userId: saul } })).toBe(0);
  });
});

describe('personal data of a person of another community', () => {
  it('cannot be changed from the house form (403), even for a person without password', async () => {
    const prisma = t.app.db.prisma;
    const created = await t.gql(
      CREATE,
      { input: avenueHouse({ owner: { email: 'doble@correo.mx', firstName: 'Doble', mobile: '4421110000' } }) },
      { token: admin },
    );
    const house = created.body.data.createHouse.data.house;
    // The person later joins Torre Azul too.
    const torreOwner = await prisma.role.findFirstOrThrow({ where: { neighborhoodId: torreId, kind: 'OWNER' } });
    const person = await prisma.user.findUniqueOrThrow({ where: { email: 'doble@correo.mx' } });
    await prisma.membership.create({ data: { neighborhoodId: torreId, userId: person.id, roleId: torreOwner.id } });
    const id = house.id;
    const input = avenueHouse({ owner: { email: 'doble@correo.mx', firstName: 'Renombrada', mobile: '4429999999' } });
    const updated = await t.gql(
      `mutation($input: UpdateHouseInput!) { updateHouse(input: $input) { ${RESULT} } }`,
      { input: { id, house: { ...input, catastral: null, block: '77', lot: '900', exteriorNumber: '7900' } } },
      { token: admin },
    );
    expect(updated.body.errors[0]).toMatchObject({
      message: 'doble@correo.mx ya tiene cuenta: sus datos los actualiza la persona desde «Mis datos»',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ firstName: 'Doble', mobile: '4421110000' });
  });
});

describe('bounded input', () => {
  it('refuses NUL bytes and overlong strings in the house form and the owner (400), saving nothing', async () => {
    const before = await t.app.db.prisma.house.count();
    for (const input of [
      avenueHouse({ block: '7\u0000' }),
      avenueHouse({ owner: { email: 'nul@correo.mx', firstName: 'Nu\u0000l' } }),
      avenueHouse({ owner: { email: 'largo@correo.mx', firstName: 'x'.repeat(5000) } }),
      avenueHouse({ balanceReason: 'y'.repeat(10_000) }),
      avenueHouse({ owner: { email: `${'a'.repeat(300)}@correo.mx`, firstName: 'A' } }),
    ]) {
      const res = await t.gql(CREATE, { input }, { token: admin });
      // Refused by the service (InputError) or already by the GraphQL input armor (400).
      expect(res.status === 400 || res.body.data?.createHouse.__typename === 'InputError').toBe(true);
      // The service refuses it on its own too (jobs and scripts call it without GraphQL).
      expect(() => parseInput(HouseSchema, { ...input, houseTypeId: 1, streetId: 1 })).toThrow(InputError);
    }
    expect(() => parseInput(NewOwnerSchema, { email: 'z@correo.mx', firstName: 'Z\u0000' })).toThrow(InputError);
    expect(() => parseInput(ActivationSchema, { balanceReason: '\u0000' })).toThrow(InputError);
    expect(await t.app.db.prisma.house.count()).toBe(before);
  });

  it('keeps cadastral keys unique per community through the database index (409 with the spec message)', async () => {
    const first = await t.gql(CREATE, { input: avenueHouse({ catastral: 'UNI-1' }) }, { token: admin });
    expect(first.body.data.createHouse.__typename).toBe('MutationCreateHouseSuccess');
    const second = await t.gql(CREATE, { input: avenueHouse({ catastral: 'uni-1' }) }, { token: admin });
    expect(second.body.data.createHouse).toMatchObject({ __typename: 'ConflictError', message: 'Ya existe una propiedad con la clave catastral UNI-1' });
  });
});

describe('one write path', () => {
  it('createHouse with an idempotency key answers the first house on a repeat, 422 for another body; the audit row is in the same write', async () => {
    const prisma = t.app.db.prisma;
    const CREATE_KEYED = `mutation($input: HouseInput!, $key: String) { createHouse(input: $input, idempotencyKey: $key) { ${RESULT} ... on MutationCreateHouseSuccess { data { house { databaseId } } } } }`;
    const input = avenueHouse({ catastral: 'IDEM-1' });
    const first = await t.gql(CREATE_KEYED, { input, key: 'casa-idem-1' }, { token: admin });
    const id = first.body.data.createHouse.data.house.databaseId;
    const again = await t.gql(CREATE_KEYED, { input, key: 'casa-idem-1' }, { token: admin });
    expect(again.body.data.createHouse.data.house.databaseId).toBe(id);
    expect(await prisma.house.count({ where: { catastral: 'IDEM-1' } })).toBe(1);
    const other = await t.gql(CREATE_KEYED, { input: { ...input, catastral: 'IDEM-2' }, key: 'casa-idem-1' }, { token: admin });
    expect(other.body.data?.createHouse?.code ?? other.body.errors?.[0]?.extensions?.legacyCode).toBe(422);
    expect(await prisma.auditLog.count({ where: { entity: 'House', entityId: String(id), action: 'CREATE' } })).toBe(1);
  });
});

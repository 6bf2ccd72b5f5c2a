import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let coOwner: string;
let resident: string;
let olivosId: number;
let houseId: number;
let otherHouseId: number;
let roles: Record<'OWNER' | 'CO_OWNER' | 'RESIDENT' | 'ADMIN', { id: number; name: string }>;

const db = () => t.app.db.prisma;
const houseGid = (id: number) => Buffer.from(`House:${id}`).toString('base64');
const residentGid = (id: number) => Buffer.from(`Resident:${id}`).toString('base64');

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  coOwner = await t.signIn('inquilino@demo.mx');
  resident = await t.signIn('residente@demo.mx');
  const olivos = await db().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  olivosId = olivos.id;
  const propietario = await db().user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } });
  houseId = (await db().house.findFirstOrThrow({ where: { neighborhoodId: olivosId, ownerUserId: propietario.id } })).id;
  otherHouseId = (await db().house.findFirstOrThrow({ where: { neighborhoodId: olivosId, id: { not: houseId }, status: 'ACTIVE' } })).id;
  const all = await db().role.findMany({ where: { neighborhoodId: olivosId } });
  roles = Object.fromEntries(all.map((r) => [r.kind, { id: r.id, name: r.name }])) as typeof roles;
});
afterAll(() => t.close());

const path = (h = houseId, n = olivosId) => `/neighborhoods/${n}/houses/${h}/residents`;
const newPerson = (email: string, role = roles.RESIDENT.id) => ({
  user: { first_name: 'Lucía', last_name: 'Pérez', email, mobile: '4429876543' },
  id_role: role,
});

describe('residents through REST', () => {
  it('the owner lists, registers (inviting a new person), reads, edits and removes a resident', async () => {
    const list = await t.rest('GET', path(), undefined, { token: owner });
    expect(list.status).toBe(200);
    const emails = list.body.content.map((r: any) => r.user.email);
    expect(emails).toEqual(expect.arrayContaining(['inquilino@demo.mx', 'residente@demo.mx']));
    expect(emails).not.toContain('propietario@demo.mx');

    const created = await t.rest('POST', path(), newPerson(' Lucia.Perez@Demo.mx '), { token: owner });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id_house: houseId,
      id_role: roles.RESIDENT.id,
      user: { first_name: 'Lucía', last_name: 'Pérez', email: 'lucia.perez@demo.mx', mobile: '4429876543' },
      role: { id: roles.RESIDENT.id, name: 'Residente', allow_create_for_house_user: true },
      acreditation_file_url: null,
      can_edit: true,
      can_delete: true,
    });
    const user = await db().user.findUniqueOrThrow({ where: { email: 'lucia.perez@demo.mx' } });
    expect(user.signupCode).toBeTruthy();
    expect(user.passwordHash).toBeNull();
    const mail = await db().emailOutbox.findFirstOrThrow({ where: { to: 'lucia.perez@demo.mx' } });
    // An absolute link (PUBLIC_URL, else this server), from the one invitation builder of the mail domain.
    expect(mail.text).toContain(`http://localhost:3000/signup/${user.signupCode}`);
    expect(mail.text).toContain('Residente');

    const read = await t.rest('GET', `${path()}/${created.body.id}`, undefined, { token: owner });
    expect(read.body).toEqual(created.body);

    const edited = await t.rest(
      'PUT',
      `${path()}/${created.body.id}`,
      { user: { first_name: 'Lucía', last_name: 'Pérez Gómez', mobile: null }, id_role: roles.CO_OWNER.id },
      { token: owner },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id_role: roles.CO_OWNER.id,
      user: { last_name: 'Pérez Gómez', mobile: null },
      role: { name: 'Copropietario/Inquilino' },
    });

    const removed = await t.rest('DELETE', `${path()}/${created.body.id}`, undefined, { token: owner });
    expect(removed.body).toEqual({ content: true });
    expect(await db().membership.count({ where: { id: created.body.id } })).toBe(0);
    expect((await t.rest('GET', `${path()}/${created.body.id}`, undefined, { token: owner })).status).toBe(404);
    expect(await db().auditLog.count({ where: { entity: 'Resident', entityId: String(created.body.id) } })).toBe(3);
  });

  it('registers an existing person without a new sign-up code and refuses someone already in the house', async () => {
    const created = await t.rest('POST', path(otherHouseId), newPerson('residente@demo.mx'), { token: admin });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ first_name: 'Rosa', last_name: 'Díaz' });
    expect((await db().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } })).signupCode).toBeNull();
    const again = await t.rest('POST', path(otherHouseId), newPerson('RESIDENTE@demo.mx'), { token: admin });
    expect(again.body).toEqual({ code: 409, description: 'residente@demo.mx ya tiene acceso a esta propiedad' });
    const ownerAsResident = await t.rest('POST', path(), newPerson('propietario@demo.mx'), { token: admin });
    expect(ownerAsResident.body).toEqual({ code: 409, description: 'propietario@demo.mx es el propietario de esta propiedad' });
    await t.rest('DELETE', `${path(otherHouseId)}/${created.body.id}`, undefined, { token: admin });
  });

  it('serves the accreditation file through a redirect to the file download', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([37, 80, 68, 70])], { type: 'application/pdf' }), 'contrato.pdf');
    const upload = await t.app.fetch(
      new Request('http://localhost/api/1.0/files', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${owner}`, 'x-forwarded-for': '10.0.0.1' },
      }),
    );
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as { id: string };
    const created = await t.rest('POST', path(), { ...newPerson('arrendatario@demo.mx', roles.CO_OWNER.id), acreditation_file: file.id }, { token: owner });
    expect(created.body.acreditation_file_url).toBe(`/api/1.0/files/${file.id}`);
    const link = await t.rest('GET', `${path()}/${created.body.id}/acreditation-file`, undefined, { token: owner, raw: undefined });
    expect(link.status).toBe(302);
    expect(link.response.headers.get('location')).toBe(`/api/1.0/files/${file.id}`);
    const download = await t.app.fetch(
      new Request(`http://localhost/api/1.0/files/${file.id}`, { headers: { authorization: `Bearer ${coOwner}`, 'x-forwarded-for': '10.0.0.1' } }),
    );
    expect(download.status).toBe(200);
    const cleared = await t.rest(
      'PUT',
      `${path()}/${created.body.id}`,
      { user: { first_name: 'Lucía' }, id_role: roles.CO_OWNER.id, acreditation_file: null },
      { token: owner },
    );
    expect(cleared.body.acreditation_file_url).toBeNull();
    expect((await t.rest('GET', `${path()}/${created.body.id}/acreditation-file`, undefined, { token: owner })).status).toBe(404);
    const foreignFile = await t.rest(
      'PUT',
      `${path()}/${created.body.id}`,
      { user: { first_name: 'Lucía' }, id_role: roles.CO_OWNER.id, acreditation_file: '7d0c5bd6-4d0f-4a43-9d7e-2f5e4b8f0a11' },
      { token: owner },
    );
    expect(foreignFile.body).toEqual({ code: 400, description: 'El archivo no existe' });
    await t.rest('DELETE', `${path()}/${created.body.id}`, undefined, { token: owner });
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await db().membership.count();
    const users = await db().user.count();
    const badEmail = await t.rest('POST', path(), newPerson('no-es-correo'), { token: owner });
    expect(badEmail.body).toEqual({ code: 400, description: 'El correo electrónico no es válido' });
    const noName = await t.rest('POST', path(), { ...newPerson('nuevo@demo.mx'), user: { first_name: ' ', email: 'nuevo@demo.mx' } }, { token: owner });
    expect(noName.body).toEqual({ code: 400, description: 'El nombre es requerido' });
    const ownerRole = await t.rest('POST', path(), newPerson('nuevo@demo.mx', roles.OWNER.id), { token: admin });
    expect(ownerRole.body).toEqual({ code: 400, description: 'El rol no es válido para un habitante' });
    const adminRole = await t.rest('POST', path(), newPerson('nuevo@demo.mx', roles.ADMIN.id), { token: admin });
    expect(adminRole.body.code).toBe(400);
    const missing = await t.rest('POST', path(), { user: { email: 'nuevo@demo.mx' } }, { token: owner });
    expect(missing.status).toBe(400);
    expect(await db().membership.count()).toBe(before);
    expect(await db().user.count()).toBe(users);
  });
});

describe('who may manage residents', () => {
  async function residentWithRole(email: string, roleId: number, h = houseId) {
    const created = await t.rest('POST', path(h), newPerson(email, roleId), { token: admin });
    expect(created.status).toBe(201);
    return created.body.id as number;
  }

  it('house users may not touch residents whose role disallows creating for house users; administrators may', async () => {
    const role = await db().role.create({
      data: { neighborhoodId: olivosId, kind: 'CUSTOM', name: 'Arrendatario con contrato', forHouse: true, allowCreateForHouseUser: false, grants: [] },
    });
    const id = await residentWithRole('contrato@demo.mx', role.id);
    const list = await t.rest('GET', path(), undefined, { token: owner });
    expect(list.body.content.find((r: any) => r.id === id)).toMatchObject({ can_edit: false, can_delete: false });
    // The resident user (RESIDENT role, R grants) and the owner are both refused.
    const byResident = await t.rest('DELETE', `${path()}/${id}`, undefined, { token: resident });
    expect(byResident).toMatchObject({ status: 403, body: { code: 403, description: 'No se ha logrado eliminar el acceso a Lucía Pérez' } });
    const byOwner = await t.rest('PUT', `${path()}/${id}`, { user: { first_name: 'X' }, id_role: roles.RESIDENT.id }, { token: owner });
    expect(byOwner.status).toBe(403);
    const assign = await t.rest('POST', path(), newPerson('otro@demo.mx', role.id), { token: owner });
    expect(assign).toMatchObject({ status: 403, body: { description: 'No puedes asignar el rol Arrendatario con contrato; pídelo a la administración' } });
    const promote = await t.rest(
      'PUT',
      `${path()}/${(await db().membership.findFirstOrThrow({ where: { user: { email: 'inquilino@demo.mx' } } })).id}`,
      { user: { first_name: 'Iván' }, id_role: role.id },
      { token: owner },
    );
    expect(promote.status).toBe(403);
    expect(await db().membership.findUniqueOrThrow({ where: { id } })).toMatchObject({ roleId: role.id });
    expect(await db().user.findFirst({ where: { email: 'otro@demo.mx' } })).toBeNull();
    // The administrator may.
    const adminList = await t.rest('GET', path(), undefined, { token: admin });
    expect(adminList.body.content.find((r: any) => r.id === id)).toMatchObject({ can_edit: true, can_delete: true });
    expect((await t.rest('DELETE', `${path()}/${id}`, undefined, { token: admin })).body).toEqual({ content: true });
  });

  it('a resident user may remove a co-owner whose role allows it, and that person loses their session', async () => {
    const id = await residentWithRole('temporal@demo.mx', roles.CO_OWNER.id);
    const person = await db().user.findUniqueOrThrow({ where: { email: 'temporal@demo.mx' } });
    await db().user.update({
      where: { id: person.id },
      data: { passwordHash: (await db().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } })).passwordHash },
    });
    const theirToken = await t.signIn('temporal@demo.mx');
    expect((await t.rest('GET', path(), undefined, { token: theirToken })).status).toBe(200);
    const removed = await t.rest('DELETE', `${path()}/${id}`, undefined, { token: resident });
    expect(removed.body).toEqual({ content: true });
    expect((await t.rest('GET', path(), undefined, { token: theirToken })).status).toBe(401);
    expect(await db().session.count({ where: { userId: person.id, endedAt: null } })).toBe(0);
  });

  it('house users cannot change their own role, and their personal data is theirs once active', async () => {
    const mine = await db().membership.findFirstOrThrow({ where: { user: { email: 'residente@demo.mx' }, houseId } });
    const self = await t.rest('PUT', `${path()}/${mine.id}`, { user: { first_name: 'Rosa' }, id_role: roles.CO_OWNER.id }, { token: resident });
    expect(self).toMatchObject({ status: 403, body: { description: 'No puedes cambiar tu propio acceso; pídelo a quien te registró' } });
    const inquilino = await db().membership.findFirstOrThrow({ where: { user: { email: 'inquilino@demo.mx' }, houseId } });
    const renamed = await t.rest('PUT', `${path()}/${inquilino.id}`, { user: { first_name: 'Otro nombre' }, id_role: roles.CO_OWNER.id }, { token: owner });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.first_name).toBe('Iván');
  });

  it('house users only reach their own house; users without residents grants are refused', async () => {
    expect((await t.rest('GET', path(otherHouseId), undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('POST', path(otherHouseId), newPerson('x@demo.mx'), { token: owner })).status).toBe(403);
    const foreign = await residentWithRole('vecina@demo.mx', roles.RESIDENT.id, otherHouseId);
    expect((await t.rest('GET', `${path()}/${foreign}`, undefined, { token: owner })).status).toBe(404);
    expect((await t.rest('DELETE', `${path()}/${foreign}`, undefined, { token: owner })).status).toBe(404);
    expect((await t.rest('DELETE', `${path(otherHouseId)}/${foreign}`, undefined, { token: owner })).status).toBe(404);
    // An administrator naming the wrong house in the path changes nothing.
    expect((await t.rest('DELETE', `${path()}/${foreign}`, undefined, { token: admin })).status).toBe(404);
    expect(await db().membership.count({ where: { id: foreign } })).toBe(1);
    const security = await t.signIn('seguridad@demo.mx');
    expect((await t.rest('GET', path(), undefined, { token: security })).status).toBe(403);
    expect((await t.rest('GET', path())).status).toBe(401);
  });

  it('never resolves another community', async () => {
    const torre = await db().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const tower = await db().house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    const torreResidentRole = await db().role.findFirstOrThrow({ where: { neighborhoodId: torre.id, kind: 'RESIDENT' } });
    const outsider = await db().user.create({ data: { email: 'torre.vecino@demo.mx', firstName: 'Tomás' } });
    const membership = await db().membership.create({
      data: { neighborhoodId: torre.id, userId: outsider.id, houseId: tower.id, roleId: torreResidentRole.id },
    });
    expect((await t.rest('GET', path(tower.id), undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('POST', path(tower.id), newPerson('y@demo.mx'), { token: admin })).status).toBe(404);
    expect((await t.rest('GET', `${path()}/${membership.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `${path(tower.id)}/${membership.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', path(tower.id, torre.id), undefined, { token: admin })).status).toBe(404);
    const roleElsewhere = await t.rest('POST', path(), newPerson('z@demo.mx', torreResidentRole.id), { token: admin });
    expect(roleElsewhere.status).toBe(400);
    expect(await db().membership.count({ where: { id: membership.id } })).toBe(1);
  });
});

describe('residents through GraphQL', () => {
  it('lists the community for administrators, the own house for house users, with roles and typed errors', async () => {
    const { body } = await t.gql(
      `query($h: ID) { residents(houseId: $h, first: 50, filter: { name: "rosa" }) { totalCount edges { node { email houseDatabaseId canEdit role { name assignable } } } } }`,
      {},
      { token: admin },
    );
    expect(body.data.residents.edges.map((e: any) => e.node.email)).toContain('residente@demo.mx');
    const own = await t.gql('{ houseResidents(first: 10) { totalCount edges { node { email canEdit canDelete } } } }', {}, { token: coOwner });
    expect(own.body.data.houseResidents.edges.map((e: any) => e.node.email)).toEqual(expect.arrayContaining(['residente@demo.mx']));
    const self = own.body.data.houseResidents.edges.find((e: any) => e.node.email === 'inquilino@demo.mx').node;
    expect(self).toEqual({ email: 'inquilino@demo.mx', canEdit: false, canDelete: true });
    const rolesForOwner = await t.gql('{ houseRoles { name allowCreateForHouseUser assignable } }', {}, { token: owner });
    expect(rolesForOwner.body.data.houseRoles).toEqual(
      expect.arrayContaining([
        { name: 'Copropietario/Inquilino', allowCreateForHouseUser: true, assignable: true },
        { name: 'Residente', allowCreateForHouseUser: true, assignable: true },
      ]),
    );
    expect(rolesForOwner.body.data.houseRoles.map((r: any) => r.name)).not.toContain('Propietario');

    const bad = await t.gql(
      'mutation($input: CreateResidentInput!) { createResident(input: $input) { __typename ... on InputError { issues { field message } } } }',
      { input: { email: 'x', firstName: '', roleId: roles.RESIDENT.id } },
      { token: owner },
    );
    expect(bad.body.data.createResident).toEqual({
      __typename: 'InputError',
      issues: [
        { field: 'email', message: 'El correo electrónico no es válido' },
        { field: 'firstName', message: 'El nombre es requerido' },
      ],
    });
    const created = await t.gql(
      'mutation($input: CreateResidentInput!) { createResident(input: $input) { __typename ... on MutationCreateResidentSuccess { data { resident { id houseDatabaseId email } } } } }',
      { input: { email: 'graphql@demo.mx', firstName: 'Gabriel', roleId: roles.RESIDENT.id } },
      { token: owner },
    );
    const node = created.body.data.createResident.data.resident;
    const row = await db().membership.findFirstOrThrow({ where: { user: { email: 'graphql@demo.mx' } } });
    expect(node).toEqual({ id: residentGid(row.id), houseDatabaseId: houseId, email: 'graphql@demo.mx' });
    const refused = await t.gql(
      'mutation($input: DeleteResidentInput!) { deleteResident(input: $input) { __typename } }',
      { input: { id: node.id } },
      { token: await t.signIn('seguridad@demo.mx') },
    );
    expect(refused.status).toBe(403);
    const deleted = await t.gql(
      'mutation($input: DeleteResidentInput!) { deleteResident(input: $input) { __typename ... on MutationDeleteResidentSuccess { data { deletedId } } } }',
      { input: { id: node.id, houseId: houseGid(houseId) } },
      { token: coOwner },
    );
    expect(deleted.body.data.deleteResident.data.deletedId).toBe(node.id);
  });

  it('loads a page of residents with a constant number of SQL statements (no N+1)', async () => {
    for (let i = 0; i < 6; i++) {
      const h = (await db().house.findMany({ where: { neighborhoodId: olivosId, status: 'ACTIVE' }, orderBy: { id: 'asc' }, take: 6 }))[i];
      await t.rest('POST', path(h.id), newPerson(`carga${i}@demo.mx`), { token: admin });
    }
    const QUERY = `query($first: Int!) { residents(first: $first) { totalCount edges { node { id firstName lastName email mobile houseLabel canEdit canDelete accreditationFileName role { name assignable } } } } }`;
    const count = async (first: number) => {
      const before = t.app.db.statements();
      const { body } = await t.gql(QUERY, { first }, { token: admin });
      expect(body.data.residents.edges.length).toBe(Math.min(first, body.data.residents.totalCount));
      return t.app.db.statements() - before;
    };
    const small = await count(2);
    const large = await count(8);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(5);
  });
});

describe('blocked and deleted houses', () => {
  it('refuses to register residents on a blocked (409) or deleted (409) house, through REST and GraphQL, changing nothing', async () => {
    const blocked = await db().house.create({ data: { neighborhoodId: olivosId, interiorNumber: 'BLOQ-1', status: 'BLOCKED' } });
    const deleted = await db().house.create({ data: { neighborhoodId: olivosId, interiorNumber: 'ELIM-1', status: 'DELETED' } });
    const memberships = await db().membership.count();
    const users = await db().user.count();
    const blockedRest = await t.rest('POST', path(blocked.id), newPerson('bloqueada@demo.mx'), { token: admin });
    expect(blockedRest).toMatchObject({ status: 409, body: { code: 409, description: 'La propiedad está bloqueada' } });
    const deletedRest = await t.rest('POST', path(deleted.id), newPerson('eliminada@demo.mx'), { token: admin });
    expect(deletedRest).toMatchObject({ status: 409, body: { code: 409, description: 'La propiedad está eliminada' } });
    const gql = await t.gql(
      `mutation($input: CreateResidentInput!) { createResident(input: $input) { __typename ... on Error { code message } } }`,
      { input: { houseId: houseGid(blocked.id), email: 'bloqueada@demo.mx', firstName: 'Bea', roleId: roles.RESIDENT.id } },
      { token: admin },
    );
    expect(gql.body.data.createResident).toEqual({ __typename: 'ConflictError', code: 409, message: 'La propiedad está bloqueada' });
    expect(await db().membership.count()).toBe(memberships);
    expect(await db().user.count()).toBe(users);
    expect(await db().emailOutbox.count({ where: { to: { in: ['bloqueada@demo.mx', 'eliminada@demo.mx'] } } })).toBe(0);
    // Another community's house still does not exist, whatever its status.
    const torre = await db().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const foreign = await db().house.create({ data: { neighborhoodId: torre.id, interiorNumber: 'T-BLOQ', status: 'BLOCKED' } });
    expect((await t.rest('POST', path(foreign.id), newPerson('ajena@demo.mx'), { token: admin })).status).toBe(404);
  });
});

describe('tenancy and the kernel (issue 8)', () => {
  async function torrePerson(email: string, data: { passwordHash?: string | null; mobile?: string } = {}) {
    const torre = await db().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const tower = await db().house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    const role = await db().role.findFirstOrThrow({ where: { neighborhoodId: torre.id, kind: 'RESIDENT' } });
    const person = await db().user.create({
      data: { email, firstName: 'Teresa', lastName: 'Torres', mobile: data.mobile ?? '5511112222', passwordHash: data.passwordHash ?? null },
    });
    await db().membership.create({ data: { neighborhoodId: torre.id, userId: person.id, houseId: tower.id, roleId: role.id } });
    return person;
  }

  it('a person of another community is invited, not linked, and neither creating nor editing the resident rewrites their name or mobile', async () => {
    const person = await torrePerson('teresa.torre@demo.mx');
    const created = await t.rest(
      'POST',
      path(),
      { user: { first_name: 'Nombre', last_name: 'Cambiado', email: 'teresa.torre@demo.mx', mobile: '4420000000' }, id_role: roles.RESIDENT.id },
      { token: admin },
    );
    expect(created.status).toBe(201);
    const membership = await db().membership.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(membership).toMatchObject({ pending: true, active: false, houseId });
    const edited = await t.rest(
      'PUT',
      `${path()}/${created.body.id}`,
      { user: { first_name: 'Otro', last_name: 'Nombre', mobile: '4421111111' }, id_role: roles.RESIDENT.id },
      { token: owner },
    );
    expect(edited.status).toBe(200);
    expect(await db().user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({
      firstName: 'Teresa',
      lastName: 'Torres',
      mobile: '5511112222',
      signupCode: null,
    });
    // The e-mail is an invitation to accept, not a sign-up link.
    const mail = await db().emailOutbox.findFirstOrThrow({ where: { to: 'teresa.torre@demo.mx' } });
    expect(mail.text).toContain('/invitations/');
    expect(mail.text).not.toContain('/signup/');
    // Withdrawing the invitation leaves the person as they were.
    expect((await t.rest('DELETE', `${path()}/${created.body.id}`, undefined, { token: admin })).body).toEqual({ content: true });
    expect(await db().membership.count({ where: { userId: person.id } })).toBe(1);
  });

  it('residents lists never show the profile of a person who does not belong to the community', async () => {
    const person = await torrePerson('tadeo.torre@demo.mx', { mobile: '5533334444' });
    const created = await t.rest('POST', path(), newPerson('tadeo.torre@demo.mx'), { token: admin });
    expect(created.body.user).toEqual({ id: person.id, first_name: '', last_name: null, email: 'tadeo.torre@demo.mx', mobile: null });
    const list = await t.rest('GET', path(), undefined, { token: admin });
    const row = list.body.content.find((r: any) => r.id === created.body.id);
    expect(row.user).toEqual({ id: person.id, first_name: '', last_name: null, email: 'tadeo.torre@demo.mx', mobile: null });
    const gql = await t.gql(
      'query($h: ID) { residents(houseId: $h, first: 50) { edges { node { databaseId firstName lastName mobile pending accountActive personalDataEditable } } } }',
      { h: houseGid(houseId) },
      { token: owner },
    );
    const node = gql.body.data.residents.edges.map((e: any) => e.node).find((n: any) => n.databaseId === created.body.id);
    expect(node).toEqual({
      databaseId: created.body.id,
      firstName: '',
      lastName: null,
      mobile: null,
      pending: true,
      accountActive: false,
      personalDataEditable: false,
    });
    // Searching by the person's own name finds nothing; the e-mail typed does.
    expect(
      (await t.rest('GET', `${path()}?name=Teresa`, undefined, { token: admin })).body.content.some((r: any) => r.user.email.endsWith('.torre@demo.mx')),
    ).toBe(false);
    expect((await t.rest('GET', `${path()}?name=tadeo.torre`, undefined, { token: admin })).body.total).toBe(1);
    // A person registered only here shows their data and may be corrected.
    const local = await t.rest('POST', path(), newPerson('local.nueva@demo.mx'), { token: admin });
    expect(local.body.user).toMatchObject({ first_name: 'Lucía', mobile: '4429876543' });
    await t.rest('DELETE', `${path()}/${created.body.id}`, undefined, { token: admin });
    await t.rest('DELETE', `${path()}/${local.body.id}`, undefined, { token: admin });
  });

  it('someone with an account elsewhere is invited too; an unregistered person of this community only is linked and may be corrected', async () => {
    const hash = (await db().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } })).passwordHash;
    await torrePerson('tania.torre@demo.mx', { passwordHash: hash });
    const invited = await t.rest('POST', path(), newPerson('tania.torre@demo.mx'), { token: owner });
    expect((await db().membership.findUniqueOrThrow({ where: { id: invited.body.id } })).pending).toBe(true);
    const local = await t.rest('POST', path(), newPerson('corregible@demo.mx'), { token: owner });
    const fixed = await t.rest(
      'PUT',
      `${path()}/${local.body.id}`,
      { user: { first_name: 'Lucía', last_name: 'Pérez', mobile: '4421231234' }, id_role: roles.RESIDENT.id },
      { token: owner },
    );
    expect(fixed.body.user).toMatchObject({ first_name: 'Lucía', mobile: '4421231234' });
    await t.rest('DELETE', `${path()}/${invited.body.id}`, undefined, { token: owner });
    await t.rest('DELETE', `${path()}/${local.body.id}`, undefined, { token: owner });
  });

  it('whoever adds people must have verified their e-mail (403, nothing written)', async () => {
    const adminUser = await db().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    await db().user.update({ where: { id: adminUser.id }, data: { emailVerified: false } });
    try {
      const users = await db().user.count();
      const refused = await t.rest('POST', path(), newPerson('sin.verificar@demo.mx'), { token: admin });
      expect(refused).toMatchObject({ status: 403, body: { code: 403, description: 'Verifica tu correo electrónico antes de registrar personas' } });
      const gql = await t.gql(
        'mutation($input: CreateResidentInput!) { createResident(input: $input) { __typename } }',
        { input: { houseId: houseGid(houseId), email: 'sin.verificar@demo.mx', firstName: 'Sin', roleId: roles.RESIDENT.id } },
        { token: admin },
      );
      expect(gql.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', legacyCode: 403 });
      expect(await db().user.count()).toBe(users);
      expect(await db().emailOutbox.count({ where: { to: 'sin.verificar@demo.mx' } })).toBe(0);
    } finally {
      await db().user.update({ where: { id: adminUser.id }, data: { emailVerified: true } });
    }
  });

  it('bounds every string and the list filter; the same Idempotency-Key registers once; the audit is in the write', async () => {
    const long = await t.rest(
      'POST',
      path(),
      { ...newPerson('largo@demo.mx'), user: { first_name: 'x'.repeat(8000), email: 'largo@demo.mx' } },
      { token: owner },
    );
    expect(long.body).toEqual({ code: 400, description: 'El nombre debe tener como máximo 80 caracteres' });
    const nul = await t.rest('POST', path(), { ...newPerson('nul@demo.mx'), user: { first_name: 'Ana\u0000', email: 'nul@demo.mx' } }, { token: owner });
    expect(nul.body).toMatchObject({ code: 400, description: expect.stringContaining('contiene caracteres no permitidos') });
    expect((await t.rest('GET', `${path()}?name=${'a'.repeat(8000)}`, undefined, { token: owner })).status).toBe(400);
    expect(await db().user.count({ where: { email: { in: ['largo@demo.mx', 'nul@demo.mx'] } } })).toBe(0);

    const headers = { 'idempotency-key': 'alta-habitante-1' };
    const first = await t.rest('POST', path(), newPerson('una.vez@demo.mx'), { token: owner, headers });
    const again = await t.rest('POST', path(), newPerson('una.vez@demo.mx'), { token: owner, headers });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(await db().membership.count({ where: { user: { email: 'una.vez@demo.mx' } } })).toBe(1);
    expect(await db().emailOutbox.count({ where: { to: 'una.vez@demo.mx' } })).toBe(1);
    expect(await db().auditLog.count({ where: { entity: 'Resident', entityId: String(first.body.id), action: 'CREATE' } })).toBe(1);
    await t.rest('DELETE', `${path()}/${first.body.id}`, undefined, { token: owner });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { AdminUserSchema as CoreAdminUserSchema, ROLE_REQUIRED } from '../../../../core/adminUsers.js';
import { AdminUserSchema } from './service.js';

let t: TestApp;
let admin: string;
let config: string;
let owner: string;
let olivos: number;
const role = async (kind: string, neighborhoodId = olivos) =>
  (await t.app.db.prisma.role.findFirstOrThrow({ where: { neighborhoodId, kind: kind as never } })).id;
const prisma = () => t.app.db.prisma;
const outboxTo = (to: string) => prisma().emailOutbox.findMany({ where: { to }, orderBy: { id: 'asc' } });
const membershipOf = async (email: string, neighborhoodId = olivos) =>
  prisma().membership.findFirst({ where: { user: { email }, neighborhoodId, houseId: null } });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  config = await t.signIn('config@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
  olivos = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
});
afterAll(() => t.close());

describe('one administration user schema for the form and the server', () => {
  it('answers each issue under its field over GraphQL, as the form shows them', async () => {
    expect(AdminUserSchema).toBe(CoreAdminUserSchema);
    expect(CoreAdminUserSchema.safeParse({ email: 'a@b.mx', firstName: 'Ana', roleId: 0 }).error?.issues[0].message).toBe(ROLE_REQUIRED);
    const roleId = (await t.gql('{ administrationRoles { id } }', {}, { token: config })).body.data.administrationRoles[0].id;
    const { body } = await t.gql(
      `mutation($input: CreateAdministrationUserInput!) { createAdministrationUser(input: $input) { __typename ... on InputError { issues { field message } } } }`,
      { input: { email: 'no es correo', firstName: '  ', roleId } },
      { token: admin },
    );
    expect(body.data.createAdministrationUser).toEqual({
      __typename: 'InputError',
      issues: [
        { field: 'email', message: 'El correo electrónico no es válido' },
        { field: 'firstName', message: 'El nombre es requerido' },
      ],
    });
  });
});

describe('administration users through REST', () => {
  it('lists administration accounts only, with search and paging', async () => {
    const all = await t.rest('GET', `/neighborhoods/${olivos}/users?page_size=100`, undefined, { token: config });
    expect(all.status).toBe(200);
    const emails = all.body.content.map((u: any) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@demo.mx', 'config@demo.mx', 'seguridad@demo.mx']));
    expect(emails).not.toContain('propietario@demo.mx');
    expect(all.body.total).toBe(all.body.content.length);
    const found = await t.rest('GET', `/neighborhoods/${olivos}/users?search=samuel%20ortiz`, undefined, { token: config });
    expect(found.body.total).toBe(1);
    expect(found.body.content[0]).toMatchObject({
      first_name: 'Samuel',
      last_name: 'Ortiz',
      email: 'seguridad@demo.mx',
      id_role: await role('SECURITY'),
      role: { id: await role('SECURITY'), name: 'Seguridad', allow_create_for_house_user: false },
      pending_signup: false,
    });
    // Sign-up codes are never shown to administrators.
    expect(found.body.content[0]).not.toHaveProperty('admin_signup_code');
    const paged = await t.rest('GET', `/neighborhoods/${olivos}/users?page_size=1&offset=1`, undefined, { token: config });
    expect(paged.body.content).toHaveLength(1);
    expect(paged.body.content[0].email).toBe(all.body.content[1].email);
    const byRole = await t.rest('GET', `/neighborhoods/${olivos}/users?id_role=${await role('CONFIG_ADMIN')}`, undefined, { token: config });
    expect(byRole.body.content.map((u: any) => u.email)).toEqual(['config@demo.mx']);
  });

  it('serves roles, form defaults and the e-mail search before /users/{id}', async () => {
    const roles = await t.rest('GET', `/neighborhoods/${olivos}/users/roles?for_house=false`, undefined, { token: config });
    expect(roles.body.content.map((r: any) => r.name)).toEqual(['Administrador', 'Administrador de configuración', 'Seguridad']);
    const houseRoles = await t.rest('GET', `/neighborhoods/${olivos}/users/roles?for_house=true`, undefined, { token: config });
    expect(houseRoles.body.content.map((r: any) => r.name)).toEqual(['Copropietario/Inquilino', 'Propietario', 'Residente']);
    expect(houseRoles.body.content.find((r: any) => r.name === 'Residente').allow_create_for_house_user).toBe(true);
    const form = await t.rest('GET', `/neighborhoods/${olivos}/users/new`, undefined, { token: config });
    expect(form.body.user).toEqual({ first_name: '', last_name: '', email: '', id_role: null });
    expect(form.body.roles).toHaveLength(3);
    const search = await t.rest('GET', `/neighborhoods/${olivos}/users/search?email=PROPIETARIO@demo.mx`, undefined, { token: config });
    expect(search.body).toMatchObject({ first_name: 'Patricia', last_name: 'Ruiz', email: 'propietario@demo.mx' });
    const none = await t.rest('GET', `/neighborhoods/${olivos}/users/search?email=nadie@demo.mx`, undefined, { token: config });
    expect(none).toMatchObject({ status: 404, body: { code: 404, description: 'No hay usuarios registrados con el correo nadie@demo.mx' } });
  });

  it('creates a new person with an invitation, reads, edits, resends the code and deletes', async () => {
    const created = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: ' Lucía ', last_name: 'Pérez', email: 'Lucia.Perez@Demo.mx', id_role: await role('SECURITY') },
      { token: admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      first_name: 'Lucía',
      last_name: 'Pérez',
      email: 'lucia.perez@demo.mx',
      pending_signup: true,
      role: { name: 'Seguridad' },
    });
    const user = await prisma().user.findUniqueOrThrow({ where: { email: 'lucia.perez@demo.mx' } });
    expect(user.passwordHash).toBeNull();
    expect(created.body).not.toHaveProperty('admin_signup_code');
    expect(JSON.stringify(created.body)).not.toContain(user.signupCode!);
    expect(created.body.id_user).toBe(user.id);
    const mails = await outboxTo('lucia.perez@demo.mx');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/signup/${user.signupCode}`);

    const read = await t.rest('GET', `/neighborhoods/${olivos}/users/${created.body.id}`, undefined, { token: config });
    expect(read.body).toEqual(created.body);

    const edited = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${created.body.id}`,
      { first_name: 'Lucía', last_name: 'Pérez Gil', email: 'lucia.perez@demo.mx', id_role: await role('CONFIG_ADMIN') },
      { token: config },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ last_name: 'Pérez Gil', role: { name: 'Administrador de configuración' } });

    // A mistyped address is corrected: a new code goes to the new address, the old link stops working.
    const moved = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${created.body.id}`,
      { first_name: 'Lucía', last_name: 'Pérez Gil', email: 'lucia.gil@demo.mx', id_role: await role('CONFIG_ADMIN') },
      { token: config },
    );
    expect(moved.body.email).toBe('lucia.gil@demo.mx');
    const newCode = (await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).signupCode!;
    expect(newCode).not.toBe(user.signupCode);
    expect((await outboxTo('lucia.gil@demo.mx'))[0].text).toContain(`http://localhost:3000/signup/${newCode}`);

    const resent = await t.rest('PUT', `/neighborhoods/${olivos}/users/${created.body.id}/signup`, { code: 'x', domain: 'los_olivos' }, { token: config });
    expect(resent.body).toEqual({ domain: 'los_olivos', content: 'El email ha sido reenviado' });
    expect(await outboxTo('lucia.gil@demo.mx')).toHaveLength(2);

    const deleted = await t.rest('DELETE', `/neighborhoods/${olivos}/users/${created.body.id}`, undefined, { token: config });
    expect(deleted.body).toEqual({ content: true });
    expect((await t.rest('GET', `/neighborhoods/${olivos}/users/${created.body.id}`, undefined, { token: config })).status).toBe(404);
    expect(await prisma().user.count({ where: { email: 'lucia.gil@demo.mx' } })).toBe(1);
    const actions = await prisma().auditLog.findMany({ where: { entity: 'AdministrationUser', entityId: String(created.body.id) }, orderBy: { id: 'asc' } });
    expect(actions.map((a) => a.action)).toEqual(['CREATE', 'INVITE', 'UPDATE', 'UPDATE', 'INVITE', 'RESEND_SIGNUP', 'DELETE']);
  });

  it('gives an existing person access without touching their name or password, and refuses a duplicate', async () => {
    const before = await prisma().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } });
    const created = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Otro nombre', last_name: '', email: 'residente@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ first_name: 'Rosa', last_name: 'Díaz', pending_signup: false });
    expect(await prisma().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } })).toEqual(before);
    expect((await outboxTo('residente@demo.mx')).at(-1)?.text).toContain('ahora tienes acceso');

    const users = await prisma().membership.count();
    const duplicate = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Rosa', email: 'RESIDENTE@demo.mx', id_role: await role('CONFIG_ADMIN') },
      { token: config },
    );
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 409, description: 'Ya existe un usuario de administración con el correo residente@demo.mx' },
    });
    expect(await prisma().membership.count()).toBe(users);

    // Their name and e-mail are theirs once they have a password; the role can still change.
    const rename = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${created.body.id}`,
      { first_name: 'Rosa', last_name: 'Díaz', email: 'otra@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(rename).toMatchObject({
      status: 409,
      body: { description: 'El nombre y el correo de residente@demo.mx solo los puede cambiar su titular desde Mis datos' },
    });
    const resend = await t.rest('PUT', `/neighborhoods/${olivos}/users/${created.body.id}/signup`, {}, { token: config });
    expect(resend).toMatchObject({ status: 409, body: { description: 'residente@demo.mx ya creó su contraseña; no necesita el código de registro' } });
    expect(await prisma().user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } })).toEqual(before);
    await t.rest('DELETE', `/neighborhoods/${olivos}/users/${created.body.id}`, undefined, { token: config });
  });

  it('refuses bad input, taken e-mails and house roles, changing nothing', async () => {
    const memberships = await prisma().membership.count();
    const usersBefore = await prisma().user.count();
    const blank = await t.rest('POST', `/neighborhoods/${olivos}/users`, { first_name: ' ', email: 'mal', id_role: await role('SECURITY') }, { token: config });
    expect(blank).toMatchObject({ status: 400, body: { code: 400, description: 'El correo electrónico no es válido. El nombre es requerido' } });
    const missing = await t.rest('POST', `/neighborhoods/${olivos}/users`, { first_name: 'Ana' }, { token: config });
    expect(missing.body.description).toContain('El campo email es requerido');
    const houseRole = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Ana', email: 'ana@demo.mx', id_role: await role('OWNER') },
      { token: config },
    );
    expect(houseRole).toMatchObject({ status: 400, body: { description: 'El rol no existe en esta comunidad' } });
    const torre = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
    const foreignRole = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Ana', email: 'ana@demo.mx', id_role: await role('SECURITY', torre) },
      { token: config },
    );
    expect(foreignRole.status).toBe(400);

    const created = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Ana', email: 'ana@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    const taken = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${created.body.id}`,
      { first_name: 'Ana', email: 'propietario@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(taken).toMatchObject({ status: 409, body: { description: 'Ya existe un usuario con el correo propietario@demo.mx' } });
    const badEdit = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${created.body.id}`,
      { first_name: '', email: 'ana@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(badEdit.status).toBe(400);
    expect((await t.rest('GET', `/neighborhoods/${olivos}/users/${created.body.id}`, undefined, { token: config })).body).toEqual(created.body);
    await t.rest('DELETE', `/neighborhoods/${olivos}/users/${created.body.id}`, undefined, { token: config });
    expect(await prisma().membership.count()).toBe(memberships);
    expect(await prisma().user.count()).toBe(usersBefore + 1);
  });

  it('refuses self-deletion, removing the last Administrador and escalation by a configuration administrator', async () => {
    // Adriana as the community's only Administrador: the demo's treasurer steps out of this story.
    await prisma().membership.deleteMany({ where: { neighborhoodId: olivos, user: { email: 'tesoreria@demo.mx' } } });
    const self = await membershipOf('config@demo.mx');
    const adminAccount = await membershipOf('admin@demo.mx');
    const selfDelete = await t.rest('DELETE', `/neighborhoods/${olivos}/users/${self!.id}`, undefined, { token: config });
    expect(selfDelete).toMatchObject({ status: 409, body: { description: 'No puedes eliminar tu propio acceso' } });
    const selfRole = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${self!.id}`,
      { first_name: 'Carlos', last_name: 'Vega', email: 'config@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(selfRole.body.description).toBe('No puedes cambiar tu propio rol');
    // The configuration administrator cannot touch an Administrador nor make anyone one.
    const escalate = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${self!.id}`,
      { first_name: 'Carlos', last_name: 'Vega', email: 'config@demo.mx', id_role: await role('ADMIN') },
      { token: config },
    );
    expect(escalate.status).toBe(409);
    const makeAdmin = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Eva', email: 'eva@demo.mx', id_role: await role('ADMIN') },
      { token: config },
    );
    expect(makeAdmin).toMatchObject({
      status: 403,
      body: { description: 'No puedes asignar ni modificar un rol con permisos de administración que tú no tienes' },
    });
    const removeAdmin = await t.rest('DELETE', `/neighborhoods/${olivos}/users/${adminAccount!.id}`, undefined, { token: config });
    expect(removeAdmin.status).toBe(403);

    // A second administrator may be added and removed; the last one stays.
    const second = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Eva', email: 'eva@demo.mx', id_role: await role('ADMIN') },
      { token: admin },
    );
    expect(second.status).toBe(201);
    const secondToken = await (async () => {
      await prisma().user.update({
        where: { email: 'eva@demo.mx' },
        data: { passwordHash: (await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).passwordHash },
      });
      return t.signIn('eva@demo.mx');
    })();
    // Deleting Adriana's account ends her sessions on it.
    const adrianaSession = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
    const removeFirst = await t.rest('DELETE', `/neighborhoods/${olivos}/users/${adminAccount!.id}`, undefined, { token: secondToken });
    expect(removeFirst.body).toEqual({ content: true });
    expect((await t.rest('GET', '/users/session', undefined, { token: adrianaSession })).status).toBe(401);
    const demote = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${second.body.id}`,
      { first_name: 'Eva', email: 'eva@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(demote.status).toBe(403);
    const lastOne = await prisma().membership.count({ where: { neighborhoodId: olivos, role: { kind: 'ADMIN' } } });
    expect(lastOne).toBe(1);
    // Super-admin-free community with a single administrator: the last one cannot be removed by anyone.
    const superToken = await (async () => {
      await prisma().user.update({ where: { email: 'config@demo.mx' }, data: { superAdmin: true } });
      return t.signIn('config@demo.mx');
    })();
    const removeLast = await t.rest('DELETE', `/neighborhoods/${olivos}/users/${second.body.id}`, undefined, { token: superToken });
    expect(removeLast).toMatchObject({ status: 409, body: { description: 'La comunidad debe conservar al menos un Administrador' } });
    await prisma().user.update({ where: { email: 'config@demo.mx' }, data: { superAdmin: false } });
    // Restore Adriana for the other tests.
    await prisma().membership.create({ data: { id: adminAccount!.id, neighborhoodId: olivos, userId: adminAccount!.userId, roleId: adminAccount!.roleId } });
    admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  });

  it('refuses users without the grants and never touches another community', async () => {
    const security = await membershipOf('seguridad@demo.mx');
    expect((await t.rest('GET', `/neighborhoods/${olivos}/users`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('GET', `/neighborhoods/${olivos}/users/roles`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('GET', `/neighborhoods/${olivos}/users/search?email=admin@demo.mx`, undefined, { token: owner })).status).toBe(403);
    expect(
      (await t.rest('POST', `/neighborhoods/${olivos}/users`, { first_name: 'X', email: 'x@demo.mx', id_role: await role('SECURITY') }, { token: owner }))
        .status,
    ).toBe(403);
    expect((await t.rest('DELETE', `/neighborhoods/${olivos}/users/${security!.id}`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('PUT', `/neighborhoods/${olivos}/users/${security!.id}/signup`, {}, { token: owner })).status).toBe(403);
    expect((await t.rest('GET', `/neighborhoods/${olivos}/users`)).status).toBe(401);

    const torre = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
    const foreign = await membershipOf('admin@demo.mx', torre);
    const ownerAccount = await prisma().membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivos } });
    for (const id of [foreign!.id, ownerAccount.id]) {
      expect((await t.rest('GET', `/neighborhoods/${olivos}/users/${id}`, undefined, { token: admin })).status).toBe(404);
      expect(
        (
          await t.rest(
            'PUT',
            `/neighborhoods/${olivos}/users/${id}`,
            { first_name: 'X', email: 'x@demo.mx', id_role: await role('SECURITY') },
            { token: admin },
          )
        ).status,
      ).toBe(404);
      expect((await t.rest('DELETE', `/neighborhoods/${olivos}/users/${id}`, undefined, { token: admin })).status).toBe(404);
      expect((await t.rest('PUT', `/neighborhoods/${olivos}/users/${id}/signup`, {}, { token: admin })).status).toBe(404);
    }
    expect((await t.rest('GET', `/neighborhoods/${torre}/users`, undefined, { token: admin })).status).toBe(404);
    expect(await prisma().membership.findUnique({ where: { id: foreign!.id } })).not.toBeNull();
  });
});

describe('administration users through GraphQL', () => {
  const LIST = `query($filter: AdministrationUserFilter) {
    administrationUsers(first: 50, filter: $filter) { totalCount edges { node { id databaseId email pendingSignup isViewer role { name } } } }
  }`;

  it('lists with filters and shows the viewer; the sign-up code is no field at all', async () => {
    const { body } = await t.gql(LIST, { filter: { search: 'vega' } }, { token: config });
    expect(body.data.administrationUsers.edges.map((e: any) => e.node)).toEqual([
      expect.objectContaining({ email: 'config@demo.mx', isViewer: true, pendingSignup: false, role: { name: 'Administrador de configuración' } }),
    ]);
    const roleId = (await t.gql('{ administrationRoles { id name } }', {}, { token: config })).body.data.administrationRoles.find(
      (r: any) => r.name === 'Seguridad',
    ).id;
    const bySecurity = await t.gql(LIST, { filter: { roleId } }, { token: config });
    expect(bySecurity.body.data.administrationUsers.edges.map((e: any) => e.node.email).sort()).toEqual(['invitado@demo.mx', 'seguridad@demo.mx']);

    const created = await t.gql(
      `mutation($input: CreateAdministrationUserInput!) { createAdministrationUser(input: $input) { __typename ... on MutationCreateAdministrationUserSuccess { data { administrationUser { id pendingSignup } } } } }`,
      { input: { email: 'pendiente@demo.mx', firstName: 'Pedro', roleId } },
      { token: config },
    );
    const node = created.body.data.createAdministrationUser.data.administrationUser;
    expect(node.pendingSignup).toBe(true);
    // Not even a CUsersUpdate administrator can ask for the code: the field does not exist.
    const asked = await t.gql(`query($id: ID!) { node(id: $id) { ... on AdministrationUser { email signupCode } } }`, { id: node.id }, { token: admin });
    expect(asked.body.data).toBeUndefined();
    expect(asked.body.errors[0].message).toContain('Cannot query field "signupCode"');
    const readerRole = await prisma().role.create({ data: { neighborhoodId: olivos, kind: 'CUSTOM', name: 'Auditor', grants: ['CUsersRead'] } });
    const { passwordHash } = await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    const auditor = await prisma().user.create({ data: { email: 'auditor@demo.mx', firstName: 'Aurora', passwordHash } });
    await prisma().membership.create({ data: { neighborhoodId: olivos, userId: auditor.id, roleId: readerRole.id } });
    const reader = await t.signIn('auditor@demo.mx');
    const seen = await t.gql(`query($id: ID!) { node(id: $id) { ... on AdministrationUser { email pendingSignup } } }`, { id: node.id }, { token: reader });
    expect(seen.body).toEqual({ data: { node: { email: 'pendiente@demo.mx', pendingSignup: true } } });
    const refused = await t.gql(
      `mutation($input: DeleteAdministrationUserInput!) { deleteAdministrationUser(input: $input) { __typename } }`,
      { input: { id: node.id } },
      { token: reader },
    );
    expect(refused.status).toBe(403);
  });

  it('loads a page with a constant number of SQL statements (no N+1)', async () => {
    const count = async (first: number) => {
      const before = t.app.db.statements();
      const { body } = await t.gql(
        `query($first: Int!) { administrationUsers(first: $first) { totalCount edges { node { id firstName lastName email pendingSignup isViewer role { id name allowCreateForHouseUser } } } } }`,
        { first },
        { token: admin },
      );
      expect(body.data.administrationUsers.edges.length).toBe(Math.min(first, body.data.administrationUsers.totalCount));
      return t.app.db.statements() - before;
    };
    const small = await count(1);
    const large = await count(50);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(5);
  });

  it('answers typed errors, looks people up by e-mail and resends the code', async () => {
    const roles = (await t.gql('{ administrationRoles { id name forHouse } communityRoles(forHouse: true) { name forHouse } }', {}, { token: admin })).body
      .data;
    expect(roles.administrationRoles.every((r: any) => !r.forHouse)).toBe(true);
    expect(roles.communityRoles.map((r: any) => r.forHouse)).toEqual([true, true, true]);
    const security = roles.administrationRoles.find((r: any) => r.name === 'Seguridad').id;
    const bad = await t.gql(
      'mutation($input: CreateAdministrationUserInput!) { createAdministrationUser(input: $input) { __typename ... on InputError { issues { field message } } } }',
      { input: { email: 'no-es-correo', firstName: 'A', roleId: security } },
      { token: admin },
    );
    expect(bad.body.data.createAdministrationUser).toEqual({
      __typename: 'InputError',
      issues: [{ field: 'email', message: 'El correo electrónico no es válido' }],
    });

    const lookup = await t.gql(
      'query($email: String!) { userByEmail(email: $email) { email firstName lastName pendingSignup administrationUser { email } } }',
      { email: ' Seguridad@Demo.mx ' },
      { token: admin },
    );
    expect(lookup.body.data.userByEmail).toEqual({
      email: 'seguridad@demo.mx',
      firstName: 'Samuel',
      lastName: 'Ortiz',
      pendingSignup: false,
      administrationUser: { email: 'seguridad@demo.mx' },
    });
    const nobody = await t.gql('query { a: userByEmail(email: "nadie@demo.mx") { email } b: userByEmail(email: "mal") { email } }', {}, { token: admin });
    expect(nobody.body.data).toEqual({ a: null, b: null });
    expect((await t.gql('query { userByEmail(email: "admin@demo.mx") { email } }', {}, { token: owner })).status).toBe(403);

    const pending = await prisma().membership.findFirstOrThrow({ where: { user: { email: 'pendiente@demo.mx' } } });
    const id = Buffer.from(`AdministrationUser:${pending.id}`).toString('base64');
    const RESEND = `mutation($input: ResendAdministrationSignupCodeInput!) { resendAdministrationSignupCode(input: $input) { __typename
      ... on MutationResendAdministrationSignupCodeSuccess { data { domain administrationUser { email } } } ... on Error { code message } } }`;
    const resent = await t.gql(RESEND, { input: { id } }, { token: admin });
    expect(resent.body.data.resendAdministrationSignupCode.data).toMatchObject({ domain: 'los_olivos', administrationUser: { email: 'pendiente@demo.mx' } });
    for (let i = 0; i < 3; i++) await t.gql(RESEND, { input: { id } }, { token: admin });
    const limited = await t.gql(RESEND, { input: { id } }, { token: admin });
    // Too many e-mails is a rate limit (429), not a conflict.
    expect(limited.body.errors[0]).toMatchObject({
      message: 'Ya enviamos varios correos a pendiente@demo.mx en la última hora. Intenta más tarde',
      extensions: { code: 'RATE_LIMITED', legacyCode: 429 },
    });

    const foreign = Buffer.from(
      `AdministrationUser:${(await membershipOf('admin@demo.mx', (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id))!.id}`,
    ).toString('base64');
    const notFound = await t.gql(
      'mutation($input: DeleteAdministrationUserInput!) { deleteAdministrationUser(input: $input) { __typename ... on Error { message } } }',
      { input: { id: foreign } },
      { token: admin },
    );
    expect(notFound.body.data.deleteAdministrationUser).toEqual({ __typename: 'NotFoundError', message: 'El usuario no existe' });
    expect((await t.gql('query($id: ID!) { node(id: $id) { id } }', { id: foreign }, { token: admin })).body.data.node).toBeNull();
  });
});

describe('sign-up codes stay with their holder', () => {
  it("an administrator of another community who gives a pending person access never learns that person's code", async () => {
    // Iñaki is a pending Seguridad of Los Olivos; the administrator of Torre Azul makes him Administrador there.
    const torre = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const inaki = await prisma().user.findUniqueOrThrow({ where: { email: 'invitado@demo.mx' } });
    const created = await t.rest(
      'POST',
      `/neighborhoods/${torre}/users`,
      { first_name: 'Iñaki', email: 'invitado@demo.mx', id_role: await role('ADMIN', torre) },
      { token: torreAdmin },
    );
    expect(created.status).toBe(201);
    const code = (await prisma().user.findUniqueOrThrow({ where: { id: inaki.id } })).signupCode!;
    expect(code).toBeTruthy();
    const listed = await t.rest('GET', `/neighborhoods/${torre}/users?page_size=100`, undefined, { token: torreAdmin });
    const read = await t.rest('GET', `/neighborhoods/${torre}/users/${created.body.id}`, undefined, { token: torreAdmin });
    const resent = await t.rest('PUT', `/neighborhoods/${torre}/users/${created.body.id}/signup`, {}, { token: torreAdmin });
    expect(resent.body).toEqual({ domain: 'torre_azul', content: 'El email ha sido reenviado' });
    const gqlResend = await t.gql(
      `mutation($input: ResendAdministrationSignupCodeInput!) { resendAdministrationSignupCode(input: $input) { __typename ... on MutationResendAdministrationSignupCodeSuccess { data { code } } } }`,
      { input: { id: Buffer.from(`AdministrationUser:${created.body.id}`).toString('base64') } },
      { token: torreAdmin },
    );
    expect(gqlResend.body.errors[0].message).toContain('Cannot query field "code"');
    for (const answer of [created.body, listed.body, read.body, resent.body]) expect(JSON.stringify(answer)).not.toContain(code);
    // Iñaki belongs to Los Olivos: Torre Azul invites him (pending until he accepts) and its e-mails
    // carry the acceptance link, never his sign-up code.
    expect(await prisma().membership.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ pending: true, active: false });
    const mails = await outboxTo('invitado@demo.mx');
    expect(mails.every((m) => m.to === 'invitado@demo.mx')).toBe(true);
    expect(mails.at(-1)?.text).toContain('/invitations/');
    expect(mails.some((m) => m.text.includes(code))).toBe(false);
  });

  it('a configuration administrator cannot resend the invitation of a pending Administrador', async () => {
    const made = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Nora', email: 'nora.admin@demo.mx', id_role: await role('ADMIN') },
      { token: admin },
    );
    expect(made.status).toBe(201);
    const mails = (await outboxTo('nora.admin@demo.mx')).length;
    const refused = await t.rest('PUT', `/neighborhoods/${olivos}/users/${made.body.id}/signup`, {}, { token: config });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 403, description: 'No puedes asignar ni modificar un rol con permisos de administración que tú no tienes' },
    });
    expect(await outboxTo('nora.admin@demo.mx')).toHaveLength(mails);
    expect((await t.rest('PUT', `/neighborhoods/${olivos}/users/${made.body.id}/signup`, {}, { token: admin })).status).toBe(200);
    await t.rest('DELETE', `/neighborhoods/${olivos}/users/${made.body.id}`, undefined, { token: admin });
  });

  it("counts a role's administration grants of inactive modules: a configuration administrator cannot give them", async () => {
    const before = (await prisma().neighborhood.findUniqueOrThrow({ where: { id: olivos } })).modules;
    await prisma().neighborhood.update({ where: { id: olivos }, data: { modules: before.filter((m) => m !== 'FACTURACION') } });
    try {
      const taxRole = await prisma().role.create({
        data: { neighborhoodId: olivos, kind: 'CUSTOM', name: 'Facturista', grants: ['ATaxRead', 'ATaxUpdate', 'CUsersRead'] },
      });
      const memberships = await prisma().membership.count();
      const refused = await t.rest(
        'POST',
        `/neighborhoods/${olivos}/users`,
        { first_name: 'Fede', email: 'fede@demo.mx', id_role: taxRole.id },
        { token: config },
      );
      expect(refused).toMatchObject({
        status: 403,
        body: { description: 'No puedes asignar ni modificar un rol con permisos de administración que tú no tienes' },
      });
      expect(await prisma().membership.count()).toBe(memberships);
      // The Administrador holds those grants in their role, module on or off.
      expect(
        (await t.rest('POST', `/neighborhoods/${olivos}/users`, { first_name: 'Fede', email: 'fede@demo.mx', id_role: taxRole.id }, { token: admin })).status,
      ).toBe(201);
    } finally {
      await prisma().neighborhood.update({ where: { id: olivos }, data: { modules: before } });
    }
  });
});

describe('simultaneous writes', () => {
  it('two administrators giving the same person access at once create one account; the other gets the Spanish conflict', async () => {
    const { passwordHash } = await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    await prisma().user.create({ data: { email: 'doble@demo.mx', firstName: 'Dora', passwordHash } });
    const securityRole = await role('SECURITY');
    const answers = await Promise.all(
      [admin, config, admin].map((token) =>
        t.rest('POST', `/neighborhoods/${olivos}/users`, { first_name: 'Dora', email: 'doble@demo.mx', id_role: securityRole }, { token }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.description).toBe('Ya existe un usuario de administración con el correo doble@demo.mx');
    expect(await prisma().membership.count({ where: { user: { email: 'doble@demo.mx' }, neighborhoodId: olivos, houseId: null } })).toBe(1);
  });

  it('two corrections of pending invitations to the same new address: one wins, the other gets the Spanish conflict', async () => {
    const securityRole = await role('SECURITY');
    const a = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Alba', email: 'alba.typo@demo.mx', id_role: securityRole },
      { token: admin },
    );
    const b = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Alba', email: 'alba.otro@demo.mx', id_role: securityRole },
      { token: admin },
    );
    const answers = await Promise.all(
      [a, b].map((x) =>
        t.rest('PUT', `/neighborhoods/${olivos}/users/${x.body.id}`, { first_name: 'Alba', email: 'alba@demo.mx', id_role: securityRole }, { token: admin }),
      ),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.body).toEqual({ code: 409, description: 'Ya existe un usuario con el correo alba@demo.mx' });
    expect(await prisma().user.count({ where: { email: 'alba@demo.mx' } })).toBe(1);
  });
});

describe('tenancy and the kernel (issue 8)', () => {
  it('an e-mail of another community is invited: their name is not rewritten nor shown, and the lookup does not reveal them', async () => {
    const torre = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
    const { passwordHash } = await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    const person = await prisma().user.create({
      data: { email: 'tomasa.torre@demo.mx', firstName: 'Tomasa', lastName: 'Quintero', mobile: '5512345678', passwordHash },
    });
    await prisma().membership.create({ data: { neighborhoodId: torre, userId: person.id, roleId: await role('SECURITY', torre) } });
    // The lookup that prefills the form knows nobody outside the community.
    const lookup = await t.gql('query { userByEmail(email: "tomasa.torre@demo.mx") { firstName lastName } }', {}, { token: config });
    expect(lookup.body.data.userByEmail).toBeNull();
    const search = await t.rest('GET', `/neighborhoods/${olivos}/users/search?email=tomasa.torre@demo.mx`, undefined, { token: config });
    expect(search.status).toBe(404);
    // Creating with another name neither rewrites nor reveals theirs.
    const created = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Nombre', last_name: 'Inventado', email: 'tomasa.torre@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ first_name: '', last_name: null, email: 'tomasa.torre@demo.mx', pending_signup: false });
    expect(JSON.stringify(created.body)).not.toContain('Quintero');
    expect(await prisma().user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({
      firstName: 'Tomasa',
      lastName: 'Quintero',
      mobile: '5512345678',
    });
    expect(await prisma().membership.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({ pending: true, active: false });
    const listed = await t.rest('GET', `/neighborhoods/${olivos}/users?search=tomasa`, undefined, { token: config });
    expect(listed.body.content.map((u: any) => [u.email, u.first_name])).toEqual([['tomasa.torre@demo.mx', '']]);
    expect(
      (await t.rest('GET', `/neighborhoods/${olivos}/users?search=Quintero`, undefined, { token: config })).body.content.some(
        (u: any) => u.email === 'tomasa.torre@demo.mx',
      ),
    ).toBe(false);
    // Editing the invitation changes the role only.
    const edited = await t.rest(
      'PUT',
      `/neighborhoods/${olivos}/users/${created.body.id}`,
      { first_name: 'Otra', email: 'otra.direccion@demo.mx', id_role: await role('CONFIG_ADMIN') },
      { token: admin },
    );
    expect(edited.status).toBe(200);
    expect(await prisma().user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ firstName: 'Tomasa', email: 'tomasa.torre@demo.mx' });
    expect((await prisma().membership.findUniqueOrThrow({ where: { id: created.body.id } })).roleId).toBe(await role('CONFIG_ADMIN'));
    const mails = await outboxTo('tomasa.torre@demo.mx');
    expect(mails.at(-1)?.text).toContain('/invitations/');
    expect((await t.rest('DELETE', `/neighborhoods/${olivos}/users/${created.body.id}`, undefined, { token: admin })).body).toEqual({ content: true });
  });

  it('the administrator must verify their e-mail before adding people (403, nothing written)', async () => {
    const adminUser = await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    await prisma().user.update({ where: { id: adminUser.id }, data: { emailVerified: false } });
    try {
      const users = await prisma().user.count();
      const refused = await t.rest(
        'POST',
        `/neighborhoods/${olivos}/users`,
        { first_name: 'Vera', email: 'vera@demo.mx', id_role: await role('SECURITY') },
        { token: admin },
      );
      expect(refused).toMatchObject({ status: 403, body: { code: 403, description: 'Verifica tu correo electrónico antes de registrar personas' } });
      expect(await prisma().user.count()).toBe(users);
      expect(await outboxTo('vera@demo.mx')).toHaveLength(0);
    } finally {
      await prisma().user.update({ where: { id: adminUser.id }, data: { emailVerified: true } });
    }
  });

  it('bounds every string and the search; the same Idempotency-Key creates once with one audit record', async () => {
    const long = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'x'.repeat(8000), email: 'largo@demo.mx', id_role: await role('SECURITY') },
      { token: config },
    );
    expect(long.body).toEqual({ code: 400, description: 'El nombre debe tener como máximo 80 caracteres' });
    const longMail = await t.rest(
      'POST',
      `/neighborhoods/${olivos}/users`,
      { first_name: 'Ana', email: `${'a'.repeat(300)}@demo.mx`, id_role: await role('SECURITY') },
      { token: config },
    );
    expect(longMail.status).toBe(400);
    expect((await t.rest('GET', `/neighborhoods/${olivos}/users?search=${'s'.repeat(8000)}`, undefined, { token: config })).status).toBe(400);
    const headers = { 'idempotency-key': 'alta-admin-ximena' };
    const body = { first_name: 'Ximena', email: 'ximena@demo.mx', id_role: await role('SECURITY') };
    const first = await t.rest('POST', `/neighborhoods/${olivos}/users`, body, { token: config, headers });
    const again = await t.rest('POST', `/neighborhoods/${olivos}/users`, body, { token: config, headers });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await outboxTo('ximena@demo.mx')).toHaveLength(1);
    expect(await prisma().auditLog.count({ where: { entity: 'AdministrationUser', entityId: String(first.body.id), action: 'CREATE' } })).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let config: string;
let admin: string;
let owner: string;
let security: string;
let torreId: number;
let adminId: number;
let treasurerId: number;
/** The demo's own treasurer (tesoreria@demo.mx), its second approver. */
let demoTreasurerId: number;
let invitedId: number;
let torreOnlyId: number;
const SETTINGS = '/neighborhoods/1/settings/expenses';
const CONCEPTS = '/neighborhoods/1/settings/expenses/concepts';
const userGid = (id: number) => Buffer.from(`User:${id}`).toString('base64');

beforeAll(async () => {
  t = await startTestApp();
  [config, admin, owner, security] = await Promise.all(['config@demo.mx', 'admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)));
  const prisma = t.app.db.prisma;
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
  adminId = (await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  demoTreasurerId = (await prisma.user.findUniqueOrThrow({ where: { email: 'tesoreria@demo.mx' } })).id;
  const role = async (neighborhoodId: number, kind: 'ADMIN' | 'SECURITY') => (await prisma.role.findFirstOrThrow({ where: { neighborhoodId, kind } })).id;
  // A second administrator of Los Olivos, one invited who has not accepted, and one of Torre Azul only.
  treasurerId = (
    await prisma.user.create({
      data: {
        email: 'tesoreria.suplente@demo.mx',
        firstName: 'Teresa',
        lastName: 'Núñez',
        memberships: { create: { neighborhoodId: 1, roleId: await role(1, 'ADMIN') } },
      },
    })
  ).id;
  invitedId = (
    await prisma.user.create({
      data: {
        email: 'pendiente@demo.mx',
        firstName: 'Pedro',
        memberships: { create: { neighborhoodId: 1, roleId: await role(1, 'ADMIN'), pending: true, active: false } },
      },
    })
  ).id;
  torreOnlyId = (
    await prisma.user.create({
      data: { email: 'torre@demo.mx', firstName: 'Tomás', memberships: { create: { neighborhoodId: torreId, roleId: await role(torreId, 'ADMIN') } } },
    })
  ).id;
});
afterAll(() => t.close());

const stored = async () => ({
  settings: await t.app.db.prisma.expenseSettings.findMany(),
  approvers: await t.app.db.prisma.expenseApprover.findMany({ orderBy: [{ neighborhoodId: 'asc' }, { userId: 'asc' }] }),
});

describe('expense settings', () => {
  it('reads the demo settings: approval by admin@demo.mx, folios with serie EG, every candidate listed once', async () => {
    const { status, body } = await t.rest('GET', SETTINGS, undefined, { token: config });
    expect(status).toBe(200);
    expect(body).toMatchObject({ required_expense_approval: true, use_folio: true, initial_folio: 1, serie: 'EG', group_initial_folio: 1, group_serie: 'GE' });
    // Administration users whose role holds AExpenses grants: the configuration administrator, the guard,
    // the invited person and Torre Azul's administrator are not candidates.
    // The demo's two approvers (its administrator and its treasurer) and the substitute this test added.
    expect(body.users).toHaveLength(3);
    expect(body.users).toEqual(
      expect.arrayContaining([
        { id: adminId, first_name: 'Adriana', last_name: 'Morales', email: 'admin@demo.mx', role: 'Administrador', checked: true },
        { id: demoTreasurerId, first_name: 'Teresa', last_name: 'Navarro', email: 'tesoreria@demo.mx', role: 'Administrador', checked: true },
        { id: treasurerId, first_name: 'Teresa', last_name: 'Núñez', email: 'tesoreria.suplente@demo.mx', role: 'Administrador', checked: false },
      ]),
    );
    const gql = await t.gql(
      '{ expenseSettings { configured approvers { userId email } approverCandidates { userDatabaseId approver } } }',
      {},
      { token: admin },
    );
    const settings = gql.body.data.expenseSettings;
    expect(settings.configured).toBe(true);
    expect(settings.approvers).toEqual(
      expect.arrayContaining([
        { userId: userGid(adminId), email: 'admin@demo.mx' },
        { userId: userGid(demoTreasurerId), email: 'tesoreria@demo.mx' },
      ]),
    );
    expect(settings.approvers).toHaveLength(2);
    expect(settings.approverCandidates).toEqual(
      expect.arrayContaining([
        { userDatabaseId: adminId, approver: true },
        { userDatabaseId: demoTreasurerId, approver: true },
        { userDatabaseId: treasurerId, approver: false },
      ]),
    );
  });

  it('saves through REST and GraphQL, replacing the approvers, with an audit row each time', async () => {
    const saved = await t.rest(
      'PUT',
      SETTINGS,
      {
        required_expense_approval: true,
        use_folio: true,
        initial_folio: '120',
        serie: 'eg24',
        group_initial_folio: 7,
        group_serie: 'g',
        users: [
          { id: treasurerId, checked: true },
          { id: adminId, checked: false },
        ],
      },
      { token: config },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ initial_folio: 120, serie: 'EG24', group_initial_folio: 7, group_serie: 'G' });
    expect(saved.body.users.map((u: any) => [u.id, u.checked])).toEqual([
      [adminId, false],
      [demoTreasurerId, false],
      [treasurerId, true],
    ]);
    const mutation = `mutation($input: ExpenseSettingsInput!) { updateExpenseSettings(input: $input) { __typename
      ... on MutationUpdateExpenseSettingsSuccess { data { expenseSettings { requiredExpenseApproval useFolio initialFolio serie approvers { userDatabaseId } } } }
      ... on InputError { issues { field message } } } }`;
    const viaGql = await t.gql(
      mutation,
      { input: { requiredExpenseApproval: false, useFolio: false, serie: '', approverIds: [userGid(adminId), userGid(treasurerId), userGid(adminId)] } },
      { token: admin },
    );
    expect(viaGql.body.data.updateExpenseSettings.data.expenseSettings).toEqual({
      requiredExpenseApproval: false,
      useFolio: false,
      initialFolio: 1,
      serie: null,
      approvers: [{ userDatabaseId: adminId }, { userDatabaseId: treasurerId }],
    });
    // A map of id to checked (the legacy list's other shape) and no approvers when approval is off.
    const map = await t.rest('PUT', SETTINGS, { required_expense_approval: false, users: { [adminId]: true, [treasurerId]: false } }, { token: config });
    expect(map.body.users.map((u: any) => u.checked)).toEqual([true, false, false]);
    const audit = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'ExpenseSettings', entityId: '1' }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['UPDATE', 'UPDATE', 'UPDATE']);
    expect((audit[0].data as any).to).toMatchObject({ serie: 'EG24', approverIds: [treasurerId] });
    expect((audit[0].data as any).from).toMatchObject({ serie: 'EG', approverIds: [adminId, demoTreasurerId] });
  });

  it('refuses approvers who are not active expense administrators of this community, and approval without approvers; nothing saved', async () => {
    const before = await stored();
    const configId = (await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'config@demo.mx' } })).id;
    const ownerId = (await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } })).id;
    for (const id of [torreOnlyId, configId, ownerId, invitedId, 999999]) {
      const answer = await t.rest('PUT', SETTINGS, { required_expense_approval: true, users: [adminId, id] }, { token: config });
      expect(answer.body, String(id)).toEqual({
        code: 400,
        description: 'Solo un administrador activo de la comunidad con permisos de egresos puede aprobar egresos',
      });
    }
    const none = await t.rest('PUT', SETTINGS, { required_expense_approval: true, users: [] }, { token: config });
    expect(none.body).toEqual({ code: 400, description: 'Elige al menos un aprobador para requerir la aprobación de egresos' });
    const typed = await t.gql(
      `mutation($input: ExpenseSettingsInput!) { updateExpenseSettings(input: $input) { __typename ... on InputError { issues { field message } } } }`,
      { input: { requiredExpenseApproval: true, initialFolio: 0, serie: 'E G', groupSerie: 'ABCDEFGHIJK', approverIds: [] } },
      { token: config },
    );
    expect(typed.body.data.updateExpenseSettings).toEqual({
      __typename: 'InputError',
      issues: [
        { field: 'initialFolio', message: 'El folio inicial debe ser un número entero mayor o igual a 1' },
        { field: 'serie', message: 'La serie debe tener como máximo 10 letras o números, sin espacios' },
        { field: 'groupSerie', message: 'La serie debe tener como máximo 10 letras o números, sin espacios' },
      ],
    });
    const badFolio = await t.rest('PUT', SETTINGS, { initial_folio: 'uno' }, { token: config });
    expect(badFolio.status).toBe(400);
    expect(badFolio.body.description).toContain('initial_folio');
    const negative = await t.rest('PUT', SETTINGS, { group_initial_folio: -3 }, { token: config });
    expect(negative.body).toEqual({ code: 400, description: 'El folio inicial de los grupos debe ser un número entero mayor o igual a 1' });
    // Torre Azul's settings are its own: the same administrator there cannot name Los Olivos' treasurer.
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const cross = await t.rest('PUT', `/neighborhoods/${torreId}/settings/expenses`, { users: [treasurerId] }, { token: torreAdmin });
    expect(cross.body).toEqual({ code: 400, description: 'Solo un administrador activo de la comunidad con permisos de egresos puede aprobar egresos' });
    expect((await t.rest('PUT', `/neighborhoods/${torreId}/settings/expenses`, { users: [] }, { token: config })).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses the owner and the security guard (403)', async () => {
    const before = await stored();
    for (const token of [owner, security]) {
      expect((await t.rest('GET', SETTINGS, undefined, { token })).status).toBe(403);
      expect((await t.rest('PUT', SETTINGS, { users: [] }, { token })).status).toBe(403);
      const gql = await t.gql('{ expenseSettings { serie } }', {}, { token });
      expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect(await stored()).toEqual(before);
  });
});

describe('expense concepts', () => {
  const concepts = () => t.app.db.prisma.expenseConcept.findMany({ orderBy: { id: 'asc' } });

  it('lists the demo concepts and creates, reads, updates and deletes (kept, hidden), with audit rows', async () => {
    const list = await t.rest('GET', `${CONCEPTS}?page_size=50`, undefined, { token: config });
    expect(list.body.content.map((c: any) => c.concept)).toEqual([
      'Agua',
      'Energía eléctrica',
      'Jardinería',
      'Limpieza',
      'Mantenimiento de áreas comunes',
      'Vigilancia',
    ]);
    expect(list.body.content[5]).toMatchObject({ internal_id: 'EG-VIG' });
    const created = await t.rest('POST', CONCEPTS, { concept: ' Fumigación ', internal_id: ' EG-FUM ' }, { token: config });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: created.body.id, concept: 'Fumigación', internal_id: 'EG-FUM' });
    const id = created.body.id;
    expect((await t.rest('GET', `${CONCEPTS}/${id}`, undefined, { token: config })).body).toEqual(created.body);
    const updated = await t.rest('PUT', `${CONCEPTS}/${id}`, { concept: 'Fumigación y control de plagas', internal_id: '' }, { token: config });
    expect(updated.body).toEqual({ id, concept: 'Fumigación y control de plagas', internal_id: null });
    expect((await t.rest('GET', `${CONCEPTS}?concept=plagas`, undefined, { token: config })).body.total).toBe(1);
    expect((await t.rest('GET', `${CONCEPTS}?concept=eg-vig`, undefined, { token: config })).body.content[0].concept).toBe('Vigilancia');
    expect((await t.rest('DELETE', `${CONCEPTS}/${id}`, undefined, { token: config })).body).toEqual({ content: true });
    expect((await t.rest('GET', `${CONCEPTS}/${id}`, undefined, { token: config })).status).toBe(404);
    expect((await t.app.db.prisma.expenseConcept.findUniqueOrThrow({ where: { id } })).deletedAt).not.toBeNull();
    const audit = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'ExpenseConcept', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('keeps internal ids and names unique in the community (one of two simultaneous twins wins)', async () => {
    const duplicate = await t.rest('POST', CONCEPTS, { concept: 'Seguridad privada', internal_id: 'eg-vig' }, { token: config });
    expect(duplicate.body).toEqual({ code: 409, description: 'El identificador interno eg-vig ya es del concepto Vigilancia' });
    const named = await t.rest('POST', CONCEPTS, { concept: 'VIGILANCIA' }, { token: config });
    expect(named.body).toEqual({ code: 409, description: 'Ya existe un concepto de egreso llamado VIGILANCIA' });
    const twins = await Promise.all(
      ['Poda de árboles', 'Poda de palmeras'].map((concept) => t.rest('POST', CONCEPTS, { concept, internal_id: 'EG-PODA' }, { token: config })),
    );
    expect(twins.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.app.db.prisma.expenseConcept.count({ where: { neighborhoodId: 1, internalId: 'EG-PODA' } })).toBe(1);
    // Another community may use the same internal id; a concept keeps its own on update.
    const torre = await t.app.db.prisma.expenseConcept.create({ data: { neighborhoodId: torreId, concept: 'Elevadores', internalId: 'EG-VIG' } });
    const vig = await t.app.db.prisma.expenseConcept.findFirstOrThrow({ where: { neighborhoodId: 1, internalId: 'EG-VIG' } });
    expect((await t.rest('PUT', `${CONCEPTS}/${vig.id}`, { concept: 'Vigilancia 24 h', internal_id: 'EG-VIG' }, { token: config })).status).toBe(200);
    expect((await t.app.db.prisma.expenseConcept.findUniqueOrThrow({ where: { id: torre.id } })).concept).toBe('Elevadores');
  });

  it('refuses bad input, other roles and another community’s concepts, changing nothing', async () => {
    const foreign = await t.app.db.prisma.expenseConcept.create({ data: { neighborhoodId: torreId, concept: 'Cisterna', internalId: 'T-01' } });
    const own = await t.app.db.prisma.expenseConcept.findFirstOrThrow({ where: { neighborhoodId: 1, concept: 'Agua' } });
    const before = await concepts();
    expect((await t.rest('POST', CONCEPTS, { concept: '  ' }, { token: config })).body).toEqual({ code: 400, description: 'El concepto es requerido' });
    expect((await t.rest('POST', CONCEPTS, {}, { token: config })).body).toEqual({ code: 400, description: 'El campo concept es requerido' });
    expect((await t.rest('POST', CONCEPTS, { concept: 'X', internal_id: 'x'.repeat(41) }, { token: config })).body).toEqual({
      code: 400,
      description: 'El identificador interno debe tener como máximo 40 caracteres',
    });
    expect((await t.rest('GET', `${CONCEPTS}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PUT', `${CONCEPTS}/${foreign.id}`, { concept: 'Hackeado' }, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `${CONCEPTS}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/${torreId}/settings/expenses/concepts`, undefined, { token: config })).status).toBe(404);
    for (const token of [owner, security]) {
      expect((await t.rest('GET', CONCEPTS, undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', CONCEPTS, { concept: 'Intruso' }, { token })).status).toBe(403);
      expect((await t.rest('PUT', `${CONCEPTS}/${own.id}`, { concept: 'Intruso' }, { token })).status).toBe(403);
      expect((await t.rest('DELETE', `${CONCEPTS}/${own.id}`, undefined, { token })).status).toBe(403);
    }
    const typed = await t.gql(
      'mutation($input: CreateExpenseConceptInput!) { createExpenseConcept(input: $input) { __typename ... on InputError { issues { field message } } } }',
      { input: { concept: '', internalId: 'y'.repeat(50) } },
      { token: config },
    );
    expect(typed.body.data.createExpenseConcept.issues).toEqual([
      { field: 'concept', message: 'El concepto es requerido' },
      { field: 'internalId', message: 'El identificador interno debe tener como máximo 40 caracteres' },
    ]);
    expect(await concepts()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let config: string;
let owner: string;
let resident: string;
let security: string;
let adminId: number;
let torreId: number;
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const GROUP = '/neighborhoods/1/expenses-group';
const CREATE = `mutation($input: CreateExpenseGroupInput!) { createExpenseGroup(input: $input) { __typename
  ... on Error { code message } ... on InputError { issues { field message } }
  ... on MutationCreateExpenseGroupSuccess { data { affectedExpenses expenseIds group { databaseId serie folio comment expenseCount } } } } }`;

beforeAll(async () => {
  t = await startTestApp();
  [admin, config, owner, resident, security] = await Promise.all(
    ['admin@demo.mx', 'config@demo.mx', 'propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)),
  );
  const prisma = t.app.db.prisma;
  adminId = (await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } })).id;
  torreId = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

/** An expense written straight to the table (the expenses domain owns the real writes). */
async function expense(status: string = 'NEW', neighborhoodId = 1) {
  const row = await t.app.db.prisma.expense.create({
    data: { neighborhoodId, status: status as never, operationDate: new Date('2026-11-01'), subtotal: '100.00', total: '100.00', createdByUserId: adminId },
  });
  return row.id;
}

const groupCount = () => t.app.db.prisma.expenseGroup.count();

describe('expense groups', () => {
  it('proposes the next folio of the settings serie and groups expenses over REST', async () => {
    const settings = await t.app.db.prisma.expenseSettings.findUnique({ where: { neighborhoodId: 1 } });
    const serie = settings?.groupSerie ?? null;
    const next = await t.rest('GET', `${GROUP}/folio`, undefined, { token: admin });
    expect(next.status).toBe(200);
    const max = await t.app.db.prisma.expenseGroup.aggregate({ where: { neighborhoodId: 1, serie }, _max: { folio: true } });
    expect(next.body).toEqual({ serie, folio: Math.max(settings?.groupInitialFolio ?? 1, (max._max.folio ?? 0) + 1) });

    const ids = [await expense('NEW'), await expense('APPROVED'), await expense('PAID')];
    const created = await t.rest(
      'POST',
      GROUP,
      { expenses: ids, folio: next.body.folio, serie: next.body.serie, comment: 'Mantenimiento de noviembre' },
      { token: admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ group: { serie, folio: next.body.folio, comment: 'Mantenimiento de noviembre' }, affected_expenses: 3 });
    const grouped = await t.app.db.prisma.expense.findMany({ where: { id: { in: ids } } });
    expect(grouped.every((e) => e.groupId === created.body.group.id)).toBe(true);
    // Each expense's log names the group.
    const log = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'Expense', entityId: { in: ids.map(String) }, action: 'GROUP' } });
    expect(log).toHaveLength(3);
    const after = await t.rest('GET', `${GROUP}/folio`, undefined, { token: admin });
    expect(after.body.folio).toBe(next.body.folio + 1);
  });

  it('groups through GraphQL with the default folio and serie', async () => {
    const ids = [await expense('EDITED'), await expense('INVOICE')];
    const next = (await t.gql('{ nextExpenseGroupFolio { serie folio } }', {}, { token: admin })).body.data.nextExpenseGroupFolio;
    const { body } = await t.gql(CREATE, { input: { expenseIds: ids.map((id) => gid('Expense', id)) } }, { token: admin });
    expect(body.data.createExpenseGroup.data).toMatchObject({
      affectedExpenses: 2,
      expenseIds: ids.map((id) => gid('Expense', id)),
      group: { serie: next.serie, folio: next.folio, comment: null, expenseCount: 2 },
    });
  });

  it('refuses deleted, rejected, already grouped, too few, and other communities’ expenses; nothing is written', async () => {
    const before = await groupCount();
    const fresh = await expense('NEW');
    const deleted = await expense('DELETED');
    const rejected = await expense('REJECTED');
    const torre = await expense('NEW', torreId);
    const grouped = await expense('NEW');
    const g = await t.rest('POST', GROUP, { expenses: [grouped, await expense('NEW')], folio: 900, serie: 'T' }, { token: admin });
    expect(g.status).toBe(201);
    const groupsNow = await groupCount();
    const cases: [unknown, number, RegExp][] = [
      [{ expenses: [fresh, deleted], folio: 901 }, 409, /eliminado/],
      [{ expenses: [fresh, rejected], folio: 901 }, 409, /rechazado/],
      [{ expenses: [fresh, grouped], folio: 901 }, 409, /ya pertenece a un grupo/],
      [{ expenses: [fresh], folio: 901 }, 400, /al menos 2/],
      [{ expenses: [fresh, fresh], folio: 901 }, 400, /al menos 2/],
      [{ expenses: [fresh, torre], folio: 901 }, 404, /no existe/],
      [{ expenses: [fresh, 2_000_000_000], folio: 901 }, 404, /no existe/],
      [{ expenses: [fresh, -1], folio: 901 }, 400, /./],
      [{ expenses: [fresh, grouped], folio: 0 }, 400, /folio/],
      [{ expenses: [fresh, grouped], folio: 1.5 }, 400, /folio/],
      [{ expenses: [fresh, grouped], folio: 901, serie: 'A B' }, 400, /serie/],
      [{ expenses: [fresh, grouped], folio: 901, comment: 'a\u0000b' }, 400, /no permitidos/],
      [{ expenses: [fresh, grouped], folio: 901, comment: 'x'.repeat(10_001) }, 400, /./],
      [{ expenses: 'todos' }, 400, /./],
      [{ expenses: [fresh, await expense('NEW')], folio: 900, serie: 't' }, 409, /folio T-900 ya es de otro grupo/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await t.rest('POST', GROUP, body, { token: admin });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(answer.body.description).toMatch(message);
    }
    expect(await groupCount()).toBe(groupsNow);
    expect(groupsNow).toBe(before + 1);
    expect((await t.app.db.prisma.expense.findUniqueOrThrow({ where: { id: fresh } })).groupId).toBeNull();
    expect((await t.app.db.prisma.expense.findUniqueOrThrow({ where: { id: torre } })).groupId).toBeNull();
  });

  it('two concurrent groups with one folio: one wins, the other gets a 409', async () => {
    const a = [await expense('NEW'), await expense('NEW')];
    const b = [await expense('NEW'), await expense('NEW')];
    const answers = await Promise.all([a, b].map((expenses) => t.rest('POST', GROUP, { expenses, folio: 777, serie: 'CC' }, { token: admin })));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(await t.app.db.prisma.expenseGroup.count({ where: { neighborhoodId: 1, serie: 'CC', folio: 777 } })).toBe(1);
    // The same expenses twice at once: one group, one conflict.
    const c = [await expense('NEW'), await expense('NEW')];
    const twice = await Promise.all([1, 2].map((i) => t.rest('POST', GROUP, { expenses: c, folio: 780 + i, serie: 'CC' }, { token: admin })));
    expect(twice.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(new Set((await t.app.db.prisma.expense.findMany({ where: { id: { in: c } } })).map((e) => e.groupId)).size).toBe(1);
  });

  it('refuses roles without the grants', async () => {
    const before = await groupCount();
    const ids = [await expense('NEW'), await expense('NEW')];
    for (const token of [config, owner, resident, security]) {
      expect((await t.rest('GET', `${GROUP}/folio`, undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', GROUP, { expenses: ids, folio: 950 }, { token })).status).toBe(403);
      const gql = await t.gql(CREATE, { input: { expenseIds: ids.map((id) => gid('Expense', id)) } }, { token });
      expect(gql.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await groupCount()).toBe(before);
  });
});

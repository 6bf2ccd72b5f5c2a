import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let config: string;
let olivos: number;
let torre: number;
const BASE = () => `/neighborhoods/${olivos}/settings/revision-points`;

const DAYS_OFF = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
const point = (overrides: Record<string, unknown> = {}) => ({
  name: 'Caseta norte',
  active_from: '2025-03-01',
  active_until: '2025-12-31',
  minutes: 30,
  rules: [
    { start_hour: '08:00', end_hour: '12:00', monday: true, wednesday: true, friday: true },
    { start_hour: '16:00', end_hour: '18:30', tuesday: true, thursday: true },
  ],
  ...overrides,
});

async function snapshot() {
  return JSON.stringify(await t.app.db.prisma.revisionPoint.findMany({ orderBy: { id: 'asc' } }));
}

beforeAll(async () => {
  t = await startTestApp();
  config = await t.signIn('config@demo.mx');
  olivos = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torre = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

describe('revision points through REST', () => {
  it('lists the demo point, creates one with two rules, reads, updates and deletes it, auditing each write', async () => {
    const list = await t.rest('GET', BASE(), undefined, { token: config });
    expect(list.body.total).toBe(1);
    expect(list.body.content[0]).toMatchObject({
      name: 'Caseta principal',
      active_from: '2025-01-01',
      active_until: null,
      minutes: 20,
      rules: [
        { start_hour: '09:00', end_hour: '14:00', monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false },
        { start_hour: '09:00', end_hour: '12:00', ...DAYS_OFF, saturday: true },
      ],
    });
    expect(list.body.content[0].schedules.rules).toEqual(list.body.content[0].rules);

    const created = await t.rest('POST', BASE(), point({ name: '  Caseta norte ' }), { token: config });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Caseta norte',
      active_from: '2025-03-01',
      active_until: '2025-12-31',
      minutes: 30,
      rules: [
        { ...DAYS_OFF, start_hour: '08:00', end_hour: '12:00', monday: true, wednesday: true, friday: true },
        { ...DAYS_OFF, start_hour: '16:00', end_hour: '18:30', tuesday: true, thursday: true },
      ],
    });
    const id = created.body.id;
    expect((await t.rest('GET', `${BASE()}/${id}`, undefined, { token: config })).body).toEqual(created.body);
    // Legacy clients may send the schedule as schedules.rules and hours with seconds.
    const updated = await t.rest(
      'PUT',
      `${BASE()}/${id}`,
      {
        name: 'Caseta norte',
        active_from: '2025-03-01',
        active_until: null,
        minutes: '15',
        schedules: { rules: [{ start_hour: '10:00:00', end_hour: '11:00:00', sunday: true }] },
      },
      { token: config },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ active_until: null, minutes: 15, rules: [{ ...DAYS_OFF, start_hour: '10:00', end_hour: '11:00', sunday: true }] });
    const paged = await t.rest('GET', `${BASE()}?page_size=1&offset=1`, undefined, { token: config });
    expect(paged.body.total).toBe(2);
    expect(paged.body.content.map((p: any) => p.name)).toEqual(['Caseta principal']);
    expect((await t.rest('GET', `${BASE()}?name=NORTE`, undefined, { token: config })).body.content.map((p: any) => p.name)).toEqual(['Caseta norte']);
    expect((await t.rest('DELETE', `${BASE()}/${id}`, undefined, { token: config })).body).toEqual({ content: true });
    expect((await t.rest('GET', `${BASE()}/${id}`, undefined, { token: config })).status).toBe(404);
    const audits = await t.app.db.prisma.auditLog.findMany({ where: { entity: 'RevisionPoint', entityId: String(id) }, orderBy: { id: 'asc' } });
    expect(audits.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect((audits[1].data as any).from.minutes).toBe(30);
  });

  it('refuses bad input with 400 and Spanish messages, and duplicate names with 409, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, 'El nombre del punto de revisión es requerido'],
      [{ active_from: null }, 'La fecha de inicio es requerida'],
      [{ active_from: '2025-02-30' }, 'La fecha debe tener el formato AAAA-MM-DD'],
      [{ active_until: '2025-01-01' }, 'La fecha de fin no puede ser anterior a la fecha de inicio'],
      [{ minutes: 4 }, 'La duración de cada cita debe ser de 5 a 480 minutos'],
      [{ minutes: 481 }, 'La duración de cada cita debe ser de 5 a 480 minutos'],
      [{ rules: [] }, 'Agrega al menos un horario'],
      [{ rules: [{ start_hour: '09:00', end_hour: '10:00' }] }, 'Elige al menos un día para este horario'],
      [{ rules: [{ start_hour: '12:00', end_hour: '10:00', monday: true }] }, 'La hora final debe ser posterior a la hora inicial'],
      [{ rules: [{ start_hour: '9am', end_hour: '10:00', monday: true }] }, 'La hora debe tener el formato HH:mm (de 00:00 a 23:59)'],
      [
        {
          rules: [
            { start_hour: '09:00', end_hour: '12:00', monday: true },
            { start_hour: '11:00', end_hour: '13:00', monday: true },
          ],
        },
        'Este horario se traslapa con el horario 1',
      ],
      [{ name: 'x'.repeat(5000) }, 'El nombre del punto de revisión debe tener como máximo 120 caracteres'],
    ];
    for (const [override, message] of cases) {
      const answer = await t.rest('POST', BASE(), point(override), { token: config });
      expect(answer.status, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(answer.body.description).toBe(message);
    }
    expect((await t.rest('POST', BASE(), point({ name: 'a\u0000b' }), { token: config })).status).toBe(400);
    const duplicate = await t.rest('POST', BASE(), point({ name: 'caseta PRINCIPAL' }), { token: config });
    expect(duplicate.body).toEqual({ code: 409, description: 'Ya existe un punto de revisión llamado caseta PRINCIPAL' });
    expect(await snapshot()).toBe(before);
  });

  it('the list PUT creates and updates in one write, all or nothing', async () => {
    const demo = (await t.rest('GET', BASE(), undefined, { token: config })).body.content[0];
    const before = await snapshot();
    // One bad entry: nothing is written.
    const bad = await t.rest('PUT', BASE(), [{ ...demo, minutes: 25 }, point({ rules: [{ start_hour: '09:00', end_hour: '10:00' }] })], { token: config });
    expect(bad.body).toEqual({ code: 400, description: 'Elige al menos un día para este horario' });
    const foreign = await t.app.db.prisma.revisionPoint.create({
      data: { neighborhoodId: torre, name: 'Ajena', activeFrom: new Date('2025-01-01'), minutes: 10, rules: [] },
    });
    const foreignAnswer = await t.rest(
      'PUT',
      BASE(),
      [
        { ...demo, minutes: 25 },
        { ...point(), id: foreign.id },
      ],
      { token: config },
    );
    expect(foreignAnswer.body).toEqual({ code: 404, description: 'El punto de revisión no existe' });
    expect(await t.app.db.prisma.revisionPoint.count({ where: { neighborhoodId: olivos } })).toBe(1);
    expect((await t.app.db.prisma.revisionPoint.findUniqueOrThrow({ where: { id: demo.id } })).minutes).toBe(20);
    expect((await t.app.db.prisma.revisionPoint.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe('Ajena');
    expect(await snapshot()).not.toBe(before); // only the foreign row added above
    const saved = await t.rest('PUT', BASE(), { content: [{ ...demo, minutes: 25 }, point({ name: 'Caseta sur' })] }, { token: config });
    expect(saved.status).toBe(200);
    expect(saved.body.total).toBe(2);
    expect(saved.body.content.map((p: any) => [p.name, p.minutes])).toEqual([
      ['Caseta principal', 25],
      ['Caseta sur', 30],
    ]);
    const list = await t.rest('GET', BASE(), undefined, { token: config });
    expect(list.body.total).toBe(2);
    await t.rest('DELETE', `${BASE()}/${saved.body.content[1].id}`, undefined, { token: config });
    await t.app.db.prisma.revisionPoint.delete({ where: { id: foreign.id } });
  });

  it('never reaches another community, other roles, or a community without ACCESO_VEHICULAR', async () => {
    const foreign = await t.app.db.prisma.revisionPoint.create({
      data: { neighborhoodId: torre, name: 'Pluma Torre', activeFrom: new Date('2025-01-01'), minutes: 10, rules: [] },
    });
    const before = await snapshot();
    expect((await t.rest('GET', `${BASE()}/${foreign.id}`, undefined, { token: config })).status).toBe(404);
    expect((await t.rest('PUT', `${BASE()}/${foreign.id}`, point(), { token: config })).status).toBe(404);
    expect((await t.rest('DELETE', `${BASE()}/${foreign.id}`, undefined, { token: config })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/${torre}/settings/revision-points`, undefined, { token: config })).status).toBe(404);
    for (const email of ['propietario@demo.mx', 'seguridad@demo.mx']) {
      const token = await t.signIn(email);
      expect((await t.rest('GET', BASE(), undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', BASE(), point(), { token })).status).toBe(403);
    }
    // Torre Azul has no ACCESO_VEHICULAR: its administrator holds none of the grants.
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const torreBase = `/neighborhoods/${torre}/settings/revision-points`;
    expect((await t.rest('GET', torreBase, undefined, { token: torreAdmin })).status).toBe(403);
    expect((await t.rest('POST', torreBase, point(), { token: torreAdmin })).status).toBe(403);
    expect((await t.rest('DELETE', `${torreBase}/${foreign.id}`, undefined, { token: torreAdmin })).status).toBe(403);
    const gql = await t.gql('{ revisionPoints { totalCount } }', {}, { token: torreAdmin });
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await snapshot()).toBe(before);
    await t.app.db.prisma.revisionPoint.delete({ where: { id: foreign.id } });
  });
});

describe('revision points through GraphQL', () => {
  it('answers typed errors under their rule fields and creates idempotently', async () => {
    const { body } = await t.gql(
      `mutation($input: CreateRevisionPointInput!) { createRevisionPoint(input: $input) { __typename ... on InputError { issues { field message } } } }`,
      { input: { revisionPoint: { name: 'Caseta', activeFrom: '2025-01-01', minutes: 20, rules: [{ startHour: '09:00', endHour: '10:00' }] } } },
      { token: config },
    );
    expect(body.data.createRevisionPoint).toEqual({
      __typename: 'InputError',
      issues: [{ field: 'rules.0.days', message: 'Elige al menos un día para este horario' }],
    });
    const create = () =>
      t.gql(
        `mutation($input: CreateRevisionPointInput!) { createRevisionPoint(input: $input) { __typename ... on MutationCreateRevisionPointSuccess { data { revisionPoint { id databaseId activeFrom rules { monday } } } } } }`,
        {
          input: {
            idempotencyKey: 'rp-1',
            revisionPoint: { name: 'Caseta poniente', activeFrom: '2025-01-01', minutes: 20, rules: [{ startHour: '09:00', endHour: '10:00', monday: true }] },
          },
        },
        { token: config },
      );
    const [first, second] = [await create(), await create()];
    expect(first.body.data.createRevisionPoint.data.revisionPoint).toEqual(second.body.data.createRevisionPoint.data.revisionPoint);
    expect(first.body.data.createRevisionPoint.data.revisionPoint.activeFrom).toBe('2025-01-01');
    expect(await t.app.db.prisma.revisionPoint.count({ where: { name: 'Caseta poniente' } })).toBe(1);
  });
});

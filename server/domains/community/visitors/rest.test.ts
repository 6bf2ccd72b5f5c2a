// The legacy /api/1.0 visitor routes through the real REST handler on a real database: the house's,
// community's and security's lists with filters and paging, create/save/delete with the community's rules,
// the gate's entry and departure, the log, coming visitors, the settings, the XLS and the public pass.
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../../core/receipts.js';
import { BASE, startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { XLSX_CONTENT_TYPE } from '../../../infra/xlsx/streamingWorkbook.js';

let t: TestApp;
let n: number;
let admin: string;
let owner: string;
let resident: string;
let security: string;
let ownHouse: number;
let otherHouse: number;
let today: string;
let V: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function flags(data: Record<string, boolean>) {
  await t.app.db.prisma.neighborhood.update({ where: { id: n }, data });
}

async function create(token: string, body: Record<string, unknown>) {
  return t.rest('POST', V, { entry_date: today, ...body }, { token });
}

async function created(token: string, body: Record<string, unknown>) {
  const r = await create(token, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  n = olivos.id;
  V = `/neighborhoods/${n}/visitors`;
  // Grants are filtered by the active modules at sign-in: VISITAS on first.
  if (!olivos.modules.includes('VISITAS')) await prisma.neighborhood.update({ where: { id: n }, data: { modules: [...olivos.modules, 'VISITAS'] } });
  await flags({
    visitorAllowAdminSeeAll: true,
    visitorAllowPermanent: false,
    visitorPictureRequired: false,
    visitorEmailRequired: false,
    visitorReasonRequired: false,
    visitorRequireVehicleInfo: false,
    visitorArrivalEmail: false,
  });
  today = todayIn(olivos.timeZone);
  const own = await prisma.membership.findFirstOrThrow({ where: { neighborhoodId: n, user: { email: 'propietario@demo.mx' } } });
  ownHouse = own.houseId!;
  otherHouse = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: n, status: 'ACTIVE', id: { not: ownHouse } }, orderBy: { id: 'desc' } })).id;
  [admin, owner, resident, security] = await Promise.all(
    ['admin@demo.mx', 'propietario@demo.mx', 'residente@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)),
  );
});
afterAll(() => t?.close());

describe('visitors REST: registration by a house', () => {
  it('an owner registers a visitor for the own house; others’ visitors stay out of reach', async () => {
    const v = await created(owner, { name: 'Luis Pérez Gómez', entrance_type: 'DRIVING', vehicle: 'Tsuru blanco', vehicle_plate: 'abc 123', reason: 'Comida' });
    expect(v.message).toBe('La visita ha sido registrada');
    expect(v.reference).toMatch(/^[A-HJ-KMNP-Z2-9]{10}$/);
    expect(v).toMatchObject({
      id_neighborhood: n,
      id_house: ownHouse,
      house: { id: ownHouse },
      id_inner_neighborhood: null,
      visitor_type: 'OCCASIONAL',
      entrance_type: 'DRIVING',
      vehicle: 'Tsuru blanco',
      vehicle_plate: 'ABC 123',
      entry_date: today,
      photo_url: null,
      monday: true,
      sunday: true,
      all_days: true,
      has_days: true,
      inside: false,
      origin: 'HOUSE',
      owner_name: 'Patricia Ruiz',
    });
    const one = await t.rest('GET', `${V}/${v.id}`, undefined, { token: owner });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: v.id, reference: v.reference, name: 'Luis Pérez Gómez' });
    // The house's list has it; a resident of the same house sees it too.
    const mine = await t.rest('GET', `/neighborhoods/${n}/houses/${ownHouse}/visitors?name=Luis%20P%C3%A9rez`, undefined, { token: resident });
    expect(mine.status).toBe(200);
    expect(mine.body.content.map((x: any) => x.id)).toContain(v.id);

    // Another house: its list is refused, its visitors do not exist for this owner, nor may the owner register one for it.
    expect((await t.rest('GET', `/neighborhoods/${n}/houses/${otherHouse}/visitors`, undefined, { token: owner })).status).toBe(403);
    const foreign = await created(admin, { name: 'Visita Ajena', id_house: otherHouse });
    expect(foreign.id_house).toBe(otherHouse);
    expect(await t.rest('GET', `${V}/${foreign.id}`, undefined, { token: owner })).toMatchObject({
      status: 404,
      body: { code: 404, description: 'La visita no existe' },
    });
    expect((await t.rest('PUT', `${V}/${foreign.id}`, { name: 'Otro', entry_date: today }, { token: owner })).status).toBe(404);
    expect((await create(owner, { name: 'Intruso', id_house: otherHouse })).status).toBe(403);
    // The community's list is the administration's.
    expect((await t.rest('GET', V, undefined, { token: owner })).status).toBe(403);
  });

  it('saves an edit and answers the settings with the upload block', async () => {
    const v = await created(owner, { name: 'Carmen Soto' });
    const saved = await t.rest(
      'PUT',
      `${V}/${v.id}`,
      { name: 'Carmen Soto Ruiz', entry_date: today, entry_hour: '9', entry_minute: 30, saturday: false },
      { token: owner },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'La visita ha sido actualizada',
      name: 'Carmen Soto Ruiz',
      entry_hour: 9,
      entry_minute: 30,
      saturday: false,
      all_days: false,
    });
    expect(saved.body.allowed_days).toBe('lunes, martes, miércoles, jueves, viernes, domingo');

    const settings = await t.rest('GET', `${V}/settings`, undefined, { token: owner });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      visitor_picture_required: false,
      visitor_allow_permanent: false,
      s3_upload: { endpoint: '/api/1.0/files', method: 'POST', field: 'file', max_size: 10 * 1024 * 1024 },
    });
    expect(settings.body.s3_upload.types).toContain('image/png');
    // The administration may always register permanent visitors.
    expect((await t.rest('GET', `${V}/settings`, undefined, { token: admin })).body.visitor_allow_permanent).toBe(true);
  });

  it('WALKING clears the vehicle and plate; PERMANENT is OCCASIONAL for a house unless the community allows it', async () => {
    const walking = await created(owner, { name: 'Ana Caminante', entrance_type: 'WALKING', vehicle: 'Jetta', vehicle_plate: 'XYZ-987' });
    expect(walking).toMatchObject({ entrance_type: 'WALKING', vehicle: null, vehicle_plate: null });

    expect((await created(owner, { name: 'Jardinero Uno', visitor_type: 'PERMANENT' })).visitor_type).toBe('OCCASIONAL');
    expect((await created(admin, { name: 'Jardinero Dos', visitor_type: 'PERMANENT', id_house: ownHouse })).visitor_type).toBe('PERMANENT');
    await flags({ visitorAllowPermanent: true });
    try {
      expect((await created(owner, { name: 'Jardinero Tres', visitor_type: 'permanent' })).visitor_type).toBe('PERMANENT');
    } finally {
      await flags({ visitorAllowPermanent: false });
    }
  });

  it('asks for the photo when the community requires it, and takes an uploaded file by id or by its link', async () => {
    await flags({ visitorPictureRequired: true });
    try {
      const before = await t.app.db.prisma.visitor.count();
      expect(await create(owner, { name: 'Sin Foto' })).toMatchObject({ status: 400, body: { code: 400, description: 'La foto es requerida' } });
      expect(await t.app.db.prisma.visitor.count()).toBe(before);

      const form = new FormData();
      form.append('file', new File([PNG], 'foto.png', { type: 'image/png' }));
      const upload = await t.app.fetch(
        new Request(`${BASE}/api/1.0/files`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, 'x-forwarded-for': '10.0.0.1' }, body: form }),
      );
      expect(upload.status).toBe(201);
      const file = (await upload.json()) as { id: string };
      const byLink = await created(owner, { name: 'Con Foto', photo: `/api/1.0/files/${file.id}` });
      expect(byLink.photo_url).toBe(`/api/1.0/files/${file.id}`);
      // The security guard sees the photo at the gate.
      const photo = await t.app.fetch(new Request(`${BASE}${byLink.photo_url}`, { headers: { authorization: `Bearer ${security}` } }));
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/png');
      // Someone else's upload cannot be claimed.
      expect((await create(admin, { name: 'Foto Ajena', photo: file.id })).status).toBe(400);
    } finally {
      await flags({ visitorPictureRequired: false });
    }
  });

  it('answers bad input with 400 and Spanish messages, and writes nothing', async () => {
    const prisma = t.app.db.prisma;
    const [visitors, logs] = await Promise.all([prisma.visitor.count(), prisma.visitorLog.count()]);
    const bad = async (body: Record<string, unknown>, message: RegExp) => {
      const r = await t.rest('POST', V, body, { token: owner });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.code).toBe(400);
      expect(r.body.description).toMatch(message);
    };
    await bad({ name: 'Fecha Mala', entry_date: 'x' }, /La fecha de entrada debe tener el formato AAAA-MM-DD/);
    await bad({ name: 'Hora Mala', entry_date: today, entry_hour: 25 }, /La hora debe estar entre 0 y 23/);
    await bad({ name: 'Hora Mala', entry_date: today, entry_hour: '25' }, /La hora debe estar entre 0 y 23/);
    await bad({ name: 'Minuto Malo', entry_date: today, entry_hour: 10, entry_minute: 60 }, /Los minutos deben estar entre 0 y 59/);
    await bad({ name: '', entry_date: today }, /El nombre/);
    await bad({ entry_date: today }, /El nombre/);
    await bad({ name: 'Hora Texto', entry_date: today, entry_hour: 'diez' }, /^entry_hour: /);
    await bad({ name: 'Tipo Malo', entry_date: today, visitor_type: 'SIEMPRE' }, /permanente u ocasional/);
    await bad(
      {
        name: 'Sin Días',
        entry_date: today,
        ...Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, false])),
      },
      /Elige al menos un día permitido/,
    );
    await bad({ name: 'Al Revés', entry_date: today, departure_date: '2000-01-01' }, /La salida no puede ser anterior a la entrada/);
    expect(await t.rest('GET', `${V}?entrance_scheduled_from=x`, undefined, { token: admin })).toMatchObject({ status: 400 });
    expect((await t.rest('GET', `${V}?entrance_scheduled_from=x`, undefined, { token: admin })).body.description).toMatch(/AAAA-MM-DD/);
    expect((await t.rest('GET', `${V}?page_size=0`, undefined, { token: admin })).status).toBe(400);
    expect([await prisma.visitor.count(), await prisma.visitorLog.count()]).toEqual([visitors, logs]);
    // Without a session: 401, whatever the body.
    expect((await t.rest('POST', V, { name: '' })).status).toBe(401);
  });
});

describe('visitors REST: the administration’s list', () => {
  const names = ['Zacarías Uno', 'Zacarías Dos', 'Zacarías Tres'];
  const made: any[] = [];

  beforeAll(async () => {
    for (const [i, name] of names.entries()) {
      made.push(
        await created(admin, {
          name,
          entry_date: `2030-01-1${i}`,
          entrance_type: 'DRIVING',
          vehicle: 'Camioneta',
          vehicle_plate: `ZAC-${i}0${i}`,
          badge: `G${i}`,
          email: `zacarias${i}@correo.mx`,
        }),
      );
    }
  });

  it('filters by name, reference, plate and scheduled dates, newest first, with page_size and offset', async () => {
    const list = async (qs: string) => {
      const r = await t.rest('GET', `${V}?${qs}`, undefined, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { total: number; content: any[] };
    };
    const all = await list('name=zacar%C3%ADas');
    expect(all.total).toBe(3);
    expect(all.content.map((v) => v.name)).toEqual(['Zacarías Tres', 'Zacarías Dos', 'Zacarías Uno']);
    expect(all.content[0]).toMatchObject({ origin: 'ADMINISTRATION', id_house: null, house: null, email: 'zacarias2@correo.mx' });

    const first = await list('name=zacar%C3%ADas&page_size=2');
    expect(first).toMatchObject({ total: 3 });
    expect(first.content.map((v) => v.name)).toEqual(['Zacarías Tres', 'Zacarías Dos']);
    const second = await list('name=zacar%C3%ADas&page_size=2&offset=2');
    expect(second.content.map((v) => v.name)).toEqual(['Zacarías Uno']);

    expect((await list(`reference=${made[1].reference.slice(0, 6).toLowerCase()}`)).content.map((v) => v.id)).toEqual([made[1].id]);
    expect((await list('vehicle_plate=zac-101')).content.map((v) => v.id)).toEqual([made[1].id]);
    expect((await list('name=zacar%C3%ADas&entrance_scheduled_from=2030-01-11&entrance_scheduled_to=2030-01-11')).content.map((v) => v.id)).toEqual([
      made[1].id,
    ]);
    expect((await list('name=zacar%C3%ADas&entrance_scheduled_from=2030-01-11')).total).toBe(2);
    expect((await list('badge=G2&email=zacarias2')).content.map((v) => v.id)).toEqual([made[2].id]);
    expect((await list('name=nadie-se-llama-asi')).total).toBe(0);
    // Security's list has them too; a house person may not read it.
    const gate = await t.rest('GET', `/neighborhoods/${n}/security/visitors?name=zacar%C3%ADas&page_size=1`, undefined, { token: security });
    expect(gate.status).toBe(200);
    expect(gate.body).toMatchObject({ total: 3 });
    expect(gate.body.content).toHaveLength(1);
    expect((await t.rest('GET', `/neighborhoods/${n}/security/visitors`, undefined, { token: owner })).status).toBe(403);
  });

  it('downloads every visitor as a real XLSX with the list’s filters', async () => {
    const response = await t.app.fetch(
      new Request(`${BASE}/api/1.0${V}/xls?name=zacar%C3%ADas`, { headers: { authorization: `Bearer ${admin}`, 'x-forwarded-for': '10.0.0.1' } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="visitas-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const bytes = Buffer.from(await response.arrayBuffer());
    const ExcelModule = (await import('exceljs')) as unknown as { default: typeof ExcelJS };
    const workbook = new ExcelModule.default.Workbook();
    await workbook.xlsx.load(bytes as never);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Referencia',
      'Nombre',
      'Correo',
      'Tipo',
      'Entrada',
      'Vehículo',
      'Placas',
      'Gafete',
      'Propiedad',
      'Propietario',
      'Fecha de entrada',
      'Hora de entrada',
      'Fecha de salida',
      'Hora de salida',
      'Días permitidos',
      'Dentro',
      'Última entrada',
      'Última salida',
      'Registrada por',
    ]);
    expect(sheet.actualRowCount).toBe(4);
    // Oldest first.
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(made[0].reference);
    expect(row.getCell(2).value).toBe('Zacarías Uno');
    expect(row.getCell(4).value).toBe('Ocasional');
    expect(row.getCell(5).value).toBe('En vehículo');
    expect(row.getCell(7).value).toBe('ZAC-000');
    expect(row.getCell(9).value).toBe('Administración');
    expect((row.getCell(11).value as Date).toISOString().slice(0, 10)).toBe('2030-01-10');
    expect(row.getCell(16).value).toBe('No');
    expect(row.getCell(19).value).toBe('Adriana Morales');

    // Only AAllVisitorsRead downloads it.
    expect((await t.rest('GET', `${V}/xls`, undefined, { token: security })).status).toBe(403);
    expect((await t.rest('GET', `${V}/xls`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('GET', `${V}/xls?creation_date=ayer`, undefined, { token: admin })).status).toBe(400);
  });
});

describe('visitors REST: the gate', () => {
  it('security registers entry then departure; twice is a conflict; a house person may not; the log lists it', async () => {
    const v = await created(admin, { name: 'Fumigadora del Centro', id_house: ownHouse });
    const entry = await t.rest('PUT', `${V}/${v.id}/entry`, undefined, { token: security });
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    expect(entry.body).toMatchObject({ message: 'La entrada ha sido registrada', id: v.id, inside: true });
    expect(entry.body.last_entry_at).toEqual(expect.any(String));
    expect(await t.rest('PUT', `${V}/${v.id}/entry`, undefined, { token: security })).toMatchObject({
      status: 409,
      body: { description: 'La visita ya registró su entrada y sigue dentro' },
    });
    expect((await t.rest('PUT', `${V}/${v.id}/entry`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('PUT', `${V}/${v.id}/departure`, undefined, { token: resident })).status).toBe(403);

    // Not deleted while inside.
    const refused = await t.rest('DELETE', `${V}/${v.id}`, undefined, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toMatch(/^No logramos eliminar el registro de la visita/);

    const departure = await t.rest('PUT', `${V}/${v.id}/departure`, undefined, { token: security });
    expect(departure.status).toBe(200);
    expect(departure.body).toMatchObject({ message: 'La salida ha sido registrada', inside: false });
    expect(departure.body.last_departure_at).toEqual(expect.any(String));
    expect(await t.rest('PUT', `${V}/${v.id}/departure`, undefined, { token: security })).toMatchObject({
      status: 409,
      body: { description: 'La visita no ha registrado su entrada' },
    });

    const log = await t.rest('GET', `${V}/${v.id}/log`, undefined, { token: admin });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(3);
    expect(log.body.content.map((l: any) => l.kind)).toEqual(['GET_OUT', 'GET_IN', 'CREATED']);
    expect(log.body.content[0]).toMatchObject({ id_visitor: v.id, user_name: 'Samuel Ortiz' });
    const paged = await t.rest('GET', `${V}/${v.id}/log?page_size=1&offset=1`, undefined, { token: owner });
    expect(paged.body).toMatchObject({ total: 3, content: [{ kind: 'GET_IN' }] });

    const deleted = await t.rest('DELETE', `${V}/${v.id}`, undefined, { token: admin });
    expect(deleted).toMatchObject({ status: 200, body: { id: v.id, message: 'La visita ha sido eliminada' } });
    expect((await t.rest('GET', `${V}/${v.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PUT', `${V}/${v.id}/entry`, undefined, { token: security })).status).toBe(404);
  });

  it('security registers a visit at the gate; notify without e-mail is refused in Spanish', async () => {
    const v = await created(security, { name: 'Repartidor Express', entrance_type: 'DRIVING', vehicle: 'Moto', vehicle_plate: 'M-55' });
    expect(v).toMatchObject({ origin: 'SECURITY', id_house: null });
    expect(await t.rest('PUT', `${V}/${v.id}/notify`, undefined, { token: admin })).toMatchObject({
      status: 409,
      body: { description: 'El código de visita no pudo ser enviado: la visita no tiene correo electrónico' },
    });
  });

  it('lists coming visitors: 5 for the dashboard, all of today with a larger page_size', async () => {
    const v = await created(owner, { name: 'Llega Hoy Sin Hora' });
    const future = await created(owner, { name: 'Llega Después', entry_date: '2031-05-05' });
    const all = await t.rest('GET', `${V}/coming?page_size=500`, undefined, { token: admin });
    expect(all.status).toBe(200);
    const ids = all.body.content.map((x: any) => x.id);
    expect(ids).toContain(v.id);
    expect(ids).not.toContain(future.id);
    expect(all.body.total).toBe(all.body.content.length);
    const dashboard = await t.rest('GET', `${V}/coming`, undefined, { token: admin });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.content.length).toBeLessThanOrEqual(5);
    // A house's people see only their house's.
    const mine = await t.rest('GET', `${V}/coming?page_size=500`, undefined, { token: owner });
    expect(mine.body.content.map((x: any) => x.id)).toContain(v.id);
    expect(mine.body.content.every((x: any) => x.id_house === ownHouse)).toBe(true);
    expect((await t.rest('GET', `${V}/coming?page_size=501`, undefined, { token: admin })).status).toBe(400);
  });
});

describe('visitors REST: the public pass', () => {
  it('shows a visitor by domain and reference without a session, logs the lookup, and 404s the unknown', async () => {
    const v = await created(owner, { name: 'Invitada Pública', entry_hour: 10, entry_minute: 15 });
    const before = await t.app.db.prisma.visitorLog.count({ where: { visitorId: v.id, kind: 'QUERY' } });
    const pass = await t.rest('GET', `/public/los_olivos/visitors/${v.reference.toLowerCase()}`);
    expect(pass.status, JSON.stringify(pass.body)).toBe(200);
    expect(pass.body).toMatchObject({
      reference: v.reference,
      name: 'Invitada Pública',
      neighborhood_name: 'Residencial Los Olivos',
      entry_date: today,
      entry_hour: 10,
      entry_minute: 15,
      inside: false,
      visitor_type: 'OCCASIONAL',
    });
    expect(pass.body.house.label).toEqual(expect.any(String));
    expect(pass.body).not.toHaveProperty('email');
    expect(await t.app.db.prisma.visitorLog.count({ where: { visitorId: v.id, kind: 'QUERY' } })).toBe(before + 1);
    expect(await t.rest('GET', '/public/los_olivos/visitors/ZZZZZZZZZZ', undefined, { ip: '10.9.9.9' })).toMatchObject({
      status: 404,
      body: { code: 404, description: 'La visita no existe' },
    });
    expect((await t.rest('GET', `/public/no_existe/visitors/${v.reference}`, undefined, { ip: '10.9.9.9' })).status).toBe(404);
    const log = await t.rest('GET', `${V}/${v.id}/log`, undefined, { token: owner });
    expect(log.body.content[0]).toMatchObject({ kind: 'QUERY', user_name: null });
  });
});

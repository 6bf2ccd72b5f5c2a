// The legacy /api/1.0 vehicle routes through the real REST handler on a real database (checklists/api.tsv):
// the community's and a house's vehicles, authorize and reject, the settings, the circulation card, a point's
// spaces, a vehicle's appointment (get, book with 409 and 410, cancel), the scheduled list, the guard's plate
// lookup and comments, the defaulters and the public appointment page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let n: number;
let admin: string;
let owner: string;
let security: string;
let ownHouse: number;
let otherHouse: number;
let pointId: number;
let V: string;
let H: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  n = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  ownHouse = (await prisma.membership.findFirstOrThrow({ where: { neighborhoodId: n, user: { email: 'propietario@demo.mx' } } })).houseId!;
  otherHouse = (await prisma.house.findFirstOrThrow({ where: { neighborhoodId: n, status: 'ACTIVE', id: { not: ownHouse } }, orderBy: { id: 'desc' } })).id;
  pointId = (await prisma.revisionPoint.findFirstOrThrow({ where: { neighborhoodId: n } })).id;
  V = `/neighborhoods/${n}/vehicles`;
  H = `/neighborhoods/${n}/houses/${ownHouse}/vehicles`;
  [admin, owner, security] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)));
}, 120_000);
afterAll(() => t.close());

async function register(body: Record<string, unknown>, token = owner, path = H) {
  const r = await t.rest('POST', path, { state: 'QUE', ...body }, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function freeSpaces(vehicleId: number) {
  const r = await t.rest('GET', `/neighborhoods/${n}/revision-points/${pointId}/spaces?id_vehicle=${vehicleId}`, undefined, { token: owner });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  let spaces = r.body.days.flatMap((d: any) => d.spaces).filter((s: any) => s.status === 'AVAILABLE');
  if (spaces.length < 3) {
    const next = new Date(Date.parse(`${r.body.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const more = await t.rest('GET', `/neighborhoods/${n}/revision-points/${pointId}/spaces?id_vehicle=${vehicleId}&from=${next}`, undefined, { token: owner });
    spaces = [...spaces, ...more.body.days.flatMap((d: any) => d.spaces).filter((s: any) => s.status === 'AVAILABLE')];
  }
  return spaces as { id: number; status: string; entry_date: string }[];
}

describe('/api/1.0 vehicles', () => {
  it('registers, reads, saves and deletes a house’s vehicle in the spec’s shape', async () => {
    const made = await register({ type: 'truck', plate: 'rst-100', id_tag_type: '3', tag_number: 'IMDM-77', description: 'Camioneta azul' });
    expect(made).toMatchObject({
      message: 'El vehículo ha sido registrado',
      needs_appointment: true,
      id_house: ownHouse,
      type: 'TRUCK',
      plate: 'RST-100',
      state: 'QUE',
      state_name: 'Querétaro',
      id_tag_type: 3,
      tag_type_name: 'TAG IAVE',
      tag_number: 'IMDM-77',
      status: 'INCOMPLETE',
      revision_point_space: null,
      circulation_card: null,
    });
    const got = await t.rest('GET', `${H}/${made.id}`, undefined, { token: owner });
    expect(got.body).toMatchObject({ id: made.id, plate: 'RST-100', house: { id: ownHouse } });
    // Under another house's path, the vehicle is not there.
    expect((await t.rest('GET', `/neighborhoods/${n}/houses/${otherHouse}/vehicles/${made.id}`, undefined, { token: admin })).status).toBe(404);
    expect(
      (await t.rest('PUT', `/neighborhoods/${n}/houses/${otherHouse}/vehicles/${made.id}`, { plate: 'OTR-100', state: 'QUE' }, { token: admin })).status,
    ).toBe(404);
    expect((await t.rest('DELETE', `/neighborhoods/${n}/houses/${otherHouse}/vehicles/${made.id}`, undefined, { token: admin })).status).toBe(404);

    const saved = await t.rest('PUT', `${H}/${made.id}`, { plate: 'RST-101', state: 'GUA', type: 'CAR' }, { token: owner });
    expect(saved.body).toMatchObject({ message: 'El vehículo ha sido actualizado', plate: 'RST-101', state: 'GUA', type: 'CAR', id_tag_type: null });

    const list = await t.rest('GET', `${H}?plate=rst101`, undefined, { token: owner });
    expect(list.body).toMatchObject({ total: 1, content: [{ id: made.id }] });
    const deleted = await t.rest('DELETE', `${H}/${made.id}`, undefined, { token: owner });
    expect(deleted.body).toEqual({ id: made.id, message: 'El vehículo ha sido eliminado' });
    expect((await t.rest('GET', `${H}/${made.id}`, undefined, { token: owner })).status).toBe(404);
  });

  it('answers bad input with 400 in Spanish', async () => {
    expect(await t.rest('POST', H, { plate: 'ABC-123', state: 'QUE', type: 'AVION' }, { token: owner })).toMatchObject({
      status: 400,
      body: { description: 'Elige el tipo de vehículo' },
    });
    expect(await t.rest('POST', H, { state: 'QUE' }, { token: owner })).toMatchObject({ status: 400, body: { description: 'Las placas son requeridas' } });
    expect(await t.rest('POST', H, { plate: 'ABC-123', state: 'QUE', id_tag_type: 'uno' }, { token: owner })).toMatchObject({ status: 400 });
    expect(await t.rest('POST', V, { plate: 'ABC-123', state: 'QUE' }, { token: admin })).toMatchObject({
      status: 400,
      body: { description: 'La propiedad es requerida' },
    });
    expect((await t.rest('GET', `${V}?segment=OTRO`, undefined, { token: admin })).status).toBe(400);
  });

  it('lists the community’s vehicles with the spec’s filters; the dashboard’s pending five', async () => {
    const pending = await t.rest('GET', `${V}?status=PENDING_AUTHORIZATION&page_size=5&offset=0`, undefined, { token: admin });
    expect(pending.status).toBe(200);
    expect(pending.body.total).toBeGreaterThanOrEqual(3);
    expect(pending.body.content.every((v: any) => v.status === 'PENDING_AUTHORIZATION' && v.icon === 'clock')).toBe(true);
    const segment = await t.rest('GET', `${V}?segment=WITH_REVISION_POINT`, undefined, { token: admin });
    expect(segment.body.content.every((v: any) => v.revision_point_space?.status === 'CONFIRMED')).toBe(true);
    const byHouse = await t.rest('GET', `${V}?id_house=${ownHouse}`, undefined, { token: admin });
    expect(byHouse.body.content.every((v: any) => v.id_house === ownHouse)).toBe(true);
    expect((await t.rest('GET', V, undefined, { token: owner })).status).toBe(403);
  });

  it('authorizes and rejects (a reason is required)', async () => {
    const pending = (await t.rest('GET', `${V}?status=PENDING_AUTHORIZATION&page_size=5`, undefined, { token: admin })).body.content;
    const noReason = await t.rest('PUT', `${V}/${pending[0].id}/reject`, {}, { token: admin });
    expect(noReason).toMatchObject({ status: 400, body: { description: 'La razón del rechazo es requerida' } });
    const rejected = await t.rest('PUT', `${V}/${pending[0].id}/reject`, { comment: 'Falta la tarjeta de circulación' }, { token: admin });
    expect(rejected.body).toMatchObject({
      message: 'El vehículo ha sido rechazado',
      status: 'INCOMPLETE',
      rejection_reason: 'Falta la tarjeta de circulación',
    });
    const authorized = await t.rest('PUT', `${V}/${pending[1].id}/authorize`, undefined, { token: admin });
    expect(authorized.body).toMatchObject({ message: 'El vehículo ha sido autorizado', status: 'ACTIVE', icon: 'check' });
    expect((await t.rest('PUT', `${V}/${pending[1].id}/authorize`, undefined, { token: owner })).status).toBe(403);
  });

  it('answers the settings with the tag types the person may choose', async () => {
    const asOwner = (await t.rest('GET', `${V}/settings`, undefined, { token: owner })).body;
    expect(asOwner.tag_types.slice(-2)).toEqual([
      { id: -1, name: 'No tengo tag' },
      { id: -2, name: 'No está en esta lista' },
    ]);
    expect(asOwner).toMatchObject({ required_vehicle_revision: true, required_vehicle_authorization: true, required_vehicle_tag: false });
    expect(asOwner.revision_points).toEqual([{ id: pointId, name: 'Caseta principal' }]);
    const asAdmin = (await t.rest('GET', `${V}/settings`, undefined, { token: admin })).body;
    expect(asAdmin.tag_types.some((tag: any) => tag.id < 0)).toBe(false);
  });

  it('keeps the circulation card behind the vehicle’s people and the administration', async () => {
    const form = new FormData();
    form.append('file', new File([PNG], 'tarjeta.png', { type: 'image/png' }));
    const upload = await t.app.fetch(
      new Request(`${BASE}/api/1.0/files`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, 'x-forwarded-for': '10.0.0.2' }, body: form }),
    );
    const file = (await upload.json()) as { id: string };
    const made = await register({ plate: 'TRJ-100', circulation_card: `/api/1.0/files/${file.id}` });
    expect(made.circulation_card).toBe(`/api/1.0/files/${file.id}`);
    const link = await t.rest('GET', `${H}/${made.id}/circulation-card`, undefined, { token: admin });
    expect(link.status).toBe(302);
    expect(link.response.headers.get('location')).toBe(`/api/1.0/files/${file.id}`);
    const asAdmin = await t.app.fetch(new Request(`${BASE}/api/1.0/files/${file.id}`, { headers: { authorization: `Bearer ${admin}` } }));
    expect(asAdmin.status).toBe(200);
    const neighbour = await t.signIn('vecino5@demo.mx');
    const asNeighbour = await t.app.fetch(new Request(`${BASE}/api/1.0/files/${file.id}`, { headers: { authorization: `Bearer ${neighbour}` } }));
    expect(asNeighbour.status).toBe(404);
    const without = await register({ plate: 'TRJ-101' });
    expect((await t.rest('GET', `${H}/${without.id}/circulation-card`, undefined, { token: owner })).body).toMatchObject({
      description: 'El vehículo no tiene tarjeta de circulación',
    });
  });

  it('books a space, answers 409 for a second one and 410 for a taken one, shows and cancels the appointment', async () => {
    const first = await register({ plate: 'SCH-100' });
    const second = await register({ plate: 'SCH-101' });
    const [a, b] = await freeSpaces(first.id);
    const booked = await t.rest('POST', `${H}/${first.id}/schedule`, { id_revision_point: pointId, id_revision_point_space: a.id }, { token: owner });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({
      message: 'La cita ha sido agendada',
      status: 'CONFIRMED',
      id_revision_point: pointId,
      revision_point_name: 'Caseta principal',
    });
    expect(booked.body.entry_date).toBe(a.entry_date);
    const again = await t.rest('POST', `${H}/${first.id}/schedule`, { id_revision_point: pointId, id_revision_point_space: b.id }, { token: owner });
    expect(again).toMatchObject({ status: 409, body: { description: 'Encontramos que este vehículo ya tiene un horario apartado' } });
    const taken = await t.rest('POST', `${H}/${second.id}/schedule`, { id_revision_point: pointId, id_revision_point_space: a.id }, { token: owner });
    expect(taken).toMatchObject({ status: 410, body: { description: 'El horario pudo ser apartado por alguien más, intenta nuevamente' } });
    expect((await t.rest('POST', `${H}/${second.id}/schedule`, { id_revision_point: pointId }, { token: owner })).status).toBe(400);

    const schedule = await t.rest('GET', `${H}/${first.id}/schedule`, undefined, { token: owner });
    expect(schedule.body).toMatchObject({ id: booked.body.id, code: booked.body.code, status: 'CONFIRMED' });
    const spaces = await t.rest('GET', `/neighborhoods/${n}/revision-points/${pointId}/spaces?id_vehicle=${first.id}`, undefined, { token: owner });
    expect(spaces.body.days.flatMap((d: any) => d.spaces).find((s: any) => s.id === a.id)).toMatchObject({ status: 'CONFIRMED', code: booked.body.code });
    const asOther = await t.rest('GET', `/neighborhoods/${n}/revision-points/${pointId}/spaces?id_vehicle=${second.id}`, undefined, { token: owner });
    expect(asOther.body.days.flatMap((d: any) => d.spaces).find((s: any) => s.id === a.id)).toMatchObject({ status: 'TAKEN', code: null });

    const scheduled = await t.rest('GET', `${V}/scheduled?code=${booked.body.code}`, undefined, { token: admin });
    expect(scheduled.body).toMatchObject({ total: 1, content: [{ code: booked.body.code, vehicle: { plate: 'SCH-100' } }] });

    const cancelled = await t.rest('DELETE', `${H}/${first.id}/schedule`, undefined, { token: owner });
    expect(cancelled.body).toEqual({ id: first.id, message: 'La cita ha sido cancelada' });
    expect((await t.rest('DELETE', `${H}/${first.id}/schedule`, undefined, { token: owner })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/${n}/revision-points/999999/spaces`, undefined, { token: owner })).status).toBe(404);
  });

  it('lets the guard look a plate up and comment; answers the defaulters and the public page', async () => {
    const found = await t.rest('GET', `${V}/plate/ujk-482`, undefined, { token: security });
    expect(found.body.content[0]).toMatchObject({ plate: 'UJK-482-C', house: { id: ownHouse } });
    expect(found.body.content[0].comments.length).toBeGreaterThan(0);
    const comment = await t.rest('POST', `${V}/${found.body.content[0].id}/comments`, { comment: 'Vidrios polarizados' }, { token: security });
    expect(comment).toMatchObject({ status: 201, body: { message: 'El comentario ha sido agregado', comment: { comment: 'Vidrios polarizados' } } });
    expect((await t.rest('GET', `${V}/plate/ujk`, undefined, { token: owner })).status).toBe(403);

    const defaulters = await t.rest('GET', `${V}/defaulters?page_size=5`, undefined, { token: admin });
    expect(defaulters.status).toBe(200);
    expect(defaulters.body.content.length).toBeGreaterThan(0);
    expect(Number(defaulters.body.content[0].debt)).toBeGreaterThan(0);

    const code = (await t.app.db.prisma.revisionPointSpace.findFirstOrThrow({ where: { neighborhoodId: n, status: 'CONFIRMED' } })).code;
    const page = await t.rest('GET', `/public/los_olivos/revision-point-spaces/${code}`);
    expect(page.body).toMatchObject({ code, status: 'CONFIRMED', neighborhood_name: 'Residencial Los Olivos', revision_point_name: 'Caseta principal' });
    expect(page.body.vehicle.plate).toBeTruthy();
    expect(await t.rest('GET', '/public/los_olivos/revision-point-spaces/NOEXISTE')).toMatchObject({ status: 404, body: { description: 'La cita no existe' } });
  });
});

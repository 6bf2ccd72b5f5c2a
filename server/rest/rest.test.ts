import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/testApp.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.signIn('residente@demo.mx');
});
afterAll(() => t.close());

describe('REST envelope and bad input', () => {
  it('answers unknown routes and wrong methods in Spanish', async () => {
    expect(await t.rest('GET', '/no/existe')).toMatchObject({ status: 404, body: { code: 404, description: 'La ruta /api/1.0/no/existe no existe' } });
    expect(await t.rest('DELETE', '/users/session')).toMatchObject({ status: 405, body: { code: 405 } });
  });

  it('refuses bad JSON, non-JSON bodies, wrong types and missing fields, and changes nothing', async () => {
    const before = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } });
    const badJson = await t.rest('PUT', '/users/me/basic', undefined, { token, raw: '{"first_name": ' });
    expect(badJson).toMatchObject({ status: 400, body: { code: 400, description: 'El cuerpo de la solicitud no es JSON válido' } });
    const text = await t.rest('PUT', '/users/me/basic', undefined, { token, raw: 'first_name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const wrongType = await t.rest('PUT', '/users/me/basic', { first_name: 42 }, { token });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.description).toMatch(/^first_name: /);
    const missing = await t.rest('PUT', '/users/me/basic', { last_name: 'Díaz' }, { token });
    expect(missing.body).toEqual({ code: 400, description: 'El campo first_name es requerido' });
    const invalid = await t.rest('PUT', '/users/me/basic', { first_name: 'Rosa', birth_date: '31/12/1990' }, { token });
    expect(invalid.body).toEqual({ code: 400, description: 'La fecha de nacimiento debe tener el formato AAAA-MM-DD' });
    const after = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } });
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('answers the legacy error of a row that cannot map its path, never a 500', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const house = await t.app.db.prisma.house.findFirstOrThrow({ where: { neighborhoodId: 1 } });
    const bad = await t.rest('PUT', `/neighborhoods/1/houses/${house.id}/change-owner/abc`, undefined, { token: admin });
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ code: 404, description: 'El usuario no existe' });
  });

  it('answers 401 without a session and never 5xx for bad input', async () => {
    const { status, body } = await t.rest('PUT', '/users/me/basic', { first_name: 'Nadie' });
    expect(status).toBe(401);
    expect(body.code).toBe(401);
  });

  it('refuses a caller the grants keep out before telling what its input lacks', async () => {
    const prisma = t.app.db.prisma;
    const olivos = (await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
    const torre = (await prisma.neighborhood.findFirstOrThrow({ where: { id: { not: olivos } } })).id;
    const admin = await t.signIn('admin@demo.mx');
    const owner = await t.signIn('propietario@demo.mx');
    const before = await prisma.expense.count();
    const bad = { concepts: 'no es una lista' };
    // The administrator hears what is wrong with the body; others only that they may not.
    expect((await t.rest('POST', `/neighborhoods/${olivos}/expenses`, bad, { token: admin })).status).toBe(400);
    expect(await t.rest('POST', `/neighborhoods/${olivos}/expenses`, bad, { token: owner })).toMatchObject({
      status: 403,
      body: { code: 403, description: 'No tienes permiso para realizar esta acción' },
    });
    expect(await t.rest('POST', `/neighborhoods/${olivos}/expenses`, bad, { token })).toMatchObject({ status: 403 });
    expect(await t.rest('POST', `/neighborhoods/${olivos}/expenses`, bad)).toMatchObject({ status: 401, body: { code: 401 } });
    expect(await t.rest('POST', `/neighborhoods/${torre}/expenses`, bad, { token: admin })).toMatchObject({
      status: 404,
      body: { description: 'La comunidad solicitada no existe' },
    });
    // Bad JSON and a bad query string are input errors too.
    expect((await t.rest('POST', `/neighborhoods/${olivos}/expenses`, undefined, { token: owner, raw: '{"x": ' })).status).toBe(403);
    expect((await t.rest('GET', `/neighborhoods/${olivos}/expenses?page_size=abc`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('GET', `/neighborhoods/${olivos}/expenses?page_size=abc`, undefined, { token: admin })).status).toBe(400);
    // A route open to every signed-in person still answers its validation message.
    expect((await t.rest('PUT', '/users/me/basic', { first_name: 42 }, { token: owner })).status).toBe(400);
    expect(await prisma.expense.count()).toBe(before);
  });
});

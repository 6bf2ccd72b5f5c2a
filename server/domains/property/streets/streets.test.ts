import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let config: string;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  config = await t.signIn('config@demo.mx');
  owner = await t.signIn('propietario@demo.mx');
});
afterAll(() => t.close());

describe('streets through REST', () => {
  it('lists with name filter and paging, creates, reads, renames and deletes', async () => {
    const list = await t.rest('GET', '/neighborhoods/1/streets?page_size=2&name=calle', undefined, { token: config });
    expect(list.body.total).toBe(6);
    expect(list.body.content.map((s: any) => s.name)).toEqual(['Calle Encino', 'Calle Fresno']);
    const created = await t.rest('POST', '/neighborhoods/1/streets', { name: '  Calle Roble ' }, { token: config });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Calle Roble');
    const read = await t.rest('GET', `/neighborhoods/1/streets/${created.body.id}`, undefined, { token: config });
    expect(read.body).toEqual({ id: created.body.id, name: 'Calle Roble' });
    const renamed = await t.rest('PUT', `/neighborhoods/1/streets/${created.body.id}`, { name: 'Calle Roble Norte' }, { token: config });
    expect(renamed.body.name).toBe('Calle Roble Norte');
    const deleted = await t.rest('DELETE', `/neighborhoods/1/streets/${created.body.id}`, undefined, { token: config });
    expect(deleted.body).toEqual({ content: true });
    expect((await t.rest('GET', `/neighborhoods/1/streets/${created.body.id}`, undefined, { token: config })).status).toBe(404);
    expect(await t.app.db.prisma.auditLog.count({ where: { entity: 'Street', entityId: String(created.body.id) } })).toBe(3);
  });

  it('refuses duplicates, blanks and deleting a street in use, changing nothing', async () => {
    const before = await t.app.db.prisma.street.findMany({ orderBy: { id: 'asc' } });
    const duplicate = await t.rest('POST', '/neighborhoods/1/streets', { name: 'calle encino' }, { token: config });
    expect(duplicate.body).toEqual({ code: 409, description: 'Ya existe una calle llamada calle encino' });
    const blank = await t.rest('POST', '/neighborhoods/1/streets', { name: '   ' }, { token: config });
    expect(blank.body).toEqual({ code: 400, description: 'El nombre de la calle es requerido' });
    const missing = await t.rest('POST', '/neighborhoods/1/streets', {}, { token: config });
    expect(missing.body).toEqual({ code: 400, description: 'El campo name es requerido' });
    const inUse = await t.rest('DELETE', `/neighborhoods/1/streets/${before[0].id}`, undefined, { token: config });
    expect(inUse.body).toEqual({ code: 409, description: 'No logramos eliminar la calle Av. de los Olivos. Recarga y vuelve a intentar' });
    expect(await t.app.db.prisma.street.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('refuses users without the grants and never touches another community', async () => {
    expect((await t.rest('POST', '/neighborhoods/1/streets', { name: 'Calle X' }, { token: owner })).status).toBe(403);
    expect((await t.rest('GET', '/neighborhoods/1/streets', undefined, { token: owner })).status).toBe(403);
    const admin = await t.signIn('admin@demo.mx');
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const foreign = await t.app.db.prisma.street.create({ data: { neighborhoodId: torre.id, name: 'Pasillo A' } });
    expect((await t.rest('GET', `/neighborhoods/1/streets/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PUT', `/neighborhoods/1/streets/${foreign.id}`, { name: 'Hackeada' }, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `/neighborhoods/1/streets/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/${torre.id}/streets`, undefined, { token: admin })).status).toBe(404);
    expect((await t.app.db.prisma.street.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe('Pasillo A');
  });
});

describe('streets through GraphQL', () => {
  it('answers typed errors and prints the grants', async () => {
    const { body } = await t.gql(
      'mutation($input: CreateStreetInput!) { createStreet(input: $input) { __typename ... on InputError { issues { field message } } } }',
      { input: { name: '' } },
      { token: config },
    );
    expect(body.data.createStreet).toEqual({ __typename: 'InputError', issues: [{ field: 'name', message: 'El nombre de la calle es requerido' }] });
  });
});

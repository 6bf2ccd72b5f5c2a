import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/testApp.js';
import { PREDEFINED_HOUSE_TYPES, templateFlags } from '../../../core/houseTypes.js';

let t: TestApp;
let config: string;
beforeAll(async () => {
  t = await startTestApp();
  config = await t.signIn('config@demo.mx');
});
afterAll(() => t.close());

describe('house type catalogue', () => {
  it('holds the predefined types of each community kind', () => {
    expect(PREDEFINED_HOUSE_TYPES.NEIGHBORHOOD.map((p) => p.title)).toEqual(['Propiedad en avenida', 'Propiedad en condominio', 'Lote sin construir']);
    expect(PREDEFINED_HOUSE_TYPES.CONDOMINIUM.map((p) => p.title)).toEqual(['Casa/Departamento', 'Lote sin construir']);
    const mall = PREDEFINED_HOUSE_TYPES.MALL[0];
    expect(mall.catastralAlgorithm).toBe('INTERIOR_NUMBER_COMPOSED');
    expect(templateFlags(mall)).toMatchObject({ requireDimension: true, requireInteriorNumber: true, requireMall: true, requireStreet: false });
  });
});

describe('house types through REST', () => {
  it('creates a predefined type with the catalogue flags, whatever flags are sent', async () => {
    // The demo community already holds every predefined type; start from one it no longer has.
    await t.app.db.prisma.houseType.updateMany({ where: { neighborhoodId: 1, title: 'Propiedad en condominio' }, data: { title: 'Departamentos (anterior)' } });
    const created = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Propiedad en condominio', require_street: true }, { token: config });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Propiedad en condominio',
      default_name: 'Departamento',
      require_condominium: true,
      require_interior_number: true,
      require_street: false,
      is_custom: false,
      catastral_algorithm: 'UNIQUE',
    });
  });

  it('creates, reads, updates, lists and deletes a custom type (Otro)', async () => {
    const created = await t.rest('POST', '/neighborhoods/1/houses_types', {
      predefined: 'Otro', title: 'Bodega', default_name: 'Bodega', require_dimension: true, require_lot: true, catastral_algorithm: 'INTERIOR_NUMBER_COMPOSED',
    }, { token: config });
    expect(created.body).toMatchObject({ title: 'Bodega', is_custom: true, require_dimension: true, require_lot: true, require_block: false, catastral_algorithm: 'INTERIOR_NUMBER_COMPOSED' });
    const id = created.body.id;
    expect((await t.rest('GET', `/neighborhoods/1/houses_types/${id}`, undefined, { token: config })).body.title).toBe('Bodega');
    const updated = await t.rest('PUT', `/neighborhoods/1/houses_types/${id}`, { is_custom: true, title: 'Bodega grande', require_dimension: true }, { token: config });
    expect(updated.body).toMatchObject({ title: 'Bodega grande', require_lot: false });
    const list = await t.rest('GET', '/neighborhoods/1/houses_types?name=bodega', undefined, { token: config });
    expect(list.body.total).toBe(1);
    expect((await t.rest('DELETE', `/neighborhoods/1/houses_types/${id}`, undefined, { token: config })).body).toEqual({ content: true });
    expect((await t.rest('GET', `/neighborhoods/1/houses_types/${id}`, undefined, { token: config })).status).toBe(404);
  });

  it('refuses bad input, duplicates and deleting a type in use, changing nothing', async () => {
    const before = await t.app.db.prisma.houseType.count();
    const wrongKind = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Local comercial' }, { token: config });
    expect(wrongKind.body).toEqual({ code: 400, description: '"Local comercial" no es un tipo de propiedad de esta comunidad' });
    const noTitle = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro' }, { token: config });
    expect(noTitle.body).toEqual({ code: 400, description: 'El nombre del tipo de propiedad es requerido' });
    const duplicate = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Propiedad en avenida' }, { token: config });
    expect(duplicate.body).toEqual({ code: 409, description: 'Ya existe un tipo de propiedad llamado Propiedad en avenida' });
    const wrongType = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'X', require_lot: 'sí' }, { token: config });
    expect(wrongType.status).toBe(400);
    const used = await t.app.db.prisma.houseType.findFirstOrThrow({ where: { title: 'Propiedad en avenida', neighborhood: { domain: 'los_olivos' } } });
    const inUse = await t.rest('DELETE', `/neighborhoods/1/houses_types/${used.id}`, undefined, { token: config });
    expect(inUse.body).toEqual({ code: 409, description: 'No logramos eliminar el tipo de propiedad Propiedad en avenida. Recarga y vuelve a intentar' });
    expect(await t.app.db.prisma.houseType.count()).toBe(before);
  });

  it('refuses users without grants and other communities’ types', async () => {
    const owner = await t.signIn('propietario@demo.mx');
    expect((await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'Z' }, { token: owner })).status).toBe(403);
    const admin = await t.signIn('admin@demo.mx');
    const foreign = await t.app.db.prisma.houseType.findFirstOrThrow({ where: { neighborhood: { domain: 'torre_azul' } } });
    expect((await t.rest('GET', `/neighborhoods/1/houses_types/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `/neighborhoods/1/houses_types/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect(await t.app.db.prisma.houseType.count({ where: { id: foreign.id } })).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import {
  CUSTOM_TITLE_REQUIRED,
  FEE_REQUIRED,
  HouseTypeSchema as CoreHouseTypeSchema,
  houseTypeSchema,
  PREDEFINED_HOUSE_TYPES,
  templateFlags,
} from '../../../../core/houseTypes.js';
import { HouseTypeSchema } from './service.js';

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

describe('one house type schema for the form and the server', () => {
  it('names custom types and requires the fee only where the community asks for it', () => {
    expect(HouseTypeSchema).toBe(CoreHouseTypeSchema);
    const blank = houseTypeSchema({ amountRequired: true }).safeParse({ predefined: 'Otro', title: ' ', amount: '' });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', FEE_REQUIRED],
      ['title', CUSTOM_TITLE_REQUIRED],
    ]);
    expect(houseTypeSchema({ amountRequired: false }).parse({ predefined: 'Otro', title: 'Bodega', amount: '' })).toMatchObject({
      title: 'Bodega',
      amount: null,
    });
    expect(houseTypeSchema({ amountRequired: true }).parse({ predefined: 'Lote sin construir', amount: '1250.5' })).toMatchObject({
      amount: '1250.50',
      requireStreet: false,
    });
  });

  it('answers each issue under its field over GraphQL, as the form shows them', async () => {
    const { body } = await t.gql(
      `mutation($input: HouseTypeInput!) { createHouseType(input: $input) { __typename ... on InputError { issues { field message } } } }`,
      { input: { predefined: 'Otro', title: '', amount: '' } },
      { token: config },
    );
    expect(body.data.createHouseType).toEqual({
      __typename: 'InputError',
      issues: [
        { field: 'amount', message: FEE_REQUIRED },
        { field: 'title', message: CUSTOM_TITLE_REQUIRED },
      ],
    });
  });
});

describe('house types through REST', () => {
  it('creates a predefined type with the catalogue flags, whatever flags are sent', async () => {
    // The demo community already holds every predefined type; start from one it no longer has.
    await t.app.db.prisma.houseType.updateMany({ where: { neighborhoodId: 1, title: 'Propiedad en condominio' }, data: { title: 'Departamentos (anterior)' } });
    const created = await t.rest(
      'POST',
      '/neighborhoods/1/houses_types',
      { predefined: 'Propiedad en condominio', require_street: true, amount: 750 },
      { token: config },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Propiedad en condominio',
      default_name: 'Departamento',
      require_condominium: true,
      require_interior_number: true,
      require_street: false,
      is_custom: false,
      catastral_algorithm: 'UNIQUE',
      amount: '750.00',
    });
  });

  it('creates, reads, updates, lists and deletes a custom type (Otro)', async () => {
    const created = await t.rest(
      'POST',
      '/neighborhoods/1/houses_types',
      {
        predefined: 'Otro',
        title: 'Bodega',
        default_name: 'Bodega',
        require_dimension: true,
        require_lot: true,
        catastral_algorithm: 'INTERIOR_NUMBER_COMPOSED',
        amount: '320.5',
      },
      { token: config },
    );
    expect(created.body).toMatchObject({
      title: 'Bodega',
      is_custom: true,
      require_dimension: true,
      require_lot: true,
      require_block: false,
      catastral_algorithm: 'INTERIOR_NUMBER_COMPOSED',
    });
    const id = created.body.id;
    expect((await t.rest('GET', `/neighborhoods/1/houses_types/${id}`, undefined, { token: config })).body.title).toBe('Bodega');
    const updated = await t.rest(
      'PUT',
      `/neighborhoods/1/houses_types/${id}`,
      { is_custom: true, title: 'Bodega grande', require_dimension: true, amount: 400 },
      { token: config },
    );
    expect(updated.body).toMatchObject({ title: 'Bodega grande', require_lot: false, amount: '400.00' });
    const list = await t.rest('GET', '/neighborhoods/1/houses_types?name=bodega', undefined, { token: config });
    expect(list.body.total).toBe(1);
    expect((await t.rest('DELETE', `/neighborhoods/1/houses_types/${id}`, undefined, { token: config })).body).toEqual({ content: true });
    expect((await t.rest('GET', `/neighborhoods/1/houses_types/${id}`, undefined, { token: config })).status).toBe(404);
  });

  it('refuses bad input, duplicates and deleting a type in use, changing nothing', async () => {
    const before = await t.app.db.prisma.houseType.count();
    const wrongKind = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Local comercial', amount: 1 }, { token: config });
    expect(wrongKind.body).toEqual({ code: 400, description: '"Local comercial" no es un tipo de propiedad de esta comunidad' });
    const noTitle = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', amount: 1 }, { token: config });
    expect(noTitle.body).toEqual({ code: 400, description: 'El nombre del tipo de propiedad es requerido' });
    const duplicate = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Propiedad en avenida', amount: 1 }, { token: config });
    expect(duplicate.body).toEqual({ code: 409, description: 'Ya existe un tipo de propiedad llamado Propiedad en avenida' });
    const wrongType = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'X', require_lot: 'sí' }, { token: config });
    expect(wrongType.status).toBe(400);
    const used = await t.app.db.prisma.houseType.findFirstOrThrow({ where: { title: 'Propiedad en avenida', neighborhood: { domain: 'los_olivos' } } });
    const inUse = await t.rest('DELETE', `/neighborhoods/1/houses_types/${used.id}`, undefined, { token: config });
    expect(inUse.body).toEqual({ code: 409, description: 'No logramos eliminar el tipo de propiedad Propiedad en avenida. Recarga y vuelve a intentar' });
    expect(await t.app.db.prisma.houseType.count()).toBe(before);
  });

  it('requires the monthly fee where the community has maintenance settings and COBRANZA, and only there', async () => {
    const before = await t.app.db.prisma.houseType.count();
    const missing = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'Sin cuota' }, { token: config });
    expect(missing.body).toEqual({ code: 400, description: 'La cuota de mantenimiento es requerida' });
    const negative = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'Negativa', amount: '-5' }, { token: config });
    expect(negative.body.description).toBe('La cuota de mantenimiento debe ser una cantidad positiva con hasta dos decimales');
    expect(await t.app.db.prisma.houseType.count()).toBe(before);
    expect((await t.gql('{ houseTypeAmountRequired }', {}, { token: config })).body.data.houseTypeAmountRequired).toBe(true);

    const admin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    expect((await t.gql('{ houseTypeAmountRequired }', {}, { token: admin })).body.data.houseTypeAmountRequired).toBe(false);
    const torre = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const free = await t.rest('POST', `/neighborhoods/${torre.id}/houses_types`, { predefined: 'Otro', title: 'Bodega' }, { token: admin });
    expect(free).toMatchObject({ status: 201, body: { title: 'Bodega', amount: null } });
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

describe('house types on the kernel (issue 8)', () => {
  it('money through core/money.ts: two decimals out, no floats or exponents in, within Decimal range', async () => {
    const created = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'Cochera', amount: '1500.5' }, { token: config });
    expect(created.body.amount).toBe('1500.50');
    for (const amount of ['1e3', '12.345', '1000000000000.00', 'NaN', ' ', '-0.01']) {
      const bad = await t.rest('PUT', `/neighborhoods/1/houses_types/${created.body.id}`, { is_custom: true, title: 'Cochera', amount }, { token: config });
      expect(bad.body, amount).toEqual({
        code: 400,
        description:
          amount === ' ' ? 'La cuota de mantenimiento es requerida' : 'La cuota de mantenimiento debe ser una cantidad positiva con hasta dos decimales',
      });
    }
    const row = await t.app.db.prisma.houseType.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.amount?.toFixed(2)).toBe('1500.50');
    await t.rest('DELETE', `/neighborhoods/1/houses_types/${created.body.id}`, undefined, { token: config });
  });

  it('bounds every string and the list filter, and the same Idempotency-Key creates once', async () => {
    const before = await t.app.db.prisma.houseType.count();
    const long = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'x'.repeat(8000), amount: '1' }, { token: config });
    expect(long.body).toEqual({ code: 400, description: 'El nombre del tipo de propiedad debe tener como máximo 120 caracteres' });
    const longDescription = await t.rest(
      'POST',
      '/neighborhoods/1/houses_types',
      { predefined: 'Otro', title: 'Largo', description: 'x'.repeat(501), amount: '1' },
      { token: config },
    );
    expect(longDescription.status).toBe(400);
    expect((await t.rest('GET', `/neighborhoods/1/houses_types?name=${'b'.repeat(8000)}`, undefined, { token: config })).status).toBe(400);
    expect(await t.app.db.prisma.houseType.count()).toBe(before);

    const headers = { 'idempotency-key': 'alta-tipo-taller' };
    const first = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'Taller', amount: '10' }, { token: config, headers });
    const again = await t.rest('POST', '/neighborhoods/1/houses_types', { predefined: 'Otro', title: 'Taller', amount: '10' }, { token: config, headers });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await t.app.db.prisma.houseType.count({ where: { title: 'Taller' } })).toBe(1);
    expect(await t.app.db.prisma.auditLog.count({ where: { entity: 'HouseType', entityId: String(first.body.id), action: 'CREATE' } })).toBe(1);
  });
});

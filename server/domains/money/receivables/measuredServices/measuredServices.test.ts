import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let torreId: number;
const CONCEPTS = '/neighborhoods/1/measured_services/concepts';
const SERVICES = '/neighborhoods/1/measured_services/services';

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx'].map((e) => t.signIn(e)));
  torreId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token = admin) => t.rest('POST', path, body, { token });

async function concept(body: Record<string, unknown>) {
  const res = await post(CONCEPTS, body);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

let consumo: number;
let drenaje: number;
let total: number;
let cuota: number;

describe('service concepts', () => {
  it('creates, lists in order, updates, moves and deletes through REST', async () => {
    consumo = await concept({ concept: 'Consumo', type: 'FIXED' });
    drenaje = await concept({ concept: 'Drenaje', type: 'PERCENT', amount: '20', calculate_iva: true, iva_percent: '16' });
    total = await concept({ concept: 'Total', type: 'TOTAL', amount: '5' });
    cuota = await concept({ concept: 'Cuota fija', type: 'FIXED_TOTAL' });
    const list = await t.rest('GET', `${CONCEPTS}?page_size=100&offset=0`, undefined, { token: admin });
    expect(list.status).toBe(200);
    // The demo community has its water service's concepts first: these four follow, in creation order.
    const mine = (body: any) => body.content.filter((c: any) => [consumo, drenaje, total, cuota].includes(c.id));
    expect(mine(list.body).map((c: any) => c.concept)).toEqual(['Consumo', 'Drenaje', 'Total', 'Cuota fija']);
    expect(mine(list.body)[1]).toMatchObject({ type: 'PERCENT', amount: '20', calculate_iva: true, iva_percent: '16' });
    // amount is kept only for PERCENT
    expect(mine(list.body)[2].amount).toBeNull();

    const moved = await t.rest('PATCH', `${CONCEPTS}/${total}/move`, { direction: 'UP' }, { token: admin });
    expect(moved.status).toBe(200);
    const again = await t.rest('GET', CONCEPTS, undefined, { token: admin });
    expect(mine(again.body).map((c: any) => c.concept)).toEqual(['Consumo', 'Total', 'Drenaje', 'Cuota fija']);
    await t.rest('PATCH', `${CONCEPTS}/${total}/move`, { direction: 'DOWN' }, { token: admin });
    // at the top, UP changes nothing
    const first = (await t.rest('GET', CONCEPTS, undefined, { token: admin })).body.content[0];
    expect((await t.rest('PATCH', `${CONCEPTS}/${first.id}/move`, { direction: 'UP' }, { token: admin })).status).toBe(200);
    expect((await t.rest('GET', CONCEPTS, undefined, { token: admin })).body.content[0].id).toBe(first.id);
    expect((await t.rest('PATCH', `${CONCEPTS}/${consumo}/move`, { direction: 'LEFT' }, { token: admin })).status).toBe(400);

    const upd = await t.rest('PUT', `${CONCEPTS}/${cuota}`, { concept: 'Cuota de conexión', type: 'FIXED_TOTAL' }, { token: admin });
    expect(upd.body).toMatchObject({ id: cuota, concept: 'Cuota de conexión' });
    const temp = await concept({ concept: 'Temporal', type: 'SUBTOTAL' });
    expect((await t.rest('DELETE', `${CONCEPTS}/${temp}`, undefined, { token: admin })).status).toBe(200);
    expect((await t.rest('GET', `${CONCEPTS}/${temp}`, undefined, { token: admin })).status).toBe(404);
  });

  it('refuses the spec rules in Spanish', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ concept: 'X', type: 'TOTAL', calculate_iva: true, iva_percent: '16' }, 'Solo los conceptos de tipo fijo o porcentaje pueden calcular IVA'],
      [{ concept: 'X', type: 'FIXED', calculate_iva: true }, 'El porcentaje de IVA es requerido'],
      [{ concept: 'X', type: 'FIXED', calculate_iva: true, iva_percent: '101' }, 'El porcentaje de IVA debe estar entre 0 y 100'],
      [{ concept: 'X', type: 'PERCENT' }, 'El porcentaje es requerido'],
      [{ concept: 'X', type: 'PERCENT', amount: '-5' }, 'El porcentaje debe estar entre 0 y 100 con hasta cuatro decimales'],
      [{ concept: 'a\u0000b', type: 'FIXED' }, 'contiene caracteres no permitidos'],
      [{ concept: 'x'.repeat(10_000), type: 'FIXED' }, 'El nombre debe tener como máximo 80 caracteres'],
      [{ concept: '', type: 'FIXED' }, 'El nombre es requerido'],
      [{ concept: 'X', type: 'OTHER' }, 'Elige el tipo del concepto'],
    ];
    for (const [body, message] of cases) {
      const res = await post(CONCEPTS, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.description).toContain(message);
    }
  });

  it('refuses owners, administrators without the grant and other communities', async () => {
    expect((await post(CONCEPTS, { concept: 'X', type: 'FIXED' }, owner)).status).toBe(403);
    expect((await t.rest('GET', CONCEPTS, undefined, { token: owner })).status).toBe(403);
    const role = await t.app.db.prisma.role.findFirstOrThrow({ where: { neighborhoodId: 1, kind: 'ADMIN' } });
    await t.app.db.prisma.role.update({
      where: { id: role.id },
      data: { grants: role.grants.filter((g) => !['CServicesConceptsCreate', 'CServicesConceptsDelete', 'AServicesCreate'].includes(g)) },
    });
    try {
      const token = await t.signIn('admin@demo.mx');
      expect((await post(CONCEPTS, { concept: 'X', type: 'FIXED' }, token)).status).toBe(403);
      expect((await t.rest('DELETE', `${CONCEPTS}/${cuota}`, undefined, { token })).status).toBe(403);
      expect((await post(SERVICES, { description: 'X', type: 'FACTOR', concepts: [] }, token)).status).toBe(403);
      expect((await t.rest('GET', CONCEPTS, undefined, { token })).status).toBe(200);
    } finally {
      await t.app.db.prisma.role.update({ where: { id: role.id }, data: { grants: role.grants } });
    }
    const foreign = await t.app.db.prisma.serviceConcept.create({
      data: { neighborhoodId: torreId, name: 'Ajeno', type: 'FIXED', position: 1 },
    });
    expect((await t.rest('GET', `${CONCEPTS}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PUT', `${CONCEPTS}/${foreign.id}`, { concept: 'Mío', type: 'FIXED' }, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `${CONCEPTS}/${foreign.id}`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('PATCH', `${CONCEPTS}/${foreign.id}/move`, { direction: 'UP' }, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', `/neighborhoods/${torreId}/measured_services/concepts`, undefined, { token: admin })).status).toBe(404);
    const svc = await post(SERVICES, {
      description: 'Con ajeno',
      type: 'TABLE',
      concepts: [{ id: foreign.id, base: true }],
      ranges: [{ from: '0', to: '1', amounts: [] }],
    });
    expect(svc.status).toBe(400);
    expect(svc.body.description).toContain('Uno de los conceptos no existe');
  });
});

const water = () => ({
  description: 'Agua potable',
  type: 'TABLE',
  concepts: [{ id: consumo, base: true }, { id: drenaje }, { id: total }],
  ranges: [
    { from: '0', to: '10', amounts: [{ concept_id: consumo, amount: '12.5' }] },
    { from: '10.001', to: '20', amounts: [{ concept_id: consumo, amount: '15' }] },
    { from: '20.001', to: '999999', amounts: [{ concept_id: consumo, amount: '18' }] },
  ],
});

describe('measured services', () => {
  let serviceId: number;
  it('creates a TABLE service with its own wallet and income concept', async () => {
    const res = await post(SERVICES, water());
    expect(res.status).toBe(201);
    serviceId = res.body.id;
    expect(res.body.concepts.map((c: any) => [c.concept, c.base])).toEqual([
      ['Consumo', true],
      ['Drenaje', false],
      ['Total', false],
    ]);
    expect(res.body.ranges.map((r: any) => [r.from, r.to, r.amounts])).toEqual([
      ['0', '10', [{ concept_id: consumo, amount: '12.5' }]],
      ['10.001', '20', [{ concept_id: consumo, amount: '15' }]],
      ['20.001', '999999', [{ concept_id: consumo, amount: '18' }]],
    ]);
    const wallet = await t.app.db.prisma.wallet.findUniqueOrThrow({ where: { id: res.body.id_wallet } });
    expect(wallet).toMatchObject({ type: 'MEASURED_SERVICE', measuredServiceId: serviceId, neighborhoodId: 1, name: 'Agua potable' });
    const income = await t.app.db.prisma.incomeConcept.findUniqueOrThrow({ where: { id: res.body.id_concept } });
    expect(income).toMatchObject({ walletId: wallet.id, description: 'Agua potable', deletable: false });
    const list = await t.rest('GET', `${SERVICES}?page_size=20&offset=0`, undefined, { token: admin });
    expect(list.body.total).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad services in Spanish, never a 500', async () => {
    const base = water();
    const cases: [unknown, string][] = [
      [{ ...base, ranges: [{ from: '0', to: '', amounts: [{ concept_id: consumo, amount: '1' }] }] }, 'El rango es requerido'],
      [{ ...base, ranges: [{ from: '0', to: '10', amounts: [] }] }, 'Todos los conceptos habilitados son requeridos'],
      [{ ...base, ranges: [{ from: '0', to: '10', amounts: [{ concept_id: consumo, amount: '' }] }] }, 'Todos los conceptos habilitados son requeridos'],
      [
        { ...base, ranges: [{ from: '0', to: '10', amounts: [{ concept_id: consumo, amount: '-1' }] }] },
        'Los montos deben ser cantidades mayores o iguales a cero',
      ],
      [
        { ...base, ranges: [{ from: '10', to: '5', amounts: [{ concept_id: consumo, amount: '1' }] }] },
        'El final del rango debe ser mayor o igual a su inicio',
      ],
      [
        {
          ...base,
          ranges: [
            { from: '0', to: '10', amounts: [{ concept_id: consumo, amount: '1' }] },
            { from: '10', to: '20', amounts: [{ concept_id: consumo, amount: '1' }] },
          ],
        },
        'Los rangos no deben traslaparse',
      ],
      [
        {
          ...base,
          concepts: [
            { id: consumo, base: true },
            { id: drenaje, base: true },
          ],
        },
        'El servicio debe tener exactamente un concepto base',
      ],
      [{ ...base, concepts: [{ id: drenaje, base: true }] }, 'El concepto base debe ser de tipo fijo'],
      [{ ...base, concepts: [] }, 'Selecciona al menos un concepto'],
      [{ ...base, concepts: Array.from({ length: 7 }, (_, i) => ({ id: i + 1, base: i === 0 })) }, 'Un servicio puede tener como máximo 6 conceptos'],
      [{ ...base, description: 'a\u0000' }, 'contiene caracteres no permitidos'],
      [{ ...base, description: 'x'.repeat(10_000) }, 'La descripción debe tener como máximo 120 caracteres'],
      [{ ...base, type: 'FACTOR', ranges: [] }, 'El costo es requerido'],
      [{ ...base, type: 'FACTOR', preset_cost: '1', preset_conversion_rate: '0', ranges: [] }, 'El factor de conversión debe ser mayor a cero'],
      [{ ...base, ranges: [] }, 'Agrega al menos un rango de consumo'],
    ];
    for (const [body, message] of cases) {
      const res = await post(SERVICES, body);
      expect(res.status, message).toBe(400);
      expect(res.body.description).toContain(message);
    }
  });

  it('changing the concepts needs ranges that fit the new set; the old ranges are replaced', async () => {
    const withCuota = { ...water(), concepts: [...water().concepts, { id: cuota }] };
    const refused = await t.rest('PUT', `${SERVICES}/${serviceId}`, withCuota, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.description).toContain('Todos los conceptos habilitados son requeridos');
    const ok = await t.rest(
      'PUT',
      `${SERVICES}/${serviceId}`,
      {
        ...withCuota,
        ranges: [
          {
            from: '0',
            to: '100',
            amounts: [
              { concept_id: consumo, amount: '10' },
              { concept_id: cuota, amount: '50' },
            ],
          },
        ],
      },
      { token: admin },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.ranges).toHaveLength(1);
    expect(ok.body.concepts).toHaveLength(4);
  });

  it('a concept in use cannot be deleted nor change type', async () => {
    const del = await t.rest('DELETE', `${CONCEPTS}/${consumo}`, undefined, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.description).toContain('quítalo del servicio');
    const type = await t.rest('PUT', `${CONCEPTS}/${consumo}`, { concept: 'Consumo', type: 'FIXED_TOTAL' }, { token: admin });
    expect(type.status).toBe(400);
  });

  it('a FACTOR service through GraphQL, with no ranges', async () => {
    const g = (id: number) => Buffer.from(`ServiceConcept:${id}`).toString('base64');
    const res = await t.gql(
      `mutation($input: CreateMeasuredServiceInput!) { createMeasuredService(input: $input) { __typename ... on Error { message } ... on MutationCreateMeasuredServiceSuccess { data { service { id type presetCost presetConversionRate ranges { from } } } } } }`,
      {
        input: {
          service: { description: 'Gas', type: 'FACTOR', presetCost: '21.5', presetConversionRate: '1.25', concepts: [{ conceptId: g(consumo), base: true }] },
        },
      },
      { token: admin },
    );
    expect(res.body.data.createMeasuredService.data.service).toMatchObject({ type: 'FACTOR', presetCost: '21.5', presetConversionRate: '1.25', ranges: [] });
    const forbidden = await t.gql('{ measuredServices(first: 5) { totalCount } }', {}, { token: owner });
    expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('lists services in a constant number of SQL statements (no N+1)', async () => {
    const statements = async (first: number) => {
      const before = t.app.db.statements();
      const res = await t.gql(
        `query($n: Int) { measuredServices(first: $n) { totalCount edges { node { databaseId hasPeriods concepts { base concept { name } } ranges { from amounts { amount } } } } } }`,
        { n: first },
        { token: admin },
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.measuredServices.edges.length).toBe(Math.min(first, res.body.data.measuredServices.totalCount));
      return t.app.db.statements() - before;
    };
    // The fewest of three requests: a request may also record its session as seen.
    const fewest = async (first: number) => Math.min(await statements(first), await statements(first), await statements(first));
    expect(await fewest(20)).toBeLessThanOrEqual((await fewest(1)) + 1);
  });

  it('refuses deleting a service with periods, deletes one without', async () => {
    const period = await t.app.db.prisma.servicePeriod.create({
      data: { neighborhoodId: 1, serviceId, description: 'Enero', cost: 0, conversionRate: 1, dueDate: new Date('2026-01-31') },
    });
    const refused = await t.rest('DELETE', `${SERVICES}/${serviceId}`, undefined, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe('El servicio tiene periodos registrados: no se puede eliminar');
    await t.app.db.prisma.servicePeriod.update({ where: { id: period.id }, data: { status: 'DELETED' } });
    expect((await t.rest('DELETE', `${SERVICES}/${serviceId}`, undefined, { token: admin })).status).toBe(200);
    expect((await t.rest('GET', `${SERVICES}/${serviceId}`, undefined, { token: admin })).status).toBe(404);
    // once no live service uses it, the concept can be deleted
    const gas = await t.app.db.prisma.measuredService.findFirstOrThrow({ where: { description: 'Gas' } });
    expect((await t.rest('DELETE', `${SERVICES}/${gas.id}`, undefined, { token: admin })).status).toBe(200);
    expect((await t.rest('DELETE', `${CONCEPTS}/${consumo}`, undefined, { token: admin })).status).toBe(200);
  });

  it("another community's service is not found", async () => {
    expect((await t.rest('GET', `/neighborhoods/${torreId}/measured_services/services`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('GET', `${SERVICES}/999999`, undefined, { token: admin })).status).toBe(404);
    expect((await t.rest('DELETE', `${SERVICES}/abc`, undefined, { token: admin })).status).toBeLessThan(500);
  });
});

import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { CONCEPT_REQUIRED, TO_AFTER_FROM } from '../../../../core/amenities.js';

let t: TestApp;
let config: string;
let admin: string;
let olivosId: number;
let torreId: number;
beforeAll(async () => {
  t = await startTestApp();
  config = await t.signIn('config@demo.mx');
  admin = await t.signIn('admin@demo.mx');
  olivosId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  torreId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } })).id;
});
afterAll(() => t.close());

const SETTINGS = () => `/neighborhoods/${olivosId}/settings/amenities`;
const FIELDS = `id databaseId name description cost deposit fromTime toTime maxOrdinaryDebt reservationUnit availableFrom availableTo ownersOnly enabled
  receiptConcept { conceptId description systemKey }`;
const CREATE = `mutation($input: CreateAmenityInput!) { createAmenity(input: $input) { __typename
  ... on InputError { issues { field message } } ... on Error { code message }
  ... on MutationCreateAmenitySuccess { data { amenity { ${FIELDS} } } } } }`;
const UPDATE = `mutation($input: UpdateAmenityInput!) { updateAmenity(input: $input) { __typename
  ... on InputError { issues { field message } } ... on Error { code message }
  ... on MutationUpdateAmenitySuccess { data { amenity { ${FIELDS} } } } } }`;
const SWITCH = `mutation($input: SetAmenityEnabledInput!) { setAmenityEnabled(input: $input) { __typename ... on Error { code message }
  ... on MutationSetAmenityEnabledSuccess { data { amenity { id enabled } } } } }`;
const DELETE = `mutation($input: DeleteAmenityInput!) { deleteAmenity(input: $input) { __typename ... on Error { code message }
  ... on MutationDeleteAmenitySuccess { data { deletedId } } } }`;
const LIST = `query($first: Int!, $offset: Int, $filter: AmenityFilter) { amenities(first: $first, offset: $offset, filter: $filter) {
  totalCount edges { node { databaseId name enabled cost } } } }`;

const amenityRows = () => t.app.db.prisma.amenity.findMany({ orderBy: { id: 'asc' } });
const audits = (id: number) => t.app.db.prisma.auditLog.findMany({ where: { entity: 'Amenity', entityId: String(id) }, orderBy: { id: 'asc' } });

describe('demo amenities', () => {
  it('Los Olivos has its salón (800.00, deposit 1000.00, by the hour 09:00–22:00) and its alberca (free, by the day, owners only)', async () => {
    const { body } = await t.rest('GET', SETTINGS(), undefined, { token: config });
    const concept = await t.app.db.prisma.incomeConcept.findFirst({ where: { neighborhoodId: olivosId, systemKey: 'AMENITY' } });
    expect(body.total).toBe(2);
    expect(body.content).toEqual([
      {
        id: expect.any(Number),
        name: 'Alberca',
        description: expect.any(String),
        cost: null,
        deposit: null,
        from: '08:00',
        to: '20:00',
        max_ordinary_debt: null,
        reservation_unit: 'DAY',
        available_from: null,
        available_to: null,
        owners_only: true,
        id_receipt_concept: null,
        enabled: true,
      },
      {
        id: expect.any(Number),
        name: 'Salón de usos múltiples',
        description: expect.any(String),
        cost: '800.00',
        deposit: '1000.00',
        from: '09:00',
        to: '22:00',
        max_ordinary_debt: null,
        reservation_unit: 'HOUR',
        available_from: null,
        available_to: null,
        owners_only: false,
        id_receipt_concept: concept?.id ?? null,
        enabled: true,
      },
    ]);
  });
});

describe('amenities through GraphQL', () => {
  it('creates with the AMENITY concept by default, reads, lists by name and page, updates and removes the deposit by the debt rule', async () => {
    const created = await t.gql(
      CREATE,
      {
        input: {
          amenity: {
            name: '  Cancha de pádel ',
            cost: '350.5',
            deposit: '500',
            fromTime: '07:00',
            toTime: '21:30',
            availableFrom: '2026-01-01',
            availableTo: '2026-12-31',
          },
        },
      },
      { token: config },
    );
    const amenity = created.body.data.createAmenity.data.amenity;
    expect(amenity).toMatchObject({
      name: 'Cancha de pádel',
      cost: '350.50',
      deposit: '500.00',
      fromTime: '07:00',
      toTime: '21:30',
      reservationUnit: 'HOUR',
      availableFrom: '2026-01-01',
      availableTo: '2026-12-31',
      ownersOnly: false,
      enabled: true,
      receiptConcept: { systemKey: 'AMENITY', description: 'Reservación de área común' },
    });

    const page = await t.gql(LIST, { first: 2, offset: 0, filter: { name: 'A' } }, { token: config });
    expect(page.body.data.amenities.totalCount).toBe(3);
    expect(page.body.data.amenities.edges.map((e: any) => e.node.name)).toEqual(['Alberca', 'Cancha de pádel']);
    const second = await t.gql(LIST, { first: 2, offset: 2, filter: { name: 'A' } }, { token: config });
    expect(second.body.data.amenities.edges.map((e: any) => e.node.name)).toEqual(['Salón de usos múltiples']);

    const node = await t.gql(`query($id: ID!) { node(id: $id) { ... on Amenity { name cost } } }`, { id: amenity.id }, { token: config });
    expect(node.body.data.node).toEqual({ name: 'Cancha de pádel', cost: '350.50' });

    const updated = await t.gql(
      UPDATE,
      {
        input: {
          id: amenity.id,
          amenity: {
            name: 'Cancha de pádel techada',
            cost: '400',
            deposit: '500',
            maxOrdinaryDebt: '0',
            fromTime: '07:00',
            toTime: '22:00',
            reservationUnit: 'DAY',
            ownersOnly: true,
          },
        },
      },
      { token: config },
    );
    expect(updated.body.data.updateAmenity.data.amenity).toMatchObject({
      name: 'Cancha de pádel techada',
      cost: '400.00',
      // Spec 3 section 5: a debt limit of zero or less removes the deposit.
      deposit: null,
      maxOrdinaryDebt: '0.00',
      reservationUnit: 'DAY',
      ownersOnly: true,
      availableFrom: null,
    });
    const rows = await audits(amenity.databaseId);
    expect(rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE']);
    expect(rows[0].data).toMatchObject({ name: 'Cancha de pádel', cost: '350.50', deposit: '500.00' });
    expect(rows[1].userId).not.toBeNull();
    expect(rows[1].neighborhoodId).toBe(olivosId);
  });

  it('takes % and _ in a name or a search as themselves', async () => {
    const create = (name: string) => t.gql(CREATE, { input: { amenity: { name, fromTime: '08:00', toTime: '09:00' } } }, { token: config });
    expect((await create('Kiosko-1')).body.data.createAmenity.__typename).toBe('MutationCreateAmenitySuccess');
    // ILIKE would have read _ as any character and refused it as «Kiosko-1» again.
    expect((await create('kiosko_1')).body.data.createAmenity.__typename).toBe('MutationCreateAmenitySuccess');
    expect((await create('KIOSKO_1')).body.data.createAmenity).toEqual({
      __typename: 'ConflictError',
      code: 409,
      message: 'Ya existe un espacio común llamado KIOSKO_1',
    });
    const names = async (name: string) =>
      (await t.gql(LIST, { first: 50, filter: { name } }, { token: config })).body.data.amenities.edges.map((e: any) => e.node.name).sort();
    expect(await names('%')).toEqual([]);
    expect(await names('o_1')).toEqual(['kiosko_1']);
    expect(await names(' kiosko ')).toEqual(['Kiosko-1', 'kiosko_1']);
  });

  it('answers each bad field in Spanish under its name and changes nothing', async () => {
    const before = await amenityRows();
    const bad = await t.gql(
      CREATE,
      { input: { amenity: { name: '', cost: '-3', fromTime: '25:00', toTime: '08:00', availableFrom: '2026-02-30' } } },
      { token: config },
    );
    expect(bad.body.data.createAmenity).toMatchObject({
      __typename: 'InputError',
      code: 400,
      issues: [
        { field: 'name', message: 'El nombre del espacio común es requerido' },
        { field: 'cost', message: 'El costo debe ser una cantidad de cero o más con hasta dos decimales' },
        { field: 'fromTime', message: 'La hora debe tener el formato HH:mm (de 00:00 a 23:59)' },
        { field: 'availableFrom', message: 'La fecha debe tener el formato AAAA-MM-DD' },
      ],
    });
    const order = await t.gql(CREATE, { input: { amenity: { name: 'Gimnasio', fromTime: '22:00', toTime: '06:00' } } }, { token: config });
    expect(order.body.data.createAmenity.issues).toEqual([{ field: 'toTime', message: TO_AFTER_FROM }]);
    const duplicate = await t.gql(CREATE, { input: { amenity: { name: 'ALBERCA', fromTime: '08:00', toTime: '09:00' } } }, { token: config });
    expect(duplicate.body.data.createAmenity).toEqual({ __typename: 'ConflictError', code: 409, message: 'Ya existe un espacio común llamado ALBERCA' });
    const huge = await t.gql(CREATE, { input: { amenity: { name: 'x'.repeat(9000), fromTime: '08:00', toTime: '09:00' } } }, { token: config });
    expect(huge.body.data.createAmenity.issues).toEqual([{ field: 'name', message: 'El nombre del espacio común debe tener como máximo 120 caracteres' }]);
    expect(await amenityRows()).toEqual(before);
  });

  it('needs a concept for a cost when the community has no AMENITY concept', async () => {
    const concept = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: olivosId, systemKey: 'AMENITY' } });
    await t.app.db.prisma.incomeConcept.update({ where: { id: concept.id }, data: { deletedAt: new Date() } });
    try {
      const { body } = await t.gql(CREATE, { input: { amenity: { name: 'Asadores', cost: '150', fromTime: '10:00', toTime: '18:00' } } }, { token: config });
      expect(body.data.createAmenity.issues).toEqual([{ field: 'receiptConceptId', message: CONCEPT_REQUIRED }]);
      const free = await t.gql(CREATE, { input: { amenity: { name: 'Asadores', fromTime: '10:00', toTime: '18:00' } } }, { token: config });
      expect(free.body.data.createAmenity.data.amenity).toMatchObject({ cost: null, receiptConcept: null });
    } finally {
      await t.app.db.prisma.incomeConcept.update({ where: { id: concept.id }, data: { deletedAt: null } });
    }
  });

  it('enables and disables; deletes only an enabled amenity, which frees its name', async () => {
    const { body } = await t.gql(CREATE, { input: { amenity: { name: 'Ludoteca', fromTime: '10:00', toTime: '19:00' } } }, { token: config });
    const { id, databaseId } = body.data.createAmenity.data.amenity;
    const off = await t.gql(SWITCH, { input: { id, enabled: false } }, { token: config });
    expect(off.body.data.setAmenityEnabled.data.amenity).toEqual({ id, enabled: false });
    const again = await t.gql(SWITCH, { input: { id, enabled: false } }, { token: config });
    expect(again.body.data.setAmenityEnabled.data.amenity.enabled).toBe(false);
    const refused = await t.gql(DELETE, { input: { id } }, { token: config });
    expect(refused.body.data.deleteAmenity).toEqual({
      __typename: 'ConflictError',
      code: 409,
      message: 'Solo se puede eliminar un espacio común habilitado: habilítalo primero',
    });
    expect((await t.app.db.prisma.amenity.findUniqueOrThrow({ where: { id: databaseId } })).deletedAt).toBeNull();
    const disabledList = await t.gql(LIST, { first: 10, filter: { enabled: false } }, { token: config });
    expect(disabledList.body.data.amenities.edges.map((e: any) => e.node.name)).toEqual(['Ludoteca']);
    await t.gql(SWITCH, { input: { id, enabled: true } }, { token: config });
    const deleted = await t.gql(DELETE, { input: { id } }, { token: config });
    expect(deleted.body.data.deleteAmenity.data.deletedId).toBe(id);
    expect((await t.app.db.prisma.amenity.findUniqueOrThrow({ where: { id: databaseId } })).deletedAt).not.toBeNull();
    expect((await t.gql(`query($id: ID!) { node(id: $id) { id } }`, { id }, { token: config })).body.data.node).toBeNull();
    expect((await t.gql(SWITCH, { input: { id, enabled: false } }, { token: config })).body.data.setAmenityEnabled.code).toBe(404);
    // The repeat of the same state wrote no row: create, disable, enable, delete.
    expect((await audits(databaseId)).map((r) => r.action)).toEqual(['CREATE', 'DISABLE', 'ENABLE', 'DELETE']);
    const reused = await t.gql(CREATE, { input: { amenity: { name: 'ludoteca', fromTime: '10:00', toTime: '19:00' } } }, { token: config });
    expect(reused.body.data.createAmenity.__typename).toBe('MutationCreateAmenitySuccess');
  });

  it('keeps one amenity of a name under simultaneous creations, and answers a repeated idempotency key with the first', async () => {
    const input = { amenity: { name: 'Sala de cine', fromTime: '16:00', toTime: '23:00' } };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.gql(CREATE, { input }, { token: config })));
    const kinds = answers.map((a) => a.body.data.createAmenity.__typename).sort();
    expect(kinds).toEqual(['ConflictError', 'ConflictError', 'ConflictError', 'MutationCreateAmenitySuccess']);
    expect(await t.app.db.prisma.amenity.count({ where: { name: 'Sala de cine', deletedAt: null } })).toBe(1);
    const cine = answers.find((a) => a.body.data.createAmenity.data)!.body.data.createAmenity.data.amenity;
    const switches = await Promise.all([false, true, false, true].map((enabled) => t.gql(SWITCH, { input: { id: cine.id, enabled } }, { token: config })));
    expect(switches.map((a) => a.body.data?.setAmenityEnabled.__typename)).toEqual(Array(4).fill('MutationSetAmenityEnabledSuccess'));
    const keyed = { amenity: { name: 'Sala de lectura', fromTime: '08:00', toTime: '20:00' }, idempotencyKey: 'amenity-lectura-1' };
    const first = await t.gql(CREATE, { input: keyed }, { token: config });
    const repeat = await t.gql(CREATE, { input: keyed }, { token: config });
    expect(repeat.body.data.createAmenity.data.amenity.id).toBe(first.body.data.createAmenity.data.amenity.id);
    expect(await t.app.db.prisma.amenity.count({ where: { name: 'Sala de lectura' } })).toBe(1);
  });

  it('offers the income concepts of the community, the AMENITY one first', async () => {
    const { body } = await t.gql('{ amenityReceiptConcepts { conceptId databaseId description systemKey } }', {}, { token: config });
    const concepts = body.data.amenityReceiptConcepts;
    expect(concepts[0]).toMatchObject({ systemKey: 'AMENITY' });
    const own = await t.app.db.prisma.incomeConcept.count({ where: { neighborhoodId: olivosId, deletedAt: null } });
    expect(concepts).toHaveLength(own);
  });
});

describe('amenities through REST', () => {
  it('creates (POST), reads, updates (PUT), saves by body id (PUT on the list), enables, disables and deletes', async () => {
    const created = await t.rest(
      'POST',
      SETTINGS(),
      { name: 'Terraza', cost: 250, deposit: '300.00', from: '12:00', to: '23:00', reservation_unit: 'HOUR', max_ordinary_debt: 100 },
      { token: config },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Terraza', cost: '250.00', deposit: '300.00', max_ordinary_debt: '100.00', from: '12:00', to: '23:00' });
    const id = created.body.id;
    expect((await t.rest('GET', `${SETTINGS()}/${id}`, undefined, { token: config })).body).toEqual(created.body);
    const put = await t.rest('PUT', `${SETTINGS()}/${id}`, { name: 'Terraza jardín', from: '12:00', to: '23:00', owners_only: true }, { token: config });
    expect(put.body).toMatchObject({ id, name: 'Terraza jardín', cost: null, deposit: null, owners_only: true, id_receipt_concept: null });
    const saved = await t.rest('PUT', SETTINGS(), { id, name: 'Terraza jardín', from: '11:00', to: '23:00', available_from: '2026-05-01' }, { token: config });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id, from: '11:00', available_from: '2026-05-01' });
    const savedNew = await t.rest('PUT', SETTINGS(), { name: 'Sala de juntas', from: '08:00', to: '20:00' }, { token: config });
    expect(savedNew.body).toMatchObject({ id: expect.any(Number), name: 'Sala de juntas', enabled: true });
    expect(savedNew.body.id).not.toBe(id);
    expect((await t.rest('PUT', `${SETTINGS()}/${id}/disable`, undefined, { token: config })).body.enabled).toBe(false);
    const refused = await t.rest('DELETE', `${SETTINGS()}/${id}`, undefined, { token: config });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, description: 'Solo se puede eliminar un espacio común habilitado: habilítalo primero' });
    expect((await t.rest('PUT', `${SETTINGS()}/${id}/enable`, undefined, { token: config })).body.enabled).toBe(true);
    expect((await t.rest('DELETE', `${SETTINGS()}/${id}`, undefined, { token: config })).body).toEqual({ content: true });
    expect((await t.rest('GET', `${SETTINGS()}/${id}`, undefined, { token: config })).status).toBe(404);
    expect((await audits(id)).map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DISABLE', 'ENABLE', 'DELETE']);
    const filtered = await t.rest('GET', `${SETTINGS()}?name=juntas&page_size=1`, undefined, { token: config });
    expect(filtered.body).toMatchObject({ total: 1, content: [{ name: 'Sala de juntas' }] });
  });

  it('answers bad input with 400 and Spanish messages, changing nothing', async () => {
    const before = await amenityRows();
    const cases: [unknown, string][] = [
      [{ name: 'Kiosko', from: '10:00', to: '09:00' }, TO_AFTER_FROM],
      [{ name: ' ', from: '10:00', to: '11:00' }, 'El nombre del espacio común es requerido'],
      [{ name: 'Kiosko', from: '10:00', to: '11:00', deposit: 'mil' }, 'El depósito debe ser una cantidad de cero o más con hasta dos decimales'],
      [
        { name: 'Kiosko', from: '10:00', to: '11:00', available_from: '2026-03-01', available_to: '2026-02-01' },
        'La fecha final no puede ser anterior a la fecha inicial',
      ],
      [{ name: 'Kiosko', from: '10:00' }, 'El campo to es requerido'],
    ];
    for (const [body, description] of cases) {
      const answer = await t.rest('POST', SETTINGS(), body, { token: config });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, description });
    }
    const unit = await t.rest('POST', SETTINGS(), { name: 'Kiosko', from: '10:00', to: '11:00', reservation_unit: 'WEEK' }, { token: config });
    expect(unit.status).toBe(400);
    expect(unit.body.description).toMatch(/^reservation_unit: /);
    expect(await amenityRows()).toEqual(before);
  });
});

describe('grants and communities', () => {
  it('refuses owners and security staff everything', async () => {
    const salon = await t.app.db.prisma.amenity.findFirstOrThrow({ where: { neighborhoodId: olivosId, name: 'Salón de usos múltiples' } });
    const before = await amenityRows();
    for (const email of ['propietario@demo.mx', 'seguridad@demo.mx']) {
      const token = await t.signIn(email);
      const body = { name: 'Cine', from: '10:00', to: '12:00' };
      expect((await t.rest('GET', SETTINGS(), undefined, { token })).status).toBe(403);
      expect((await t.rest('GET', `${SETTINGS()}/${salon.id}`, undefined, { token })).status).toBe(403);
      expect((await t.rest('POST', SETTINGS(), body, { token })).status).toBe(403);
      expect((await t.rest('PUT', SETTINGS(), body, { token })).status).toBe(403);
      expect((await t.rest('PUT', `${SETTINGS()}/${salon.id}`, body, { token })).status).toBe(403);
      expect((await t.rest('PUT', `${SETTINGS()}/${salon.id}/disable`, undefined, { token })).status).toBe(403);
      expect((await t.rest('DELETE', `${SETTINGS()}/${salon.id}`, undefined, { token })).status).toBe(403);
      const gql = await t.gql(LIST, { first: 5 }, { token });
      expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect(await amenityRows()).toEqual(before);
  });

  it('lets the administration list (AAmenitiesRead alone) enable and disable, nothing else', async () => {
    const role = await t.app.db.prisma.role.findFirstOrThrow({ where: { neighborhoodId: olivosId, kind: 'SECURITY' } });
    await t.app.db.prisma.role.update({ where: { id: role.id }, data: { grants: [...role.grants, 'AAmenitiesRead'] } });
    try {
      const token = await t.signIn('seguridad@demo.mx');
      const salon = await t.app.db.prisma.amenity.findFirstOrThrow({ where: { neighborhoodId: olivosId, name: 'Salón de usos múltiples' } });
      expect((await t.rest('GET', SETTINGS(), undefined, { token })).status).toBe(200);
      expect((await t.rest('PUT', `${SETTINGS()}/${salon.id}/disable`, undefined, { token })).body.enabled).toBe(false);
      expect((await t.rest('PUT', `${SETTINGS()}/${salon.id}/enable`, undefined, { token })).body.enabled).toBe(true);
      expect((await t.rest('PUT', `${SETTINGS()}/${salon.id}`, { name: 'Otro', from: '10:00', to: '12:00' }, { token })).status).toBe(403);
      expect((await t.rest('DELETE', `${SETTINGS()}/${salon.id}`, undefined, { token })).status).toBe(403);
      expect((await t.gql('{ amenityReceiptConcepts { description } }', {}, { token })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    } finally {
      await t.app.db.prisma.role.update({ where: { id: role.id }, data: { grants: role.grants } });
    }
  });

  it("answers 404 for another community's amenity and 400 for its concept, changing nothing", async () => {
    const foreignConcept = await t.app.db.prisma.incomeConcept.findFirstOrThrow({ where: { neighborhoodId: torreId } });
    const foreign = await t.app.db.prisma.amenity.create({ data: { neighborhoodId: torreId, name: 'Roof garden', fromTime: '10:00', toTime: '20:00' } });
    const salon = await t.app.db.prisma.amenity.findFirstOrThrow({ where: { neighborhoodId: olivosId, name: 'Salón de usos múltiples' } });
    const before = await amenityRows();
    const body = { name: 'Hackeado', from: '10:00', to: '12:00' };
    for (const [method, path, payload] of [
      ['GET', `${SETTINGS()}/${foreign.id}`, undefined],
      ['PUT', `${SETTINGS()}/${foreign.id}`, body],
      ['PUT', SETTINGS(), { ...body, id: foreign.id }],
      ['PUT', `${SETTINGS()}/${foreign.id}/disable`, undefined],
      ['DELETE', `${SETTINGS()}/${foreign.id}`, undefined],
      ['PUT', `${SETTINGS()}/999999999/enable`, undefined],
    ] as const) {
      const answer = await t.rest(method, path, payload, { token: admin });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ code: 404, description: 'El espacio común no existe' });
    }
    // The community in the path must be the session's.
    expect((await t.rest('GET', `/neighborhoods/${torreId}/settings/amenities`, undefined, { token: admin })).status).toBe(404);
    const concept = await t.rest(
      'PUT',
      `${SETTINGS()}/${salon.id}`,
      { name: salon.name, cost: 800, from: '09:00', to: '22:00', id_receipt_concept: foreignConcept.id },
      { token: admin },
    );
    expect(concept.status).toBe(400);
    expect(concept.body).toEqual({ code: 400, description: 'El concepto de cobro no existe' });
    // A global id of another type is no concept either.
    const wrongType = await t.gql(
      UPDATE,
      {
        input: {
          id: encodeGlobalID('Amenity', salon.id),
          amenity: { name: salon.name, fromTime: '09:00', toTime: '22:00', receiptConceptId: encodeGlobalID('Street', 1) },
        },
      },
      { token: admin },
    );
    expect(wrongType.body.data.updateAmenity.issues).toEqual([{ field: 'receiptConceptId', message: 'El concepto de cobro no existe' }]);
    const viaGql = await t.gql(SWITCH, { input: { id: encodeGlobalID('Amenity', foreign.id), enabled: false } }, { token: admin });
    expect(viaGql.body.data.setAmenityEnabled.code).toBe(404);
    expect(await amenityRows()).toEqual(before);
  });

  it('without COBRANZA hides and keeps the money fields: saving does not touch them', async () => {
    const salon = await t.app.db.prisma.amenity.findFirstOrThrow({ where: { neighborhoodId: olivosId, name: 'Salón de usos múltiples' } });
    const community = await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: olivosId } });
    await t.app.db.prisma.neighborhood.update({ where: { id: olivosId }, data: { modules: community.modules.filter((m) => m !== 'COBRANZA') } });
    try {
      const token = await t.signIn('config@demo.mx');
      const read = await t.rest('GET', `${SETTINGS()}/${salon.id}`, undefined, { token });
      expect(read.body).toMatchObject({ cost: null, deposit: null, id_receipt_concept: null });
      const saved = await t.rest('PUT', `${SETTINGS()}/${salon.id}`, { name: salon.name, cost: 1, deposit: 2, from: '10:00', to: '22:00' }, { token });
      expect(saved.body).toMatchObject({ from: '10:00', cost: null });
      const row = await t.app.db.prisma.amenity.findUniqueOrThrow({ where: { id: salon.id } });
      expect([row.cost?.toFixed(2), row.deposit?.toFixed(2), row.receiptConceptId]).toEqual(['800.00', '1000.00', salon.receiptConceptId]);
      const concepts = await t.gql('{ amenityReceiptConcepts { description } }', {}, { token });
      expect(concepts.body.data.amenityReceiptConcepts).toEqual([]);
    } finally {
      await t.app.db.prisma.neighborhood.update({ where: { id: olivosId }, data: { modules: community.modules } });
    }
  });
});

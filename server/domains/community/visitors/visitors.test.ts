// Visitors and the gate through the real GraphQL handler on a real database (issue 30): the form's rules with
// the community's flags, who sees which visitor (houses, the administration with and without
// visitor_allow_admin_see_all, security), the gate's search, entry and departure under a race, the log,
// coming visitors, the public pass, the live arrival on a real socket, and other communities' ids.
import { createServer, type Server } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../../core/amenitySlots.js';
import { todayIn } from '../../../../core/receipts.js';
import { readFileSync } from 'node:fs';
import { gateKeyOf, REFERENCE_LENGTH } from '../../../../core/visitors.js';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let guard: string;
let resident: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;
const TZ = 'America/Mexico_City';
const TODAY = todayIn(TZ);
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const prisma = () => t.app.db.prisma;

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, guard, resident] = await Promise.all(
    ['admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx', 'residente@demo.mx'].map((e) => t.signIn(e)),
  );
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  ownHouseId = (
    await prisma().membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } })
  ).houseId!;
  otherHouseId = (
    await prisma().house.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } }, orderBy: { id: 'desc' } })
  ).id;
}, 120_000);
afterAll(() => t.close());

const VISITOR = `databaseId reference name email visitorType entranceType vehicle vehiclePlate origin houseDatabaseId inside warning canUpdate
  monday sunday allDays workingDays allowedDays entryDate entryHour entryMinute departureDate`;
const CREATE = `mutation($input: CreateVisitorInput!) { createVisitor(input: $input) { __typename
  ... on MutationCreateVisitorSuccess { data { message visitor { ${VISITOR} } } }
  ... on Error { code message } ... on InputError { issues { field message } } } }`;

async function create(input: Record<string, unknown>, token = owner) {
  const { body } = await t.gql(CREATE, { input: { entryDate: TODAY, ...input } }, { token });
  return body.data?.createVisitor ?? { __typename: body.errors?.[0]?.extensions?.code, ...body };
}

async function passage(kind: 'Entry' | 'Departure', visitorId: number, token = guard) {
  const { body } = await t.gql(
    `mutation($input: VisitorIdInput!) { registerVisitor${kind}(input: $input) { __typename
      ... on MutationRegisterVisitor${kind}Success { data { message warning visitor { inside } } } ... on Error { code message } } }`,
    { input: { visitorId: gid('Visitor', visitorId) } },
    { token },
  );
  return body.data?.[`registerVisitor${kind}`] ?? body;
}

async function setFlags(data: Record<string, boolean>) {
  await prisma().neighborhood.update({ where: { id: olivosId }, data });
}

describe('registering a visitor', () => {
  it('gives an unguessable reference, keeps the days, and clears the vehicle of a visitor on foot', async () => {
    const made = await create({ name: 'Carla Domínguez', entranceType: 'WALKING', vehicle: 'Sentra', vehiclePlate: 'abc-123', sunday: false });
    expect(made.__typename).toBe('MutationCreateVisitorSuccess');
    expect(made.data.message).toBe('La visita ha sido registrada');
    const v = made.data.visitor;
    expect(v.reference).toMatch(new RegExp(`^[A-Z2-9]{${REFERENCE_LENGTH}}$`));
    expect(v).toMatchObject({ vehicle: null, vehiclePlate: null, origin: 'HOUSE', houseDatabaseId: ownHouseId, monday: true, sunday: false, allDays: false });
    expect(v.allowedDays).toBe('lunes, martes, miércoles, jueves, viernes, sábado');
    const log = await prisma().visitorLog.findMany({ where: { visitorId: v.databaseId } });
    expect(log.map((l) => l.kind)).toEqual(['CREATED']);
  });

  it('applies the community’s flags: photo, e-mail, reason and a driver’s vehicle required; permanent only where allowed', async () => {
    await setFlags({
      visitorPictureRequired: true,
      visitorEmailRequired: true,
      visitorReasonRequired: true,
      visitorRequireVehicleInfo: true,
      visitorAllowPermanent: false,
    });
    try {
      const refused = await create({ name: 'Sin datos', entranceType: 'DRIVING' });
      expect(refused.__typename).toBe('InputError');
      expect(refused.issues.map((i: any) => i.message).sort()).toEqual(
        [
          'El correo electrónico es requerido',
          'El motivo de la visita es requerido',
          'El vehículo es requerido',
          'La foto es requerida',
          'Las placas son requeridas',
        ].sort(),
      );
      expect(await prisma().visitor.count({ where: { name: 'Sin datos' } })).toBe(0);
      await setFlags({ visitorPictureRequired: false, visitorEmailRequired: false, visitorReasonRequired: false, visitorRequireVehicleInfo: false });
      // An owner asking for a permanent visitor gets an occasional one; the administration gets what it asks.
      expect((await create({ name: 'Jardinero', visitorType: 'PERMANENT' })).data.visitor.visitorType).toBe('OCCASIONAL');
      const byAdmin = await create({ name: 'Jardinero fijo', visitorType: 'PERMANENT', houseId: gid('House', ownHouseId) }, admin);
      expect(byAdmin.data.visitor).toMatchObject({ visitorType: 'PERMANENT', origin: 'ADMINISTRATION' });
      await setFlags({ visitorAllowPermanent: true });
      expect((await create({ name: 'Niñera', visitorType: 'PERMANENT' })).data.visitor.visitorType).toBe('PERMANENT');
    } finally {
      await setFlags({
        visitorPictureRequired: false,
        visitorEmailRequired: false,
        visitorReasonRequired: false,
        visitorRequireVehicleInfo: false,
        visitorAllowPermanent: false,
      });
    }
  });

  it('keeps a permanent visitor permanent when a house’s person edits it, and lets security find a house by label and owner only', async () => {
    const keeper = (await create({ name: 'Permanente de la casa', visitorType: 'PERMANENT', houseId: gid('House', ownHouseId) }, admin)).data.visitor;
    const { body } = await t.gql(
      `mutation($input: UpdateVisitorInput!) { updateVisitor(input: $input) { __typename ... on MutationUpdateVisitorSuccess { data { visitor { visitorType name } } } } }`,
      { input: { visitorId: gid('Visitor', keeper.databaseId), name: 'Permanente editada', entryDate: TODAY, visitorType: 'OCCASIONAL' } },
      { token: owner },
    );
    expect(body.data.updateVisitor.data.visitor).toEqual({ visitorType: 'PERMANENT', name: 'Permanente editada' });
    // The gate finds it by its new name, and no longer by the old one.
    const gate = async (s: string) =>
      (await t.gql(`query($s: String!) { gateVisitors(search: $s) { databaseId } }`, { s }, { token: guard })).body.data.gateVisitors.map(
        (r: any) => r.databaseId,
      );
    expect(await gate('permanente editada')).toEqual([keeper.databaseId]);
    expect(await gate('permanente de la casa')).toEqual([]);
    const owners = await prisma().house.findUniqueOrThrow({ where: { id: ownHouseId }, include: { owner: true } });
    const found = await t.gql(
      `query($p: String!) { visitorHouses(phrase: $p) { databaseId label ownerName } }`,
      { p: owners.owner!.lastName! },
      { token: guard },
    );
    expect(found.body.data.visitorHouses.map((h: any) => h.databaseId)).toContain(ownHouseId);
    expect(Object.keys(found.body.data.visitorHouses[0]).sort()).toEqual(['databaseId', 'label', 'ownerName']);
    const refused = await t.gql(`query { visitorHouses(phrase: "ga") { databaseId } }`, {}, { token: owner });
    expect(refused.body.errors?.length).toBeGreaterThan(0);
  });

  it('refuses bad input in Spanish and writes nothing', async () => {
    const before = await prisma().visitor.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'El nombre es requerido'],
      [{ name: 'X', entryDate: '2026-02-30' }, 'La fecha de entrada no es válida'],
      [{ name: 'X', entryHour: 24 }, 'La hora debe estar entre 0 y 23'],
      [{ name: 'X', entryHour: 10, entryMinute: 60 }, 'Los minutos deben estar entre 0 y 59'],
      [{ name: 'X', email: 'no-es-correo' }, 'El correo electrónico no es válido'],
      [{ name: 'X', departureDate: addDays(TODAY, -1) }, 'La salida no puede ser anterior a la entrada'],
      [
        { name: 'X', monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false },
        'Elige al menos un día permitido',
      ],
      [{ name: 'X'.repeat(121) }, 'El nombre debe tener como máximo 120 caracteres'],
      [{ name: 'X', photoFileId: '00000000-0000-0000-0000-000000000000' }, 'El archivo no existe'],
    ];
    for (const [input, message] of cases) {
      const answer = await create(input);
      expect(answer.__typename, JSON.stringify(input).slice(0, 80)).toBe('InputError');
      expect(answer.issues.map((i: any) => i.message)).toContain(message);
    }
    expect(await prisma().visitor.count()).toBe(before);
  });

  it('lets a house’s people register only for their own house, and no one for another community’s', async () => {
    const foreign = await create({ name: 'Intruso', houseId: gid('House', otherHouseId) });
    expect(foreign.__typename, JSON.stringify(foreign)).toBe('FORBIDDEN');
    const torre = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const cross = await create({ name: 'Cruzado', houseId: gid('House', ownHouseId) }, torre);
    expect(['NotFoundError', 'FORBIDDEN'], JSON.stringify(cross)).toContain(cross.__typename);
    expect(await prisma().visitor.count({ where: { name: { in: ['Intruso', 'Cruzado'] } } })).toBe(0);
  });
});

describe('who sees which visitor', () => {
  const LIST = `query($filter: VisitorFilter) { visitors(first: 50, filter: $filter) { totalCount edges { node { databaseId name origin } } } }`;

  it('the administration sees the houses’ visitors only while the community lets it; security always; a house its own', async () => {
    const mine = (await create({ name: 'Visita privada de la casa' })).data.visitor;
    const list = async (token: string) => (await t.gql(LIST, { filter: { name: 'privada de la casa' } }, { token })).body;
    expect((await list(admin)).data.visitors.edges.map((e: any) => e.node.databaseId)).toContain(mine.databaseId);
    await setFlags({ visitorAllowAdminSeeAll: false });
    try {
      expect((await list(admin)).data.visitors.edges).toEqual([]);
      const one = await t.gql(
        `query($id: ID!) { visitor(visitorId: $id) { __typename ... on QueryVisitorSuccess { data { name } } ... on Error { code } } }`,
        {
          id: gid('Visitor', mine.databaseId),
        },
        { token: admin },
      );
      expect(one.body.data.visitor.__typename).toBe('NotFoundError');
      const sec = await t.gql(
        `query { securityVisitors(first: 50, filter: { name: "privada de la casa" }) { edges { node { databaseId } } } }`,
        {},
        { token: guard },
      );
      expect(sec.body.data.securityVisitors.edges.map((e: any) => e.node.databaseId)).toEqual([mine.databaseId]);
    } finally {
      await setFlags({ visitorAllowAdminSeeAll: true });
    }
    // The owner's house list has it; another house's people get nothing of it; the owner cannot read another house's list.
    const house = await t.gql(`query { houseVisitors(first: 50) { edges { node { databaseId } } } }`, {}, { token: owner });
    expect(house.body.data.houseVisitors.edges.map((e: any) => e.node.databaseId)).toContain(mine.databaseId);
    const other = await t.gql(`query($h: ID) { houseVisitors(houseId: $h, first: 5) { __typename } }`, { h: gid('House', otherHouseId) }, { token: owner });
    expect(JSON.stringify(other.body)).toMatch(/FORBIDDEN|Forbidden|Solo puedes/);
    // The owner cannot use the community's or security's lists.
    for (const q of ['query { visitors(first: 1) { totalCount } }', 'query { securityVisitors(first: 1) { totalCount } }']) {
      const refused = await t.gql(q, {}, { token: owner });
      expect(refused.body.errors?.[0]?.extensions?.code ?? refused.body.errors?.[0]?.message).toBeTruthy();
    }
  });

  it('filters the community’s list by every field of spec 3 section 7', async () => {
    const v = (
      await create(
        {
          name: 'Filtro Completo',
          email: 'filtro@correo.mx',
          entranceType: 'DRIVING',
          vehicle: 'Kia Rio azul',
          vehiclePlate: 'FLT-001',
          badge: 'B-77',
          entryDate: addDays(TODAY, 2),
        },
        owner,
      )
    ).data.visitor;
    const ownerRow = await prisma().house.findUniqueOrThrow({ where: { id: ownHouseId }, include: { owner: true } });
    const filters: Record<string, unknown>[] = [
      { name: 'filtro comp' },
      { email: 'filtro@' },
      { reference: v.reference.slice(0, 5) },
      { vehicle: 'kia rio' },
      { vehiclePlate: 'flt-0' },
      { badge: 'b-77' },
      { scheduledFrom: addDays(TODAY, 2), scheduledTo: addDays(TODAY, 2) },
      { creationDate: TODAY, name: 'Filtro' },
      { ownerFirstName: ownerRow.owner!.firstName, name: 'Filtro' },
      { ownerLastName: ownerRow.owner!.lastName, name: 'Filtro' },
      { houseId: gid('House', ownHouseId), name: 'Filtro' },
      { inside: false, name: 'Filtro' },
    ];
    for (const filter of filters) {
      const { body } = await t.gql(LIST, { filter }, { token: admin });
      expect(
        body.data.visitors.edges.map((e: any) => e.node.databaseId),
        JSON.stringify(filter),
      ).toContain(v.databaseId);
    }
    const misses: Record<string, unknown>[] = [
      { name: 'filtro comp', inside: true },
      { scheduledFrom: addDays(TODAY, 3), name: 'Filtro' },
      { entranceFrom: TODAY, name: 'Filtro' },
    ];
    for (const filter of misses) {
      const { body } = await t.gql(LIST, { filter }, { token: admin });
      expect(
        body.data.visitors.edges.map((e: any) => e.node.databaseId),
        JSON.stringify(filter),
      ).not.toContain(v.databaseId);
    }
    // The location filters: the house's street and condominium, picked from the community's places, and its numbers.
    expect(ownerRow.streetId).not.toBeNull();
    const other = await prisma().neighborhood.findFirstOrThrow({ where: { id: { not: ownerRow.neighborhoodId } } });
    const foreign = await prisma().street.create({ data: { neighborhoodId: other.id, name: 'Calle de otra comunidad' } });
    const second = await prisma().street.create({ data: { neighborhoodId: ownerRow.neighborhoodId, name: 'Calle Segunda' } });
    const condo = await prisma().condominium.create({ data: { neighborhoodId: ownerRow.neighborhoodId, name: 'Condominio Filtro' } });
    await prisma().house.update({ where: { id: ownHouseId }, data: { condominiumId: condo.id } });
    try {
      const places = await t.gql(`{ visitorPlaces { streets { databaseId name } condominiums { databaseId } malls { databaseId } } }`, {}, { token: admin });
      const streetIds = places.body.data.visitorPlaces.streets.map((p: any) => p.databaseId);
      expect(streetIds).toEqual(expect.arrayContaining([ownerRow.streetId, second.id]));
      expect(streetIds).not.toContain(foreign.id);
      expect(places.body.data.visitorPlaces.condominiums).toContainEqual({ databaseId: condo.id });
      expect((await t.gql(`{ visitorPlaces { malls { name } } }`, {}, { token: owner })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const ids = async (filter: Record<string, unknown>) =>
        (await t.gql(LIST, { filter: { ...filter, name: 'Filtro' } }, { token: admin })).body.data.visitors.edges.map((e: any) => e.node.databaseId);
      expect(await ids({ streetId: gid('Street', ownerRow.streetId!) })).toContain(v.databaseId);
      expect(await ids({ condominiumId: gid('Condominium', condo.id) })).toContain(v.databaseId);
      expect(await ids({ exteriorNumber: ownerRow.exteriorNumber })).toContain(v.databaseId);
      expect(await ids({ streetId: gid('Street', second.id) })).not.toContain(v.databaseId);
      expect(await ids({ streetId: gid('Street', foreign.id) })).toEqual([]);
      // The legacy list and its XLS link take the same places by their ids.
      const legacy = await t.rest('GET', `/neighborhoods/${ownerRow.neighborhoodId}/visitors?id_condominium=${condo.id}&name=Filtro`, undefined, {
        token: admin,
      });
      expect(legacy.body.content.map((r: any) => r.id)).toContain(v.databaseId);
    } finally {
      await prisma().house.update({ where: { id: ownHouseId }, data: { condominiumId: null } });
    }
    // A % typed in a filter is a literal %.
    expect((await t.gql(LIST, { filter: { name: '%' } }, { token: admin })).body.data.visitors.totalCount).toBe(0);
    const bad = await t.gql(LIST, { filter: { scheduledFrom: 'ayer' } }, { token: admin });
    expect(JSON.stringify(bad.body)).toContain('La fecha programada inicial debe tener el formato AAAA-MM-DD');
  });
});

describe('the gate', () => {
  it('keys the visitors registered before the gate key as gateKeyOf does (the migration’s backfill)', async () => {
    const names = ['ÁLVARO  Núñez   Peña', 'José Émile Ortíz', 'Zoë Ñandú'];
    const made = [];
    for (const name of names) made.push((await create({ name, entranceType: 'DRIVING', vehicle: 'Vocho', vehiclePlate: 'ÑXA-12' }, admin)).data.visitor);
    const ids = made.map((v: any) => v.databaseId);
    await prisma().visitor.updateMany({ where: { id: { in: ids } }, data: { gateKey: '' } });
    const migration = readFileSync('prisma/migrations/20261129091526_visitor_gate_key/migration.sql', 'utf8');
    const backfill = /UPDATE "Visitor"[\s\S]*?;/.exec(migration)![0].replace(/;$/, ` WHERE id IN (${ids.join(',')});`);
    await prisma().$executeRawUnsafe(backfill);
    for (const v of await prisma().visitor.findMany({ where: { id: { in: ids } } })) expect(v.gateKey, v.name).toBe(gateKeyOf(v));
  });

  it('finds a visitor as the guard types its name, reference or plate, lets it in once, warns outside its days, and lets it out', async () => {
    const v = (await create({ name: 'Rodrigo Belmonte Quíroz', entranceType: 'DRIVING', vehicle: 'Seat Ibiza', vehiclePlate: 'QRO-555-X' })).data.visitor;
    const search = async (text: string) =>
      (await t.gql(`query($s: String!) { gateVisitors(search: $s) { databaseId } }`, { s: text }, { token: guard })).body.data.gateVisitors.map(
        (r: any) => r.databaseId,
      );
    expect(await search('belmonte')).toContain(v.databaseId);
    expect(await search(v.reference.slice(0, 4).toLowerCase())).toContain(v.databaseId);
    expect(await search('QRO-55')).toContain(v.databaseId);
    // Anywhere, in any case or accents; a percent sign is a character, not a wildcard.
    expect(await search('  BELMONTE   quiroz ')).toEqual([v.databaseId]);
    expect(await search('555-x')).toContain(v.databaseId);
    expect(await search(v.reference.slice(3, 8))).toContain(v.databaseId);
    expect(await search('bel%oz')).toEqual([]);
    expect(await search('b')).toEqual([]);
    expect(await search('be')).toEqual([]);
    // Not for owners.
    const refused = await t.gql(`query { gateVisitors(search: "belmonte") { databaseId } }`, {}, { token: owner });
    expect(refused.body.errors?.length).toBeGreaterThan(0);

    // Ten guards press «Registrar entrada» at once: one entry.
    const answers = await Promise.all(Array.from({ length: 10 }, () => passage('Entry', v.databaseId)));
    expect(answers.filter((a) => a.__typename === 'MutationRegisterVisitorEntrySuccess')).toHaveLength(1);
    expect(answers.filter((a) => a.__typename === 'ConflictError').map((a) => a.message)[0]).toBe('La visita ya registró su entrada y sigue dentro');
    expect(await search('belmonte')).toEqual([v.databaseId]);
    // Inside, it cannot be deleted.
    const del = await t.gql(
      `mutation($input: VisitorIdInput!) { deleteVisitor(input: $input) { __typename ... on Error { message } } }`,
      { input: { visitorId: gid('Visitor', v.databaseId) } },
      { token: owner },
    );
    expect(del.body.data?.deleteVisitor?.message, JSON.stringify(del.body)).toMatch(/^No logramos eliminar el registro de la visita/);
    // Owners do not keep the gate.
    expect((await passage('Departure', v.databaseId, owner)).__typename).not.toBe('MutationRegisterVisitorDepartureSuccess');
    const out = await passage('Departure', v.databaseId);
    expect(out.data).toMatchObject({ message: 'La salida ha sido registrada', visitor: { inside: false } });
    expect((await passage('Departure', v.databaseId)).message).toBe('La visita no ha registrado su entrada');

    // A visit for tomorrow is let in today, with the warning, and the log keeps it.
    const early = (await create({ name: 'Llega antes', entryDate: addDays(TODAY, 1) })).data.visitor;
    const entered = await passage('Entry', early.databaseId);
    expect(entered.data.warning).toMatch(/^La visita está programada a partir del /);
    const log = await t.gql(
      `query($id: ID!) { visitorLog(visitorId: $id, first: 10) { totalCount edges { node { kind warning userName } } } }`,
      { id: gid('Visitor', early.databaseId) },
      { token: owner },
    );
    expect(log.body.data.visitorLog.edges.map((e: any) => e.node.kind)).toEqual(['GET_IN', 'CREATED']);
    expect(log.body.data.visitorLog.edges[0].node.warning).toMatch(/programada/);
    expect(log.body.data.visitorLog.edges[0].node.userName).toBeTruthy();
  });

  it('another community’s guard reaches nothing here', async () => {
    const v = (await create({ name: 'Solo de Los Olivos' })).data.visitor;
    const torre = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const read = await t.gql(`query($id: ID!) { visitor(visitorId: $id) { __typename } }`, { id: gid('Visitor', v.databaseId) }, { token: torre });
    expect(JSON.stringify(read.body)).not.toContain('Solo de Los Olivos');
    expect(await prisma().visitor.findUniqueOrThrow({ where: { id: v.databaseId } })).toMatchObject({ insideSince: null });
  });

  it('coming visitors: today’s expected ones not inside, by entry time', async () => {
    const a = (await create({ name: 'Viene a las 23', entryHour: 23, entryMinute: 0 })).data.visitor;
    const { body } = await t.gql(`query { comingVisitors(allToday: true) { databaseId name inside entryDate } }`, {}, { token: owner });
    const rows = body.data.comingVisitors;
    expect(rows.map((r: any) => r.databaseId)).toContain(a.databaseId);
    expect(rows.every((r: any) => !r.inside && r.entryDate <= TODAY)).toBe(true);
    const five = await t.gql(`query { comingVisitors { databaseId } }`, {}, { token: guard });
    expect(five.body.data.comingVisitors.length).toBeLessThanOrEqual(5);
  });
});

describe('the public pass', () => {
  it('shows a visitor by community domain and reference without a session, logs the lookup, and hides unknown ones', async () => {
    const v = (await create({ name: 'Pase Público' })).data.visitor;
    const read = (reference: string, domain = 'los_olivos') =>
      t.gql(
        `query($d: String!, $r: String!) { publicVisitor(domain: $d, reference: $r) { __typename
          ... on QueryPublicVisitorSuccess { data { name communityName reference inside allowedDays } } ... on Error { code message } } }`,
        { d: domain, r: reference },
        { ip: '10.9.8.7' },
      );
    const ok = await read(v.reference.toLowerCase());
    expect(ok.body.data.publicVisitor.data).toMatchObject({ name: 'Pase Público', communityName: expect.any(String), reference: v.reference, inside: false });
    expect((await prisma().visitorLog.findMany({ where: { visitorId: v.databaseId, kind: 'QUERY' } })).length).toBe(1);
    expect((await read('ZZZZZZZZZZ')).body.data.publicVisitor.__typename).toBe('NotFoundError');
    expect((await read(v.reference, 'torre_azul')).body.data.publicVisitor.__typename).toBe('NotFoundError');
  });

  it('throttles lookups per address', async () => {
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const { body } = await t.gql(`query { publicVisitor(domain: "los_olivos", reference: "AAAA${i}") { __typename } }`, {}, { ip: '10.1.1.1' });
      limited = JSON.stringify(body).includes('RATE_LIMITED') || JSON.stringify(body).includes('Demasiados');
    }
    expect(limited).toBe(true);
  });
});

describe('live arrival', () => {
  let server: Server;
  let url: string;
  const clients: ReturnType<typeof createClient>[] = [];
  beforeAll(async () => {
    server = createServer(createServerAdapter(t.app.fetch));
    t.app.attachWebsocket(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  function listen(token: string) {
    const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true });
    clients.push(client);
    const events: any[] = [];
    client.subscribe(
      { query: 'subscription { visitorsChanged { visitorDatabaseId houseDatabaseId kind name } }' },
      { next: (v) => v.data && events.push(v.data.visitorsChanged), error: () => {}, complete: () => {} },
    );
    return events;
  }
  const until = async (check: () => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; !check() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 25));
    return check();
  };

  it('the house’s resident sees the arrival; another house’s people do not', async () => {
    const house = listen(resident);
    const otherOwner = await prisma().house.findUniqueOrThrow({ where: { id: otherHouseId }, include: { owner: true } });
    const others = otherOwner.owner?.email ? listen(await t.signIn(otherOwner.owner.email)) : [];
    const gate = listen(guard);
    await new Promise((r) => setTimeout(r, 300));
    const v = (await create({ name: 'Llegada en vivo' })).data.visitor;
    const entered = await passage('Entry', v.databaseId);
    expect(entered.__typename).toBe('MutationRegisterVisitorEntrySuccess');
    expect(await until(() => house.some((e) => e.kind === 'GET_IN' && e.visitorDatabaseId === v.databaseId))).toBe(true);
    expect(await until(() => gate.some((e) => e.kind === 'GET_IN' && e.visitorDatabaseId === v.databaseId))).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(others.filter((e: any) => e.visitorDatabaseId === v.databaseId)).toEqual([]);
  });

  it('e-mails the house’s people on arrival where the community asks for it', async () => {
    await setFlags({ visitorArrivalEmail: true });
    try {
      const v = (await create({ name: 'Aviso por correo' })).data.visitor;
      await passage('Entry', v.databaseId);
      const mails = await prisma().emailOutbox.findMany({ where: { subject: 'Llegó tu visita: Aviso por correo' } });
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.map((m) => m.to)).toContain('propietario@demo.mx');
    } finally {
      await setFlags({ visitorArrivalEmail: false });
    }
  });
});

describe('the demo', () => {
  it('has visitors of every kind around today, some inside now, with a log of entries and departures', async () => {
    const rows = await prisma().visitor.findMany({ where: { neighborhoodId: olivosId, createdAt: { lt: new Date(Date.now() - 60_000) } } });
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.origin))).toEqual(new Set(['HOUSE', 'ADMINISTRATION', 'SECURITY']));
    expect(new Set(rows.map((r) => r.visitorType))).toEqual(new Set(['PERMANENT', 'OCCASIONAL']));
    expect(rows.some((r) => r.insideSince)).toBe(true);
    const kinds = await prisma().visitorLog.groupBy({ by: ['kind'], where: { neighborhoodId: olivosId }, _count: true });
    expect(kinds.map((k) => k.kind).sort()).toEqual(expect.arrayContaining(['CREATED', 'GET_IN', 'GET_OUT']));
    // Every departure follows an entry, every entry follows the visitor's registration.
    for (const r of rows) {
      const log = await prisma().visitorLog.findMany({ where: { visitorId: r.id }, orderBy: { at: 'asc' } });
      expect(log[0]?.kind).toBe('CREATED');
      let inside = false;
      for (const l of log.slice(1)) {
        if (l.kind === 'GET_IN') expect(inside).toBe(false);
        if (l.kind === 'GET_OUT') expect(inside).toBe(true);
        if (l.kind === 'GET_IN' || l.kind === 'GET_OUT') inside = l.kind === 'GET_IN';
      }
      expect(inside).toBe(r.insideSince !== null);
    }
  });
});

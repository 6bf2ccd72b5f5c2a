// Vehicles through the real GraphQL handler on a real database (issue 31): the form and the status the
// community's flags give, who sees which vehicle, authorize and reject, the inspection appointments (spaces
// from the point's rules, 20 bookings of one space, a vehicle booking twice, cancel, complete), the guard's
// plate lookup and comments, the defaulters, the public page, and other communities' and houses' ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
let owner: string;
let guard: string;
let resident: string;
let olivosId: number;
let ownHouseId: number;
let otherHouseId: number;
let pointId: number;
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
  pointId = (await prisma().revisionPoint.findFirstOrThrow({ where: { neighborhoodId: olivosId } })).id;
}, 120_000);
afterAll(() => t.close());

const VEHICLE = `databaseId houseDatabaseId plate state type tagTypeId tagNumber status statusName icon rejectionReason canUpdate canBook
  appointment { databaseId code status revisionPointName }`;
const CREATE = `mutation($input: CreateVehicleInput!) { createVehicle(input: $input) { __typename
  ... on MutationCreateVehicleSuccess { data { message needsAppointment vehicle { ${VEHICLE} } } }
  ... on Error { code message } ... on InputError { issues { field message } } } }`;

async function create(input: Record<string, unknown>, token = owner) {
  const { body } = await t.gql(CREATE, { input: { state: 'QUE', ...input } }, { token });
  return body.data?.createVehicle ?? { __typename: body.errors?.[0]?.extensions?.code, ...body };
}

describe('the demo', () => {
  it('has vehicles in every status, appointments ahead and a rejected one', async () => {
    const rows = await prisma().vehicle.findMany({ where: { neighborhoodId: olivosId }, include: { spaces: true } });
    const statuses = new Set(rows.map((v) => v.status));
    expect(statuses).toEqual(new Set(['ACTIVE', 'PENDING_AUTHORIZATION', 'INCOMPLETE']));
    expect(rows.filter((v) => v.spaces.some((s) => s.status === 'CONFIRMED' && s.start > new Date())).length).toBeGreaterThanOrEqual(4);
    expect(rows.some((v) => v.rejectionReason)).toBe(true);
  });
});

const gql = async (query: string, variables: Record<string, unknown>, token: string) => (await t.gql(query, variables, { token })).body;
const result = (body: any, field: string) => body.data?.[field] ?? { __typename: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message };

const SPACES = `query($id: Int!, $vehicleId: ID, $from: String) { revisionPointSpaces(revisionPointId: $id, vehicleId: $vehicleId, from: $from) { __typename
  ... on QueryRevisionPointSpacesSuccess { data { from to days { day spaces { minute start status code } } } } ... on Error { code message } } }`;
const BOOK = `mutation($input: BookRevisionSpaceInput!) { bookRevisionSpace(input: $input) { __typename
  ... on MutationBookRevisionSpaceSuccess { data { message appointment { databaseId code status start } } } ... on Error { code message } } }`;
const CANCEL = `mutation($input: CancelRevisionSpaceInput!) { cancelRevisionSpace(input: $input) { __typename
  ... on MutationCancelRevisionSpaceSuccess { data { message } } ... on Error { code message } } }`;
const COMPLETE = `mutation($input: CompleteRevisionSpaceInput!) { completeRevisionSpace(input: $input) { __typename
  ... on MutationCompleteRevisionSpaceSuccess { data { message appointment { status vehicle { status inspectedAt } } } } ... on Error { code message } } }`;
const AUTHORIZE = `mutation($input: VehicleIdInput!) { authorizeVehicle(input: $input) { __typename
  ... on MutationAuthorizeVehicleSuccess { data { message vehicle { status } } } ... on Error { code message } } }`;
const REJECT = `mutation($input: RejectVehicleInput!) { rejectVehicle(input: $input) { __typename
  ... on MutationRejectVehicleSuccess { data { message vehicle { status statusName rejectionReason icon } } }
  ... on InputError { issues { field message } } ... on Error { code message } } }`;
const UPDATE = `mutation($input: UpdateVehicleInput!) { updateVehicle(input: $input) { __typename
  ... on MutationUpdateVehicleSuccess { data { message vehicle { ${VEHICLE} } } } ... on Error { code message } } }`;

/** The available spaces a vehicle sees in the coming weeks, soonest first. */
async function availableSpaces(vehicleId: number, token = owner) {
  const found: { minute: number; start: string }[] = [];
  let from: string | null = null;
  for (let week = 0; week < 3 && found.length < 40; week++) {
    const body = await gql(SPACES, { id: pointId, vehicleId: gid('Vehicle', vehicleId), from }, token);
    const data = result(body, 'revisionPointSpaces').data;
    for (const d of data.days) for (const s of d.spaces) if (s.status === 'AVAILABLE') found.push(s);
    from = new Date(Date.parse(`${data.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return found;
}

const book = async (vehicleId: number, minute: number, token = owner) =>
  result(await gql(BOOK, { input: { vehicleId: gid('Vehicle', vehicleId), revisionPointId: pointId, minute } }, token), 'bookRevisionSpace');

describe('registering a vehicle', () => {
  it('registers for the own house, INCOMPLETE until inspected, and sends the person straight to booking', async () => {
    const made = await create({ plate: ' abc-101 ', tagTypeId: 3, tagNumber: 'IMDM-1' });
    expect(made.__typename, JSON.stringify(made)).toBe('MutationCreateVehicleSuccess');
    expect(made.data).toMatchObject({ message: 'El vehículo ha sido registrado', needsAppointment: true });
    expect(made.data.vehicle).toMatchObject({
      houseDatabaseId: ownHouseId,
      plate: 'ABC-101',
      type: 'CAR',
      status: 'INCOMPLETE',
      icon: 'banned',
      canBook: true,
    });
  });

  it('answers the form’s problems in Spanish, and refuses «No tengo tag» to the administration', async () => {
    const bad = await create({ plate: 'x', state: 'ZZ', tagTypeId: 9 });
    expect(bad.__typename).toBe('InputError');
    expect(bad.issues).toEqual([
      { field: 'plate', message: 'Las placas deben tener de 3 a 10 letras o números' },
      { field: 'state', message: 'El estado de las placas es requerido' },
      { field: 'tagTypeId', message: 'El tipo de tag no es válido' },
    ]);
    const asAdmin = await create({ houseId: gid('House', otherHouseId), plate: 'ADM-001', tagTypeId: -1 }, admin);
    expect(asAdmin.issues).toEqual([{ field: 'tagTypeId', message: 'El tipo de tag no es válido' }]);
  });

  it('keeps a house’s people to their house; the administration registers for any house', async () => {
    const foreign = await create({ houseId: gid('House', otherHouseId), plate: 'FOR-001' });
    expect(['FORBIDDEN', 'NotFoundError', 'ForbiddenError']).toContain(foreign.__typename);
    const byAdmin = await create({ houseId: gid('House', otherHouseId), plate: 'ADM-002' }, admin);
    expect(byAdmin.data.vehicle.houseDatabaseId).toBe(otherHouseId);
    // The administration may book too (AVehiclesScheduleCreate), so it goes on to the appointment as well.
    expect(byAdmin.data.needsAppointment).toBe(true);
  });

  it('with restrict_vehicles, counts the house’s parking spots', async () => {
    const house = await prisma().house.findFirstOrThrow({
      where: { neighborhoodId: olivosId, status: 'ACTIVE', vehicles: { none: {} }, id: { notIn: [ownHouseId, otherHouseId] } },
      orderBy: { id: 'desc' },
    });
    await prisma().house.update({ where: { id: house.id }, data: { parkingSpots: 1 } });
    await prisma().neighborhood.update({ where: { id: olivosId }, data: { restrictVehicles: true } });
    try {
      expect((await create({ houseId: gid('House', house.id), plate: 'PRK-001' }, admin)).__typename).toBe('MutationCreateVehicleSuccess');
      const second = await create({ houseId: gid('House', house.id), plate: 'PRK-002' }, admin);
      expect(second).toMatchObject({
        __typename: 'ConflictError',
        message: 'La propiedad ya tiene registrados tantos vehículos como cajones de estacionamiento',
      });
    } finally {
      await prisma().neighborhood.update({ where: { id: olivosId }, data: { restrictVehicles: false } });
    }
  });
});

describe('who sees which vehicle', () => {
  it('shows a house its own, the administration every one, and hides other houses’ and communities’ ids', async () => {
    const mine = await gql(`{ houseVehicles(first: 50) { totalCount edges { node { plate houseDatabaseId } } } }`, {}, owner);
    expect(mine.data.houseVehicles.edges.every((e: any) => e.node.houseDatabaseId === ownHouseId)).toBe(true);
    expect(mine.data.houseVehicles.edges.map((e: any) => e.node.plate)).toEqual(expect.arrayContaining(['UJK-482-C', 'UMN-915-B']));
    const residentSees = await gql(`{ houseVehicles(first: 50) { totalCount } }`, {}, resident);
    expect(residentSees.data.houseVehicles.totalCount).toBeGreaterThan(0);
    const neighbour = await prisma().vehicle.findFirstOrThrow({ where: { neighborhoodId: olivosId, houseId: { not: ownHouseId } } });
    const peek = await gql(`query($id: ID!) { vehicle(vehicleId: $id) { __typename ... on Error { message } } }`, { id: gid('Vehicle', neighbour.id) }, owner);
    expect(peek.data.vehicle).toEqual({ __typename: 'NotFoundError', message: 'El vehículo no existe' });
    const theirs = await gql(`query($h: ID) { houseVehicles(houseId: $h) { totalCount } }`, { h: gid('House', neighbour.houseId) }, owner);
    expect(theirs.errors?.[0]?.message ?? '').toMatch(/Solo puedes consultar tu propiedad|No tienes permiso/);
    const all = await gql(`{ vehicles(first: 100) { totalCount } }`, {}, admin);
    expect(all.data.vehicles.totalCount).toBe(await prisma().vehicle.count({ where: { neighborhoodId: olivosId, deletedAt: null } }));
    expect((await gql(`{ vehicles(first: 1) { totalCount } }`, {}, owner)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // A vehicle of another community is nobody's here.
    const torre = await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
    const torreHouse = await prisma().house.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    const adminUser = await prisma().user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });
    const foreign = await prisma().vehicle.create({
      data: {
        neighborhoodId: torre.id,
        houseId: torreHouse.id,
        createdByUserId: adminUser.id,
        plate: 'TAZ-001',
        plateKey: 'TAZ001',
        state: 'CMX',
        status: 'ACTIVE',
      },
    });
    const id = gid('Vehicle', foreign.id);
    expect((await gql(`query($id: ID!) { vehicle(vehicleId: $id) { __typename } }`, { id }, admin)).data.vehicle.__typename).toBe('NotFoundError');
    expect(result(await gql(AUTHORIZE, { input: { vehicleId: id } }, admin), 'authorizeVehicle').__typename).toBe('NotFoundError');
    expect(result(await gql(UPDATE, { input: { vehicleId: id, plate: 'TAZ-002', state: 'CMX' } }, admin), 'updateVehicle').__typename).toBe('NotFoundError');
    expect((await gql(`query($p: String!) { vehicleLookup(plate: $p) { plate } }`, { p: 'TAZ001' }, guard)).data.vehicleLookup).toEqual([]);
  });

  it('filters by segment, status, plate and the house’s place', async () => {
    const q = `query($f: VehicleFilter) { vehicles(first: 100, filter: $f) { totalCount edges { node { plate status appointment { status } } } } }`;
    const active = await gql(q, { f: { segment: 'ACTIVE' } }, admin);
    expect(active.data.vehicles.edges.every((e: any) => e.node.status === 'ACTIVE')).toBe(true);
    const withPoint = await gql(q, { f: { segment: 'WITH_REVISION_POINT' } }, admin);
    expect(withPoint.data.vehicles.totalCount).toBeGreaterThanOrEqual(4);
    expect(withPoint.data.vehicles.edges.every((e: any) => e.node.status !== 'ACTIVE' && e.node.appointment?.status === 'CONFIRMED')).toBe(true);
    const without = await gql(q, { f: { segment: 'WITHOUT_REVISION_POINT' } }, admin);
    expect(without.data.vehicles.edges.every((e: any) => e.node.status !== 'ACTIVE' && e.node.appointment === null)).toBe(true);
    const pending = await gql(q, { f: { status: 'PENDING_AUTHORIZATION' } }, admin);
    expect(pending.data.vehicles.totalCount).toBeGreaterThanOrEqual(3);
    const plate = await gql(q, { f: { plate: 'ujk482' } }, admin);
    expect(plate.data.vehicles.edges.map((e: any) => e.node.plate)).toEqual(['UJK-482-C']);
    // The house's place and numbers: Patricia's street and exterior number find her vehicles, another street not.
    const house = await prisma().house.findUniqueOrThrow({ where: { id: ownHouseId } });
    const placed = await gql(q, { f: { streetId: gid('Street', house.streetId!), exteriorNumber: ` ${house.exteriorNumber} `, description: 'nissan' } }, admin);
    expect(placed.data.vehicles.edges.map((e: any) => e.node.plate)).toEqual(['UJK-482-C']);
    const elsewhere = await prisma().street.findFirstOrThrow({ where: { neighborhoodId: olivosId, id: { not: house.streetId! } } });
    expect((await gql(q, { f: { streetId: gid('Street', elsewhere.id), plate: 'UJK482' } }, admin)).data.vehicles.totalCount).toBe(0);
    const places = await gql(`{ vehiclePlaces { streets { databaseId name } } }`, {}, admin);
    expect(places.data.vehiclePlaces.streets.map((p: any) => p.databaseId)).toContain(house.streetId);
    expect((await gql(`{ vehiclePlaces { streets { name } } }`, {}, owner)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const tagged = await gql(q, { f: { tagTypeId: 3, tagNumber: 'imdm-2093' } }, admin);
    expect(tagged.data.vehicles.edges.map((e: any) => e.node.plate)).toEqual(['UJK-482-C']);
  });
});

describe('authorizing and rejecting', () => {
  it('asks a reason to reject, tells the creator, and the house answers by editing it', async () => {
    const made = await create({ plate: 'REJ-001', tagTypeId: 3, tagNumber: 'I-9' });
    const id = gid('Vehicle', made.data.vehicle.databaseId);
    expect(result(await gql(REJECT, { input: { vehicleId: id } }, owner), 'rejectVehicle').__typename).toBe('FORBIDDEN');
    const noReason = result(await gql(REJECT, { input: { vehicleId: id, comment: '   ' } }, admin), 'rejectVehicle');
    expect(noReason).toMatchObject({ __typename: 'InputError', issues: [{ field: 'comment', message: 'La razón del rechazo es requerida' }] });
    const rejected = result(await gql(REJECT, { input: { vehicleId: id, comment: 'Las placas no se leen' } }, admin), 'rejectVehicle');
    expect(rejected.data).toMatchObject({
      message: 'El vehículo ha sido rechazado',
      vehicle: { status: 'INCOMPLETE', statusName: 'Rechazado', rejectionReason: 'Las placas no se leen', icon: 'banned' },
    });
    expect(await prisma().emailOutbox.count({ where: { subject: 'Tu vehículo con placas REJ-001 fue rechazado' } })).toBe(1);
    const edited = result(
      await gql(UPDATE, { input: { vehicleId: id, plate: 'REJ-002', state: 'QUE', tagTypeId: 3, tagNumber: 'I-9' } }, owner),
      'updateVehicle',
    );
    expect(edited.data.vehicle).toMatchObject({ plate: 'REJ-002', rejectionReason: null, status: 'INCOMPLETE' });
  });

  it('authorizes an inspected vehicle into ACTIVE, once', async () => {
    const pending = await prisma().vehicle.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'PENDING_AUTHORIZATION' }, orderBy: { id: 'asc' } });
    const id = gid('Vehicle', pending.id);
    expect(result(await gql(AUTHORIZE, { input: { vehicleId: id } }, guard), 'authorizeVehicle').__typename).toBe('FORBIDDEN');
    const ok = result(await gql(AUTHORIZE, { input: { vehicleId: id } }, admin), 'authorizeVehicle');
    expect(ok.data).toEqual({ message: 'El vehículo ha sido autorizado', vehicle: { status: 'ACTIVE' } });
    expect(result(await gql(AUTHORIZE, { input: { vehicleId: id } }, admin), 'authorizeVehicle')).toMatchObject({
      __typename: 'ConflictError',
      message: 'El vehículo ya está autorizado',
    });
  });

  it('follows the community’s flags when they change', async () => {
    const SAVE = `mutation($input: UpdateCommunitySettingsInput!) { updateCommunitySettings(input: $input) { __typename } }`;
    const pendingBefore = await prisma().vehicle.count({ where: { neighborhoodId: olivosId, status: 'PENDING_AUTHORIZATION', deletedAt: null } });
    expect(pendingBefore).toBeGreaterThan(0);
    await gql(SAVE, { input: { behavior: { requiredVehicleAuthorization: false } } }, admin);
    try {
      expect(await prisma().vehicle.count({ where: { neighborhoodId: olivosId, status: 'PENDING_AUTHORIZATION' } })).toBe(0);
    } finally {
      await gql(SAVE, { input: { behavior: { requiredVehicleAuthorization: true } } }, admin);
    }
    expect(await prisma().vehicle.count({ where: { neighborhoodId: olivosId, status: 'PENDING_AUTHORIZATION', deletedAt: null } })).toBe(pendingBefore);
  });
});

describe('inspection appointments', () => {
  it('books a free space, refuses a second one for the same vehicle (409), cancels and books again', async () => {
    const vehicle = (await create({ plate: 'APT-001', tagTypeId: 3, tagNumber: 'I-2' })).data.vehicle;
    const [first, second] = await availableSpaces(vehicle.databaseId);
    const booked = await book(vehicle.databaseId, first.minute);
    expect(booked.__typename, JSON.stringify(booked)).toBe('MutationBookRevisionSpaceSuccess');
    expect(booked.data.message).toBe('La cita ha sido agendada');
    expect(booked.data.appointment.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await book(vehicle.databaseId, second.minute)).toMatchObject({
      __typename: 'ConflictError',
      code: 409,
      message: 'Encontramos que este vehículo ya tiene un horario apartado',
    });
    const seen = (await availableSpaces(vehicle.databaseId)).map((s) => s.minute);
    expect(seen).not.toContain(first.minute);
    const cancelled = result(await gql(CANCEL, { input: { vehicleId: gid('Vehicle', vehicle.databaseId) } }, owner), 'cancelRevisionSpace');
    expect(cancelled.data.message).toBe('La cita ha sido cancelada');
    expect((await book(vehicle.databaseId, second.minute)).__typename).toBe('MutationBookRevisionSpaceSuccess');
  });

  it('refuses a space the point does not offer or that began (410)', async () => {
    const vehicle = (await create({ plate: 'APT-002', tagTypeId: 3, tagNumber: 'I-3' })).data.vehicle;
    const [space] = await availableSpaces(vehicle.databaseId);
    expect(await book(vehicle.databaseId, space.minute + 7)).toMatchObject({
      code: 410,
      message: 'El horario pudo ser apartado por alguien más, intenta nuevamente',
    });
    expect(await book(vehicle.databaseId, Math.floor(Date.now() / 60_000) - 24 * 60)).toMatchObject({ code: 410 });
  });

  it('gives one space to one of 20 vehicles booking it at once; the others hear it was taken (410)', async () => {
    const houses = await prisma().house.findMany({ where: { neighborhoodId: olivosId, status: 'ACTIVE' }, orderBy: { id: 'asc' }, take: 5 });
    const vehicles: number[] = [];
    for (let i = 0; i < 20; i++) {
      const made = await create({ houseId: gid('House', houses[i % houses.length].id), plate: `RC-${String(i).padStart(3, '0')}` }, admin);
      vehicles.push(made.data.vehicle.databaseId);
    }
    const spaces = await availableSpaces(vehicles[0], admin);
    const target = spaces[spaces.length - 1];
    const outcomes = await Promise.all(vehicles.map((id) => book(id, target.minute, admin)));
    const won = outcomes.filter((o) => o.__typename === 'MutationBookRevisionSpaceSuccess');
    expect(won).toHaveLength(1);
    expect(outcomes.filter((o) => o.code === 410)).toHaveLength(19);
    expect(await prisma().revisionPointSpace.count({ where: { revisionPointId: pointId, start: new Date(target.minute * 60_000) } })).toBe(1);
  });

  it('lets the administration mark an appointment completed: the vehicle is inspected and waits for authorization', async () => {
    const vehicle = (await create({ plate: 'CMP-001', tagTypeId: 3, tagNumber: 'I-4' })).data.vehicle;
    const [space] = await availableSpaces(vehicle.databaseId);
    const booked = await book(vehicle.databaseId, space.minute);
    const apptId = gid('RevisionAppointment', booked.data.appointment.databaseId);
    expect(result(await gql(COMPLETE, { input: { appointmentId: apptId } }, owner), 'completeRevisionSpace').__typename).toBe('FORBIDDEN');
    const done = result(await gql(COMPLETE, { input: { appointmentId: apptId } }, admin), 'completeRevisionSpace');
    expect(done.data.appointment).toMatchObject({ status: 'COMPLETED', vehicle: { status: 'PENDING_AUTHORIZATION' } });
    expect(done.data.appointment.vehicle.inspectedAt).toBeTruthy();
    expect(result(await gql(COMPLETE, { input: { appointmentId: apptId } }, admin), 'completeRevisionSpace')).toMatchObject({
      __typename: 'ConflictError',
      message: 'La cita ya fue marcada como completada',
    });
  });

  it('lists the scheduled vehicles soonest first, with the spec’s filters', async () => {
    const q = `query($f: ScheduledVehicleFilter) { scheduledVehicles(first: 50, filter: $f) { totalCount edges { node { code start status revisionPointName vehicle { plate tagTypeId } } } } }`;
    const all = (await gql(q, {}, admin)).data.scheduledVehicles;
    expect(all.totalCount).toBeGreaterThanOrEqual(4);
    const starts = all.edges.map((e: any) => e.node.start);
    expect([...starts].sort()).toEqual(starts);
    const code = all.edges[0].node.code;
    expect((await gql(q, { f: { code: code.slice(0, 5).toLowerCase() } }, admin)).data.scheduledVehicles.edges.map((e: any) => e.node.code)).toContain(code);
    const byTag = (await gql(q, { f: { tagTypeId: 4 } }, admin)).data.scheduledVehicles.edges;
    expect(byTag.every((e: any) => e.node.vehicle.tagTypeId === 4)).toBe(true);
    expect((await gql(q, { f: { plate: 'UMN915' } }, admin)).data.scheduledVehicles.edges.map((e: any) => e.node.vehicle.plate)).toEqual(['UMN-915-B']);
    expect((await gql(q, {}, owner)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('keeps a revision point with appointments ahead from being deleted', async () => {
    const del = await gql(
      `mutation($id: ID!) { deleteRevisionPoint(input: { id: $id }) { __typename ... on Error { message } } }`,
      { id: gid('RevisionPoint', pointId) },
      admin,
    );
    expect(JSON.stringify(del)).toContain('El punto de revisión tiene citas programadas');
    expect(await prisma().revisionPoint.count({ where: { id: pointId } })).toBe(1);
  });

  it('shows an appointment’s public page by community domain and code, without a session', async () => {
    const space = await prisma().revisionPointSpace.findFirstOrThrow({ where: { neighborhoodId: olivosId, status: 'CONFIRMED' }, include: { vehicle: true } });
    const q = `query($d: String!, $c: String!) { publicRevisionSpace(domain: $d, code: $c) { __typename ... on QueryPublicRevisionSpaceSuccess { data { plate revisionPointName communityName status } } ... on Error { message } } }`;
    const page = (await t.gql(q, { d: 'los_olivos', c: space.code.toLowerCase() })).body.data.publicRevisionSpace;
    expect(page.data).toEqual({
      plate: space.vehicle.plate,
      revisionPointName: 'Caseta principal',
      communityName: 'Residencial Los Olivos',
      status: 'CONFIRMED',
    });
    expect((await t.gql(q, { d: 'torre_azul', c: space.code })).body.data.publicRevisionSpace.message).toBe('La cita no existe');
    expect((await t.gql(q, { d: 'los_olivos', c: 'ZZZZZZZZ' })).body.data.publicRevisionSpace.message).toBe('La cita no existe');
  });
});

describe('the guard', () => {
  const LOOKUP = `query($p: String!) { vehicleLookup(plate: $p) { plate houseLabel ownerName status comments { comment userName } canComment } }`;

  it('finds a plate as it types, the exact plate first, with its house and comments', async () => {
    const found = (await gql(LOOKUP, { p: 'ujk 482c' }, guard)).data.vehicleLookup;
    expect(found[0]).toMatchObject({ plate: 'UJK-482-C', status: 'ACTIVE', canComment: true });
    expect(found[0].houseLabel).toBeTruthy();
    expect(found[0].comments[0]).toMatchObject({ comment: 'Entra habitualmente por la caseta poniente.' });
    expect((await gql(LOOKUP, { p: '482' }, guard)).data.vehicleLookup.map((v: any) => v.plate)).toContain('UJK-482-C');
    expect((await gql(LOOKUP, { p: 'uj' }, guard)).data.vehicleLookup).toEqual([]);
    expect((await gql(LOOKUP, { p: 'UJK' }, owner)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('comments on a vehicle; its owner does not see security’s comments', async () => {
    const sedan = await prisma().vehicle.findFirstOrThrow({ where: { neighborhoodId: olivosId, plateKey: 'UJK482C' } });
    const ADD = `mutation($input: AddVehicleCommentInput!) { addVehicleComment(input: $input) { __typename
      ... on MutationAddVehicleCommentSuccess { data { message comment { comment userName } } } ... on InputError { issues { message } } } }`;
    const empty = result(await gql(ADD, { input: { vehicleId: gid('Vehicle', sedan.id), comment: ' ' } }, guard), 'addVehicleComment');
    expect(empty.issues).toEqual([{ message: 'El comentario es requerido' }]);
    const ok = result(await gql(ADD, { input: { vehicleId: gid('Vehicle', sedan.id), comment: 'Llegó con un remolque' } }, guard), 'addVehicleComment');
    expect(ok.data).toMatchObject({ message: 'El comentario ha sido agregado', comment: { comment: 'Llegó con un remolque' } });
    const asOwner = await gql(
      `query($id: ID!) { vehicle(vehicleId: $id) { ... on QueryVehicleSuccess { data { comments { comment } } } } }`,
      { id: gid('Vehicle', sedan.id) },
      owner,
    );
    expect(asOwner.data.vehicle.data.comments).toEqual([]);
  });
});

describe('defaulters', () => {
  it('lists vehicles of houses that owe, the largest debts first', async () => {
    const q = `{ defaulterVehicles(first: 100) { totalCount edges { node { debt vehicle { plate houseDatabaseId } } } } }`;
    const list = (await gql(q, {}, admin)).data.defaulterVehicles;
    expect(list.totalCount).toBeGreaterThan(0);
    const debts = list.edges.map((e: any) => Number(e.node.debt));
    expect(debts.every((d: number) => d > 0)).toBe(true);
    expect([...debts].sort((a, b) => b - a)).toEqual(debts);
    expect((await gql(q, {}, owner)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

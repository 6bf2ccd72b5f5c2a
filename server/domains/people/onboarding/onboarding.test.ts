import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { parseInput } from '../../../kernel/input.js';
import { InputError } from '../../../kernel/errors.js';
import { RegisterSchema } from './service.js';

let t: TestApp;
let olivos: { id: number };
let torre: { id: number };
let avenida: { id: number };
let street: { id: number; name: string };
let config: string;
beforeAll(async () => {
  t = await startTestApp();
  const prisma = t.app.db.prisma;
  olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  torre = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'torre_azul' } });
  avenida = await prisma.houseType.findFirstOrThrow({ where: { neighborhoodId: olivos.id, title: 'Propiedad en avenida' } });
  street = await prisma.street.findFirstOrThrow({ where: { neighborhoodId: olivos.id }, orderBy: { id: 'asc' } });
  config = await t.signIn('config@demo.mx');
});
afterAll(() => t.close());
// Every request comes from the same address: each test starts with a fresh registration pace.
beforeEach(() => t.app.db.prisma.auditLog.deleteMany({ where: { action: { in: ['ONBOARDING_REGISTER', 'ONBOARDING_REFUSED'] } } }));

const setMode = (mode: string, id = olivos.id) => t.app.db.prisma.neighborhood.update({ where: { id }, data: { onboarding: mode as never } });

let seq = 0;
function registration(overrides: { user?: object; house?: object } = {}) {
  const n = ++seq;
  return {
    user: { first_name: 'sofía', last_name: 'Luna', email: `nueva${n}@correo.mx`, mobile: '4421112233', ...overrides.user },
    house: {
      id_house_type: avenida.id,
      id_street: street.id,
      block: '90',
      lot: String(n),
      exterior_number: String(900 + n),
      interior_number: 'se descarta',
      ...overrides.house,
    },
  };
}

describe('public community page', () => {
  it('answers 405 when closed, 423 when paused, 404 for an unknown community', async () => {
    await setMode('CLOSED');
    expect((await t.rest('GET', '/onboarding/los_olivos')).body).toEqual({ code: 405, description: 'Esta comunidad no admite el registro de propietarios' });
    expect((await t.rest('GET', `/onboarding/neighborhoods/${olivos.id}`)).status).toBe(405);
    await setMode('PAUSED');
    const paused = await t.rest('GET', '/onboarding/los_olivos');
    expect(paused.status).toBe(423);
    expect(paused.body.description).toBe('El registro de propietarios está pausado por la administración');
    const gql = await t.gql('query { onboardingCommunity(domain: "los_olivos") { __typename ... on OnboardingUnavailableError { code message mode } } }');
    expect(gql.body.data.onboardingCommunity).toEqual({
      __typename: 'OnboardingUnavailableError',
      code: 423,
      message: 'El registro de propietarios está pausado por la administración',
      mode: 'PAUSED',
    });
    expect((await t.rest('GET', '/onboarding/no_existe')).body).toEqual({ code: 404, description: 'La comunidad solicitada no existe' });
    expect((await t.rest('GET', '/onboarding/neighborhoods/999999')).status).toBe(404);
    expect((await t.rest('GET', '/onboarding/neighborhoods/abc')).status).toBe(404);
  });

  it('shows the community with its public house types and places, also to a signed-in visitor of another community', async () => {
    await setMode('SIGN_UP');
    const prisma = t.app.db.prisma;
    await prisma.houseType.create({ data: { neighborhoodId: olivos.id, title: 'Oculto', hiddenToPublic: true } });
    await prisma.condominium.create({ data: { neighborhoodId: olivos.id, name: 'Condominio Norte' } });
    const token = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const { status, body } = await t.rest('GET', `/onboarding/neighborhoods/${olivos.id}`, undefined, { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: olivos.id,
      name: 'Residencial Los Olivos',
      domain: 'los_olivos',
      neighborhood_type: 'NEIGHBORHOOD',
      onboarding: 'SIGN_UP',
      url_logo: null,
    });
    expect(body.houses_types.map((h: any) => h.title)).not.toContain('Oculto');
    expect(body.houses_types.find((h: any) => h.id === avenida.id)).toMatchObject({
      require_street: true,
      require_block: true,
      require_lot: true,
      require_exterior_number: true,
      require_interior_number: false,
    });
    expect(body.streets).toContainEqual({ id: street.id, name: street.name });
    expect(body.condominiums).toContainEqual(expect.objectContaining({ name: 'Condominio Norte' }));
    expect((await t.rest('GET', '/onboarding/los_olivos')).body.id).toBe(olivos.id);
  });
});

describe('owner registration', () => {
  it('SIGN_UP with a new person: creates the house in its pending status and mails the sign-up link (never shows the code)', async () => {
    await setMode('SIGN_UP');
    const body = registration();
    const res = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ completed: true, email_sent: true });
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: body.user.email } });
    expect(mail.subject).toBe('Activa tu cuenta en Residencial Los Olivos');
    const code = /http:\/\/localhost:3000\/signup\/([\w-]+)/.exec(mail.text)![1];
    const house = await t.app.db.prisma.house.findUniqueOrThrow({ where: { signupCode: code }, include: { owner: true } });
    expect(house.signupCodeSentAt).not.toBeNull();
    expect(house).toMatchObject({
      neighborhoodId: olivos.id,
      houseTypeId: avenida.id,
      streetId: street.id,
      block: '90',
      exteriorNumber: body.house.exterior_number,
      interiorNumber: null,
      status: 'MISSING_BALANCE',
      initialBalance: null,
    });
    expect(house.owner).toMatchObject({ email: body.user.email, firstName: 'Sofía', lastName: 'Luna', mobile: '4421112233', passwordHash: null });
    // The mailed code leads to /signup/{code}, where the new owner chooses the password.
    const info = await t.rest('GET', `/auth/los_olivos/signup/${code}`);
    expect(info.body).toMatchObject({ email: body.user.email, has_password: false });
    const membership = await t.app.db.prisma.membership.findFirstOrThrow({ where: { houseId: house.id, userId: house.ownerUserId! }, include: { role: true } });
    expect(membership.role.kind).toBe('OWNER');
  });

  it('refuses a location that already has an owner (409), whatever the case of the text', async () => {
    await setMode('SIGN_UP');
    const first = registration({ house: { block: 'a', lot: '7b' } });
    expect((await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, first)).status).toBe(201);
    const before = await t.app.db.prisma.house.count();
    const again = registration({ house: { block: 'A', lot: '7B', exterior_number: first.house.exterior_number } });
    const res = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, again);
    expect(res.body).toEqual({ code: 409, description: 'Esta propiedad ya está registrada; contacta a tu administración' });
    expect(await t.app.db.prisma.house.count()).toBe(before);
    expect(await t.app.db.prisma.user.count({ where: { email: again.user.email } })).toBe(0);
  });

  it('takes a house of the same location that has no owner yet instead of creating another', async () => {
    await setMode('REVIEW');
    const empty = await t.app.db.prisma.house.create({
      data: { neighborhoodId: olivos.id, houseTypeId: avenida.id, streetId: street.id, block: '77', lot: '1', exteriorNumber: '7701', status: 'INCOMPLETE' },
    });
    const res = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ house: { block: '77', lot: '1', exterior_number: '7701' } }));
    expect(res.body).toEqual({ completed: true, email_sent: false });
    expect(await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: empty.id } })).toMatchObject({
      status: 'MISSING_BALANCE',
      ownerUserId: expect.any(Number),
    });
  });

  it('compares typed places and location fields literally: % and _ are characters, not wildcards', async () => {
    await setMode('SIGN_UP');
    const prisma = t.app.db.prisma;
    // An ownerless pending house: a registration with '_' in its lot and '%' as exterior number must not take it.
    const empty = await prisma.house.create({
      data: { neighborhoodId: olivos.id, houseTypeId: avenida.id, streetId: street.id, block: '79', lot: '1', exteriorNumber: '7901', status: 'INCOMPLETE' },
    });
    const wild = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ house: { block: '79', lot: '_', exterior_number: '%' } }));
    expect(wild.status).toBe(201);
    expect(await prisma.house.findUniqueOrThrow({ where: { id: empty.id } })).toMatchObject({ ownerUserId: null, status: 'INCOMPLETE' });
    expect(await prisma.house.count({ where: { neighborhoodId: olivos.id, block: '79', lot: '_', exteriorNumber: '%' } })).toBe(1);
    // A condominium typed as '%' is a new condominium named '%', not an existing one.
    const apartment = await prisma.houseType.findFirstOrThrow({ where: { neighborhoodId: olivos.id, title: 'Propiedad en condominio' } });
    const before = await prisma.condominium.findMany({ where: { neighborhoodId: olivos.id }, select: { id: true } });
    const condo = registration({
      house: { id_house_type: apartment.id, id_street: null, block: null, lot: null, exterior_number: null, condominium: '%', interior_number: 'C-1' },
    });
    expect((await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, condo)).status).toBe(201);
    const created = await prisma.condominium.findFirstOrThrow({ where: { neighborhoodId: olivos.id, name: '%' } });
    expect(before.map((c) => c.id)).not.toContain(created.id);
    const house = await prisma.house.findFirstOrThrow({ where: { owner: { email: condo.user.email } } });
    expect(house.condominiumId).toBe(created.id);
  });

  it('refuses an anonymous registration with the e-mail of someone who has a password, in every mode, changing nothing', async () => {
    const prisma = t.app.db.prisma;
    const rosa = await prisma.user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } });
    const owned = await prisma.house.count({ where: { ownerUserId: rosa.id } });
    const houses = await prisma.house.count();
    for (const mode of ['SIGN_UP', 'SIGN_IN', 'REVIEW']) {
      await setMode(mode);
      const res = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ user: { email: 'Residente@demo.mx' } }));
      expect(res.body).toEqual({
        code: 409,
        description: 'Ya existe una cuenta con ese correo; inicia sesión y pide a tu administración que te asigne la propiedad',
      });
    }
    const gql = await t.gql(
      `mutation($input: RegisterOnboardingOwnerInput!) { registerOnboardingOwner(input: $input) { __typename ... on Error { code message } } }`,
      {
        input: {
          domain: 'los_olivos',
          user: { firstName: 'X', email: 'residente@demo.mx' },
          house: { houseTypeId: avenida.id, streetId: street.id, block: '91', lot: '1', exteriorNumber: '9101' },
        },
      },
    );
    expect(gql.body.data.registerOnboardingOwner).toMatchObject({ __typename: 'ConflictError', code: 409 });
    expect(await prisma.house.count({ where: { ownerUserId: rosa.id } })).toBe(owned);
    expect(await prisma.house.count()).toBe(houses);
    expect(await prisma.emailOutbox.count({ where: { to: 'residente@demo.mx', subject: { startsWith: 'Activa' } } })).toBe(0);
  });

  it('lets the signed-in person register a house for their own account and sends them to sign in on it (any mode but REVIEW)', async () => {
    await setMode('SIGN_UP');
    const token = await t.signIn('residente@demo.mx');
    const res = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ user: { email: 'residente@demo.mx' } }), { token });
    expect(res.body).toEqual({ id_house: expect.any(Number), email: 'residente@demo.mx' });
    const rosa = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'residente@demo.mx' } });
    expect(rosa.firstName).toBe('Rosa');
    expect((await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: res.body.id_house } })).ownerUserId).toBe(rosa.id);
    const login = await t.rest('POST', '/auth/login', { email: 'residente@demo.mx', password: 'demo1234', id_house: res.body.id_house });
    expect(login.body.house).toMatchObject({ id: res.body.id_house });

    await setMode('SIGN_IN');
    const signIn = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ user: { email: 'residente@demo.mx' } }), { token });
    expect(Object.keys(signIn.body)).toEqual(['id_house', 'email']);
    await setMode('REVIEW');
    const review = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ user: { email: 'residente@demo.mx' } }), { token });
    expect(review.body).toEqual({ completed: true, email_sent: false });
    // Signed in as someone else does not count as that person's confirmation.
    const other = await t.signIn('propietario@demo.mx');
    expect(
      (await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ user: { email: 'residente@demo.mx' } }), { token: other })).status,
    ).toBe(409);
  });

  it('takes over an ownerless house only while it is pending: an active or blocked one is refused', async () => {
    await setMode('SIGN_UP');
    const prisma = t.app.db.prisma;
    for (const [i, status] of (['ACTIVE', 'BLOCKED'] as const).entries()) {
      const house = await prisma.house.create({
        data: { neighborhoodId: olivos.id, houseTypeId: avenida.id, streetId: street.id, block: '78', lot: String(i), exteriorNumber: `780${i}`, status },
      });
      const body = registration({ house: { block: '78', lot: String(i), exterior_number: `780${i}` } });
      const res = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, body);
      expect(res.body).toEqual({ code: 409, description: 'Esta propiedad ya está registrada; contacta a tu administración' });
      expect(await prisma.house.findUniqueOrThrow({ where: { id: house.id } })).toMatchObject({ status, ownerUserId: null });
      expect(await prisma.user.count({ where: { email: body.user.email } })).toBe(0);
    }
    const fresh = await prisma.house.create({
      data: { neighborhoodId: olivos.id, houseTypeId: avenida.id, streetId: street.id, block: '78', lot: '9', exteriorNumber: '7809', status: 'NEW' },
    });
    expect(
      (await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ house: { block: '78', lot: '9', exterior_number: '7809' } }))).body,
    ).toEqual({ completed: true, email_sent: true });
    expect((await prisma.house.findUniqueOrThrow({ where: { id: fresh.id } })).ownerUserId).not.toBeNull();
  });

  it('counts refusals in the pace of 10 registrations per address and hour, so the answers cannot be used to probe e-mails', async () => {
    await setMode('SIGN_UP');
    for (let i = 0; i < 10; i++)
      expect((await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ user: { email: 'residente@demo.mx' } }))).status).toBe(409);
    const limited = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration());
    expect(limited.body).toEqual({ code: 429, description: 'Demasiados registros desde tu conexión. Intenta de nuevo más tarde' });
  });

  it('runs the registration again after a serialization conflict, and explains a simultaneous registration of the same e-mail', async () => {
    await setMode('SIGN_UP');
    const prisma = t.app.db.prisma as any;
    const original = prisma.$transaction;
    const failWith = (error: object, times: number) => {
      let left = times;
      prisma.$transaction = (...args: unknown[]) => (left-- > 0 ? Promise.reject(Object.assign(new Error('simulated'), error)) : original.apply(prisma, args));
    };
    try {
      failWith({ code: 'P2034' }, 2);
      const body = registration();
      const retried = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, body);
      expect(retried.body).toEqual({ completed: true, email_sent: true });
      expect(await prisma.user.count({ where: { email: body.user.email } })).toBe(1);

      failWith({ code: 'P2002', meta: { modelName: 'User', target: ['email'] } }, 1);
      const raced = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration());
      expect(raced.body).toEqual({ code: 409, description: 'Ese correo se está registrando en este momento; espera unos segundos e intenta de nuevo' });
    } finally {
      prisma.$transaction = original;
    }
  });

  it('completes without signing in for a new person under REVIEW or SIGN_IN; mails an existing person without password', async () => {
    await setMode('SIGN_IN');
    const signIn = registration();
    expect((await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, signIn)).body).toEqual({ completed: true, email_sent: false });
    await setMode('SIGN_UP');
    const again = await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, registration({ user: { email: signIn.user.email } }));
    expect(again.body).toEqual({ completed: true, email_sent: true });
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: signIn.user.email } });
    expect(mail.text).toMatch(/\/signup\/[\w-]+/);
  });

  it('GraphQL: registers by domain, drops fields the type does not require and creates a typed street', async () => {
    await setMode('SIGN_UP');
    const { body } = await t.gql(
      `mutation($input: RegisterOnboardingOwnerInput!) { registerOnboardingOwner(input: $input) {
        __typename ... on Error { code message } ... on MutationRegisterOnboardingOwnerSuccess { data { outcome houseId email emailSent } } } }`,
      {
        input: {
          domain: 'los_olivos',
          user: { firstName: 'Tomás', email: 'tomas@correo.mx' },
          house: { houseTypeId: avenida.id, street: 'Calle Nueva del Sol', block: '5', lot: '5', exteriorNumber: '55', mall: 'No aplica' },
        },
      },
    );
    const r = body.data.registerOnboardingOwner.data;
    expect(r).toEqual({ outcome: 'COMPLETED', houseId: expect.any(Number), email: 'tomas@correo.mx', emailSent: true });
    const house = await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: r.houseId }, include: { street: true } });
    expect(house.street?.name).toBe('Calle Nueva del Sol');
    expect(house.mallId).toBeNull();
    expect(await t.app.db.prisma.mall.count({ where: { name: 'No aplica' } })).toBe(0);
  });

  it("bad input, another community's ids, closed and paused communities change nothing", async () => {
    await setMode('SIGN_UP');
    const prisma = t.app.db.prisma;
    const before = { houses: await prisma.house.count(), users: await prisma.user.count(), streets: await prisma.street.count() };
    const post = (body: object, id = olivos.id) => t.rest('POST', `/onboarding/neighborhoods/${id}`, body);
    const missing = await post(registration({ house: { id_street: null, lot: '' } }));
    expect(missing.body).toEqual({ code: 400, description: 'Faltan datos de la propiedad: Lote, Calle' });
    expect((await post(registration({ user: { email: 'no-es-correo' } }))).status).toBe(400);
    const towerType = await prisma.houseType.findFirstOrThrow({ where: { neighborhoodId: torre.id } });
    expect((await post(registration({ house: { id_house_type: towerType.id } }))).body).toEqual({ code: 400, description: 'El tipo de propiedad no existe' });
    const hidden = await prisma.houseType.create({ data: { neighborhoodId: olivos.id, title: 'Privado', hiddenToPublic: true, requireInteriorNumber: true } });
    expect((await post(registration({ house: { id_house_type: hidden.id } }))).status).toBe(400);
    const towerStreet = await prisma.street.create({ data: { neighborhoodId: torre.id, name: 'Calle de Torre' } });
    expect((await post(registration({ house: { id_street: towerStreet.id } }))).body).toEqual({ code: 400, description: 'La calle no existe' });
    await setMode('CLOSED');
    expect((await post(registration())).status).toBe(405);
    await setMode('PAUSED');
    expect((await post(registration())).status).toBe(423);
    expect((await post(registration(), 999999)).status).toBe(404);
    expect({ houses: await prisma.house.count(), users: await prisma.user.count(), streets: await prisma.street.count() }).toEqual({
      ...before,
      streets: before.streets + 1,
    });
  });
});

describe('onboarding mode (administration)', () => {
  it('is set with CUsersUpdate and shown on the community; refused to owners; scoped to the caller community', async () => {
    const set = await t.rest('PUT', `/neighborhoods/${olivos.id}/onboarding`, { onboarding: 'REVIEW' }, { token: config });
    expect(set.body).toEqual({ onboarding: 'REVIEW' });
    const read = await t.gql('query { neighborhood { onboarding } }', {}, { token: config });
    expect(read.body.data.neighborhood.onboarding).toBe('REVIEW');
    expect(await t.app.db.prisma.auditLog.count({ where: { action: 'SET_ONBOARDING_MODE' } })).toBe(1);

    const owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
    expect((await t.rest('PUT', `/neighborhoods/${olivos.id}/onboarding`, { onboarding: 'SIGN_UP' }, { token: owner })).status).toBe(403);
    expect((await t.gql('mutation { setOnboardingMode(input: { mode: SIGN_UP }) { neighborhood { onboarding } } }')).status).toBe(401);
    expect((await t.rest('PUT', `/neighborhoods/${torre.id}/onboarding`, { onboarding: 'PAUSED' }, { token: config })).status).toBe(404);
    expect((await t.rest('PUT', `/neighborhoods/${olivos.id}/onboarding`, { onboarding: 'ABIERTO' }, { token: config })).status).toBe(400);
    expect((await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: torre.id } })).onboarding).toBe('SIGN_UP');
    expect((await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { id: olivos.id } })).onboarding).toBe('REVIEW');
  });
});

describe('tenancy and bounded input', () => {
  it('refuses an anonymous registration with the e-mail of a person of another community, even without password, changing nothing', async () => {
    await setMode('SIGN_UP');
    const prisma = t.app.db.prisma;
    const torreOwner = await prisma.role.findFirstOrThrow({ where: { neighborhoodId: torre.id, kind: 'OWNER' } });
    const person = await prisma.user.create({ data: { email: 'de.torre@correo.mx', firstName: 'Tomás', mobile: '5511110000' } });
    await prisma.membership.create({ data: { neighborhoodId: torre.id, userId: person.id, roleId: torreOwner.id } });
    const houses = await prisma.house.count();
    const res = await t.rest(
      'POST',
      `/onboarding/neighborhoods/${olivos.id}`,
      registration({ user: { email: 'de.torre@correo.mx', first_name: 'Otro', mobile: '4420000000' } }),
    );
    expect(res.body).toEqual({
      code: 409,
      description: 'Ya existe una cuenta con ese correo; inicia sesión y pide a tu administración que te asigne la propiedad',
    });
    expect(await prisma.house.count()).toBe(houses);
    expect(await prisma.membership.count({ where: { userId: person.id, neighborhoodId: olivos.id } })).toBe(0);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({ firstName: 'Tomás', mobile: '5511110000' });
  });

  it('refuses NUL bytes and overlong strings (400) in every text of the form', async () => {
    await setMode('SIGN_UP');
    const before = await t.app.db.prisma.house.count();
    for (const body of [
      registration({ user: { first_name: 'So\u0000fía' } }),
      registration({ user: { last_name: 'x'.repeat(5000) } }),
      registration({ house: { block: '9\u0000' } }),
      registration({ house: { id_street: null, street: 'c'.repeat(1000) } }),
    ]) {
      expect((await t.rest('POST', `/onboarding/neighborhoods/${olivos.id}`, body)).status).toBe(400);
    }
    expect(() => parseInput(RegisterSchema, { domain: 'los_olivos', user: { firstName: 'A\u0000', email: 'a@correo.mx' }, house: { houseTypeId: 1 } })).toThrow(
      InputError,
    );
    expect(await t.app.db.prisma.house.count()).toBe(before);
  });
});

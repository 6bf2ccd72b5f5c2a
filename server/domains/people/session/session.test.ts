import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { passwordChecks } from '../../../auth/passwords.js';
import { forgetSession } from '../../../auth/viewer.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SIGN_IN = `mutation($input: SignInInput!) {
  signIn(input: $input) {
    __typename
    ... on Error { code message }
    ... on InputError { issues { field message } }
    ... on MutationSignInSuccess { data { token session { grants neighborhood { name } account { label } } } }
  }
}`;
const SESSION = `{ session { grants activeModules publicToken websocket { url protocol } user { email }
  neighborhood { databaseId name neighborhoodTypeName } house { databaseId }
  accounts { edges { node { id databaseId label current neighborhood { databaseId } } } } } }`;

describe('sign-in', () => {
  it('signs in through GraphQL with a cookie for the browser', async () => {
    const { body, response } = await t.gql(SIGN_IN, { input: { email: 'Admin@Demo.mx ', password: 'demo1234' } });
    expect(body.data.signIn.__typename).toBe('MutationSignInSuccess');
    expect(body.data.signIn.data.token).toBeNull();
    const cookie = response.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^sid=[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);
    const session = await t.gql(SESSION, {}, { cookie: cookie.split(';')[0] });
    expect(session.body.data.session.user.email).toBe('admin@demo.mx');
    expect(session.body.data.session.grants).toContain('AHousesRead');
    expect(session.body.data.session.grants).toContain('CStreetsCreate');
    expect(session.body.data.session.neighborhood.neighborhoodTypeName).toBe('Fraccionamiento');
  });

  it('answers a wrong password with the Spanish error and no session', async () => {
    const { body, response } = await t.gql(SIGN_IN, { input: { email: 'admin@demo.mx', password: 'nope' } }, { ip: '10.9.9.1' });
    expect(body.data.signIn).toMatchObject({ __typename: 'SignInError', code: 401, message: 'El correo electrónico o la contraseña no son correctos' });
    expect(response.headers.getSetCookie()).toHaveLength(0);
  });

  it('validates the input', async () => {
    const { body } = await t.gql(SIGN_IN, { input: { email: 'no-es-correo', password: '' } });
    expect(body.data.signIn.__typename).toBe('InputError');
    expect(body.data.signIn.issues.map((i: any) => i.field).sort()).toEqual(['email', 'password']);
  });

  it('locks an account out of one address after 5 failures, not the owner from another address', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await t.gql(SIGN_IN, { input: { email: 'config@demo.mx', password: 'mal' } }, { ip: '10.1.0.1' });
      expect(wrong.body.data.signIn.__typename).toBe('SignInError');
    }
    const { body } = await t.gql(SIGN_IN, { input: { email: 'config@demo.mx', password: 'demo1234' } }, { ip: '10.1.0.1' });
    expect(body.data.signIn).toMatchObject({
      __typename: 'TooManyAttemptsError',
      code: 429,
      message: 'Demasiados intentos de inicio de sesión. Intenta de nuevo en 15 minutos',
    });
    const rest = await t.rest('POST', '/auth/login', { email: 'config@demo.mx', password: 'demo1234' }, { ip: '10.1.0.1' });
    expect(rest.status).toBe(429);
    expect(rest.body.description).toMatch(/Demasiados intentos/);
    // The real owner, from their own address, still signs in.
    const owner = await t.gql(SIGN_IN, { input: { email: 'config@demo.mx', password: 'demo1234' } }, { ip: '10.1.1.1' });
    expect(owner.body.data.signIn.__typename).toBe('MutationSignInSuccess');
  });

  it('locks an account out for an hour after 50 failures spread over addresses, except from where its owner signs in', async () => {
    const usual = await t.gql(SIGN_IN, { input: { email: 'vecino1@demo.mx', password: 'demo1234' } }, { ip: '10.6.200.1' });
    expect(usual.body.data.signIn.__typename).toBe('MutationSignInSuccess');
    for (let i = 0; i < 50; i++) {
      await t.gql(SIGN_IN, { input: { email: 'vecino1@demo.mx', password: 'mal' } }, { ip: `10.6.${Math.floor(i / 5)}.1` });
    }
    const { body } = await t.gql(SIGN_IN, { input: { email: 'vecino1@demo.mx', password: 'demo1234' } }, { ip: '10.6.99.1' });
    expect(body.data.signIn).toMatchObject({
      __typename: 'TooManyAttemptsError',
      message: 'Demasiados intentos de inicio de sesión. Intenta de nuevo en 60 minutos',
    });
    // The owner's usual address is not held to the account's global limit.
    const owner = await t.gql(SIGN_IN, { input: { email: 'vecino1@demo.mx', password: 'demo1234' } }, { ip: '10.6.200.1' });
    expect(owner.body.data.signIn.__typename).toBe('MutationSignInSuccess');
  });

  it('is atomic: of 40 concurrent wrong passwords for one account at most 5 reach the password check, the rest are refused', async () => {
    const before = passwordChecks.count;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.gql(SIGN_IN, { input: { email: 'vecino2@demo.mx', password: 'adivina' } }, { ip: '10.5.0.1' })),
    );
    const checks = passwordChecks.count - before;
    const kinds = answers.map((a) => a.body.data.signIn.__typename);
    const refused = kinds.filter((k) => k === 'TooManyAttemptsError').length;
    const wrong = kinds.filter((k) => k === 'SignInError').length;
    // At most five are checked (wrong password, 401); the others never reach the check (429): over the
    // limit, or refused at once while the account's lock is busy instead of queueing on the database.
    expect(checks).toBeGreaterThanOrEqual(1);
    expect(checks).toBeLessThanOrEqual(5);
    expect({ wrong, refused }).toEqual({ wrong: checks, refused: 40 - checks });
    // Refused guesses are not kept: the lock ends with the window of the guesses that were checked.
    expect(await t.app.db.prisma.signInAttempt.count({ where: { email: 'vecino2@demo.mx' } })).toBe(wrong);
  });

  // PostgreSQL: a crowd of attempts on one account must not hold the pool's connections (10) while the
  // account's lock is busy (here held by another instance for 1.5 s): it is refused, and other requests go on.
  const holdLock = async (name: string, ms: number) => {
    let held!: () => void;
    const taken = new Promise<void>((resolve) => {
      held = resolve;
    });
    const done = t.app.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${name}))::text AS held`;
        held();
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
      { timeout: ms + 10_000 },
    );
    await taken;
    return done;
  };

  it.runIf(!!process.env.DATABASE_URL)('a crowd of sign-ins for one account does not stall other requests', async () => {
    const other = await t.signIn('config@demo.mx');
    const holder = holdLock('attempt:key:vecino3@demo.mx', 1500);
    const before = passwordChecks.count;
    const crowd = Promise.all(
      Array.from({ length: 60 }, (_x, i) => t.gql(SIGN_IN, { input: { email: 'vecino3@demo.mx', password: 'x' } }, { ip: `10.7.${i}.1` })),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    forgetSession(); // the next request reads its session from the database
    const started = Date.now();
    const session = await t.gql('{ session { user { email } } }', {}, { token: other });
    const elapsed = Date.now() - started;
    const answers = await crowd;
    await holder;
    expect(session.body.data.session.user.email).toBe('config@demo.mx');
    expect(elapsed).toBeLessThan(1000);
    // Every attempt of the crowd is refused (429) without reaching the password check; none fails (500).
    expect(answers.map((a) => a.body.data?.signIn?.__typename)).toEqual(Array(60).fill('TooManyAttemptsError'));
    expect(passwordChecks.count - before).toBe(0);
  });

  it.runIf(!!process.env.DATABASE_URL)('the owner signs in from their usual address while a crowd guesses from others', async () => {
    const usual = await t.gql(SIGN_IN, { input: { email: 'vecino5@demo.mx', password: 'demo1234' } }, { ip: '10.8.200.1' });
    expect(usual.body.data.signIn.__typename).toBe('MutationSignInSuccess');
    const holder = holdLock('attempt:key:vecino5@demo.mx', 1000);
    const crowd = Promise.all(
      Array.from({ length: 30 }, (_x, i) => t.gql(SIGN_IN, { input: { email: 'vecino5@demo.mx', password: 'x' } }, { ip: `10.8.${i}.1` })),
    );
    const owner = await t.gql(SIGN_IN, { input: { email: 'vecino5@demo.mx', password: 'demo1234' } }, { ip: '10.8.200.1' });
    const stranger = await t.gql(SIGN_IN, { input: { email: 'vecino5@demo.mx', password: 'demo1234' } }, { ip: '10.8.201.1' });
    await crowd;
    await holder;
    expect(owner.body.data.signIn.__typename).toBe('MutationSignInSuccess');
    expect(stranger.body.data.signIn.__typename).toBe('TooManyAttemptsError');
  });

  it.runIf(!!process.env.DATABASE_URL)('people behind one address sign in together while its counter is busy for a while', async () => {
    const holder = holdLock('attempt:ip:10.9.0.1', 600);
    const answers = await Promise.all(
      ['vecino6@demo.mx', 'vecino7@demo.mx', 'vecino8@demo.mx', 'vecino9@demo.mx'].map((email) =>
        t.gql(SIGN_IN, { input: { email, password: 'demo1234' } }, { ip: '10.9.0.1' }),
      ),
    );
    await holder;
    expect(answers.map((a) => a.body.data.signIn.__typename)).toEqual(Array(4).fill('MutationSignInSuccess'));
  });

  it('rate-limits failed attempts per address', async () => {
    for (let i = 0; i < 30; i++) await t.gql(SIGN_IN, { input: { email: `nadie${i}@demo.mx`, password: 'x' } }, { ip: '10.2.0.1' });
    const { body } = await t.gql(SIGN_IN, { input: { email: 'seguridad@demo.mx', password: 'demo1234' } }, { ip: '10.2.0.1' });
    expect(body.data.signIn.__typename).toBe('TooManyAttemptsError');
    const other = await t.gql(SIGN_IN, { input: { email: 'seguridad@demo.mx', password: 'demo1234' } }, { ip: '10.2.0.2' });
    expect(other.body.data.signIn.__typename).toBe('MutationSignInSuccess');
  });

  it('counts the address the proxy saw, not one the client wrote in X-Forwarded-For', async () => {
    for (let i = 0; i < 30; i++) {
      await t.gql(SIGN_IN, { input: { email: `otro${i}@demo.mx`, password: 'x' } }, { ip: `1.2.3.${i}, 10.4.0.1` });
    }
    const { body } = await t.gql(SIGN_IN, { input: { email: 'inquilino@demo.mx', password: 'demo1234' } }, { ip: '9.9.9.9, 10.4.0.1' });
    expect(body.data.signIn.__typename).toBe('TooManyAttemptsError');
  });

  it('opens the account of the given house and refuses a house that is not the user’s', async () => {
    const token = await t.signIn('propietario@demo.mx');
    const { body } = await t.gql(SESSION, {}, { token });
    const accounts = body.data.session.accounts.edges.map((e: any) => e.node);
    expect(accounts).toHaveLength(2);
    const tower = accounts.find((a: any) => a.label.startsWith('Condominio Torre Azul'));
    expect(tower.label).toBe('Condominio Torre Azul A-302');
    const houseToken = await t.signIn('propietario@demo.mx', { houseId: undefined, domain: 'torre_azul' });
    const towerSession = await t.gql(SESSION, {}, { token: houseToken });
    expect(towerSession.body.data.session.neighborhood.name).toBe('Condominio Torre Azul');
    const refused = await t.gql(SIGN_IN, { input: { email: 'propietario@demo.mx', password: 'demo1234', houseId: 999999 } });
    expect(refused.body.data.signIn.message).toBe('No tienes acceso a esa propiedad');
  });
});

describe('session', () => {
  it('carries grants by role, modules and the websocket configuration', async () => {
    const token = await t.signIn('propietario@demo.mx');
    const { body } = await t.gql(SESSION, {}, { token });
    const s = body.data.session;
    expect(s.grants.every((g: string) => g.startsWith('O'))).toBe(true);
    expect(s.grants).toContain('OReceiptsRead');
    expect(s.house.databaseId).toBeGreaterThan(0);
    expect(s.activeModules).toContain('COBRANZA');
    expect(s.websocket).toEqual({ url: '/graphql', protocol: 'graphql-transport-ws' });
    expect(s.publicToken).toMatch(/^[\w-]{40,}$/);
  });

  it('is null without a token; a dead token clears the cookie and answers 401 to anything private', async () => {
    expect((await t.gql(SESSION)).body.data.session).toBeNull();
    const dead = await t.gql(SESSION, {}, { cookie: 'sid=not-a-session' });
    expect(dead.body.data.session).toBeNull();
    expect(dead.response.headers.getSetCookie()[0]).toMatch(/^sid=; .*Max-Age=0/);
    const privateQuery = await t.gql('{ viewer { email } }', {}, { cookie: 'sid=not-a-session' });
    expect(privateQuery.status).toBe(401);
    expect(privateQuery.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(privateQuery.response.headers.getSetCookie()[0]).toMatch(/^sid=; .*Max-Age=0/);
  });

  it('signs out: the token stops working', async () => {
    const token = await t.signIn('residente@demo.mx');
    const out = await t.gql('mutation { signOut { ok } }', {}, { token });
    expect(out.body.data.signOut.ok).toBe(true);
    const after = await t.gql('{ viewer { email } }', {}, { token });
    expect(after.status).toBe(401);
  });

  it('switches account and the scope follows', async () => {
    const token = await t.signIn('admin@demo.mx');
    const before = await t.gql(SESSION, {}, { token });
    const accounts = before.body.data.session.accounts.edges.map((e: any) => e.node);
    const torre = accounts.find((a: any) => !a.current);
    const housesBefore = await t.gql('{ houses(first: 5) { totalCount } }', {}, { token });
    const switched = await t.gql(
      `mutation($input: SwitchAccountInput!) { switchAccount(input: $input) { __typename ... on MutationSwitchAccountSuccess { data { session { neighborhood { name } } } } } }`,
      { input: { accountId: torre.id } },
      { token },
    );
    expect(switched.body.data.switchAccount.data.session.neighborhood.name).toBe('Condominio Torre Azul');
    const housesAfter = await t.gql('{ houses(first: 5) { totalCount } }', {}, { token });
    expect(housesBefore.body.data.houses.totalCount).toBe(224);
    expect(housesAfter.body.data.houses.totalCount).toBe(1);
  });

  it('refuses to switch to an account of someone else', async () => {
    const owner = await t.signIn('propietario@demo.mx');
    const ownerAccounts = (await t.gql(SESSION, {}, { token: owner })).body.data.session.accounts.edges;
    const admin = await t.signIn('admin@demo.mx');
    const { body } = await t.gql(
      `mutation($input: SwitchAccountInput!) { switchAccount(input: $input) { __typename ... on Error { message } } }`,
      { input: { accountId: ownerAccounts[0].node.id } },
      { token: admin },
    );
    expect(body.data.switchAccount.__typename).toBe('NotFoundError');
  });
});

describe('REST session routes', () => {
  it('logs in, reads the legacy session and logs out', async () => {
    const login = await t.rest('POST', '/auth/login', { email: 'admin@demo.mx', password: 'demo1234' });
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
    const cookie = login.response.headers.getSetCookie()[0].split(';')[0];
    const session = await t.rest('GET', '/users/session', undefined, { cookie });
    expect(session.body).toMatchObject({
      user: { email: 'admin@demo.mx', first_name: 'Adriana', super_admin: false },
      neighborhood: { name: 'Residencial Los Olivos', domain: 'los_olivos', neighborhood_type: 'NEIGHBORHOOD', restrict_vehicles: false },
      house: null,
      websocket: { url: '/graphql' },
    });
    expect(session.body.actions).toContain('AHousesRead');
    expect(session.body.active_modules).toContain('BASE');
    const bearer = await t.rest('GET', '/users/session', undefined, { token: login.body.token });
    expect(bearer.body.user.email).toBe('admin@demo.mx');
    // A plain link (GET) with the cookie cannot sign anyone out from another site: it needs the CSRF header.
    const crossSite = await t.rest('GET', '/logout', undefined, { cookie });
    expect(crossSite.status).toBe(403);
    expect((await t.rest('GET', '/users/session', undefined, { cookie })).status).toBe(200);
    const logout = await t.rest('GET', '/logout', undefined, { cookie, headers: { 'x-graphql-csrf': '1' } });
    expect(logout.body).toEqual({ content: true });
    const after = await t.rest('GET', '/users/session', undefined, { cookie });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, description: 'No se logró obtener información de la sesión' });
    const me = await t.rest('GET', '/users/me', undefined, { cookie });
    expect(me.body).toEqual({ code: 401, description: 'Tu sesión ha terminado. Inicia sesión de nuevo' });
  });

  it('logs out a legacy API client with GET and its token', async () => {
    const login = await t.rest('POST', '/auth/login', { email: 'residente@demo.mx', password: 'demo1234' });
    const out = await t.rest('GET', '/logout', undefined, { token: login.body.token });
    expect(out.body).toEqual({ content: true });
    expect((await t.rest('GET', '/users/session', undefined, { token: login.body.token })).status).toBe(401);
  });

  it('logs out with POST (what browsers use): the cookie stops working', async () => {
    const login = await t.rest('POST', '/auth/login', { email: 'inquilino@demo.mx', password: 'demo1234' });
    const cookie = login.response.headers.getSetCookie()[0].split(';')[0];
    const out = await t.rest('POST', '/logout', undefined, { cookie });
    expect(out.body).toEqual({ content: true });
    expect(out.response.headers.getSetCookie()[0]).toMatch(/^sid=; .*Max-Age=0/);
    expect((await t.rest('GET', '/users/session', undefined, { cookie })).status).toBe(401);
  });

  it('logs in by domain and house id', async () => {
    const houses = await t.rest('POST', '/auth/torre_azul/login', { email: 'propietario@demo.mx', password: 'demo1234' });
    expect(houses.body.neighborhood.domain).toBe('torre_azul');
    expect(houses.body.house.id_owner_user).toBe(houses.body.user.id);
    const byHouse = await t.rest('POST', '/auth/login', { email: 'propietario@demo.mx', password: 'demo1234', id_house: houses.body.house.id });
    expect(byHouse.body.house.id).toBe(houses.body.house.id);
    const wrong = await t.rest('POST', '/auth/los_olivos/login', { email: 'propietario@demo.mx', password: 'mala' }, { ip: '10.3.0.1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 401, description: 'El correo electrónico o la contraseña no son correctos' });
  });

  it('without a session answers 401 with the session failure message', async () => {
    const { status, body } = await t.rest('GET', '/users/session');
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, description: 'No se logró obtener información de la sesión' });
  });
});

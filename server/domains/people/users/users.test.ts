import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { passwordChecks } from '../../../auth/passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('my user', () => {
  it('reads and updates personal data through REST, with the input transforms', async () => {
    const token = await t.signIn('inquilino@demo.mx');
    const me = await t.rest('GET', '/users/me', undefined, { token });
    expect(me.body).toMatchObject({ email: 'inquilino@demo.mx', first_name: 'Iván' });
    const updated = await t.rest(
      'PUT',
      '/users/me/basic',
      { first_name: '  iván de la cruz ', last_name: '', birth_date: '1990-05-17', mobile: '442 123 4567' },
      { token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ first_name: 'Iván de la Cruz', last_name: null, birth_date: '1990-05-17', mobile: '4421234567' });
    const audit = await t.app.db.prisma.auditLog.findFirst({ where: { action: 'UPDATE_BASIC_DATA' } });
    expect(audit).not.toBeNull();
  });

  it('changes the e-mail only after verification by code', async () => {
    const token = await t.signIn('seguridad@demo.mx');
    const wrongOld = await t.rest('PUT', '/users/me/email', { old_email: 'otro@demo.mx', email: 'nuevo@demo.mx' }, { token });
    expect(wrongOld.body).toEqual({ code: 400, description: 'El correo electrónico actual no coincide' });
    const taken = await t.rest('PUT', '/users/me/email', { old_email: 'seguridad@demo.mx', email: 'admin@demo.mx' }, { token });
    expect(taken.status).toBe(409);
    const ok = await t.rest('PUT', '/users/me/email', { old_email: 'seguridad@demo.mx', email: 'Caseta@Demo.mx' }, { token });
    expect(ok.body).toMatchObject({ email: 'seguridad@demo.mx', new_email: 'caseta@demo.mx' });
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'caseta@demo.mx' } });
    const code = /código (\d+)/.exec(mail.text)![1];
    expect((await t.rest('GET', '/auth/verify-email/000')).status).toBe(404);
    const verified = await t.rest('GET', `/auth/verify-email/${code}`);
    expect(verified.body).toEqual({ content: true });
    const me = await t.rest('GET', '/users/me', undefined, { token });
    expect(me.body).toMatchObject({ email: 'caseta@demo.mx', new_email: null });
  });

  it('changes the password and ends the other sessions', async () => {
    const first = await t.signIn('config@demo.mx');
    const second = await t.signIn('config@demo.mx');
    const wrong = await t.rest('PUT', '/users/me/password', { current_password: 'mala', password: 'nueva-clave-1' }, { token: first });
    expect(wrong.body).toEqual({ code: 400, description: 'La contraseña actual no es correcta' });
    const short = await t.rest('PUT', '/users/me/password', { current_password: 'demo1234', password: 'corta' }, { token: first });
    expect(short.body.description).toMatch(/al menos 8/);
    const ok = await t.rest(
      'PUT',
      '/users/me/password',
      { current_password: 'demo1234', password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' },
      { token: first },
    );
    expect(ok.status).toBe(200);
    expect((await t.rest('GET', '/users/me', undefined, { token: first })).status).toBe(200);
    expect((await t.rest('GET', '/users/me', undefined, { token: second })).status).toBe(401);
    const login = await t.rest('POST', '/auth/login', { email: 'config@demo.mx', password: 'nueva-clave-1' });
    expect(login.status).toBe(200);
  });

  it('throttles guesses of the current password like sign-in guesses', async () => {
    const token = await t.signIn('vecino3@demo.mx');
    const ip = '10.30.0.1';
    for (let i = 0; i < 5; i++) {
      const wrong = await t.rest('PUT', '/users/me/password', { current_password: `mala-${i}`, password: 'nueva-clave-1' }, { token, ip });
      expect(wrong.body).toEqual({ code: 400, description: 'La contraseña actual no es correcta' });
    }
    const limited = await t.rest('PUT', '/users/me/password', { current_password: 'demo1234', password: 'nueva-clave-1' }, { token, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.description).toMatch(/Demasiados intentos/);
    const gql = await t.gql(
      `mutation($input: ChangeMyPasswordInput!) { changeMyPassword(input: $input) { __typename ... on Error { code } } }`,
      { input: { currentPassword: 'demo1234', password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' } },
      { token, ip },
    );
    expect(gql.body.data.changeMyPassword).toEqual({ __typename: 'TooManyAttemptsError', code: 429 });
    // The same counters as sign-in: the account is locked from this address for sign-in too.
    const signIn = await t.rest('POST', '/auth/login', { email: 'vecino3@demo.mx', password: 'demo1234' }, { ip });
    expect(signIn.status).toBe(429);
  });

  it('lets at most 5 of 30 concurrent current-password guesses reach the check, the rest answer 429', async () => {
    const token = await t.signIn('vecino4@demo.mx');
    const before = passwordChecks.count;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_x, i) =>
        t.rest('PUT', '/users/me/password', { current_password: `mala-${i}`, password: 'nueva-clave-1' }, { token, ip: '10.31.0.1' }),
      ),
    );
    // Over the limit, or refused at once while other guesses of the account are under way (never queued).
    const checks = passwordChecks.count - before;
    expect(checks).toBeGreaterThanOrEqual(1);
    expect(checks).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 400).length).toBe(checks);
    expect(answers.filter((a) => a.status === 429).length).toBe(30 - checks);
  });
});

describe('profile visibility', () => {
  const PROFILE = 'query($id: ID!) { node(id: $id) { ... on User { email mobile landline birthDate } } }';
  const userId = (id: number) => Buffer.from(`User:${id}`).toString('base64');

  it('hides the profile of a person who belongs only to another community from its administrators', async () => {
    // Someone who signs up their own community (B) and fills in their profile.
    const signUp = await t.rest(
      'POST',
      '/auth/signup',
      {
        neighborhood: { name: 'Privada Ajena', domain: 'privada_ajena' },
        user: { first_name: 'Berta', email: 'berta@ajena.mx', password: 'segura-123' },
      },
      { ip: '10.32.0.1' },
    );
    expect(signUp.status).toBe(201);
    const cookie = signUp.response.headers.getSetCookie()[0].split(';')[0];
    const updated = await t.rest(
      'PUT',
      '/users/me/basic',
      { first_name: 'Berta', mobile: '4429876543', landline: '4421112233', birth_date: '1980-02-03' },
      { cookie },
    );
    expect(updated.body).toMatchObject({ mobile: '4429876543' });
    const berta = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'berta@ajena.mx' } });

    // The administrator of community A (Los Olivos) does not see it, by id or through the lookup by e-mail.
    const admin = await t.signIn('admin@demo.mx');
    const byId = await t.gql(PROFILE, { id: userId(berta.id) }, { token: admin });
    expect(byId.body.data?.node ?? null).toBeNull();
    const lookup = await t.gql('query { userByEmail(email: "berta@ajena.mx") { email } }', {}, { token: admin });
    expect(JSON.stringify(lookup.body)).not.toContain('4429876543');

    // Berta herself does.
    const own = await t.gql(PROFILE, { id: userId(berta.id) }, { cookie });
    expect(own.body.data.node).toMatchObject({ mobile: '4429876543', landline: '4421112233', birthDate: '1980-02-03' });
  });

  it('shows it to the administrators of a community where the person has an active account, and to nobody else', async () => {
    const owner = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } });
    const admin = await t.signIn('admin@demo.mx');
    const byAdmin = await t.gql(PROFILE, { id: userId(owner.id) }, { token: admin });
    expect(byAdmin.body.data.node).toMatchObject({ mobile: '4421234567' });
    // A neighbour (owner role) does not manage people.
    const neighbour = await t.signIn('vecino5@demo.mx');
    const byNeighbour = await t.gql(PROFILE, { id: userId(owner.id) }, { token: neighbour });
    expect(byNeighbour.body.data?.node ?? null).toBeNull();
    // A suspended account (blocked house 8, vecino7) no longer opens the person's profile to the administrator.
    const blockedOwner = await t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'vecino7@demo.mx' } });
    await t.app.db.prisma.user.update({ where: { id: blockedOwner.id }, data: { mobile: '4420000007' } });
    const suspended = await t.gql(PROFILE, { id: userId(blockedOwner.id) }, { token: admin });
    expect(JSON.stringify(suspended.body)).not.toContain('4420000007');
  });
});

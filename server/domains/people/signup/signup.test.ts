import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { loadViewer } from '../../../auth/viewer.js';
import { assertMayAddPeople, VERIFY_EMAIL_FIRST } from '../../../auth/people.js';
import { ForbiddenError } from '../../../kernel/errors.js';
import { SetupPasswordSchema } from '../../../../core/passwords.js';
import { SignUpSchema } from '../../../../core/signUp.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-up of a new community', () => {
  it('creates the community, its roles and a new administrator, and signs in', async () => {
    const { status, body, response } = await t.rest('POST', '/auth/signup', {
      neighborhood: { name: 'Privada Las Lomas', domain: 'privada_las_lomas', country: 'México' },
      user: { first_name: 'lucía', last_name: 'Peña', email: 'Lucia@Lomas.mx', password: 'segura-123' },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ user: { email: 'lucia@lomas.mx', first_name: 'Lucía' }, neighborhood: { domain: 'privada_las_lomas', modules: ['BASE'] } });
    expect(body.actions).toContain('AHousesCreate');
    const cookie = response.headers.getSetCookie()[0].split(';')[0];
    expect((await t.rest('GET', '/users/session', undefined, { cookie })).body.neighborhood.name).toBe('Privada Las Lomas');
    const roles = await t.app.db.prisma.role.count({ where: { neighborhood: { domain: 'privada_las_lomas' } } });
    expect(roles).toBe(6);
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'lucia@lomas.mx' } });
    expect(mail.subject).toBe('Verifica tu correo electrónico');
  });

  it('uses an existing login and refuses a taken domain or e-mail, changing nothing', async () => {
    const before = await t.app.db.prisma.neighborhood.count();
    const taken = await t.rest('POST', '/auth/signup', {
      neighborhood: { name: 'Otra', domain: 'los_olivos' },
      login: { email: 'admin@demo.mx', password: 'demo1234' },
    });
    expect(taken.body).toEqual({ code: 409, description: 'El dominio los_olivos ya está en uso' });
    const emailTaken = await t.rest('POST', '/auth/signup', {
      neighborhood: { name: 'Otra más', domain: 'otra_mas' },
      user: { first_name: 'X', email: 'admin@demo.mx', password: 'segura-123' },
    });
    expect(emailTaken.status).toBe(409);
    const wrongLogin = await t.rest('POST', '/auth/signup', {
      neighborhood: { name: 'Otra', domain: 'otra' },
      login: { email: 'admin@demo.mx', password: 'x' },
    });
    expect(wrongLogin.status).toBe(401);
    const badDomain = await t.rest('POST', '/auth/signup', {
      neighborhood: { name: 'Otra', domain: 'Con Espacios' },
      login: { email: 'admin@demo.mx', password: 'demo1234' },
    });
    expect(badDomain.status).toBe(400);
    expect(await t.app.db.prisma.neighborhood.count()).toBe(before);
    const ok = await t.rest('POST', '/auth/signup', {
      neighborhood: { name: 'Plaza Norte', domain: 'plaza_norte', neighborhood_type: 'MALL' },
      login: { email: 'admin@demo.mx', password: 'demo1234' },
    });
    expect(ok.body.neighborhood).toMatchObject({ neighborhood_type: 'MALL', neighborhood_type_name: 'Plaza comercial' });
    expect(ok.body.accounts.length).toBe(3);
  });
});

describe('sign-up throttle and e-mail verification', () => {
  it('refuses what the sign-up form refuses, with the same fields and messages (one core schema)', async () => {
    const input = { neighborhood: { name: ' Ab ', domain: 'Mi Comunidad' }, user: { firstName: '  ', email: 'no-es-correo', password: 'corta' } };
    const issues = [
      { field: 'neighborhood.name', message: 'El nombre de la comunidad debe tener al menos 3 caracteres' },
      { field: 'neighborhood.domain', message: 'El dominio solo puede tener letras minúsculas, números, guiones y guiones bajos (3 a 60)' },
      { field: 'user.firstName', message: 'El nombre es requerido' },
      { field: 'user.email', message: 'El correo electrónico no es válido' },
      { field: 'user.password', message: 'La contraseña debe tener al menos 8 caracteres' },
    ];
    expect(SignUpSchema.safeParse(input).error?.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))).toEqual(issues);
    const mutation = `mutation($input: SignUpCommunityInput!) { signUpCommunity(input: $input) { __typename ... on InputError { issues { field message } } } }`;
    expect((await t.gql(mutation, { input })).body.data.signUpCommunity).toEqual({ __typename: 'InputError', issues });
    const both = {
      neighborhood: { name: 'Privada Doble', domain: 'privada_doble' },
      user: { firstName: 'Ana', email: 'ana@doble.mx', password: 'segura-123' },
      login: { email: 'admin@demo.mx', password: 'demo1234' },
    };
    expect((await t.gql(mutation, { input: both })).body.data.signUpCommunity).toEqual({
      __typename: 'InputError',
      issues: [{ field: 'user', message: 'Envía los datos de la persona nueva o los de tu cuenta existente' }],
    });
    expect(await t.app.db.prisma.neighborhood.count({ where: { domain: 'privada_doble' } })).toBe(0);
    // Control characters, which the GraphQL layer already refuses, are the schema's too (REST and the form).
    expect(SignUpSchema.safeParse({ ...both, login: null, user: { ...both.user, firstName: 'Ana\u0000' } }).error?.issues[0].message).toBe(
      'El nombre contiene caracteres no permitidos',
    );
  });

  it('allows 5 community sign-ups per address and hour, whatever their outcome, then answers 429', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 5; i++) {
      const r = await t.rest(
        'POST',
        '/auth/signup',
        { neighborhood: { name: 'Intento', domain: 'los_olivos' }, login: { email: 'admin@demo.mx', password: 'demo1234' } },
        { ip },
      );
      expect(r.status).toBe(409);
    }
    const limited = await t.rest(
      'POST',
      '/auth/signup',
      {
        neighborhood: { name: 'Privada Limitada', domain: 'privada_limitada' },
        user: { first_name: 'Ana', email: 'ana@limitada.mx', password: 'segura-123' },
      },
      { ip },
    );
    expect(limited.status).toBe(429);
    expect(limited.body.description).toMatch(/Demasiados intentos/);
    expect(await t.app.db.prisma.neighborhood.count({ where: { domain: 'privada_limitada' } })).toBe(0);
    const otherAddress = await t.rest(
      'POST',
      '/auth/signup',
      {
        neighborhood: { name: 'Privada Limitada', domain: 'privada_limitada' },
        user: { first_name: 'Ana', email: 'ana@limitada.mx', password: 'segura-123' },
      },
      { ip: '10.8.0.2' },
    );
    expect(otherAddress.status).toBe(201);
  });

  it('leaves a new administrator unverified, unable to add people, until the mailed code is used', async () => {
    const { status, body } = await t.rest(
      'POST',
      '/auth/signup',
      {
        neighborhood: { name: 'Privada Verificada', domain: 'privada_verificada' },
        user: { first_name: 'Olga', email: 'olga@verificada.mx', password: 'segura-123' },
      },
      { ip: '10.8.1.1' },
    );
    expect(status).toBe(201);
    expect(body.user.email).toBe('olga@verificada.mx');
    const login = await t.gql(
      'mutation($input: SignInInput!) { signIn(input: $input) { ... on MutationSignInSuccess { data { token } } } }',
      { input: { email: 'olga@verificada.mx', password: 'segura-123', apiToken: true } },
      { ip: '10.8.1.1' },
    );
    const token = login.body.data.signIn.data.token;
    const viewer = async () => (await loadViewer(t.app.db, token, 'session'))!;
    const before = await viewer();
    expect(before.emailVerified).toBe(false);
    expect(() => assertMayAddPeople(before)).toThrow(ForbiddenError);
    expect(() => assertMayAddPeople(before)).toThrow(VERIFY_EMAIL_FIRST);
    expect((await t.gql('{ viewer { emailVerified } }', {}, { token })).body.data.viewer.emailVerified).toBe(false);

    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'olga@verificada.mx', subject: 'Verifica tu correo electrónico' } });
    const code = /código (\d+)/.exec(mail.text)![1];
    const verified = await t.rest('GET', `/auth/verify-email/${code}`);
    expect(verified.body).toEqual({ content: true });
    const after = await viewer();
    expect(after.emailVerified).toBe(true);
    expect(() => assertMayAddPeople(after)).not.toThrow();
    expect((await t.gql('{ viewer { emailVerified } }', {}, { token })).body.data.viewer.emailVerified).toBe(true);
    // The code works once.
    expect((await t.rest('GET', `/auth/verify-email/${code}`)).status).toBe(404);
  });
});

describe('password recovery', () => {
  it('mails a code, shows whose it is, sets the password and signs in; the code works once', async () => {
    const unknown = await t.rest('PUT', '/auth/recover-password', { email: 'nadie@demo.mx' });
    expect(unknown.body).toEqual({ content: true });
    const asked = await t.rest('PUT', '/auth/los_olivos/recover-password', { email: 'residente@demo.mx' });
    expect(asked.body).toEqual({ content: true });
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'residente@demo.mx', subject: 'Recupera tu contraseña' } });
    const code = /setup-password\/([\w-]+)/.exec(mail.text)![1];
    const info = await t.rest('GET', `/auth/signup/${code}/setup-password`);
    expect(info.body).toMatchObject({ email: 'residente@demo.mx', first_name: 'Rosa' });
    const mismatch = await t.rest('PUT', `/auth/signup/${code}/setup-password`, { data: { password: 'nueva-clave-9', password_confirmation: 'otra' } });
    expect(mismatch.body).toEqual({ code: 400, description: 'Las contraseñas no coinciden' });
    const set = await t.rest('PUT', `/auth/signup/${code}/setup-password`, { mode: 'RECOVER', data: { password: 'nueva-clave-9' } });
    expect(set.status).toBe(200);
    expect(set.response.headers.getSetCookie()[0]).toMatch(/^sid=/);
    expect((await t.rest('GET', `/auth/signup/${code}/setup-password`)).status).toBe(404);
    expect((await t.rest('POST', '/auth/login', { email: 'residente@demo.mx', password: 'nueva-clave-9' })).status).toBe(200);
  });

  it('refuses a new password the setup form refuses: too short, or a confirmation that differs', async () => {
    const mutation = `mutation($input: SetupPasswordInput!) { setupPassword(input: $input) { __typename ... on InputError { issues { field message } } } }`;
    const short = { code: 'x', password: 'corta', passwordConfirmation: 'corta' };
    const differs = { code: 'x', password: 'segura-123', passwordConfirmation: 'segura-124' };
    expect(SetupPasswordSchema.safeParse(differs).error?.issues[0]).toMatchObject({ path: ['passwordConfirmation'], message: 'Las contraseñas no coinciden' });
    expect((await t.gql(mutation, { input: short })).body.data.setupPassword).toEqual({
      __typename: 'InputError',
      issues: [{ field: 'password', message: 'La contraseña debe tener al menos 8 caracteres' }],
    });
    expect((await t.gql(mutation, { input: differs })).body.data.setupPassword).toEqual({
      __typename: 'InputError',
      issues: [{ field: 'passwordConfirmation', message: 'Las contraseñas no coinciden' }],
    });
  });

  it('sends at most 5 recovery e-mails per account and hour, answering the same', async () => {
    for (let i = 0; i < 7; i++) expect((await t.rest('PUT', '/auth/recover-password', { email: 'config@demo.mx' })).body).toEqual({ content: true });
    expect(await t.app.db.prisma.emailOutbox.count({ where: { to: 'config@demo.mx', subject: 'Recupera tu contraseña' } })).toBe(5);
  });
});

describe('devices (installations)', () => {
  it('lists the open sessions and ends the others', async () => {
    const a = await t.signIn('inquilino@demo.mx');
    await t.signIn('inquilino@demo.mx');
    const list = await t.rest('GET', '/users/me/installations', undefined, { token: a, headers: { 'user-agent': 'Prueba/1.0' } });
    expect(list.body).toHaveLength(2);
    expect(list.body.filter((d: any) => d.current)).toHaveLength(1);
    const ended = await t.rest('DELETE', '/users/me/installations', undefined, { token: a });
    expect(ended.body).toEqual({ content: true, ended: 1 });
    expect((await t.rest('GET', '/users/me/installations', undefined, { token: a })).body).toHaveLength(1);
  });
});

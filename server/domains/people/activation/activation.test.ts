import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { assignOwner } from '../../property/houses/ownership.js';
import { startSmtp, type TestSmtp } from '../../../infra/mail/testSmtp.js';
import { parseInput } from '../../../kernel/input.js';
import { InputError } from '../../../kernel/errors.js';
import { CompleteSignupSchema, SignupProfileSchema } from './service.js';

let t: TestApp;
let admin: string;
let owner: string;
let olivosId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx', { domain: 'los_olivos' });
  owner = await t.signIn('propietario@demo.mx', { domain: 'los_olivos' });
  olivosId = (await t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
});
afterAll(() => t.close());

let seq = 0;
/** A house of the community with a new owner who has no password yet (as the house form leaves it). */
async function pendingHouse(app: TestApp = t, domain = 'los_olivos', user: { firstName?: string; password?: boolean } = {}) {
  const prisma = app.app.db.prisma;
  const community = await prisma.neighborhood.findUniqueOrThrow({ where: { domain } });
  const n = ++seq;
  const house = await prisma.house.create({ data: { neighborhoodId: community.id, interiorNumber: `PEND-${n}`, status: 'MISSING_BALANCE' } });
  const person = await prisma.user.create({
    data: { email: `pendiente${n}@correo.mx`, firstName: user.firstName ?? 'Marta', lastName: 'Solís', ...(user.password ? { passwordHash: 'x' } : {}) },
  });
  await assignOwner(prisma, { id: house.id, neighborhoodId: community.id, ownerUserId: null }, person.id, null);
  const withCode = await prisma.house.findUniqueOrThrow({ where: { id: house.id } });
  return { house: withCode, person, code: withCode.signupCode! };
}

const houseGid = (id: number) => Buffer.from(`House:${id}`).toString('base64');

const RESEND = `mutation($input: ResendHouseSignupCodeInput!) {
  resendHouseSignupCode(input: $input) {
    __typename ... on Error { code message }
    ... on MutationResendHouseSignupCodeSuccess { data { message domain house { databaseId } } }
  }
}`;

describe('resend of a house activation code (administration)', () => {
  it('mails the owner the /signup/{code} link, through GraphQL and REST', async () => {
    const { house, code, person } = await pendingHouse();
    const { body } = await t.gql(RESEND, { input: { houseId: houseGid(house.id) } }, { token: admin });
    expect(body.data.resendHouseSignupCode.data).toEqual({ message: 'El email ha sido reenviado', domain: 'los_olivos', house: { databaseId: house.id } });
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: person.email }, orderBy: { id: 'desc' } });
    expect(mail.subject).toBe('Activa tu cuenta en Residencial Los Olivos');
    expect(mail.text).toContain(`http://localhost:3000/signup/${code}`);
    expect(mail.text).toContain(`PEND-${seq}`);
    expect((await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: house.id } })).signupCodeSentAt).not.toBeNull();

    const rest = await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${house.id}/signup`, undefined, { token: admin });
    // The code travels only by e-mail: the administrator's answer never carries it.
    expect(rest.body).toEqual({ domain: 'los_olivos', content: 'El email ha sido reenviado' });
    expect(JSON.stringify(rest.body)).not.toContain(code);
    expect(await t.app.db.prisma.emailOutbox.count({ where: { to: person.email } })).toBe(2);
    const audit = await t.app.db.prisma.auditLog.count({ where: { action: 'RESEND_HOUSE_SIGNUP_CODE', entityId: String(house.id) } });
    expect(audit).toBe(2);
  });

  it('gives a house whose owner never had a code one', async () => {
    const { house, person } = await pendingHouse();
    await t.app.db.prisma.house.update({ where: { id: house.id }, data: { signupCode: null } });
    const { body } = await t.gql(RESEND, { input: { houseId: houseGid(house.id) } }, { token: admin });
    expect(body.data.resendHouseSignupCode.data.message).toBe('El email ha sido reenviado');
    const code = (await t.app.db.prisma.house.findUniqueOrThrow({ where: { id: house.id } })).signupCode;
    expect(code).toMatch(/^[\w-]{12}$/);
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: person.email }, orderBy: { id: 'desc' } });
    expect(mail.text).toContain(`/signup/${code}`);
  });

  it('refuses without the grant, another community, a house without owner or already activated; nothing is mailed', async () => {
    const { house, person } = await pendingHouse();
    const forbidden = await t.gql(RESEND, { input: { houseId: houseGid(house.id) } }, { token: owner });
    expect(forbidden.status).toBe(403);
    expect((await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${house.id}/signup`, undefined, { token: owner })).status).toBe(403);
    expect((await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${house.id}/signup`)).status).toBe(401);

    const tower = await pendingHouse(t, 'torre_azul');
    const other = await t.gql(RESEND, { input: { houseId: houseGid(tower.house.id) } }, { token: admin });
    expect(other.body.data.resendHouseSignupCode).toMatchObject({ __typename: 'NotFoundError', code: 404 });
    expect((await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${tower.house.id}/signup`, undefined, { token: admin })).body).toEqual({
      code: 404,
      description: 'La propiedad no existe',
    });

    const empty = await t.app.db.prisma.house.create({ data: { neighborhoodId: olivosId, interiorNumber: 'VACIA' } });
    const noOwner = await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${empty.id}/signup`, undefined, { token: admin });
    expect(noOwner.body).toEqual({ code: 409, description: 'La propiedad no tiene propietario a quien enviar el correo' });
    const activated = await pendingHouse(t, 'los_olivos', { password: true });
    expect((await t.rest('PUT', `/neighborhoods/${olivosId}/houses/${activated.house.id}/signup`, undefined, { token: admin })).body.description).toBe(
      'El propietario ya activó su cuenta',
    );

    const mailed = await t.app.db.prisma.emailOutbox.count({ where: { to: { in: [person.email, tower.person.email, activated.person.email] } } });
    expect(mailed).toBe(0);
  });
});

describe('bulk resend of activation codes', () => {
  it('mails every owner without a password once, then answers that none was sent', async () => {
    const a = await pendingHouse();
    const b = await pendingHouse();
    const deleted = await pendingHouse();
    await t.app.db.prisma.house.update({ where: { id: deleted.house.id }, data: { status: 'DELETED' } });
    const pending = await t.app.db.prisma.house.count({
      where: {
        neighborhoodId: olivosId,
        status: { not: 'DELETED' },
        owner: { passwordHash: null },
        OR: [{ signupCodeSentAt: null }, { signupCodeSentAt: { lt: new Date(Date.now() - 600_000) } }],
      },
    });
    const first = await t.rest('PUT', `/neighborhoods/${olivosId}/houses/signup`, undefined, { token: admin });
    expect(first.body).toEqual({ content: pending });
    for (const h of [a, b]) expect(await t.app.db.prisma.emailOutbox.count({ where: { to: h.person.email } })).toBe(1);
    expect(await t.app.db.prisma.emailOutbox.count({ where: { to: deleted.person.email } })).toBe(0);
    const again = await t.rest('PUT', `/neighborhoods/${olivosId}/houses/signup`, undefined, { token: admin });
    expect(again.body).toEqual({ code: 409, description: 'No se envío ningún email' });
    const gql = await t.gql('mutation { resendHouseSignupCodes { count message } }', {}, { token: admin });
    expect(gql.body.data.resendHouseSignupCodes).toEqual({ count: 0, message: 'No se envío ningún email' });
  });

  it('is refused to owners and to the configuration administrator (403), and runs in the caller community only', async () => {
    expect((await t.rest('PUT', `/neighborhoods/${olivosId}/houses/signup`, undefined, { token: owner })).status).toBe(403);
    const config = await t.signIn('config@demo.mx');
    expect((await t.gql('mutation { resendHouseSignupCodes { count } }', {}, { token: config })).status).toBe(403);
    const tower = await pendingHouse(t, 'torre_azul');
    const adminTower = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    expect((await t.rest('PUT', `/neighborhoods/${olivosId}/houses/signup`, undefined, { token: adminTower })).status).toBe(404);
    const gql = await t.gql('mutation { resendHouseSignupCodes { count message } }', {}, { token: adminTower });
    expect(gql.body.data.resendHouseSignupCodes.message).toMatch(/^Han sido reenviados \d+ emails$/);
    expect(await t.app.db.prisma.emailOutbox.count({ where: { to: tower.person.email } })).toBe(1);
  });
});

const INFO = `query($code: String!, $domain: String) { signupCode(code: $code, domain: $domain) { kind neighborhoodName domain houseLabel email firstName lastName mobile hasPassword used } }`;
const COMPLETE = `mutation($input: CompleteSignupInput!) {
  completeSignup(input: $input) { __typename ... on Error { code message } ... on MutationCompleteSignupSuccess { data { session { user { email firstName } house { databaseId } neighborhood { domain } } } } }
}`;

describe('/signup/{code}: what a code opens, resend and completion', () => {
  it('tells the community, house and person of a house code; another domain or an unknown code answer 404', async () => {
    const { code, person } = await pendingHouse();
    const { body } = await t.gql(INFO, { code });
    expect(body.data.signupCode).toEqual({
      kind: 'HOUSE',
      neighborhoodName: 'Residencial Los Olivos',
      domain: 'los_olivos',
      houseLabel: `PEND-${seq}`,
      email: person.email,
      firstName: 'Marta',
      lastName: 'Solís',
      mobile: null,
      hasPassword: false,
      used: false,
    });
    const rest = await t.rest('GET', `/auth/los_olivos/signup/${code}`);
    expect(rest.body).toMatchObject({
      kind: 'HOUSE',
      email: person.email,
      first_name: 'Marta',
      neighborhood: { name: 'Residencial Los Olivos', domain: 'los_olivos' },
      house: { label: `PEND-${seq}` },
      has_password: false,
    });
    expect((await t.rest('GET', `/auth/torre_azul/signup/${code}`)).body).toEqual({
      code: 404,
      description: 'El código de registro no es válido o ya fue usado',
    });
    expect((await t.rest('GET', '/auth/signup/no-existe-123')).status).toBe(404);
    expect((await t.gql(INFO, { code: 'no existe' })).body.data.signupCode).toBeNull();
  });

  it('saves the profile, resends at most every 30 seconds, completes with the password and signs in; the code is then used', async () => {
    const { code, person, house } = await pendingHouse();
    const profile = await t.rest('PUT', `/auth/signup/${code}`, { first_name: 'marta elena', last_name: 'Solís Paz', mobile: '442 555 1234' });
    expect(profile.body).toMatchObject({ first_name: 'Marta Elena', last_name: 'Solís Paz', mobile: '4425551234' });

    const resent = await t.rest('POST', `/auth/signup/${code}/resend`);
    expect(resent.body).toEqual({ content: 'El email ha sido reenviado' });
    expect((await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: person.email } })).text).toContain(`/signup/${code}`);
    const tooSoon = await t.rest('POST', `/auth/signup/${code}/resend`);
    expect(tooSoon.body).toEqual({ code: 429, description: 'Espera 30 segundos antes de volver a reenviar el correo' });
    expect(await t.app.db.prisma.emailOutbox.count({ where: { to: person.email } })).toBe(1);

    expect((await t.rest('GET', `/auth/signup/${code}/setup-password`)).body).toMatchObject({ mode: 'SIGNUP', email: person.email });
    const short = await t.rest('PUT', `/auth/signup/${code}/setup-password`, { mode: 'SIGNUP', data: { password: 'corta' } });
    expect(short.body).toEqual({ code: 400, description: 'La contraseña debe tener al menos 8 caracteres' });
    expect((await t.app.db.prisma.user.findUniqueOrThrow({ where: { id: person.id } })).passwordHash).toBeNull();

    const done = await t.rest('PUT', `/auth/signup/${code}/setup-password`, { data: { password: 'marta-segura-1' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      user: { email: person.email, first_name: 'Marta Elena' },
      house: { id: house.id },
      neighborhood: { domain: 'los_olivos' },
    });
    const cookie = done.response.headers.getSetCookie()[0].split(';')[0];
    expect((await t.rest('GET', '/users/session', undefined, { cookie })).body.user.email).toBe(person.email);
    // A code handed over only on screen would not verify the address; this one was mailed.
    expect((await t.app.db.prisma.user.findUniqueOrThrow({ where: { id: person.id } })).emailVerified).toBe(true);

    // A used code tells nothing about the person (an old link may be in anyone's hands).
    expect((await t.gql(INFO, { code })).body.data.signupCode).toEqual({
      kind: null,
      neighborhoodName: null,
      domain: null,
      houseLabel: null,
      email: null,
      firstName: null,
      lastName: null,
      mobile: null,
      hasPassword: true,
      used: true,
    });
    expect((await t.rest('GET', `/auth/signup/${code}`)).body).toEqual({ code: 404, description: 'El código de registro no es válido o ya fue usado' });
    expect((await t.rest('GET', `/auth/los_olivos/signup/${code}`)).status).toBe(404);
    expect((await t.rest('GET', `/auth/signup/${code}/setup-password`)).status).toBe(404);
    const twice = await t.gql(COMPLETE, { input: { code, password: 'otra-clave-22' } });
    expect(twice.body.data.completeSignup).toEqual({ __typename: 'NotFoundError', code: 404, message: 'El código de registro no es válido o ya fue usado' });
    expect((await t.rest('POST', `/auth/signup/${code}/resend`)).status).toBe(404);
    expect((await t.rest('POST', '/auth/login', { email: person.email, password: 'marta-segura-1' })).status).toBe(200);
  });

  it("opens a person's own code (registered by an administrator) on their account and spends it", async () => {
    const prisma = t.app.db.prisma;
    const role = await prisma.role.findFirstOrThrow({ where: { neighborhoodId: olivosId, kind: 'SECURITY' } });
    const person = await prisma.user.create({ data: { email: 'guardia.nuevo@correo.mx', firstName: 'Hugo', signupCode: 'codigo-de-hugo-1' } });
    await prisma.membership.create({ data: { neighborhoodId: olivosId, userId: person.id, roleId: role.id } });
    expect((await t.gql(INFO, { code: 'codigo-de-hugo-1' })).body.data.signupCode).toMatchObject({
      kind: 'USER',
      domain: 'los_olivos',
      houseLabel: null,
      firstName: 'Hugo',
    });
    const mismatch = await t.gql(COMPLETE, { input: { code: 'codigo-de-hugo-1', password: 'hugo-clave-1', passwordConfirmation: 'otra' } });
    expect(mismatch.body.data.completeSignup).toMatchObject({ __typename: 'InputError', message: 'Las contraseñas no coinciden' });
    const { body, response } = await t.gql(COMPLETE, {
      input: {
        code: 'codigo-de-hugo-1',
        firstName: 'hugo',
        lastName: 'Ramos',
        mobile: '4425550000',
        password: 'hugo-clave-1',
        passwordConfirmation: 'hugo-clave-1',
      },
    });
    expect(body.data.completeSignup.data.session).toEqual({
      user: { email: 'guardia.nuevo@correo.mx', firstName: 'Hugo' },
      house: null,
      neighborhood: { domain: 'los_olivos' },
    });
    expect(response.headers.getSetCookie()[0]).toMatch(/^sid=/);
    const after = await prisma.user.findUniqueOrThrow({ where: { id: person.id } });
    expect(after).toMatchObject({ signupCode: null, lastName: 'Ramos', mobile: '4425550000', emailVerified: true });
    expect((await t.gql(INFO, { code: 'codigo-de-hugo-1' })).body.data.signupCode).toBeNull();
  });

  it('keeps password recovery working on the shared setup-password path', async () => {
    await t.rest('PUT', '/auth/recover-password', { email: 'seguridad@demo.mx' });
    const mail = await t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'seguridad@demo.mx' }, orderBy: { id: 'desc' } });
    const code = /setup-password\/([\w-]+)/.exec(mail.text)![1];
    expect((await t.rest('GET', `/auth/signup/${code}/setup-password`)).body).toMatchObject({ mode: 'RECOVER', email: 'seguridad@demo.mx' });
    const set = await t.rest('PUT', `/auth/signup/${code}/setup-password`, { data: { password: 'samuel-nueva-1' } });
    expect(set.body).toMatchObject({ email: 'seguridad@demo.mx' });
  });
});

describe('activation e-mails through a real SMTP server', () => {
  let good: TestSmtp;
  let bad: TestSmtp;
  let ok: TestApp;
  let failing: TestApp;
  beforeAll(async () => {
    good = await startSmtp();
    bad = await startSmtp({ rejectRecipients: true });
    ok = await startTestApp({ SMTP_URL: good.url, PUBLIC_URL: 'https://comunidad.example' });
    failing = await startTestApp({ SMTP_URL: bad.url });
  });
  afterAll(async () => {
    await ok?.close();
    await failing?.close();
    await good?.close();
    await bad?.close();
  });

  it('answers "El email ha sido reenviado" once the server took it', async () => {
    const { house, person, code } = await pendingHouse(ok);
    const token = await ok.signIn('admin@demo.mx', { domain: 'los_olivos' });
    const { body } = await ok.gql(RESEND, { input: { houseId: houseGid(house.id) } }, { token });
    expect(body.data.resendHouseSignupCode.data.message).toBe('El email ha sido reenviado');
    const received = good.messages.find((m) => m.to.includes(person.email))!;
    expect(received.raw).toContain(`https://comunidad.example/signup/${code}`);
  });

  it('answers "No logramos entregar el email" when the server refuses it, in GraphQL and REST', async () => {
    const { house, code } = await pendingHouse(failing);
    const token = await failing.signIn('admin@demo.mx', { domain: 'los_olivos' });
    const { body } = await failing.gql(RESEND, { input: { houseId: houseGid(house.id) } }, { token });
    expect(body.data.resendHouseSignupCode).toEqual({ __typename: 'MailDeliveryError', code: 503, message: 'No logramos entregar el email' });
    const n = (await failing.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
    const rest = await failing.rest('PUT', `/neighborhoods/${n}/houses/${house.id}/signup`, undefined, { token });
    expect(rest.body).toEqual({ code: 503, description: 'No logramos entregar el email' });
    expect((await failing.app.db.prisma.house.findUniqueOrThrow({ where: { id: house.id } })).signupCodeSentAt).toBeNull();
    const pub = await failing.rest('POST', `/auth/signup/${code}/resend`);
    expect(pub.body).toEqual({ code: 503, description: 'No logramos entregar el email' });
  });
});

describe('bounded input', () => {
  it('refuses NUL bytes and overlong names on the sign-up profile and completion (400), changing nothing', async () => {
    const { code, person } = await pendingHouse();
    expect((await t.rest('PUT', `/auth/signup/${code}`, { first_name: 'Ma\u0000rta' })).status).toBe(400);
    expect((await t.rest('PUT', `/auth/signup/${code}`, { first_name: 'Marta', last_name: 'x'.repeat(5000) })).status).toBe(400);
    expect(() => parseInput(SignupProfileSchema, { code, firstName: 'Ma\u0000rta' })).toThrow(InputError);
    expect(() => parseInput(CompleteSignupSchema, { code, password: 'p'.repeat(500) })).toThrow(InputError);
    expect(() => parseInput(SignupProfileSchema, { code: 'c'.repeat(100), firstName: 'Marta' })).toThrow(InputError);
    expect((await t.app.db.prisma.user.findUniqueOrThrow({ where: { id: person.id } })).firstName).toBe('Marta');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/testApp.js';

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
    const updated = await t.rest('PUT', '/users/me/basic', { first_name: '  iván de la cruz ', last_name: '', birth_date: '1990-05-17', mobile: '442 123 4567' }, { token });
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
    const ok = await t.rest('PUT', '/users/me/password', { current_password: 'demo1234', password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' }, { token: first });
    expect(ok.status).toBe(200);
    expect((await t.rest('GET', '/users/me', undefined, { token: first })).status).toBe(200);
    expect((await t.rest('GET', '/users/me', undefined, { token: second })).status).toBe(401);
    const login = await t.rest('POST', '/auth/login', { email: 'config@demo.mx', password: 'nueva-clave-1' });
    expect(login.status).toBe(200);
  });
});

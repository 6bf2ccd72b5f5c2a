// The public contact form: POST /auth/contact and sendContactRequest without a session, mailed to support
// through the outbox, refused in Spanish when incomplete, throttled per network address and per sender.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { CONTACT_MESSAGES } from '../../../../core/contact.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SUPPORT_EMAIL: 'ayuda@comunidad.test' });
});
afterAll(() => t.close());

const outbox = () => t.app.db.prisma.emailOutbox.findMany({ where: { to: 'ayuda@comunidad.test' }, orderBy: { id: 'asc' } });

describe('the contact form', () => {
  it('mails the message to support with the sender’s address and the reason, without a session', async () => {
    const sent = await t.rest(
      'POST',
      '/auth/contact',
      { contact_type: 'SALES', visitor_email: ' Lucia.Mendez@Ejemplo.mx ', message: '  Administro un fraccionamiento de 120 casas en Querétaro.  ' },
      { ip: '203.0.113.10' },
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ content: CONTACT_MESSAGES.received });
    const [mail] = await outbox();
    expect(mail.subject).toBe('Contacto: Quiero conocer la plataforma para mi comunidad');
    expect(mail.text).toContain('Correo de quien escribe: lucia.mendez@ejemplo.mx');
    expect(mail.text).toContain('Administro un fraccionamiento de 120 casas en Querétaro.');
    expect(mail.neighborhoodId).toBeNull();

    const gql = await t.gql(
      `mutation($input: ContactRequestInput!) { sendContactRequest(input: $input) { __typename
        ... on MutationSendContactRequestSuccess { data { message } } ... on Error { message } } }`,
      { input: { contactType: 'SUPPORT', visitorEmail: 'mario@ejemplo.mx', message: 'No puedo entrar a mi cuenta desde ayer.' } },
      { ip: '203.0.113.11' },
    );
    expect(gql.body.data.sendContactRequest).toEqual({ __typename: 'MutationSendContactRequestSuccess', data: { message: CONTACT_MESSAGES.received } });
    expect((await outbox()).map((m) => m.subject)).toEqual([
      'Contacto: Quiero conocer la plataforma para mi comunidad',
      'Contacto: Necesito ayuda con mi cuenta',
    ]);
  });

  it('refuses an incomplete message in Spanish and mails nothing', async () => {
    const before = (await outbox()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ contact_type: 'OTRO', visitor_email: 'a@ejemplo.mx', message: 'Un mensaje suficiente.' }, CONTACT_MESSAGES.typeRequired],
      [{ contact_type: 'OTHER', visitor_email: 'sin-arroba', message: 'Un mensaje suficiente.' }, 'El correo electrónico no es válido'],
      [{ contact_type: 'OTHER', visitor_email: 'a@ejemplo.mx', message: '   corto   ' }, CONTACT_MESSAGES.messageShort],
      [{ contact_type: 'OTHER', visitor_email: 'a@ejemplo.mx', message: 'x'.repeat(2001) }, CONTACT_MESSAGES.messageLong],
      [{ contact_type: 'OTHER', visitor_email: 'a@ejemplo.mx', message: 'Hola\u0000 a todos los vecinos' }, 'contiene caracteres no permitidos'],
      [{ contact_type: 7, visitor_email: 'a@ejemplo.mx', message: 'Un mensaje suficiente.' }, CONTACT_MESSAGES.typeRequired],
      [{ visitor_email: 'a@ejemplo.mx', message: 'Un mensaje suficiente.' }, 'El campo contact_type es requerido'],
    ];
    for (const [body, message] of cases) {
      const answer = await t.rest('POST', '/auth/contact', body, { ip: '203.0.113.20' });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    expect((await outbox()).length).toBe(before);
  });

  it('takes at most 5 messages an hour from one network address, and 100 from everyone together', async () => {
    const send = (email: string, ip: string) =>
      t.rest('POST', '/auth/contact', { contact_type: 'OTHER', visitor_email: email, message: 'Quisiera más información, gracias.' }, { ip });
    const fromOneAddress = [];
    for (let i = 0; i < 6; i++) fromOneAddress.push((await send(`persona${i}@ejemplo.mx`, '198.51.100.7')).status);
    expect(fromOneAddress).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await send('otra@ejemplo.mx', '198.51.100.7');
    expect(refused.body).toMatchObject({ code: 429, description: 'Demasiados intentos. Intenta de nuevo en 60 minutos' });
    // The same sender from other addresses is not held back: an unverified address cannot lock its owner out.
    for (let i = 0; i < 4; i++) expect((await send('persona0@ejemplo.mx', `198.51.100.${20 + i}`)).status).toBe(200);
    // Everyone together: the hour's remaining messages, then 429 from any address.
    const sent = await t.app.db.prisma.signInAttempt.count({ where: { email: '#contact' } });
    for (let i = sent; i < 100; i++) await send(`multitud${i}@ejemplo.mx`, `10.1.${Math.floor(i / 5)}.${i % 5}`);
    expect((await send('tarde@ejemplo.mx', '10.9.9.9')).status).toBe(429);
  });
});

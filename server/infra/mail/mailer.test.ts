import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from './testSmtp.js';
import { startTestApp, BASE, type TestApp } from '../../../tests/testApp.js';
import { queueEmail } from './outbox.js';
import { deliverNow, mailerOf, MAX_ATTEMPTS } from './sender.js';
import { linkify, mailboxAllowed } from './mailbox.js';

describe('SMTP delivery of the outbox', () => {
  let smtp: TestSmtp;
  let failing: TestSmtp;
  let t: TestApp;
  let tFailing: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    failing = await startSmtp({ rejectRecipients: true });
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Comunidad <avisos@comunidad.mx>' });
    tFailing = await startTestApp({ SMTP_URL: failing.url });
  });
  afterAll(async () => {
    await t?.close();
    await tFailing?.close();
    await smtp?.close();
    await failing?.close();
  });

  it('sends a queued e-mail in the background right away and marks it sent', async () => {
    const prisma = t.app.db.prisma;
    const id = await queueEmail(prisma, { to: 'lucia@lomas.mx', subject: 'Prueba de envío', text: 'Hola Lucía: abre https://comunidad.mx/signup/abc' });
    await expect.poll(() => prisma.emailOutbox.findUnique({ where: { id } }).then((r) => r?.sentAt), { timeout: 5000 }).toBeTruthy();
    const row = await prisma.emailOutbox.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ attempts: 1, error: null });
    const received = smtp.messages.find((m) => m.to.includes('lucia@lomas.mx'))!;
    expect(received.from).toBe('avisos@comunidad.mx');
    expect(received.raw).toContain('Subject: =?UTF-8?Q?Prueba_de_env=C3=ADo?=');
    expect(received.raw).toContain('https://comunidad.mx/signup/abc');
  });

  it('deliverNow sends synchronously and is true once delivered', async () => {
    const prisma = t.app.db.prisma;
    const id = await queueEmail(prisma, { to: 'otro@lomas.mx', subject: 'Reenvío', text: 'Texto' });
    expect(await deliverNow({ prisma }, id)).toBe(true);
    expect((await prisma.emailOutbox.findUniqueOrThrow({ where: { id } })).sentAt).not.toBeNull();
  });

  it('records the refusal of a server that rejects the recipient: deliverNow is false and the row is not retried', async () => {
    const prisma = tFailing.app.db.prisma;
    const id = await queueEmail(prisma, { to: 'nadie@lomas.mx', subject: 'Reenvío', text: 'Texto' });
    expect(await deliverNow({ prisma }, id)).toBe(false);
    const row = await prisma.emailOutbox.findUniqueOrThrow({ where: { id } });
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/550|rechaz/i);
    expect(row.attempts).toBe(MAX_ATTEMPTS);
  });

  it('retries background failures up to 5 attempts', async () => {
    const prisma = tFailing.app.db.prisma;
    const mailer = mailerOf({ prisma })!;
    // Created long ago (but within a day) so every retry wait has passed.
    const row = await prisma.emailOutbox.create({ data: { to: 'x@lomas.mx', subject: 'S', text: 'T', createdAt: new Date(Date.now() - 3 * 3_600_000) } });
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await mailer.flush();
    const after = await prisma.emailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.attempts).toBe(MAX_ATTEMPTS);
    expect(after.sentAt).toBeNull();
  });
});

describe('the dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('lists the latest e-mails newest first, escaped, with clickable links', async () => {
    const prisma = t.app.db.prisma;
    await queueEmail(prisma, { to: 'a@demo.mx', subject: 'Primero', text: 'uno' });
    await queueEmail(prisma, { to: 'b@demo.mx', subject: '<script>alert(1)</script>', text: 'Abre http://localhost:3000/signup/XyZ-1_a. Gracias' });
    const response = await t.app.fetch(new Request(`${BASE}/dev/mailbox`));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="http://localhost:3000/signup/XyZ-1_a">http://localhost:3000/signup/XyZ-1_a</a>. Gracias');
    expect(html.indexOf('&lt;script&gt;')).toBeLessThan(html.indexOf('Primero'));
    // Without SMTP deliverNow counts the outbox as the mailbox.
    expect(await deliverNow({ prisma }, 1n)).toBe(true);
  });

  it('is closed in production with SMTP, and outside tests open only from this machine', () => {
    const local = new Request(`${BASE}/dev/mailbox`);
    const proxied = new Request(`${BASE}/dev/mailbox`, { headers: { 'x-forwarded-for': '8.8.8.8' } });
    const forwarded = new Request(`${BASE}/dev/mailbox`, { headers: { forwarded: 'for=8.8.8.8' } });
    // NODE_ENV defaults to development: a server started without it must not publish the mailbox.
    expect(mailboxAllowed({ env: 'development' }, local, '8.8.8.8')).toBe(false);
    expect(mailboxAllowed({ env: 'development', smtpUrl: 'smtp://x' }, local, '10.1.2.3')).toBe(false);
    expect(mailboxAllowed({ env: 'development' }, proxied, '127.0.0.1')).toBe(false);
    expect(mailboxAllowed({ env: 'development' }, forwarded, '::1')).toBe(false);
    expect(mailboxAllowed({ env: 'development' }, local, '127.0.0.1')).toBe(true);
    expect(mailboxAllowed({ env: 'development', smtpUrl: 'smtp://x' }, local, '::1')).toBe(true);
    expect(mailboxAllowed({ env: 'test' }, proxied, undefined)).toBe(true);
    expect(mailboxAllowed({ env: 'production', smtpUrl: 'smtp://x' }, local, '127.0.0.1')).toBe(false);
    expect(mailboxAllowed({ env: 'production' }, local, '127.0.0.1')).toBe(true);
    expect(mailboxAllowed({ env: 'production' }, local, '::ffff:127.0.0.1')).toBe(true);
    expect(mailboxAllowed({ env: 'production' }, proxied, '127.0.0.1')).toBe(false);
    expect(mailboxAllowed({ env: 'production' }, local, '10.1.2.3')).toBe(false);
  });

  it('answers 404 in development to a request without a loopback socket (behind a proxy, or not from this machine)', async () => {
    const dev = await startTestApp({ NODE_ENV: 'development' });
    try {
      expect((await dev.app.fetch(new Request(`${BASE}/dev/mailbox`))).status).toBe(404);
      const local = { req: { socket: { remoteAddress: '127.0.0.1' } } };
      expect((await dev.app.fetch(new Request(`${BASE}/dev/mailbox`), local)).status).toBe(200);
      expect((await dev.app.fetch(new Request(`${BASE}/dev/mailbox`, { headers: { 'x-forwarded-for': '8.8.8.8' } }), local)).status).toBe(404);
    } finally {
      await dev.close();
    }
  });

  it('answers 404 in production when SMTP is configured', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect((await prod.app.fetch(new Request(`${BASE}/dev/mailbox`))).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('linkifies only http(s) addresses and site paths', () => {
    expect(linkify('ve a /signup/abc ahora')).toBe('ve a <a href="/signup/abc">/signup/abc</a> ahora');
    expect(linkify('javascript:alert(1) "x"')).toBe('javascript:alert(1) &quot;x&quot;');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordScripts, screenshot, screenshotsAtBothWidths, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('public screens in the browser', () => {
  it('signs up a new community without loading Relay: the domain follows the name until edited by hand', async () => {
    const page = await env.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${env.base}/sign-up`);
    const name = page.getByLabel(/^Nombre de la comunidad/);
    const domain = page.getByLabel(/^Dominio/);
    await name.fill('Privada del Bosque');
    expect(await domain.inputValue()).toBe('privada_del_bosque');
    const submit = page.getByRole('button', { name: 'Registrar comunidad' });
    expect(await submit.isDisabled()).toBe(true);
    await domain.fill('bosque');
    await name.fill('Privada del Bosque Norte');
    expect(await domain.inputValue()).toBe('bosque');
    await page.getByLabel(/^Nombre \*?$/).fill('Elena');
    await page.getByLabel(/^Correo electrónico/).fill('elena@bosque.mx');
    // The core schema's rule, under its field, before anything is sent.
    await page.getByLabel(/^Contraseña/).fill('corta');
    await page.getByLabel(/^Contraseña/).blur();
    await page.getByText('La contraseña debe tener al menos 8 caracteres').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(/^Contraseña/).fill('bosque-2026');
    await screenshotsAtBothWidths(page, 'sign-up');
    expect(scripts.urls().filter((url) => /relay/i.test(url))).toEqual([]);
    await submit.click();
    await page.getByRole('banner').filter({ hasText: 'Privada del Bosque Norte' }).waitFor();
    const community = await env.t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'bosque' } });
    expect(community.name).toBe('Privada del Bosque Norte');
    await screenshot(page, 'signed-up');

    // The mailed link verifies the address as it opens (a mutation, still without Relay).
    const mail = await env.t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'elena@bosque.mx' }, orderBy: { id: 'desc' } });
    const link = /(\/verify-email\/[\w-]+)/.exec(mail.text)![1];
    const verifyScripts = recordScripts(page);
    await page.goto(`${env.base}${link}`);
    await page.getByText('Tu correo electrónico quedó verificado').waitFor();
    expect(verifyScripts.urls().filter((url) => /relay/i.test(url))).toEqual([]);
    expect((await env.t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'elena@bosque.mx' } })).emailVerified).toBe(true);
    await screenshotsAtBothWidths(page, 'verify-email');
    await page.context().close();
  });

  it('tells that a domain is taken and creates nothing', async () => {
    const page = await env.newPage();
    await page.goto(`${env.base}/sign-up`);
    await page.getByLabel(/^Nombre de la comunidad/).fill('Otra comunidad');
    await page.getByLabel(/^Dominio/).fill('los_olivos');
    await page.getByText('Ya tengo cuenta', { exact: true }).click();
    await page.getByLabel(/^Correo electrónico/).fill('admin@demo.mx');
    await page.getByLabel(/^Contraseña/).fill('demo1234');
    await page.getByRole('button', { name: 'Registrar comunidad' }).click();
    await page.getByText('El dominio los_olivos ya está en uso').waitFor();
    expect(await env.t.app.db.prisma.neighborhood.count({ where: { name: 'Otra comunidad' } })).toBe(0);
    await page.context().close();
  });

  it('recovers a password by the mailed link and enters the app', async () => {
    const page = await env.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${env.base}/recover-password`);
    await page.getByLabel(/^Correo electrónico/).fill('residente@demo.mx');
    await screenshotsAtBothWidths(page, 'recover-password');
    await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
    await page.getByText('te enviamos las instrucciones').waitFor();
    await screenshotsAtBothWidths(page, 'recover-password-sent');
    expect(scripts.urls().filter((url) => /relay/i.test(url))).toEqual([]);
    const mail = await env.t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'residente@demo.mx' }, orderBy: { id: 'desc' } });
    const link = /(\/setup-password\/[\w-]+)/.exec(mail.text)![1];
    await page.goto(`${env.base}${link}`);
    await page.getByText('Hola Rosa (residente@demo.mx)').waitFor();
    await page.getByLabel(/^Contraseña nueva/).fill('rosa-nueva-1');
    await page.getByLabel(/^Confirma la contraseña/).fill('rosa-nueva-2');
    await page.getByLabel(/^Contraseña nueva/).focus();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    await page.getByLabel(/^Confirma la contraseña/).fill('rosa-nueva-1');
    await screenshotsAtBothWidths(page, 'setup-password');
    await page.getByRole('button', { name: 'Guardar y entrar' }).click();
    await page.locator('nav[data-menu-group="property"]').waitFor();
    await screenshot(page, 'password-recovered');
    await page.context().close();
  });

  it('tells an unknown or spent recovery link and offers a new one', async () => {
    const page = await env.newPage();
    await page.goto(`${env.base}/setup-password/no-existe`);
    await page.getByText('El enlace para elegir tu contraseña no es válido o ya venció').waitFor();
    await page.getByRole('link', { name: 'Solicitar un enlace nuevo' }).click();
    await page.getByRole('button', { name: 'Enviar instrucciones' }).waitFor();
    await page.context().close();
  });

  it('sends the contact form, reached from the sign-in page, to support without loading Relay', async () => {
    const page = await env.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${env.base}/login`);
    await page.getByRole('link', { name: 'Contáctanos' }).click();
    await page.getByRole('heading', { name: 'Contáctanos' }).waitFor();
    await page.getByRole('combobox', { name: /^Motivo/ }).click();
    await page.getByRole('option', { name: 'Quiero conocer la plataforma para mi comunidad' }).click();
    await page.getByRole('textbox', { name: /^Tu correo electrónico/ }).fill('lucia.mendez@ejemplo.mx');
    await page.getByRole('textbox', { name: /^Mensaje/ }).fill('Hola');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('Escribe tu mensaje (al menos 10 caracteres)').waitFor();
    await page.getByRole('textbox', { name: /^Mensaje/ }).fill('Administro un fraccionamiento de 120 casas y quisiera una demostración.');
    await screenshotsAtBothWidths(page, 'contact');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('Recibimos tu mensaje; te responderemos a tu correo electrónico').waitFor();
    await screenshot(page, 'contact-sent');
    expect(scripts.urls().filter((url) => /relay/i.test(url))).toEqual([]);
    const mail = await env.t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'soporte@comunidad.mx' }, orderBy: { id: 'desc' } });
    expect(mail.text).toContain('Correo de quien escribe: lucia.mendez@ejemplo.mx');
    await page.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('public screens in the browser', () => {
  it('signs up a new community: the domain follows the name until edited by hand', async () => {
    const page = await env.newPage();
    await page.goto(`${env.base}/login`);
    await page.getByRole('link', { name: 'Registra tu comunidad' }).click();
    const name = page.getByLabel('Nombre de la comunidad');
    const domain = page.getByLabel('Dominio');
    await name.fill('Privada del Bosque');
    expect(await domain.inputValue()).toBe('privada_del_bosque');
    const submit = page.getByRole('button', { name: 'Registrar comunidad' });
    expect(await submit.isDisabled()).toBe(true);
    await domain.fill('bosque');
    await name.fill('Privada del Bosque Norte');
    expect(await domain.inputValue()).toBe('bosque');
    await page.getByLabel('Nombre', { exact: true }).fill('Elena');
    await page.getByLabel('Correo electrónico').fill('elena@bosque.mx');
    await page.getByLabel('Contraseña').fill('bosque-2026');
    await submit.click();
    await page.getByRole('banner').filter({ hasText: 'Privada del Bosque Norte' }).waitFor();
    const community = await env.t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'bosque' } });
    expect(community.name).toBe('Privada del Bosque Norte');
    await screenshot(page, 'signed-up');
    await page.context().close();
  });

  it('recovers a password by the mailed link and enters the app', async () => {
    const page = await env.newPage();
    await page.goto(`${env.base}/recover-password`);
    await page.getByLabel('Correo electrónico').fill('residente@demo.mx');
    await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
    await page.getByText('te enviamos las instrucciones').waitFor();
    const mail = await env.t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'residente@demo.mx' }, orderBy: { id: 'desc' } });
    const link = /(\/setup-password\/[\w-]+)/.exec(mail.text)![1];
    await page.goto(`${env.base}${link}`);
    await page.getByText('Hola Rosa (residente@demo.mx)').waitFor();
    await page.getByLabel('Contraseña nueva').fill('rosa-nueva-1');
    await page.getByLabel('Confirma la contraseña').fill('rosa-nueva-1');
    await page.getByRole('button', { name: 'Guardar y entrar' }).click();
    await page.locator('nav[data-menu-group="property"]').waitFor();
    await screenshot(page, 'password-recovered');
    await page.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signIn, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const menuGroup = (group: string) => `nav[data-menu-group="${group}"]`;

describe('client shell in the browser', () => {
  it('the administrator signs in and sees the administration and configuration menus', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    // Spec 3 priority: the administrator lands on the scheduled vehicles.
    await page.waitForURL('**/neighborhood/scheduled-vehicles');
    await page.locator(menuGroup('administration')).waitFor();
    expect(await page.locator(menuGroup('administration')).innerText()).toMatch(/^FRACCIONAMIENTO|Fraccionamiento/i);
    await page.locator(menuGroup('configuration')).waitFor();
    expect(await page.locator(menuGroup('configuration')).innerText()).toContain('Datos generales');
    await page.getByRole('heading', { name: 'Citas de vehículos', exact: true }).waitFor();
    await screenshot(page, 'admin-menus');
    await page.context().close();
  });

  it('the owner sees only the property menu, and a route without grants goes to /not-available', async () => {
    const page = await env.newPage();
    await signIn(page, env.base, 'propietario@demo.mx');
    // The owner has two accounts: the sign-in asks which house to enter with.
    await page.getByText('Elige la propiedad con la que quieres entrar').waitFor();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.locator(menuGroup('property')).waitFor();
    expect(await page.locator(menuGroup('administration')).count()).toBe(0);
    expect(await page.locator(menuGroup('configuration')).count()).toBe(0);
    expect(await page.locator(menuGroup('property')).innerText()).toContain('Recibos');
    await page.goto(`${env.base}/neighborhood/settings/general`);
    await page.waitForURL('**/not-available');
    await page.getByRole('heading', { name: 'Esta sección no está disponible' }).waitFor();
    await screenshot(page, 'owner-not-available');
    await page.context().close();
  });

  it('Inicio opens the dashboard after the landing redirect, with the onboarding stats linking to the filtered owners list', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.waitForURL('**/neighborhood/scheduled-vehicles');
    await page.getByTestId('menu-home').click();
    await page.waitForURL(`${env.base}/`);
    await page.getByRole('heading', { name: 'Hola, Adriana' }).waitFor();
    const olivos = await env.t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const blocked = await env.t.app.db.prisma.house.count({ where: { neighborhoodId: olivos.id, status: 'BLOCKED' } });
    const link = page.getByTestId('onboarding-stats').getByRole('link', { name: `${blocked} propiedades en estado Bloqueada: ver propietarios` });
    await link.click();
    await page.waitForURL('**/owners?house_status=BLOCKED');
    await page.getByRole('heading', { name: 'Propietarios' }).waitFor();
    await page.getByText(`${blocked} registros`).waitFor();
    await page.context().close();
  });

  it('at 375 px the menu is a drawer behind the burger that closes on navigation', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.getByRole('heading', { name: 'Citas de vehículos', exact: true }).waitFor();
    const navbar = page.locator('nav[aria-label="Menú principal"]');
    // Where the drawer's left edge is: 0 when open, off screen to the left when closed.
    const left = async () => (await navbar.boundingBox())?.x ?? -1;
    const closed = async () => {
      const box = await navbar.boundingBox();
      return !box || box.x + box.width <= 0;
    };
    await expect.poll(closed).toBe(true);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect.poll(left).toBe(0);
    await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
    await screenshot(page, 'drawer-375');
    await navbar.getByRole('link', { name: 'Calles' }).click();
    await page.getByRole('heading', { name: 'Calles' }).waitFor();
    await expect.poll(closed).toBe(true);
    // The community name in the header opens the dashboard; the account menu fits the screen.
    await page.getByTestId('community-name').click();
    await page.getByRole('heading', { name: 'Hola, Adriana' }).waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: /Residencial Los Olivos \(actual\)/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    await page.context().close();
  });

  it('a wrong password shows the Spanish error', async () => {
    const page = await env.newPage();
    await page.goto(`${env.base}/login`);
    const submit = page.getByRole('button', { name: 'Entrar' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Correo electrónico').fill('admin@demo.mx');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Contraseña', { exact: true }).fill('equivocada');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'El correo electrónico o la contraseña no son correctos' }).waitFor();
    await screenshot(page, 'wrong-password');
    await page.context().close();
  });

  it('sign-out returns to sign-in', async () => {
    const page = await env.newPage();
    await signIn(page, env.base, 'seguridad@demo.mx');
    // Security staff land on the gate (/security/visitors); the account menu is there too.
    await page.locator(menuGroup('account')).waitFor();
    await page.locator(menuGroup('account')).getByRole('link', { name: 'Salir' }).click();
    await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
    await page.goto(`${env.base}/user-settings`);
    await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
    await screenshot(page, 'signed-out');
    await page.context().close();
  });

  it('the account switcher changes community', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    expect(await page.getByRole('banner').innerText()).toContain('Residencial Los Olivos');
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: /Residencial Los Olivos \(actual\)/ }).waitFor();
    await page.getByRole('menuitem', { name: 'Condominio Torre Azul' }).click();
    await page.getByRole('banner').filter({ hasText: 'Condominio Torre Azul' }).waitFor();
    await page.locator(menuGroup('administration')).filter({ hasText: 'Condominio' }).waitFor();
    await screenshot(page, 'switched-account');
    await page.context().close();
  });

  it('a user edits personal data and sees the success notice', async () => {
    const page = await env.newPage();
    await signIn(page, env.base, 'inquilino@demo.mx');
    await page.locator(menuGroup('account')).getByRole('link', { name: 'Mis datos' }).click();
    await page.getByLabel('Teléfono celular').fill('4429876543');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Tus datos personales fueron actualizados').waitFor();
    const user = await env.t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'inquilino@demo.mx' } });
    expect(user.mobile).toBe('4429876543');
    // The confirmation rule comes from the server's schema: a mismatch shows under its field before anything is sent.
    await page.getByLabel('Contraseña actual').fill('demo1234');
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('nueva12345');
    await page.getByLabel('Confirma la contraseña nueva').fill('otra12345');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'user-settings-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    // The shell's menu slides away when the width changes.
    await page.waitForTimeout(500);
    await screenshot(page, 'user-settings-375');
    await page.context().close();
  });

  it('a user sees where they are signed in and closes the other sessions', async () => {
    const other = await env.newPage();
    await signInToShell(other, env.base, 'residente@demo.mx');
    const page = await env.newPage();
    await signInToShell(page, env.base, 'residente@demo.mx');
    await page.locator(menuGroup('account')).getByRole('link', { name: 'Dispositivos' }).click();
    await page.getByRole('heading', { name: 'Dispositivos' }).waitFor();
    await page.getByText('Este dispositivo').waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'installations-1280');
    await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await page.getByText('Cerramos tus sesiones en los demás dispositivos').waitFor();
    await page.getByText('Solo tienes abierta esta sesión').waitFor();
    expect(await page.getByRole('row').getByRole('button', { name: 'Cerrar sesión' }).count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(500);
    await screenshot(page, 'installations-375');
    await other.context().close();
    await page.context().close();
  });
});

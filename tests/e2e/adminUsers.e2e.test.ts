import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('administration users in the browser', () => {
  it('the administrator creates a user with a role, edits it, resends the code and deletes it', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.locator('nav[data-menu-group="configuration"]').getByRole('link', { name: 'Usuarios' }).click();
    await page.getByRole('heading', { name: 'Usuarios' }).waitFor();
    await page.getByRole('row', { name: /seguridad@demo\.mx/ }).waitFor();
    // Own account: no delete button.
    expect(
      await page
        .getByRole('row', { name: /admin@demo\.mx/ })
        .getByRole('button', { name: 'Eliminar' })
        .count(),
    ).toBe(0);

    // Status badges: accepted accounts are active; the viewer is marked.
    await page
      .getByRole('row', { name: /seguridad@demo\.mx/ })
      .getByText('Activo')
      .waitFor();
    await page
      .getByRole('row', { name: /admin@demo\.mx/ })
      .getByText('Tú')
      .waitFor();
    await screenshotsAtBothWidths(page, 'admin-users');

    await page.getByRole('link', { name: 'Nuevo usuario' }).click();
    await page.getByRole('heading', { name: 'Nuevo usuario' }).waitFor();
    // The core schema answers under each field before anything is sent.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El correo electrónico no es válido').waitFor();
    await page.getByText('El nombre es requerido').waitFor();
    await page.getByText('El rol es requerido').waitFor();
    // An existing person: the lookup takes their registered name.
    await page.getByLabel('Correo electrónico').fill('residente@demo.mx');
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Nombre', exact: true }).inputValue()).toBe('Rosa');
    expect(await page.getByRole('textbox', { name: 'Nombre', exact: true }).isDisabled()).toBe(true);
    // A new person instead.
    await page.getByLabel('Correo electrónico').fill('lucia.perez@demo.mx');
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
    await page.getByLabel('Apellidos').fill('Pérez');
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Seguridad' }).click();
    await expect.poll(() => page.getByText('El rol es requerido').count()).toBe(0);
    await screenshotsAtBothWidths(page, 'admin-user-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Usuario registrado').waitFor();
    const row = page.getByRole('row', { name: /lucia\.perez@demo\.mx/ });
    await row.getByText('Registro pendiente').waitFor();
    expect(await row.innerText()).toContain('Seguridad');
    const user = await env.t.app.db.prisma.user.findUniqueOrThrow({ where: { email: 'lucia.perez@demo.mx' } });
    expect(user.signupCode).toBeTruthy();
    expect(await env.t.app.db.prisma.emailOutbox.count({ where: { to: 'lucia.perez@demo.mx' } })).toBe(1);
    // The sign-up code travels only by e-mail: the administrator's screen never holds it.
    expect(await page.content()).not.toContain(user.signupCode!);

    await row.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar usuario' }).waitFor();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('lucia.perez@demo.mx');
    await page.getByLabel('Apellidos').fill('Pérez Gil');
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Administrador de configuración' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Usuario actualizado').waitFor();
    const edited = page.getByRole('row', { name: /lucia\.perez@demo\.mx/ });
    await edited.getByText('Administrador de configuración').waitFor();
    expect(await edited.innerText()).toContain('Lucía Pérez Gil');

    // Filter by name in the query string.
    await page.getByLabel('Buscar por nombre o correo').fill('lucía');
    await page.waitForURL(/search=luc%C3%ADa|search=lucía/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    // The role filter joins the search in the query string and both survive a reload.
    await page
      .getByRole('textbox', { name: 'Rol' })
      .or(page.getByRole('combobox', { name: 'Rol' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Seguridad' }).click();
    await page.waitForURL(/role=\d+/);
    await page.getByText('Ningún registro coincide con la búsqueda').waitFor();
    await page.reload();
    await page.getByText('Ningún registro coincide con la búsqueda').waitFor();
    expect(page.url()).toMatch(/search=/);
    await page
      .getByRole('textbox', { name: 'Rol' })
      .or(page.getByRole('combobox', { name: 'Rol' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Administrador de configuración' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    const resend = edited.getByRole('button', { name: 'Reenviar código' });
    await resend.click();
    await page.getByText('El email ha sido reenviado').waitFor();
    await expect.poll(() => resend.isDisabled()).toBe(true);
    expect(await env.t.app.db.prisma.emailOutbox.count({ where: { to: 'lucia.perez@demo.mx' } })).toBe(2);

    await edited.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByText('¿Eliminar el acceso de Lucía Pérez Gil (lucia.perez@demo.mx) a la comunidad?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Usuario eliminado').waitFor();
    // The filters still apply: the empty state says so and offers no creation.
    await page.getByTestId('empty-state').getByText('Ningún registro coincide con la búsqueda').waitFor();
    await screenshot(page, 'admin-users-no-match');
    expect(await env.t.app.db.prisma.membership.count({ where: { user: { email: 'lucia.perez@demo.mx' } } })).toBe(0);
    await page.context().close();
  });
});

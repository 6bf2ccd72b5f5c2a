import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseLabel } from '../../core/houseLabel.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { screenshot, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const choose = async (page: import('playwright-core').Page, label: string, option: string) => {
  // Required fields carry an asterisk in their label.
  await page
    .getByLabel(new RegExp(`^${label}\\s*\\*?$`))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('administration of owners in the browser', () => {
  it('registers a type, a street and an active house with its owner, finds it by its key and changes its owner', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');

    // A custom house type that needs a street and an exterior number.
    await page.goto(`${env.base}/neighborhood/settings/houses-types/form`);
    await choose(page, 'Tipo de propiedad', 'Otro');
    await page.getByLabel('Nombre del tipo').fill('Casa de prueba');
    await page.getByLabel('Calle', { exact: true }).check();
    await page.getByLabel('Número exterior', { exact: true }).check();
    await page.getByLabel(/^Cuota de mantenimiento mensual/).fill('900');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('El tipo de propiedad ha sido registrado').waitFor();

    await page.goto(`${env.base}/neighborhood/settings/streets/form`);
    await page.getByLabel('Nombre').fill('Calle Jacaranda');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('La calle ha sido registrada').waitFor();

    // The owners list from the administration menu, then the house form.
    await page.locator('nav[data-menu-group="administration"]').getByRole('link', { name: 'Propietarios' }).click();
    await page.getByRole('heading', { name: 'Propietarios' }).waitFor();
    await page.getByRole('link', { name: 'Registrar propiedad' }).click();
    await page.getByRole('heading', { name: 'Registrar propiedad' }).waitFor();
    // Location fields appear only once the type says which ones it needs.
    expect(await page.getByLabel(/^Número exterior/).count()).toBe(0);
    await choose(page, 'Tipo de propiedad', 'Casa de prueba');
    await page.getByLabel(/^Número exterior/).waitFor();
    expect(await page.getByLabel(/^Manzana/).count()).toBe(0);
    await page.getByLabel('Clave catastral').fill('e2e-001');
    await choose(page, 'Calle', 'Calle Jacaranda');
    await page.getByLabel(/^Número exterior/).fill('15');
    await page.getByLabel('Cajones de estacionamiento').fill('1');
    await page.getByLabel('Saldo inicial', { exact: true }).fill('-1500');
    await page.getByLabel('Motivo del saldo inicial').fill('Adeudo de 2025');
    await page.getByLabel('Correo electrónico').fill('diego.ruiz@demo.mx');
    await page.getByLabel('Nombre', { exact: true }).fill('Diego');
    await page.getByLabel('Apellidos').fill('Ruiz');
    await page.getByLabel('Teléfono celular').fill('4421234567');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '¿Deseas activar la propiedad?' });
    await confirm.waitFor();
    await screenshot(page, 'owners-form-activate');
    await confirm.getByRole('button', { name: 'Guardar y activar' }).click();
    await page.getByText('La propiedad ha sido guardada y activada').waitFor();
    await page.waitForURL(/\/owners$/);

    const house = await env.t.app.db.prisma.house.findFirstOrThrow({ where: { catastral: 'E2E-001' }, include: { owner: true, street: true } });
    expect(house).toMatchObject({ status: 'ACTIVE', exteriorNumber: '15', parkingSpots: 1, block: null });
    expect(house.initialBalance?.toString()).toBe('-1500');
    expect(house.street?.name).toBe('Calle Jacaranda');
    expect(house.owner).toMatchObject({ email: 'diego.ruiz@demo.mx', firstName: 'Diego', mobile: '4421234567' });

    // Filters live in the query string with the page. The list must have loaded first: a filter typed while
    // the screen is still suspended is typed into an input that is about to be replaced.
    await page
      .getByText(/\d+ registros/)
      .first()
      .waitFor();
    // The search box filters the list (from 2 characters): one character changes nothing yet.
    const searchBox = page.getByRole('textbox', { name: 'Buscar propiedad' });
    await searchBox.fill('E');
    await page.getByText('Escribe al menos 2 caracteres').waitFor();
    expect(page.url()).not.toMatch(/search=/);
    await searchBox.fill('E2E-001');
    await page.waitForURL(/search=E2E-001/);
    // The other filters are behind «Filtros»; an active one shows as a chip that removes it.
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    await choose(page, 'Estado', 'Activa');
    await page.waitForURL(/house_status=ACTIVE/);
    await page.getByRole('button', { name: 'Ver resultados' }).click();
    await page.getByTestId('filter-chip-house_status').getByText('Estado: Activa').waitFor();
    expect(page.url()).toMatch(/page=1/);
    const row = page.getByRole('row', { name: /E2E-001|15/ }).filter({ hasText: 'diego.ruiz@demo.mx' });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('Activa');
    expect(await row.textContent()).toContain('Sin cuenta');
    await screenshot(page, 'owners-list');

    // A reload keeps the filters.
    await page.reload();
    expect(await searchBox.inputValue()).toBe('E2E-001');
    await row.waitFor();

    // The export downloads the filtered list.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // The owner has no password yet: the activation e-mail can be sent again, then waits 30 s.
    const resend = row.getByRole('button', { name: 'Reenviar correo de activación' });
    await resend.click();
    await page.getByText('El email ha sido reenviado').waitFor();
    await expect.poll(() => resend.isDisabled()).toBe(true);

    // Owner change to someone not registered yet.
    await row.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Cambiar propietario' }).click();
    await page.waitForURL(new RegExp(`/owners/${house.id}/change$`));
    await page.getByText('Diego Ruiz <diego.ruiz@demo.mx>').first().waitFor();
    await page.getByLabel('Correo del nuevo propietario').fill('nora.vega@demo.mx');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('nora.vega@demo.mx no pertenece a esta comunidad', { exact: false }).waitFor();
    await page.getByLabel(/^Nombre\s*\*?$/).fill('Nora');
    await page.getByLabel('Apellidos').fill('Vega');
    await page.getByRole('button', { name: 'Registrar y asignar como propietario' }).click();
    await page.getByText('El cambio de propietario se realizó correctamente').waitFor();
    await page.waitForURL(/\/owners$/);

    await page.goto(`${env.base}/owners/${house.id}/change`);
    await page.getByText('Nora Vega <nora.vega@demo.mx>').first().waitFor();
    const history = page.getByRole('table', { name: 'Historial de propietarios' });
    // Owner history shows names only.
    await history.getByRole('row', { name: /Diego Ruiz.*Nora Vega.*Adriana Morales/ }).waitFor();
    expect(await history.textContent()).not.toContain('@');
    expect(await history.getByRole('row').count()).toBe(3);
    await screenshot(page, 'owners-change');
    const after = await env.t.app.db.prisma.house.findUniqueOrThrow({ where: { id: house.id }, include: { owner: true } });
    expect(after.owner?.email).toBe('nora.vega@demo.mx');
    await page.context().close();
  }, 120_000);

  it('saves a house without activating it, shows issues on their fields, then activates, deletes and reactivates it', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/owners/form`);
    await choose(page, 'Tipo de propiedad', 'Propiedad en avenida');
    await page.getByLabel('Clave catastral').fill('E2E-002');
    await page.getByLabel(/^Manzana/).fill('40');
    await page.getByLabel(/^Lote/).fill('2');
    await choose(page, 'Calle', 'Av. de los Olivos');
    await page.getByLabel(/^Número exterior/).fill('402');
    await page.getByLabel('Cajones de estacionamiento').fill('0');
    await page.getByLabel('Correo electrónico').fill('elena.paz@demo.mx');
    await page.getByLabel('Nombre', { exact: true }).fill('Elena');
    await page.getByLabel('Teléfono celular').fill('123');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    // The form checks with the server's own schema: the issue sits under its field and nothing is sent.
    await page.locator('.mantine-InputWrapper-error', { hasText: 'El celular debe tener 10 dígitos' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await env.t.app.db.prisma.house.count({ where: { catastral: 'E2E-002' } })).toBe(0);
    await page.getByLabel('Teléfono celular').fill('4427654321');
    expect(await page.locator('.mantine-InputWrapper-error', { hasText: 'El celular debe tener 10 dígitos' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Solo guardar' }).click();
    await page.getByText('La propiedad ha sido registrada').waitFor();
    const house = await env.t.app.db.prisma.house.findFirstOrThrow({ where: { catastral: 'E2E-002' } });
    expect(house.status).toBe('MISSING_BALANCE');

    await page.goto(`${env.base}/owners?catastral=E2E-002`);
    const row = page.getByRole('row').filter({ hasText: 'elena.paz@demo.mx' });
    await row.getByText('Sin saldo inicial').waitFor();
    await row.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Activar' }).click();
    await page.waitForURL(new RegExp(`/owners/active/${house.id}$`));
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByText('Indica el saldo inicial para activar la propiedad').waitFor();
    await page.getByLabel(/^Saldo inicial/).fill('250');
    await screenshot(page, 'owners-activate');
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByText('La propiedad ha sido activada').waitFor();
    await page.waitForURL(/\/owners$/);
    expect((await env.t.app.db.prisma.house.findUniqueOrThrow({ where: { id: house.id } })).status).toBe('ACTIVE');

    await page.goto(`${env.base}/owners?catastral=E2E-002`);
    await row.getByText('Activa', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await page.getByRole('dialog', { name: 'Eliminar propiedad' }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('La propiedad ha sido eliminada').waitFor();
    await page.getByText('Ninguna propiedad coincide con los filtros').waitFor();
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    await choose(page, 'Estado', 'Eliminada');
    await page.getByRole('button', { name: 'Ver resultados' }).click();
    await row.getByText('Eliminada', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Reactivar' }).click();
    await page.getByText('La propiedad ha sido reactivada').waitFor();
    await expect.poll(async () => (await env.t.app.db.prisma.house.findUniqueOrThrow({ where: { id: house.id } })).status).toBe('ACTIVE');
    await page.context().close();
  }, 120_000);

  it('opens the public owner registration from the owners list and shows the link to share', async () => {
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/owners`);
    await choose(page, 'Registro público de propietarios', 'Abierto, con revisión de la administración');
    await page.getByText('El registro público de propietarios ha sido actualizado').waitFor();
    await page.getByRole('link', { name: `${env.base}/onboarding/los_olivos` }).waitFor();
    const olivos = await env.t.app.db.prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    expect(olivos.onboarding).toBe('REVIEW');
    await page.context().close();
  });

  it('tells a second administrator who is editing a house and lets them unblock it', async () => {
    const prisma = env.t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' }, include: { roles: true } });
    const second = await prisma.user.create({
      data: { email: 'admin2@demo.mx', firstName: 'Bruno', lastName: 'Salas', passwordHash: await hashPassword('demo1234') },
    });
    await prisma.membership.create({ data: { neighborhoodId: olivos.id, userId: second.id, roleId: olivos.roles.find((r) => r.kind === 'ADMIN')!.id } });
    const house = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivos.id, status: 'ACTIVE' }, orderBy: { id: 'asc' } });
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@demo.mx' } });

    const first = await env.newPage();
    await signInToShell(first, env.base, 'admin@demo.mx');
    // The search finds the house in the list; its label opens the house form.
    await first.goto(`${env.base}/owners`);
    await first.getByRole('textbox', { name: 'Buscar propiedad' }).fill(house.catastral!);
    await first.waitForURL(/search=/);
    const found = first.getByRole('row').filter({ hasText: house.catastral! });
    // Only the header row and the rows of that key are left.
    await expect.poll(async () => (await first.getByRole('row').count()) - (await found.count()), { timeout: 15_000 }).toBe(1);
    await found
      .first()
      .getByRole('link', { name: houseLabel(house), exact: true })
      .click();
    await first.waitForURL(new RegExp(`/owners/edit/${house.id}$`));
    await first.getByRole('heading', { name: /Editar propiedad/ }).waitFor();
    await expect.poll(async () => (await prisma.house.findUniqueOrThrow({ where: { id: house.id } })).lockedByUserId).toBe(admin.id);

    const secondPage = await env.newPage();
    await signInToShell(secondPage, env.base, 'admin2@demo.mx');
    await secondPage.goto(`${env.base}/owners/edit/${house.id}`);
    await secondPage.getByText('Esta propiedad está siendo editada por Adriana Morales').waitFor();
    expect(await secondPage.getByRole('button', { name: 'Guardar', exact: true }).isDisabled()).toBe(true);
    await screenshot(secondPage, 'owners-edit-locked');
    await secondPage.getByRole('button', { name: 'Desbloquear' }).click();
    await secondPage.getByText('Esta propiedad está siendo editada por Adriana Morales').waitFor({ state: 'detached' });
    await expect.poll(async () => (await prisma.house.findUniqueOrThrow({ where: { id: house.id } })).lockedByUserId).toBe(second.id);
    // The form enables Guardar once it has rendered the unblock's answer (the lock row may change first).
    await expect.poll(() => secondPage.getByRole('button', { name: 'Guardar', exact: true }).isDisabled()).toBe(false);

    // Leaving the form without saving releases the lock.
    await secondPage.getByRole('link', { name: 'Cancelar' }).click();
    await secondPage.waitForURL(/\/owners$/);
    await expect.poll(async () => (await prisma.house.findUniqueOrThrow({ where: { id: house.id } })).lockedByUserId).toBeNull();
    await first.context().close();
    await secondPage.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('residents and tax data in the browser', () => {
  it('the owner edits the tax data of the house and registers a resident', async () => {
    const prisma = env.t.app.db.prisma;
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: 'propietario@demo.mx' } });
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const house = await prisma.house.findFirstOrThrow({ where: { neighborhoodId: olivos.id, ownerUserId: owner.id } });
    // A resident whose role only the administration may manage: the owner sees no edit or delete for them.
    const role = await prisma.role.create({
      data: { neighborhoodId: olivos.id, kind: 'CUSTOM', name: 'Arrendatario', forHouse: true, allowCreateForHouseUser: false, grants: [] },
    });
    const tenant = await prisma.user.create({ data: { email: 'arrendatario@demo.mx', firstName: 'Arturo', lastName: 'Luna' } });
    await prisma.membership.create({ data: { neighborhoodId: olivos.id, userId: tenant.id, houseId: house.id, roleId: role.id } });

    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    const property = page.locator('nav[data-menu-group="property"]');

    // Tax data: the choices follow the person type of the RFC as it is typed.
    await property.getByRole('link', { name: 'Datos fiscales' }).click();
    await page.getByRole('heading', { name: 'Datos fiscales' }).waitFor();
    await page.getByLabel('RFC').fill('aaa010101aaa');
    expect(await page.getByLabel('RFC').inputValue()).toBe('AAA010101AAA');
    await page.getByText('Persona moral').waitFor();
    await page.getByRole('combobox', { name: 'Régimen fiscal' }).click();
    await page.getByRole('option', { name: /601 - General de Ley Personas Morales/ }).waitFor();
    expect(await page.getByRole('option', { name: /Sueldos y Salarios/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByLabel('RFC').fill('gode561231gr8');
    await page.getByText('Persona física').waitFor();
    await page.getByLabel('Razón social').fill('Patricia Ruiz Gómez');
    await page.getByRole('combobox', { name: 'Régimen fiscal' }).click();
    await page.getByRole('option', { name: /612 - Personas Físicas con Actividades Empresariales/ }).click();
    await page.getByRole('combobox', { name: 'Uso de CFDI' }).click();
    await page.getByRole('option', { name: 'G03 - Gastos en general' }).click();
    await page.getByLabel('Calle').fill('Av. de los Olivos');
    await page.getByLabel('Número exterior').fill('100');
    await page.getByLabel('Código postal').fill('76000');
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Querétaro' }).click();
    expect(await page.getByLabel('País').inputValue()).toBe('México');
    await page.locator('input[type="file"]').setInputFiles({ name: 'constancia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 constancia') });
    await page.getByText('Archivo cargado').waitFor();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Los datos fiscales han sido guardados').waitFor();
    await page.getByRole('button', { name: 'Eliminar datos fiscales' }).waitFor();
    expect(await page.getByText('La propiedad aún no tiene datos fiscales').count()).toBe(0);
    await screenshotsAtBothWidths(page, 'tax-info');
    expect(await prisma.houseTaxInfo.findUniqueOrThrow({ where: { houseId: house.id } })).toMatchObject({
      rfc: 'GODE561231GR8',
      businessName: 'Patricia Ruiz Gómez',
      fiscalRegime: 'RF612',
      cfdiUse: 'G03',
      postalCode: '76000',
      state: 'QUE',
      country: 'México',
      taxReceiptFileId: expect.any(String),
    });

    // Residents: register one, see the rules, remove them.
    await property.getByRole('link', { name: 'Habitantes' }).click();
    await page.getByRole('heading', { name: 'Habitantes' }).waitFor();
    await page.getByRole('cell', { name: 'Rosa Díaz' }).waitFor();
    const locked = page.getByRole('row', { name: /Arturo Luna/ });
    await locked.waitFor();
    expect(await locked.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    expect(await locked.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Registrar habitante' }).click();
    await page.getByRole('heading', { name: 'Registrar habitante' }).waitFor();
    // The rules of the server's schema, checked before anything is sent.
    await page.getByLabel('Correo electrónico').fill('lucia@');
    await page.getByLabel('Correo electrónico').press('Enter');
    await page.getByText('El correo electrónico no es válido').waitFor();
    await page.getByText('El nombre es requerido').waitFor();
    await page.getByText('El rol es requerido').waitFor();
    await page.getByLabel('Correo electrónico').fill('lucia@demo.mx');
    await page.getByLabel('Nombre').fill('Lucía');
    await page.getByLabel('Apellidos').fill('Pérez');
    await page.getByLabel('Celular').fill('4421112233');
    await page.getByRole('combobox', { name: 'Rol' }).click();
    expect(await page.getByRole('option', { name: 'Arrendatario' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Residente' }).click();
    await page.locator('input[type="file"]').setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 contrato') });
    await page.getByText('Archivo cargado').waitFor();
    await screenshotsAtBothWidths(page, 'resident-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El habitante ha sido registrado').waitFor();
    const row = page.getByRole('row', { name: /Lucía Pérez/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('lucia@demo.mx');
    await row.getByRole('link', { name: 'contrato.pdf' }).waitFor();
    const lucia = await prisma.user.findUniqueOrThrow({ where: { email: 'lucia@demo.mx' } });
    expect(lucia.signupCode).toBeTruthy();
    expect(await page.content()).not.toContain(lucia.signupCode!);
    expect((await prisma.emailOutbox.findFirstOrThrow({ where: { to: 'lucia@demo.mx' } })).text).toMatch(
      new RegExp(`https?://[^\\s]+/signup/${lucia.signupCode}`),
    );
    expect((await prisma.membership.findFirstOrThrow({ where: { userId: lucia.id } })).accreditationFileId).toBeTruthy();
    expect(await prisma.emailOutbox.count({ where: { to: 'lucia@demo.mx' } })).toBe(1);
    await screenshotsAtBothWidths(page, 'residents');

    await row.getByRole('link', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar habitante' }).waitFor();
    expect(await page.getByLabel('Correo electrónico').isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Copropietario/Inquilino' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El habitante ha sido modificado').waitFor();
    await page.getByRole('row', { name: /Lucía Pérez.*Copropietario\/Inquilino/ }).waitFor();

    await page
      .getByRole('row', { name: /Lucía Pérez/ })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Se eliminó el acceso de Lucía Pérez').waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Lucía Pérez/ }).count()).toBe(0);
    expect(await prisma.membership.count({ where: { userId: lucia.id } })).toBe(0);
    await page.context().close();
  });

  it('the administrator manages the residents and reads the tax data of any house', async () => {
    const prisma = env.t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const house = await prisma.house.findFirstOrThrow({
      where: { neighborhoodId: olivos.id, status: 'ACTIVE', ownerUserId: { not: null } },
      orderBy: { id: 'desc' },
    });
    await prisma.houseTaxInfo.deleteMany({ where: { houseId: house.id } });
    await prisma.houseTaxInfo.create({
      data: {
        houseId: house.id,
        neighborhoodId: olivos.id,
        rfc: 'AAA010101AAA',
        businessName: 'Olivos SA de CV',
        fiscalRegime: 'RF601',
        cfdiUse: 'G03',
        postalCode: '76000',
        state: 'QUE',
      },
    });
    const page = await env.newPage();
    await signInToShell(page, env.base, 'admin@demo.mx');
    await page.goto(`${env.base}/houses/${house.id}/settings`);
    await page.getByRole('heading', { name: 'Datos fiscales' }).waitFor();
    await expect.poll(() => page.getByLabel('RFC').inputValue()).toBe('AAA010101AAA');
    await page.getByText('Persona moral').waitFor();
    expect(await page.getByRole('combobox', { name: 'Régimen fiscal' }).inputValue()).toBe('601 - General de Ley Personas Morales');

    await page.goto(`${env.base}/houses/${house.id}/residents`);
    await page.getByRole('heading', { name: 'Habitantes' }).waitFor();
    // A house without residents says so and offers the registration right there.
    const empty = page.getByTestId('empty-state');
    await empty.getByText('Aún no hay habitantes registrados').waitFor();
    await empty.getByRole('link', { name: 'Registrar habitante' }).click();
    await page.waitForURL(new RegExp(`/residents/form\\?houseId=${house.id}$`));
    await page.getByLabel('Correo electrónico').fill('inquilina.nueva@demo.mx');
    await page.getByLabel('Nombre').fill('Elena');
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Copropietario/Inquilino' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El habitante ha sido registrado').waitFor();
    await page.waitForURL(new RegExp(`/houses/${house.id}/residents$`));
    await page.getByRole('row', { name: /Elena/ }).getByRole('link', { name: 'Editar' }).waitFor();
    const membership = await prisma.membership.findFirstOrThrow({ where: { user: { email: 'inquilina.nueva@demo.mx' } } });
    expect(membership.houseId).toBe(house.id);
    await page.context().close();
  });
});

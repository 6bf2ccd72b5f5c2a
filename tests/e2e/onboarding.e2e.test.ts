import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotsAtBothWidths, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const setMode = (mode: 'CLOSED' | 'PAUSED' | 'REVIEW' | 'SIGN_IN' | 'SIGN_UP') =>
  env.t.app.db.prisma.neighborhood.update({ where: { domain: 'los_olivos' }, data: { onboarding: mode } });

describe('public owner onboarding in the browser', () => {
  it('registers an owner, reads the activation link in the mailbox, resends with the 30-second lock, sets the password and enters the shell', async () => {
    await setMode('SIGN_UP');
    const street = await env.t.app.db.prisma.street.findFirstOrThrow({ where: { neighborhood: { domain: 'los_olivos' } }, orderBy: { id: 'asc' } });
    const page = await env.newPage();
    await page.goto(`${env.base}/onboarding/los_olivos`);
    await page.getByRole('heading', { name: 'Residencial Los Olivos' }).waitFor();
    await page.getByRole('combobox', { name: 'Tipo de propiedad' }).click();
    await page.getByRole('option', { name: 'Propiedad en avenida', exact: true }).click();
    // The type asks for street, block, lot and exterior number; not the interior number.
    expect(await page.getByLabel('Número interior').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Calle' }).fill(street.name);
    await page.keyboard.press('Escape');
    await page.getByLabel('Manzana').fill('12');
    await page.getByLabel('Lote').fill('34');
    await page.getByLabel('Número exterior').fill('1234');
    await page.getByLabel(/^Nombre/).fill('Julia');
    await page.getByLabel('Apellidos').fill('Montes');
    await page.getByLabel('Correo electrónico').fill('julia.montes@correo.mx');
    await page.getByLabel('Teléfono celular').fill('4425557788');
    await screenshotsAtBothWidths(page, 'onboarding');
    await page.getByRole('button', { name: 'Registrarme' }).click();

    // The code never reaches the screen: the link goes to the address typed.
    await page.getByText('Te enviamos un correo a julia.montes@correo.mx para que elijas tu contraseña').waitFor();
    expect(new URL(page.url()).pathname).toBe('/onboarding/los_olivos');
    const house = await env.t.app.db.prisma.house.findFirstOrThrow({ where: { owner: { email: 'julia.montes@correo.mx' } } });
    expect(house).toMatchObject({ block: '12', lot: '34', exteriorNumber: '1234', streetId: street.id, status: 'MISSING_BALANCE' });
    expect(await page.content()).not.toContain(house.signupCode!);
    await screenshotsAtBothWidths(page, 'onboarding-mailed');

    // Julia opens her mail (the outbox row) and follows the link.
    const invitation = await env.t.app.db.prisma.emailOutbox.findFirstOrThrow({ where: { to: 'julia.montes@correo.mx' }, orderBy: { id: 'asc' } });
    expect(invitation.subject).toBe('Activa tu cuenta en Residencial Los Olivos');
    const link = /https?:\/\/\S+?(\/signup\/[\w-]+)/.exec(invitation.text)!;
    expect(link[1]).toBe(`/signup/${house.signupCode}`);
    await page.goto(`${env.base}${link[1]}`);
    await page.getByText('Residencial Los Olivos te registró con el correo julia.montes@correo.mx').waitFor();
    expect(await page.getByLabel(/^Nombre/).inputValue()).toBe('Julia');

    const resend = page.getByRole('button', { name: 'Reenviar correo' });
    await resend.click();
    await page.getByText('El email ha sido reenviado').waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await page.getByText(/Podrás reenviarlo en \d+ s/).waitFor();
    expect(await env.t.app.db.prisma.emailOutbox.count({ where: { to: 'julia.montes@correo.mx', text: { contains: `/signup/${house.signupCode}` } } })).toBe(2);

    await page.getByLabel(/^Contraseña/).fill('julia-segura-1');
    await page.getByLabel(/^Confirma la contraseña/).fill('julia-segura-1');
    await screenshotsAtBothWidths(page, 'activation');
    await page.getByRole('button', { name: 'Activar y entrar' }).click();
    await page.locator('nav[data-menu-group="property"]').waitFor();
    expect(new URL(page.url()).pathname).not.toMatch(/^\/signup/);
    await screenshot(page, 'onboarding-shell');
    await page.context().close();
  });

  it('shows the hidden-eye icon while paused and the ban icon when closed', async () => {
    const page = await env.newPage();
    await setMode('PAUSED');
    await page.goto(`${env.base}/onboarding/los_olivos`);
    await page.getByText('El registro de propietarios está pausado por la administración').waitFor();
    expect(await page.locator('svg[data-icon="eye-off"]').count()).toBe(1);
    await setMode('CLOSED');
    await page.goto(`${env.base}/onboarding/los_olivos`);
    await page.getByText('Esta comunidad no admite el registro de propietarios').waitFor();
    expect(await page.locator('svg[data-icon="ban"]').count()).toBe(1);
    await page.goto(`${env.base}/onboarding/no_existe`);
    await page.getByText('La comunidad solicitada no existe').waitFor();
    expect(await page.locator('svg[data-icon="x"]').count()).toBe(1);
    await page.context().close();
  });
});

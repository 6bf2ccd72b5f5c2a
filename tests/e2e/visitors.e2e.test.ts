// Visitors at the gate in the browser: an owner registers a visitor on a phone; the guard, on a phone, finds it
// by typing part of its name and registers its entry while the owner's open dashboard shows the arrival
// without a reload; then its departure; the log shows both; the pass opens signed out.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
const prisma = () => env.t.app.db.prisma;
const NAME = 'Rogelio Montaño Vidal';
// A 1×1 PNG: the visitor's photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  env = await startBrowserEnv();
  // The demo community keeps VISITAS on; its visitor rules as this journey expects them.
  const olivos = await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
  await prisma().neighborhood.update({
    where: { id: olivos.id },
    data: {
      modules: [...new Set([...(olivos.modules as string[]), 'VISITAS'])] as never,
      visitorPictureRequired: false,
      visitorEmailRequired: false,
      visitorReasonRequired: false,
      visitorRequireVehicleInfo: true,
    },
  });
});
const pages: Page[] = [];
afterAll(() => env?.close());

/** The page as a phone shows it (375 px), which must not scroll sideways. */
async function phoneShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 376) throw new Error(`${name} scrolls sideways at 375 px (${width} px wide)`);
  await screenshot(page, `${name}-375`);
}

async function phone(email: string) {
  const page = await env.newPage();
  await signInToShell(page, env.base, email);
  await page.setViewportSize({ width: 375, height: 812 });
  return page;
}

describe('visitors in the browser', () => {
  it('the owner registers a visitor, the guard lets it in and out, the owner sees it arrive, the log tells it', async () => {
    // A failed journey leaves how each page looked.
    onTestFailed(async () => {
      for (const [i, page] of pages.entries()) await screenshot(page, `visitors-failed-${i}`).catch(() => undefined);
    });
    const owner = await phone('propietario@demo.mx');
    pages.push(owner);
    await owner.goto(`${env.base}/houses/visitors`);
    await owner.getByRole('heading', { name: 'Mis visitas' }).waitFor();
    await owner.getByRole('link', { name: 'Registrar visita' }).first().click();
    await owner.getByRole('heading', { name: 'Registrar visita' }).waitFor();
    await owner.getByRole('textbox', { name: /^Nombre/ }).fill(NAME);
    await owner.getByRole('textbox', { name: /^Correo electrónico/ }).fill('rogelio.montano@example.com');
    await owner.getByRole('textbox', { name: /^Motivo de la visita/ }).fill('Comida familiar');
    await owner.getByText('En vehículo').click();
    // The community asks a driving visitor's vehicle: the form says so with the server's words.
    await owner.getByRole('button', { name: 'Registrar visita' }).click();
    await owner.getByText('El vehículo es requerido').waitFor();
    await owner.getByRole('textbox', { name: /^Vehículo/ }).fill('Jetta gris');
    await owner.getByRole('textbox', { name: /^Placas/ }).fill('abc 123 x');
    await owner.getByRole('button', { name: 'Fin de semana' }).click();
    await owner.getByRole('button', { name: 'Todos los días' }).click();
    // The photo goes up through the app's upload endpoint before the visit is saved.
    await owner.locator('input[type="file"]').setInputFiles({ name: 'rogelio.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByText('Archivo cargado').waitFor();
    await phoneShot(owner, 'visitors-form');
    await owner.getByRole('button', { name: 'Registrar visita' }).click();
    await owner.getByText('La visita ha sido registrada').first().waitFor();
    await owner.waitForURL('**/houses/visitors');
    const visitor = await prisma().visitor.findFirstOrThrow({ where: { name: NAME } });
    expect(visitor).toMatchObject({ vehiclePlate: 'ABC 123 X', entranceType: 'DRIVING', origin: 'HOUSE' });
    expect(visitor.photoFileId).not.toBeNull();
    const row = owner.getByTestId(`visitor-${visitor.id}`);
    await row.getByText('Esperada hoy').waitFor();
    // Resending the code pauses the button for 30 seconds.
    await row.getByRole('button', { name: 'Reenviar código' }).click();
    await owner.getByText('El código de visita fue enviado').first().waitFor();
    await expect.poll(() => row.getByRole('button', { name: /Reenviar en/ }).isDisabled()).toBe(true);
    await phoneShot(owner, 'visitors-house-list');
    // Editing keeps the visit and its code.
    await row.getByRole('link', { name: 'Editar' }).click();
    await owner.getByRole('heading', { name: 'Editar visita' }).waitFor();
    await owner.getByRole('textbox', { name: /^Motivo de la visita/ }).fill('Comida familiar del domingo');
    await owner.getByRole('button', { name: 'Guardar' }).click();
    await owner.getByText('La visita ha sido actualizada').first().waitFor();
    await row.getByText('Comida familiar del domingo').waitFor();

    // The owner's dashboard lists the visit among the coming ones and stays open.
    await owner.goto(`${env.base}/`);
    const coming = owner.getByTestId('coming-visitors');
    await coming.getByTestId(`coming-visitor-${visitor.id}`).waitFor();
    await phoneShot(owner, 'visitors-dashboard');

    // The guard, on a phone, lands on the gate and finds the visit by part of its name.
    const guard = await phone('seguridad@demo.mx');
    pages.push(guard);
    await guard.waitForURL('**/security/visitors');
    await guard.getByRole('heading', { name: 'Visitas', exact: true }).waitFor();
    await guard.getByTestId('gate-today').getByTestId(`gate-visitor-${visitor.id}`).waitFor();
    await guard.getByTestId('gate-search').fill('montañ');
    const found = guard.getByTestId('gate-results').getByTestId(`gate-visitor-${visitor.id}`);
    await found.getByText('Placas ABC 123 X').waitFor();
    await phoneShot(guard, 'visitors-gate-search');
    await found.getByRole('link', { name: 'Registrar entrada' }).click();
    await guard.getByRole('heading', { name: `Registrar entrada de ${NAME}` }).waitFor();
    await phoneShot(guard, 'visitors-gate-entry');
    await guard.getByRole('button', { name: 'Confirmar entrada' }).click();
    await guard.getByText('La entrada ha sido registrada').first().waitFor();
    await guard.waitForURL('**/security/visitors');
    const inside = guard.getByTestId('gate-inside').getByTestId(`gate-visitor-${visitor.id}`);
    await inside.getByText(/^Dentro desde \d\d:\d\d$/).waitFor();
    await phoneShot(guard, 'visitors-gate-inside');

    // The owner's open dashboard: the arrival notice, and the visit leaves the coming ones, without a reload.
    await owner.getByText(`Llegó tu visita: ${NAME}`).waitFor({ timeout: 5000 });
    await coming.getByTestId(`coming-visitor-${visitor.id}`).waitFor({ state: 'detached', timeout: 5000 });
    await phoneShot(owner, 'visitors-dashboard-arrived');

    await inside.getByRole('link', { name: 'Registrar salida' }).click();
    await guard.getByRole('heading', { name: `Registrar salida de ${NAME}` }).waitFor();
    await guard.getByRole('button', { name: 'Confirmar salida' }).click();
    await guard.getByText('La salida ha sido registrada').first().waitFor();
    await guard.waitForURL('**/security/visitors');
    await guard.getByTestId('gate-inside').getByTestId(`gate-visitor-${visitor.id}`).waitFor({ state: 'detached' });

    // A walk-in registered at the gate.
    await guard.getByRole('link', { name: 'Registrar visita' }).first().click();
    await guard.getByRole('heading', { name: 'Registrar visita en caseta' }).waitFor();
    await guard.getByRole('textbox', { name: /^Nombre/ }).fill('Paquetería Veloz');
    // The guard finds the house by its owner (the search answers a label and the owner's name, nothing more).
    const own = await prisma().membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, houseId: { not: null } } });
    const ownerRow = await prisma().house.findUniqueOrThrow({ where: { id: own.houseId! }, include: { owner: true } });
    await guard.getByPlaceholder('Clave catastral, número o propietario').fill(ownerRow.owner!.lastName!);
    await guard.getByRole('option').first().click();
    await guard.getByTestId('visitor-house').waitFor();
    await phoneShot(guard, 'visitors-gate-form');
    await guard.getByRole('button', { name: 'Registrar visita' }).click();
    await guard.getByText('La visita ha sido registrada').first().waitFor();
    await guard.waitForURL('**/security/visitors');
    const walkIn = await prisma().visitor.findFirstOrThrow({ where: { name: 'Paquetería Veloz' } });
    expect(walkIn).toMatchObject({ origin: 'SECURITY' });
    expect(walkIn.houseId).not.toBeNull();

    // The log, as the owner reads it: registered, entry and departure, with who and when.
    await owner.goto(`${env.base}/visitors/${visitor.id}/log`);
    await owner.getByRole('heading', { name: `Bitácora de ${NAME}` }).waitFor();
    const log = owner.getByTestId('visitor-log');
    for (const kind of ['Registrada', 'Entrada', 'Salida']) await log.getByText(kind, { exact: true }).waitFor();
    await phoneShot(owner, 'visitors-log');
    const kinds = (await prisma().visitorLog.findMany({ where: { visitorId: visitor.id }, orderBy: { id: 'asc' } })).map((l) => l.kind);
    expect(kinds).toEqual(['CREATED', 'GET_IN', 'GET_OUT']);

    // The administration finds it among the community's visitors, filtered by name, with its log and the XLS.
    const admin = await env.newPage();
    pages.push(admin);
    await signInToShell(admin, env.base, 'admin@demo.mx');
    await admin.goto(`${env.base}/neighborhood/visitors?name=${encodeURIComponent('montaño')}`);
    await admin.getByRole('heading', { name: 'Visitas', exact: true }).waitFor();
    const adminRow = admin.getByTestId(`visitor-${visitor.id}`);
    await adminRow.getByText(/^Salió /).waitFor();
    expect(await admin.locator('[data-testid^="visitor-"]').count()).toBe(1);
    await screenshotsAtBothWidths(admin, 'visitors-community-list');
    // The XLS of every visitor, with the list's filter.
    const [xls] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Descargar XLS' }).click()]);
    expect(xls.suggestedFilename()).toMatch(/^visitas-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readFile((await xls.path())!);
    expect(sheet.subarray(0, 2).toString()).toBe('PK');
    await admin.getByRole('link', { name: 'Registrar visita' }).first().click();
    await admin.getByRole('radio', { name: 'Administración' }).waitFor({ state: 'attached' });
    await admin.getByRole('radio', { name: 'Permanente' }).waitFor({ state: 'attached' });
    await screenshotsAtBothWidths(admin, 'visitors-admin-form');

    // The visitor's pass, signed out.
    const pass = await env.newPage();
    await pass.setViewportSize({ width: 375, height: 812 });
    await pass.goto(`${env.base}/los_olivos/visita/${visitor.reference}`);
    await pass.getByTestId('visitor-reference').getByText(visitor.reference).waitFor();
    await pass.getByText('Residencial Los Olivos').first().waitFor();
    await phoneShot(pass, 'visitors-pass');
  }, 90_000);
});

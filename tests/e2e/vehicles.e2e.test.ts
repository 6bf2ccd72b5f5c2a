// Vehicles in the browser: a resident registers a vehicle on a phone and goes straight to booking its
// inspection; the administrator sees the appointments (its home), authorizes a pending vehicle and marks an
// appointment completed; the guard looks a plate up on a phone and comments on it.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
const prisma = () => env.t.app.db.prisma;
const PLATE = 'UVW-318-E';
// A 1×1 PNG: the circulation card.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  env = await startBrowserEnv();
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

describe('vehicles in the browser', () => {
  it('a resident registers and books, the administration authorizes and completes, the guard comments a plate', async () => {
    onTestFailed(async () => {
      for (const [i, page] of pages.entries()) await screenshot(page, `vehicles-failed-${i}`).catch(() => undefined);
    });

    // The resident, on a phone: the house's vehicles by segment.
    const owner = await phone('propietario@demo.mx');
    pages.push(owner);
    await owner.goto(`${env.base}/houses/vehicles`);
    await owner.getByRole('heading', { name: 'Mis vehículos' }).waitFor();
    await owner.getByText('UJK-482-C').first().waitFor();
    await owner.getByText('UMN-915-B').first().waitFor();
    await owner.getByRole('tab', { name: /^Validados/ }).click();
    await owner.waitForURL('**segment=ACTIVE**');
    await owner.getByText('UMN-915-B').waitFor({ state: 'detached' });
    await owner.getByText('UJK-482-C').first().waitFor();
    await owner.getByRole('tab', { name: /^Todos/ }).click();
    await owner.getByText('UMN-915-B').first().waitFor();
    await phoneShot(owner, 'vehicles-house-list');

    // Registers a vehicle: the community asks for an inspection, so the form leads to booking it.
    await owner.getByRole('link', { name: 'Registrar vehículo' }).first().click();
    await owner.getByRole('heading', { name: 'Registrar vehículo' }).waitFor();
    await owner.getByRole('textbox', { name: /^Placas/ }).fill(PLATE.toLowerCase());
    await owner.getByRole('textbox', { name: /^Descripción/ }).fill('Kia Rio rojo 2022');
    await owner.getByRole('combobox', { name: /^Tipo de tag/ }).click();
    await owner.getByRole('option', { name: 'TAG PASE / TeleVía' }).click();
    // A tag needs its number: the form says so with core's words.
    await owner.getByRole('button', { name: 'Registrar vehículo' }).click();
    await owner.getByText('El número de tag es requerido').waitFor();
    await owner.getByRole('textbox', { name: /^Número de tag/ }).fill('PASE-7781203');
    await owner.locator('input[type="file"]').setInputFiles({ name: 'tarjeta.png', mimeType: 'image/png', buffer: PNG });
    await owner.getByText('Archivo cargado').waitFor();
    await phoneShot(owner, 'vehicles-form');
    await owner.getByRole('button', { name: 'Registrar vehículo' }).click();
    await owner.getByText('El vehículo ha sido registrado').first().waitFor();
    await owner.waitForURL('**/schedule');
    const vehicle = await prisma().vehicle.findFirstOrThrow({ where: { plate: PLATE } });
    expect(vehicle).toMatchObject({ tagTypeId: 4, tagNumber: 'PASE-7781203', description: 'Kia Rio rojo 2022' });
    expect(vehicle.circulationCardFileId).not.toBeNull();

    // Books the first free space of the week.
    await owner.getByRole('heading', { name: `Cita de revisión de ${PLATE}` }).waitFor();
    await owner.getByTestId('spaces').locator('[data-space="available"]').first().waitFor();
    await phoneShot(owner, 'vehicles-schedule');
    await owner.getByTestId('spaces').locator('[data-space="available"]').first().click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Apartar cita' }).click();
    await owner.getByText('La cita ha sido agendada').first().waitFor();
    const held = owner.getByTestId('held-appointment');
    await held.waitFor();
    const space = await prisma().revisionPointSpace.findFirstOrThrow({ where: { vehicleId: vehicle.id } });
    await held.getByText(space.code).waitFor();
    await phoneShot(owner, 'vehicles-schedule-held');
    // Cancels and books again: the space is free once more.
    await held.getByRole('button', { name: 'Cancelar cita' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Cancelar cita' }).click();
    await owner.getByText('La cita ha sido cancelada').first().waitFor();
    await held.waitFor({ state: 'detached' });
    await owner.getByTestId('spaces').locator('[data-space="available"]').first().click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Apartar cita' }).click();
    await owner.getByTestId('held-appointment').waitFor();
    await owner.goto(`${env.base}/houses/vehicles`);
    await owner
      .getByTestId(`vehicle-${vehicle.id}`)
      .getByText(/Código [A-Z0-9]{8}/)
      .waitFor();

    // Editing keeps the vehicle: its description changes.
    const sedan = await prisma().vehicle.findFirstOrThrow({ where: { plate: 'UJK-482-C' } });
    await owner.getByTestId(`vehicle-${sedan.id}`).getByRole('link', { name: 'Editar' }).click();
    await owner.getByRole('heading', { name: 'Editar vehículo' }).waitFor();
    await owner.getByRole('textbox', { name: /^Descripción/ }).fill('Nissan Versa gris 2021, rin deportivo');
    await owner.getByRole('button', { name: 'Guardar' }).click();
    await owner.getByText('El vehículo ha sido actualizado').first().waitFor();
    await owner.waitForURL('**/houses/vehicles');
    await owner.getByTestId(`vehicle-${sedan.id}`).getByText('Nissan Versa gris 2021, rin deportivo').waitFor();

    // The administrator: the community's vehicles, the pending ones by status.
    const admin = await env.newPage();
    pages.push(admin);
    await signInToShell(admin, env.base, 'admin@demo.mx');
    // Its home: the inspection appointments from today on, soonest first.
    await admin.waitForURL('**/neighborhood/scheduled-vehicles');
    await admin.getByRole('heading', { name: 'Citas de vehículos' }).waitFor();
    const heldSpace = await prisma().revisionPointSpace.findFirstOrThrow({ where: { vehicleId: vehicle.id, status: 'CONFIRMED' } });
    await admin.getByTestId(`appointment-${heldSpace.id}`).waitFor();
    await admin.getByText('NLE-331-P').first().waitFor();
    await screenshotsAtBothWidths(admin, 'vehicles-scheduled');
    // Filtered by plate, one appointment is marked completed.
    await admin.getByRole('textbox', { name: 'Placas' }).fill('nle');
    await admin.waitForURL('**plate=nle**');
    const neighbour = await prisma().vehicle.findFirstOrThrow({ where: { plate: 'NLE-331-P' }, include: { spaces: true } });
    const neighbourRow = admin.getByTestId(`appointment-${neighbour.spaces[0]!.id}`);
    await neighbourRow.waitFor();
    await expect.poll(() => admin.getByRole('row').count()).toBe(2);
    await neighbourRow.getByRole('button', { name: 'Marcar como completada' }).click();
    await admin.getByText('La cita ha sido marcada como completada').first().waitFor();
    await neighbourRow.getByText('Completada').waitFor();
    await expect.poll(async () => (await prisma().vehicle.findUniqueOrThrow({ where: { id: neighbour.id } })).inspectedAt).not.toBeNull();
    // The dashboard lists the vehicles waiting for authorization.
    await admin.getByTestId('menu-home').click();
    await admin.getByTestId('pending-vehicles').getByText('SNT-204-A').waitFor();
    await screenshotsAtBothWidths(admin, 'vehicles-dashboard');
    await admin.goto(`${env.base}/neighborhood/vehicles`);
    await admin.getByRole('heading', { name: 'Vehículos', exact: true }).waitFor();
    await admin.getByTestId(`vehicle-${vehicle.id}`).waitFor();
    await screenshotsAtBothWidths(admin, 'vehicles-community-list');
    await admin.goto(`${env.base}/neighborhood/vehicles?status=PENDING_AUTHORIZATION`);
    await admin.getByTestId('filter-chip-status').waitFor();
    // A pending vehicle authorized from the list leaves the pending ones.
    const gtoRow = admin.getByRole('row').filter({ hasText: 'GTO-778-K' });
    await gtoRow.getByRole('button', { name: 'Autorizar' }).click();
    await admin.getByText('El vehículo ha sido autorizado').first().waitFor();
    await gtoRow.waitFor({ state: 'detached' });
    const pendingRow = admin.getByRole('row').filter({ hasText: 'SNT-204-A' });
    await pendingRow.getByRole('link', { name: 'SNT-204-A' }).click();
    await admin.getByRole('heading', { name: 'Vehículo SNT-204-A' }).waitFor();
    // Rejecting asks for a reason.
    await admin.getByRole('button', { name: 'Rechazar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Rechazar vehículo' }).click();
    await admin.getByText('La razón del rechazo es requerida').waitFor();
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await admin.getByRole('button', { name: 'Autorizar' }).click();
    await admin.getByText('El vehículo ha sido autorizado').first().waitFor();
    await admin.locator('[data-status-icon="check"]').first().waitFor();
    await screenshotsAtBothWidths(admin, 'vehicles-detail-authorized');
    expect((await prisma().vehicle.findFirstOrThrow({ where: { plate: 'SNT-204-A' } })).authorizedAt).not.toBeNull();
    // The resident's new vehicle: its appointment marked completed.
    await admin.goto(`${env.base}/neighborhood/vehicles/${vehicle.id}`);
    const appointment = admin.getByTestId('vehicle-appointment');
    await appointment.getByRole('button', { name: 'Marcar como completada' }).click();
    await admin.getByText('La cita ha sido marcada como completada').first().waitFor();
    await expect.poll(async () => (await prisma().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } })).inspectedAt).not.toBeNull();
    await admin.goto(`${env.base}/neighborhood/defaulter/vehicles`);
    await admin.getByRole('heading', { name: 'Vehículos con adeudo' }).waitFor();
    await screenshot(admin, 'vehicles-defaulters');
    // The administration registers a vehicle for a house it finds by its cadastral key.
    const quintero = await prisma().vehicle.findFirstOrThrow({ where: { plate: 'QRO-650-M' }, include: { house: true } });
    await admin.goto(`${env.base}/neighborhood/vehicles/form`);
    await admin.getByRole('heading', { name: 'Registrar vehículo' }).waitFor();
    await admin.getByPlaceholder('Clave catastral, número o propietario').fill(quintero.house.catastral!);
    await admin.getByRole('option').first().click();
    await admin.getByTestId('vehicle-house').waitFor();
    await admin.getByRole('textbox', { name: /^Placas/ }).fill('QRO-777-Z');
    await admin.getByRole('combobox', { name: /^Tipo de tag/ }).click();
    // The administration is not offered «No tengo tag».
    expect(await admin.getByRole('option', { name: 'No tengo tag' }).count()).toBe(0);
    await admin.getByRole('option', { name: 'TAG IAVE' }).click();
    await admin.getByRole('textbox', { name: /^Número de tag/ }).fill('IMDM-4400127');
    await admin.getByRole('button', { name: 'Registrar vehículo' }).click();
    await admin.getByText('El vehículo ha sido registrado').first().waitFor();
    await admin.waitForURL(/\/schedule$|\/neighborhood\/vehicles$/);
    expect(await prisma().vehicle.findFirstOrThrow({ where: { plate: 'QRO-777-Z' } })).toMatchObject({ houseId: quintero.houseId, tagTypeId: 3 });

    // The guard, on a phone: plates from 3 letters or digits, the vehicle's house, owner and status, and a comment.
    const guard = await phone('seguridad@demo.mx');
    pages.push(guard);
    await guard.goto(`${env.base}/vehicle/security`);
    await guard.getByRole('heading', { name: 'Consulta de placas' }).waitFor();
    await guard.getByTestId('plate-search').fill('um');
    await guard.getByText('Escribe al menos 3 letras o números de las placas.').waitFor();
    await guard.getByTestId('plate-search').fill('umn9');
    const suv = await prisma().vehicle.findFirstOrThrow({ where: { plate: 'UMN-915-B' } });
    const card = guard.getByTestId('plate-results').getByTestId(`plate-vehicle-${suv.id}`);
    await card.getByText('Patricia', { exact: false }).first().waitFor();
    await card.getByRole('textbox', { name: 'Agregar comentario' }).fill('Entró sin tag a las 22:10; se le pidió registrarlo.');
    await card.getByRole('button', { name: 'Agregar comentario' }).click();
    await guard.getByText('El comentario ha sido agregado').first().waitFor();
    await card.getByText('Entró sin tag a las 22:10; se le pidió registrarlo.').waitFor();
    await phoneShot(guard, 'vehicles-security');
    expect(await prisma().vehicleComment.count({ where: { vehicleId: suv.id, comment: { startsWith: 'Entró sin tag' } } })).toBe(1);

    // The appointment's public page, signed out.
    const visitor = await env.newPage();
    pages.push(visitor);
    await visitor.setViewportSize({ width: 375, height: 812 });
    const suvSpace = await prisma().revisionPointSpace.findFirstOrThrow({ where: { vehicleId: suv.id } });
    await visitor.goto(`${env.base}/los_olivos/cita-vehicular/${suvSpace.code}`);
    await visitor.getByTestId('revision-space-code').getByText(suvSpace.code).waitFor();
    await visitor.getByText('UMN-915-B', { exact: false }).first().waitFor();
    await phoneShot(visitor, 'vehicles-public');
  }, 180_000);
});

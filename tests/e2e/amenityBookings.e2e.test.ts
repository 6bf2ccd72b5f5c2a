// Booking a common area in the browser (issue 29): an owner books two hours of the Salón and pays its two
// receipts by card while a second owner's open grid of the same week turns the slots taken without a reload;
// the booking is confirmed; the administrator returns its deposit from the community's reservations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, localInstant } from '../../core/amenitySlots.js';
import { formatPesos, money } from '../../core/money.js';
import { gatewayFee } from '../../core/payments.js';
import { todayIn } from '../../core/receipts.js';
import { screenshotsAtBothWidths, signInToShell, startBrowserEnv, type BrowserEnv } from './browser.js';

let env: BrowserEnv;
let olivosId: number;
let houseId: number;
let salonId: number;
let neighbour: string;
const TZ = 'America/Mexico_City';
// A week past the demo's bookings (two weeks around today), all of it in the future.
const DAY = addDays(todayIn(TZ), 10);
const prisma = () => env.t.app.db.prisma;

beforeAll(async () => {
  env = await startBrowserEnv();
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  houseId = (
    await prisma().membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } })
  ).houseId!;
  salonId = (await prisma().amenity.findFirstOrThrow({ where: { neighborhoodId: olivosId, name: 'Salón de usos múltiples' } })).id;
  // The owner of an open house in the middle of the list (the demo's bookings use the ones after the tenth).
  const other = await prisma().membership.findFirstOrThrow({
    where: { neighborhoodId: olivosId, active: true, role: { kind: 'OWNER' }, house: { status: 'ACTIVE' }, user: { email: { startsWith: 'vecino' } } },
    orderBy: { houseId: 'asc' },
    skip: 4,
    include: { user: true },
  });
  neighbour = other.user.email;
});
afterAll(() => env?.close());

/** The booking grid of the Salón, opened on DAY's week. */
async function openGrid(page: Page) {
  await page.goto(`${env.base}/houses/schedule-amenity?amenity=${salonId}&from=${DAY}`);
  await page.getByTestId('amenity-week').waitFor();
}

const slot = (page: Page, time: string) => page.getByTestId('amenity-week').getByRole('button', { name: new RegExp(`${time} a .*`) });

async function payByCard(page: Page, receiptId: number, amount: string) {
  await page.goto(`${env.base}/houses/${houseId}/receipts/${receiptId}`);
  const panel = page.getByTestId('pay-receipt');
  await panel.waitFor();
  const savedChoice = panel.getByRole('radio', { name: 'Nueva tarjeta' });
  if (await savedChoice.count()) await savedChoice.check();
  await panel.getByLabel('Número de tarjeta').fill('4111111111111111');
  await panel.getByLabel('Nombre del titular').fill('Patricia Ruiz Méndez');
  await panel.getByRole('combobox', { name: 'Mes', exact: true }).click();
  await page.getByRole('option', { name: '12', exact: true }).click();
  await panel.getByRole('combobox', { name: 'Año', exact: true }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear() + 4), exact: true }).click();
  await panel.getByLabel('CVV').fill('123');
  await panel.getByRole('checkbox', { name: 'Acepto los Términos y condiciones y las Políticas de privacidad' }).check();
  const total = formatPesos(money(amount).plus(gatewayFee('CARD', amount)));
  await panel.getByRole('button', { name: `Pagar ${total}` }).click();
  await page.getByRole('heading', { name: 'Pago completado' }).waitFor();
}

describe('amenity bookings in the browser', () => {
  it('an owner books and pays while a neighbour’s open grid shows the slots taken; the administrator returns the deposit', async () => {
    const other = await env.newPage();
    await signInToShell(other, env.base, neighbour);
    await openGrid(other);
    const otherTen = slot(other, '10:00').first();
    await expect.poll(() => otherTen.getAttribute('data-slot')).toBe('free');

    const page = await env.newPage();
    await signInToShell(page, env.base, 'propietario@demo.mx');
    await page.locator('nav[data-menu-group="property"]').getByRole('link', { name: 'Reservar espacio común' }).click();
    await page.getByRole('heading', { name: 'Reservar espacio común' }).waitFor();
    await openGrid(page);
    await screenshotsAtBothWidths(page, 'amenity-schedule');
    // Ten and eleven on DAY: the first day shown.
    const day = page.getByTestId('amenity-week').getByRole('region').first();
    await day.getByRole('button', { name: /10:00 a/ }).click();
    await day.getByRole('button', { name: /11:00 a/ }).click();
    await page.getByText(`Total: ${formatPesos('2600.00')}`).waitFor();
    await page.getByRole('button', { name: 'Reservar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar reservación' });
    await dialog.getByLabel('Notas').fill('Comida de cumpleaños');
    await dialog.getByRole('button', { name: 'Confirmar reservación' }).click();
    const result = page.getByTestId('booking-result');
    await result.getByText(/pendiente de pago/).waitFor();
    await screenshotsAtBothWidths(page, 'amenity-booked');

    // The neighbour's grid turns the two hours taken, without a reload.
    await expect.poll(() => otherTen.getAttribute('data-slot'), { timeout: 5000 }).toBe('taken');
    expect(await slot(other, '11:00').first().getAttribute('data-slot')).toBe('taken');

    const booking = await prisma().amenitySchedule.findFirstOrThrow({
      where: { houseId, amenityId: salonId, start: localInstant(DAY, '10:00', TZ) },
    });
    expect(booking).toMatchObject({ status: 'HELD', end: localInstant(DAY, '12:00', TZ), notes: 'Comida de cumpleaños' });
    await result.getByRole('link', { name: 'Pagar', exact: true }).click();
    await page.waitForURL(`**/houses/${houseId}/receipts/${booking.receiptId}`);
    await payByCard(page, booking.receiptId!, '1600.00');
    await payByCard(page, booking.depositReceiptId!, '1000.00');
    expect((await prisma().amenitySchedule.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe('CONFIRMED');

    await page.goto(`${env.base}/houses/scheduled-amenities`);
    await page.getByRole('heading', { name: 'Mis reservaciones' }).waitFor();
    const mine = page.getByRole('row', { name: /Comida de cumpleaños/ });
    await mine.getByText('Confirmada').waitFor();
    await screenshotsAtBothWidths(page, 'amenity-my-bookings');

    // The administrator gives the deposit back from the community's reservations.
    const admin = await env.newPage();
    await signInToShell(admin, env.base, 'admin@demo.mx');
    await admin.locator('nav[data-menu-group="administration"]').getByRole('link', { name: 'Reservaciones' }).click();
    await admin.getByRole('heading', { name: 'Reservaciones de espacios comunes' }).waitFor();
    const row = admin.getByRole('row', { name: /Comida de cumpleaños/ });
    await screenshotsAtBothWidths(admin, 'amenity-community-bookings');
    await row.getByRole('button', { name: 'Devolver depósito' }).click();
    await admin.getByRole('dialog', { name: 'Devolver depósito' }).getByRole('button', { name: 'Devolver depósito' }).click();
    await admin.getByText('El depósito ha sido devuelto', { exact: false }).first().waitFor();
    await row.getByText(/^Devuelto/).waitFor();
    expect(await row.getByRole('button', { name: 'Devolver depósito' }).count()).toBe(0);
    const entry = await prisma().ledgerEntry.findFirstOrThrow({ where: { houseId, kind: 'DEPOSIT_RETURNED', receiptId: booking.depositReceiptId } });
    expect(money(entry.amount).toFixed(2)).toBe('1000.00');
  });
});

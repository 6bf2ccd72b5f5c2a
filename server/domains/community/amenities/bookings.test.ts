// Amenity bookings through the real GraphQL and REST handlers on a real database (issue 29): what a house may
// book, a week of slots, a free booking confirmed at once, a charged one held with its receipts and
// confirmed by their payment or cancelled when its hold runs out (no debt left), twenty houses racing for one
// slot, cancellation, grants and other communities.
import { createServer, type Server } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localInstant } from '../../../../core/amenitySlots.js';
import { money, sumMoney } from '../../../../core/money.js';
import { todayIn } from '../../../../core/receipts.js';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';
import { systemContext } from '../../../kernel/context.js';
import { expireHold, HOLD_HOURS } from './bookings.js';

let t: TestApp;
let admin: string;
let owner: string;
let security: string;
let olivosId: number;
let ownHouseId: number;
let salonId: number;
let albercaId: number;
let houses: number[];
const TZ = 'America/Mexico_City';
const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const prisma = () => t.app.db.prisma;
// A day far enough ahead that every slot of it is in the future, and clear of the demo's bookings (two weeks around today).
const DAY = addDays(todayIn(TZ), 21);
const at = (time: string, d = DAY) => localInstant(d, time, TZ).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, security] = await Promise.all(['admin@demo.mx', 'propietario@demo.mx', 'seguridad@demo.mx'].map((e) => t.signIn(e)));
  olivosId = (await prisma().neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } })).id;
  ownHouseId = (
    await prisma().membership.findFirstOrThrow({ where: { user: { email: 'propietario@demo.mx' }, neighborhoodId: olivosId, houseId: { not: null } } })
  ).houseId!;
  salonId = (await prisma().amenity.findFirstOrThrow({ where: { neighborhoodId: olivosId, name: 'Salón de usos múltiples' } })).id;
  albercaId = (await prisma().amenity.findFirstOrThrow({ where: { neighborhoodId: olivosId, name: 'Alberca' } })).id;
  houses = (
    await prisma().house.findMany({ where: { neighborhoodId: olivosId, status: 'ACTIVE', id: { not: ownHouseId } }, orderBy: { id: 'asc' }, take: 20 })
  ).map((h) => h.id);
}, 120_000);
afterAll(() => t.close());

const BOOK = `mutation($input: BookAmenityInput!) { bookAmenity(input: $input) { __typename
  ... on MutationBookAmenitySuccess { data { message booking { databaseId status holdUntil receiptDatabaseId depositReceiptDatabaseId houseDatabaseId } } }
  ... on Error { code message } ... on InputError { issues { field message } } } }`;

async function book(input: Record<string, unknown>, token = owner) {
  const { body } = await t.gql(BOOK, { input: { unit: 'HOUR', amenityId: gid('Amenity', salonId), ...input } }, { token });
  return body.data?.bookAmenity ?? body;
}

async function ordinaryBalance(houseId: number) {
  const wallet = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'ORDINARY' }, orderBy: { id: 'asc' } });
  const entries = await prisma().ledgerEntry.findMany({ where: { houseId, walletId: wallet.id } });
  return { wallet, balance: sumMoney(entries.map((e) => e.amount)) };
}

describe('what a house may book', () => {
  it('lists the enabled amenities with schedule_allowed, and the debt rule’s refusal in the spec’s words', async () => {
    const list = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities`, undefined, { token: owner });
    expect(list.status).toBe(200);
    const salon = list.body.amenities.find((a: any) => a.id === salonId);
    expect(salon).toMatchObject({ name: 'Salón de usos múltiples', cost: '800.00', deposit: '1000.00', from: '09:00', to: '22:00', reservation_unit: 'HOUR' });
    expect(typeof salon.schedule_allowed).toBe('boolean');

    const { wallet, balance } = await ordinaryBalance(ownHouseId);
    await prisma().amenity.update({ where: { id: salonId }, data: { maxOrdinaryDebt: balance.plus(1).toFixed(2) } });
    try {
      const refused = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities`, undefined, { token: owner });
      const limited = refused.body.amenities.find((a: any) => a.id === salonId);
      expect(limited.schedule_allowed).toBe(false);
      expect(limited.schedule_refusal).toMatch(/^(Para reservar este espacio común tienes que disponer de al menos|No puedes reservar)/);
      const attempt = await book({ start: at('10:00'), end: at('11:00') });
      expect(attempt).toMatchObject({ __typename: 'ConflictError', message: limited.schedule_refusal });
    } finally {
      await prisma().amenity.update({ where: { id: salonId }, data: { maxOrdinaryDebt: null } });
    }
    void wallet;
  });

  it('a guard has no amenity grants; another house’s amenities are refused to an owner', async () => {
    const guard = await t.gql(`{ houseAmenities { databaseId } }`, {}, { token: security });
    expect(guard.body.data?.houseAmenities ?? null).toBeNull();
    const foreign = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${houses[0]}/amenities`, undefined, { token: owner });
    expect(foreign.status).toBe(403);
  });
});

describe('booking', () => {
  it('a free amenity (by the day, owners only) is confirmed at once and its slot shows as mine, taken for others', async () => {
    const albercaDay = addDays(DAY, 1);
    const booked = await book({
      amenityId: gid('Amenity', albercaId),
      unit: 'DAY',
      start: at('08:00', albercaDay),
      end: at('20:00', albercaDay),
      notes: 'Cumpleaños',
    });
    expect(booked.data).toMatchObject({ message: 'La reservación ha sido registrada', booking: { status: 'CONFIRMED', receiptDatabaseId: null } });
    const mine = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities/${albercaId}?from=${albercaDay}`, undefined, { token: owner });
    expect(mine.status).toBe(200);
    expect(mine.body.from).toBe(albercaDay);
    expect(mine.body.slots[0]).toMatchObject({ start_date: at('08:00', albercaDay), unit: 'DAY', available: false, mine: true });
    expect(mine.body.slots).toHaveLength(7);
    const others = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${houses[0]}/amenities/${albercaId}?from=${albercaDay}`, undefined, { token: admin });
    expect(others.body.slots[0]).toMatchObject({ available: false, mine: false, schedule: null });
    // The same slot again: taken.
    const again = await book({ amenityId: gid('Amenity', albercaId), unit: 'DAY', start: at('08:00', albercaDay), end: at('20:00', albercaDay) });
    expect(again).toMatchObject({ __typename: 'ConflictError', message: 'El horario pudo ser apartado por alguien más, intenta nuevamente' });
  });

  it('refuses slots that are not the amenity’s: off the hour, outside its hours, another unit, past', async () => {
    expect((await book({ start: at('10:30'), end: at('11:30') })).__typename).toBe('InputError');
    expect((await book({ start: at('07:00'), end: at('08:00') })).__typename).toBe('InputError');
    expect((await book({ unit: 'DAY', start: at('09:00'), end: at('22:00') })).__typename).toBe('InputError');
    const yesterday = addDays(todayIn(TZ), -1);
    expect((await book({ start: at('10:00', yesterday), end: at('11:00', yesterday) })).__typename).toBe('InputError');
    expect((await book({ start: 'mañana', end: at('11:00') })).__typename).toBe('InputError');
  });

  it('a charged booking is held with its receipts (cost per hour, deposit) and confirmed when they are paid', async () => {
    const held = await book({ start: at('12:00'), end: at('14:00') });
    expect(held.data.message).toBe(`La reservación está pendiente de pago: págala en las próximas ${HOLD_HOURS} horas o se cancelará`);
    const booking = held.data.booking;
    expect(booking.status).toBe('HELD');
    const receipts = await prisma().receipt.findMany({
      where: { id: { in: [booking.receiptDatabaseId, booking.depositReceiptDatabaseId] } },
      include: { incomeConcept: true },
    });
    expect(receipts.map((r) => [r.incomeConcept.systemKey, money(r.amount).toFixed(2), r.status])).toEqual([
      ['AMENITY', '1600.00', 'NEW'],
      ['AMENITY_DEPOSIT', '1000.00', 'NEW'],
    ]);
    // Paid with the wallet, one after the other: confirmed with the second.
    const extraordinary = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
    const fund = await t.gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
      { input: { houseId: gid('House', ownHouseId), walletId: extraordinary.id, amount: '2600.00', reason: 'Depósito para la reservación' } },
      { token: admin },
    );
    expect(fund.body.data.adjustHouseBalance.__typename).toBe('MutationAdjustHouseBalanceSuccess');
    for (const r of receipts) {
      const { body } = await t.gql(
        `mutation($input: PayReceiptWithWalletInput!) { payReceiptWithWallet(input: $input) { __typename ... on Error { message } } }`,
        { input: { receiptId: gid('Receipt', r.id) } },
        { token: owner },
      );
      expect(body.data.payReceiptWithWallet.__typename, JSON.stringify(body)).toBe('MutationPayReceiptWithWalletSuccess');
      const status = (await prisma().amenitySchedule.findUniqueOrThrow({ where: { id: booking.databaseId } })).status;
      expect(status).toBe(r === receipts[0] ? 'HELD' : 'CONFIRMED');
    }
    // The hold's job finds it confirmed and leaves it.
    expect(await expireHold(systemContext(t.app), booking.databaseId, new Date(Date.now() + (HOLD_HOURS + 1) * 3_600_000))).toBe(false);
    // Paid: the owner no longer cancels it.
    const { body } = await t.gql(
      `mutation($input: CancelAmenityBookingInput!) { cancelAmenityBooking(input: $input) { __typename ... on Error { message } } }`,
      { input: { bookingId: gid('AmenityBooking', booking.databaseId) } },
      { token: owner },
    );
    expect(body.data.cancelAmenityBooking).toEqual({
      __typename: 'ConflictError',
      message: 'La reservación ya fue pagada: solo la administración puede cancelarla',
    });
  });

  it('an unpaid hold is cancelled when its time is up, its receipts deleted without leaving a debt', async () => {
    const before = await ordinaryBalance(ownHouseId);
    const held = (await book({ start: at('15:00'), end: at('16:00') })).data.booking;
    const holdUntil = new Date(held.holdUntil);
    expect(holdUntil.getTime() - Date.now()).toBeGreaterThan((HOLD_HOURS - 0.1) * 3_600_000);
    // Not before its time.
    expect(await expireHold(systemContext(t.app), held.databaseId, new Date(holdUntil.getTime() - 1000))).toBe(false);
    expect(await expireHold(systemContext(t.app), held.databaseId, new Date(holdUntil.getTime() + 1000))).toBe(true);
    const row = await prisma().amenitySchedule.findUniqueOrThrow({ where: { id: held.databaseId } });
    expect(row.status).toBe('CANCELLED');
    const receipts = await prisma().receipt.findMany({ where: { id: { in: [held.receiptDatabaseId, held.depositReceiptDatabaseId] } } });
    expect(receipts.every((r) => r.deletedAt !== null)).toBe(true);
    expect((await ordinaryBalance(ownHouseId)).balance.toFixed(2)).toBe(before.balance.toFixed(2));
    expect(await prisma().ledgerEntry.count({ where: { receiptId: { in: receipts.map((r) => r.id) } } })).toBe(0);
    // The slot is free again.
    const again = await book({ start: at('15:00'), end: at('16:00') });
    expect(again.data.booking.status).toBe('HELD');
  });

  it('a hold whose booking receipt was paid in time is confirmed when its time is up, its deposit still due', async () => {
    const held = (await book({ start: at('09:00'), end: at('10:00') })).data.booking;
    const extraordinary = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
    await t.gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
      { input: { houseId: gid('House', ownHouseId), walletId: extraordinary.id, amount: '800.00', reason: 'Pago de la reservación' } },
      { token: admin },
    );
    const paid = await t.gql(
      `mutation($input: PayReceiptWithWalletInput!) { payReceiptWithWallet(input: $input) { __typename } }`,
      { input: { receiptId: gid('Receipt', held.receiptDatabaseId) } },
      { token: owner },
    );
    expect(paid.body.data.payReceiptWithWallet.__typename).toBe('MutationPayReceiptWithWalletSuccess');
    expect(await expireHold(systemContext(t.app), held.databaseId, new Date(new Date(held.holdUntil).getTime() + 1000))).toBe(true);
    expect((await prisma().amenitySchedule.findUniqueOrThrow({ where: { id: held.databaseId } })).status).toBe('CONFIRMED');
    const deposit = await prisma().receipt.findUniqueOrThrow({ where: { id: held.depositReceiptDatabaseId } });
    expect([deposit.status, deposit.deletedAt]).toEqual(['NEW', null]);
  });

  it('paid in the last minute of its hold: confirmed, and the hold’s job leaves it; a payment racing the expiry never loses money', async () => {
    const extraordinary = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
    const fund = (amount: string) =>
      t.gql(
        `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
        { input: { houseId: gid('House', ownHouseId), walletId: extraordinary.id, amount, reason: 'Pago de la reservación' } },
        { token: admin },
      );
    const pay = (receiptId: number) =>
      t.gql(
        `mutation($input: PayReceiptWithWalletInput!) { payReceiptWithWallet(input: $input) { __typename ... on Error { message } } }`,
        { input: { receiptId: gid('Receipt', receiptId) } },
        { token: owner },
      );
    // Three hours and fifty-nine minutes later (the clock moved by the hold's own column): one minute left.
    const late = (await book({ start: at('14:00'), end: at('15:00') })).data.booking;
    const oneMinuteLeft = new Date(Date.now() + 60_000);
    await prisma().amenitySchedule.update({ where: { id: late.databaseId }, data: { holdUntil: oneMinuteLeft } });
    await fund('1800.00');
    for (const id of [late.receiptDatabaseId, late.depositReceiptDatabaseId])
      expect((await pay(id)).body.data.payReceiptWithWallet.__typename).toBe('MutationPayReceiptWithWalletSuccess');
    expect(await expireHold(systemContext(t.app), late.databaseId, new Date(oneMinuteLeft.getTime() + 1000))).toBe(false);
    expect((await prisma().amenitySchedule.findUniqueOrThrow({ where: { id: late.databaseId } })).status).toBe('CONFIRMED');

    // The booking's receipt paid at the very moment the job runs: either the payment lands first and the booking
    // is confirmed (its deposit still due), or the hold ends first, its receipts go and the payment is refused.
    const raced = (await book({ start: at('17:00'), end: at('18:00') })).data.booking;
    await fund('800.00');
    const [paid] = await Promise.all([
      pay(raced.receiptDatabaseId),
      expireHold(systemContext(t.app), raced.databaseId, new Date(new Date(raced.holdUntil).getTime() + 1000)),
    ]);
    const row = await prisma().amenitySchedule.findUniqueOrThrow({ where: { id: raced.databaseId } });
    const receipt = await prisma().receipt.findUniqueOrThrow({ where: { id: raced.receiptDatabaseId } });
    const entries = await prisma().ledgerEntry.count({ where: { receiptId: raced.receiptDatabaseId } });
    if (paid.body.data.payReceiptWithWallet.__typename === 'MutationPayReceiptWithWalletSuccess') {
      expect([row.status, receipt.status, receipt.deletedAt]).toEqual(['CONFIRMED', 'PAID', null]);
      expect(entries).toBeGreaterThan(0);
    } else {
      expect(row.status).toBe('CANCELLED');
      expect(receipt.deletedAt).not.toBeNull();
      expect(entries).toBe(0);
    }
  });

  it('a free amenity by the day books several whole days in one booking; one overlapping them is refused', async () => {
    const [d1, d2, d3, d4] = [4, 5, 6, 7].map((n) => addDays(DAY, n));
    const two = await book({ amenityId: gid('Amenity', albercaId), unit: 'DAY', start: at('08:00', d1), end: at('20:00', d2) });
    expect(two.data.booking.status).toBe('CONFIRMED');
    const apart = await book({ amenityId: gid('Amenity', albercaId), unit: 'DAY', start: at('08:00', d3), end: at('20:00', d4) });
    expect(apart.data.booking.status).toBe('CONFIRMED');
    const overlapping = await book({ amenityId: gid('Amenity', albercaId), unit: 'DAY', start: at('08:00', d2), end: at('20:00', d3) });
    expect(overlapping).toMatchObject({ __typename: 'ConflictError' });
  });

  it('a held booking’s receipt is not deleted behind its back; a job run early looks again at the hold’s time; NUL in notes is refused', async () => {
    const held = (await book({ start: at('16:00'), end: at('17:00') })).data.booking;
    const { body } = await t.gql(
      `mutation($input: DeleteReceiptInput!) { deleteReceipt(input: $input) { __typename ... on Error { message } } }`,
      { input: { receiptId: gid('Receipt', held.receiptDatabaseId) } },
      { token: admin },
    );
    expect(body.data.deleteReceipt).toEqual({
      __typename: 'ConflictError',
      message: 'El recibo es de una reservación vigente: cancela la reservación antes de eliminarlo o quitar su pago',
    });
    const jobs = () => prisma().job.count({ where: { kind: 'amenities.expireHold', payload: { path: ['bookingId'], equals: held.databaseId } } });
    const before = await jobs();
    expect(await expireHold(systemContext(t.app), held.databaseId, new Date(new Date(held.holdUntil).getTime() - 60_000))).toBe(false);
    expect(await jobs()).toBe(before + 1);
    // Refused before it reaches the database (the input armor, or the notes' own check): never a 500.
    const nul = await t.gql(
      BOOK,
      { input: { unit: 'HOUR', amenityId: gid('Amenity', salonId), start: at('17:00'), end: at('18:00'), notes: 'fiesta\u0000' } },
      { token: owner },
    );
    expect(nul.status).toBeLessThan(500);
    expect(nul.body.data?.bookAmenity?.__typename ?? nul.body.errors?.[0]?.extensions?.code).toMatch(/InputError|BAD_USER_INPUT|BAD_REQUEST/);
  });

  it('twenty houses booking one slot at once: exactly one wins, the others get a clear 409', async () => {
    const results = await Promise.all(houses.map((houseId) => book({ houseId: gid('House', houseId), start: at('18:00'), end: at('19:00') }, admin)));
    const won = results.filter((r) => r.__typename === 'MutationBookAmenitySuccess');
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.__typename !== 'MutationBookAmenitySuccess'))
      expect(r).toMatchObject({ __typename: 'ConflictError', message: 'El horario pudo ser apartado por alguien más, intenta nuevamente' });
    expect(await prisma().amenitySchedule.count({ where: { amenityId: salonId, start: new Date(at('18:00')), status: { not: 'CANCELLED' } } })).toBe(1);
  });
});

describe('cancelling', () => {
  it('its author cancels a future held booking (its receipts go); other houses and guards cannot; a cancelled one is not cancelled twice', async () => {
    const held = (await book({ start: at('20:00'), end: at('21:00') })).data.booking;
    const other = await t.rest('DELETE', `/neighborhoods/${olivosId}/houses/${houses[1]}/amenities-schedules/${held.databaseId}`, undefined, { token: admin });
    expect(other.status).toBe(404);
    const guard = await t.gql(
      `mutation($input: CancelAmenityBookingInput!) { cancelAmenityBooking(input: $input) { __typename } }`,
      { input: { bookingId: gid('AmenityBooking', held.databaseId) } },
      { token: security },
    );
    expect(guard.body.data?.cancelAmenityBooking ?? null).toBeNull();
    const done = await t.rest('DELETE', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities-schedules/${held.databaseId}`, undefined, { token: owner });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'La reservación ha sido eliminada', schedule: { id: held.databaseId, status: 'CANCELLED' } });
    expect((await prisma().receipt.findUniqueOrThrow({ where: { id: held.receiptDatabaseId } })).deletedAt).not.toBeNull();
    const twice = await t.rest('DELETE', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities-schedules/${held.databaseId}`, undefined, { token: owner });
    expect(twice.status).toBe(409);
  });

  it('the same administrator, signed in to another community, does not find the booking nor the house', async () => {
    const held = (await book({ start: at('21:00'), end: at('22:00') })).data.booking;
    const torreAdmin = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const { body } = await t.gql(
      `mutation($input: CancelAmenityBookingInput!) { cancelAmenityBooking(input: $input) { __typename ... on Error { message } } }`,
      { input: { bookingId: gid('AmenityBooking', held.databaseId) } },
      { token: torreAdmin },
    );
    expect(body.data.cancelAmenityBooking).toEqual({ __typename: 'NotFoundError', message: 'La reservación no existe' });
    const slots = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities/${salonId}`, undefined, { token: torreAdmin });
    expect(slots.status).toBeGreaterThanOrEqual(400);
    expect((await prisma().amenitySchedule.findUniqueOrThrow({ where: { id: held.databaseId } })).status).toBe('HELD');
  });
});

describe('reservation lists', () => {
  it('a house lists its own, the administration the community’s (filtered by house and amenity), one by id, refusals', async () => {
    const mine = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities-schedules?page_size=50`, undefined, { token: owner });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThanOrEqual(4);
    expect(mine.body.content.every((b: any) => b.id_house === ownHouseId)).toBe(true);
    const first = mine.body.content[0];
    expect(first).toMatchObject({
      amenity: { name: expect.any(String) },
      house: { id: ownHouseId, label: expect.any(String) },
      user: { name: expect.any(String) },
    });
    // Newest first.
    expect(mine.body.content.map((b: any) => b.id)).toEqual([...mine.body.content.map((b: any) => b.id)].sort((a: number, b: number) => b - a));

    const one = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities-schedules/${first.id}`, undefined, { token: owner });
    expect(one.body).toMatchObject({ id: first.id, status: first.status });
    const foreign = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${houses[0]}/amenities-schedules`, undefined, { token: owner });
    expect(foreign.status).toBe(403);
    const community = await t.rest('GET', `/neighborhoods/${olivosId}/amenities/schedules`, undefined, { token: owner });
    expect(community.status).toBe(403);

    const all = await t.rest('GET', `/neighborhoods/${olivosId}/amenities/schedules?page_size=100&id_amenity=${salonId}`, undefined, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.content.every((b: any) => b.id_amenity === salonId)).toBe(true);
    expect(new Set(all.body.content.map((b: any) => b.id_house)).size).toBeGreaterThan(1);
    const ofHouse = await t.rest('GET', `/neighborhoods/${olivosId}/amenities/schedules?id_house=${ownHouseId}`, undefined, { token: admin });
    expect(ofHouse.body.content.every((b: any) => b.id_house === ownHouseId)).toBe(true);
    const later = await t.rest('GET', `/neighborhoods/${olivosId}/amenities/schedules?from=${addDays(DAY, 60)}`, undefined, { token: admin });
    expect(later.body).toEqual({ total: 0, content: [] });
    const missing = await t.rest('GET', `/neighborhoods/${olivosId}/amenities/schedules/999999`, undefined, { token: admin });
    expect(missing.status).toBe(404);

    // The administration cancels from its list.
    const held = (await book({ start: at('11:00'), end: at('12:00') })).data.booking;
    const cancelled = await t.rest('DELETE', `/neighborhoods/${olivosId}/amenities/schedules/${held.databaseId}`, undefined, { token: admin });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.schedule.status).toBe('CANCELLED');
  });
});

describe('returning a deposit, live', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(createServerAdapter(t.app.fetch));
    t.app.attachWebsocket(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  });
  const clients: ReturnType<typeof createClient>[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** An open grid of the Salón (signed in with `token`): the events it receives, in order. */
  function openGrid(token: string, amenityId = gid('Amenity', salonId)) {
    const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true });
    clients.push(client);
    const events: any[] = [];
    const failures: any[] = [];
    client.subscribe(
      { query: 'subscription($id: ID!) { amenitySlotsChanged(amenityId: $id) { amenityDatabaseId kind at } }', variables: { id: amenityId } },
      { next: (v) => (v.errors ? failures.push(v.errors) : events.push(v.data?.amenitySlotsChanged)), error: (e) => failures.push(e), complete: () => {} },
    );
    return { client, events, failures };
  }
  const until = async (check: () => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; !check() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 25));
    return check();
  };

  const LIST = `query($filter: AmenityBookingFilter) { amenityBookings(first: 1, filter: $filter) { edges { node {
    status amount paid depositAmount depositPaid depositReturnedAt depositReturnEntryDatabaseId canCancel canReturnDeposit } } } }`;
  const RETURN = `mutation($input: ReturnAmenityDepositInput!) { returnAmenityDeposit(input: $input) { __typename
    ... on MutationReturnAmenityDepositSuccess { data { message booking { depositReturnedAt canReturnDeposit amenityName houseLabel } } }
    ... on Error { message } } }`;

  it('a second grid sees the booking and its payment live; the administration returns the paid deposit once, as a ledger entry', async () => {
    const other = await t.signIn('inquilino@demo.mx');
    const grid = openGrid(other);
    const guardGrid = openGrid(security);
    const foreign = openGrid(await t.signIn('admin@demo.mx', { domain: 'torre_azul' }));
    expect(await until(() => guardGrid.failures.length + foreign.failures.length === 2)).toBe(true);

    const held = await book({ start: at('19:00'), end: at('20:00') });
    const booking = held.data.booking;
    // The answer names what the lists name.
    const answer = await t.gql(
      `mutation($input: BookAmenityInput!) { bookAmenity(input: $input) { ... on MutationBookAmenitySuccess { data { booking { amenityName houseLabel userName amount paid depositAmount canCancel canReturnDeposit } } } } }`,
      { input: { unit: 'HOUR', amenityId: gid('Amenity', salonId), start: at('10:00'), end: at('11:00') } },
      { token: owner },
    );
    expect(answer.body.data.bookAmenity.data.booking).toMatchObject({
      amenityName: 'Salón de usos múltiples',
      houseLabel: expect.any(String),
      userName: expect.any(String),
      amount: '800.00',
      paid: false,
      depositAmount: '1000.00',
      canCancel: true,
      canReturnDeposit: false,
    });
    expect(await until(() => grid.events.length >= 2)).toBe(true);
    expect(grid.events.slice(0, 2).map((e) => [e.amenityDatabaseId, e.kind])).toEqual([
      [salonId, 'BOOKED'],
      [salonId, 'BOOKED'],
    ]);

    const filter = { bookingId: gid('AmenityBooking', booking.databaseId) };
    const node = async (token = admin) => (await t.gql(LIST, { filter }, { token })).body.data.amenityBookings.edges[0].node;
    // Nothing to return before it is paid.
    const early = await t.gql(RETURN, { input: { bookingId: gid('AmenityBooking', booking.databaseId) } }, { token: admin });
    expect(early.body.data.returnAmenityDeposit).toEqual({ __typename: 'ConflictError', message: 'No se devolvió el depósito: aún no ha sido pagado' });

    const extraordinary = await prisma().wallet.findFirstOrThrow({ where: { neighborhoodId: olivosId, type: 'EXTRAORDINARY' } });
    await t.gql(
      `mutation($input: AdjustHouseBalanceInput!) { adjustHouseBalance(input: $input) { __typename } }`,
      { input: { houseId: gid('House', ownHouseId), walletId: extraordinary.id, amount: '1800.00', reason: 'Pago de la reservación' } },
      { token: admin },
    );
    // The deposit first: still held, its deposit is not given back yet (else the hold could be paid with it).
    for (const id of [booking.depositReceiptDatabaseId, booking.receiptDatabaseId]) {
      const { body } = await t.gql(
        `mutation($input: PayReceiptWithWalletInput!) { payReceiptWithWallet(input: $input) { __typename } }`,
        { input: { receiptId: gid('Receipt', id) } },
        { token: owner },
      );
      expect(body.data.payReceiptWithWallet.__typename).toBe('MutationPayReceiptWithWalletSuccess');
      if (id === booking.depositReceiptDatabaseId) {
        expect(await node()).toMatchObject({ status: 'HELD', depositPaid: true, canReturnDeposit: false });
        const held = await t.gql(RETURN, { input: { bookingId: gid('AmenityBooking', booking.databaseId) } }, { token: admin });
        expect(held.body.data.returnAmenityDeposit).toEqual({
          __typename: 'ConflictError',
          message: 'No se devolvió el depósito: la reservación sigue pendiente de pago',
        });
      }
    }
    expect(await until(() => grid.events.some((e) => e.kind === 'CONFIRMED'))).toBe(true);
    expect(await node()).toMatchObject({ status: 'CONFIRMED', paid: true, depositPaid: true, canCancel: true, canReturnDeposit: true });
    // The owner may neither cancel a paid booking nor return its deposit.
    expect(await node(owner).catch(() => null)).toBeNull();
    const ownerRow = (
      await t.gql(
        `query($filter: AmenityBookingFilter) { houseAmenityBookings(first: 1, filter: $filter) { edges { node { canCancel canReturnDeposit } } } }`,
        { filter },
        { token: owner },
      )
    ).body.data.houseAmenityBookings.edges[0].node;
    expect(ownerRow).toEqual({ canCancel: false, canReturnDeposit: false });
    const byOwner = await t.rest('PATCH', `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities-schedules/${booking.databaseId}/deposit`, undefined, {
      token: owner,
    });
    expect(byOwner.status).toBe(403);

    const balanceBefore = (await prisma().ledgerEntry.findMany({ where: { houseId: ownHouseId, walletId: extraordinary.id } })).map((e) => e.amount);
    // Through another house's path: not found. Then the right one, twice at once: one returns, the other is refused.
    const wrong = await t.rest('PATCH', `/neighborhoods/${olivosId}/houses/${houses[0]}/amenities-schedules/${booking.databaseId}/deposit`, undefined, {
      token: admin,
    });
    expect(wrong.status).toBe(404);
    const path = `/neighborhoods/${olivosId}/houses/${ownHouseId}/amenities-schedules/${booking.databaseId}/deposit`;
    const both = await Promise.all([t.rest('PATCH', path, undefined, { token: admin }), t.rest('PATCH', path, undefined, { token: admin })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 200)!.body).toBe(true);
    expect(both.find((r) => r.status === 409)!.body.description).toBe('No se devolvió el depósito: ya había sido devuelto');

    const entries = await prisma().ledgerEntry.findMany({ where: { houseId: ownHouseId, kind: 'DEPOSIT_RETURNED' } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      walletId: extraordinary.id,
      receiptId: booking.depositReceiptDatabaseId,
      reason: 'Devolución del depósito de Salón de usos múltiples',
    });
    expect(money(entries[0].amount).toFixed(2)).toBe('1000.00');
    const balanceAfter = (await prisma().ledgerEntry.findMany({ where: { houseId: ownHouseId, walletId: extraordinary.id } })).map((e) => e.amount);
    expect(sumMoney(balanceAfter).minus(sumMoney(balanceBefore)).toFixed(2)).toBe('1000.00');
    expect(await node()).toMatchObject({ depositReturnEntryDatabaseId: String(entries[0].id), canReturnDeposit: false, depositReturnedAt: expect.any(String) });
    const legacy = await t.rest('GET', `/neighborhoods/${olivosId}/amenities/schedules/${booking.databaseId}`, undefined, { token: admin });
    expect(legacy.body).toMatchObject({
      id_deposit_transaction: Number(entries[0].id),
      receipt: { id: booking.receiptDatabaseId, amount: '800.00', receipt_payment_status: 'PAID', receipt_payment_method: 'WALLET' },
      deposit: { amount: '1000.00', paid: true },
    });
    expect(await until(() => grid.events.some((e) => e.kind === 'DEPOSIT_RETURNED'))).toBe(true);
    // The house's statement shows it as a credit; the transactions list names it.
    const statement = await t.rest('GET', `/neighborhoods/${olivosId}/houses/${ownHouseId}/statement`, undefined, { token: admin });
    expect(JSON.stringify(statement.body)).toContain('Devolución del depósito de Salón de usos múltiples');

    // Cancelled afterwards by the administration, its returned deposit's receipt is neither deleted nor unpaid.
    const cancel = await t.gql(
      `mutation($input: CancelAmenityBookingInput!) { cancelAmenityBooking(input: $input) { __typename ... on Error { message } } }`,
      { input: { bookingId: gid('AmenityBooking', booking.databaseId) } },
      { token: admin },
    );
    expect(cancel.body.data.cancelAmenityBooking.__typename).toBe('MutationCancelAmenityBookingSuccess');
    const removed = await t.gql(
      `mutation($input: RemoveReceiptWalletPaymentInput!) { removeReceiptWalletPayment(input: $input) { __typename ... on Error { message } } }`,
      { input: { receiptId: gid('Receipt', booking.depositReceiptDatabaseId) } },
      { token: admin },
    );
    expect(removed.body.data.removeReceiptWalletPayment).toEqual({
      __typename: 'ConflictError',
      message: 'El depósito de este recibo ya fue devuelto al saldo de la propiedad: su pago no se puede quitar ni el recibo eliminar',
    });

    // A free booking has no deposit to return.
    const free = (await book({ amenityId: gid('Amenity', albercaId), unit: 'DAY', start: at('08:00', addDays(DAY, 9)), end: at('20:00', addDays(DAY, 9)) }))
      .data.booking;
    const none = await t.gql(RETURN, { input: { bookingId: gid('AmenityBooking', free.databaseId) } }, { token: admin });
    expect(none.body.data.returnAmenityDeposit).toEqual({
      __typename: 'ConflictError',
      message: 'No se devolvió el depósito: la reservación no tiene depósito',
    });
    // Another community's administrator does not find it.
    const torre = await t.signIn('admin@demo.mx', { domain: 'torre_azul' });
    const elsewhere = await t.gql(RETURN, { input: { bookingId: gid('AmenityBooking', booking.databaseId) } }, { token: torre });
    expect(elsewhere.body.data?.returnAmenityDeposit?.__typename ?? 'refused').toMatch(/NotFoundError|refused/);
  });
});

describe('the demo', () => {
  it('has bookings in every state around today, made through the app: held, confirmed, paid, cancelled, expired, deposit returned', async () => {
    const rows = await prisma().amenitySchedule.findMany({
      where: { neighborhoodId: olivosId, createdAt: { lt: new Date(Date.now() + 60_000) }, start: { lt: new Date(at('00:00', addDays(todayIn(TZ), 14))) } },
      include: { receipt: true, depositReceipt: true, amenity: true },
      orderBy: { id: 'asc' },
    });
    const demo = rows.filter((r) => r.start < new Date(at('00:00', addDays(todayIn(TZ), 8))));
    const states = new Set(
      demo.map((r) =>
        r.depositReturnedAt
          ? 'deposit returned'
          : r.status === 'CONFIRMED' && r.receipt?.status === 'PAID'
            ? 'paid'
            : r.status === 'CONFIRMED'
              ? 'confirmed'
              : r.status === 'CANCELLED' && r.cancelledByUserId
                ? 'cancelled'
                : r.status === 'CANCELLED'
                  ? 'expired'
                  : 'held',
      ),
    );
    expect([...states].sort()).toEqual(['cancelled', 'confirmed', 'deposit returned', 'expired', 'held', 'paid']);
    expect(demo.some((r) => r.start < new Date()) && demo.some((r) => r.start > new Date())).toBe(true);
    // Every returned deposit is a ledger entry; cancelled and expired bookings left no receipt standing.
    for (const r of demo.filter((b) => b.depositReturnedAt))
      expect(await prisma().ledgerEntry.count({ where: { id: r.depositReturnEntryId!, kind: 'DEPOSIT_RETURNED' } })).toBe(1);
    for (const r of demo.filter((b) => b.status === 'CANCELLED'))
      expect([r.receipt?.deletedAt, r.depositReceipt?.deletedAt].every((d) => d != null)).toBe(true);
    // The administration's list shows them, with a deposit it may return.
    const list = await t.gql(`{ amenityBookings(first: 50) { totalCount edges { node { status canReturnDeposit amenityName } } } }`, {}, { token: admin });
    expect(list.body.data.amenityBookings.edges.some((e: any) => e.node.canReturnDeposit)).toBe(true);
  });
});

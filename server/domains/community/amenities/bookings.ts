// Booking amenities (issue 29; spec 3 sections 3, 6 and 7): what a house may book (schedule_allowed), the
// week of slots it sees, and the booking itself. A booking with a cost while COBRANZA is on issues its
// receipts (AMENITY, and AMENITY_DEPOSIT when the amenity keeps a deposit) through the receivables door and
// holds the slots HOLD_HOURS; paying them confirms it ("receipt.paid"), and a job cancels an unpaid hold on
// time, its receipts deleted without leaving a debt. Without COBRANZA or a cost it is confirmed at once.
// Bookings of one amenity never overlap: they are checked and written under the amenity's row lock.
import { depositAllowed } from '../../../../core/amenities.js';
import { addDays, firstSlotDay, localInstant, scheduleRefusal, SLOT_DAYS, weekSlots } from '../../../../core/amenitySlots.js';
import { formatMoney, money } from '../../../../core/money.js';
import { todayIn } from '../../../../core/receipts.js';
import { holdsAny, houseInReach, reachesHouse, targetHouse } from '../../../auth/houseScope.js';
import type { AmenitySchedule, ReservationUnit } from '../../../db/generated/client.js';
import { defineJob, enqueueJob } from '../../../infra/jobs.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError, reason } from '../../../kernel/errors.js';
import { subscribe } from '../../../kernel/events.js';
import { lockRow, lockRows } from '../../../kernel/locks.js';
import { scopeOfTx, write, type WriteScope } from '../../../kernel/write.js';
import type { AmenitySlotsEvent } from '../../../infra/pubsub.js';
import { parseInput } from '../../../kernel/input.js';
import { boundedText } from '../../../../core/input.js';
import { z } from 'zod';
import { issueOne, remove, returnToBalance } from '../../money/receivables/receipts/door.js';
import { lockHouse, ordinaryWallet, walletBalance } from '../../money/receivables/ledger/service.js';
import { sql } from 'kysely';

/** House people book for their own house; the administration for any house (spec 3 section 8). */
export const BOOKING_HOUSE_CREATORS = ['OAmenitiesScheduleCreate', 'SAmenitiesScheduleCreate', 'RAmenitiesScheduleCreate'] as const;
export const BOOKING_ADMIN_CREATORS = ['AAmenitiesScheduleCreate'] as const;
export const BOOKING_HOUSE_DELETERS = ['OAmenitiesScheduleDelete', 'SAmenitiesScheduleDelete', 'RAmenitiesScheduleDelete'] as const;
export const BOOKING_ADMIN_DELETERS = ['AAmenitiesScheduleDelete'] as const;
/** The community's reservations (and any house's) are read with AAmenitiesScheduleRead. */
export const BOOKING_ADMIN_READERS = ['AAmenitiesScheduleRead', 'AAmenitiesScheduleCreate', 'AAmenitiesScheduleDelete'] as const;
export const BOOKING_READERS = [...BOOKING_ADMIN_READERS, ...BOOKING_HOUSE_CREATORS, ...BOOKING_HOUSE_DELETERS] as const;
/** The community's reservation list: AAmenitiesScheduleRead alone (it shows every house's people and notes). */
export const BOOKING_LIST_READERS = ['AAmenitiesScheduleRead'] as const;
/** Giving a paid deposit back (spec 3 section 8: A only). */
export const DEPOSIT_RETURNERS = ['AAmenitiesDepositReturn'] as const;

/** An unpaid booking holds its slots this long (spec 3 section 9: "paid within 4 hours"). */
export const HOLD_HOURS = 4;
export const EXPIRE_HOLD_JOB = 'amenities.expireHold';

export const BOOKING_RESULT_MESSAGES = {
  confirmed: 'La reservación ha sido registrada',
  held: `La reservación está pendiente de pago: págala en las próximas ${HOLD_HOURS} horas o se cancelará`,
  cancelled: 'La reservación ha sido eliminada',
  depositReturned: 'El depósito ha sido devuelto al saldo a favor de la propiedad',
} as const;

/** Tells the amenity's open grids and lists, after commit, that its bookings changed. */
function announceSlots(
  scope: Pick<WriteScope, 'afterCommit'>,
  pubsub: ServiceContext['pubsub'] | undefined,
  amenityId: number,
  kind: AmenitySlotsEvent['kind'],
) {
  if (pubsub) scope.afterCommit(() => pubsub.publish('amenity:slots', amenityId, { amenityId, kind, at: new Date() }));
}

const HOUR = 3_600_000;

type AmenityRow = {
  id: number;
  neighborhoodId: number;
  name: string;
  cost: unknown;
  deposit: unknown;
  fromTime: string;
  toTime: string;
  maxOrdinaryDebt: unknown;
  reservationUnit: 'HOUR' | 'DAY';
  availableFrom: Date | null;
  availableTo: Date | null;
  ownersOnly: boolean;
  receiptConceptId: number | null;
  enabled: boolean;
};

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const text = (v: unknown) => (v == null ? null : String(v));

async function community(ctx: Pick<ServiceContext, 'prisma'>, neighborhoodId: number) {
  return ctx.prisma.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { timeZone: true, modules: true } });
}

async function amenityOf(db: Pick<Tx, 'amenity'>, neighborhoodId: number, amenityId: number): Promise<AmenityRow> {
  const amenity = await db.amenity.findFirst({ where: { id: amenityId, neighborhoodId, deletedAt: null } });
  if (!amenity) throw new NotFoundError('AMENITY_NOT_FOUND');
  return amenity as AmenityRow;
}

/** The house's ORDINARY balance (positive in its favour) and whether the actor books as its owner. */
async function bookingHouse(
  ctx: ServiceContext,
  db: Tx | ServiceContext['prisma'],
  house: { id: number; neighborhoodId: number; ownerUserId: number | null; asAdmin: boolean },
) {
  const wallet = await ordinaryWallet(db, house.neighborhoodId);
  const balance = wallet ? await walletBalance(db as Tx, house.id, wallet.id) : money(0);
  const owner = house.asAdmin || house.ownerUserId === actorOf(ctx).userId;
  return { owner, ordinaryBalance: balance };
}

export interface HouseAmenity {
  amenity: AmenityRow;
  /** Why this house may not book it now (schedule_allowed false), or null. */
  refusal: string | null;
  /** The amenity keeps its deposit (the debt rule did not remove it). */
  depositCharged: boolean;
}

/** The community's enabled amenities as a house sees them, each with schedule_allowed and its refusal. */
export async function houseAmenities(ctx: ServiceContext, houseId: number | null): Promise<HouseAmenity[]> {
  const house = await targetHouse(ctx, houseId, BOOKING_ADMIN_READERS, 'FOREIGN_HOUSE');
  const [amenities, n, booking] = await Promise.all([
    ctx.prisma.amenity.findMany({ where: { neighborhoodId: house.neighborhoodId, deletedAt: null, enabled: true }, orderBy: { name: 'asc' } }),
    community(ctx, house.neighborhoodId),
    bookingHouse(ctx, ctx.prisma, house),
  ]);
  const today = todayIn(n.timeZone);
  return amenities.map((a) => ({
    amenity: a as AmenityRow,
    refusal: scheduleRefusal(
      {
        enabled: a.enabled,
        ownersOnly: a.ownersOnly,
        maxOrdinaryDebt: text(a.maxOrdinaryDebt),
        availableFrom: day(a.availableFrom),
        availableTo: day(a.availableTo),
      },
      booking,
      today,
    ),
    depositCharged: depositAllowed(text(a.maxOrdinaryDebt)),
  }));
}

/** Seven days of an amenity's slots for a house, from `asked` (YYYY-MM-DD) or today, with its taken and own slots. */
export async function amenitySlots(ctx: ServiceContext, houseId: number | null, amenityId: number, asked: string | null, now = new Date()) {
  const neighborhoodId = communityOf(ctx);
  const reachable = houseInReach(ctx, houseId, BOOKING_ADMIN_READERS, 'FOREIGN_HOUSE');
  // The week's bookings are read with the house and the amenity, over days wide enough for any zone's today
  // (two days either side of UTC's); read again when the amenity opens later than that.
  const utcToday = now.toISOString().slice(0, 10);
  const around = asked && asked > utcToday ? asked : utcToday;
  const wide = { from: addDays(around, -2), to: addDays(around, SLOT_DAYS + 2) };
  const { house, amenity, bookings: nearby } = await slotsRead(ctx, neighborhoodId, reachable, amenityId, wide);
  const today = todayIn(amenity.timeZone, now);
  const first = firstSlotDay(asked, amenity, today);
  const window = { from: addDays(first, -1), to: addDays(first, SLOT_DAYS + 1) };
  const bookings = window.from >= wide.from && window.to <= wide.to ? nearby : await weekBookings(ctx, amenityId, window);
  return { amenity, ...weekSlots(amenity, { asked, today, now, timeZone: amenity.timeZone, houseId: house.id }, bookings) };
}

interface SlotsRow {
  house: { id: number } | null;
  amenity: {
    id: number;
    fromTime: string;
    toTime: string;
    reservationUnit: ReservationUnit;
    timeZone: string;
    availableFrom: string | null;
    availableTo: string | null;
  } | null;
  bookings: { id: number; houseId: number; start: string; end: string }[];
}

/**
 * The house (of the community, not deleted), the amenity with what its slots need and the community's time
 * zone, and its standing bookings overlapping the days from..to (UTC midnights), in one statement.
 */
async function slotsRead(ctx: ServiceContext, neighborhoodId: number, houseId: number, amenityId: number, days: { from: string; to: string }) {
  const { rows } = await sql<SlotsRow>`
    SELECT (SELECT json_build_object('id', h.id) FROM "House" h
             WHERE h.id = ${houseId} AND h."neighborhoodId" = ${neighborhoodId} AND h.status <> 'DELETED') AS house,
           (SELECT json_build_object('id', a.id, 'fromTime', a."fromTime", 'toTime', a."toTime", 'reservationUnit', a."reservationUnit",
                                     'timeZone', n."timeZone", 'availableFrom', to_char(a."availableFrom", 'YYYY-MM-DD'),
                                     'availableTo', to_char(a."availableTo", 'YYYY-MM-DD'))
              FROM "Amenity" a JOIN "Neighborhood" n ON n.id = a."neighborhoodId"
             WHERE a.id = ${amenityId} AND a."neighborhoodId" = ${neighborhoodId} AND a."deletedAt" IS NULL) AS amenity,
           (SELECT coalesce(json_agg(json_build_object('id', s.id, 'houseId', s."houseId", 'start', s."start", 'end', s."end")), '[]')
              FROM "AmenitySchedule" s
             WHERE s."amenityId" = ${amenityId} AND s.status <> 'CANCELLED'
               AND s."start" < ${`${days.to} 00:00:00`}::timestamp AND s."end" > ${`${days.from} 00:00:00`}::timestamp) AS bookings`.execute(ctx.db.kysely);
  const { house, amenity, bookings } = rows[0];
  if (!house) throw new NotFoundError('HOUSE_NOT_FOUND');
  if (!amenity) throw new NotFoundError('AMENITY_NOT_FOUND');
  // Timestamps are stored as UTC wall time: JSON writes them without a zone.
  return {
    house,
    amenity,
    bookings: bookings.map((b) => ({ id: b.id, houseId: b.houseId, start: new Date(`${b.start}Z`), end: new Date(`${b.end}Z`) })),
  };
}

/** An amenity's standing bookings that overlap the days from..to (UTC midnights, a superset of the local days). */
function weekBookings(ctx: ServiceContext, amenityId: number, days: { from: string; to: string }) {
  // Timestamps are stored as UTC wall time: compared with UTC text, read back as instants.
  return ctx.db.kysely
    .selectFrom('AmenitySchedule')
    .select(['id', 'houseId', sql<Date>`"start" AT TIME ZONE 'UTC'`.as('start'), sql<Date>`"end" AT TIME ZONE 'UTC'`.as('end')])
    .where('amenityId', '=', amenityId)
    .where('status', '<>', 'CANCELLED')
    .where(sql<boolean>`"start" < ${`${days.to} 00:00:00`}::timestamp AND "end" > ${`${days.from} 00:00:00`}::timestamp`)
    .execute();
}

const NotesSchema = z.object({ notes: boundedText(500, 'Las notas').nullable() });

export interface BookingInput {
  amenityId: number;
  start: Date;
  end: Date;
  unit: 'HOUR' | 'DAY';
  notes?: string | null;
}

export interface BookingOutcome {
  booking: ListedBooking;
  message: string;
}

/**
 * Books whole slots of an amenity for a house: the slots must be ones the week shows (same unit), free and
 * not begun. A booking with a cost while COBRANZA is on is HELD with its receipts; otherwise CONFIRMED.
 */
export async function bookAmenity(
  ctx: ServiceContext,
  houseId: number | null,
  input: BookingInput,
  idempotencyKey?: string | null,
  now = new Date(),
): Promise<BookingOutcome> {
  const actor = actorOf(ctx);
  const house = await targetHouse(ctx, houseId, BOOKING_ADMIN_CREATORS, 'FOREIGN_HOUSE');
  if (!house.asAdmin && !holdsAny(ctx, BOOKING_HOUSE_CREATORS)) throw new ForbiddenError();
  const notes = parseInput(NotesSchema, { notes: input.notes ?? null }).notes || null;
  if (!(input.start < input.end)) throw new InputError([{ field: 'end', message: 'El fin de la reservación debe ser posterior a su inicio' }]);
  const n = await community(ctx, house.neighborhoodId);
  const request = { operation: 'bookAmenity', input: { houseId: house.id, ...input, start: input.start.toISOString(), end: input.end.toISOString() } };
  const done = await write(ctx, { idempotencyKey, request, rowLocks: true }, async ({ tx, audit, afterCommit }) => {
    if (!(await lockRow(tx, 'Amenity', input.amenityId, { neighborhoodId: house.neighborhoodId }))) throw new NotFoundError('AMENITY_NOT_FOUND');
    const amenity = await amenityOf(tx, house.neighborhoodId, input.amenityId);
    const today = todayIn(n.timeZone, now);
    const refusal = scheduleRefusal(
      { ...amenity, maxOrdinaryDebt: text(amenity.maxOrdinaryDebt), availableFrom: day(amenity.availableFrom), availableTo: day(amenity.availableTo) },
      await bookingHouse(ctx, tx, house),
      today,
    );
    if (refusal) throw new ConflictError(reason('AMENITY_BOOKING_REFUSED', { refusal }));
    if (input.unit !== amenity.reservationUnit) throw new InputError([{ field: 'unit', message: 'La unidad no es la del espacio común' }]);
    // The slots asked for, as the week that contains them shows them.
    const startDay = todayIn(n.timeZone, input.start);
    const shape = { ...amenity, availableFrom: day(amenity.availableFrom), availableTo: day(amenity.availableTo) };
    const taken = await tx.amenitySchedule.findMany({
      where: { amenityId: amenity.id, status: { not: 'CANCELLED' }, start: { lt: input.end }, end: { gt: input.start } },
      select: { id: true, start: true, end: true, houseId: true },
    });
    const week = weekSlots(shape, { asked: startDay, today, now, timeZone: n.timeZone, houseId: house.id }, taken);
    const inside = week.days.map((d, index) => ({ index, slots: d.slots.filter((s) => s.start >= input.start && s.end <= input.end) }));
    const slots = inside.flatMap((d) => d.slots);
    const covered = slots.length > 0 && slots[0].start.getTime() === input.start.getTime() && slots[slots.length - 1].end.getTime() === input.end.getTime();
    // HOUR: one after another within a day; DAY: whole days one after another.
    const daysUsed = inside.filter((d) => d.slots.length).map((d) => d.index);
    const contiguous =
      amenity.reservationUnit === 'DAY'
        ? daysUsed.every((d, i) => i === 0 || d === daysUsed[i - 1] + 1)
        : daysUsed.length === 1 && slots.every((s, i) => i === 0 || slots[i - 1].end.getTime() === s.start.getTime());
    if (!covered || !contiguous) throw new InputError([{ field: 'start', message: 'Elige horarios disponibles del espacio común' }]);
    if (slots.some((s) => s.bookingId !== null)) throw new ConflictError('AMENITY_SLOT_TAKEN');
    if (slots.some((s) => !s.available)) throw new InputError([{ field: 'start', message: 'El horario ya pasó' }]);

    const charged = n.modules.includes('COBRANZA') && amenity.cost != null && money(String(amenity.cost)).greaterThan(0);
    const booking = await tx.amenitySchedule.create({
      data: {
        neighborhoodId: house.neighborhoodId,
        amenityId: amenity.id,
        houseId: house.id,
        userId: actor.userId,
        start: input.start,
        end: input.end,
        unit: input.unit,
        notes,
        status: charged ? 'HELD' : 'CONFIRMED',
        holdUntil: charged ? new Date(now.getTime() + HOLD_HOURS * HOUR) : null,
        createdAt: now,
      },
    });
    let result = booking;
    if (charged) {
      const cost = money(String(amenity.cost)).times(slots.length);
      const deposit = amenity.deposit != null && depositAllowed(text(amenity.maxOrdinaryDebt)) ? money(String(amenity.deposit)) : null;
      const label = `${amenity.name} · ${startDay}`;
      const receipt = await bookingReceipt(tx, house, amenity.receiptConceptId, 'AMENITY', `Reservación ${label}`, formatMoney(cost), today);
      const depositReceipt = deposit?.greaterThan(0)
        ? await bookingReceipt(tx, house, null, 'AMENITY_DEPOSIT', `Depósito ${label}`, formatMoney(deposit), today)
        : null;
      result = await tx.amenitySchedule.update({ where: { id: booking.id }, data: { receiptId: receipt.id, depositReceiptId: depositReceipt?.id ?? null } });
      await enqueueJob(tx, {
        kind: EXPIRE_HOLD_JOB,
        payload: { bookingId: booking.id },
        runAt: booking.holdUntil!,
        uniqueKey: `${EXPIRE_HOLD_JOB}:${booking.id}`,
      });
    }
    await audit({
      action: 'BOOK',
      entity: 'AmenitySchedule',
      entityId: booking.id,
      data: { amenityId: amenity.id, houseId: house.id, start: input.start.toISOString(), end: input.end.toISOString(), status: result.status },
    });
    announceSlots({ afterCommit }, ctx.pubsub, amenity.id, 'BOOKED');
    return { bookingId: result.id, message: charged ? BOOKING_RESULT_MESSAGES.held : BOOKING_RESULT_MESSAGES.confirmed };
  });
  return { booking: await readBooking(ctx, done.bookingId), message: done.message };
}

/** A booking's receipt: the amenity's concept (else the community's AMENITY one), due today, in that concept's wallet. */
async function bookingReceipt(
  tx: Tx,
  house: { id: number; neighborhoodId: number },
  conceptId: number | null,
  systemKey: 'AMENITY' | 'AMENITY_DEPOSIT',
  description: string,
  amount: string,
  today: string,
) {
  const concept =
    (conceptId ? await tx.incomeConcept.findFirst({ where: { id: conceptId, neighborhoodId: house.neighborhoodId } }) : null) ??
    (await tx.incomeConcept.findFirst({ where: { neighborhoodId: house.neighborhoodId, systemKey } }));
  if (!concept) throw new ConflictError('AMENITY_CONCEPT_MISSING');
  const [y, m] = today.split('-').map(Number);
  return issueOne(tx, {
    neighborhoodId: house.neighborhoodId,
    houseId: house.id,
    incomeConceptId: concept.id,
    walletId: concept.walletId,
    description: description.slice(0, 200),
    year: y,
    month: m,
    dueDate: new Date(`${today}T00:00:00Z`),
    sourceAmount: amount,
    amount,
  });
}

/** Paying a held booking's receipts confirms it (inside the paying transaction). */
async function confirmWhenPaid(tx: Tx, receiptId: number) {
  const booking = await tx.amenitySchedule.findFirst({ where: { OR: [{ receiptId }, { depositReceiptId: receiptId }], status: 'HELD' } });
  if (!booking) return;
  const ids = [booking.receiptId, booking.depositReceiptId].filter((id): id is number => id !== null);
  const unpaid = await tx.receipt.count({ where: { id: { in: ids }, status: { not: 'PAID' } } });
  if (unpaid) return;
  await tx.amenitySchedule.updateMany({ where: { id: booking.id, status: 'HELD' }, data: { status: 'CONFIRMED', holdUntil: null } });
  const scope = scopeOfTx(tx);
  if (scope) announceSlots(scope, scope.pubsub, booking.amenityId, 'CONFIRMED');
}

subscribe('receipt.paid', (tx, receipt) => confirmWhenPaid(tx, receipt.id));

/**
 * A receipt of a booking that has not been cancelled is neither deleted nor has its payment undone: the booking
 * is cancelled first (its receipts go with it), so a booking is never confirmed without its payment nor held
 * on a receipt that is gone.
 */
subscribe('receipt.undoing', async (tx, { receiptId }) => {
  const booking = await tx.amenitySchedule.count({ where: { OR: [{ receiptId }, { depositReceiptId: receiptId }], status: { not: 'CANCELLED' } } });
  if (booking) throw new ConflictError('AMENITY_BOOKING_RECEIPT');
  // A deposit given back already stays paid: undoing its payment would hand the money back twice.
  if (await tx.amenitySchedule.count({ where: { depositReceiptId: receiptId, depositReturnedAt: { not: null } } }))
    throw new ConflictError('AMENITY_DEPOSIT_RECEIPT_RETURNED');
});

/** A hold waiting on a payment under way looks again this long after (its payment settles it, or the next look). */
const RECHECK_MS = 15 * 60_000;

/**
 * A booking's house, then the booking, then its receipts, locked in the order every payment takes them
 * (the house first): a payment and an expiry or cancellation of the same booking never cross.
 */
async function lockBooking(tx: Tx, bookingId: number, neighborhoodId?: number) {
  const found = await tx.amenitySchedule.findFirst({ where: { id: bookingId, ...(neighborhoodId ? { neighborhoodId } : {}) }, select: { houseId: true } });
  if (!found) return null;
  await lockHouse(tx, found.houseId);
  await lockRow(tx, 'AmenitySchedule', bookingId);
  const booking = await tx.amenitySchedule.findUniqueOrThrow({ where: { id: bookingId }, include: { house: { select: { ownerUserId: true } } } });
  const ids = [booking.receiptId, booking.depositReceiptId].filter((id): id is number => id !== null);
  await lockRows(tx, 'Receipt', ids);
  const receipts = await tx.receipt.findMany({ where: { id: { in: ids } } });
  const paid = (id: number | null) => receipts.some((r) => r.id === id && r.status === 'PAID' && !r.deletedAt);
  return { booking, receipts, paid };
}

/**
 * A hold whose time is up: when its booking receipt was paid the booking is confirmed (what is left of it, the
 * deposit's receipt, stays due); otherwise it is cancelled and its unpaid receipts deleted, leaving no debt. A
 * payment under way (or in review) is given time: the job looks again later. Answers whether it ended the hold.
 */
export async function expireHold(ctx: Pick<ServiceContext, 'prisma' | 'db' | 'actor' | 'ip' | 'pubsub'>, bookingId: number, now = new Date()) {
  return write({ ...ctx, actor: null }, { rowLocks: true }, async ({ tx, audit, afterCommit }) => {
    const locked = await lockBooking(tx, bookingId);
    if (!locked) return false;
    const { booking, receipts, paid } = locked;
    if (booking.status !== 'HELD' || !booking.holdUntil) return false;
    const recheck = (at: Date) =>
      enqueueJob(tx, { kind: EXPIRE_HOLD_JOB, payload: { bookingId }, runAt: at, uniqueKey: `${EXPIRE_HOLD_JOB}:${bookingId}:${at.getTime()}` });
    if (booking.holdUntil > now) {
      await recheck(booking.holdUntil);
      return false;
    }
    const open = receipts.filter((r) => !r.deletedAt && r.status !== 'PAID');
    if (open.some((r) => r.status === 'IN_PROGRESS' || r.status === 'REVIEW')) {
      await recheck(new Date(now.getTime() + RECHECK_MS));
      return false;
    }
    if (booking.receiptId !== null && paid(booking.receiptId)) {
      await tx.amenitySchedule.update({ where: { id: booking.id }, data: { status: 'CONFIRMED', holdUntil: null } });
      announceSlots({ afterCommit }, ctx.pubsub, booking.amenityId, 'CONFIRMED');
      await audit({
        action: 'HOLD_CONFIRMED',
        entity: 'AmenitySchedule',
        entityId: booking.id,
        neighborhoodId: booking.neighborhoodId,
        data: { depositDue: open.map((r) => r.id) },
      });
      return true;
    }
    // Cancelled first: the receipts' deletion is then the cancelled booking's (the receipt.undoing rule below).
    await tx.amenitySchedule.update({ where: { id: booking.id }, data: { status: 'CANCELLED', cancelledAt: now } });
    await remove(tx, open, booking.userId, now);
    announceSlots({ afterCommit }, ctx.pubsub, booking.amenityId, 'CANCELLED');
    await audit({
      action: 'HOLD_EXPIRED',
      entity: 'AmenitySchedule',
      entityId: booking.id,
      neighborhoodId: booking.neighborhoodId,
      data: { receipts: open.map((r) => r.id) },
    });
    return true;
  });
}

defineJob(EXPIRE_HOLD_JOB, async (ctx, payload) => {
  const { bookingId } = payload as { bookingId?: unknown };
  if (!Number.isSafeInteger(bookingId) || (bookingId as number) <= 0) throw new Error(`${EXPIRE_HOLD_JOB}: bookingId inválido`);
  await expireHold(ctx, bookingId as number);
});

/**
 * Cancels a booking that has not begun: its author, the house's owner or the administration. A held booking's
 * unpaid receipts are deleted; a booking whose receipts were paid is cancelled by the administration only,
 * and its money stays in the house's wallets as paid income (docs/decisions.md «Cancelling a paid booking»).
 */
export async function cancelBooking(ctx: ServiceContext, bookingId: number, houseId: number | null, idempotencyKey?: string | null, now = new Date()) {
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  const request = { operation: 'cancelBooking', input: { bookingId, houseId } };
  const done = await write(ctx, { idempotencyKey, request, rowLocks: true }, async ({ tx, audit, afterCommit }) => {
    const locked = await lockBooking(tx, bookingId, neighborhoodId);
    if (!locked) throw new NotFoundError('AMENITY_BOOKING_NOT_FOUND');
    const { booking } = locked;
    if (houseId != null && booking.houseId !== houseId) throw new NotFoundError('AMENITY_BOOKING_NOT_FOUND');
    const asAdmin = holdsAny(ctx, BOOKING_ADMIN_DELETERS);
    if (!reachesHouse(actor, booking.houseId, BOOKING_ADMIN_DELETERS)) throw new NotFoundError('AMENITY_BOOKING_NOT_FOUND');
    if (!asAdmin && (!holdsAny(ctx, BOOKING_HOUSE_DELETERS) || (booking.userId !== actor.userId && booking.house.ownerUserId !== actor.userId)))
      throw new ForbiddenError('AMENITY_BOOKING_NOT_YOURS');
    if (booking.status === 'CANCELLED') throw new ConflictError('AMENITY_BOOKING_CANCELLED');
    if (booking.start <= now) throw new ConflictError('AMENITY_BOOKING_PAST');
    const ids = [booking.receiptId, booking.depositReceiptId].filter((id): id is number => id !== null);
    const receipts = locked.receipts.filter((r) => !r.deletedAt);
    if (receipts.some((r) => r.status === 'PAID') && !asAdmin) throw new ConflictError('AMENITY_BOOKING_PAID');
    if (receipts.some((r) => r.status === 'IN_PROGRESS' || r.status === 'REVIEW')) throw new ConflictError('AMENITY_BOOKING_PAYMENT_UNDER_WAY');
    await tx.amenitySchedule.update({ where: { id: booking.id }, data: { status: 'CANCELLED', cancelledAt: now, cancelledByUserId: actor.userId } });
    await remove(
      tx,
      receipts.filter((r) => r.status !== 'PAID'),
      actor.userId,
      now,
    );
    await audit({ action: 'CANCEL', entity: 'AmenitySchedule', entityId: booking.id, data: { houseId: booking.houseId, receipts: ids } });
    announceSlots({ afterCommit }, ctx.pubsub, booking.amenityId, 'CANCELLED');
    return { bookingId: booking.id, message: BOOKING_RESULT_MESSAGES.cancelled };
  });
  return { booking: await readBooking(ctx, done.bookingId), message: done.message };
}

/**
 * Gives a booking's paid deposit back (A only): a DEPOSIT_RETURNED ledger entry of its amount in the house's
 * favour, in the wallet its receipt was paid into (docs/decisions.md «Returning an amenity deposit»). Once.
 */
export async function returnDeposit(ctx: ServiceContext, bookingId: number, houseId: number | null, idempotencyKey?: string | null, now = new Date()) {
  const actor = actorOf(ctx);
  const neighborhoodId = communityOf(ctx);
  if (!holdsAny(ctx, DEPOSIT_RETURNERS)) throw new ForbiddenError();
  const request = { operation: 'returnAmenityDeposit', input: { bookingId, houseId } };
  const done = await write(ctx, { idempotencyKey, request, rowLocks: true }, async ({ tx, audit, afterCommit }) => {
    const locked = await lockBooking(tx, bookingId, neighborhoodId);
    if (!locked || (houseId != null && locked.booking.houseId !== houseId)) throw new NotFoundError('AMENITY_BOOKING_NOT_FOUND');
    const { booking } = locked;
    const deposit = locked.receipts.find((r) => r.id === booking.depositReceiptId);
    if (!deposit) throw new ConflictError('AMENITY_DEPOSIT_NONE');
    if (booking.depositReturnedAt) throw new ConflictError('AMENITY_DEPOSIT_RETURNED');
    if (!locked.paid(deposit.id)) throw new ConflictError('AMENITY_DEPOSIT_UNPAID');
    if (booking.status === 'HELD') throw new ConflictError('AMENITY_DEPOSIT_HELD');
    const amenity = await tx.amenity.findUniqueOrThrow({ where: { id: booking.amenityId }, select: { name: true } });
    const entryId = await returnToBalance(tx, deposit, { reason: `Devolución del depósito de ${amenity.name}`.slice(0, 200), userId: actor.userId, at: now });
    await tx.amenitySchedule.update({
      where: { id: booking.id },
      data: { depositReturnedAt: now, depositReturnedByUserId: actor.userId, depositReturnEntryId: entryId },
    });
    await audit({
      action: 'RETURN_DEPOSIT',
      entity: 'AmenitySchedule',
      entityId: booking.id,
      data: { houseId: booking.houseId, receiptId: deposit.id, amount: String(deposit.amount), entryId: String(entryId) },
    });
    announceSlots({ afterCommit }, ctx.pubsub, booking.amenityId, 'DEPOSIT_RETURNED');
    return { bookingId: booking.id, message: BOOKING_RESULT_MESSAGES.depositReturned };
  });
  return { booking: await readBooking(ctx, done.bookingId), message: done.message };
}

export interface BookingFilter {
  /** One reservation (the legacy GET of one). */
  bookingId?: number | null;
  amenityId?: number | null;
  houseId?: number | null;
  /** YYYY-MM-DD: bookings that end on or after this day begins (community time zone). */
  from?: string | null;
}

const BOOKING_RECEIPT = {
  select: {
    id: true,
    amount: true,
    status: true,
    deletedAt: true,
    paymentMethod: true,
    paymentAuthorization: true,
    paymentDate: true,
    transactionTotal: true,
  },
} as const;

/** What the lists and the mutations' answers show of a booking. */
const BOOKING_VIEW = {
  amenity: { select: { name: true } },
  house: { select: { interiorNumber: true, exteriorNumber: true, block: true, lot: true, catastral: true, ownerUserId: true } },
  user: { select: { firstName: true, lastName: true } },
  receipt: BOOKING_RECEIPT,
  depositReceipt: BOOKING_RECEIPT,
} as const;

export interface BookingReceiptView {
  id: number;
  amount: unknown;
  status: string;
  deletedAt: Date | null;
  paymentMethod: string | null;
  paymentAuthorization: string | null;
  paymentDate: Date | null;
  transactionTotal: unknown;
}

export type ListedBooking = AmenitySchedule & {
  amenity: { name: string };
  house: {
    interiorNumber: string | null;
    exteriorNumber: string | null;
    block: string | null;
    lot: string | null;
    catastral: string | null;
    ownerUserId: number | null;
  };
  user: { firstName: string; lastName: string | null };
  receipt: BookingReceiptView | null;
  depositReceipt: BookingReceiptView | null;
};

/** One booking as the lists show it (the answer of a booking's mutations). */
export function readBooking(ctx: Pick<ServiceContext, 'prisma'>, id: number): Promise<ListedBooking> {
  return ctx.prisma.amenitySchedule.findUniqueOrThrow({ where: { id }, include: BOOKING_VIEW }) as Promise<ListedBooking>;
}

export const receiptPaid = (r: BookingReceiptView | null) => !!r && r.status === 'PAID' && !r.deletedAt;

const underWay = (r: BookingReceiptView | null) => !!r && !r.deletedAt && (r.status === 'IN_PROGRESS' || r.status === 'REVIEW');

/** Whether the viewer may cancel the booking now (the rules of cancelBooking, without its locks). */
export function mayCancel(ctx: ServiceContext, b: ListedBooking, now = new Date()): boolean {
  if (!ctx.actor || b.status === 'CANCELLED' || b.start <= now || underWay(b.receipt) || underWay(b.depositReceipt)) return false;
  if (holdsAny(ctx, BOOKING_ADMIN_DELETERS) && reachesHouse(ctx.actor, b.houseId, BOOKING_ADMIN_DELETERS)) return true;
  const own = b.userId === ctx.actor.userId || b.house.ownerUserId === ctx.actor.userId;
  const paid = receiptPaid(b.receipt) || receiptPaid(b.depositReceipt);
  return own && holdsAny(ctx, BOOKING_HOUSE_DELETERS) && !paid;
}

/** Whether the viewer may give the booking's deposit back now. */
export function mayReturnDeposit(ctx: ServiceContext, b: ListedBooking): boolean {
  return holdsAny(ctx, DEPOSIT_RETURNERS) && b.status !== 'HELD' && receiptPaid(b.depositReceipt) && !b.depositReturnedAt;
}

/**
 * Reservations, newest first (by id): a house's (`houseId`, or the viewer's) for its people and the
 * administration, or the community's (`community`) for AAmenitiesScheduleRead; filtered by amenity, house
 * and from-day. Keyset pages of `page.limit` rows.
 */
export async function listBookings(
  ctx: ServiceContext,
  scope: { community: true } | { community: false; houseId: number | null },
  filter: BookingFilter,
  page: { limit: number; offset: number; after: number | null; before: number | null; backwards: boolean },
  withTotal: boolean,
): Promise<{ rows: ListedBooking[]; total?: number }> {
  const neighborhoodId = communityOf(ctx);
  let houseId = filter.houseId ?? null;
  if (!scope.community) houseId = (await targetHouse(ctx, scope.houseId, BOOKING_ADMIN_READERS, 'FOREIGN_HOUSE')).id;
  else if (!holdsAny(ctx, BOOKING_LIST_READERS)) throw new ForbiddenError();
  const n = await community(ctx, neighborhoodId);
  const where = {
    neighborhoodId,
    ...(houseId !== null ? { houseId } : {}),
    ...(filter.amenityId ? { amenityId: filter.amenityId } : {}),
    ...(filter.bookingId ? { id: filter.bookingId } : {}),
    ...(filter.from ? { end: { gt: localInstant(filter.from, '00:00', n.timeZone) } } : {}),
  };
  const keyset = page.after !== null ? { id: { lt: page.after } } : page.before !== null ? { id: { gt: page.before } } : {};
  const [rows, total] = await Promise.all([
    ctx.prisma.amenitySchedule.findMany({
      where: { ...where, ...keyset },
      orderBy: { id: page.backwards ? 'asc' : 'desc' },
      take: page.limit,
      skip: page.offset,
      include: BOOKING_VIEW,
    }),
    withTotal ? ctx.prisma.amenitySchedule.count({ where }) : Promise.resolve(undefined),
  ]);
  return { rows: rows as ListedBooking[], total };
}

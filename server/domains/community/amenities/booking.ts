// GraphQL of amenity bookings (bookings.ts): the amenities a house may book with schedule_allowed, a week of
// slots, booking and cancelling. The amenity a house sees is its own type (BookableAmenity): the Amenity
// node is the configuration, read with the C and A amenity grants only.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { money } from '../../../../core/money.js';
import { dayText } from '../../../../core/input.js';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { houseLabel, personName } from '../../../../core/houseLabel.js';
import { builder, grants, idempotencyKeyField, idPageArgs, keysetConnection, keysetPage, parseIdCursor, selectsField } from '../../../graphql/builder.js';
import type { ServiceContext } from '../../../kernel/context.js';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { communityOf } from '../../../kernel/context.js';
import type { AmenitySlotsEvent } from '../../../infra/pubsub.js';
import { idOf } from '../../../kernel/ids.js';
import { parseInput } from '../../../kernel/input.js';
import { z } from 'zod';
import { ReservationUnitEnum } from './amenity.js';
import {
  amenitySlots,
  BOOKING_ADMIN_CREATORS,
  BOOKING_ADMIN_DELETERS,
  BOOKING_HOUSE_CREATORS,
  BOOKING_HOUSE_DELETERS,
  BOOKING_READERS,
  bookAmenity,
  cancelBooking,
  BOOKING_LIST_READERS,
  DEPOSIT_RETURNERS,
  mayCancel,
  mayReturnDeposit,
  receiptPaid,
  returnDeposit,
  houseAmenities,
  listBookings,
  type HouseAmenity,
  type ListedBooking,
} from './bookings.js';

const collections = (ctx: ServiceContext) => !!ctx.actor?.modules.includes('COBRANZA');
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const decimal = (v: unknown) => (v == null ? null : String(v));

const BookableAmenityRef = builder.objectRef<HouseAmenity>('BookableAmenity').implement({
  description: 'An amenity as a house books it (spec 3 "Amenity"), with schedule_allowed for that house',
  fields: (t) => ({
    amenityId: t.id({ description: 'The Amenity global id', resolve: (a) => encodeGlobalID('Amenity', a.amenity.id) }),
    databaseId: t.int({ resolve: (a) => a.amenity.id }),
    name: t.string({ resolve: (a) => a.amenity.name }),
    description: t.string({ nullable: true, resolve: (a) => (a.amenity as { description?: string | null }).description ?? null }),
    cost: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Per reservation unit; null when free or without COBRANZA',
      resolve: (a, _x, ctx) => (collections(ctx) ? (a.amenity.cost as string | null) : null),
    }),
    deposit: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Kept per booking; null without one, without COBRANZA, or when the debt rule removes it',
      resolve: (a, _x, ctx) => (collections(ctx) && a.depositCharged ? (a.amenity.deposit as string | null) : null),
    }),
    fromTime: t.string({ description: 'Opening time, HH:mm', resolve: (a) => a.amenity.fromTime }),
    toTime: t.string({ description: 'Closing time, HH:mm', resolve: (a) => a.amenity.toTime }),
    reservationUnit: t.field({ type: ReservationUnitEnum, resolve: (a) => a.amenity.reservationUnit }),
    maxOrdinaryDebt: t.field({ type: 'Decimal', nullable: true, resolve: (a) => (a.amenity.maxOrdinaryDebt as string | null) ?? null }),
    availableFrom: t.string({ nullable: true, resolve: (a) => day(a.amenity.availableFrom) }),
    availableTo: t.string({ nullable: true, resolve: (a) => day(a.amenity.availableTo) }),
    ownersOnly: t.boolean({ resolve: (a) => a.amenity.ownersOnly }),
    enabled: t.boolean({ resolve: (a) => a.amenity.enabled }),
    scheduleAllowed: t.boolean({ description: 'Whether this house may book it now', resolve: (a) => a.refusal === null }),
    scheduleRefusal: t.string({ nullable: true, description: "Why not, in the spec's words", resolve: (a) => a.refusal }),
  }),
});

interface SlotView {
  start: Date;
  end: Date;
  unit: 'HOUR' | 'DAY';
  available: boolean;
  mine: boolean;
  bookingId: number | null;
}

const AmenitySlotRef = builder.objectRef<SlotView>('AmenitySlot').implement({
  description: 'A slot of an amenity (spec 3 "Amenity slot"): taken ones are not available; mine when the house booked it',
  fields: (t) => ({
    start: t.field({ type: 'DateTime', resolve: (s) => s.start }),
    end: t.field({ type: 'DateTime', resolve: (s) => s.end }),
    unit: t.field({ type: ReservationUnitEnum, resolve: (s) => s.unit }),
    available: t.exposeBoolean('available'),
    mine: t.exposeBoolean('mine'),
    bookingDatabaseId: t.int({ nullable: true, description: "The house's own booking that takes it", resolve: (s) => (s.mine ? s.bookingId : null) }),
  }),
});

const AmenityDayRef = builder.objectRef<{ day: string; slots: SlotView[] }>('AmenitySlotDay').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD in the community' }),
    slots: t.field({ type: [AmenitySlotRef], resolve: (d) => d.slots }),
  }),
});

const AmenityWeekRef = builder
  .objectRef<{ amenity: { id: number }; from: string; to: string; days: { day: string; slots: SlotView[] }[] }>('AmenityWeek')
  .implement({
    description: "Seven days of slots from max(from, today, the amenity's first day); page with from = to + 1 day",
    fields: (t) => ({
      amenityDatabaseId: t.int({ resolve: (w) => w.amenity.id }),
      from: t.exposeString('from'),
      to: t.exposeString('to'),
      days: t.field({ type: [AmenityDayRef], resolve: (w) => w.days }),
    }),
  });

export const AmenityBookingStatusEnum = builder.enumType('AmenityBookingStatus', {
  description: 'HELD: waiting for its receipts to be paid (holdUntil); CONFIRMED; CANCELLED',
  values: ['HELD', 'CONFIRMED', 'CANCELLED'] as const,
});

export const AmenityBookingRef = builder.objectRef<ListedBooking>('AmenityBooking').implement({
  description: 'A booking of an amenity by a house (spec 3 "Amenity schedule")',
  fields: (t) => ({
    id: t.id({ resolve: (b) => encodeGlobalID('AmenityBooking', b.id) }),
    databaseId: t.exposeInt('id'),
    amenityDatabaseId: t.exposeInt('amenityId'),
    houseDatabaseId: t.exposeInt('houseId'),
    userDatabaseId: t.exposeInt('userId'),
    status: t.field({ type: AmenityBookingStatusEnum, resolve: (b) => b.status }),
    start: t.field({ type: 'DateTime', resolve: (b) => b.start }),
    end: t.field({ type: 'DateTime', resolve: (b) => b.end }),
    unit: t.field({ type: ReservationUnitEnum, resolve: (b) => b.unit }),
    notes: t.exposeString('notes', { nullable: true }),
    holdUntil: t.field({ type: 'DateTime', nullable: true, description: 'A held booking is cancelled then unless paid', resolve: (b) => b.holdUntil }),
    receiptDatabaseId: t.exposeInt('receiptId', { nullable: true }),
    depositReceiptDatabaseId: t.exposeInt('depositReceiptId', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (b) => b.createdAt }),
    cancelledAt: t.field({ type: 'DateTime', nullable: true, resolve: (b) => b.cancelledAt }),
    amenityName: t.string({ nullable: true, description: 'Read with the lists', resolve: (b) => (b as Partial<ListedBooking>).amenity?.name ?? null }),
    houseLabel: t.string({
      nullable: true,
      resolve: (b) => {
        const house = (b as Partial<ListedBooking>).house;
        return house && 'catastral' in house ? houseLabel(house) : null;
      },
    }),
    userName: t.string({
      nullable: true,
      description: 'Who booked',
      resolve: (b) => ((b as Partial<ListedBooking>).user ? personName((b as ListedBooking).user) : null),
    }),
    amount: t.field({
      type: 'Decimal',
      nullable: true,
      description: "The booking receipt's amount; null when free",
      resolve: (b) => decimal(b.receipt?.amount),
    }),
    paid: t.boolean({ description: 'Its booking receipt is paid, or it needed none', resolve: (b) => b.receipt === null || receiptPaid(b.receipt) }),
    receiptStatus: t.string({
      nullable: true,
      description: "The booking receipt's status (NEW, PENALTY, IN_PROGRESS, REVIEW, PAID…); DELETED when it went with a cancellation",
      resolve: (b) => (b.receipt ? (b.receipt.deletedAt ? 'DELETED' : b.receipt.status) : null),
    }),
    paymentMethod: t.string({ nullable: true, resolve: (b) => (receiptPaid(b.receipt) ? b.receipt!.paymentMethod : null) }),
    paymentAuthorization: t.string({ nullable: true, resolve: (b) => (receiptPaid(b.receipt) ? b.receipt!.paymentAuthorization : null) }),
    transactionFee: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'What the payer paid above the receipt (a gateway fee added to the total)',
      resolve: (b) =>
        receiptPaid(b.receipt) && b.receipt!.transactionTotal != null
          ? money(String(b.receipt!.transactionTotal))
              .minus(money(String(b.receipt!.amount)))
              .toFixed(2)
          : null,
    }),
    paymentDate: t.field({ type: 'DateTime', nullable: true, resolve: (b) => (receiptPaid(b.receipt) ? b.receipt!.paymentDate : null) }),
    depositAmount: t.field({ type: 'Decimal', nullable: true, resolve: (b) => decimal(b.depositReceipt?.amount) }),
    depositPaid: t.boolean({ resolve: (b) => receiptPaid(b.depositReceipt) }),
    depositReturnedAt: t.field({ type: 'DateTime', nullable: true, resolve: (b) => b.depositReturnedAt }),
    depositReturnEntryDatabaseId: t.string({
      nullable: true,
      description: 'The DEPOSIT_RETURNED ledger entry (id_deposit_transaction)',
      resolve: (b) => (b.depositReturnEntryId === null ? null : String(b.depositReturnEntryId)),
    }),
    canCancel: t.boolean({ description: 'The viewer may cancel it now', resolve: (b, _x, ctx) => mayCancel(ctx, b) }),
    canReturnDeposit: t.boolean({ description: 'The viewer may give its paid deposit back', resolve: (b, _x, ctx) => mayReturnDeposit(ctx, b) }),
  }),
});

const AmenityBookingConnectionRef = builder.connectionObject({
  type: AmenityBookingRef,
  name: 'AmenityBookingConnection',
  fields: (t) => ({ totalCount: t.int({ nullable: true, resolve: (c) => (c as { totalCount?: number }).totalCount ?? null }) }),
});

const BookingFilterInput = builder.inputType('AmenityBookingFilter', {
  fields: (t) => ({
    bookingId: t.globalID({ required: false, description: 'One reservation' }),
    amenityId: t.globalID({ required: false }),
    houseId: t.globalID({ required: false, description: "The community's list only" }),
    from: t.string({ required: false, description: 'YYYY-MM-DD: reservations that end on or after that day' }),
  }),
});

function bookingList(name: string, description: string, community: boolean, grantList: readonly string[]) {
  builder.queryField(name, (t) =>
    t.field({
      type: AmenityBookingConnectionRef,
      description,
      ...grants(...(grantList as ['AAmenitiesScheduleRead'])),
      args: {
        ...(community ? {} : { houseId: t.arg.globalID({ required: false, description: "The viewer's house when omitted" }) }),
        filter: t.arg({ type: BookingFilterInput, required: false }),
        ...idPageArgs(t.arg),
      },
      resolve: async (_r, args, ctx, info) => {
        const page = keysetPage(args, parseIdCursor);
        const f = args.filter ?? {};
        const { from } = parseInput(FromDay, { from: f.from ?? null });
        const houseArg = (args as { houseId?: { typename: string; id: string } | null }).houseId;
        const { rows, total } = await listBookings(
          ctx,
          community ? { community: true } : { community: false, houseId: idOf(houseArg, 'House') },
          {
            bookingId: idOf(f.bookingId, 'AmenityBooking'),
            amenityId: idOf(f.amenityId, 'Amenity'),
            houseId: community ? idOf(f.houseId, 'House') : null,
            from: from ?? null,
          },
          page,
          selectsField(info, 'totalCount'),
        );
        return keysetConnection(rows, page, (r) => formatPrismaCursor({ id: r.id }, 'id'), total) as never;
      },
    }),
  );
}

bookingList('houseAmenityBookings', "A house's reservations, newest first (GET houses/{h}/amenities-schedules)", false, BOOKING_READERS);
bookingList('amenityBookings', "The community's reservations, newest first (GET amenities/schedules)", true, BOOKING_LIST_READERS);

builder.queryField('houseAmenities', (t) =>
  t.field({
    type: [BookableAmenityRef],
    description: "The community's enabled amenities a house may book, each with schedule_allowed (GET houses/{h}/amenities)",
    ...grants(...BOOKING_READERS),
    args: { houseId: t.arg.globalID({ required: false, description: "The viewer's house when omitted" }) },
    resolve: (_r, { houseId }, ctx) => houseAmenities(ctx, idOf(houseId, 'House')),
  }),
);

const FromDay = z.object({ from: dayText('La fecha').nullish() });

builder.queryField('amenitySlots', (t) =>
  t.field({
    type: AmenityWeekRef,
    description: "Seven days of an amenity's slots for a house (GET houses/{h}/amenities/{amenityId}?from=YYYY-MM-DD)",
    ...grants(...BOOKING_READERS),
    errors: { types: [InputError, NotFoundError] },
    args: {
      houseId: t.arg.globalID({ required: false }),
      amenityId: t.arg.globalID({ required: true }),
      from: t.arg.string({ required: false, description: 'YYYY-MM-DD; today when omitted or past' }),
    },
    resolve: (_r, args, ctx) => {
      const { from } = parseInput(FromDay, { from: args.from ?? null });
      return amenitySlots(ctx, idOf(args.houseId, 'House'), idOf(args.amenityId, 'Amenity')!, from ?? null);
    },
  }),
);

const BookingPayloadRef = builder.objectRef<{ booking: ListedBooking; message: string }>('AmenityBookingPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    booking: t.field({ type: AmenityBookingRef, resolve: (p) => p.booking }),
  }),
});

const BookingInstant = z.object({
  start: z.coerce.date({ error: 'El inicio debe ser una fecha y hora válidas' }),
  end: z.coerce.date({ error: 'El fin debe ser una fecha y hora válidas' }),
});

builder.mutationField('bookAmenity', (t) =>
  t.field({
    type: BookingPayloadRef,
    description:
      'Book whole slots of an amenity for a house; with a cost while COBRANZA is on it is HELD with its receipts for 4 hours (POST houses/{h}/amenities/{amenityId})',
    ...grants(...BOOKING_HOUSE_CREATORS, ...BOOKING_ADMIN_CREATORS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('BookAmenityInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: false, description: "The viewer's house when omitted; administrators name any" }),
            amenityId: f.globalID({ required: true }),
            start: f.string({ required: true, description: 'ISO instant of the first slot' }),
            end: f.string({ required: true, description: "ISO instant of the last slot's end" }),
            unit: f.field({ type: ReservationUnitEnum, required: true }),
            notes: f.string({ required: false }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => {
      const { start, end } = parseInput(BookingInstant, { start: input.start, end: input.end });
      return bookAmenity(
        ctx,
        idOf(input.houseId, 'House'),
        { amenityId: idOf(input.amenityId, 'Amenity')!, start, end, unit: input.unit, notes: input.notes ?? null },
        input.idempotencyKey,
      );
    },
  }),
);

builder.mutationField('cancelAmenityBooking', (t) =>
  t.field({
    type: BookingPayloadRef,
    description: "Cancel a booking that has not begun: its author, the house's owner or the administration (DELETE …/amenities-schedules/{id})",
    ...grants(...BOOKING_HOUSE_DELETERS, ...BOOKING_ADMIN_DELETERS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('CancelAmenityBookingInput', {
          fields: (f) => ({
            bookingId: f.globalID({ required: true }),
            houseId: f.globalID({ required: false, description: 'When given, the booking must be of this house (legacy paths name it)' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => cancelBooking(ctx, idOf(input.bookingId, 'AmenityBooking')!, idOf(input.houseId, 'House'), input.idempotencyKey),
  }),
);

builder.mutationField('returnAmenityDeposit', (t) =>
  t.field({
    type: BookingPayloadRef,
    description: "Give a booking's paid deposit back to the house's balance, once (PATCH …/amenities-schedules/{id}/deposit)",
    ...grants(...DEPOSIT_RETURNERS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('ReturnAmenityDepositInput', {
          fields: (f) => ({
            bookingId: f.globalID({ required: true }),
            houseId: f.globalID({ required: false, description: 'When given, the booking must be of this house (legacy paths name it)' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => returnDeposit(ctx, idOf(input.bookingId, 'AmenityBooking')!, idOf(input.houseId, 'House'), input.idempotencyKey),
  }),
);

const AmenitySlotsChangeRef = builder.objectRef<AmenitySlotsEvent>('AmenitySlotsChange').implement({
  description: 'A booking of the amenity changed: open grids and reservation lists refetch',
  fields: (t) => ({
    amenityDatabaseId: t.exposeInt('amenityId'),
    kind: t.exposeString('kind', { description: 'BOOKED, CONFIRMED, CANCELLED or DEPOSIT_RETURNED' }),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
  }),
});

builder.subscriptionField('amenitySlotsChanged', (t) =>
  t.field({
    type: AmenitySlotsChangeRef,
    description: "An amenity's bookings changed (made, paid, cancelled, expired, deposit returned)",
    authScopes: { grant: [...BOOKING_READERS] },
    directives: { grant: { any: [...BOOKING_READERS] } },
    args: { amenityId: t.arg.globalID({ required: true }) },
    subscribe: async (_root, { amenityId }, ctx) => {
      // scope-auth guards the events' resolve; refuse the subscription itself too, so it never opens.
      if (!BOOKING_READERS.some((g) => ctx.actor?.grants.has(g))) throw new ForbiddenError();
      const id = idOf(amenityId, 'Amenity')!;
      const found = await ctx.prisma.amenity.count({ where: { id, neighborhoodId: communityOf(ctx), deletedAt: null } });
      if (!found) throw new NotFoundError('AMENITY_NOT_FOUND');
      return ctx.pubsub.subscribe('amenity:slots', id);
    },
    resolve: (event) => event,
  }),
);

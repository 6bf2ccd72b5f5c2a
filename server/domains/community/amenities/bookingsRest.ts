// Legacy /api/1.0 routes of amenity bookings (spec 3 section 7, checklists/api.tsv): a house's amenities with
// schedule_allowed, a week of slots and the booking, and the cancellation of a house's booking.
import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const HOUSE = '/neighborhoods/{n}/houses/{h}';

const AMENITY = `databaseId name description cost deposit fromTime toTime reservationUnit maxOrdinaryDebt availableFrom availableTo ownersOnly enabled
  scheduleAllowed scheduleRefusal`;
const BOOKING = `databaseId amenityDatabaseId houseDatabaseId userDatabaseId status start end unit notes holdUntil receiptDatabaseId depositReceiptDatabaseId
  createdAt cancelledAt amenityName houseLabel userName amount paid receiptStatus paymentMethod paymentAuthorization transactionFee paymentDate depositAmount depositPaid depositReturnedAt
  depositReturnEntryDatabaseId`;

export function legacyBookableAmenity(a: any) {
  return {
    id: a.databaseId,
    name: a.name,
    description: a.description,
    cost: a.cost,
    deposit: a.deposit,
    from: a.fromTime,
    to: a.toTime,
    schedule_allowed: a.scheduleAllowed,
    schedule_refusal: a.scheduleRefusal,
    max_ordinary_debt: a.maxOrdinaryDebt,
    reservation_unit: a.reservationUnit,
    available_from: a.availableFrom,
    available_to: a.availableTo,
    owners_only: a.ownersOnly,
    enabled: a.enabled,
  };
}

export function legacyBooking(b: any) {
  return {
    id: b.databaseId,
    schedule_from: b.start,
    schedule_to: b.end,
    unit: b.unit,
    status: b.status,
    notes: b.notes,
    hold_until: b.holdUntil,
    amenity: { id: b.amenityDatabaseId, name: b.amenityName ?? null },
    house: { id: b.houseDatabaseId, label: b.houseLabel ?? null },
    user: { id: b.userDatabaseId, name: b.userName ?? null },
    id_amenity: b.amenityDatabaseId,
    id_house: b.houseDatabaseId,
    id_user: b.userDatabaseId,
    id_receipt: b.receiptDatabaseId,
    id_deposit_receipt: b.depositReceiptDatabaseId,
    id_deposit_transaction: b.depositReturnEntryDatabaseId === null ? null : Number(b.depositReturnEntryDatabaseId),
    receipt:
      b.receiptDatabaseId === null
        ? null
        : {
            id: b.receiptDatabaseId,
            amount: b.amount,
            transaction_fee: b.transactionFee,
            receipt_payment_status: b.receiptStatus,
            receipt_payment_method: b.paymentMethod,
            payment_authorization: b.paymentAuthorization,
            payment_date: b.paymentDate,
          },
    deposit: b.depositReceiptDatabaseId === null ? null : { amount: b.depositAmount, paid: b.depositPaid, returned_at: b.depositReturnedAt },
    created_at: b.createdAt,
    cancelled_at: b.cancelledAt,
  };
}

const slotsQuery = z.object({ from: z.string().max(10).optional() });
const bookBody = z.object({
  start_date: z.string().max(40),
  end_date: z.string().max(40),
  unit: z.enum(['HOUR', 'DAY'], { error: 'La unidad debe ser HOUR o DAY' }),
  notes: z.string().max(2000).nullish(),
});

const listQuery = legacyPageQuery.extend({
  from: z.string().max(10).optional(),
  id_amenity: z.coerce.number({ error: 'El espacio común debe ser un número' }).int().positive().max(2_147_483_647).optional(),
  id_house: z.coerce.number({ error: 'La propiedad debe ser un número' }).int().positive().max(2_147_483_647).optional(),
});

const LIST_ARGS = '$first: Int, $offset: Int, $filter: AmenityBookingFilter';
const listFilter = (query: z.infer<typeof listQuery>, community: boolean) => ({
  amenityId: query.id_amenity ? globalId('Amenity', String(query.id_amenity)) : null,
  houseId: community && query.id_house ? globalId('House', String(query.id_house)) : null,
  from: query.from ?? null,
});

/** One reservation of a list (404 when the viewer's list has none with that id). */
function oneOf(connection: any): ReturnType<typeof legacyBooking> {
  const node = connection.edges[0]?.node;
  if (!node) throw new RestError(404, 404, 'La reservación no existe');
  return legacyBooking(node);
}

export const amenityBookingRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: `${HOUSE}/amenities-schedules`,
    query: listQuery,
    operation: `query($houseId: ID, ${LIST_ARGS}) { houseAmenityBookings(houseId: $houseId, first: $first, offset: $offset, filter: $filter) {
      totalCount edges { node { ${BOOKING} } } } }`,
    variables: ({ params, query }) => ({
      houseId: globalId('House', params.h),
      first: query.page_size,
      offset: query.offset,
      filter: listFilter(query, false),
    }),
    result: (data) => ({ total: data.houseAmenityBookings.totalCount, content: data.houseAmenityBookings.edges.map((e: any) => legacyBooking(e.node)) }),
  },
  {
    method: 'GET',
    path: `${HOUSE}/amenities-schedules/{id}`,
    operation: `query($houseId: ID, $filter: AmenityBookingFilter) { houseAmenityBookings(houseId: $houseId, first: 1, filter: $filter) { edges { node { ${BOOKING} } } } }`,
    variables: ({ params }) => ({ houseId: globalId('House', params.h), filter: { bookingId: globalId('AmenityBooking', params.id) } }),
    result: (data) => oneOf(data.houseAmenityBookings),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/amenities/schedules',
    query: listQuery,
    operation: `query(${LIST_ARGS}) { amenityBookings(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${BOOKING} } } } }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: listFilter(query, true) }),
    result: (data) => ({ total: data.amenityBookings.totalCount, content: data.amenityBookings.edges.map((e: any) => legacyBooking(e.node)) }),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/amenities/schedules/{id}',
    operation: `query($filter: AmenityBookingFilter) { amenityBookings(first: 1, filter: $filter) { edges { node { ${BOOKING} } } } }`,
    variables: ({ params }) => ({ filter: { bookingId: globalId('AmenityBooking', params.id) } }),
    result: (data) => oneOf(data.amenityBookings),
  },
  {
    method: 'DELETE',
    path: '/neighborhoods/{n}/amenities/schedules/{id}',
    operation: `mutation($input: CancelAmenityBookingInput!) { cancelAmenityBooking(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCancelAmenityBookingSuccess { data { message booking { ${BOOKING} } } } } }`,
    variables: ({ params }) => ({ input: { bookingId: globalId('AmenityBooking', params.id) } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.cancelAmenityBooking);
      return { message: payload.message, schedule: legacyBooking(payload.booking) };
    },
  },
  {
    method: 'GET',
    path: `${HOUSE}/amenities`,
    operation: `query($houseId: ID) { houseAmenities(houseId: $houseId) { ${AMENITY} } }`,
    variables: ({ params }) => ({ houseId: globalId('House', params.h) }),
    result: (data) => ({ amenities: data.houseAmenities.map(legacyBookableAmenity) }),
  },
  {
    method: 'GET',
    path: `${HOUSE}/amenities/{amenityId}`,
    query: slotsQuery,
    operation: `query($houseId: ID, $amenityId: ID!, $from: String) { amenitySlots(houseId: $houseId, amenityId: $amenityId, from: $from) { ${RESULT_ERROR_FIELDS}
      ... on QueryAmenitySlotsSuccess { data { amenityDatabaseId from to days { day slots { start end unit available mine bookingDatabaseId } } } } } }`,
    variables: ({ params, query }) => ({ houseId: globalId('House', params.h), amenityId: globalId('Amenity', params.amenityId), from: query.from ?? null }),
    result: (data) => {
      const week = unwrapResult<any>(data.amenitySlots);
      return {
        from: week.from,
        to: week.to,
        slots: week.days.flatMap((d: any) =>
          d.slots.map((s: any) => ({
            start_date: s.start,
            end_date: s.end,
            unit: s.unit,
            available: s.available,
            mine: s.mine,
            schedule: s.bookingDatabaseId === null ? null : { id: s.bookingDatabaseId },
          })),
        ),
      };
    },
  },
  {
    method: 'POST',
    path: `${HOUSE}/amenities/{amenityId}`,
    body: bookBody,
    operation: `mutation($input: BookAmenityInput!) { bookAmenity(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationBookAmenitySuccess { data { message booking { ${BOOKING} } } } } }`,
    variables: ({ params, body }) => ({
      input: {
        houseId: globalId('House', params.h),
        amenityId: globalId('Amenity', params.amenityId),
        start: body.start_date,
        end: body.end_date,
        unit: body.unit,
        notes: body.notes ?? null,
      },
    }),
    result: (data) => {
      const payload = unwrapResult<any>(data.bookAmenity);
      return {
        message: payload.message,
        schedule: legacyBooking(payload.booking),
        receipt: payload.booking.receiptDatabaseId === null ? null : { id: payload.booking.receiptDatabaseId },
      };
    },
    status: 201,
  },
  {
    method: 'DELETE',
    path: `${HOUSE}/amenities-schedules/{id}`,
    operation: `mutation($input: CancelAmenityBookingInput!) { cancelAmenityBooking(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCancelAmenityBookingSuccess { data { message booking { ${BOOKING} } } } } }`,
    variables: ({ params }) => ({ input: { houseId: globalId('House', params.h), bookingId: globalId('AmenityBooking', params.id) } }),
    result: (data) => {
      const payload = unwrapResult<any>(data.cancelAmenityBooking);
      if (!payload) throw new RestError(404, 404, 'La reservación no existe');
      return { message: payload.message, schedule: legacyBooking(payload.booking) };
    },
  },
  {
    method: 'PATCH',
    path: `${HOUSE}/amenities-schedules/{id}/deposit`,
    operation: `mutation($input: ReturnAmenityDepositInput!) { returnAmenityDeposit(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationReturnAmenityDepositSuccess { data { message } } } }`,
    variables: ({ params }) => ({ input: { houseId: globalId('House', params.h), bookingId: globalId('AmenityBooking', params.id) } }),
    // The spec answers data true (returned) or false; a deposit that cannot be returned answers its 409 with the reason.
    result: (data) => !!unwrapResult<any>(data.returnAmenityDeposit),
  },
];

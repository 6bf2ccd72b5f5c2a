// Legacy /api/1.0 routes of amenity bookings (spec 3 section 7, checklists/api.tsv): a house's amenities with
// schedule_allowed, a week of slots and the booking, and the cancellation of a house's booking.
import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const HOUSE = '/neighborhoods/{n}/houses/{h}';

const AMENITY = `databaseId name description cost deposit fromTime toTime reservationUnit maxOrdinaryDebt availableFrom availableTo ownersOnly enabled
  scheduleAllowed scheduleRefusal`;
const BOOKING = `databaseId amenityDatabaseId houseDatabaseId userDatabaseId status start end unit notes holdUntil receiptDatabaseId depositReceiptDatabaseId
  createdAt cancelledAt`;

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
    id_amenity: b.amenityDatabaseId,
    id_house: b.houseDatabaseId,
    id_user: b.userDatabaseId,
    id_receipt: b.receiptDatabaseId,
    id_deposit_receipt: b.depositReceiptDatabaseId,
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

export const amenityBookingRoutes: RestRoute[] = [
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
];

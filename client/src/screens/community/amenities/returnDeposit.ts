import type { BookingRow } from './AmenityBookingsTable.js';

/** «Devolver depósito»: marks a booking's paid deposit as returned; answers whether it was. */
export function useReturnDeposit(): { available: boolean; inFlight: boolean; run: (row: BookingRow) => Promise<boolean> } {
  // TODO(amenity bookings API): commit returnAmenityDeposit(input: { bookingId, idempotencyKey }) once the schema has it.
  return { available: false, inFlight: false, run: async () => false };
}

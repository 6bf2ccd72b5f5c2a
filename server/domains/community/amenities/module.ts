// The amenities module (community): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './amenity.js';
import './booking.js';
import { amenitySettingsRoutes } from './rest.js';
import { amenityBookingRoutes } from './bookingsRest.js';
import { seedAmenities } from './demoSeed.js';
import { BOOKING_ADMIN_READERS } from './bookings.js';

export default defineModule({
  name: 'amenities',
  context: 'community',
  tables: ['Amenity', 'AmenitySchedule'],
  rest: [...amenitySettingsRoutes, ...amenityBookingRoutes],
  jobs: ['amenities.expireHold'],
  houseScope: { AmenityBooking: { houseOf: (b: { houseId: number }) => b.houseId, adminGrants: BOOKING_ADMIN_READERS } },
  demoSeed: { after: ['expenses'], run: seedAmenities },
});

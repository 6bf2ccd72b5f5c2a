// The amenities module (community): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './amenity.js';
import './booking.js';
import { amenitySettingsRoutes } from './rest.js';
import { amenityBookingRoutes } from './bookingsRest.js';
import { seedAmenities } from './demoSeed.js';

export default defineModule({
  name: 'amenities',
  context: 'community',
  tables: ['Amenity', 'AmenitySchedule'],
  rest: [...amenitySettingsRoutes, ...amenityBookingRoutes],
  jobs: ['amenities.expireHold'],
  demoSeed: { after: ['revisionPoints'], run: seedAmenities },
});

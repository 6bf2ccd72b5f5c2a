// The amenities module (community): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './amenity.js';
import { amenitySettingsRoutes } from './rest.js';
import { seedAmenities } from './demoSeed.js';

export default defineModule({
  name: 'amenities',
  context: 'community',
  tables: ['Amenity'],
  rest: [...amenitySettingsRoutes],
  demoSeed: { after: ['revisionPoints'], run: seedAmenities },
});

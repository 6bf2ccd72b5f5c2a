// The residents module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './resident.js';
import { residentRoutes } from './rest.js';
import { ADMIN_READ } from './service.js';

export default defineModule({
  name: 'residents',
  context: 'people',
  tables: [],
  rest: [...residentRoutes],
  houseScope: { Resident: { houseOf: (m: { houseId: number | null }) => m.houseId, adminGrants: ADMIN_READ } },
});

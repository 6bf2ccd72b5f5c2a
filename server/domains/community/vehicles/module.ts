// The vehicles module (community): a house's vehicles, their inspection appointments at revision points, the
// guard's plate lookup and comments.
import { defineModule } from '../../../kernel/module.js';
import './statuses.js';
import './vehicle.js';
import { vehicleRoutes } from './rest.js';
import { seedVehicles } from './demoSeed.js';
import { ADMIN_HOUSE_GRANTS, SECURITY_READERS } from './service.js';

export default defineModule({
  name: 'vehicles',
  context: 'community',
  tables: ['Vehicle', 'VehicleComment', 'RevisionPointSpace'],
  rest: vehicleRoutes,
  // The administration and security reach every house's vehicles (service.ts).
  houseScope: {
    Vehicle: { houseOf: (v: { houseId: number }) => v.houseId, adminGrants: [...ADMIN_HOUSE_GRANTS, ...SECURITY_READERS] },
  },
  demoSeed: { after: ['neighborhoods', 'revisionPoints', 'visitors'], run: seedVehicles },
});

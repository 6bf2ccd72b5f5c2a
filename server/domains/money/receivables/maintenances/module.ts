// The maintenances module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './maintenance.js';
import './incomesCapture.js';
import './service.js';
import { maintenancesRoutes } from './rest.js';
import { seedMaintenances } from './demoSeed.js';

export default defineModule({
  name: 'maintenances',
  context: 'money/receivables',
  face: ['service.ts'],
  tables: ['Maintenance'],
  rest: [...maintenancesRoutes],
  jobs: ['maintenances.daily'],
  demoSeed: { after: ['revisionPoints'], run: seedMaintenances },
});

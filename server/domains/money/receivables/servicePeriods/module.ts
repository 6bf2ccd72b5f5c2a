// The servicePeriods module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './period.js';
import { servicePeriodRoutes } from './rest.js';
import { seedServicePeriods } from './demoSeed.js';

export default defineModule({
  name: 'servicePeriods',
  context: 'money/receivables',
  face: ['xlsx.ts'],
  tables: ['ServicePeriod', 'Measurement'],
  rest: [...servicePeriodRoutes],
  demoSeed: { after: ['agreements'], run: seedServicePeriods },
});

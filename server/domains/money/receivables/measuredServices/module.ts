// The measuredServices module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './measuredService.js';
import { measuredServiceRoutes } from './rest.js';

export default defineModule({
  name: 'measuredServices',
  context: 'money/receivables',
  tables: ['Wallet', 'MeasuredService', 'MeasuredServiceConcept', 'ServiceRange', 'ServiceRangeAmount'],
  rest: [...measuredServiceRoutes],
});

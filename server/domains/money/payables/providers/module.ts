// The providers module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './provider.js';
import { providerRoutes } from './rest.js';

export default defineModule({
  name: 'providers',
  context: 'money/payables',
  tables: ['Provider'],
  rest: [...providerRoutes],
});

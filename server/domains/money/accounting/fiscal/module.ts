// The fiscal module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './fiscalInformation.js';
import { fiscalRoutes } from './rest.js';
import { seedFiscalInformation } from './demoSeed.js';

export default defineModule({
  name: 'fiscal',
  context: 'money/accounting',
  face: ['demoSeed.ts', 'service.ts'],
  tables: ['FiscalInformation'],
  rest: [...fiscalRoutes],
  demoSeed: { after: ['expenseSettings'], run: seedFiscalInformation },
});

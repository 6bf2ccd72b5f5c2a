// The cfdis module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './cfdi.js';
import './jobs.js';
import { cfdiRoutes } from './rest.js';
import { seedDemoCfdis } from './demoSeed.js';

export default defineModule({
  name: 'cfdis',
  context: 'money/accounting',
  face: ['receiptLinks.ts', 'rules.ts'],
  tables: ['Cfdi', 'CfdiReceipt'],
  rest: [...cfdiRoutes],
  jobs: ['cfdis.invoiceReceipt', 'cfdis.globalMonthly', 'cfdis.zipByMail'],
  demoSeed: { after: ['maintenances'], run: seedDemoCfdis },
});

// The accountingExports module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './accountingExport.js';
import './service.js';
import { accountingExportRoutes } from './rest.js';

export default defineModule({
  name: 'accountingExports',
  context: 'money/accounting',
  tables: ['AccountingExport'],
  rest: [...accountingExportRoutes],
  jobs: ['accountingExports.build'],
});

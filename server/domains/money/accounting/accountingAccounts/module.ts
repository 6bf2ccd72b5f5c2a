// The accountingAccounts module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './accountingAccounts.js';
import { accountingAccountRoutes } from './rest.js';
import { seedAccountingAccounts } from './demoSeed.js';

export default defineModule({
  name: 'accountingAccounts',
  context: 'money/accounting',
  tables: ['AccountingAccountSetting'],
  rest: [...accountingAccountRoutes],
  demoSeed: { after: ['neighborhoods'], run: seedAccountingAccounts },
});

// The incomeAccounts module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './incomeAccount.js';
import { incomeAccountRoutes } from './rest.js';
import { seedIncomeAccounts } from './demoSeed.js';

export default defineModule({
  name: 'incomeAccounts',
  context: 'money/accounting',
  face: ['incomeAccount.ts'],
  tables: ['IncomeAccount'],
  rest: [...incomeAccountRoutes],
  demoSeed: { after: ['accountingAccounts'], run: seedIncomeAccounts },
});

// The reports module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './report.js';
import { reportRoutes } from './rest.js';

export default defineModule({
  name: 'reports',
  context: 'money/accounting',
  face: ['balances.ts', 'incomes.ts', 'period.ts', 'statement.ts'],
  tables: ['MoneySnapshot'],
  rest: [...reportRoutes],
});

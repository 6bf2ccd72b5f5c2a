// The balances module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './balance.js';
import { balancesRoutes } from './rest.js';

export default defineModule({
  name: 'balances',
  context: 'money/receivables',
  face: ['balance.ts', 'service.ts', 'statement.ts', 'statementPdf.ts'],
  tables: [],
  rest: [...balancesRoutes],
});

// The transactions module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './transaction.js';
import { transactionRoutes } from './rest.js';

export default defineModule({
  name: 'transactions',
  context: 'money/accounting',
  face: ['service.ts'],
  tables: [],
  rest: [...transactionRoutes],
});

// The withdrawals module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './withdrawal.js';
import './service.js';
import { withdrawalRoutes } from './rest.js';

export default defineModule({
  name: 'withdrawals',
  context: 'money/payables',
  face: ['service.ts'],
  tables: ['Withdrawal', 'WithdrawalExpense'],
  rest: [...withdrawalRoutes],
  jobs: ['withdrawals.poll'],
});

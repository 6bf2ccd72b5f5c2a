// The expenses module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './expense.js';
import { expenseRoutes } from './rest.js';
import { seedExpenses } from './demoSeed.js';

export default defineModule({
  name: 'expenses',
  context: 'money/payables',
  tables: ['Expense', 'ExpenseLine', 'ExpenseTax', 'ExpenseApproval', 'CommunityLedgerEntry'],
  rest: [...expenseRoutes],
  demoSeed: { after: ['servicePeriods'], run: seedExpenses },
});

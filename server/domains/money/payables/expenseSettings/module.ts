// The expenseSettings module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './expenseSettings.js';
import { expenseSettingsRoutes } from './rest.js';
import { seedExpenseSettings } from './demoSeed.js';

export default defineModule({
  name: 'expenseSettings',
  context: 'money/payables',
  face: ['service.ts'],
  tables: ['ExpenseSettings', 'ExpenseApprover', 'ExpenseConcept'],
  rest: [...expenseSettingsRoutes],
  demoSeed: { after: ['incomeConcepts'], run: seedExpenseSettings },
});

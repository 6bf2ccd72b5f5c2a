// The expenseGroups module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './expenseGroup.js';
import { expenseGroupRoutes } from './rest.js';

export default defineModule({
  name: 'expenseGroups',
  context: 'money/payables',
  face: ['service.ts'],
  tables: ['ExpenseGroup'],
  rest: [...expenseGroupRoutes],
});

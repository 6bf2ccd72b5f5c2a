// The expenseReports module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './expenseReport.js';
import { expenseReportRoutes } from './rest.js';

export default defineModule({
  name: 'expenseReports',
  context: 'money/payables',
  tables: [],
  rest: [...expenseReportRoutes],
});

// The expenseCfdis module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './expenseCfdi.js';
import { expenseCfdiRoutes } from './rest.js';

export default defineModule({
  name: 'expenseCfdis',
  context: 'money/payables',
  face: ['service.ts'],
  tables: ['ExpenseCfdi'],
  rest: [...expenseCfdiRoutes],
});

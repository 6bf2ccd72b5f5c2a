// The unknownPayments module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './unknownPayment.js';
import { unknownPaymentRoutes } from './rest.js';

export default defineModule({
  name: 'unknownPayments',
  context: 'money/receivables',
  tables: ['UnknownPayment'],
  rest: [...unknownPaymentRoutes],
});

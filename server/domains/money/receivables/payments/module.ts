// The payments module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './payment.js';
import './service.js';
import './cards.js';
import { paymentsRoutes } from './rest.js';

export default defineModule({
  name: 'payments',
  context: 'money/receivables',
  face: ['cards.ts', 'rest.ts'],
  tables: ['Charge', 'Card', 'GatewayCustomer', 'GatewayEvent', 'Chargeback'],
  rest: [...paymentsRoutes],
  jobs: ['payments.recoverCharge', 'payments.automaticCharges'],
});

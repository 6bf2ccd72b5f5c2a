// The payments module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './payment.js';
import './service.js';
import './cards.js';
import './spei.js';
import './speiSimulation.js';
import { paymentsRoutes } from './rest.js';
import { CARD_PAYERS_ADMIN } from './cards.js';
import { RECEIPT_ADMIN_READERS } from '../receipts/service.js';

export default defineModule({
  name: 'payments',
  context: 'money/receivables',
  face: ['cards.ts', 'rest.ts'],
  tables: ['Charge', 'Card', 'GatewayCustomer', 'GatewayEvent', 'Chargeback', 'SpeiDeposit'],
  rest: [...paymentsRoutes],
  jobs: ['payments.recoverCharge', 'payments.automaticCharges', 'payments.replaySpeiEvents'],
  houseScope: {
    SavedCard: { houseOf: (c: { houseId: number }) => c.houseId, adminGrants: CARD_PAYERS_ADMIN },
    ReceiptCharge: { houseOf: (c: { houseId: number }) => c.houseId, adminGrants: RECEIPT_ADMIN_READERS },
  },
});

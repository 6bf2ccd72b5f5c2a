// The ledger module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';

export default defineModule({
  name: 'ledger',
  context: 'money/receivables',
  face: ['service.ts'],
  tables: ['LedgerEntry', 'HouseWalletBalance', 'LatePaymentEntry'],
});

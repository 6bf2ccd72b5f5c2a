// The receipts module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './receipt.js';
import './documents.js';
import './externalPaymentsGraphql.js';
import './creditReceipts.js';
import { receiptsRoutes } from './rest.js';
import { externalPaymentRoutes } from './externalPaymentsRest.js';
import { creditReceiptRoutes } from './creditReceiptsRest.js';
import { RECEIPT_ADMIN_READERS } from './service.js';

export default defineModule({
  name: 'receipts',
  context: 'money/receivables',
  face: [
    'door.ts',
    'documents.ts',
    'externalPaymentRecord.ts',
    'externalPayments.ts',
    'payments.ts',
    'pdf.ts',
    'receipt.ts',
    'rest.ts',
    'rows.ts',
    'service.ts',
  ],
  tables: ['Receipt'],
  rest: [...receiptsRoutes, ...externalPaymentRoutes, ...creditReceiptRoutes],
  houseScope: { Receipt: { houseOf: (r: { houseId: number }) => r.houseId, adminGrants: RECEIPT_ADMIN_READERS } },
});

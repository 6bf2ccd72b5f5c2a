// The agreements module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './agreement.js';
import { agreementRoutes } from './rest.js';
import { seedAgreements } from './demoSeed.js';
import { AGREEMENT_ADMIN_READERS } from './service.js';

export default defineModule({
  name: 'agreements',
  context: 'money/receivables',
  tables: ['Agreement'],
  rest: [...agreementRoutes],
  demoSeed: { after: ['cfdis'], run: seedAgreements },
  houseScope: { Agreement: { houseOf: (a: { houseId: number }) => a.houseId, adminGrants: AGREEMENT_ADMIN_READERS } },
});

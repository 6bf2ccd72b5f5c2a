// The taxInfo module (money/accounting): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './taxInfo.js';
import { taxInfoRoutes } from './rest.js';
import { TAX_ADMIN_READ } from './service.js';

export default defineModule({
  name: 'taxInfo',
  context: 'money/accounting',
  face: ['service.ts'],
  tables: ['HouseTaxInfo'],
  rest: [...taxInfoRoutes],
  houseScope: { HouseTaxInfo: { houseOf: (t: { houseId: number }) => t.houseId, adminGrants: TAX_ADMIN_READ } },
});

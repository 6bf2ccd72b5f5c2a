// The balances module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './balance.js';
import './houseBalanceField.js';
import './houseStats.js';
import './statementDocument.js';
import { balancesRoutes } from './rest.js';
import { houseStatsRoutes } from './houseStatsRest.js';
import { BALANCE_ADMIN } from './service.js';
import { STATEMENT_ADMIN } from './statement.js';

export default defineModule({
  name: 'balances',
  context: 'money/receivables',
  face: ['balance.ts', 'service.ts', 'statement.ts', 'statementPdf.ts'],
  tables: [],
  rest: [...balancesRoutes, ...houseStatsRoutes],
  houseScope: {
    HouseBalance: { houseOf: (b: { houseId: number }) => b.houseId, adminGrants: BALANCE_ADMIN },
    HouseStats: { houseOf: (s: { houseId: number }) => s.houseId, adminGrants: BALANCE_ADMIN },
    HouseStatement: { houseOf: (s: { houseId: number }) => s.houseId, adminGrants: STATEMENT_ADMIN },
  },
});

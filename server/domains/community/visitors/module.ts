// The visitors module (community): visitors announced to the gate, its log, entry and departure.
import { defineModule } from '../../../kernel/module.js';
import './visitor.js';
import './xls.js';
import { visitorRoutes } from './rest.js';
import { seedVisitors } from './demoSeed.js';
import { ADMIN_HOUSE_GRANTS, GATE_KEEPERS, SECURITY_CREATORS, SECURITY_READERS } from './service.js';

export default defineModule({
  name: 'visitors',
  context: 'community',
  tables: ['Visitor', 'VisitorLog'],
  rest: visitorRoutes,
  // Security reaches every house's visitors; the administration too, as far as visitor_allow_admin_see_all lets it (service.ts).
  houseScope: {
    Visitor: {
      houseOf: (v: { houseId: number | null }) => v.houseId,
      adminGrants: [...ADMIN_HOUSE_GRANTS, ...SECURITY_READERS, ...SECURITY_CREATORS, ...GATE_KEEPERS],
    },
  },
  demoSeed: { after: ['amenities'], run: seedVisitors },
});

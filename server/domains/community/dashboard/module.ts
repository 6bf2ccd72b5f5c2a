// The dashboard module (community): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './dashboard.js';
import './moneyWidgets.js';
import { dashboardRoutes } from './rest.js';

export default defineModule({
  name: 'dashboard',
  context: 'community',
  face: ['dashboard.ts'],
  tables: [],
  rest: [...dashboardRoutes],
});

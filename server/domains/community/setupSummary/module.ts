// The setupSummary module (community): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './setupSummary.js';
import { setupSummaryRoutes } from './rest.js';

export default defineModule({
  name: 'setupSummary',
  context: 'community',
  tables: [],
  rest: [...setupSummaryRoutes],
});

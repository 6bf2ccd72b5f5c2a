// The incomeConcepts module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './incomeConcept.js';
import { incomeConceptRoutes } from './rest.js';
import { seedIncomeConcepts } from './demoSeed.js';

export default defineModule({
  name: 'incomeConcepts',
  context: 'money/receivables',
  face: ['defaults.ts', 'incomeConcept.ts'],
  tables: ['IncomeConcept'],
  rest: [...incomeConceptRoutes],
  demoSeed: { after: ['incomeAccounts'], run: seedIncomeConcepts },
});

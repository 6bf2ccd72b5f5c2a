// The serviceConcepts module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './serviceConcept.js';
import { serviceConceptRoutes } from './rest.js';

export default defineModule({
  name: 'serviceConcepts',
  context: 'money/receivables',
  face: ['service.ts', 'serviceConcept.ts'],
  tables: ['ServiceConcept'],
  rest: [...serviceConceptRoutes],
});

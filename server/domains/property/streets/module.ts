// The streets module (property): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './street.js';
import { streetRoutes } from './rest.js';

export default defineModule({
  name: 'streets',
  context: 'property',
  tables: ['Street', 'Condominium', 'Mall'],
  rest: [...streetRoutes],
});

// The activation module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './activation.js';
import { activationRoutes } from './rest.js';

export default defineModule({
  name: 'activation',
  context: 'people',
  tables: [],
  rest: [...activationRoutes],
});

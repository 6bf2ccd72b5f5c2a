// The session module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './session.js';
import { sessionRoutes } from './rest.js';

export default defineModule({
  name: 'session',
  context: 'people',
  face: ['memberships.ts', 'rest.ts', 'service.ts', 'session.ts'],
  tables: ['Session'],
  rest: [...sessionRoutes],
});

// The users module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './user.js';
import { userRoutes } from './rest.js';

export default defineModule({
  name: 'users',
  context: 'people',
  face: ['rest.ts', 'service.ts', 'user.ts'],
  tables: [],
  rest: [...userRoutes],
});

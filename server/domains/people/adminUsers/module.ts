// The adminUsers module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './adminUser.js';
import { adminUserRoutes } from './rest.js';

export default defineModule({
  name: 'adminUsers',
  context: 'people',
  face: ['service.ts'],
  tables: [],
  rest: [...adminUserRoutes],
});

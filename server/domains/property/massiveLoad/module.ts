// The massiveLoad module (property): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './massiveLoad.js';
import { massiveLoadRoutes } from './rest.js';

export default defineModule({
  name: 'massiveLoad',
  context: 'property',
  face: ['sheet.ts'],
  tables: [],
  rest: [...massiveLoadRoutes],
});

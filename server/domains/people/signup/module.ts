// The signup module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './signup.js';
import { signUpRoutes } from './rest.js';

export default defineModule({
  name: 'signup',
  context: 'people',
  tables: [],
  rest: [...signUpRoutes],
});

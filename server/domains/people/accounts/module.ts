// The accounts module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';

export default defineModule({
  name: 'accounts',
  context: 'people',
  face: ['service.ts'],
  tables: ['User', 'Membership'],
});

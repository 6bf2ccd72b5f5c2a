// The contact module (people): the public contact form, mailed to the platform's support address.
import { defineModule } from '../../../kernel/module.js';
import './contact.js';
import { contactRoutes } from './rest.js';

export default defineModule({
  name: 'contact',
  context: 'people',
  face: ['contact.ts', 'rest.ts', 'service.ts'],
  tables: [],
  rest: contactRoutes,
});

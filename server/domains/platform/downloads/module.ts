// The downloads module (platform): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';

export default defineModule({
  name: 'downloads',
  context: 'platform',
  face: ['downloadLink.ts', 'service.ts'],
  tables: [],
});

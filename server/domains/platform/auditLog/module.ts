// The auditLog module (platform): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './auditLog.js';

export default defineModule({
  name: 'auditLog',
  context: 'platform',
  tables: [],
});

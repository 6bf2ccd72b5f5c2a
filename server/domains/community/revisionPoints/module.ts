// The revisionPoints module (community): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './revisionPoint.js';
import { revisionPointRoutes } from './rest.js';
import { seedRevisionPoints } from './demoSeed.js';

export default defineModule({
  name: 'revisionPoints',
  context: 'community',
  tables: ['RevisionPoint'],
  rest: [...revisionPointRoutes],
  demoSeed: { after: ['maintenanceSettings'], run: seedRevisionPoints },
});

// The sharedFiles module (community): files the administration shares with the community, by access.
import { defineModule } from '../../../kernel/module.js';
import './sharedFile.js';
import { sharedFileRoutes } from './rest.js';
import { seedSharedFiles } from './demoSeed.js';

export default defineModule({
  name: 'sharedFiles',
  context: 'community',
  tables: ['SharedFile'],
  rest: sharedFileRoutes,
  demoSeed: { after: ['neighborhoods'], run: seedSharedFiles },
});

// The neighborhoods module (community): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './neighborhood.js';
import './settings.js';
import { communitySettingsRoutes } from './rest.js';
import { seedCommunitySettings } from './demoSeed.js';

export default defineModule({
  name: 'neighborhoods',
  context: 'community',
  face: ['neighborhood.ts', 'service.ts'],
  tables: ['Neighborhood', 'Role', 'MsiSetting'],
  rest: [...communitySettingsRoutes],
  demoSeed: { after: [], run: seedCommunitySettings },
});

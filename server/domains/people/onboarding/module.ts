// The onboarding module (people): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './onboarding.js';
import { onboardingRoutes } from './rest.js';

export default defineModule({
  name: 'onboarding',
  context: 'people',
  tables: [],
  rest: [...onboardingRoutes],
});

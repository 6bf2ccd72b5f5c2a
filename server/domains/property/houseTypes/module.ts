// The houseTypes module (property): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './houseType.js';
import { houseTypeRoutes } from './rest.js';

export default defineModule({
  name: 'houseTypes',
  context: 'property',
  face: ['houseType.ts', 'service.ts'],
  tables: ['HouseType'],
  rest: [...houseTypeRoutes],
});

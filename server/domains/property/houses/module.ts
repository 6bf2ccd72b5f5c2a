// The houses module (property): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './house.js';
import './ownersList.js';
import { houseRoutes } from './rest.js';

export default defineModule({
  name: 'houses',
  context: 'property',
  tables: ['House', 'HouseOwnerChange'],
  rest: [...houseRoutes],
});

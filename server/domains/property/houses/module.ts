// The houses module (property): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../kernel/module.js';
import './house.js';
import './ownersList.js';
import { houseRoutes } from './rest.js';

export default defineModule({
  name: 'houses',
  context: 'property',
  face: ['columns.ts', 'filter.ts', 'house.ts', 'ownersList.ts', 'ownership.ts', 'rest.ts', 'rows.ts'],
  tables: ['House', 'HouseOwnerChange'],
  rest: [...houseRoutes],
});

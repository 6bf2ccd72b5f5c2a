// The maintenanceSettings module (money/receivables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './maintenanceSettings.js';
import { maintenanceSettingsRoutes } from './rest.js';
import { seedMaintenanceSettings } from './demoSeed.js';

export default defineModule({
  name: 'maintenanceSettings',
  context: 'money/receivables',
  face: ['maintenanceSettings.ts'],
  tables: ['MaintenanceSettings'],
  rest: [...maintenanceSettingsRoutes],
  demoSeed: { after: ['fiscal'], run: seedMaintenanceSettings },
});

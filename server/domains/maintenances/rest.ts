// Legacy /api/1.0 routes of the maintenances domain.
import type { RestRoute } from '../../rest/router.js';

export const maintenancesRoutes: RestRoute[] = [];

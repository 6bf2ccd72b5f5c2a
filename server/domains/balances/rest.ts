// Legacy /api/1.0 routes of the balances domain.
import type { RestRoute } from '../../rest/router.js';

export const balancesRoutes: RestRoute[] = [];

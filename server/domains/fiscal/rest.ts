import type { RestRoute } from '../../rest/router.js';

export const fiscalRoutes: RestRoute[] = [];

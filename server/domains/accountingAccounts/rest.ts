import type { RestRoute } from '../../rest/router.js';

export const accountingAccountRoutes: RestRoute[] = [];

// Legacy /api/1.0 routes of the receipts domain.
import type { RestRoute } from '../../rest/router.js';

export const receiptsRoutes: RestRoute[] = [];

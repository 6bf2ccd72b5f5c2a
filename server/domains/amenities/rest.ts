import type { RestRoute } from '../../rest/router.js';

export const amenitySettingsRoutes: RestRoute[] = [];

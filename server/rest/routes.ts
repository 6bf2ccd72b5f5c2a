// Every /api/1.0 route of the platform: the routes each module declares (server/modules.ts).
import { modules } from '../modules.js';
import type { RestRoute } from './router.js';

export const restRoutes: RestRoute[] = modules.flatMap((m) => m.rest ?? []);

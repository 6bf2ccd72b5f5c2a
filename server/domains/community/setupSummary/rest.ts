import { z } from 'zod';
import { MODULES } from '../../../../core/grants.js';
import type { RestRoute } from '../../../rest/router.js';

export const setupSummaryRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/settings/summary',
    query: z.object({ module: z.enum(MODULES).optional() }),
    operation: `query($module: Module) {
      setupSummary(module: $module) { modules steps { module step configured } }
      neighborhood { name domain neighborhoodType neighborhoodTypeName urlLogo postalCode }
    }`,
    variables: ({ query }) => ({ module: query.module ?? null }),
    result: (data) => ({
      modules: data.setupSummary.modules,
      settings: {
        name: data.neighborhood.name,
        domain: data.neighborhood.domain,
        neighborhood_type: data.neighborhood.neighborhoodType,
        neighborhood_type_name: data.neighborhood.neighborhoodTypeName,
        url_logo: data.neighborhood.urlLogo,
        postal_code: data.neighborhood.postalCode,
      },
      setting_steps: data.setupSummary.steps.map((s: { module: string; step: string; configured: boolean }) => ({
        module: s.module,
        step: s.step,
        configured: s.configured,
      })),
    }),
  },
];

import type { ScreenRoute } from '../../../router/screenRoute.js';
import PublicRevisionSpaceQuery from '../../../__generated__/PublicRevisionSpaceQuery.graphql.js';

// Kept apart from routes.ts so the signed-out router carries only this page's query.
/** An inspection appointment, signed out: /{domain}/cita-vehicular/{code} (like the visitor's /{domain}/visita/{reference}). */
export const publicVehicleRoutes: ScreenRoute[] = [
  {
    path: '/:domain/cita-vehicular/:code',
    screen: () => import('./PublicRevisionSpace.js'),
    query: PublicRevisionSpaceQuery,
    variables: ({ params }) => ({ domain: params.domain ?? '', code: params.code ?? '' }),
    skeleton: 'public',
  },
];

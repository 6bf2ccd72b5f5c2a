import type { ScreenRoute } from '../../../router/screenRoute.js';
import PublicVisitorQuery from '../../../__generated__/PublicVisitorQuery.graphql.js';

// Kept apart from routes.ts so the signed-out router carries only this page's query.
const publicPass = {
  screen: () => import('./PublicVisitor.js'),
  query: PublicVisitorQuery,
  skeleton: 'public',
} satisfies Partial<ScreenRoute>;

/**
 * The visitor's pass, signed out: /visita/{reference} (the e-mailed link; the community's domain from ?d= or
 * typed on the page) and /{domain}/visita/{reference}.
 */
export const publicVisitorRoutes: ScreenRoute[] = [
  {
    path: '/visita/:reference',
    ...publicPass,
    variables: ({ params, search }) => ({
      domain: search.get('d') ?? search.get('domain') ?? '',
      reference: params.reference ?? '',
      ask: !!(search.get('d') ?? search.get('domain')),
    }),
  },
  {
    path: '/:domain/visita/:reference',
    ...publicPass,
    variables: ({ params }) => ({ domain: params.domain ?? '', reference: params.reference ?? '', ask: true }),
  },
];

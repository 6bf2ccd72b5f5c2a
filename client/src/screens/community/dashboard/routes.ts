import type { AppRoute } from '../../../routes.js';
import DashboardQuery from '../../../__generated__/DashboardQuery.graphql.js';

// The home page: each audience's dashboard (spec 3).
export const dashboardRoutes: AppRoute[] = [
  { path: '/', grants: [], screen: () => import('./Dashboard.js'), query: DashboardQuery, variables: () => ({}), skeleton: 'dashboard' },
];

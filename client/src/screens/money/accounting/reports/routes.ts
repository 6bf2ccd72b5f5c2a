import type { AppRoute } from '../../../../routes.js';
import IncomesQuery from '../../../../__generated__/IncomesQuery.graphql.js';
import NeighborhoodStatementQuery from '../../../../__generated__/NeighborhoodStatementQuery.graphql.js';
import { incomesVariables, reportPeriod } from './variables.js';

// The community's money reports (spec 2 sections 2 and 7): the incomes report and the neighbourhood statement.
export const reportRoutes: AppRoute[] = [
  {
    path: '/neighborhood/incomes',
    grants: ['AIncomesRead'],
    menu: { group: 'administration', label: 'menu.incomes' },
    screen: () => import('./Incomes.js'),
    query: IncomesQuery,
    variables: ({ search }) => incomesVariables(search),
    skeleton: 'list',
  },
  {
    path: '/neighborhood-statements',
    grants: ['AStatementsRead'],
    menu: { group: 'administration', label: 'menu.neighborhood_statements' },
    screen: () => import('./NeighborhoodStatement.js'),
    query: NeighborhoodStatementQuery,
    variables: ({ search }) => reportPeriod(search),
    skeleton: 'list',
  },
];

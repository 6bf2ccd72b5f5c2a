import type { AppRoute } from '../../../../../routes.js';
import WithdrawalsQuery from '../../../../../__generated__/WithdrawalsQuery.graphql.js';
import { listVariables } from '../../../../../components/paging.js';
import { WITHDRAWALS_PATH } from './paths.js';

const STATUSES = ['IN_PROGRESS', 'SUCCESSFUL', 'FAILED'];

/** The withdrawals list; the builder itself is a dialog of the expense list (spec 2: route not shown). */
export const withdrawalRoutes: AppRoute[] = [
  {
    path: WITHDRAWALS_PATH,
    grants: ['AExpensesRead'],
    screen: () => import('./Withdrawals.js'),
    query: WithdrawalsQuery,
    variables: ({ search }) => {
      const status = search.get('status');
      return { ...listVariables(search), filter: status && STATUSES.includes(status) ? { status } : null };
    },
    skeleton: 'list',
  },
];

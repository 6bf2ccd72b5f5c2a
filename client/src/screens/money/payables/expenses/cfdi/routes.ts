import type { AppRoute } from '../../../../../routes.js';
import ExpenseCfdiQuery from '../../../../../__generated__/ExpenseCfdiQuery.graphql.js';
import { globalId } from '../../../../../relay/ids.js';

/** Adding a provider's CFDI to an approved expense (spread by client/src/screens/expenses/routes.ts). */
export const expenseCfdiRoutes: AppRoute[] = [
  {
    path: '/expenses/:expenseId/cfdi',
    grants: ['AExpensesUpdate'],
    screen: () => import('./ExpenseCfdi.js'),
    query: ExpenseCfdiQuery,
    variables: ({ params }) => ({ id: globalId('Expense', params.expenseId) }),
    skeleton: 'form',
  },
];

import type { AppRoute } from '../../../../routes.js';
import TransactionsQuery from '../../../../__generated__/TransactionsQuery.graphql.js';
import { transactionVariables } from './variables.js';

// Spec 2 section 2: /neighborhood/transactions, the transactions and balances grid with filters and export.
export const transactionRoutes: AppRoute[] = [
  {
    path: '/neighborhood/transactions',
    grants: ['AStatementsRead', 'ABalancesAuthorise'],
    menu: { group: 'administration', label: 'transactions.menu' },
    screen: () => import('./Transactions.js'),
    query: TransactionsQuery,
    variables: ({ search }) => transactionVariables(search),
    skeleton: 'list',
  },
];

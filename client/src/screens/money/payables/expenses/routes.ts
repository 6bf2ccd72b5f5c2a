import type { AppRoute } from '../../../../routes.js';
import ExpensesQuery from '../../../../__generated__/ExpensesQuery.graphql.js';
import ExpenseFormQuery from '../../../../__generated__/ExpenseFormQuery.graphql.js';
import ExpenseDetailQuery from '../../../../__generated__/ExpenseDetailQuery.graphql.js';
import ExpenseLogQuery from '../../../../__generated__/ExpenseLogQuery.graphql.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import { expenseAttachmentRoutes } from './attachments/routes.js';
import { expenseCfdiRoutes } from './cfdi/routes.js';
import { withdrawalRoutes } from './withdrawals/routes.js';
import { EXPENSES_PATH, expenseFilterFromSearch } from './paths.js';

const READERS = ['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'];
const form = {
  screen: () => import('./ExpenseForm.js'),
  query: ExpenseFormQuery,
  variables: ({ params }) => ({ id: globalId('Expense', params.expenseId ?? '0'), edit: !!params.expenseId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Expenses (spec 2 section 2): the list with its filters and toolbar, the form, the detail and the log;
// the attachments, CFDI and withdrawal screens of the other expense folders are spread here.
export const expenseRoutes: AppRoute[] = [
  {
    path: EXPENSES_PATH,
    grants: READERS,
    menu: { group: 'administration', label: 'menu.expenses' },
    screen: () => import('./Expenses.js'),
    query: ExpensesQuery,
    variables: ({ search }) => ({ ...listVariables(search), filter: expenseFilterFromSearch(search) }),
    skeleton: 'list',
  },
  { path: `${EXPENSES_PATH}/form`, grants: ['AExpensesCreate'], ...form },
  { path: `${EXPENSES_PATH}/form/:expenseId`, grants: ['AExpensesUpdate'], ...form },
  {
    path: `${EXPENSES_PATH}/:idExpense/detail`,
    grants: READERS,
    screen: () => import('./ExpenseDetail.js'),
    query: ExpenseDetailQuery,
    variables: ({ params }) => ({ id: globalId('Expense', params.idExpense) }),
    skeleton: 'form',
  },
  {
    path: `${EXPENSES_PATH}/:expenseId/log`,
    grants: READERS,
    screen: () => import('./ExpenseLog.js'),
    query: ExpenseLogQuery,
    variables: ({ params }) => ({ id: globalId('Expense', params.expenseId) }),
    skeleton: 'list',
  },
  ...expenseAttachmentRoutes,
  ...expenseCfdiRoutes,
  ...withdrawalRoutes,
];

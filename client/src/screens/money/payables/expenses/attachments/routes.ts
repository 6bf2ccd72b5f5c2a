import type { AppRoute } from '../../../../../routes.js';
import ExpenseAttachmentsQuery from '../../../../../__generated__/ExpenseAttachmentsQuery.graphql.js';
import { globalId } from '../../../../../relay/ids.js';

const attachments = {
  grants: ['AExpensesRead', 'AExpensesCreate', 'AExpensesUpdate'],
  screen: () => import('./ExpenseAttachments.js'),
  query: ExpenseAttachmentsQuery,
  variables: ({ params }) => ({ expenseId: globalId('Expense', params.expenseId) }),
  skeleton: 'list',
} satisfies Partial<AppRoute>;

/** An expense's files (spread by client/src/screens/expenses/routes.ts). */
export const expenseAttachmentRoutes: AppRoute[] = [
  { path: '/expenses/:expenseId/attachments', ...attachments },
  { path: '/expenses-attachments/:expenseId', ...attachments },
];

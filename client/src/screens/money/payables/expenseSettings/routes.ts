import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import ExpenseSettingsQuery from '../../../../__generated__/ExpenseSettingsQuery.graphql.js';
import ExpenseConceptsQuery from '../../../../__generated__/ExpenseConceptsQuery.graphql.js';
import ExpenseConceptFormQuery from '../../../../__generated__/ExpenseConceptFormQuery.graphql.js';

const EXPENSE_GRANTS = ['CExpensesRead', 'CExpensesUpdate'];

const expenseConceptForm = {
  screen: () => import('./ExpenseConceptForm.js'),
  query: ExpenseConceptFormQuery,
  variables: ({ params }) => ({ id: globalId('ExpenseConcept', params.conceptId), edit: !!params.conceptId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Expense settings and expense concepts.
export const expenseSettingsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/expenses',
    grants: EXPENSE_GRANTS,
    menu: { group: 'configuration', label: 'menu.settings_expenses' },
    screen: () => import('./ExpenseSettings.js'),
    query: ExpenseSettingsQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/neighborhood/settings/expenses/concepts',
    grants: EXPENSE_GRANTS,
    menu: { group: 'configuration', label: 'menu.settings_expense_concepts' },
    screen: () => import('./ExpenseConcepts.js'),
    query: ExpenseConceptsQuery,
    variables: ({ search }) => listVariables(search, ['name']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/expenses/concepts/form', grants: ['CExpensesUpdate'], ...expenseConceptForm },
  { path: '/neighborhood/settings/expenses/concepts/:conceptId/edit', grants: ['CExpensesUpdate'], ...expenseConceptForm },
];

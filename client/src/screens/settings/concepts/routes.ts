import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import IncomeConceptsQuery from '../../../__generated__/IncomeConceptsQuery.graphql.js';
import IncomeConceptFormQuery from '../../../__generated__/IncomeConceptFormQuery.graphql.js';
import ExpenseSettingsQuery from '../../../__generated__/ExpenseSettingsQuery.graphql.js';
import ExpenseConceptsQuery from '../../../__generated__/ExpenseConceptsQuery.graphql.js';
import ExpenseConceptFormQuery from '../../../__generated__/ExpenseConceptFormQuery.graphql.js';

const CONCEPT_GRANTS = ['CConceptsRead', 'CConceptCreate', 'CConceptUpdate', 'CConceptDelete'];
const EXPENSE_GRANTS = ['CExpensesRead', 'CExpensesUpdate'];

const incomeConceptForm = {
  screen: () => import('./IncomeConceptForm.js'),
  query: IncomeConceptFormQuery,
  variables: ({ params }) => ({ id: globalId('IncomeConcept', params.conceptId), edit: !!params.conceptId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const expenseConceptForm = {
  screen: () => import('./ExpenseConceptForm.js'),
  query: ExpenseConceptFormQuery,
  variables: ({ params }) => ({ id: globalId('ExpenseConcept', params.conceptId), edit: !!params.conceptId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Income concepts (with the community's wallets), expense settings and expense concepts.
export const incomeConceptsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/concepts',
    grants: CONCEPT_GRANTS,
    menu: { group: 'configuration', label: 'menu.settings_concepts' },
    screen: () => import('./IncomeConcepts.js'),
    query: IncomeConceptsQuery,
    variables: ({ search }) => listVariables(search, ['description']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/concepts/form', grants: ['CConceptCreate'], ...incomeConceptForm },
  { path: '/neighborhood/settings/concepts/:conceptId/edit', grants: ['CConceptUpdate'], ...incomeConceptForm },
];
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

import type { AppRoute } from '../../../routes.js';

// Income concepts (with the community's wallets), expense settings and expense concepts.
export const incomeConceptsRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/concepts', grants: ['CConceptsRead'], menu: { group: 'configuration', label: 'menu.settings_concepts' } },
];
export const expenseSettingsRoutes: AppRoute[] = [
  { path: '/neighborhood/settings/expenses', grants: ['CExpensesRead'], menu: { group: 'configuration', label: 'menu.settings_expenses' } },
];

import type { AppRoute } from '../../routes.js';

// A house's wallets (spec 1 section 2): balance adjustment, transfer between wallets, statements, incomes summary.
export const statementRoutes: AppRoute[] = [
  { path: '/houses/statements', grants: ['OReceiptsRead', 'SReceiptsRead'], menu: { group: 'property', label: 'menu.houses_statements' } },
];
export const incomesSummaryRoutes: AppRoute[] = [
  {
    path: '/houses/incomes/summary',
    grants: ['OIncomesSummaryRead', 'SIncomesSummaryRead', 'RIncomesSummaryRead'],
    menu: { group: 'property', label: 'menu.houses_incomes_summary' },
  },
];
export const balanceRoutes: AppRoute[] = [];

import type { AppRoute } from '../../../../routes.js';
import { globalId } from '../../../../relay/ids.js';
import HouseBalanceQuery from '../../../../__generated__/HouseBalanceQuery.graphql.js';
import TransferBalanceQuery from '../../../../__generated__/TransferBalanceQuery.graphql.js';
import StatementQuery from '../../../../__generated__/StatementQuery.graphql.js';
import IncomesSummaryQuery from '../../../../__generated__/IncomesSummaryQuery.graphql.js';
import { LEDGER_ROWS, statementRange, summaryYear } from './variables.js';

// A house's wallets (spec 1 sections 2–4): balance adjustment, transfer between wallets, statements, incomes summary.

/** The statement of the viewer's own house (no houseId) or, for administrators, of /houses/{houseId}. */
const statement = {
  screen: () => import('./Statement.js'),
  query: StatementQuery,
  variables: ({ params, search }) => ({
    ...statementRange(search),
    houseId: params.houseId ? globalId('House', params.houseId) : null,
    houseNodeId: globalId('House', params.houseId),
    admin: !!params.houseId,
  }),
  skeleton: 'list',
} satisfies Partial<AppRoute>;

export const statementRoutes: AppRoute[] = [
  { path: '/houses/statements', grants: ['OReceiptsRead', 'SReceiptsRead'], menu: { group: 'property', label: 'menu.houses_statements' }, ...statement },
  { path: '/houses/:houseId/statements', grants: ['AStatementsRead'], ...statement },
];

export const incomesSummaryRoutes: AppRoute[] = [
  {
    path: '/houses/incomes/summary',
    grants: ['OIncomesSummaryRead', 'SIncomesSummaryRead', 'RIncomesSummaryRead'],
    menu: { group: 'property', label: 'menu.houses_incomes_summary' },
    screen: () => import('./IncomesSummary.js'),
    query: IncomesSummaryQuery,
    variables: ({ search }) => ({ year: summaryYear(search) }),
    skeleton: 'list',
  },
];

export const balanceRoutes: AppRoute[] = [
  {
    path: '/houses/:houseId/balance',
    grants: ['ABalancesAuthorise'],
    screen: () => import('./HouseBalance.js'),
    query: HouseBalanceQuery,
    variables: ({ params }) => ({ houseId: globalId('House', params.houseId), ledgerRows: LEDGER_ROWS }),
    skeleton: 'form',
  },
  {
    path: '/houses/:houseId/transfer-balance',
    grants: ['ABalancesAuthorise'],
    screen: () => import('./TransferBalance.js'),
    query: TransferBalanceQuery,
    variables: ({ params }) => ({ houseId: globalId('House', params.houseId) }),
    skeleton: 'form',
  },
];

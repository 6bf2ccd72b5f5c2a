import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import AccountingExportsQuery from '../../../../__generated__/AccountingExportsQuery.graphql.js';
import AccountingExportFormQuery from '../../../../__generated__/AccountingExportFormQuery.graphql.js';

export const ACCOUNTING_EXPORTS_PATH = '/neighborhood/accounting-policies-exports';

// Spec 2 section 2: the accounting policy exports (pólizas) list and its form.
export const accountingExportRoutes: AppRoute[] = [
  {
    path: ACCOUNTING_EXPORTS_PATH,
    grants: ['AAccountingRead'],
    menu: { group: 'administration', label: 'accountingExports.menu' },
    screen: () => import('./AccountingExports.js'),
    query: AccountingExportsQuery,
    // Page size 20 (spec 2 section 9) unless the query string asks another of the pager's sizes.
    variables: ({ search }) => listVariables(search),
    skeleton: 'list',
  },
  {
    path: `${ACCOUNTING_EXPORTS_PATH}/form`,
    grants: ['AAccountingRead'],
    screen: () => import('./AccountingExportForm.js'),
    query: AccountingExportFormQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
];

import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import IncomeAccountsQuery from '../../../../__generated__/IncomeAccountsQuery.graphql.js';
import IncomeAccountFormQuery from '../../../../__generated__/IncomeAccountFormQuery.graphql.js';
import AccountingAccountSettingsQuery from '../../../../__generated__/AccountingAccountSettingsQuery.graphql.js';
import AccountingCatalogueQuery from '../../../../__generated__/AccountingCatalogueQuery.graphql.js';

const accountForm = { screen: () => import('./IncomeAccountForm.js'), query: IncomeAccountFormQuery, skeleton: 'form' } satisfies Partial<AppRoute>;

// Income accounts and the community's accounting accounts.
export const accountsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/accounts',
    grants: ['CAccountsRead'],
    menu: { group: 'configuration', label: 'menu.settings_accounts' },
    screen: () => import('./IncomeAccounts.js'),
    query: IncomeAccountsQuery,
    variables: ({ search }) => listVariables(search, ['name']),
    skeleton: 'list',
  },
  {
    path: '/neighborhood/settings/account/form',
    grants: ['CAccountsCreate'],
    ...accountForm,
    variables: () => ({ id: globalId('IncomeAccount', undefined), edit: false }),
  },
  {
    path: '/neighborhood/accounts/:accountId',
    grants: ['CAccountsRead'],
    ...accountForm,
    variables: ({ params }) => ({ id: globalId('IncomeAccount', params.accountId), edit: true }),
  },
];
export const accountingAccountsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/accounting-accounts',
    grants: ['CAccountingAccountsRead'],
    menu: { group: 'configuration', label: 'menu.settings_accounting_accounts' },
    screen: () => import('./AccountingAccountSettings.js'),
    query: AccountingAccountSettingsQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/neighborhood/accounting-accounts',
    grants: ['AAccountingRead'],
    menu: { group: 'administration', label: 'menu.accounting_accounts' },
    screen: () => import('./AccountingCatalogue.js'),
    query: AccountingCatalogueQuery,
    variables: () => ({}),
    skeleton: 'list',
  },
];

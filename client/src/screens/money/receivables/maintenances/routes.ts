import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import MaintenancesQuery from '../../../../__generated__/MaintenancesQuery.graphql.js';
import ExtraordinaryMaintenanceFormQuery from '../../../../__generated__/ExtraordinaryMaintenanceFormQuery.graphql.js';
import MaintenanceDetailQuery from '../../../../__generated__/MaintenanceDetailQuery.graphql.js';
import MaintenanceReceiptsQuery from '../../../../__generated__/MaintenanceReceiptsQuery.graphql.js';
import MaintenanceIncomesQuery from '../../../../__generated__/MaintenanceIncomesQuery.graphql.js';
import { isMaintenanceStatus, isPaymentMethod, isReceiptStatus } from './filters.js';

/** The list's variables: page, ?type=ordinary|extraordinary and ?status= (unknown values are no filter). */
export const maintenancesVariables: AppRoute['variables'] = ({ search }) => {
  const type = search.get('type');
  const status = search.get('status');
  return {
    ...listVariables(search),
    ordinary: type === 'ordinary' ? true : type === 'extraordinary' ? false : null,
    status: isMaintenanceStatus(status) ? status : null,
  };
};

const maintenanceId: AppRoute['variables'] = ({ params }) => ({ id: globalId('Maintenance', params.maintenanceId) });

/** A maintenance's receipts: page, page_size, ?payment_method= and ?payment_status= (spec 2 section 4). */
export const maintenanceReceiptsVariables: AppRoute['variables'] = (args) => {
  const method = args.search.get('payment_method');
  const status = args.search.get('payment_status');
  return {
    ...maintenanceId(args),
    ...listVariables(args.search),
    paymentMethod: isPaymentMethod(method) ? method : null,
    paymentStatus: isReceiptStatus(status) ? status : null,
  };
};

// Maintenance fees (spec 2 section 2): list, detail, extraordinary form, receipts and incomes of one maintenance.
export const maintenanceFeeRoutes: AppRoute[] = [
  {
    path: '/maintenances',
    grants: ['AMaintenanceIncomesRead', 'AMaintenancesCreate'],
    menu: { group: 'administration', label: 'menu.maintenances' },
    screen: () => import('./Maintenances.js'),
    query: MaintenancesQuery,
    variables: maintenancesVariables,
    skeleton: 'list',
  },
  {
    path: '/maintenances/custom/form',
    grants: ['AMaintenancesCreate'],
    screen: () => import('./ExtraordinaryMaintenanceForm.js'),
    query: ExtraordinaryMaintenanceFormQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/maintenances/:maintenanceId',
    grants: ['AMaintenanceIncomesRead', 'AMaintenancesCreate', 'AReceiptsRead'],
    screen: () => import('./MaintenanceDetail.js'),
    query: MaintenanceDetailQuery,
    variables: maintenanceId,
    skeleton: 'page',
  },
  {
    path: '/maintenances/:maintenanceId/receipts',
    grants: ['AReceiptsRead'],
    screen: () => import('./MaintenanceReceipts.js'),
    query: MaintenanceReceiptsQuery,
    variables: maintenanceReceiptsVariables,
    skeleton: 'list',
  },
  {
    path: '/maintenances/:maintenanceId/incomes',
    grants: ['AMaintenanceIncomesRead'],
    screen: () => import('./MaintenanceIncomes.js'),
    query: MaintenanceIncomesQuery,
    variables: maintenanceId,
    skeleton: 'page',
  },
];

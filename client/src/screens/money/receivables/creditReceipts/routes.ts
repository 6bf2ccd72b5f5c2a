import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import CreditReceiptsQuery from '../../../../__generated__/CreditReceiptsQuery.graphql.js';
import ChargebacksQuery from '../../../../__generated__/ChargebacksQuery.graphql.js';
import { isMethod, isStatus } from '../receipts/receiptTexts.js';

// Spec 1 section 2 (administration of owners): the credit receipts and chargebacks lists, paged.
export const creditReceiptRoutes: AppRoute[] = [
  {
    path: '/credit-receipts',
    grants: ['AReceiptsRead'],
    menu: { group: 'administration', label: 'creditReceipts.menu' },
    screen: () => import('./CreditReceipts.js'),
    query: CreditReceiptsQuery,
    variables: ({ search }) => {
      const method = search.get('payment_method');
      const status = search.get('payment_status');
      return { ...listVariables(search), paymentMethod: isMethod(method) ? method : null, paymentStatus: isStatus(status) ? status : null };
    },
    skeleton: 'list',
  },
  {
    path: '/chargebacks',
    grants: ['AReceiptsRead'],
    menu: { group: 'administration', label: 'chargebacks.menu' },
    screen: () => import('./Chargebacks.js'),
    query: ChargebacksQuery,
    variables: ({ search }) => {
      const status = search.get('status');
      return { ...listVariables(search), status: status && ['CREATED', 'DENIED', 'APPLIED'].includes(status) ? status : null };
    },
    skeleton: 'list',
  },
];

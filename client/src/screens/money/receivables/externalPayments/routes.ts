import type { AppRoute } from '../../../../routes.js';
import ExternalPaymentFormQuery from '../../../../__generated__/ExternalPaymentFormQuery.graphql.js';
import ReceiptReviewQuery from '../../../../__generated__/ReceiptReviewQuery.graphql.js';
import { globalId } from '../../../../relay/ids.js';

const receiptVariables: AppRoute['variables'] = ({ params }) => ({ id: globalId('Receipt', params.receiptId) });

const form = {
  screen: () => import('./ExternalPaymentForm.js'),
  query: ExternalPaymentFormQuery,
  variables: receiptVariables,
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Spec 1 sections 2 and 4 (external payment and its review); spec 3 section 3 names the house path of amenity receipts.
export const externalPaymentRoutes: AppRoute[] = [
  {
    path: '/receipts/:receiptId/external-payment',
    grants: ['AReceiptsExternalPaymentsCreate', 'OReceiptsExternalPaymentsCreate', 'SReceiptsExternalPaymentsCreate', 'RReceiptsExternalPaymentsCreate'],
    ...form,
  },
  {
    path: '/houses/:houseId/receipts/:receiptId/external-payment',
    grants: ['AReceiptsExternalPaymentsCreate', 'OReceiptsExternalPaymentsCreate', 'SReceiptsExternalPaymentsCreate', 'RReceiptsExternalPaymentsCreate'],
    ...form,
  },
  {
    path: '/receipts/:receiptId/review',
    grants: ['AReceiptsExternalPaymentsUpdate', 'OReceiptsExternalPaymentsUpdate', 'SReceiptsExternalPaymentsUpdate', 'RReceiptsExternalPaymentsUpdate'],
    screen: () => import('./ReceiptReview.js'),
    query: ReceiptReviewQuery,
    variables: receiptVariables,
    skeleton: 'form',
  },
];

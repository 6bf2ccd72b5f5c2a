import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import UnknownPaymentsQuery from '../../../../__generated__/UnknownPaymentsQuery.graphql.js';
import UnknownPaymentFormQuery from '../../../../__generated__/UnknownPaymentFormQuery.graphql.js';
import UnknownPaymentIdentifyQuery from '../../../../__generated__/UnknownPaymentIdentifyQuery.graphql.js';
import MatchingReceiptsQuery from '../../../../__generated__/MatchingReceiptsQuery.graphql.js';
import { globalId } from '../../../../relay/ids.js';
import { matchingVariables } from './matchQuery.js';

const STATUSES = ['REGISTERED', 'IDENTIFIED', 'MATCHED'];
const READERS = ['AUnknownPaymentsCreate', 'AUnknownPaymentsUpdate', 'AUnknownPaymentsDelete', 'AReceiptsExternalPaymentsCreate'];

// Spec 2 section 2: unknown payments.
export const unknownPaymentRoutes: AppRoute[] = [
  {
    path: '/unknown_payments',
    grants: READERS,
    menu: { group: 'administration', label: 'menu.unknown_payments' },
    screen: () => import('./UnknownPayments.js'),
    query: UnknownPaymentsQuery,
    variables: ({ search }) => {
      const status = search.get('status');
      return { ...listVariables(search), status: status && STATUSES.includes(status) ? status : null };
    },
    skeleton: 'list',
  },
  {
    path: '/unknown_payments/form',
    grants: ['AUnknownPaymentsCreate', 'AReceiptsExternalPaymentsCreate'],
    screen: () => import('./UnknownPaymentForm.js'),
    query: UnknownPaymentFormQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/unknown_payments/:idUnknownPayment/identify',
    grants: ['AUnknownPaymentsUpdate'],
    screen: () => import('./UnknownPaymentIdentify.js'),
    query: UnknownPaymentIdentifyQuery,
    variables: ({ params }) => ({ id: globalId('UnknownPayment', params.idUnknownPayment) }),
    skeleton: 'form',
  },
  {
    path: '/unknown_payment/receipts',
    grants: ['AReceiptsExternalPaymentsCreate'],
    screen: () => import('./MatchingReceipts.js'),
    query: MatchingReceiptsQuery,
    variables: ({ search }) => matchingVariables(search),
    skeleton: 'list',
  },
];

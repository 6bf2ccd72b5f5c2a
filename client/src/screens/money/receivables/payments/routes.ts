import type { AppRoute } from '../../../../routes.js';
import { globalId } from '../../../../relay/ids.js';
import HouseCardsQuery from '../../../../__generated__/HouseCardsQuery.graphql.js';
import PaymentCompletedQuery from '../../../../__generated__/PaymentCompletedQuery.graphql.js';

/** Who pays receipts online (spec 1 section 6). */
export const PAYER_GRANTS = ['AReceiptsPaymentsCreate', 'OReceiptsPaymentsCreate', 'SReceiptsPaymentsCreate', 'RReceiptsPaymentsCreate'];

// Online payments (spec 1 section 2): the 3-D Secure return, the payment-completed page and the own
// house's saved cards. Paying itself happens on the receipt detail (/houses/{houseId}/receipts/{receiptId}).
export const paymentRoutes: AppRoute[] = [
  {
    path: '/houses/:houseId/receipts/:receiptId/payment-verification',
    grants: PAYER_GRANTS,
    screen: () => import('./PaymentVerification.js'),
    skeleton: 'page',
  },
  {
    path: '/receipt/payed',
    grants: PAYER_GRANTS,
    screen: () => import('./PaymentCompleted.js'),
    query: PaymentCompletedQuery,
    variables: ({ search }) => ({ id: globalId('Receipt', search.get('receipt')) }),
    skeleton: 'page',
  },
  {
    path: '/houses/cards',
    grants: ['OCardsCreate', 'SCardsCreate', 'OCardsUpdate', 'SCardsUpdate', 'OCardsDelete', 'SCardsDelete'],
    menu: { group: 'property', label: 'menu.houses_cards' },
    screen: () => import('./HouseCards.js'),
    query: HouseCardsQuery,
    variables: () => ({}),
    skeleton: 'list',
  },
];

import type { AppRoute } from '../../../../routes.js';
import ReceiptsQuery from '../../../../__generated__/ReceiptsQuery.graphql.js';
import ReceiptDetailQuery from '../../../../__generated__/ReceiptDetailQuery.graphql.js';
import ReceiptNotesQuery from '../../../../__generated__/ReceiptNotesQuery.graphql.js';
import { receiptListVariables, receiptVariables } from './variables.js';

const list = {
  screen: () => import('./Receipts.js'),
  query: ReceiptsQuery,
  variables: receiptListVariables,
  skeleton: 'list',
} satisfies Partial<AppRoute>;

// Receipts of a house (spec 1 section 2): the own house's list, any house's list, the detail with its actions, notes.
export const receiptRoutes: AppRoute[] = [
  { path: '/houses/receipts', grants: ['OReceiptsRead', 'SReceiptsRead'], menu: { group: 'property', label: 'menu.houses_receipts' }, ...list },
  { path: '/houses/:houseId/receipts', grants: ['AReceiptsRead'], ...list },
  {
    path: '/houses/:houseId/receipts/:receiptId',
    grants: ['AReceiptsRead', 'OReceiptsRead', 'SReceiptsRead'],
    screen: () => import('./ReceiptDetail.js'),
    query: ReceiptDetailQuery,
    variables: receiptVariables,
    skeleton: 'page',
  },
  {
    path: '/receipts/:receiptId/notes',
    grants: ['AReceiptsRead', 'AReceiptsUpdate', 'OReceiptsRead', 'SReceiptsRead'],
    screen: () => import('./ReceiptNotes.js'),
    query: ReceiptNotesQuery,
    variables: receiptVariables,
    skeleton: 'form',
  },
];

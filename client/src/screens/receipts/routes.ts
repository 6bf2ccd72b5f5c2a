import type { AppRoute } from '../../routes.js';

// Receipts of a house (spec 1 section 2): the own house's list, any house's list, the detail with its actions, notes.
export const receiptRoutes: AppRoute[] = [
  { path: '/houses/receipts', grants: ['OReceiptsRead', 'SReceiptsRead'], menu: { group: 'property', label: 'menu.houses_receipts' } },
];

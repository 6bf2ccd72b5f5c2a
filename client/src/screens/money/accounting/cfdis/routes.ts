import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import CfdisQuery from '../../../../__generated__/CfdisQuery.graphql.js';
import ReceiptCfdisQuery from '../../../../__generated__/ReceiptCfdisQuery.graphql.js';
import { cfdiFilters } from './cfdiRules.js';

/** The community's invoices: administrators with any invoice grant (module FACTURACION removes them all). */
const ADMIN_READERS = ['ACfdiCreate', 'ACfdiDelete', 'APdfCfdiUpdate'];
/** A receipt's invoices: administrators, and owners or co-owners of the house. */
const READERS = [...ADMIN_READERS, 'OCfdiCreate', 'OCfdiDelete', 'SCfdiCreate', 'SCfdiDelete'];

// Spec 2 section 2 (/neighborhood/cfdis) and spec 1 section 2 (/receipts/{receiptId}/cfdis).
export const cfdiRoutes: AppRoute[] = [
  {
    path: '/neighborhood/cfdis',
    grants: ADMIN_READERS,
    menu: { group: 'administration', label: 'cfdis.menu' },
    screen: () => import('./Cfdis.js'),
    query: CfdisQuery,
    variables: ({ search }) => {
      const { status, kind, from, to } = cfdiFilters(search);
      return { ...listVariables(search), filter: { status, kind, from, to } };
    },
    skeleton: 'list',
  },
  {
    path: '/receipts/:receiptId/cfdis',
    grants: READERS,
    screen: () => import('./ReceiptCfdis.js'),
    query: ReceiptCfdisQuery,
    variables: ({ params }) => ({ id: globalId('Receipt', params.receiptId) }),
    skeleton: 'list',
  },
];

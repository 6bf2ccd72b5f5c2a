// GET /api/1.0/neighborhoods/{n}/houses/{h}/stats: the houseStats query (houseStats.ts) in the legacy
// snake_case; the house scope and the grants are the query's.
import { z } from 'zod';
import { globalId, type RestRoute } from '../../../../rest/router.js';

const STATS_SELECTION = `houseDatabaseId asOf pendingReceipts pendingAmount overdueReceipts overdueAmount oldestOverdueDueDate
  paidReceipts paidAmount paidOnTime lastPaymentDate walletsTotal position monthlyPayments { month amount payments }`;

export function legacyHouseStats(s: any) {
  return {
    id_house: s.houseDatabaseId,
    as_of: s.asOf,
    pending_receipts: s.pendingReceipts,
    pending_amount: s.pendingAmount,
    overdue_receipts: s.overdueReceipts,
    overdue_amount: s.overdueAmount,
    oldest_overdue_due_date: s.oldestOverdueDueDate,
    paid_receipts: s.paidReceipts,
    paid_amount: s.paidAmount,
    paid_on_time: s.paidOnTime,
    last_payment_date: s.lastPaymentDate,
    wallets_total: s.walletsTotal,
    position: s.position,
    monthly_payments: s.monthlyPayments,
  };
}

export const houseStatsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses/{h}/stats',
    query: z.object({ months: z.coerce.number().int().min(1).max(36).optional() }),
    operation: `query($houseId: ID, $months: Int) { houseStats(houseId: $houseId, months: $months) { ${STATS_SELECTION} } }`,
    variables: ({ params, query }) => ({ houseId: globalId('House', params.h), months: query.months ?? null }),
    result: (data) => legacyHouseStats(data.houseStats),
  },
];

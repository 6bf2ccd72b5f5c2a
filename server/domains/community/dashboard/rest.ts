// /api/1.0 dashboard routes (spec 2 section 4 "Dashboard", spec 3 "Dashboard data"): debts (the spec's
// "response data.stats": the body's stats, as axios names a body response.data), monthly incomes and
// outcomes, onboarding stats (the body's houses), latest paid and in-review receipts (page size 5). Lists
// answer { total, content } as every legacy list (docs/decisions.md). A widget the account may not see answers 403, as any route without its grant.
import { z } from 'zod';
import { legacyPageQuery, RestError, type RestRoute } from '../../../rest/router.js';
import { legacyReceipt, RECEIPT_SELECTION } from '../../money/receivables/receipts/rest.js';

const FORBIDDEN = () => new RestError(403, 403, 'No tienes permiso para consultar este dato');

/** A widget answers null when the grants miss: the legacy client gets 403. */
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw FORBIDDEN();
  return value;
}

const receiptsQuery = legacyPageQuery.extend({ page_size: z.coerce.number().int().min(1).max(100).default(5) });

const receiptListRoute = (path: string, field: string): RestRoute => ({
  method: 'GET',
  path: `/neighborhoods/{n}/dashboard/${path}`,
  query: receiptsQuery,
  operation: `query($first: Int, $offset: Int) { dashboard { ${field}(first: $first, offset: $offset) { totalCount receipts { ${RECEIPT_SELECTION} } } } }`,
  variables: ({ query }) => ({ first: query.page_size, offset: query.offset }),
  result: (data) => {
    const list = present(data.dashboard[field]);
    return { total: list.totalCount, content: list.receipts.map(legacyReceipt) };
  },
});

export const dashboardRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/dashboard/debts',
    query: z.object({ by: z.enum(['age', 'street', 'AGE', 'STREET']).optional() }),
    operation: `query($by: DebtGrouping) { dashboard { debts(by: $by) { by total houses stats { key amount houses } } } }`,
    variables: ({ query }) => ({ by: query.by ? query.by.toUpperCase() : null }),
    result: (data) => {
      const d = present(data.dashboard.debts);
      return { by: d.by, total: d.total, houses: d.houses, stats: d.stats };
    },
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/dashboard/monthly-incomes',
    query: z.object({ months: z.coerce.number().int().min(1).max(36).optional() }),
    operation: `query($months: Int) { dashboard { monthlyIncomes(months: $months) { month amount payments } } }`,
    variables: ({ query }) => ({ months: query.months ?? null }),
    result: (data) => {
      const months = present(data.dashboard.monthlyIncomes) as unknown[];
      return { total: months.length, content: months };
    },
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/dashboard/monthly-outcomes',
    query: z.object({ month: z.string().max(7).optional() }),
    operation: `query($month: String) { dashboard { monthlyOutcomes(month: $month) { month totalCharged totalPaid concepts { conceptDatabaseId concept amountCharged amountPaid } } } }`,
    variables: ({ query }) => ({ month: query.month ?? null }),
    result: (data) => {
      const o = present(data.dashboard.monthlyOutcomes);
      return {
        total: o.concepts.length,
        content: o.concepts.map((c: { conceptDatabaseId: number | null; concept: string; amountCharged: string; amountPaid: string }) => ({
          id_concept: c.conceptDatabaseId,
          concept: c.concept,
          amount_charged: c.amountCharged,
          amount_paid: c.amountPaid,
        })),
        month: o.month,
        total_charged: o.totalCharged,
        total_paid: o.totalPaid,
      };
    },
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/dashboard/onboarding-stats',
    operation: `{ dashboard { houseStatusCounts { status count } houseStats { total ownerActive ownerPending withoutOwner } } }`,
    result: (data) => {
      const counts = present(data.dashboard.houseStatusCounts) as { status: string; count: number }[];
      const stats = data.dashboard.houseStats;
      return {
        houses: counts.map((c) => ({ status: c.status, total: c.count })),
        house_stats: stats && {
          total: stats.total,
          owner_active: stats.ownerActive,
          owner_pending: stats.ownerPending,
          without_owner: stats.withoutOwner,
        },
      };
    },
  },
  receiptListRoute('latest-paid-receipts', 'latestPaidReceipts'),
  receiptListRoute('latest-in-review-receipts', 'latestInReviewReceipts'),
];

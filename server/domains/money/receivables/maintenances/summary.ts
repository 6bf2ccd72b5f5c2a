// A maintenance in figures (its detail and /maintenances/{id}/incomes): one grouped statement each.
import { formatMoney, money, sumMoney } from '../../../../../core/money.js';
import type { Tx } from '../../../../kernel/context.js';
import type { PaymentMethod } from '../../../../../core/receipts.js';

export interface MaintenanceSummary {
  receipts: number;
  paidReceipts: number;
  pendingReceipts: number;
  charged: string;
  collected: string;
  outstanding: string;
}

type SummaryGroup = { status: string; _count: { _all: number }; _sum: { amount: unknown; transactionTotal: unknown } };

/** The summaries a request asks for, read in one grouped statement per tick (a list page asks for 20). */
const pending = new WeakMap<object, { ids: Set<number>; result: Promise<Map<number, SummaryGroup[]>> }>();
export function maintenanceSummaryOf(ctx: { prisma: Tx }, maintenanceId: number): Promise<MaintenanceSummary> {
  let batch = pending.get(ctx);
  if (!batch) {
    const ids = new Set<number>();
    const result = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      pending.delete(ctx);
      const rows = await ctx.prisma.receipt.groupBy({
        by: ['maintenanceId', 'status'],
        where: { maintenanceId: { in: [...ids] }, deletedAt: null },
        _count: { _all: true },
        _sum: { amount: true, transactionTotal: true },
      });
      const byId = new Map<number, SummaryGroup[]>();
      for (const row of rows) byId.set(row.maintenanceId!, [...(byId.get(row.maintenanceId!) ?? []), row as SummaryGroup]);
      return byId;
    });
    batch = { ids, result };
    pending.set(ctx, batch);
  }
  batch.ids.add(maintenanceId);
  return batch.result.then((byId) => summarize(byId.get(maintenanceId) ?? []));
}

function summarize(groups: SummaryGroup[]): MaintenanceSummary {
  const paid = groups.filter((g) => g.status === 'PAID');
  const open = groups.filter((g) => g.status !== 'PAID');
  const collected = sumMoney(paid.map((g) => (g._sum.transactionTotal as string | null) ?? 0));
  const outstanding = sumMoney(open.map((g) => (g._sum.amount as string | null) ?? 0));
  return {
    receipts: groups.reduce((n, g) => n + g._count._all, 0),
    paidReceipts: paid.reduce((n, g) => n + g._count._all, 0),
    pendingReceipts: open.reduce((n, g) => n + g._count._all, 0),
    charged: formatMoney(sumMoney(groups.map((g) => (g._sum.amount as string | null) ?? 0))),
    collected: formatMoney(collected),
    outstanding: formatMoney(outstanding),
  };
}

export interface MaintenanceIncomes {
  byMethod: { paymentMethod: PaymentMethod; receipts: number; amount: string }[];
  total: string;
}

export async function maintenanceIncomes(tx: Tx, maintenanceId: number): Promise<MaintenanceIncomes> {
  const groups = await tx.receipt.groupBy({
    by: ['paymentMethod'],
    where: { maintenanceId, deletedAt: null, status: 'PAID' },
    _count: { _all: true },
    _sum: { transactionTotal: true },
    orderBy: { paymentMethod: 'asc' },
  });
  const byMethod = groups
    .filter((g) => g.paymentMethod !== null)
    .map((g) => ({ paymentMethod: g.paymentMethod as PaymentMethod, receipts: g._count._all, amount: formatMoney(g._sum.transactionTotal ?? 0) }));
  return { byMethod, total: formatMoney(sumMoney(byMethod.map((l) => money(l.amount)))) };
}

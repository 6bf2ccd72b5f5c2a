// A maintenance in figures (its detail and /maintenances/{id}/incomes): one grouped statement each.
import { formatMoney, money, sumMoney } from '../../../core/money.js';
import type { Tx } from '../../kernel/context.js';
import type { PaymentMethod } from '../../../core/receipts.js';

export interface MaintenanceSummary {
  receipts: number;
  paidReceipts: number;
  pendingReceipts: number;
  charged: string;
  collected: string;
  outstanding: string;
}

export async function maintenanceSummary(tx: Tx, maintenanceId: number): Promise<MaintenanceSummary> {
  const groups = await tx.receipt.groupBy({
    by: ['status'],
    where: { maintenanceId, deletedAt: null },
    _count: { _all: true },
    _sum: { amount: true, transactionTotal: true },
  });
  const paid = groups.filter((g) => g.status === 'PAID');
  const pending = groups.filter((g) => g.status !== 'PAID');
  const collected = sumMoney(paid.map((g) => g._sum.transactionTotal ?? 0));
  const outstanding = sumMoney(pending.map((g) => g._sum.amount ?? 0));
  return {
    receipts: groups.reduce((n, g) => n + g._count._all, 0),
    paidReceipts: paid.reduce((n, g) => n + g._count._all, 0),
    pendingReceipts: pending.reduce((n, g) => n + g._count._all, 0),
    charged: formatMoney(sumMoney(groups.map((g) => g._sum.amount ?? 0))),
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

// Spec 1 section 2 and spec 3 section 6: an OWNER session of a community with required_total_amount_debts is
// sent to pay its debts (decision in docs/decisions.md, "Owners with debts"). The debts that count are the
// dashboard's (server/domains/community/dashboard/money.ts): the house's receipts due before today in the
// community's time zone, not paid, not deleted, not a wallet credit, with an amount above zero.
import { todayIn } from '../../../../core/receipts.js';
import { formatMoney, money } from '../../../../core/money.js';
import type { Viewer } from '../../../auth/viewer.js';
import type { ServiceContext } from '../../../kernel/context.js';

export interface DebtsToPay {
  /** How many overdue receipts. */
  receipts: number;
  /** Their total, two decimals. */
  amount: string;
  /** The oldest due date among them (YYYY-MM-DD). */
  oldestDueDate: string;
}

/** The overdue debts an owner must pay first; null for any other session, or when the community does not ask it. */
export async function debtsToPay(ctx: Pick<ServiceContext, 'prisma'>, viewer: Viewer): Promise<DebtsToPay | null> {
  if (viewer.roleKind !== 'OWNER' || !viewer.houseId || !viewer.neighborhoodId) return null;
  const community = await ctx.prisma.neighborhood.findUnique({
    where: { id: viewer.neighborhoodId },
    select: { requiredTotalAmountDebts: true, timeZone: true, modules: true },
  });
  if (!community?.requiredTotalAmountDebts || !community.modules.includes('COBRANZA')) return null;
  const today = todayIn(community.timeZone);
  const overdue = await ctx.prisma.receipt.aggregate({
    where: {
      neighborhoodId: viewer.neighborhoodId,
      houseId: viewer.houseId,
      deletedAt: null,
      status: { not: 'PAID' },
      creditsWallet: false,
      amount: { gt: 0 },
      dueDate: { lt: new Date(`${today}T00:00:00Z`) },
    },
    _count: { _all: true },
    _sum: { amount: true },
    _min: { dueDate: true },
  });
  if (!overdue._count._all) return null;
  return {
    receipts: overdue._count._all,
    amount: formatMoney(money(String(overdue._sum.amount ?? '0'))),
    oldestDueDate: overdue._min.dueDate!.toISOString().slice(0, 10),
  };
}

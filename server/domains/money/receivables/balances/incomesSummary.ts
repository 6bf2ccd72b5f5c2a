// The incomes summary of a house (/houses/incomes/summary, OIncomesSummaryRead and its S and R variants):
// what the house paid in a year, by month and concept, from its paid receipts.
import { formatMoney, sumMoney } from '../../../../../core/money.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import type { ServiceContext } from '../../../../kernel/context.js';
import { InputError } from '../../../../kernel/errors.js';
import { communityToday } from '../../../../kernel/today.js';

export const INCOMES_SUMMARY_READERS = ['OIncomesSummaryRead', 'SIncomesSummaryRead', 'RIncomesSummaryRead'] as const;

export interface IncomesSummaryLine {
  month: number;
  concept: string;
  receipts: number;
  amount: string;
}

export interface IncomesSummary {
  houseId: number;
  year: number;
  lines: IncomesSummaryLine[];
  total: string;
}

export async function houseIncomesSummary(ctx: ServiceContext, year: number | null): Promise<IncomesSummary> {
  // House users only: their own house.
  const house = await targetHouse(ctx, null, [], 'FOREIGN_HOUSE');
  const y = year ?? Number((await communityToday(ctx.prisma, house.neighborhoodId)).slice(0, 4));
  if (!Number.isInteger(y) || y < 2000 || y > 2100) throw new InputError([{ field: 'year', message: 'El año no es válido' }]);
  const rows = await ctx.prisma.receipt.groupBy({
    by: ['month', 'incomeConceptId'],
    where: { houseId: house.id, neighborhoodId: house.neighborhoodId, deletedAt: null, status: 'PAID', year: y },
    _count: { _all: true },
    _sum: { transactionTotal: true },
    orderBy: [{ month: 'asc' }, { incomeConceptId: 'asc' }],
  });
  const concepts = await ctx.prisma.incomeConcept.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.incomeConceptId))] } },
    select: { id: true, description: true },
  });
  const names = new Map(concepts.map((c) => [c.id, c.description]));
  const lines = rows.map((r) => ({
    month: r.month,
    concept: names.get(r.incomeConceptId) ?? '',
    receipts: r._count._all,
    amount: formatMoney(r._sum.transactionTotal ?? 0),
  }));
  return { houseId: house.id, year: y, lines, total: formatMoney(sumMoney(lines.map((l) => l.amount))) };
}

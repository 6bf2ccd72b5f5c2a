// House.balance: the wallets of every house of a page (the legacy house answers `balances` and
// `unreferenced_debts`), a column of the owners-list statement, else three statements for a whole page.
import { formatMoney } from '../../../../../core/money.js';
import { HouseRef } from '../../../property/houses/house.js';
import { providedColumn, provideHouseColumn } from '../../../property/houses/columns.js';
import { sql } from 'kysely';
import { builder, grants } from '../../../../graphql/builder.js';
import { loadBatched } from '../../../../graphql/batch.js';
import { communityOf, type Tx } from '../../../../kernel/context.js';
import { HouseBalanceRef } from './balance.js';
import { BALANCE_READERS, type HouseBalanceView, type WalletBalanceView } from './service.js';

/** The balance of each of the community's wallets for each house (0 where nothing moved), as balanceOf reads one house. */
export async function balancesOfHouses(tx: Tx, neighborhoodId: number, houseIds: number[]): Promise<Map<number, HouseBalanceView>> {
  const [wallets, sums, pending] = await Promise.all([
    tx.wallet.findMany({
      where: { neighborhoodId },
      orderBy: [{ type: 'asc' }, { id: 'asc' }],
      select: { id: true, type: true, name: true, measuredServiceId: true },
    }),
    tx.ledgerEntry.groupBy({ by: ['houseId', 'walletId'], where: { houseId: { in: houseIds } }, _sum: { amount: true } }),
    tx.receipt.groupBy({
      by: ['houseId'],
      where: { houseId: { in: houseIds }, deletedAt: null, creditsWallet: false, status: { not: 'PAID' } },
      _sum: { amount: true },
    }),
  ]);
  const sum = new Map(sums.map((s) => [`${s.houseId}:${s.walletId}`, s._sum.amount ?? 0]));
  const pendingOf = new Map(pending.map((p) => [p.houseId, p._sum.amount ?? 0]));
  const views = new Map<number, HouseBalanceView>();
  for (const houseId of houseIds) {
    const balances = wallets.map((w) => ({
      walletId: w.id,
      type: w.type,
      name: w.name,
      measuredServiceId: w.measuredServiceId,
      balance: formatMoney(sum.get(`${houseId}:${w.id}`) ?? 0),
    }));
    const of = (type: string) => balances.find((w) => w.type === type)?.balance ?? '0.00';
    views.set(houseId, {
      houseId,
      ordinary: of('ORDINARY'),
      extraordinary: of('EXTRAORDINARY'),
      wallets: balances,
      pendingReceipts: formatMoney(pendingOf.get(houseId) ?? 0),
    });
  }
  return views;
}

provideHouseColumn(
  'balance',
  (neighborhoodId) => sql`json_build_object(
    'wallets', (SELECT COALESCE(json_agg(json_build_object('walletId', w.id, 'type', w.type, 'name', w.name, 'measuredServiceId', w."measuredServiceId",
        'balance', (SELECT COALESCE(sum(le.amount), 0) FROM "LedgerEntry" le WHERE le."houseId" = h.id AND le."walletId" = w.id)::text)
        ORDER BY w.type, w.id), '[]'::json)
      FROM "Wallet" w WHERE w."neighborhoodId" = ${neighborhoodId}),
    'pending', (SELECT COALESCE(sum(rc.amount), 0)::text FROM "Receipt" rc
      WHERE rc."houseId" = h.id AND rc."deletedAt" IS NULL AND NOT rc."creditsWallet" AND rc.status <> 'PAID'))`,
);

interface ReadBalance {
  wallets: { walletId: number; type: WalletBalanceView['type']; name: string; measuredServiceId: number | null; balance: string }[];
  pending: string;
}

/** The view of a balance the owners-list statement read. */
function viewOf(houseId: number, read: ReadBalance): HouseBalanceView {
  const wallets = read.wallets.map((w) => ({ ...w, balance: formatMoney(w.balance) }));
  const of = (type: string) => wallets.find((w) => w.type === type)?.balance ?? '0.00';
  return { houseId, ordinary: of('ORDINARY'), extraordinary: of('EXTRAORDINARY'), wallets, pendingReceipts: formatMoney(read.pending) };
}

builder.objectField(HouseRef, 'balance', (t) =>
  t.field({
    type: HouseBalanceRef,
    nullable: true,
    description: "The house's wallets (houseBalance), read with the rest of the page; null for whoever may not read them",
    ...grants(...BALANCE_READERS),
    unauthorizedResolver: () => null,
    resolve: async (house, _a, ctx) => {
      const read = providedColumn(house, 'balance') as ReadBalance | undefined;
      if (read) return viewOf(house.id, read);
      return (await loadBatched(ctx, 'House.balance', house.id, (ids) => balancesOfHouses(ctx.prisma, communityOf(ctx), ids))) ?? null;
    },
  }),
);

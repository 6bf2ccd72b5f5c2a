// The income concepts every community starts with (the ones the platform charges with itself).
import { SYSTEM_CONCEPTS } from '../../../../../core/incomeConcepts.js';
import type { Tx } from '../../../../kernel/context.js';

/**
 * Creates the community's default income concepts (core SYSTEM_CONCEPTS) in its wallets, none deletable.
 * Called when the community is created; running it again adds only the ones missing (the unique
 * (neighborhoodId, systemKey) index keeps one of each), so it also backfills older communities.
 */
export async function createDefaultIncomeConcepts(tx: Tx, neighborhoodId: number, wallets: { id: number; type: string }[]): Promise<number> {
  const walletOf = (type: string) => wallets.find((w) => w.type === type)?.id;
  const rows = SYSTEM_CONCEPTS.flatMap((c) => {
    const walletId = walletOf(c.wallet);
    if (walletId === undefined) return [];
    return [
      {
        neighborhoodId,
        systemKey: c.key,
        description: c.description,
        walletId,
        deletable: false,
        increaseBalance: 'increaseBalance' in c ? c.increaseBalance : false,
        mandatory: 'mandatory' in c ? c.mandatory : false,
        notifyPayment: 'notifyPayment' in c ? c.notifyPayment : false,
        allowAmount: 'allowAmount' in c ? c.allowAmount : false,
        visibleToOwner: true,
      },
    ];
  });
  const { count } = await tx.incomeConcept.createMany({ data: rows, skipDuplicates: true });
  return count;
}

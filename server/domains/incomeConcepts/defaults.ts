// The income concepts every community starts with (the ones the platform charges with itself).
import type { Tx } from '../../kernel/context.js';

/** Creates the community's default income concepts in its wallets; called once when the community is created. */
export async function createDefaultIncomeConcepts(_tx: Tx, _neighborhoodId: number, _wallets: { id: number; type: string }[]): Promise<void> {}

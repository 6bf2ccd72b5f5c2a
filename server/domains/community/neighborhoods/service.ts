import { DEFAULT_ROLES, ROLE_KINDS } from '../../../../core/grants.js';
import type { Tx } from '../../../kernel/context.js';
import { createDefaultIncomeConcepts } from '../../money/receivables/incomeConcepts/defaults.js';
import type { Module, NeighborhoodType } from '../../../db/generated/enums.js';

export interface NewCommunity {
  name: string;
  domain: string;
  neighborhoodType: NeighborhoodType;
  modules?: Module[];
  postalCode?: string;
  country?: string;
}

export const DEFAULT_WALLETS = [
  { type: 'ORDINARY', name: 'Cuotas ordinarias' },
  { type: 'EXTRAORDINARY', name: 'Cuotas extraordinarias' },
] as const;

/** Creates a community with its own copy of the default role catalogue, its two wallets and its default income concepts. */
export async function createCommunity(prisma: Tx, input: NewCommunity) {
  const community = await prisma.neighborhood.create({
    data: {
      name: input.name,
      domain: input.domain,
      neighborhoodType: input.neighborhoodType,
      modules: input.modules ?? ['BASE'],
      postalCode: input.postalCode,
      country: input.country,
      roles: {
        create: ROLE_KINDS.map((kind) => ({
          kind,
          name: DEFAULT_ROLES[kind].name,
          grants: [...DEFAULT_ROLES[kind].grants],
          forHouse: DEFAULT_ROLES[kind].forHouse,
          allowCreateForHouseUser: DEFAULT_ROLES[kind].allowCreateForHouseUser,
        })),
      },
      wallets: { create: DEFAULT_WALLETS.map((w) => ({ ...w })) },
    },
    include: { roles: true, wallets: true },
  });
  await createDefaultIncomeConcepts(prisma, community.id, community.wallets);
  return community;
}

// ---- who pays the gateway fee (saved with the maintenance settings) ----

/**
 * Sets who pays the online-payment gateway fee inside the caller's transaction (the maintenance settings'
 * save): true adds it to the payer's total, false deducts it from the deposit. Answers the change for the
 * caller's audit record, or null when nothing changed.
 */
export async function setGatewayFeePayer(tx: Tx, neighborhoodId: number, gatewayFeePaidByPayer: boolean): Promise<{ from: boolean; to: boolean } | null> {
  const before = await tx.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { gatewayFeePaidByPayer: true } });
  if (before.gatewayFeePaidByPayer === gatewayFeePaidByPayer) return null;
  await tx.neighborhood.update({ where: { id: neighborhoodId }, data: { gatewayFeePaidByPayer } });
  return { from: before.gatewayFeePaidByPayer, to: gatewayFeePaidByPayer };
}

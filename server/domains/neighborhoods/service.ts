import { DEFAULT_ROLES, ROLE_KINDS } from '../../../core/grants.js';
import type { Prisma } from '../../db/client.js';
import type { Module, NeighborhoodType } from '../../db/generated/enums.js';

export interface NewCommunity {
  name: string;
  domain: string;
  neighborhoodType: NeighborhoodType;
  modules?: Module[];
  postalCode?: string;
  country?: string;
}

/** Creates a community with its own copy of the default role catalogue. */
export async function createCommunity(prisma: Pick<Prisma, 'neighborhood'>, input: NewCommunity) {
  return prisma.neighborhood.create({
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
    },
    include: { roles: true },
  });
}

// The demo's people acting through the app's own services: a service context for a demo account's
// membership in a community, as a signed-in request would build it (server/auth/viewer.ts).
import { createPubSub } from 'graphql-yoga';
import { effectiveGrants } from '../../core/grants.js';
import type { Config } from '../config.js';
import type { PubSubChannels } from '../infra/pubsub.js';
import type { ServiceContext } from '../kernel/context.js';
import type { Database } from './client.js';

export type ActAs = (email: string, houseId?: number) => Promise<ServiceContext>;

/** Service contexts for demo accounts of one community (the seed's events go nowhere: nobody listens yet). */
export function demoActors(db: Database, config: Config, neighborhoodId: number): ActAs {
  const pubsub = createPubSub<PubSubChannels>();
  return async (email, houseId) => {
    const m = await db.prisma.membership.findFirstOrThrow({
      where: { neighborhoodId, active: true, user: { email }, ...(houseId ? { houseId } : {}) },
      include: { role: true, user: true, neighborhood: { select: { modules: true } } },
    });
    const modules = m.neighborhood.modules as string[];
    return {
      db,
      prisma: db.prisma,
      pubsub,
      config,
      ip: 'seed',
      actor: {
        sessionId: '00000000-0000-4000-8000-000000000000',
        userId: m.userId,
        email: m.user.email,
        firstName: m.user.firstName,
        superAdmin: false,
        emailVerified: m.user.emailVerified,
        membershipId: m.id,
        neighborhoodId,
        houseId: m.houseId,
        roleKind: m.role.kind,
        grants: new Set(effectiveGrants(m.role.grants, modules)),
        modules,
        viaCookie: false,
        publicToken: '',
      },
    };
  };
}

import { createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';

export type SessionEventKind = 'SIGNED_OUT' | 'ACCOUNT_SWITCHED' | 'PROFILE_UPDATED';

export interface SessionEvent {
  kind: SessionEventKind;
  sessionId: string;
  at: Date;
}

export type PubSubChannels = {
  'user:session': [userId: number, event: SessionEvent];
};

/** In-process by default; through Redis when REDIS_URL is set, so every instance sees every event. */
export function createAppPubSub(redisUrl?: string) {
  if (!redisUrl) return { pubsub: createPubSub<PubSubChannels>(), close: async () => {} };
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const eventTarget = createRedisEventTarget({
    publishClient,
    subscribeClient,
    serializer: {
      stringify: JSON.stringify,
      parse: (text: string) => JSON.parse(text, (key, value) => (key === 'at' ? new Date(value) : value)),
    },
  });
  return {
    pubsub: createPubSub<PubSubChannels>({ eventTarget }),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

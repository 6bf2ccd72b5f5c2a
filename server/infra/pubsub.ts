import { createPubSub } from 'graphql-yoga';
import type * as RedisEventTarget from '@graphql-yoga/redis-event-target';
import type * as IORedis from 'ioredis';
import { onFirstUse } from './onFirstUse.js';

const ioredis = onFirstUse<typeof IORedis>('ioredis');
const redisEventTarget = onFirstUse<typeof RedisEventTarget>('@graphql-yoga/redis-event-target');

export type SessionEventKind = 'SIGNED_OUT' | 'ACCOUNT_SWITCHED' | 'PROFILE_UPDATED';

export interface SessionEvent {
  kind: SessionEventKind;
  sessionId: string;
  at: Date;
}

/** A receipt's online payment moved (charge answered, webhook, verification): the open pay screen refreshes. */
export interface ReceiptPaymentEvent {
  receiptId: number;
  chargeId: string;
  status: string;
  at: Date;
}

/** Money of a community moved (a payment landed): its dashboard refetches its money widgets. */
export interface CommunityMoneyEvent {
  neighborhoodId: number;
  kind: 'PAYMENT';
  at: Date;
}

/** A booking of an amenity was made, confirmed, cancelled or had its deposit returned: open grids and lists refetch. */
export interface AmenitySlotsEvent {
  amenityId: number;
  kind: 'BOOKED' | 'CONFIRMED' | 'CANCELLED' | 'DEPOSIT_RETURNED';
  at: Date;
}

/** A visitor entered or left (the gate), or the community's visitors changed: open lists refetch, the house's people see the arrival. */
export interface VisitorEvent {
  visitorId: number;
  houseId: number | null;
  origin: 'HOUSE' | 'ADMINISTRATION' | 'SECURITY';
  kind: 'CREATED' | 'UPDATED' | 'DELETED' | 'GET_IN' | 'GET_OUT';
  name: string;
  at: Date;
}

/** The community's feed changed: a post, a vote or a comment; open feeds refetch what they show. */
export interface FeedEvent {
  kind: 'POSTED' | 'DELETED' | 'VOTED' | 'COMMENTED' | 'COMMENT_DELETED';
  postId: number;
  /** Who may hear it: the post's privacy and author (the subscription filters by them). */
  privacy: 'NEIGHBORS' | 'OWNERS' | 'ONLY_ME';
  authorUserId: number;
  /** The house types it targets (empty: all) and its last day (YYYY-MM-DD), as the feed filters them. */
  houseTypeIds: number[];
  expiresAt: string | null;
  at: Date;
}

/** A conversation changed for one of its people: a message, an invitation answered, cancelled or blocked, read or deleted. */
export interface ChatEvent {
  kind: 'MESSAGE' | 'INVITED' | 'ACCEPTED' | 'CANCELLED' | 'BLOCKED' | 'READ' | 'DELETED';
  identifier: string;
  fromUserId: number;
  message?: { id: number; chatId: number; senderUserId: number; senderName: string; text: string; createdAt: Date | string };
  /** The spec's push payload, for the receiver of a message. */
  push?: { pushType: 'DIRECT_MESSAGE'; senderName: string; message: string; title: string; pushUrl: string };
  at: Date;
}

export type PubSubChannels = {
  'user:session': [userId: number, event: SessionEvent];
  'receipt:payment': [receiptId: number, event: ReceiptPaymentEvent];
  'community:money': [neighborhoodId: number, event: CommunityMoneyEvent];
  'amenity:slots': [amenityId: number, event: AmenitySlotsEvent];
  /** Keyed by community: the gate and the community's lists. */
  'visitors:community': [neighborhoodId: number, event: VisitorEvent];
  /** Keyed by house: the house's people. */
  'visitors:house': [houseId: number, event: VisitorEvent];
  /** Keyed by community: open feeds. */
  'feed:community': [neighborhoodId: number, event: FeedEvent];
  /** Keyed by person: every open session of the person (chats are a person's, not a community's). */
  'chat:user': [userId: number, event: ChatEvent];
};

/** In-process by default; through Redis when REDIS_URL is set, so every instance sees every event. */
export function createAppPubSub(redisUrl?: string) {
  if (!redisUrl) return { pubsub: createPubSub<PubSubChannels>(), close: async () => {} };
  const publishClient = new (ioredis().Redis)(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscribeClient = new (ioredis().Redis)(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // The event target does not await publish: a Redis outage is logged, never an unhandled rejection.
  const publish = publishClient.publish.bind(publishClient) as (channel: string, message: string) => Promise<number>;
  (publishClient as unknown as { publish: typeof publish }).publish = (channel, message) =>
    publish(channel, message).catch((error: Error) => {
      console.error(`No se pudo publicar el evento en Redis: ${error.message}`);
      return 0;
    });
  // Nor does it await subscribe or unsubscribe: one refused while Redis is away (or as the app closes) is dropped, not a crash.
  for (const command of ['subscribe', 'unsubscribe'] as const) {
    const call = subscribeClient[command].bind(subscribeClient) as (...channels: string[]) => Promise<unknown>;
    (subscribeClient as unknown as Record<typeof command, typeof call>)[command] = (...channels) => call(...channels).catch(() => undefined);
  }
  publishClient.on('error', () => {});
  subscribeClient.on('error', () => {});
  const eventTarget = redisEventTarget().createRedisEventTarget({
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

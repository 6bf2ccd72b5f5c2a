import type { PubSub } from 'graphql-yoga';
import type { Config } from '../config.js';
import type { Database, Prisma } from '../db/client.js';
import type { Viewer } from '../auth/viewer.js';
import type { PubSubChannels } from './pubsub.js';

export interface Context {
  config: Config;
  db: Database;
  prisma: Prisma;
  pubsub: PubSub<PubSubChannels>;
  viewer: Viewer | null;
  /** A token came with the request but no longer opens a session: the response clears the cookie. */
  staleToken: boolean;
  ip: string;
  userAgent?: string;
  /** Set-Cookie values to add to the HTTP response (sign-in, sign-out). */
  setCookies: string[];
}

/** The viewer inside resolvers guarded by a grant or signedIn scope. */
export function viewerOf(ctx: Context): Viewer {
  if (!ctx.viewer) throw new Error('viewerOf used on a field without an auth scope');
  return ctx.viewer;
}

/** The community of the current account; every community read and write is scoped by it. */
export function tenantOf(ctx: Context): number {
  const id = ctx.viewer?.neighborhoodId;
  if (id == null) throw new Error('tenantOf used without a current community');
  return id;
}

// The plain context every service takes: who acts (the actor) and the database. GraphQL resolvers,
// REST rows, jobs, webhooks and scripts all build one; nothing here knows about GraphQL.
import type { PubSub } from 'graphql-yoga';
import type { Config } from '../config.js';
import type { Database, Prisma } from '../db/client.js';
import type { Viewer } from '../auth/viewer.js';
import type { PubSubChannels } from '../infra/pubsub.js';
import { ForbiddenError, UnauthenticatedError } from './errors.js';

/** The signed-in person acting: user, account (membership), community, house for house users, grants. */
export type Actor = Viewer;

/** A Prisma client inside a transaction (or the client itself, for reads that need no transaction). */
export type Tx = Omit<Prisma, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export interface ServiceContext {
  actor: Actor | null;
  db: Database;
  prisma: Prisma;
  pubsub: PubSub<PubSubChannels>;
  config: Config;
  ip: string;
  userAgent?: string;
  /** The request's Idempotency-Key header: the first write of the request uses it (kernel/write.ts). */
  idempotencyKey?: string | null;
  /** What the header's key protects: the HTTP request's GraphQL document and variables. */
  httpRequest?: { operation: string; input: unknown };
  /** The header's key once claimed for this request (server/graphql/idempotency.ts): its first write marks it. */
  headerIdempotency?: { userId: number; key: string } | null;
}

/** The GraphQL request context: a service context plus what only an HTTP request has. */
export interface Context extends ServiceContext {
  /** A token came with the request but no longer opens a session: the response clears the cookie. */
  staleToken: boolean;
  /** Set-Cookie values to add to the HTTP response (sign-in, sign-out). */
  setCookies: string[];
}

/** A context for work that no request started (jobs, scripts): the system acts, or the given actor. */
export function systemContext(deps: Pick<ServiceContext, 'db' | 'pubsub' | 'config'>, actor: Actor | null = null): ServiceContext {
  return { ...deps, prisma: deps.db.prisma, actor, ip: 'system' };
}

/** The actor of an operation guarded by a grant or signedIn scope. */
export function actorOf(ctx: Pick<ServiceContext, 'actor'>): Actor {
  if (!ctx.actor) throw new UnauthenticatedError();
  return ctx.actor;
}

/** The community of the current account; every community read and write is scoped by it. */
export function communityOf(ctx: Pick<ServiceContext, 'actor'>): number {
  const id = ctx.actor?.neighborhoodId;
  // A session without an account in a community (a super admin's) has no community to act in.
  if (id == null) throw new ForbiddenError('COMMUNITY_NOT_CHOSEN');
  return id;
}

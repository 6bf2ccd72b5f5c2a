// GraphQL subscriptions over graphql-ws on /graphql, through the same envelop plugins as HTTP
// (yoga.getEnveloped), so auth and limits apply to them too.
//
// Browsers: the handshake's Origin must be the configured public address (PUBLIC_URL) or the server's
// own host, so another site cannot open a socket with the visitor's cookie. Clients without an Origin
// (apps, scripts) are not browsers: they authenticate with a bearer token or the session's public
// token, never with a cookie. A socket lives only as long as its session: it is closed with 4401 when
// the session signs out or is ended (the 'user:session' SIGNED_OUT event, through Redis on every
// instance when configured) and, as a backstop, when a periodic check finds the session gone.
//
// Delivery is per instance, not per socket (measured by npm run bench:fanout): the sockets of a session
// share one session check (one event stream per user, one read per session and event), and subscribers
// that would compute the same answer share one execution and one serialized payload (./fanout.ts).
import type { IncomingMessage, Server } from 'node:http';
import { type DocumentNode, type ExecutionResult, getOperationAST, GraphQLError, parse } from 'graphql';
import type { PubSub, YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Database } from '../db/client.js';
import type { Config } from '../config.js';
import type { PubSubChannels } from '../infra/pubsub.js';
import type { Context } from '../kernel/context.js';
import { loadViewer, type Viewer } from '../auth/viewer.js';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.js';
import { unauthenticated } from './errorMapping.js';
import { createFanout } from './fanout.js';

/** Close code of a socket whose session ended (the client signs out). */
export const SESSION_ENDED_CLOSE = 4401;
/** How often an open socket re-checks its session (a backstop for events missed across instances). */
export const SESSION_RECHECK_MS = 60_000;
/** The SIGNED_OUT event itself is delivered to the socket's sessionEvents subscription before it closes. */
const CLOSE_DELAY_MS = 150;

/** Parsed subscription documents by text: sockets of one client share one document (and its validation, cached by yoga per document). */
const DOCUMENT_CACHE_MAX = 500;
/** Longer texts are parsed for their subscription alone: the cache holds at most 500 × 10,000 characters. */
const DOCUMENT_CACHE_TEXT_MAX = 10_000;

type SocketExtra = {
  socketViewer?: Viewer | null;
  request: IncomingMessage;
  socket: WebSocket;
};

/** An Origin a browser may open the socket from: the configured public address or this server's host. */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string | undefined): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl) {
    try {
      if (parsed.origin === new URL(publicUrl).origin) return true;
    } catch {
      // An unparsable PUBLIC_URL allows nothing by itself.
    }
  }
  return !!host && parsed.host === host.toLowerCase();
}

const withSetsSorted = (_key: string, value: unknown) => (value instanceof Set ? [...value].sort() : value);

/** What the result of a subscriber's selection set can depend on besides the event: its viewer, as loaded when it subscribed, and its address. */
function contextKey(ctx: Pick<Context, 'actor' | 'ip' | 'userAgent'>): string {
  return JSON.stringify([ctx.ip, ctx.userAgent ?? null, ctx.actor], withSetsSorted);
}

/**
 * The open sockets of each session on this instance: one 'user:session' stream per user, one session
 * read per session for an event or the periodic check (not one per socket), and the sockets of a session
 * that has ended are closed with 4401.
 */
function createSessionWatch(db: Database, pubsub: PubSub<PubSubChannels> | undefined) {
  interface Watched {
    extra: SocketExtra;
    closing: boolean;
  }
  interface Session {
    userId: number;
    /** The session's viewer as last read, shared by its sockets (one copy per session, not per socket). */
    viewer: Viewer;
    viewerKey: string;
    sockets: Set<Watched>;
    /** The first recheck (a timeout), then the periodic one (an interval): clearInterval ends either. */
    timer: ReturnType<typeof setInterval>;
    checking: boolean;
    again: boolean;
  }
  const sessions = new Map<string, Session>();
  const users = new Map<number, { sessions: Set<string>; events?: AsyncIterator<unknown> }>();

  const close = (watched: Watched) => {
    if (watched.closing) return;
    watched.closing = true;
    setTimeout(() => watched.extra.socket.close(SESSION_ENDED_CLOSE, 'Unauthorized'), CLOSE_DELAY_MS).unref?.();
  };

  /** Reads the session once for all its sockets; an event during the read asks for one more read after it. */
  const recheck = async (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) return;
    if (session.checking) {
      session.again = true;
      return;
    }
    session.checking = true;
    try {
      do {
        session.again = false;
        const read = await loadViewer(db, sessionId, 'id').catch(() => undefined);
        if (read === null) for (const watched of session.sockets) close(watched);
        else if (read) {
          const current = share(read);
          for (const watched of session.sockets) watched.extra.socketViewer = current;
        }
      } while (session.again && sessions.get(sessionId) === session);
    } finally {
      session.checking = false;
    }
  };

  /** The viewer to keep for a socket: the session's own copy when it reads the same, else this newer read (kept as the session's). */
  function share(viewer: Viewer): Viewer {
    const session = sessions.get(viewer.sessionId);
    if (!session) return viewer;
    const key = JSON.stringify(viewer, withSetsSorted);
    if (key === session.viewerKey) return session.viewer;
    session.viewer = viewer;
    session.viewerKey = key;
    return viewer;
  }

  const listen = (userId: number) => {
    const events = pubsub?.subscribe('user:session', userId);
    if (!events) return undefined;
    void (async () => {
      try {
        for await (const event of events) {
          const session = sessions.get(event.sessionId);
          if (!session || session.userId !== userId) continue;
          if (event.kind === 'SIGNED_OUT') for (const watched of session.sockets) close(watched);
          else void recheck(event.sessionId);
        }
      } catch {
        // The event stream ended with the user's last socket.
      }
    })();
    return events;
  };

  /** Watches the socket's session: closes the socket (4401) once it has ended. */
  function watch(extra: SocketExtra) {
    // A socket closed while its connection_init was checked has no close event left to remove it.
    if (extra.socket.readyState === extra.socket.CLOSED) return;
    const viewer = extra.socketViewer!;
    const { sessionId, userId } = viewer;
    const watched: Watched = { extra, closing: false };
    let session = sessions.get(sessionId);
    if (!session) {
      const created: Session = {
        userId,
        viewer,
        viewerKey: JSON.stringify(viewer, withSetsSorted),
        sockets: new Set(),
        timer: undefined as never,
        checking: false,
        again: false,
      };
      // Each session's recheck starts at a random point of the period: sockets opened together (a deploy's
      // reconnections) do not recheck together every minute after.
      created.timer = setTimeout(() => {
        if (sessions.get(sessionId) !== created) return;
        void recheck(sessionId);
        created.timer = setInterval(() => void recheck(sessionId), SESSION_RECHECK_MS);
        created.timer.unref?.();
      }, Math.random() * SESSION_RECHECK_MS);
      created.timer.unref?.();
      session = created;
      sessions.set(sessionId, session);
      let user = users.get(userId);
      if (!user) {
        user = { sessions: new Set() };
        users.set(userId, user);
        user.events = listen(userId);
      }
      user.sessions.add(sessionId);
    }
    const own = session;
    own.sockets.add(watched);
    extra.socket.once('close', () => {
      watched.closing = true;
      own.sockets.delete(watched);
      if (own.sockets.size > 0 || sessions.get(sessionId) !== own) return;
      clearInterval(own.timer);
      sessions.delete(sessionId);
      const user = users.get(userId);
      if (!user) return;
      user.sessions.delete(sessionId);
      if (user.sessions.size > 0) return;
      users.delete(userId);
      void user.events?.return?.();
    });
  }

  return { watch, share };
}

export function attachGraphqlWebsocket(
  server: Server,
  { db, yoga, pubsub, config }: { db: Database; yoga: YogaServerInstance<any, any>; pubsub?: PubSub<PubSubChannels>; config?: Pick<Config, 'publicUrl'> },
) {
  const wsServer = new WebSocketServer({
    server,
    path: '/graphql',
    // Refused at the handshake (403): no socket is opened for another site's page.
    verifyClient: ({ origin, req }: { origin?: string; req: IncomingMessage }, done: (ok: boolean, status?: number, message?: string) => void) =>
      originAllowed(origin || undefined, req.headers.host, config?.publicUrl) ? done(true) : done(false, 403, 'Forbidden'),
  });
  const sessions = createSessionWatch(db, pubsub);
  const fanout = createFanout();
  const documents = new Map<string, DocumentNode>();
  /** The fan-out group and message id of the execution arguments onSubscribe returned. */
  const joins = new WeakMap<object, { key: string; id: string; socket: WebSocket }>();

  const parseCached = (query: string) => {
    let document = documents.get(query);
    if (!document) {
      document = parse(query);
      if (query.length > DOCUMENT_CACHE_TEXT_MAX) return document;
      if (documents.size >= DOCUMENT_CACHE_MAX) documents.clear();
      documents.set(query, document);
    }
    return document;
  };

  useServer<Record<string, unknown>, SocketExtra>(
    {
      // Auth on connection_init: the session's public token, a bearer token, or (browsers only) the cookie.
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const bearer = typeof params.authorization === 'string' ? params.authorization.replace(/^Bearer\s+/i, '').slice(0, 200) : undefined;
        const publicToken = typeof params.publicToken === 'string' ? params.publicToken.slice(0, 200) : undefined;
        const fromBrowser = !!ctx.extra.request.headers.origin;
        const cookie = fromBrowser ? readCookie(ctx.extra.request.headers.cookie, SESSION_COOKIE) : undefined;
        const viewer = publicToken
          ? await loadViewer(db, publicToken, 'public')
          : bearer || cookie
            ? await loadViewer(db, (bearer || cookie)!, 'session')
            : null;
        if (!viewer) return false;
        ctx.extra.socketViewer = sessions.share(viewer);
        sessions.watch(ctx.extra);
        return true;
      },
      execute: (args: any) => args.rootValue.execute(args),
      // The subscriber's own subscribe phase (auth, the field's checks), then its group's shared stream.
      subscribe: async (args: any) => {
        const result: AsyncIterable<ExecutionResult> | ExecutionResult = await args.rootValue.subscribe(args);
        const join = joins.get(args);
        joins.delete(args);
        if (!join || !(Symbol.asyncIterator in Object(result))) return result;
        const { socket } = join;
        const member = fanout.join(join.key, join.id, (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator](), (text) => {
          if (socket.readyState !== socket.OPEN) return;
          try {
            socket.send(text);
          } catch {
            // The socket is closing: graphql-ws ends its subscriptions.
          }
        });
        // graphql-ws keeps the arguments for the subscription's life: the context and the enveloped
        // functions are the group's stream's business now (a member's own stream is closed), so let them go.
        args.contextValue = undefined;
        args.rootValue = undefined;
        return member;
      },
      onSubscribe: async (ctx, id, params) => {
        let document: DocumentNode;
        try {
          document = parseCached(params.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('La operación no es válida')];
        }
        // The socket carries subscriptions only: queries and mutations go over HTTP with the session token.
        if (getOperationAST(document, params.operationName)?.operation !== 'subscription') {
          return [new GraphQLError('Este canal solo acepta suscripciones')];
        }
        // The session may have ended since connection_init (sign-out, password change, device closed).
        const read = ctx.extra.socketViewer ? await loadViewer(db, ctx.extra.socketViewer.sessionId, 'id') : null;
        if (!read) {
          ctx.extra.socket.close(SESSION_ENDED_CLOSE, 'Unauthorized');
          return [unauthenticated()];
        }
        const current = sessions.share(read);
        ctx.extra.socketViewer = current;
        const {
          schema: envelopedSchema,
          execute,
          subscribe,
          contextFactory: envelopContext,
          validate,
        } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
          socketViewer: current,
        });
        const contextValue = (await envelopContext()) as unknown as Context;
        const args = {
          schema: envelopedSchema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue,
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        const key = [params.query, params.operationName ?? '', JSON.stringify(params.variables ?? null), contextKey(contextValue)].join('\u0000');
        joins.set(args, { key, id, socket: ctx.extra.socket });
        return args;
      },
    },
    wsServer,
  );
  return wsServer;
}

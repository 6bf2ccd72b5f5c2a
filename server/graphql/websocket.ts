// GraphQL subscriptions over graphql-ws on /graphql, through the same envelop plugins as HTTP
// (yoga.getEnveloped), so auth and limits apply to them too.
//
// Browsers: the handshake's Origin must be the configured public address (PUBLIC_URL) or the server's
// own host, so another site cannot open a socket with the visitor's cookie. Clients without an Origin
// (apps, scripts) are not browsers: they authenticate with a bearer token or the session's public
// token, never with a cookie. A socket lives only as long as its session: it is closed with 4401 when
// the session signs out or is ended (the 'user:session' SIGNED_OUT event, through Redis on every
// instance when configured) and, as a backstop, when a periodic check finds the session gone.
import type { IncomingMessage, Server } from 'node:http';
import { getOperationAST, GraphQLError, parse } from 'graphql';
import type { PubSub, YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Database } from '../db/client.js';
import type { Config } from '../config.js';
import type { PubSubChannels } from '../infra/pubsub.js';
import { loadViewer, type Viewer } from '../auth/viewer.js';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.js';
import { unauthenticated } from './errorMapping.js';

/** Close code of a socket whose session ended (the client signs out). */
export const SESSION_ENDED_CLOSE = 4401;
/** How often an open socket re-checks its session (a backstop for events missed across instances). */
export const SESSION_RECHECK_MS = 60_000;
/** The SIGNED_OUT event itself is delivered to the socket's sessionEvents subscription before it closes. */
const CLOSE_DELAY_MS = 150;

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

  /** Watches the socket's session: closes the socket (4401) once it has ended. */
  function watchSession(extra: SocketExtra) {
    const socket = extra.socket;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      setTimeout(() => socket.close(SESSION_ENDED_CLOSE, 'Unauthorized'), CLOSE_DELAY_MS).unref?.();
    };
    const recheck = async () => {
      const current = extra.socketViewer ? await loadViewer(db, extra.socketViewer.sessionId, 'id').catch(() => undefined) : null;
      if (current === null) close();
      else if (current) extra.socketViewer = current;
    };
    const timer = setInterval(() => void recheck(), SESSION_RECHECK_MS);
    timer.unref?.();
    const viewer = extra.socketViewer!;
    const events = pubsub?.subscribe('user:session', viewer.userId);
    if (events) {
      void (async () => {
        try {
          for await (const event of events) {
            if (event.sessionId !== viewer.sessionId) continue;
            if (event.kind === 'SIGNED_OUT') close();
            else void recheck();
          }
        } catch {
          // The event stream ended with the socket.
        }
      })();
    }
    socket.once('close', () => {
      closed = true;
      clearInterval(timer);
      void events?.return?.();
    });
  }

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
        ctx.extra.socketViewer = viewer;
        watchSession(ctx.extra);
        return true;
      },
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        let document: import('graphql').DocumentNode;
        try {
          document = parse(params.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('La operación no es válida')];
        }
        // The socket carries subscriptions only: queries and mutations go over HTTP with the session token.
        if (getOperationAST(document, params.operationName)?.operation !== 'subscription') {
          return [new GraphQLError('Este canal solo acepta suscripciones')];
        }
        // The session may have ended since connection_init (sign-out, password change, device closed).
        const current = ctx.extra.socketViewer ? await loadViewer(db, ctx.extra.socketViewer.sessionId, 'id') : null;
        if (!current) {
          ctx.extra.socket.close(SESSION_ENDED_CLOSE, 'Unauthorized');
          return [unauthenticated()];
        }
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
        const args = {
          schema: envelopedSchema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await envelopContext(),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wsServer,
  );
  return wsServer;
}

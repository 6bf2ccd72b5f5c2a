// GraphQL subscriptions over graphql-ws on /graphql, through the same envelop plugins as HTTP
// (yoga.getEnveloped), so auth and limits apply to them too.
import type { Server } from 'node:http';
import { getOperationAST, GraphQLError, parse } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Database } from '../db/client.js';
import { loadViewer, type Viewer } from '../auth/viewer.js';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.js';

export function attachGraphqlWebsocket(server: Server, { db, yoga }: { db: Database; yoga: YogaServerInstance<any, any> }) {
  const wsServer = new WebSocketServer({ server, path: '/graphql' });
  useServer<Record<string, unknown>, { socketViewer?: Viewer | null; request: import('node:http').IncomingMessage; socket: import('ws').WebSocket }>(
    {
      // Auth on connection_init: the session's public_token, a bearer token, or the browser's cookie.
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const bearer = typeof params.authorization === 'string' ? params.authorization.replace(/^Bearer\s+/i, '') : undefined;
        const publicToken = typeof params.publicToken === 'string' ? params.publicToken : undefined;
        const cookie = readCookie(ctx.extra.request.headers.cookie, SESSION_COOKIE);
        const viewer = publicToken
          ? await loadViewer(db, publicToken, 'public')
          : bearer || cookie
            ? await loadViewer(db, (bearer || cookie)!, 'session')
            : null;
        if (!viewer) return false;
        ctx.extra.socketViewer = viewer;
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
          ctx.extra.socket.close(4401, 'Unauthorized');
          return [new GraphQLError('Tu sesión ha terminado. Inicia sesión de nuevo')];
        }
        ctx.extra.socketViewer = current;
        const { schema: envelopedSchema, execute, subscribe, contextFactory: envelopContext, validate } = yoga.getEnveloped({
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


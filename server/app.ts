// buildApp(config): the whole server as a fetch handler plus a WebSocket attachment; tests start it in-process.
import { contentSecurityPolicy, originsOf } from './http/csp.js';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { createYoga, type Plugin } from 'graphql-yoga';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { getOperationAST, NoSchemaIntrospectionCustomRule, validate } from 'graphql';
import type { WebSocketServer } from 'ws';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { isEmpty, seedDemo } from './db/seed.js';
import { projectRoot } from './db/migrate.js';
import { schema } from './graphql/schema.js';
import type { Context, ServiceContext } from './kernel/context.js';
import { createAppPubSub } from './infra/pubsub.js';
import { viewerForToken, type Viewer } from './auth/viewer.js';
import { clearSessionCookie, tokenFromHeaders } from './auth/cookies.js';
import { COMMUNITY_HEADER, createRestHandler, REST_PREFIX } from './rest/handler.js';
import { createRouteAccess } from './rest/access.js';
import { restRoutes } from './rest/routes.js';
import { maskUnexpected, toGraphQLError, unauthenticated } from './graphql/errorMapping.js';
import { NotFoundError } from './kernel/errors.js';
import { attachGraphqlWebsocket } from './graphql/websocket.js';
import { useIdempotencyKeys } from './graphql/idempotency.js';
import { startMailer } from './infra/mail/sender.js';
import { startJobs, type JobRunner } from './infra/jobs.js';
import './infra/housekeeping.js';
import { MAILBOX_PATH, mailboxAllowed, mailboxPage } from './infra/mail/mailbox.js';
import { FILES_PATH, handleFiles } from './infra/files/http.js';
import { handleSandboxGateway, SANDBOX_GATEWAY_PREFIX } from './infra/gateway/sandbox/handler.js';
import { connectSandboxWebhooks } from './infra/gateway/sandbox/webhooks.js';
import { provideGatewayKeys } from './infra/gateway/keys.js';
import { communityGatewayKeys } from './domains/community/neighborhoods/keys.js';
import { receiveGatewayWebhook } from './domains/money/receivables/payments/webhooks.js';
import { DOWNLOADS_PATH, serveDownload } from './domains/platform/downloads/service.js';
import { systemContext } from './kernel/context.js';

/** POST /webhooks/openpay/{neighborhoodId}: the gateway's notifications (the URL configured at the gateway). */
const WEBHOOK_PATH = /^\/webhooks\/openpay\/(\d{1,9})$/;
const webhookPath = (neighborhoodId: number) => `/webhooks/openpay/${neighborhoodId}`;
import { MAX_FILE_BYTES } from './infra/files/service.js';
import { useInputArmor } from './graphql/inputArmor.js';
import { BodyTooLargeError, limitBody, MAX_JSON_BYTES } from './http/bodyLimit.js';
import { corsPolicy } from './http/cors.js';
import { currentRequestId, logError, logUnexpected, requestIdFor, withRequestId, yogaLogger } from './http/requestLog.js';
import { refusedMethod } from './http/methods.js';
import { Response } from './http/response.js';

// The project root whether running from server/ (tsx) or compiled from dist/server/.
const root = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
// CLIENT_DIST lets parallel builds (and their browser tests) use their own output folder.
const clientDist = process.env.CLIENT_DIST ? path.resolve(process.env.CLIENT_DIST) : path.join(root, 'client/dist');

export interface App {
  fetch: (request: Request, serverContext?: object) => Promise<Response>;
  attachWebsocket: (server: Server) => WebSocketServer;
  db: Database;
  config: Config;
  /** The jobs runner of this instance (tests call runDue instead of waiting for its poll). */
  jobs: JobRunner;
  /** The events of this instance (through Redis when REDIS_URL is set). */
  pubsub: ServiceContext['pubsub'];
  close: () => Promise<void>;
}

interface ServerContext {
  req?: { socket?: { remoteAddress?: string } };
  /** Set by the WebSocket server: the viewer resolved at connection_init. */
  socketViewer?: Viewer | null;
}

export const QUERY_LIMITS = {
  maxDepth: 12,
  maxAliases: 15,
  maxTokens: 4000,
  maxCost: 50000,
  maxDirectives: 20,
};

/** `database`: one already being opened for `config` (server/main.ts opens it while the modules load). */
export async function buildApp(config: Config, options: { trustProxy?: boolean; databaseSnapshot?: Blob; database?: Promise<Database> } = {}): Promise<App> {
  // Infrastructure reads the communities' gateway keys through an interface; the community settings implement it.
  provideGatewayKeys(communityGatewayKeys);
  const db = await (options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, loadDataDir: options.databaseSnapshot }));
  try {
    await db.migrate();
    if (config.seed === 'demo' && (await isEmpty(db.prisma))) await seedDemo(db, config);
  } catch (error) {
    await db.close();
    throw error;
  }
  const { pubsub, close: closePubSub } = createAppPubSub(config.redisUrl);
  // Delivers the e-mail outbox through SMTP in the background (polls, and is kicked by queueEmail).
  const mailer = startMailer(config, db.prisma);
  // Scheduled and background work (server/infra/jobs.ts); tests run it explicitly.
  const jobs = startJobs({ db, pubsub, config }, { pollMs: config.jobsPollMs ?? (config.env === 'test' ? 0 : 30_000), leaseMs: config.jobsLeaseMs });
  const cookiesToSet = new WeakMap<Request, string[]>();

  function clientIp(request: Request | undefined, serverContext: ServerContext): string {
    // The right-most X-Forwarded-For entry is the one the trusted proxy added; the others come from the client.
    const forwarded = options.trustProxy ? request?.headers.get('x-forwarded-for')?.split(',').pop()?.trim() : undefined;
    return forwarded || serverContext.req?.socket?.remoteAddress || '127.0.0.1';
  }

  const contextFactory = async (
    initial: ServerContext & { request?: Request; params?: { query?: string; operationName?: string | null; variables?: unknown } },
  ): Promise<Context> => {
    const request = initial.request;
    const setCookies: string[] = [];
    if (request) cookiesToSet.set(request, setCookies);
    let viewer: Viewer | null = null;
    let staleToken = false;
    if (initial.socketViewer !== undefined) {
      viewer = initial.socketViewer;
    } else if (request) {
      const { token, viaCookie } = tokenFromHeaders(request.headers);
      if (token) {
        viewer = await viewerForToken(db, token);
        if (!viewer) {
          staleToken = true;
          if (viaCookie) setCookies.push(clearSessionCookie(config.secureCookies));
        }
      }
      const community = request.headers.get(COMMUNITY_HEADER);
      if (community && viewer && String(viewer.neighborhoodId) !== community) {
        throw toGraphQLError(new NotFoundError('COMMUNITY_NOT_FOUND'));
      }
    }
    return {
      config,
      db,
      prisma: db.prisma,
      pubsub,
      actor: viewer,
      staleToken,
      idempotencyKey: request?.headers.get('idempotency-key') ?? null,
      httpRequest: initial.params
        ? { operation: `${initial.params.operationName ?? ''}\n${initial.params.query ?? ''}`, input: initial.params.variables ?? null }
        : undefined,
      ip: clientIp(request, initial),
      userAgent: request?.headers.get('user-agent') ?? undefined,
      setCookies,
    };
  };

  // A token that no longer opens a session answers 401 (the client closes the session), not an anonymous result.
  const staleTokenIs401: Plugin<Context> = {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as Context;
      if (ctx.staleToken && !isPublicOperation(args.document)) {
        setResultAndStopExecution({
          errors: [unauthenticated()],
        });
      }
    },
  };

  // Introspection: development, or API clients signed in with a bearer token (checked once the viewer is known).
  const introspectionGate: Plugin<Context> = {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as Context;
      if (config.env === 'development' || (ctx.actor && !ctx.actor.viaCookie)) return;
      const text = args.document.loc?.source.body;
      if (text && !/__(schema|type)\b/.test(text)) return;
      const errors = validate(args.schema, args.document, [NoSchemaIntrospectionCustomRule]);
      if (errors.length) setResultAndStopExecution({ errors });
    },
  };

  const setCookiesOnResponse: Plugin = {
    onResponse({ request, response }) {
      for (const cookie of cookiesToSet.get(request) ?? []) response.headers.append('set-cookie', cookie);
    },
  };

  const yoga = createYoga<ServerContext, Context>({
    schema,
    context: contextFactory as never,
    graphqlEndpoint: '/graphql',
    graphiql: config.env === 'development' ? { title: 'Comunidad · GraphQL', subscriptionsProtocol: 'WS' } : false,
    landingPage: false,
    logging: config.env === 'test' ? false : yogaLogger(),
    maskedErrors: { maskError: maskUnexpected(config.env !== 'production', logError, currentRequestId) },
    // CORS is answered for the whole app (server/http/cors.ts): Yoga's reflects any origin.
    cors: false,
    // route() limits the body before Yoga sees it (limitBody): Yoga's own limit piped every request's body
    // through one more stream, a sixth of a small query's cost.
    maxRequestBodySize: false,
    plugins: [
      useCSRFPrevention({ requestHeaders: ['x-graphql-csrf'] }),
      EnvelopArmorPlugin({
        // Fragments count as what they select, not as one more level: the limits do not depend on spelling.
        maxDepth: { n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
        maxAliases: { n: QUERY_LIMITS.maxAliases },
        maxTokens: { n: QUERY_LIMITS.maxTokens },
        costLimit: { maxCost: QUERY_LIMITS.maxCost, ignoreIntrospection: true, flattenFragments: true },
        maxDirectives: { n: QUERY_LIMITS.maxDirectives },
        blockFieldSuggestion: { enabled: config.env === 'production' },
      }),
      useInputArmor(),
      useIdempotencyKeys(),
      introspectionGate,
      staleTokenIs401,
      setCookiesOnResponse,
      // Compiled execution (graphql-jit) for queries and mutations: measured by npm run bench. Subscriptions
      // run on graphql-js: graphql-jit 0.8 hands a subscription field's subscribe() the operation's variables
      // as its arguments, so `$id` or an inline literal instead of `$receiptId` broke the subscription.
      useGraphQlJit({}, { enableIf: (args) => getOperationAST(args.document, args.operationName)?.operation !== 'subscription' }),
    ],
  });

  const serveLink = (url: string) => serveDownload({ db, pubsub, config }, url.slice(DOWNLOADS_PATH.length + 1));
  const handleRest = createRestHandler(
    yoga,
    restRoutes,
    serveLink,
    createRouteAccess(schema, (token) => viewerForToken(db, token)),
  );

  // Built files are immutable between deploys: gzip each once and keep it in memory.
  const gzipped = new Map<string, Buffer>();
  async function fileBody(file: string, acceptsGzip: boolean): Promise<{ body: Buffer; gzip: boolean }> {
    const compressible = /\.(js|css|html|svg|json)$/.test(file);
    if (!acceptsGzip || !compressible) return { body: await readFile(file), gzip: false };
    let body = gzipped.get(file);
    if (!body) {
      body = gzipSync(await readFile(file), { level: 9 });
      gzipped.set(file, body);
    }
    return { body, gzip: true };
  }

  /** The page's Content-Security-Policy, with the communities' welcome origins (one small read per page load). */
  async function pagePolicy(): Promise<string> {
    const rows = await db.prisma.neighborhood.findMany({ where: { welcomeUrl: { not: null } }, select: { welcomeUrl: true }, distinct: ['welcomeUrl'] });
    return contentSecurityPolicy(originsOf(rows.map((r) => r.welcomeUrl)));
  }

  async function serveClient(request: Request, url: URL): Promise<Response> {
    const acceptsGzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    } catch {
      return new Response('Ruta inválida', { status: 400 });
    }
    const file = path.join(clientDist, relative);
    if (file.startsWith(clientDist + path.sep) && (await isFile(file))) {
      const { body, gzip } = await fileBody(file, acceptsGzip);
      return new Response(new Uint8Array(body), {
        headers: {
          'content-type': contentType(file),
          'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
        },
      });
    }
    const index = path.join(clientDist, 'index.html');
    if (await isFile(index))
      return new Response(await readFile(index), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': await pagePolicy() },
      });
    return new Response(CLIENT_NOT_BUILT, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }

  const cors = corsPolicy(config.publicUrl);

  /** The payment gateway's notifications of a community (authenticated and processed by the payments domain). */
  async function gatewayWebhook(request: Request, neighborhoodId: number): Promise<Response> {
    let body: string;
    try {
      body = await (await limitBody(request, MAX_JSON_BYTES)).text();
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      return Response.json({ description: 'La notificación es demasiado grande' }, { status: 413 });
    }
    const answer = await receiveGatewayWebhook(systemContext({ db, pubsub, config }), neighborhoodId, request.headers, body);
    return Response.json(answer.body, { status: answer.status });
  }

  /** Every answer carries its request id (x-request-id) and the CORS headers of the configured origin only. */
  async function fetch(request: Request, serverContext: object = {}): Promise<Response> {
    const requestId = requestIdFor(request, !!options.trustProxy);
    const preflight = cors.preflight(request);
    if (preflight) return withHeader(preflight, 'x-request-id', requestId);
    const refused = refusedMethod(request, requestId);
    if (refused) return withHeader(refused, 'x-request-id', requestId);
    const response = await withRequestId(requestId, () => route(request, serverContext, requestId));
    return cors.apply(request, withHeader(response, 'x-request-id', requestId));
  }

  async function route(request: Request, serverContext: object, requestId: string): Promise<Response> {
    const url = new URL(request.url);
    try {
      if (url.pathname === '/graphql' || url.pathname.startsWith('/graphql/')) {
        const multipart = /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '');
        let limited: Request;
        try {
          limited = await limitBody(request, multipart ? MAX_FILE_BYTES + 64 * 1024 : MAX_JSON_BYTES);
        } catch (error) {
          if (!(error instanceof BodyTooLargeError)) throw error;
          const message = multipart ? 'El archivo debe pesar como máximo 10 MB' : 'La solicitud es demasiado grande (máximo 1 MB)';
          return Response.json(
            { errors: [{ message, extensions: { code: 'PAYLOAD_TOO_LARGE', reason: 'REQUEST_TOO_LARGE', legacyCode: 413 } }] },
            { status: 413 },
          );
        }
        return await yoga.handleRequest(limited, serverContext as ServerContext);
      }
      if (url.pathname === FILES_PATH || url.pathname.startsWith(`${FILES_PATH}/`))
        return await handleFiles(db, request, url.pathname, clientIp(request, serverContext as ServerContext));
      if (url.pathname === REST_PREFIX || url.pathname.startsWith(`${REST_PREFIX}/`)) return await handleRest(request, serverContext);
      if (url.pathname.startsWith(`${DOWNLOADS_PATH}/`)) {
        return request.method === 'GET'
          ? await serveLink(url.pathname)
          : Response.json({ code: 405, description: 'Las descargas solo se piden con GET' }, { status: 405, headers: { allow: 'GET' } });
      }
      if (url.pathname === MAILBOX_PATH) {
        return mailboxAllowed(config, request, (serverContext as ServerContext).req?.socket?.remoteAddress)
          ? await mailboxPage(db.prisma, mailer.smtp)
          : new Response('No encontrado', { status: 404 });
      }
      if (url.pathname.startsWith(`${SANDBOX_GATEWAY_PREFIX}/`))
        return config.paymentGateway === 'sandbox' ? await handleSandboxGateway({ db, config }, request) : new Response('No encontrado', { status: 404 });
      const webhook = url.pathname.match(WEBHOOK_PATH);
      if (webhook && request.method === 'POST') return await gatewayWebhook(request, Number(webhook[1]));
      if (url.pathname === '/health') return Response.json({ ok: true, database: db.kind, sqlStatements: db.statements() });
      return await serveClient(request, url);
    } catch (error) {
      logUnexpected(error, requestId);
      return Response.json(
        { code: 500, description: 'Ocurrió un error inesperado. Intenta más tarde o escríbenos a soporte', request_id: requestId },
        { status: 500 },
      );
    }
  }

  // The built-in sandbox gateway POSTs its webhooks to this app's endpoint, through this fetch handler (as the
  // adapter reaches the sandbox): the whole HTTP path runs, without a port. No job runs before buildApp returns.
  const publicBase = config.publicUrl?.replace(/\/+$/, '') ?? `http://localhost:${config.port}`;
  connectSandboxWebhooks(db, { url: (neighborhoodId) => `${publicBase}${webhookPath(neighborhoodId)}`, send: (request) => fetch(request) });

  const attachWebsocket = (server: Server) => attachGraphqlWebsocket(server, { db, yoga, pubsub, config });

  return {
    fetch,
    attachWebsocket,
    db,
    config,
    jobs,
    pubsub,
    close: async () => {
      await jobs.stop();
      await mailer.stop();
      await closePubSub();
      await db.close();
    },
  };
}

/**
 * Operations a signed-out visitor uses: a dead cookie must not stop them with a 401. `session` answers
 * null (and the cookie is cleared), which is how the client learns to show sign-in.
 */
const PUBLIC_ROOT_FIELDS = [
  'session',
  'signIn',
  'signUpCommunity',
  'requestPasswordRecovery',
  'passwordCode',
  'setupPassword',
  'verifyEmail',
  'signupCode',
  'resendSignupCode',
  'saveSignupProfile',
  'completeSignup',
  'onboardingCommunity',
  'registerOnboardingOwner',
  'publicRevisionSpace',
  'publicVisitor',
  'sendContactRequest',
];

/** Whether the operation asks for a public root field, however it is spelled (inline fragments, named fragments). */
function isPublicOperation(document: import('graphql').DocumentNode) {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [[d.name.value, d] as const] : [])));
  const asksPublic = (selections: readonly import('graphql').SelectionNode[], depth = 0): boolean =>
    depth < 10 &&
    selections.some((s) => {
      if (s.kind === 'Field') return PUBLIC_ROOT_FIELDS.includes(s.name.value);
      const fragment = s.kind === 'InlineFragment' ? s : fragments.get(s.name.value);
      return !!fragment && asksPublic(fragment.selectionSet.selections, depth + 1);
    });
  return document.definitions.some((d) => d.kind === 'OperationDefinition' && asksPublic(d.selectionSet.selections));
}

/** The response with one more header (a copy when its headers are immutable, as Response.redirect's). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

async function isFile(file: string) {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function contentType(file: string) {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

const CLIENT_NOT_BUILT = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Comunidad</title>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto">
<h1>El cliente web no está construido</h1>
<p>El servidor está funcionando: la API GraphQL está en <code>/graphql</code> y la API REST en <code>/api/1.0</code>.
Para construir el cliente ejecuta <code>npm run build</code>.</p></body></html>`;

import { GraphQLError, type ExecutionResult } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';
import { compileRoutes, LinkedDownload, legacyError, matchRoute, RestError, statusForCode, zodDescription, type RestRoute } from './router.js';
import { hasForbiddenCharacters, nestingProblem } from '../graphql/inputArmor.js';
import { BodyTooLargeError, limitBody, MAX_JSON_BYTES } from '../http/bodyLimit.js';
import { CSRF_MESSAGE, hasCsrfHeader } from '../http/csrf.js';
import { currentRequestId, logRefusal } from '../http/requestLog.js';
import { tokenFromHeaders } from '../auth/cookies.js';
import { isResponse, Response } from '../http/response.js';

export const REST_PREFIX = '/api/1.0';
export const COMMUNITY_HEADER = 'x-legacy-community';
const MAX_BODY_BYTES = MAX_JSON_BYTES;
/** Characters of a path parameter (ids, codes, domains) and of a query-string value. */
export const MAX_PARAM_LENGTH = 200;
export const MAX_QUERY_VALUE_LENGTH = 1_000;

/** The first problem of the path parameters and query string (NUL bytes, lone surrogates, over-long values), or null. */
export function urlInputProblem(params: Record<string, string>, searchParams: URLSearchParams): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (hasForbiddenCharacters(value)) return `El parámetro ${name} de la ruta contiene caracteres no permitidos`;
    if (value.length > MAX_PARAM_LENGTH) return `El parámetro ${name} de la ruta debe tener como máximo ${MAX_PARAM_LENGTH} caracteres`;
  }
  for (const [name, value] of searchParams) {
    const shown = name.length > 40 || hasForbiddenCharacters(name) ? 'de la consulta' : name;
    if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value)) return `El parámetro ${shown} contiene caracteres no permitidos`;
    if (name.length > MAX_PARAM_LENGTH || value.length > MAX_QUERY_VALUE_LENGTH) {
      return `El parámetro ${shown} debe tener como máximo ${MAX_QUERY_VALUE_LENGTH.toLocaleString('en-US')} caracteres`;
    }
  }
  return null;
}

/** Printable ASCII: what a header value carries unchanged (Headers refuses code points above 255 with a TypeError). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

type Yoga = YogaServerInstance<any, any>;

/** The refusal of a caller the route's grants keep out (rest/access.ts), asked before answering a validation error. */
export type RouteAccess = (request: Request, operation: string, community: string | undefined) => Promise<Response | null>;

export function createRestHandler(yoga: Yoga, routes: RestRoute[], serveLink: (url: string) => Promise<Response>, access?: RouteAccess) {
  const compiled = compileRoutes(routes);
  const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  /** The Allow header a 405 carries (RFC 9110 section 15.5.6): the methods the path answers. */
  const allowOf = (path: string) =>
    [...new Set(compiled.filter((r) => r.pattern.test(path)).map((r) => r.method))]
      .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
      .join(', ');

  /** Answers one legacy request; refusals made before the GraphQL operation runs are logged (one line at debug), the operation's own by the error mapping. */
  return async function handleRest(request: Request, serverContext: object): Promise<Response> {
    const ran = { graphql: false };
    const response = await answer(request, serverContext, ran);
    if (!ran.graphql && response.status >= 400 && process.env.LOG_LEVEL === 'debug') {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { description?: string } | null;
      logRefusal(`REST ${response.status}`, `${request.method} ${new URL(request.url).pathname}: ${body?.description ?? ''}`);
    }
    return response;
  };

  async function answer(request: Request, serverContext: object, ran: { graphql: boolean }): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(REST_PREFIX.length) || '/';
    const { route, params, pathMatched, malformed } = matchRoute(compiled, request.method, path) as ReturnType<typeof matchRoute> & {
      params?: Record<string, string>;
      malformed?: boolean;
    };
    if (malformed) return legacyError(400, 400, 'La ruta contiene caracteres no válidos');
    if (!route) {
      return pathMatched
        ? legacyError(405, 405, `El método ${request.method} no está permitido en ${url.pathname}`, { allow: allowOf(path) })
        : legacyError(404, 404, `La ruta ${url.pathname} no existe`);
    }

    const urlProblem = urlInputProblem(params ?? {}, url.searchParams);
    if (urlProblem) return legacyError(400, 400, urlProblem);
    // {n} travels to GraphQL in a header. Community ids are digits: what a header cannot carry (an emoji,
    // a line break) names no community; a caller the route keeps out hears that first, as for any other id.
    if (params?.n !== undefined && !HEADER_SAFE.test(params.n)) {
      return (await access?.(request, route.operation, params.n)) ?? legacyError(404, 404, 'La comunidad solicitada no existe');
    }
    // CSRF: a browser adds the session cookie to another site's multipart form and to a plain link (GET).
    // Uploads and GET routes that change something need the header the app sends when the cookie
    // authenticates; bearer-token clients do not (no browser adds their token by itself).
    if ((route.multipart || (request.method === 'GET' && /^\s*mutation\b/.test(route.operation))) && !hasCsrfHeader(request)) {
      const { token, viaCookie } = tokenFromHeaders(request.headers);
      if (token && viaCookie) return legacyError(403, 403, CSRF_MESSAGE);
    }

    // A caller the route's grants keep out hears 401/403 rather than what its input lacks.
    const invalid = async (description: string) => (await access?.(request, route.operation, params?.n)) ?? legacyError(400, 400, description);
    let body: unknown;
    try {
      request = await limitBody(request, route.multipart?.maxBytes ?? MAX_BODY_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      return legacyError(413, 413, route.multipart?.tooLarge ?? 'La solicitud es demasiado grande');
    }
    if (route.multipart && request.method !== 'GET' && request.method !== 'DELETE') {
      if (Number(request.headers.get('content-length') ?? 0) > route.multipart.maxBytes) return legacyError(413, 413, route.multipart.tooLarge);
      try {
        body = Object.fromEntries((await request.formData()).entries());
      } catch {
        return legacyError(400, 400, 'El cuerpo de la solicitud debe ser multipart/form-data');
      }
    } else if (request.method !== 'GET' && request.method !== 'DELETE') {
      const text = await request.text();
      if (text.length > MAX_BODY_BYTES) return legacyError(413, 413, 'La solicitud es demasiado grande');
      if (text.trim() !== '') {
        const type = request.headers.get('content-type') ?? '';
        if (!type.includes('application/json')) return legacyError(415, 415, 'El cuerpo de la solicitud debe ser JSON (Content-Type: application/json)');
        try {
          body = JSON.parse(text);
        } catch {
          return invalid('El cuerpo de la solicitud no es JSON válido');
        }
        // Before anything walks it recursively (zod, JSON.stringify of the GraphQL request): a list nested
        // thousands deep overflows the stack.
        const tooDeep = nestingProblem(body);
        if (tooDeep) return invalid(tooDeep);
      }
    }
    if (route.body) {
      const parsed = route.body.safeParse(body ?? {}, { reportInput: true });
      if (!parsed.success) return invalid(zodDescription(parsed.error));
      body = parsed.data;
    }

    let query: unknown = Object.fromEntries(url.searchParams);
    if (route.query) {
      const parsed = route.query.safeParse(query, { reportInput: true });
      if (!parsed.success) return invalid(zodDescription(parsed.error));
      query = parsed.data;
    }

    const restRequest = { params: params ?? {}, query, body };
    const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
    for (const name of ['cookie', 'authorization', 'user-agent', 'x-forwarded-for', 'idempotency-key']) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    // {n} in a legacy path names the community; the GraphQL context refuses any other than the session's.
    if (params?.n) headers.set(COMMUNITY_HEADER, params.n);
    let variables: Record<string, unknown>;
    try {
      variables = route.variables?.(restRequest) ?? {};
    } catch (error) {
      // A row that cannot map its path or body (e.g. an id that is not a number) answers its legacy error.
      if (error instanceof RestError) return error.status === 400 ? invalid(error.message) : legacyError(error.status, error.code, error.message);
      throw error;
    }
    ran.graphql = true;
    // The route's operation runs through Yoga's own pipeline (its params hooks, parse and validation caches,
    // context, plugins, error masking), handed the variables as values: no GraphQL HTTP request is written
    // and read back, and the answer is not serialized to be parsed again.
    const graphqlRequest = new Request(new URL('/graphql', url), { method: 'POST', headers });
    const context: Record<string, unknown> = { ...serverContext, request: graphqlRequest };
    let result: ExecutionResult;
    try {
      result = (await yoga.getResultForParams({ params: { query: route.operation, variables }, request: graphqlRequest }, context)) as ExecutionResult;
    } catch (error) {
      // A params hook's refusal (the input armor's NUL bytes...), as Yoga would have answered it.
      if (!(error instanceof GraphQLError)) throw error;
      result = { errors: [error] };
    }
    const setCookies = (context.setCookies as string[] | undefined) ?? [];
    const responseHeaders = new Headers();
    for (const cookie of setCookies) responseHeaders.append('set-cookie', cookie);

    const payload = result as { data?: any; errors?: readonly GraphQLError[] };
    if (payload.errors?.length) {
      const error = payload.errors[0];
      const legacyCode = error.extensions?.legacyCode as number | undefined;
      const httpStatus = graphqlHttpStatus(result);
      const status = legacyCode ? statusForCode(legacyCode) : httpStatus >= 400 ? httpStatus : payload.data ? 500 : 400;
      const code = legacyCode ?? status;
      const description =
        status >= 500
          ? 'Ocurrió un error inesperado. Intenta más tarde o escríbenos a soporte'
          : legacyCode
            ? error.message
            : `La solicitud no tiene el formato esperado: ${error.message}`;
      if (status >= 500) {
        // The id support looks for in the log (the one line of this failure).
        const requestId = (error.extensions?.requestId as string | undefined) ?? currentRequestId();
        return Response.json({ code, description, ...(requestId ? { request_id: requestId } : {}) }, { status, headers: responseHeaders });
      }
      // A 405 the operation answers (a community closed to registrations) names the methods of the path too.
      if (status === 405) responseHeaders.set('allow', allowOf(path));
      return legacyError(status, code, description, responseHeaders);
    }
    try {
      let result = route.result(payload.data, restRequest);
      if (result instanceof LinkedDownload) result = await serveLink(result.url);
      if (isResponse(result)) {
        for (const cookie of setCookies) result.headers.append('set-cookie', cookie);
        return result;
      }
      if (result === undefined || result === null) return new Response(null, { status: 204, headers: responseHeaders });
      responseHeaders.set('content-type', 'application/json; charset=utf-8');
      return new Response(JSON.stringify(result), { status: route.status ?? 200, headers: responseHeaders });
    } catch (error) {
      if (error instanceof RestError) {
        if (!error.extra) return legacyError(error.status, error.code, error.message, responseHeaders);
        return Response.json({ code: error.code, description: error.message, ...error.extra }, { status: error.status, headers: responseHeaders });
      }
      throw error;
    }
  }
}

/**
 * The HTTP status Yoga answers an execution result with (graphql-yoga's getResponseInitByRespectingErrors for
 * application/json): the highest status an error asks for; 500 for an unexpected error without data; else 200.
 */
function graphqlHttpStatus(result: ExecutionResult): number {
  let status: number | undefined;
  let unexpected = false;
  for (const error of result.errors ?? []) {
    const http = error.extensions?.http as { status?: number; spec?: boolean } | undefined;
    if (http) {
      if (!http.spec && http.status && (!status || http.status > status)) status = http.status;
    } else if (!isOriginalGraphQLError(error) || error.extensions?.unexpected) unexpected = true;
  }
  return status ?? (unexpected && !('data' in result) ? 500 : 200);
}

function isOriginalGraphQLError(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  return error.originalError == null || isOriginalGraphQLError(error.originalError);
}

/** A File of a multipart body, whichever fetch implementation made it. */
export function isUploadedFile(value: unknown): value is File {
  return !!value && typeof value === 'object' && typeof (value as File).arrayBuffer === 'function' && typeof (value as File).name === 'string';
}

// /api/1.0: each legacy route runs a GraphQL operation against the same schema (so grants, tenancy and
// validation live in one place) and reshapes the result to the legacy JSON and error envelope.
import { z } from 'zod';
// Spanish zod messages for legacy bodies too.
import '../kernel/input.js';
import { Response } from '../http/response.js';

export interface RestRequest {
  params: Record<string, string>;
  /** The query string, parsed by the route's query schema when it has one. */
  query: any;
  body: any;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** Legacy path under /api/1.0 with {placeholders}, e.g. /auth/{domain}/login */
  path: string;
  /** Schema of the legacy JSON body; failures answer 400 with the Spanish messages. */
  body?: z.ZodType;
  /** Schema of the query string (values arrive as strings: use z.coerce). */
  query?: z.ZodType;
  /**
   * The body is multipart/form-data (a file upload) instead of JSON: its fields reach `body` (files as
   * File objects), and File values returned by `variables` travel to GraphQL as a multipart request.
   */
  multipart?: { maxBytes: number; tooLarge: string };
  /** The GraphQL document run for this route. */
  operation: string;
  variables?: (req: RestRequest) => Record<string, unknown>;
  /** Legacy JSON from the operation's data (or a Response, e.g. a file download); throw RestError for a legacy failure. */
  result: (data: any, req: RestRequest) => unknown;
  status?: number;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    description: string,
    /** More fields of the legacy error body, e.g. the rows of a failed massive load. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(description);
  }
}

/** The legacy pager of list routes: page_size (1 to 100, default 20) and offset. */
export const legacyPageQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

/** Selection to append to a mutation result: its typename and, on failure, the typed error. */
export const RESULT_ERROR_FIELDS = '__typename ... on Error { code message }';

/** Unwraps a plugin-errors result ({ __typename, data } or an Error); a typed error becomes the legacy envelope. */
export function unwrapResult<T>(result: any): T {
  if (result && typeof result.code === 'number' && typeof result.message === 'string' && /Error$/.test(result.__typename)) {
    throw new RestError(statusForCode(result.code), result.code, result.message);
  }
  return result?.data as T;
}

/** HTTP status of a legacy code: generic codes are HTTP statuses already; the spec's own codes are conflicts. */
export function statusForCode(code: number): number {
  if (code >= 400 && code < 600) return code;
  return 409;
}

interface CompiledRoute extends RestRoute {
  pattern: RegExp;
  names: string[];
}

/**
 * Routes with fewer placeholders match first, so /houses/search is never taken for /houses/{h}; among
 * those, the one whose first placeholder comes later (/auth/signup/{code} before /auth/{domain}/…), so
 * the order the modules are listed in never decides a match.
 */
export function compileRoutes(routes: RestRoute[]): CompiledRoute[] {
  const compiled = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const placeholder = /^\{(\w+)\}$/.exec(segment);
        if (!placeholder) return segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
        names.push(placeholder[1]);
        return '([^/]+)';
      })
      .join('/');
    return { ...route, pattern: new RegExp(`^${source}/?$`), names };
  });
  const firstPlaceholder = (path: string) => {
    const at = path.split('/').findIndex((segment) => segment.startsWith('{'));
    return at < 0 ? 1_000 : at;
  };
  return compiled.sort((a, b) => a.names.length - b.names.length || firstPlaceholder(b.path) - firstPlaceholder(a.path));
}

export function matchRoute(routes: CompiledRoute[], method: string, path: string) {
  let pathMatched = false;
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const params: Record<string, string> = {};
    try {
      for (const [i, name] of route.names.entries()) params[name] = decodeURIComponent(m[i + 1]);
    } catch {
      // Percent-encoding that is not UTF-8 (e.g. a lone surrogate, %ED%A0%80): a bad request, not a missing route.
      return { route: undefined, pathMatched: true, malformed: true };
    }
    return { route, params };
  }
  return { route: undefined, pathMatched };
}

export function legacyError(status: number, code: number, description: string, headers: HeadersInit = {}) {
  return Response.json({ code, description }, { status, headers });
}

export function zodDescription(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (issue.code === 'invalid_type' && issue.input === undefined) return `El campo ${field} es requerido`;
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('. ');
}

/** The GraphQL global ID of a legacy numeric id (an id of another community simply never resolves). */
export { encodeGlobalID as globalId } from '@pothos/plugin-relay';

/** A route's answer that is a streamed file: the url of a GraphQL DownloadLink, served in-process. */
export class LinkedDownload {
  constructor(readonly url: string) {}
}

/** A generated file of the GraphQL DownloadFile as the answer itself (PDFs open in the browser). */
export function fileResponse(file: { fileName: string; contentType: string; base64: string }): Response {
  return new Response(new Uint8Array(Buffer.from(file.base64, 'base64')), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `inline; filename="${file.fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

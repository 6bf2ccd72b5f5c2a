// One id per request: returned in the x-request-id header, in the 500 envelope (request_id) and in the
// GraphQL error's extensions (requestId), and printed with the one log line of an unexpected error, so
// support finds the failure from what the user sees. Expected errors (AppError: validation, forbidden,
// conflicts...) are the normal life of an API: at most one line, without a stack trace, and only when
// LOG_LEVEL=debug.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { AppError } from '../kernel/errors.js';
import { DatabaseDataError } from '../kernel/dbErrors.js';

interface RequestScope {
  id: string;
}

const scope = new AsyncLocalStorage<RequestScope>();
const INCOMING_ID = /^[\w.:-]{8,64}$/;

/** The id of a request: the proxy's x-request-id when trusted and well formed, else a new one. */
export function requestIdFor(request: Request, trustProxy: boolean): string {
  const incoming = trustProxy ? request.headers.get('x-request-id') : null;
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** Runs the handling of one request with its id available to currentRequestId(). */
export function withRequestId<T>(id: string, fn: () => T): T {
  return scope.run({ id }, fn);
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.id;
}

/**
 * Logs a failure: unexpected ones once with the stack and the request id; expected ones as one line at
 * debug level. A value PostgreSQL refused (DatabaseDataError, answered 400) is logged as an error with
 * the database's stack at every level: the validator that should have refused it first is missing, or
 * the server built the value wrongly.
 */
export function logError(error: unknown, requestId = currentRequestId()): void {
  if (error instanceof DatabaseDataError) {
    console.error(
      `[${requestId ?? '-'}] Valor rechazado por la base de datos (${error.sqlState}, falta validarlo antes): ${oneLine(error.detail)}`,
      error.original,
    );
  } else if (error instanceof AppError) logRefusal(`${error.name} ${error.code}`, error.message, requestId);
  // A refusal made as a GraphQL error (input armor, Yoga's request checks, a variable of the wrong type).
  else if (error instanceof GraphQLError) logRefusal(`GraphQLError ${String(error.extensions?.code ?? '')}`.trim(), error.message, requestId);
  else logUnexpected(error, requestId);
}

/** A failure the app did not expect: once, with its stack and the request id its answer carries. */
export function logUnexpected(error: unknown, requestId = currentRequestId()): void {
  console.error(`[${requestId ?? '-'}] Error inesperado:`, error);
}

/** An expected refusal (a 4xx the request earned): one line, only at LOG_LEVEL=debug. */
export function logRefusal(what: string, message: string, requestId = currentRequestId()): void {
  if (process.env.LOG_LEVEL === 'debug') console.info(`[${requestId ?? '-'}] ${what}: ${oneLine(message)}`);
}

/** A message on one line, at most 500 characters (a refused value may be long or carry line breaks and control characters). */
// eslint-disable-next-line no-control-regex
const oneLine = (text: string) => text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);

/**
 * Yoga's logger. Yoga prints every error its maskError replaced (stack included, and a thrown value that is
 * not an Error twice), and maskUnexpected (graphql/errorMapping.ts) has already logged each of those
 * through logError: expected refusals as one line at debug level, unexpected errors once with their stack
 * and request id. So Yoga's error lines are left out, and so are its per-request debug lines.
 */
export function yogaLogger(): Record<'debug' | 'info' | 'warn' | 'error', (...args: unknown[]) => void> {
  return {
    debug: () => {},
    info: (...args) => console.info(...args),
    warn: (...args) => console.warn(...args),
    error: () => {},
  };
}

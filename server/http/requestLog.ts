// One id per request: returned in the x-request-id header, in the 500 envelope (request_id) and in the
// GraphQL error's extensions (requestId), and printed with the one log line of an unexpected error, so
// support finds the failure from what the user sees. Expected errors (AppError: validation, forbidden,
// conflicts...) are the normal life of an API: at most one line, without a stack trace, and only when
// LOG_LEVEL=debug.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { AppError } from '../kernel/errors.js';

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

/** Logs a failure: unexpected ones once with the stack and the request id; expected ones as one line at debug level. */
export function logError(error: unknown, requestId = currentRequestId()): void {
  if (error instanceof AppError) {
    if (process.env.LOG_LEVEL === 'debug') console.info(`[${requestId ?? '-'}] ${error.name} ${error.code}: ${error.message}`);
    return;
  }
  console.error(`[${requestId ?? '-'}] Error inesperado:`, error);
}

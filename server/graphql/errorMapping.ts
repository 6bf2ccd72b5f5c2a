// The one mapping from the kernel's error classes to GraphQL errors (and from there to the REST
// envelope, which reads extensions.legacyCode; extensions.reason stays out of the envelope). Anything that
// is not an AppError is a bug: logged once with the request id and masked as a 500.
//
// Logging: maskUnexpected logs through logError (server/http/requestLog.ts): an expected refusal as one
// line at debug level, an unexpected error once with its stack and request id. Yoga would print every
// error its maskError replaced a second time, stack included: its logger (yogaLogger) leaves errors to this.
import { GraphQLError } from 'graphql';
import { PothosSchemaError, PothosValidationError } from '@pothos/core';
import { AppError, ForbiddenError, InputError, NotFoundError, UnauthenticatedError } from '../kernel/errors.js';
import { asDatabaseDataError } from '../kernel/dbErrors.js';

export function toGraphQLError(error: AppError): GraphQLError {
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: extensionsOf(error),
  });
}

export const unauthenticated = () => toGraphQLError(new UnauthenticatedError());
export const forbidden = () => toGraphQLError(new ForbiddenError());

/** extensions.code is the class's kind (NOT_FOUND, CONFLICT, ...); extensions.reason the catalogue's reason (kernel/reasons.ts). */
const extensionsOf = (error: AppError) => ({ code: error.kind, reason: error.reason, legacyCode: error.code, http: { status: error.status } });

/**
 * Yoga's maskError: expected errors keep their message and code; unexpected ones are masked. Each is
 * handed to `log` (logError): the cause of an unexpected one, else the AppError or the GraphQL error.
 */
export function maskUnexpected(expose: boolean, log: (error: unknown, requestId?: string) => void, requestId: () => string | undefined = () => undefined) {
  return (error: unknown, message: string): GraphQLError => {
    const cause = rootCause(error);
    const expected = cause instanceof AppError ? cause : (fromPothos(cause) ?? asDatabaseDataError(cause));
    if (expected) {
      log(expected, requestId());
      return error instanceof GraphQLError ? reuse(error, expected) : toGraphQLError(expected);
    }
    // A refusal made as a GraphQL error (input armor, Yoga's request checks, a wrapped toGraphQLError, or
    // graphql-js's own coercion of a variable): expected, and answered as it is.
    if (error instanceof GraphQLError && (error.extensions?.code || !(cause instanceof Error) || cause instanceof GraphQLError)) {
      log(error, requestId());
      return error;
    }
    const id = requestId();
    log(cause, id);
    // The request id lets support find the one log line of this failure.
    return new GraphQLError(expose ? `${message} ${(cause as Error)?.message ?? ''}`.trim() : 'Ocurrió un error inesperado', {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR', reason: 'INTERNAL_ERROR', legacyCode: 500, http: { status: 500 }, ...(id ? { requestId: id } : {}) },
    });
  };
}

/** The innermost error a GraphQLError wraps (graphql-js and graphql-jit wrap a resolver's or a scalar's error once or twice). */
function rootCause(error: unknown): unknown {
  let cause = error;
  for (let i = 0; i < 10 && cause instanceof GraphQLError && cause.originalError; i++) cause = cause.originalError;
  return cause;
}

/**
 * A GraphQLError caused by an AppError (thrown from a resolver, or by a scalar refusing a variable): keep
 * its path, take the cause's code, status and Spanish message, naming the variable when a variable was
 * refused ("amount: Escribe una cantidad con hasta dos decimales").
 */
function reuse(error: GraphQLError, original: AppError): GraphQLError {
  const variable = !error.path && /^Variable "\$([\w.]+)"/.exec(error.message)?.[1];
  return new GraphQLError(variable ? `${variable}: ${original.message}` : original.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: original,
    extensions: { ...error.extensions, ...extensionsOf(original) },
  });
}

/**
 * Pothos refuses a global id of another type or an unreadable cursor with its own validation error, and
 * a global id naming a type that is not a node with a schema error: to the client these are bad input
 * and a record that does not exist.
 */
function fromPothos(error: unknown): AppError | null {
  if (error instanceof PothosValidationError) {
    return /cursor/i.test(error.message)
      ? new InputError([{ field: 'after', message: 'La página solicitada no es válida' }])
      : new InputError([{ field: 'id', message: 'El identificador no es válido' }]);
  }
  if (error instanceof PothosSchemaError && /has not been implemented/.test(error.message)) return new NotFoundError();
  return null;
}

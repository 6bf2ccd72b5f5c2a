// The one mapping from the kernel's error classes to GraphQL errors (and from there to the REST
// envelope, which reads extensions.legacyCode). Anything that is not an AppError is a bug: logged once
// with the request id and masked as a 500.
import { GraphQLError } from 'graphql';
import { PothosSchemaError, PothosValidationError } from '@pothos/core';
import { AppError, ForbiddenError, InputError, NotFoundError, UnauthenticatedError } from '../kernel/errors.js';

export function toGraphQLError(error: AppError): GraphQLError {
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: error.kind, legacyCode: error.code, http: { status: error.status } },
  });
}

export const unauthenticated = () => toGraphQLError(new UnauthenticatedError());
export const forbidden = () => toGraphQLError(new ForbiddenError());

/** Yoga's maskError: expected errors keep their message and code; unexpected ones are logged and masked. */
export function maskUnexpected(expose: boolean, log: (error: unknown, requestId?: string) => void, requestId: () => string | undefined = () => undefined) {
  return (error: unknown, message: string): GraphQLError => {
    let original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    const pothos = fromPothos(original);
    if (pothos) original = pothos;
    if (original instanceof AppError) return original === error || !(error instanceof GraphQLError) ? toGraphQLError(original) : reuse(error, original);
    if (error instanceof GraphQLError && !error.originalError) return error;
    if (original instanceof GraphQLError) return original;
    const id = requestId();
    log(original, id);
    // The request id lets support find the one log line of this failure.
    return new GraphQLError(expose ? `${message} ${(original as Error)?.message ?? ''}`.trim() : 'Ocurrió un error inesperado', {
      extensions: { code: 'INTERNAL_SERVER_ERROR', legacyCode: 500, http: { status: 500 }, ...(id ? { requestId: id } : {}) },
    });
  };
}

/** A GraphQLError wrapping an AppError (thrown from a resolver): keep its path, add the code. */
function reuse(error: GraphQLError, original: AppError): GraphQLError {
  return new GraphQLError(original.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: original,
    extensions: { ...error.extensions, code: original.kind, legacyCode: original.code, http: { status: original.status } },
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

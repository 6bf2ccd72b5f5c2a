// Expected failures: typed results in GraphQL (plugin-errors) and the legacy envelope in REST.
// `code` is stable: the HTTP-like number for generic failures, the spec's own number where it has one.
import { GraphQLError } from 'graphql';

export class AppError extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

export class InputError extends AppError {
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[], message = issues.map((i) => i.message).join('. ')) {
    super(message, 400);
    this.issues = issues;
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'El registro solicitado no existe') {
    super(message, 404);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 409) {
    super(message, code);
  }
}

export class SignInError extends AppError {
  constructor(message = 'El correo electrónico o la contraseña no son correctos') {
    super(message, 401);
  }
}

export class TooManyAttemptsError extends AppError {
  readonly retryAfterMinutes: number;
  constructor(minutes: number) {
    super(`Demasiados intentos de inicio de sesión. Intenta de nuevo en ${minutes} minutos`, 429);
    this.retryAfterMinutes = minutes;
  }
}

// Errors that are not results of one field: they stop the operation and set the HTTP status.
export function unauthenticated() {
  return new GraphQLError('Tu sesión ha terminado. Inicia sesión de nuevo', {
    extensions: { code: 'UNAUTHENTICATED', legacyCode: 401, http: { status: 401 } },
  });
}

export function forbidden() {
  return new GraphQLError('No tienes permiso para realizar esta acción', {
    extensions: { code: 'FORBIDDEN', legacyCode: 403, http: { status: 403 } },
  });
}

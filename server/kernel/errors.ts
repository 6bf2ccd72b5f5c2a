// Expected failures, named for what they mean. Each carries the HTTP status and a stable numeric legacy
// code (the HTTP-like number for generic failures, the spec's own number from LEGACY_CODES where it has
// one) and a Spanish message. GraphQL shows them as typed results or errors and REST as the legacy
// envelope through one mapping (server/graphql/errorMapping.ts); anything else is a masked 500.

/** The spec's own numeric codes (spec 1 section 8, spec 2 section 8), one catalogue for every domain. */
export const LEGACY_CODES = {
  /** Receipts: the receipt was paid before this action (spec 1 section 8). */
  receiptAlreadyPaid: 2079,
  /** Payments: charge failure with a saved card; the page reloads. */
  savedCardChargeFailed: 2080,
  /** Card gateway: 3-D Secure, the message is the address to redirect to. */
  gatewayRedirect: 3005,
} as const;

export class AppError extends Error {
  /** Stable numeric code of the legacy envelope (`code`) and of GraphQL's Error.code. */
  readonly code: number;
  /** GraphQL extensions.code, e.g. NOT_FOUND. */
  readonly kind: string = 'ERROR';
  /** HTTP status for REST and for GraphQL errors outside typed results: generic codes are statuses, the spec's own are conflicts. */
  get status(): number {
    return this.code >= 400 && this.code < 600 ? this.code : 409;
  }
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

/** Some input fields are wrong; nothing changed (400). */
export class InputError extends AppError {
  override readonly kind = 'BAD_USER_INPUT';
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[], message = issues.map((i) => i.message).join('. ')) {
    super(message, 400);
    this.issues = issues;
  }
}
export { InputError as ValidationError };

/** No session, or it ended (401: the client closes the session). */
export class UnauthenticatedError extends AppError {
  override readonly kind = 'UNAUTHENTICATED';
  constructor(message = 'Tu sesión ha terminado. Inicia sesión de nuevo') {
    super(message, 401);
  }
}

/** Wrong e-mail or password, or no account to sign in to (401). */
export class SignInError extends AppError {
  override readonly kind = 'SIGN_IN_FAILED';
  constructor(message = 'El correo electrónico o la contraseña no son correctos') {
    super(message, 401);
  }
}

/** The actor may not do this (403). */
export class ForbiddenError extends AppError {
  override readonly kind = 'FORBIDDEN';
  constructor(message = 'No tienes permiso para realizar esta acción') {
    super(message, 403);
  }
}

/** The record does not exist in the current community (404). */
export class NotFoundError extends AppError {
  override readonly kind = 'NOT_FOUND';
  constructor(message = 'El registro solicitado no existe') {
    super(message, 404);
  }
}

/** The change conflicts with the current state (409, or a spec code such as 2079 with status 409). */
export class ConflictError extends AppError {
  override readonly kind: string = 'CONFLICT';
  constructor(message: string, code = 409) {
    super(message, code);
  }
}

/** The record is being edited by someone else (423). A conflict, so mutations typed with ConflictError show it. */
export class LockedError extends ConflictError {
  override readonly kind = 'LOCKED';
  constructor(message: string) {
    super(message, 423);
  }
}

/** An idempotency key sent again with another body (422). */
export class IdempotencyKeyReusedError extends ConflictError {
  override readonly kind = 'IDEMPOTENCY_KEY_REUSED';
  constructor(message = 'Esta clave de idempotencia ya se usó con otra solicitud') {
    super(message, 422);
  }
}

/** Too many attempts (429). */
export class RateLimitedError extends AppError {
  override readonly kind = 'RATE_LIMITED';
  constructor(message = 'Demasiados intentos. Intenta de nuevo más tarde') {
    super(message, 429);
  }
}

/** Sign-in attempts over the limit (429), with the wait the client shows. */
export class TooManyAttemptsError extends RateLimitedError {
  readonly retryAfterMinutes: number;
  constructor(minutes: number, message = `Demasiados intentos de inicio de sesión. Intenta de nuevo en ${minutes} minutos`) {
    super(message);
    this.retryAfterMinutes = minutes;
  }
}

/** A payment was refused by the gateway or cannot go on (402; the gateway's code where it has one). */
export class PaymentError extends AppError {
  override readonly kind = 'PAYMENT_FAILED';
  override get status() {
    return 402;
  }
}

/** A service this request needs is out of reach (503). */
export class UnavailableError extends AppError {
  override readonly kind = 'SERVICE_UNAVAILABLE';
  constructor(message = 'El servicio no está disponible en este momento. Intenta más tarde') {
    super(message, 503);
  }
}

// Expected failures, named for what they mean. Each carries the HTTP status, a stable numeric legacy
// code (the HTTP-like number for generic failures, the spec's own number where it has one), a Spanish
// message and a machine-readable reason, the last three from one catalogue (kernel/reasons.ts). GraphQL
// shows them as typed results or errors and REST as the legacy envelope through one mapping
// (server/graphql/errorMapping.ts); anything else is a masked 500.
import { type PlainReason, type Reason, type Refusal, reason } from './reasons.js';

export { LEGACY_CODES, type PlainReason, type Reason, type Refusal, reason } from './reasons.js';

/** What an error class takes: a reason whose message has no values, or a refusal made with `reason(key, params)`. */
export type Why = PlainReason | Refusal;

const refusalOf = (why: Why): Refusal => (typeof why === 'string' ? reason(why) : why);

export class AppError extends Error {
  /** Stable numeric code of the legacy envelope (`code`) and of GraphQL's Error.code. */
  readonly code: number;
  /** Stable machine-readable reason (kernel/reasons.ts): GraphQL's extensions.reason and Error.reason. */
  readonly reason: Reason;
  /** GraphQL extensions.code, e.g. NOT_FOUND. */
  readonly kind: string = 'ERROR';
  /** HTTP status for REST and for GraphQL errors outside typed results: generic codes are statuses, the spec's own are conflicts. */
  get status(): number {
    return this.code >= 400 && this.code < 600 ? this.code : 409;
  }
  /** `code` is the class's own; the catalogue's code of the reason, when it has one, wins. */
  constructor(why: Why, code: number) {
    const refusal = refusalOf(why);
    super(refusal.message);
    this.name = new.target.name;
    this.code = refusal.code ?? code;
    this.reason = refusal.reason;
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Some input fields are wrong; nothing changed (400). The issues keep their own messages; the reason is INVALID_INPUT unless one is named. */
export class InputError extends AppError {
  override readonly kind = 'BAD_USER_INPUT';
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[], message = issues.map((i) => i.message).join('. '), why: Reason = 'INVALID_INPUT') {
    super({ reason: why, message }, 400);
    this.issues = issues;
  }
}
export { InputError as ValidationError };

/** No session, or it ended (401: the client closes the session). */
export class UnauthenticatedError extends AppError {
  override readonly kind = 'UNAUTHENTICATED';
  constructor(why: Why = 'UNAUTHENTICATED') {
    super(why, 401);
  }
}

/** Wrong e-mail or password, or no account to sign in to (401). */
export class SignInError extends AppError {
  override readonly kind = 'SIGN_IN_FAILED';
  constructor(why: Why = 'SIGN_IN_FAILED') {
    super(why, 401);
  }
}

/** The actor may not do this (403). */
export class ForbiddenError extends AppError {
  override readonly kind = 'FORBIDDEN';
  constructor(why: Why = 'FORBIDDEN') {
    super(why, 403);
  }
}

/** The record does not exist in the current community (404). */
export class NotFoundError extends AppError {
  override readonly kind = 'NOT_FOUND';
  constructor(why: Why = 'NOT_FOUND') {
    super(why, 404);
  }
}

/** The change conflicts with the current state (409, or the reason's spec code such as 2079 with status 409). */
export class ConflictError extends AppError {
  override readonly kind: string = 'CONFLICT';
  constructor(why: Why, code = 409) {
    super(why, code);
  }
}

/** The record is being edited by someone else (423). A conflict, so mutations typed with ConflictError show it. */
export class LockedError extends ConflictError {
  override readonly kind = 'LOCKED';
  constructor(why: Why) {
    super(why, 423);
  }
}

/** An idempotency key sent again with another body (422). */
export class IdempotencyKeyReusedError extends ConflictError {
  override readonly kind = 'IDEMPOTENCY_KEY_REUSED';
  constructor(why: Why = 'IDEMPOTENCY_KEY_REUSED') {
    super(why, 422);
  }
}

/** Too many attempts (429). */
export class RateLimitedError extends AppError {
  override readonly kind = 'RATE_LIMITED';
  constructor(why: Why = 'RATE_LIMITED') {
    super(why, 429);
  }
}

/** Sign-in attempts over the limit (429), with the wait the client shows. */
export class TooManyAttemptsError extends RateLimitedError {
  readonly retryAfterMinutes: number;
  constructor(minutes: number, why: Why = reason('TOO_MANY_SIGN_IN_ATTEMPTS', { minutes })) {
    super(why);
    this.retryAfterMinutes = minutes;
  }
}

/** A payment was refused by the gateway or cannot go on (402; the reason's code, or the gateway's). */
export class PaymentError extends AppError {
  override readonly kind = 'PAYMENT_FAILED';
  override get status() {
    return 402;
  }
  /** `gatewayCode`: the gateway's own code of a decline, over the reason's. */
  constructor(why: Why, gatewayCode?: number) {
    const refusal = refusalOf(why);
    super(gatewayCode === undefined ? refusal : { ...refusal, code: gatewayCode }, 402);
  }
}

/** A service this request needs is out of reach (503). */
export class UnavailableError extends AppError {
  override readonly kind = 'SERVICE_UNAVAILABLE';
  constructor(why: Why = 'SERVICE_UNAVAILABLE') {
    super(why, 503);
  }
}

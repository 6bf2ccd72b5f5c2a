import { builder } from './builder.js';
import { MailDeliveryError } from '../infra/mail/sender.js';
import { AppError, ConflictError, InputError, NotFoundError, SignInError, TooManyAttemptsError, type FieldIssue } from '../kernel/errors.js';

export const ErrorInterface = builder.interfaceRef<AppError>('Error').implement({
  description: 'An expected failure: a stable numeric code, a stable machine-readable reason and a message in Spanish for the user.',
  fields: (t) => ({
    code: t.exposeInt('code'),
    reason: t.exposeString('reason', {
      description: 'Why it was refused, from one catalogue: UPPER_SNAKE, e.g. RECEIPT_ALREADY_PAID; stable across message rewording',
    }),
    message: t.exposeString('message'),
  }),
});

const FieldIssueRef = builder.objectRef<FieldIssue>('FieldIssue').implement({
  fields: (t) => ({
    field: t.exposeString('field', { description: 'Input field path, e.g. "email"' }),
    message: t.exposeString('message'),
  }),
});

builder.objectType(InputError, {
  name: 'InputError',
  description: 'Some input fields are wrong; nothing was changed.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InputError,
  fields: (t) => ({
    issues: t.field({ type: [FieldIssueRef], resolve: (e) => e.issues }),
  }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  description: 'The record does not exist in the current community.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});
builder.objectType(ConflictError, {
  name: 'ConflictError',
  description: 'The change conflicts with the current state.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ConflictError,
});
builder.objectType(SignInError, {
  name: 'SignInError',
  description: 'Wrong e-mail or password, or no account to sign in to.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof SignInError,
});
builder.objectType(TooManyAttemptsError, {
  name: 'TooManyAttemptsError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof TooManyAttemptsError,
  fields: (t) => ({ retryAfterMinutes: t.exposeInt('retryAfterMinutes') }),
});

builder.objectType(MailDeliveryError, {
  name: 'MailDeliveryError',
  description: 'The mail server did not accept the e-mail; nothing else failed.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MailDeliveryError,
});

export { AppError, ConflictError, InputError, NotFoundError, SignInError, TooManyAttemptsError };

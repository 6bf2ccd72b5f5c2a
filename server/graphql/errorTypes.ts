import { builder } from './builder.js';
import { AppError, ConflictError, InputError, NotFoundError, SignInError, TooManyAttemptsError, type FieldIssue } from './errors.js';

export const ErrorInterface = builder.interfaceRef<AppError>('Error').implement({
  description: 'An expected failure: a stable numeric code and a message in Spanish for the user.',
  fields: (t) => ({
    code: t.exposeInt('code'),
    message: t.exposeString('message'),
  }),
});

const FieldIssueRef = builder.objectRef<FieldIssue>('FieldIssue').implement({
  fields: (t) => ({
    field: t.exposeString('field', { description: 'Input field path, e.g. "email"' }),
    message: t.exposeString('message'),
  }),
});

function errorObject<T extends AppError>(cls: new (...args: any[]) => T, name: string, description: string) {
  return builder.objectType(cls, {
    name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof cls,
  });
}

builder.objectType(InputError, {
  name: 'InputError',
  description: 'Some input fields are wrong; nothing was changed.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InputError,
  fields: (t) => ({
    issues: t.field({ type: [FieldIssueRef], resolve: (e) => e.issues }),
  }),
});

errorObject(NotFoundError, 'NotFoundError', 'The record does not exist in the current community.');
errorObject(ConflictError, 'ConflictError', 'The change conflicts with the current state.');
errorObject(SignInError, 'SignInError', 'Wrong e-mail or password, or no account to sign in to.');
builder.objectType(TooManyAttemptsError, {
  name: 'TooManyAttemptsError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof TooManyAttemptsError,
  fields: (t) => ({ retryAfterMinutes: t.exposeInt('retryAfterMinutes') }),
});

export { AppError, ConflictError, InputError, NotFoundError, SignInError, TooManyAttemptsError };

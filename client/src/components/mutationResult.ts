// What every mutation does with its answer, over Relay (mutations.ts) or plain fetch (the light
// signed-out pages): a success notice, server field errors under their fields, the rest as a notice.
import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CallError, postGraphQL, type OperationText } from '../relay/request.js';
import { errorMessage } from './errors.js';
import { type NotificationKind, notify } from './notify.js';

export interface TypedError {
  __typename: string;
  code?: number;
  message?: string;
  issues?: readonly { field: string; message: string }[];
}

/** A plugin-errors result: the typed error when the mutation failed as expected, else null. */
export function typedError(result: unknown): TypedError | null {
  const value = result as TypedError | null | undefined;
  return value?.__typename?.endsWith('Error') ? value : null;
}

type Notice = string | [NotificationKind, string];

export interface RunOptions<F extends FieldValues = FieldValues> {
  /**
   * Shown as a notice when the mutation succeeds: a message (success), [kind, message], or either of
   * them from the result when the message depends on it (null shows none).
   */
  success?: Notice | ((result: any) => Notice | null);
  /** Server field errors land under these fields; the others become a notice. */
  form?: UseFormReturn<F>;
  /** Whether a typed error without fields is shown as a danger notice (default true). */
  notifyTypedError?: boolean;
  /** Answers a typed error itself, instead of the fields and notice above (the run still resolves null). */
  onTypedError?: (failure: TypedError) => void;
}

/** Puts each server issue under its field when the form has it; answers whether all of them landed. */
export function applyServerErrors<F extends FieldValues>(form: UseFormReturn<F>, failure: TypedError): boolean {
  const issues = failure.issues ?? [];
  if (issues.length === 0) return false;
  let all = true;
  issues.forEach((issue, index) => {
    const field = issue.field.replace(/^input\./, '') as Path<F>;
    // Only a field the form shows can show the message: a value of its own, not a group of fields.
    const value: unknown = form.getValues(field);
    const shown = value !== undefined && (value === null || typeof value !== 'object' || value instanceof Date || Array.isArray(value));
    if (shown) form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: index === 0 });
    else all = false;
  });
  return all;
}

export function settleTyped(failure: TypedError, options: RunOptions<any>) {
  if (options.onTypedError) return options.onTypedError(failure);
  const landed = options.form ? applyServerErrors(options.form, failure) : false;
  if (!landed && options.notifyTypedError !== false) notify('danger', failure.message ?? '');
}

export function settleSuccess(options: RunOptions<any>, result: unknown) {
  const notice = typeof options.success === 'function' ? options.success(result) : options.success;
  if (!notice) return;
  const [kind, message] = typeof notice === 'string' ? (['success', notice] as const) : notice;
  notify(kind, message);
}

/** An unexpected failure: the generic error display (a 401 reloads into sign-in instead). */
export function settleCallError(e: unknown) {
  if (e instanceof CallError && e.status === 401) return;
  notify('danger', e instanceof CallError ? errorMessage({ status: e.status, data: e.data, key: e.key }) : errorMessage(null));
}

/**
 * The mutation hook of pages that do not load Relay (sign-in and the other signed-out pages): the
 * same answers and notices as useAppMutation, over plain fetch with the operation's generated text.
 */
export function useFetchMutation<R extends Record<string, unknown>>(operation: OperationText) {
  const [inFlight, setInFlight] = useState(false);
  const [error, setError] = useState<TypedError | null>(null);
  const run = useCallback(
    async <K extends keyof R>(variables: Record<string, unknown>, field: K, options: RunOptions<any> = {}): Promise<R[K] | null> => {
      setError(null);
      setInFlight(true);
      try {
        const response = await postGraphQL(operation.params.name, operation.params.text ?? '', variables);
        const result = (response.data as R)[field];
        const failure = typedError(result);
        if (failure) {
          setError(failure);
          settleTyped(failure, options);
          return null;
        }
        settleSuccess(options, result);
        return result;
      } catch (e) {
        settleCallError(e);
        return null;
      } finally {
        setInFlight(false);
      }
    },
    [operation],
  );
  return { run, inFlight, error };
}

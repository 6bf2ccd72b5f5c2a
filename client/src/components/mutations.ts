import { useCallback, useState } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { CallError } from '../relay/environment.js';
import { errorMessage } from './errors.js';
import { notify } from './notify.js';

export interface TypedError {
  __typename: string;
  code?: number;
  message?: string;
  issues?: readonly { field: string; message: string }[];
}

/** A plugin-errors result: the typed error when the mutation failed as expected, else null. */
export function typedError(result: unknown): TypedError | null {
  const value = result as TypedError | null | undefined;
  return value?.__typename.endsWith('Error') ? value : null;
}

/**
 * Commits a mutation and resolves with its root field's result. Unexpected failures show the generic
 * error display; typed errors come back for the screen to show (or are shown as a danger notice).
 */
export function useAppMutation<M extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const [error, setError] = useState<TypedError | null>(null);
  const run = useCallback(
    (variables: M['variables'], field: keyof M['response'], options: { notifyTypedError?: boolean } = {}) =>
      new Promise<M['response'][keyof M['response']] | null>((resolve) => {
        setError(null);
        commit({
          variables,
          onCompleted: (response) => {
            const result = (response as M['response'])[field];
            const failure = typedError(result);
            if (failure) {
              setError(failure);
              if (options.notifyTypedError !== false) notify('danger', failure.message ?? '');
              resolve(null);
            } else resolve(result);
          },
          onError: (e) => {
            if (!(e instanceof CallError && e.status === 401)) {
              notify('danger', e instanceof CallError ? errorMessage({ status: e.status, data: e.data, key: e.key }) : errorMessage(null));
            }
            resolve(null);
          },
        });
      }),
    [commit],
  );
  return { run, inFlight, error };
}

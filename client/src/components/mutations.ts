import { useCallback, useState } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { type RunOptions, settleCallError, settleSuccess, settleTyped, type TypedError, typedError } from './mutationResult.js';

export { typedError, type RunOptions, type TypedError } from './mutationResult.js';

/**
 * The one mutation hook of the app: commits a mutation and resolves with its root field's result, or
 * null when it failed. Success shows `options.success`; typed errors land under the form's fields
 * (`options.form`) or as a danger notice; unexpected failures show the generic error display.
 */
export function useAppMutation<M extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const [error, setError] = useState<TypedError | null>(null);
  const run = useCallback(
    <K extends keyof M['response']>(variables: M['variables'], field: K, options: RunOptions<any> = {}) =>
      new Promise<M['response'][K] | null>((resolve) => {
        setError(null);
        commit({
          variables,
          onCompleted: (response) => {
            const result = (response as M['response'])[field];
            const failure = typedError(result);
            if (failure) {
              setError(failure);
              settleTyped(failure, options);
              resolve(null);
            } else {
              settleSuccess(options, result);
              resolve(result);
            }
          },
          onError: (e) => {
            settleCallError(e);
            resolve(null);
          },
        });
      }),
    [commit],
  );
  return { run, inFlight, error };
}

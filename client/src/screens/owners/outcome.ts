import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { CallError } from '../../relay/request.js';
import { errorMessage } from '../../components/errors.js';
import { notify } from '../../components/notify.js';
import { typedError, type TypedError } from '../../components/mutations.js';

export type Outcome<T> = { ok: T } | { failed: TypedError } | { broken: true };

/**
 * Like useAppMutation, but resolves with the typed error itself so a screen can act on its code
 * (the 423 of the edit lock) or put its issues on the fields. Unexpected failures are shown here.
 */
export function useOutcomeMutation<M extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const run = useCallback(
    (variables: M['variables'], field: keyof M['response']) =>
      new Promise<Outcome<M['response'][keyof M['response']]>>((resolve) => {
        commit({
          variables,
          onCompleted: (response) => {
            const result = (response as M['response'])[field];
            const failure = typedError(result);
            resolve(failure ? { failed: failure } : { ok: result });
          },
          onError: (e) => {
            if (!(e instanceof CallError && e.status === 401)) {
              notify('danger', e instanceof CallError ? errorMessage({ status: e.status, data: e.data, key: e.key }) : errorMessage(null));
            }
            resolve({ broken: true });
          },
        });
      }),
    [commit],
  );
  return { run, inFlight };
}

/** Server issues by field name ("owner.email", "streetId", ...), first message of each. */
export function issuesByField(error: TypedError | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) out[issue.field] ??= issue.message;
  return out;
}

// The receipts screens' mutation hook: useAppMutation's answers (success notice, field errors, the
// generic error display) plus what every receipt write needs — a fresh idempotency key per attempt,
// and the answer to code 2079 (spec 1 section 8): a warning that the receipt was paid meanwhile and
// a reload of what the screen shows.
import { useCallback, useState } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { type RunOptions, settleCallError, settleSuccess, settleTyped, type TypedError, typedError } from '../../../../components/mutationResult.js';
import { notify } from '../../../../components/notify.js';
import i18n from '../../../../i18n/index.js';
import { newIdempotencyKey } from './receiptTexts.js';

/** Spec 1 section 8: a receipt action failed because the receipt was paid meanwhile. */
export const RECEIPT_ALREADY_PAID_CODE = 2079;

export interface ReceiptRunOptions extends RunOptions<any> {
  /** After a 2079 warning: reload what the screen shows. */
  onAlreadyPaid?: () => void;
}

export function useReceiptMutation<M extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const [commit, inFlight] = useMutation<M>(mutation);
  const [error, setError] = useState<TypedError | null>(null);
  const run = useCallback(
    <K extends keyof M['response']>(input: Record<string, unknown>, field: K, options: ReceiptRunOptions = {}) =>
      new Promise<M['response'][K] | null>((resolve) => {
        setError(null);
        commit({
          variables: { input: { ...input, idempotencyKey: newIdempotencyKey() } } as M['variables'],
          onCompleted: (response) => {
            const result = (response as M['response'])[field];
            const failure = typedError(result);
            if (!failure) {
              settleSuccess(options, result);
              resolve(result);
              return;
            }
            setError(failure);
            if (failure.code === RECEIPT_ALREADY_PAID_CODE) {
              notify('warning', i18n.t('receipts.alreadyPaid'));
              options.onAlreadyPaid?.();
            } else settleTyped(failure, options);
            resolve(null);
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

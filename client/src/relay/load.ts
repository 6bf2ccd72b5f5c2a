// Loaded on demand by route loaders (router/screenRoute.tsx): Relay's runtime stays off the sign-in page.
import type { PreloadedQuery } from 'react-relay';
import { type ConcreteRequest, createOperationDescriptor, type OperationType } from 'relay-runtime';
import { environment } from './environment.js';

export { loadQuery } from 'react-relay';
export { environment };

/**
 * Resolves when the preloaded query's data is in the store: at once when the store already has it, else
 * with the network's first answer (or its failure, which the screen shows), or after `waitMs` at most.
 */
export function answered(queryRef: PreloadedQuery<OperationType>, query: ConcreteRequest, waitMs: number): Promise<void> {
  const source = queryRef.source;
  if (!source) return Promise.resolve();
  // A screen that shows what the store has renders at once; a form waits for the server's values.
  const fromStore = queryRef.fetchPolicy !== 'network-only' && environment.check(createOperationDescriptor(query, queryRef.variables)).status === 'available';
  if (fromStore) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let done = false;
    let subscription: { unsubscribe: () => void } | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, waitMs);
    // The source replays to every subscriber: listening does not ask the server again.
    subscription = source.subscribe({ next: finish, error: finish, complete: finish });
    if (done) subscription.unsubscribe();
  });
}

import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type SubscribeFunction } from 'relay-runtime';
import { createClient, type Client } from 'graphql-ws';
import { postGraphQL, takePrefetched } from './request.js';

export { broadcastSessionClosed, CallError, SESSION_CLOSED_EVENT } from './request.js';

const fetchGraphQL: FetchFunction = (operation, variables) =>
  (takePrefetched(operation.name, variables) ?? postGraphQL(operation.name, operation.text ?? '', variables)) as never;

let wsClient: Client | undefined;

/** Dispatched on window when the live socket connects again after it was lost: what was missed meanwhile is read again. */
export const REALTIME_RECONNECTED_EVENT = 'realtime:reconnected';

function socket(): Client {
  wsClient ??= createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    lazy: true,
    // A phone asleep or a deploy can keep the server away for minutes: keep trying, at most every 30 s.
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(1_000 * 2 ** retries, 30_000) + Math.random() * 1_000)),
    on: { connected: (_socket, _payload, wasRetry) => wasRetry && window.dispatchEvent(new Event(REALTIME_RECONNECTED_EVENT)) },
  });
  return wsClient;
}

const subscribe: SubscribeFunction = (operation, variables) =>
  Observable.create((sink) =>
    socket().subscribe(
      { operationName: operation.name, query: operation.text!, variables },
      {
        next: (value) => sink.next(value as never),
        error: (error) => sink.error(error instanceof Error ? error : new Error('La conexión en tiempo real se cerró')),
        complete: () => sink.complete(),
      },
    ),
  );

export function createEnvironment() {
  return new Environment({ network: Network.create(fetchGraphQL, subscribe), store: new Store(new RecordSource()) });
}

/**
 * The page's one Relay store. A session change (sign-out, 401, account switch) reloads the page, so
 * nothing of the previous account stays in memory.
 */
export const environment = createEnvironment();

import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type SubscribeFunction } from 'relay-runtime';
import { createClient, type Client } from 'graphql-ws';

/** Raised by any call answered 401: the shell closes the session and returns to sign-in. */
export const SESSION_CLOSED_EVENT = 'session:closed';

export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly key: string,
  ) {
    super(`La llamada ${key} falló con estado ${status}`);
  }
}

export function broadcastSessionClosed() {
  window.dispatchEvent(new Event(SESSION_CLOSED_EVENT));
}

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-graphql-csrf': '1' },
      body: JSON.stringify({ query: operation.text, variables }),
    });
  } catch {
    throw new CallError(0, undefined, operation.name);
  }
  const data = await response.json().catch(() => undefined);
  if (response.status === 401) {
    broadcastSessionClosed();
    throw new CallError(401, data, operation.name);
  }
  if (!response.ok || !data || (data.errors && !data.data)) {
    // Our own failures carry a legacy code and a Spanish message; anything else follows the status rules.
    const first = data?.errors?.[0];
    const legacyCode = first?.extensions?.legacyCode;
    throw new CallError(response.status, legacyCode && legacyCode < 500 ? { code: legacyCode, description: first.message } : undefined, operation.name);
  }
  return data;
};

let wsClient: Client | undefined;

function socket(): Client {
  wsClient ??= createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    lazy: true,
    retryAttempts: 5,
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

/** Closes the subscription socket (sign-out or account switch); the next subscription reconnects. */
export function resetSocket() {
  void wsClient?.dispose();
  wsClient = undefined;
}

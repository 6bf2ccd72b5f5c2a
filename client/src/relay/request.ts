// GraphQL over fetch without relay-runtime, so the signed-out pages stay light. Route loaders start a
// request here before Relay (or the screen's code) has loaded; Relay's network layer then takes the
// answer already in flight instead of asking twice.

/** Raised by any call answered 401: the app closes the session and returns to sign-in. */
export const SESSION_CLOSED_EVENT = 'session:closed';
/** Kept across the reload a closed session causes, so sign-in can say why it appeared. */
export const SESSION_CLOSED_FLAG = 'sessionClosed';

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

/** What a generated operation artifact carries that a request needs. */
export interface OperationText {
  params: { name: string; text?: string | null };
}

export interface GraphQLResponse {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export async function postGraphQL(name: string, text: string, variables: Record<string, unknown>): Promise<GraphQLResponse> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-graphql-csrf': '1' },
      body: JSON.stringify({ query: text, variables }),
    });
  } catch {
    throw new CallError(0, undefined, name);
  }
  const data = (await response.json().catch(() => undefined)) as GraphQLResponse | undefined;
  if (response.status === 401) {
    broadcastSessionClosed();
    throw new CallError(401, data, name);
  }
  if (!response.ok || !data || (data.errors && !data.data)) {
    // Our own failures carry a legacy code and a Spanish message; anything else follows the status rules.
    const first = data?.errors?.[0];
    const legacyCode = first?.extensions?.legacyCode as number | undefined;
    throw new CallError(response.status, legacyCode && legacyCode < 500 ? { code: legacyCode, description: first?.message } : undefined, name);
  }
  return data;
}

const inFlight = new Map<string, Promise<GraphQLResponse>>();
/** Relay hands the network its variables in its own key order, with absent ones as null: compare by value. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] != null)
        .sort()
        .map((key) => [key, stable((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const keyOf = (name: string, variables: Record<string, unknown>) => `${name}:${JSON.stringify(stable(variables))}`;

/** Starts a query now; the first `takePrefetched` of the same operation and variables gets its answer. */
export function prefetch(operation: OperationText, variables: Record<string, unknown>): Promise<GraphQLResponse> {
  const key = keyOf(operation.params.name, variables);
  let request = inFlight.get(key);
  if (!request) {
    request = postGraphQL(operation.params.name, operation.params.text ?? '', variables);
    inFlight.set(key, request);
    // Unclaimed answers are dropped after a while: a later visit asks again.
    setTimeout(() => inFlight.delete(key), 10_000);
  }
  return request;
}

export function takePrefetched(name: string, variables: Record<string, unknown>): Promise<GraphQLResponse> | undefined {
  const key = keyOf(name, variables);
  const request = inFlight.get(key);
  inFlight.delete(key);
  return request;
}

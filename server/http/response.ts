// The Response every answer is built with: the Node adapter's own (@whatwg-node/fetch), which keeps a text or
// byte body as it is, so @whatwg-node/server writes it to the socket at once. Node's built-in Response holds
// its body as a web stream, which the adapter pumps through a reader chunk by chunk: on GET /health that was
// a third of the request's cost.
import { Response as AdapterResponse } from '@whatwg-node/fetch';

export const Response = AdapterResponse;
export type Response = globalThis.Response;

/** A Response of either implementation (a route may answer one made by a library). */
export const isResponse = (value: unknown): value is Response => value instanceof AdapterResponse || value instanceof globalThis.Response;

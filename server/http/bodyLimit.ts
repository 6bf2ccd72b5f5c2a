// Request bodies have a ceiling before anyone parses them: a Content-Length above it answers 413 at
// once; a body without one (chunked) is read up to the ceiling and refused past it.

/** JSON bodies of /graphql and the REST routes. */
export const MAX_JSON_BYTES = 1_000_000;

export class BodyTooLargeError extends Error {}

/**
 * The request itself when its announced length is within `maxBytes`; a copy with the body read into
 * memory when no length was announced; BodyTooLargeError past the ceiling.
 */
export async function limitBody(request: Request, maxBytes: number): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return request;
  const announced = request.headers.get('content-length');
  if (announced !== null && /^\d+$/.test(announced)) {
    if (Number(announced) > maxBytes) throw new BodyTooLargeError();
    return request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

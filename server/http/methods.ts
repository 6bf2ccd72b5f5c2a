// Methods the app never answers: TRACE and TRACK echo the request back (cross-site tracing) and CONNECT
// asks for a tunnel. The Fetch API cannot even build a Request with them (undici throws a TypeError), so
// any handler that copies the request (limitBody, Yoga) would fail with a 500: they are refused first.

import { logRefusal } from './requestLog.js';
import { Response } from './response.js';

const REFUSED = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** Methods the app answers somewhere (the Allow header of the refusal). */
const ALLOWED = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** 405 in the legacy envelope for TRACE, TRACK and CONNECT; null for any other method. */
export function refusedMethod(request: Request, requestId?: string): Response | null {
  const method = request.method.toUpperCase();
  if (!REFUSED.has(method)) return null;
  logRefusal(`${method} 405`, new URL(request.url).pathname, requestId);
  return Response.json({ code: 405, description: `El método ${method} no está permitido` }, { status: 405, headers: { allow: ALLOWED } });
}

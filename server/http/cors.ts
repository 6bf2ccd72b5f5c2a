// CORS: only the configured origin (PUBLIC_URL's) is answered; without PUBLIC_URL only same-origin
// pages (which need no CORS headers at all). Any other origin gets no CORS headers, so a browser on
// another site can neither read our answers nor send preflighted requests (JSON, Authorization, the
// CSRF header). Yoga's own CORS (which reflects any origin with credentials) is switched off.
import { Response } from './response.js';

export const CORS_ALLOWED_HEADERS = 'content-type, authorization, x-graphql-csrf, idempotency-key, x-request-id';
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export interface CorsPolicy {
  /** The origin allowed for this request, or null (no CORS headers). */
  allowedOrigin(request: Request): string | null;
  /** The answer to a preflight (OPTIONS with Access-Control-Request-Method), or null when it is not one. */
  preflight(request: Request): Response | null;
  /** Adds the CORS headers of an allowed origin to a response. */
  apply(request: Request, response: Response): Response;
}

export function corsPolicy(publicUrl: string | undefined): CorsPolicy {
  let configured: string | null = null;
  if (publicUrl) {
    try {
      configured = new URL(publicUrl).origin;
    } catch {
      configured = null;
    }
  }
  const allowedOrigin = (request: Request): string | null => {
    const origin = request.headers.get('origin');
    if (!origin || origin === 'null') return null;
    if (configured) return origin === configured ? origin : null;
    // No public address configured: same-origin only.
    return origin === new URL(request.url).origin ? origin : null;
  };
  return {
    allowedOrigin,
    preflight(request) {
      if (request.method !== 'OPTIONS' || !request.headers.get('access-control-request-method')) return null;
      const origin = allowedOrigin(request);
      const headers = new Headers({ vary: 'Origin' });
      if (origin) {
        headers.set('access-control-allow-origin', origin);
        headers.set('access-control-allow-credentials', 'true');
        headers.set('access-control-allow-methods', CORS_ALLOWED_METHODS);
        headers.set('access-control-allow-headers', CORS_ALLOWED_HEADERS);
        headers.set('access-control-max-age', '600');
      }
      return new Response(null, { status: 204, headers });
    },
    apply(request, response) {
      const origin = allowedOrigin(request);
      // Yoga or a route may have set CORS headers: only ours stand.
      for (const name of [
        'access-control-allow-origin',
        'access-control-allow-credentials',
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-expose-headers',
      ]) {
        if (response.headers.has(name)) response.headers.delete(name);
      }
      if (!origin) return response;
      response.headers.set('access-control-allow-origin', origin);
      response.headers.set('access-control-allow-credentials', 'true');
      response.headers.set('access-control-expose-headers', 'x-request-id');
      response.headers.append('vary', 'Origin');
      return response;
    },
  };
}

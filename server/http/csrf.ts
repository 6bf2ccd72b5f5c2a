// Cross-site request forgery: a browser sends the session cookie with any form another site posts
// (multipart uploads) and with top-level GET navigations. Requests authenticated by the cookie that
// could come from such a form or link must carry this header, which only the app's own scripts can add
// (a cross-origin script would need a CORS preflight, which only the configured origin passes).
// Bearer-token clients are not exposed (the browser never adds the token by itself).

export const CSRF_HEADER = 'x-graphql-csrf';
export const CSRF_MESSAGE = 'La solicitud debe incluir el encabezado x-graphql-csrf (protección contra solicitudes de otros sitios)';

export function hasCsrfHeader(request: Request): boolean {
  return !!request.headers.get(CSRF_HEADER);
}

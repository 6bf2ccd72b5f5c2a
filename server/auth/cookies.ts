export const SESSION_COOKIE = 'sid';

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(maxAgeSeconds)}${secure ? '; Secure' : ''}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The session token of a request: the bearer token of API clients, else the browser's cookie. */
export function tokenFromHeaders(headers: { get(name: string): string | null }): { token?: string; viaCookie: boolean } {
  const auth = headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return { token: auth.slice(7).trim() || undefined, viaCookie: false };
  return { token: readCookie(headers.get('cookie'), SESSION_COOKIE), viaCookie: true };
}

// The session, asked once when the page opens, before any screen's code: it decides between the
// sign-in page and the signed-in app. Relay's first session query takes this same answer.
import SessionQuery, { type SessionProviderQuery$data } from '../__generated__/SessionProviderQuery.graphql.js';
import { prefetch, takePrefetched } from '../relay/request.js';

export type BootSession = NonNullable<SessionProviderQuery$data['session']>;

let boot: Promise<BootSession | null> | undefined;

export function bootSession(): Promise<BootSession | null> {
  boot ??= prefetch(SessionQuery, {}).then((response) => (response.data?.session as BootSession | null | undefined) ?? null);
  return boot;
}

/** Signed in without leaving the page: the next bootSession() asks the server again. */
export function forgetBootSession() {
  boot = undefined;
  // An answer asked for earlier and not yet taken is the signed-out one.
  void takePrefetched(SessionQuery.params.name, {});
}

/** Where the page opened (path and query); sign-in returns there. */
export function returnPath(): string {
  const path = window.location.pathname.replace(/^\/+/, '/');
  // Pages that act once (sign out, switch account) are no place to come back to.
  return /^\/(login|logout|fraccionamiento)(\/|$)/.test(path) ? '/' : path + window.location.search;
}

/** Set while this browser holds a session: the app's code is fetched alongside the session question. */
export const SIGNED_IN_HINT = 'signedIn';

/** Signed-out pages, served with or without a session. */
export const isPublicPath = (path: string) =>
  /^\/(sign-up|recover-password|contact|setup-password|verify-email|signup|onboarding|login)(\/|$)/.test(path) ||
  /^\/([^/]+\/)?visita\/[^/]+\/?$/.test(path) ||
  /^\/[^/]+\/cita-vehicular\/[^/]+\/?$/.test(path);

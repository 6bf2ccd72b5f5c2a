// The signed-in part of the app, loaded only after the session says someone is signed in: Relay, the
// shell and the route table. Every route's loader checks its grants and starts its query.
import { Suspense } from 'react';
import './i18n/all.js';
import { type LoaderFunctionArgs, matchRoutes, Navigate, Outlet, redirect, type RouteObject, useLoaderData } from 'react-router';
import { loadQuery, type PreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import SessionQuery, { type SessionProviderQuery } from './__generated__/SessionProviderQuery.graphql.js';
import AcceptInvitationQuery from './__generated__/AcceptInvitationQuery.graphql.js';
import { environment } from './relay/environment.js';
import { RelayRoot } from './relay/RelayRoot.js';
import { SessionProvider } from './components/SessionProvider.js';
import { Shell } from './components/Shell.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { ScreenSkeleton } from './components/Skeletons.js';
import { allowed, type AppRoute, homeRedirect, landingRedirect, ROUTES } from './routes.js';
import { bootSession } from './router/session.js';
import { disabledModuleOf } from '../../core/grants.js';
import { screenRouteObject, type ScreenRoute, useReleaseOnLeave } from './router/screenRoute.js';

const ComingSoon = () => import('./screens/common/ComingSoon.js');

// "/" redirects by permission only where the app opens (sign-in, a reload, an account switch): the
// shell's own links to "/" (Inicio, the community name) then reach the dashboard.
let landed = false;

async function guard(route: AppRoute, { request }: LoaderFunctionArgs) {
  const session = await bootSession();
  if (!session) throw redirect('/login');
  const landing = !landed;
  landed = true;
  const grants = new Set(session.grants);
  if (!allowed(route, grants, session.superAdmin)) {
    const module = disabledModuleOf(route.grants, session.activeModules);
    throw redirect(module ? `/not-available?module=${module}` : '/not-available');
  }
  if (landing && route.path === '/' && new URL(request.url).pathname === '/') {
    const target = landingRedirect(session, grants, session.superAdmin);
    if (target) throw redirect(target);
  }
}

const special: ScreenRoute[] = [
  { path: '/logout', screen: () => import('./screens/people/user/SignOut.js'), skeleton: 'page' },
  { path: '/not-available', screen: () => import('./screens/common/NotAvailable.js') },
  // The account switch reads the session's accounts, which the signed-in layout has already loaded.
  { path: '/fraccionamiento/:id', screen: () => import('./screens/people/user/SwitchAccount.js'), skeleton: 'page' },
  {
    path: '/invitations/:code',
    screen: () => import('./screens/people/user/AcceptInvitation.js'),
    query: AcceptInvitationQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
];

function SignedInLayout() {
  const { t } = useTranslation();
  const { sessionRef } = useLoaderData() as { sessionRef: PreloadedQuery<SessionProviderQuery> };
  useReleaseOnLeave(sessionRef);
  return (
    <RelayRoot>
      <ErrorBoundary title={t('errors.session')}>
        <Suspense fallback={<ScreenSkeleton />}>
          <SessionProvider queryRef={sessionRef} signedOut={<Navigate to="/login" replace />}>
            <Shell>
              <Outlet />
            </Shell>
          </SessionProvider>
        </Suspense>
      </ErrorBoundary>
    </RelayRoot>
  );
}

export const signedInRoutes: RouteObject[] = [
  {
    id: 'signedIn',
    loader: () => ({ sessionRef: loadQuery<SessionProviderQuery>(environment, SessionQuery, {}, { fetchPolicy: 'store-or-network' }) }),
    shouldRevalidate: () => false,
    element: <SignedInLayout />,
    children: [
      ...special.map((route) => screenRouteObject(route)),
      ...ROUTES.map((route) => screenRouteObject(route.screen ? route : { ...route, screen: ComingSoon }, (args) => guard(route, args))),
    ],
  },
];

/**
 * The code of the screen a fresh sign-in lands on (`path`, or where "/" sends these grants), fetched ahead
 * of the page that shows it; resolves when it is loaded (or when there is none to load).
 */
export async function preloadLanding(path: string, grants: readonly string[], superAdmin: boolean): Promise<void> {
  const granted = new Set(grants);
  const pathname = new URL(path, window.location.origin).pathname;
  const target = pathname === '/' ? (homeRedirect(granted, superAdmin) ?? '/') : pathname;
  const route = matchRoutes([...special, ...ROUTES] as RouteObject[], target)?.at(-1)?.route as AppRoute | undefined;
  if (!route?.screen || (route.grants && !allowed(route, granted, superAdmin))) return;
  // With Relay's loader, which route loaders take on demand.
  await Promise.all([route.screen(), import('./relay/load.js')]);
}

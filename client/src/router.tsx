// The router: signed-out pages here, the signed-in app (Relay, shell, route table) patched in on the
// first navigation of a signed-in session, so the sign-in page never loads it.
import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Outlet, redirect, type RouteObject, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { SESSION_CLOSED_EVENT, SESSION_CLOSED_FLAG } from './relay/request.js';
import { bootSession, isPublicPath } from './router/session.js';
import { screenRouteObject, type ScreenRoute } from './router/screenRoute.js';
import OnboardingQuery from './__generated__/OnboardingQuery.graphql.js';
import ActivateAccountQuery from './__generated__/ActivateAccountQuery.graphql.js';
import SetupPasswordQuery from './__generated__/SetupPasswordQuery.graphql.js';
import SignIn from './screens/public/SignIn.js';
import { publicVehicleRoutes } from './screens/community/vehicles/publicRoutes.js';
import { publicVisitorRoutes } from './screens/community/visitors/publicRoutes.js';

/** Signed-out pages; each names what it loads. */
export const PUBLIC_ROUTES: ScreenRoute[] = [
  { path: '/sign-up', screen: () => import('./screens/public/SignUp.js'), skeleton: 'public', relay: false },
  { path: '/recover-password', screen: () => import('./screens/public/RecoverPassword.js'), skeleton: 'public', relay: false },
  { path: '/contact', screen: () => import('./screens/public/Contact.js'), skeleton: 'public', relay: false },
  {
    path: '/setup-password/:code',
    screen: () => import('./screens/public/SetupPassword.js'),
    query: SetupPasswordQuery,
    variables: ({ params }) => ({ code: params.code ?? '' }),
    skeleton: 'public',
  },
  { path: '/verify-email/:code', screen: () => import('./screens/public/VerifyEmail.js'), skeleton: 'public', relay: false },
  {
    path: '/signup/:signupCode',
    screen: () => import('./screens/public/ActivateAccount.js'),
    query: ActivateAccountQuery,
    variables: ({ params }) => ({ code: params.signupCode ?? '' }),
    skeleton: 'public',
  },
  {
    path: '/onboarding/:domain',
    screen: () => import('./screens/public/Onboarding.js'),
    query: OnboardingQuery,
    variables: ({ params }) => ({ domain: params.domain ?? '' }),
    skeleton: 'public',
  },
  ...publicVisitorRoutes,
  ...publicVehicleRoutes,
];

function Root() {
  useEffect(() => {
    // A 401 anywhere: reload at the same address, which now opens on sign-in and returns here after it.
    const onClosed = () => {
      // Signing out closes this session too: that is no news to the person who asked for it.
      if (window.location.pathname === '/logout') return window.location.assign('/login');
      sessionStorage.setItem(SESSION_CLOSED_FLAG, '1');
      window.location.reload();
    };
    window.addEventListener(SESSION_CLOSED_EVENT, onClosed);
    return () => window.removeEventListener(SESSION_CLOSED_EVENT, onClosed);
  }, []);
  return <Outlet />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Center h="60vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/** A loader or route failure: the generic error display with a retry. */
function RouteError() {
  const error = useRouteError();
  return <ErrorBoundary error={error} />;
}

const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        loader: async () => ((await bootSession()) ? redirect('/') : null),
        element: <SignIn />,
      },
      ...PUBLIC_ROUTES.map((route) => screenRouteObject(route)),
      {
        // Signed out, any other address shows sign-in and returns there; signed in, an unknown one goes home.
        path: '*',
        loader: async () => ((await bootSession()) ? redirect('/') : null),
        element: <SignIn />,
      },
    ],
  },
];

let signedInPatched = false;

export function createRouter() {
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (signedInPatched || isPublicPath(path)) return;
      if (!(await bootSession())) return;
      const { signedInRoutes } = await import('./signedIn.js');
      if (signedInPatched) return;
      patch('root', signedInRoutes);
      signedInPatched = true;
    },
  });
}

import { lazy, type ReactNode, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n/index.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { NotificationsHost } from './components/NotificationsHost.js';
import { bootSession, isPublicPath, SIGNED_IN_HINT } from './router/session.js';
import SignIn from './screens/public/SignIn.js';

// The sign-in page is the first thing every visitor loads: it renders without the router, Relay or
// the shell. Anything else (public pages with their own data, the signed-in app) is RoutedApp.
const loadRoutedApp = () => import('./RoutedApp.js');
const RoutedApp = lazy(loadRoutedApp);

const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <MantineProvider>
        <NotificationsHost />
        {node}
      </MantineProvider>
    </StrictMode>,
  );
const routed = () => (
  <Suspense fallback={null}>
    <RoutedApp />
  </Suspense>
);

const path = window.location.pathname;
if (isPublicPath(path) && path !== '/login') render(routed());
else {
  // Someone who was signed in on this browser gets the app's code while the session is asked.
  if (localStorage.getItem(SIGNED_IN_HINT)) void loadRoutedApp();
  bootSession().then(
    (session) => {
      if (session) localStorage.setItem(SIGNED_IN_HINT, '1');
      else localStorage.removeItem(SIGNED_IN_HINT);
      render(session ? routed() : <SignIn />);
    },
    (error: unknown) => render(<ErrorBoundary error={error} />),
  );
}

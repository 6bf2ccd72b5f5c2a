import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n/index.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { NotificationsHost } from './components/NotificationsHost.js';
import { bootSession, forgetBootSession, isPublicPath, SIGNED_IN_HINT } from './router/session.js';
import SignIn from './screens/public/SignIn.js';

// The sign-in page is the first thing every visitor loads: it renders without the router, Relay or
// the shell. Anything else (public pages with their own data, the signed-in app) is RoutedApp.
const loadRoutedApp = () => import('./RoutedApp.js');

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
// Rendered once its code is there rather than through React.lazy: a Suspense fallback at the root would
// hold the first screen that replaces it for React's 300 ms reveal throttle.
const routed = () =>
  loadRoutedApp().then(
    ({ default: RoutedApp }) => render(<RoutedApp />),
    (error: unknown) => render(<ErrorBoundary error={error} />),
  );

/**
 * Signing in continues in this page rather than loading it again: nothing of another account is in memory
 * here (the sign-in page holds no Relay store), and the app's code, fetched while the password was
 * checked, is already evaluated. The sign-in page stays until the first screen has loaded.
 */
async function enterApp(path: string) {
  forgetBootSession();
  try {
    const { enterApp: open } = await loadRoutedApp();
    await open(path);
  } catch {
    return window.location.assign(path);
  }
  await routed();
}

const path = window.location.pathname;
if (isPublicPath(path) && path !== '/login') void routed();
else {
  // Someone who was signed in on this browser gets the app's code while the session is asked: the router
  // (its loaders start at once) and the signed-in routes together, not one after the other.
  if (localStorage.getItem(SIGNED_IN_HINT)) {
    loadRoutedApp().then(
      ({ appRouter }) => appRouter(),
      () => undefined,
    );
    import('./signedIn.js').catch(() => undefined);
  }
  bootSession().then(
    (session) => {
      if (session) localStorage.setItem(SIGNED_IN_HINT, '1');
      else localStorage.removeItem(SIGNED_IN_HINT);
      if (session) void routed();
      else render(<SignIn onSignedIn={enterApp} />);
    },
    (error: unknown) => render(<ErrorBoundary error={error} />),
  );
}

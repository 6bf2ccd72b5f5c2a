import { RouterProvider } from 'react-router';
import { createRouter } from './router.js';

let router: ReturnType<typeof createRouter> | undefined;

/** The page's router, created at the page's address on first use: its loaders start at once. */
export function appRouter() {
  router ??= createRouter();
  return router;
}

/**
 * Sign-in continues in this page: the app opens `path` on the new session (the router is created there,
 * or, made earlier for a signed-out page, goes there); resolves once its first screen has loaded.
 */
export async function enterApp(path: string): Promise<void> {
  if (router) await router.navigate(path, { replace: true });
  else {
    window.history.replaceState(null, '', path);
    appRouter();
  }
  const started = appRouter();
  await new Promise<void>((resolve) => {
    const settled = () => started.state.initialized && started.state.navigation.state === 'idle';
    if (settled()) return resolve();
    const unsubscribe = started.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Everything but the plain sign-in page: the router, its public pages and the signed-in app. */
export default function RoutedApp() {
  return <RouterProvider router={appRouter()} />;
}

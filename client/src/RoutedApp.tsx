import { RouterProvider } from 'react-router';
import { createRouter } from './router.js';

const router = createRouter();

/** Everything but the plain sign-in page: the router, its public pages and the signed-in app. */
export default function RoutedApp() {
  return <RouterProvider router={router} />;
}

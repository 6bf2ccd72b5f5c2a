import { lazy, Suspense } from 'react';
import { useNotificationsRequested } from './notify.js';

const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

/** The notices' container, mounted with the first notice (the store keeps it until then). */
export function NotificationsHost() {
  if (!useNotificationsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

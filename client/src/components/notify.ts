import { useSyncExternalStore } from 'react';

export type NotificationKind = 'success' | 'info' | 'warning' | 'danger';

export const NOTIFICATION_MS = 10_000;

const COLORS: Record<NotificationKind, string> = { success: 'green', info: 'blue', warning: 'yellow', danger: 'red' };

// The notices' code loads with the first notice, so pages that never show one (sign-in) don't carry it.
let requested = false;
const listeners = new Set<() => void>();

/** Success, info, warning or danger notice; each lasts 10 seconds. */
export function notify(kind: NotificationKind, message: string, title?: string) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ color: COLORS[kind], message, title, autoClose: NOTIFICATION_MS, withCloseButton: true, 'data-kind': kind } as never),
  );
}

/** Whether any notice was asked for yet: the app mounts the notices' container from then on. */
export function useNotificationsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
}

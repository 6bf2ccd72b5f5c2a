import { useSyncExternalStore } from 'react';

export type NotificationKind = 'success' | 'info' | 'warning' | 'danger';

export const NOTIFICATION_MS = 10_000;

const COLORS: Record<NotificationKind, string> = { success: 'green', info: 'blue', warning: 'yellow', danger: 'red' };

// The notices' code loads with the first notice, so pages that never show one (sign-in) don't carry it.
let requested = false;
const listeners = new Set<() => void>();

/** What a notice may do besides saying something: open a page when clicked (a chat message's notice). */
export interface NoticeLink {
  onClick: () => void;
  testId?: string;
}

/** Success, info, warning or danger notice; each lasts 10 seconds. */
export function notify(kind: NotificationKind, message: string, title?: string, link?: NoticeLink) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => {
    // A notice with a link opens it when clicked anywhere but its close button, and goes away.
    const open = (e: MouseEvent) => {
      if ((e.target as Element).closest('button')) return;
      notifications.hide(id);
      link?.onClick();
    };
    const id: string = notifications.show({
      color: COLORS[kind],
      message,
      title,
      autoClose: NOTIFICATION_MS,
      withCloseButton: true,
      'data-kind': kind,
      ...(link && { onClick: open, role: 'link', style: { cursor: 'pointer' }, 'data-testid': link.testId }),
    } as never);
  });
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

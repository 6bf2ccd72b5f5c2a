import { notifications } from '@mantine/notifications';

export type NotificationKind = 'success' | 'info' | 'warning' | 'danger';

export const NOTIFICATION_MS = 10_000;

const COLORS: Record<NotificationKind, string> = { success: 'green', info: 'blue', warning: 'yellow', danger: 'red' };

/** Success, info, warning or danger notice; each lasts 10 seconds. */
export function notify(kind: NotificationKind, message: string, title?: string) {
  notifications.show({ color: COLORS[kind], message, title, autoClose: NOTIFICATION_MS, withCloseButton: true, 'data-kind': kind } as never);
}

// What every maintenance screen shows the same way: the status badge, the type, the period's name, and
// the receipt statuses and payment methods of the receipts lists.
import { Badge, type BadgeProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReceiptStatus } from '../../../../../../core/receipts.js';
import { isMaintenanceStatus, isPaymentMethod, isReceiptStatus, type MaintenanceStatus } from './filters.js';

export { MAINTENANCE_STATUSES, MAINTENANCES_PATH } from './filters.js';

const STATUS_COLORS: Record<MaintenanceStatus, string> = { NEW: 'gray', GENERATED: 'blue', COLLECTING: 'orange', COMPLETED: 'green' };
const RECEIPT_COLORS: Record<ReceiptStatus, string> = {
  NEW: 'blue',
  SENT: 'cyan',
  IN_PROGRESS: 'yellow',
  PAID: 'green',
  PENALTY: 'red',
  REVIEW: 'grape',
  CHARGE_BACK: 'dark',
};

export function MaintenanceStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  const known = isMaintenanceStatus(status) ? status : 'NEW';
  return (
    <Badge variant="light" color={STATUS_COLORS[known]} miw="max-content" {...props}>
      {t(`maintenances.status.${known}`)}
    </Badge>
  );
}

export function MaintenanceTypeBadge({ ordinary, ...props }: { ordinary: boolean } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={ordinary ? 'gray' : 'grape'} miw="max-content" {...props}>
      {ordinary ? t('maintenances.ordinary') : t('maintenances.extraordinary')}
    </Badge>
  );
}

export function ReceiptStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={isReceiptStatus(status) ? RECEIPT_COLORS[status] : 'gray'} miw="max-content" {...props}>
      {isReceiptStatus(status) ? t(`maintenances.receiptStatus.${status}`) : status}
    </Badge>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

export function methodLabel(t: T, method: string | null | undefined): string {
  if (!method) return t('maintenances.noMethod');
  return isPaymentMethod(method) ? t(`maintenances.paymentMethod.${method}`) : method;
}

/** One figure of a summary: a small label over its value. */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

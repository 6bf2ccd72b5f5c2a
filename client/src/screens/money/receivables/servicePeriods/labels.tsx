import { Badge, type BadgeProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isPeriodStatus, type PeriodStatus } from './paths.js';

const STATUS_COLORS: Record<PeriodStatus, string> = { NEW: 'gray', READY: 'blue', COMPLETED: 'orange', APPLIED: 'green', DELETED: 'red' };

export function PeriodStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  const known = isPeriodStatus(status) ? status : 'NEW';
  return (
    <Badge variant="light" color={STATUS_COLORS[known]} miw="max-content" data-testid="period-status" {...props}>
      {t(`servicePeriods.status.${known}`)}
    </Badge>
  );
}

/** One figure of a summary: a small label over its value. */
export function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

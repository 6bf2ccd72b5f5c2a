import { Badge, type BadgeProps } from '@mantine/core';
import { HOUSE_STATUS_LABELS, type HouseStatus } from '../../../core/houseRules.js';

/** One colour per house status, the same on every screen that shows it. */
export const HOUSE_STATUS_COLORS: Record<HouseStatus, string> = {
  NEW: 'blue',
  MISSING_BALANCE: 'orange',
  INCOMPLETE: 'yellow',
  ACTIVE: 'green',
  BLOCKED: 'red',
  DELETED: 'gray',
};

export function HouseStatusBadge({ status, ...props }: { status: HouseStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={HOUSE_STATUS_COLORS[status]} variant="light" {...props}>
      {HOUSE_STATUS_LABELS[status]}
    </Badge>
  );
}

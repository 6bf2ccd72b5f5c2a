import { Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Icon = 'check' | 'hourglass' | 'clock' | 'banned' | '%future added value';

/** The icon's colour: validated green, booked for revision blue, waiting for the administration yellow, else red. */
const COLOR: Record<string, string> = { check: 'teal', hourglass: 'blue', clock: 'yellow', banned: 'red' };

/** Tabler icon shapes, inline (as the rest of the app draws its icons). */
function Shape({ icon, size, title }: { icon: Icon; size: number; title: string }) {
  const props = {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': true,
  } as const;
  if (icon === 'check')
    return (
      <svg {...props} data-icon="check">
        <title>{title}</title>
        <path d="M5 12l5 5l10 -10" />
      </svg>
    );
  if (icon === 'hourglass')
    return (
      <svg {...props} data-icon="hourglass">
        <title>{title}</title>
        <path d="M6.5 7h11" />
        <path d="M6.5 17h11" />
        <path d="M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1 -1 1h-10a1 1 0 0 1 -1 -1z" />
        <path d="M6 4v2a6 6 0 1 0 12 0v-2a1 1 0 0 0 -1 -1h-10a1 1 0 0 0 -1 1z" />
      </svg>
    );
  if (icon === 'clock')
    return (
      <svg {...props} data-icon="clock">
        <title>{title}</title>
        <path d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0" />
        <path d="M12 7v5l3 3" />
      </svg>
    );
  return (
    <svg {...props} data-icon="ban">
      <title>{title}</title>
      <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
      <path d="M5.7 5.7l12.6 12.6" />
    </svg>
  );
}

/**
 * A vehicle's status icon (spec 3 section 6): a check when validated, an hourglass with a confirmed appointment,
 * a clock while it waits for the administration's authorization, else a ban; with the status in words beside it.
 */
export function VehicleStatusIcon({ icon, label, withLabel = true }: { icon: Icon; label: string; withLabel?: boolean }) {
  const { t } = useTranslation();
  const meaning = t(`vehicles.icon.${icon}`);
  const mark = (
    <ThemeIcon
      color={COLOR[icon] ?? 'gray'}
      variant="light"
      radius="xl"
      size={28}
      style={{ flexShrink: 0 }}
      aria-label={meaning}
      role="img"
      data-status-icon={icon}
    >
      <Shape icon={icon} size={18} title={meaning} />
    </ThemeIcon>
  );
  if (!withLabel)
    return (
      <Tooltip label={label} withArrow>
        {mark}
      </Tooltip>
    );
  return (
    <Group gap={8} wrap="nowrap" align="center">
      {mark}
      <Text size="sm" fw={500} lh={1.25} miw={0}>
        {label}
      </Text>
    </Group>
  );
}

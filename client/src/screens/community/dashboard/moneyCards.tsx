// The money dashboard's building blocks: a titled card, its empty state and a key figure.
import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';

export function Card({
  title,
  subtitle,
  action,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const id = `${testId}-title`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id} data-testid={testId} h="100%" style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Box miw={0}>
            <Title order={3} size="h4" id={id}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Box>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text
      size="sm"
      c="dimmed"
      ta="center"
      py="xl"
      px="md"
      style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {children}
    </Text>
  );
}

export const amountStyle = { fontVariantNumeric: 'tabular-nums' as const, whiteSpace: 'nowrap' as const };

export function Figure({
  label,
  value,
  hint,
  color,
  testId,
  title,
}: {
  label: string;
  value: string;
  hint: string;
  color: string;
  testId: string;
  title?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} style={{ borderTop: `3px solid var(--mantine-color-${color}-6)`, minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lineClamp={2} title={title ?? label}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.25} mt={4} style={amountStyle}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {hint}
      </Text>
    </Paper>
  );
}

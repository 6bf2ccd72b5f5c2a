import type { ReactNode } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface PageHeaderProps {
  title: ReactNode;
  /** One line under the title saying what the screen is for. */
  description?: ReactNode;
  /** The screen's main button (the spec names it), e.g. «Agregar calle». */
  action?: { label: string; to: string } | null;
  /** A secondary link beside the main button, e.g. back to the list. */
  secondary?: { label: string; to: string } | null;
  children?: ReactNode;
}

/** Every screen's header: title, main button and secondary link in the same places. */
export function PageHeader({ title, description, action, secondary, children }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="xs">
      <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {(secondary || children || action) && (
        <Group gap="sm" wrap="wrap">
          {secondary && (
            <Anchor component={Link} to={secondary.to} size="sm">
              {secondary.label}
            </Anchor>
          )}
          {children}
          {action && (
            <Button component={Link} to={action.to}>
              {action.label}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}

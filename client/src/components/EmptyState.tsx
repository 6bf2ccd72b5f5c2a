import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** What an empty list says: why it is empty and what to do next. */
export function EmptyState({ title, hint, action }: { title: string; hint?: ReactNode; action?: { label: string; to: string } | null }) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="empty-state">
      <Stack align="center" gap="xs">
        <Text fw={600}>{title}</Text>
        {hint && (
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
        {action && (
          <Button component={Link} to={action.to} variant="light" mt="xs">
            {action.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';

export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={440} maw="100%">
        <Stack>
          <Title order={2}>{title}</Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

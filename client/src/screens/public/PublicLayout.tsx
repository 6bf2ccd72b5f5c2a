// The frame of every signed-out page: the product's name above one card, on a quiet background.
import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PublicLayoutProps {
  title: string;
  /** One line under the title saying what the page is for. */
  description?: ReactNode;
  /** Card width in pixels on wide screens (forms with two columns ask for more). */
  width?: number;
  children: ReactNode;
}

function Mark() {
  return (
    <Center w={36} h={36} bg="blue.6" c="white" style={{ borderRadius: 10 }}>
      <svg
        aria-hidden="true"
        width={22}
        height={22}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 12l-2 0l9 -9l9 9l-2 0" />
        <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-7" />
        <path d="M10 21v-6h4v6" />
      </svg>
    </Center>
  );
}

export function PublicLayout({ title, description, width = 440, children }: PublicLayoutProps) {
  const { t } = useTranslation();
  const support = t('app.support');
  return (
    <Box mih="100vh" bg="gray.0" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 56 }}>
      <Stack align="center" gap="lg">
        <Group gap="xs">
          <Mark />
          <Text fw={700} fz="xl" c="dark.7">
            {t('app.name')}
          </Text>
        </Group>
        <Paper component="main" withBorder shadow="md" p={{ base: 'lg', sm: 32 }} radius="lg" w={width} maw="100%">
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          <Anchor href="/contact" c="dimmed" size="xs">
            {t('app.contact')}
          </Anchor>
          {' · '}
          <Anchor href={`mailto:${support}`} c="dimmed" size="xs">
            {support}
          </Anchor>
        </Text>
      </Stack>
    </Box>
  );
}

import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuSection } from '../../../routes.js';

/** Links to the built screens of some menu groups, under each group's title. */
export function Shortcuts({ title, sections, groupTitle }: { title: string; sections: MenuSection[]; groupTitle: (group: string) => string }) {
  const { t } = useTranslation();
  if (sections.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="shortcuts-title" data-testid="shortcuts">
      <Stack gap="sm">
        <Title order={3} size="h4" id="shortcuts-title">
          {title}
        </Title>
        {sections.map((section) => (
          <Stack key={section.group} gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {groupTitle(section.group)}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {section.entries.map((entry) => (
                <UnstyledButton
                  key={entry.path}
                  component={Link}
                  to={entry.path}
                  px="sm"
                  py={8}
                  fz="sm"
                  fw={500}
                  c="var(--mantine-primary-color-filled)"
                  style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  {t(entry.label)}
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

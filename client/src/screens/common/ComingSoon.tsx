import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.js';
import type { AppRoute } from '../../routes.js';

/** For spec routes that no issue has built yet: says so plainly instead of showing a fake screen. */
export default function ComingSoon({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const name = route.menu ? t(route.menu.label) : route.path;
  return (
    <Stack maw={640}>
      <PageHeader title={name} />
      <Paper withBorder p="lg" radius="md" data-testid="coming-soon">
        <Stack gap="sm">
          <Text fw={600}>{t('comingSoon.title')}</Text>
          <Text>{t('comingSoon.body', { name })}</Text>
          <Text size="sm" c="dimmed">
            {t('comingSoon.hint')}
          </Text>
          <Group>
            <Button component={Link} to="/">
              {t('comingSoon.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

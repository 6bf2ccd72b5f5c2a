import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.js';

/** Where a route the account may not open sends it (spec 3 section 2). */
export default function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Stack maw={640}>
      <PageHeader title={t('notAvailable.title')} />
      <Paper withBorder p="lg" radius="md" data-testid="not-available">
        <Stack gap="sm">
          <Text>{t('notAvailable.body')}</Text>
          <Text size="sm" c="dimmed">
            {t('notAvailable.hint')}
          </Text>
          <Group>
            <Button component={Link} to="/">
              {t('notAvailable.home')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../components/SessionProvider.js';

/** The house of a house account (owner, co-owner, resident) and the screens of that house it may open. */
export function MyHouse({ links }: { links: { path: string; label: string }[] }) {
  const { t } = useTranslation();
  const { session } = useSession();
  if (!session.house) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-house-title" data-testid="my-house">
      <Stack gap="sm">
        <Title order={3} size="h4" id="my-house-title">
          {t('dashboard.myHouse.title')}
        </Title>
        <div>
          <Text fz={24} fw={700} lh={1.2}>
            {session.house.label}
          </Text>
          {session.neighborhood && (
            <Text size="sm" c="dimmed">
              {session.neighborhood.name}
            </Text>
          )}
        </div>
        {links.length > 0 && (
          <Group gap="xs">
            {links.map((link) => (
              <Button key={link.path} component={Link} to={link.path} variant="light" size="sm">
                {t(link.label)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

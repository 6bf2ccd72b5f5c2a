import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseStats_dashboard$key } from '../../../__generated__/HouseStats_dashboard.graphql';

const fragment = graphql`
  fragment HouseStats_dashboard on Dashboard {
    houseStats { total ownerActive ownerPending withoutOwner }
  }
`;

/** House stats: the community's houses and how many owners have activated their account (?user_status=). */
export function HouseStats({ dashboard, ownersList }: { dashboard: HouseStats_dashboard$key; ownersList: boolean }) {
  const { t } = useTranslation();
  const data = useFragment(fragment, dashboard);
  const stats = data.houseStats;
  if (!stats) return null;
  const notActive = stats.ownerPending + stats.withoutOwner;
  const percent = stats.total ? Math.round((stats.ownerActive / stats.total) * 100) : 0;
  const link = (to: string, children: string) =>
    ownersList ? (
      <Anchor component={Link} to={to} size="sm">
        {children}
      </Anchor>
    ) : (
      <Text size="sm">{children}</Text>
    );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="house-stats-title" data-testid="house-stats">
      <Stack gap="sm">
        <Title order={3} size="h4" id="house-stats-title">
          {t('dashboard.houses.title')}
        </Title>
        <Group justify="space-between" align="baseline">
          {link('/owners', t('dashboard.houses.total'))}
          <Text fz={28} fw={700} lh={1}>
            {stats.total}
          </Text>
        </Group>
        <Progress value={percent} color="teal" size="lg" aria-label={t('dashboard.houses.progress', { percent })} />
        <Group justify="space-between" align="baseline">
          {link('/owners?user_status=true', t('dashboard.houses.ownerActive'))}
          <Text fw={700}>{stats.ownerActive}</Text>
        </Group>
        <Group justify="space-between" align="baseline">
          {link('/owners?user_status=false', t('dashboard.houses.ownerNotActive'))}
          <Text fw={700}>{notActive}</Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('dashboard.houses.breakdown', { pending: stats.ownerPending, without: stats.withoutOwner })}
        </Text>
      </Stack>
    </Paper>
  );
}

import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnboardingStats_dashboard$key } from '../../../__generated__/OnboardingStats_dashboard.graphql';
import type { HouseStatus } from '../../../../../core/houseRules.js';
import { HouseStatusBadge } from '../../../components/StatusBadge.js';

const fragment = graphql`
  fragment OnboardingStats_dashboard on Dashboard {
    houseStatusCounts { status count }
  }
`;

/**
 * Onboarding stats (spec 3 "Dashboard and widgets"): houses per status, each opening the owners list
 * filtered by it (?house_status=) when the account may read that list.
 */
export function OnboardingStats({
  dashboard,
  ownersList,
  vehiclesSchedule,
}: {
  dashboard: OnboardingStats_dashboard$key;
  /** The owners list is open to the account. */
  ownersList: boolean;
  /** The scheduled-vehicles screen is built and open to the account. */
  vehiclesSchedule: boolean;
}) {
  const { t } = useTranslation();
  const data = useFragment(fragment, dashboard);
  if (!data.houseStatusCounts) return null;
  const active = data.houseStatusCounts.find((c) => c.status === 'ACTIVE')?.count ?? 0;
  const open = data.houseStatusCounts.filter((c) => c.status !== 'DELETED').reduce((sum, c) => sum + c.count, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="onboarding-stats-title" data-testid="onboarding-stats">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id="onboarding-stats-title">
            {t('dashboard.onboarding.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.onboarding.active', { active, total: open })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
          {data.houseStatusCounts.map(({ status, count }) => (
            <StatusCount key={status} status={status as HouseStatus} count={count} ownersList={ownersList} />
          ))}
        </SimpleGrid>
        {vehiclesSchedule && (
          <Anchor component={Link} to="/neighborhood/scheduled-vehicles" size="sm">
            {t('dashboard.onboarding.vehiclesSchedule')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

const CELL = { border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' } as const;

function StatusCount({ status, count, ownersList }: { status: HouseStatus; count: number; ownersList: boolean }) {
  const { t } = useTranslation();
  const content = (
    <Stack gap={4} p="xs">
      <HouseStatusBadge status={status} size="sm" w="fit-content" maw="100%" />
      <Text fz={24} fw={700} lh={1.1} ta="right">
        {count}
      </Text>
    </Stack>
  );
  if (!ownersList) return <div style={CELL}>{content}</div>;
  return (
    <UnstyledButton
      component={Link}
      to={`/owners?house_status=${status}`}
      aria-label={t('dashboard.onboarding.link', { count, status: t(`dashboard.status.${status}`) })}
      style={CELL}
    >
      {content}
    </UnstyledButton>
  );
}

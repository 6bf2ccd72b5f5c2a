import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerDashboard_query$key } from '../../../__generated__/OwnerDashboard_query.graphql';
import { WalletPanel } from '../../money/receivables/receipts/WalletPanel.js';
import { formatDate, formatPesos } from '../../../format.js';

const fragment = graphql`
  fragment OwnerDashboard_query on Query {
    dashboard {
      ownHouseBalance { ...WalletPanel_balance }
      ownPendingReceipts {
        totalCount
        receipts { id databaseId houseDatabaseId description amount dueDate status }
      }
    }
  }
`;

/**
 * The owner dashboard (spec 3 "Dashboard and widgets"): for a house account holding OReceiptsRead or
 * SReceiptsRead, the house's wallet panel and its pending receipts with a way to pay them. Visitors are not
 * built yet, so the visitors part (OVisitorsRead, SVisitorsRead, RVisitorsRead) has nothing to show.
 */
export function OwnerDashboard({ query }: { query: OwnerDashboard_query$key }) {
  const { t } = useTranslation();
  const { dashboard } = useFragment(fragment, query);
  const pending = dashboard.ownPendingReceipts;
  if (!dashboard.ownHouseBalance || !pending) return null;
  const receipts = pending.receipts;
  return (
    <Stack gap="md" data-testid="owner-dashboard">
      <WalletPanel balance={dashboard.ownHouseBalance} houseId={null} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="owner-receipts-title" data-testid="owner-receipts">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} size="h4" id="owner-receipts-title">
              {t('dashboard.owner.receipts')}
            </Title>
            {(pending.totalCount ?? 0) > 0 && (
              <Badge variant="light" color="orange">
                {pending.totalCount}
              </Badge>
            )}
          </Group>
          {receipts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('dashboard.owner.receiptsEmpty')}
            </Text>
          ) : (
            <Stack gap={0}>
              {receipts.map((r) => (
                <Group
                  key={r.id}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py={8}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <UnstyledButton component={Link} to={`/houses/${r.houseDatabaseId}/receipts/${r.databaseId}`} miw={0} style={{ flex: 1 }}>
                    <Text size="sm" fw={600} truncate>
                      {r.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('dashboard.owner.due', { date: formatDate(r.dueDate) })}
                    </Text>
                  </UnstyledButton>
                  <Box ta="right">
                    <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatPesos(r.amount as string)}
                    </Text>
                    <Button component={Link} to={`/houses/${r.houseDatabaseId}/receipts/${r.databaseId}`} size="compact-xs" variant="light" mt={2}>
                      {t('dashboard.owner.pay')}
                    </Button>
                  </Box>
                </Group>
              ))}
            </Stack>
          )}
          <Anchor component={Link} to="/houses/receipts" size="sm">
            {t('dashboard.owner.seeAll')}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}

import { Suspense, useEffect } from 'react';
import { Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PendingVehiclesQuery } from '../../../__generated__/PendingVehiclesQuery.graphql';
import { VehicleStatusIcon } from './VehicleStatusIcon.js';

const query = graphql`
  query PendingVehiclesQuery {
    vehicles(filter: { status: PENDING_AUTHORIZATION }, first: 5, offset: 0) {
      totalCount
      edges { node { id databaseId plate description houseLabel ownerName statusName icon } }
    }
  }
`;

/** Who sees the dashboard's vehicles to authorize (spec 3 section 2). */
export const DASHBOARD_VEHICLE_GRANT = 'AVehiclesRead';

/** The dashboard's «Vehículos por autorizar»: the first 5 vehicles pending the administration's authorization. */
export function PendingVehicles() {
  const { t } = useTranslation();
  const [queryRef, loadQuery] = useQueryLoader<PendingVehiclesQuery>(query);
  useEffect(() => loadQuery({}, { fetchPolicy: 'store-and-network' }), [loadQuery]);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pending-vehicles-title" data-testid="pending-vehicles">
      <Stack gap="sm">
        <Title order={3} size="h4" id="pending-vehicles-title">
          {t('vehicles.dashboard.title')}
        </Title>
        <Suspense fallback={<Loader size="sm" />}>{queryRef && <Rows queryRef={queryRef} />}</Suspense>
        <Anchor component={Link} to="/neighborhood/vehicles?status=PENDING_AUTHORIZATION" size="sm">
          {t('vehicles.dashboard.seeAll')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function Rows({ queryRef }: { queryRef: PreloadedQuery<PendingVehiclesQuery> }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<PendingVehiclesQuery>(query, queryRef);
  const rows = data.vehicles.edges.map((e) => e.node);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('vehicles.dashboard.empty')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {rows.map((v) => (
        <Group
          key={v.id}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          data-testid={`pending-vehicle-${v.databaseId}`}
        >
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Anchor component={Link} to={`/neighborhood/vehicles/${v.databaseId}`} size="sm" fw={700} ff="monospace">
              {v.plate}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {[v.houseLabel, v.ownerName, v.description].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <VehicleStatusIcon icon={v.icon} label={v.statusName} withLabel={false} />
        </Group>
      ))}
    </Stack>
  );
}

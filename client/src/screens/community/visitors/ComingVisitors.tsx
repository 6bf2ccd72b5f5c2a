import { Suspense, useEffect } from 'react';
import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ComingVisitorsQuery } from '../../../__generated__/ComingVisitorsQuery.graphql';
import { notify } from '../../../components/notify.js';
import { useVisitorChanges } from './useVisitorChanges.js';
import { statusOf, whenOf } from './visitorTexts.js';

const query = graphql`
  query ComingVisitorsQuery {
    comingVisitors {
      id databaseId name reference inside insideSince warning
      visitorType entryDate entryHour entryMinute departureDate departureHour departureMinute
    }
  }
`;

/** The owner dashboard's visitors (OVisitorsRead, SVisitorsRead or RVisitorsRead). */
export const DASHBOARD_VISITOR_GRANTS = ['OVisitorsRead', 'SVisitorsRead', 'RVisitorsRead'];

/**
 * The owner dashboard's «Próximas visitas»: the house's next 5 visitors, refreshed by every change of its
 * visitors; an arrival at the gate shows «Llegó tu visita: {name}».
 */
export function ComingVisitors() {
  const { t } = useTranslation();
  const [queryRef, loadQuery] = useQueryLoader<ComingVisitorsQuery>(query);
  useEffect(() => loadQuery({}, { fetchPolicy: 'store-and-network' }), [loadQuery]);
  useVisitorChanges((change) => {
    if (change.kind === 'GET_IN') notify('info', t('visitors.dashboard.arrived', { name: change.name }));
    loadQuery({}, { fetchPolicy: 'network-only' });
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="coming-visitors-title" data-testid="coming-visitors">
      <Stack gap="sm">
        <Title order={3} size="h4" id="coming-visitors-title">
          {t('visitors.dashboard.title')}
        </Title>
        <Suspense fallback={<Loader size="sm" />}>{queryRef && <Rows queryRef={queryRef} />}</Suspense>
        <Anchor component={Link} to="/houses/visitors" size="sm">
          {t('visitors.dashboard.seeAll')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

function Rows({ queryRef }: { queryRef: PreloadedQuery<ComingVisitorsQuery> }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ComingVisitorsQuery>(query, queryRef);
  if (data.comingVisitors.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('visitors.dashboard.empty')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {data.comingVisitors.map((v) => {
        const status = statusOf(t, v);
        return (
          <Group
            key={v.id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            data-testid={`coming-visitor-${v.databaseId}`}
          >
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={600} truncate>
                {v.name}
              </Text>
              <Text size="xs" c="dimmed">
                {whenOf(t, v)}
              </Text>
            </Stack>
            <Badge color={status.color} variant="light" tt="none" miw="max-content">
              {status.label}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

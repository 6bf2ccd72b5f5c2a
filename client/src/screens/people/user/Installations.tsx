import { useTransition } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, usePaginationFragment, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { InstallationsQuery } from '../../../__generated__/InstallationsQuery.graphql';
import type { Installations_query$key } from '../../../__generated__/Installations_query.graphql';
import type { InstallationsEndMutation } from '../../../__generated__/InstallationsEndMutation.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useAppMutation } from '../../../components/mutations.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { DEVICES_PAGE } from './devices.js';
import { describeUserAgent } from './userAgent.js';
import { formatDate } from '../../../format.js';

export const installationsQuery = graphql`
  query InstallationsQuery($first: Int!) {
    ...Installations_query @arguments(first: $first)
  }
`;

const devicesFragment = graphql`
  fragment Installations_query on Query
  @refetchable(queryName: "InstallationsPaginationQuery")
  @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" }) {
    myDevices(first: $first, after: $after) @connection(key: "Installations_myDevices") {
      totalCount
      edges { node { id userAgent ip createdAt lastSeenAt current } }
    }
  }
`;

const endMutation = graphql`
  mutation InstallationsEndMutation($input: EndDevicesInput!) {
    endDevices(input: $input) { __typename ... on Error { code message } ... on MutationEndDevicesSuccess { data { endedCount } } }
  }
`;

/** /installations: where the person has an open session, most recent first; any of them can be closed. */
export default function Installations({ queryRef }: ScreenProps<InstallationsQuery>) {
  const data = usePreloadedQuery<InstallationsQuery>(installationsQuery, queryRef);
  return <DeviceList query={data} />;
}

function DeviceList({ query }: { query: Installations_query$key }) {
  const { t } = useTranslation();
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment(devicesFragment, query);
  const [reloading, startTransition] = useTransition();
  const end = useAppMutation<InstallationsEndMutation>(endMutation);
  const devices = data.myDevices.edges.map((e) => e.node);
  const total = data.myDevices.totalCount;
  const deviceName = (userAgent: string | null | undefined) => {
    const known = describeUserAgent(userAgent);
    if (!known) return t('installations.unknownDevice');
    if (known.browser && known.system) return t('installations.browserOn', { browser: known.browser, system: known.system });
    return known.browser ?? known.system;
  };

  const endDevices = async (deviceId: string | null) => {
    const result = await end.run({ input: { deviceId } }, 'endDevices', {
      success: deviceId ? t('installations.endedOne') : t('installations.endedOthers'),
    });
    if (!result) return;
    startTransition(() => {
      refetch({ first: Math.max(DEVICES_PAGE, devices.length) }, { fetchPolicy: 'network-only' });
    });
  };

  return (
    <Stack>
      <PageHeader title={t('installations.title')} description={t('installations.description')}>
        <Button variant="light" color="red" onClick={() => endDevices(null)} loading={end.inFlight} disabled={total < 2}>
          {t('installations.endOthers')}
        </Button>
      </PageHeader>
      {total < 2 && <EmptyState title={t('installations.empty')} hint={t('installations.emptyHint')} />}
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover style={{ opacity: reloading ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('installations.device')}</Table.Th>
              <Table.Th>{t('installations.ip')}</Table.Th>
              <Table.Th>{t('installations.since')}</Table.Th>
              <Table.Th>{t('installations.lastSeen')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text size="sm" fw={500} title={d.userAgent ?? undefined}>
                    {deviceName(d.userAgent)}
                  </Text>
                </Table.Td>
                <Table.Td>{d.ip ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(String(d.createdAt))}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(String(d.lastSeenAt))}</Table.Td>
                <Table.Td ta="right">
                  {d.current ? (
                    <Badge variant="light" color="green">
                      {t('installations.current')}
                    </Badge>
                  ) : (
                    <Button size="xs" variant="subtle" color="red" onClick={() => endDevices(d.id)}>
                      {t('installations.end')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('installations.shown', { shown: devices.length, count: total })}
        </Text>
        {hasNext && (
          <Button variant="default" onClick={() => loadNext(DEVICES_PAGE)} loading={isLoadingNext}>
            {t('installations.more')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

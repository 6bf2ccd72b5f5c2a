import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallationsQuery } from '../../__generated__/InstallationsQuery.graphql';
import type { InstallationsEndMutation } from '../../__generated__/InstallationsEndMutation.graphql';
import { PagedList, usePage } from '../../components/PagedList.js';
import { longDate } from '../../components/DateField.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';

const query = graphql`
  query InstallationsQuery($first: Int!, $offset: Int!) {
    myDevices(first: $first, offset: $offset) {
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

export default function Installations() {
  const { t } = useTranslation();
  const { pageSize, offset } = usePage();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<InstallationsQuery>(query, { first: pageSize, offset }, { fetchPolicy: 'network-only', fetchKey });
  const end = useAppMutation<InstallationsEndMutation>(endMutation);
  const devices = data.myDevices.edges.map((e) => e.node);

  const endDevices = async (deviceId: string | null) => {
    const result = await end.run({ input: { deviceId } }, 'endDevices');
    if (result && 'data' in result) {
      notify('success', deviceId ? t('installations.endedOne') : t('installations.ended', { count: result.data?.endedCount ?? 0 }));
      setFetchKey((k) => k + 1);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('installations.title')}</Title>
        <Button variant="light" color="red" onClick={() => endDevices(null)} loading={end.inFlight} disabled={data.myDevices.totalCount < 2}>
          {t('installations.endOthers')}
        </Button>
      </Group>
      <PagedList totalCount={data.myDevices.totalCount}>
        <Table striped>
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
                <Table.Td>{d.userAgent ?? t('installations.unknownDevice')}</Table.Td>
                <Table.Td>{d.ip}</Table.Td>
                <Table.Td>{longDate(String(d.createdAt))}</Table.Td>
                <Table.Td>{longDate(String(d.lastSeenAt))}</Table.Td>
                <Table.Td>
                  {d.current ? (
                    <Badge>{t('installations.current')}</Badge>
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
      </PagedList>
    </Stack>
  );
}

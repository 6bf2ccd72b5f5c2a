import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StreetsQuery } from '../../__generated__/StreetsQuery.graphql';
import type { StreetsDeleteMutation } from '../../__generated__/StreetsDeleteMutation.graphql';
import { PagedList, usePage } from '../../components/PagedList.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { useSession } from '../../components/SessionProvider.js';

const query = graphql`
  query StreetsQuery($first: Int!, $offset: Int!, $name: String) {
    streets(first: $first, offset: $offset, filter: { name: $name }) {
      totalCount
      edges { node { id databaseId name } }
    }
  }
`;

const deleteMutation = graphql`
  mutation StreetsDeleteMutation($input: DeleteStreetInput!) {
    deleteStreet(input: $input) { __typename ... on Error { code message } ... on MutationDeleteStreetSuccess { data { deletedId } } }
  }
`;

export default function Streets() {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search, setSearch] = useSearchParams();
  const { pageSize, offset } = usePage();
  const name = search.get('name') ?? '';
  const [typed, setTyped] = useState(name);
  const [fetchKey, setFetchKey] = useState(0);
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const data = useLazyLoadQuery<StreetsQuery>(query, { first: pageSize, offset, name: name || null }, { fetchPolicy: 'store-and-network', fetchKey });
  const remove = useAppMutation<StreetsDeleteMutation>(deleteMutation);
  const applyFilter = useDebouncedCallback((value: string) => {
    const next = new URLSearchParams(search);
    if (value.trim()) next.set('name', value.trim());
    else next.delete('name');
    next.set('page', '1');
    setSearch(next);
  }, 300);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await remove.run({ input: { id: toDelete.id } }, 'deleteStreet');
    setToDelete(null);
    if (result) {
      notify('success', t('streets.deleted'));
      setFetchKey((k) => k + 1);
    }
  };

  const streets = data.streets?.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('streets.title')}</Title>
        {grants.has('CStreetsCreate') && (
          <Button component={Link} to="/neighborhood/settings/streets/form">
            {t('streets.create')}
          </Button>
        )}
      </Group>
      <TextInput
        label={t('streets.filterName')}
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          applyFilter(e.currentTarget.value);
        }}
        maw={360}
      />
      <PagedList totalCount={data.streets?.totalCount ?? 0}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('streets.name')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {streets.map((street) => (
              <Table.Tr key={street.id}>
                <Table.Td>{street.name}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    {grants.has('CStreetsUpdate') && (
                      <Button size="xs" variant="subtle" component={Link} to={`/neighborhood/settings/streets/${street.databaseId}`}>
                        {t('streets.edit')}
                      </Button>
                    )}
                    {grants.has('CStreetsDelete') && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete({ id: street.id, name: street.name })}>
                        {t('streets.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <Modal opened={!!toDelete} onClose={() => setToDelete(null)} title={t('streets.deleteTitle')}>
        <Text>{t('streets.deleteConfirm', { name: toDelete?.name })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>{t('common.cancel')}</Button>
          <Button color="red" onClick={confirmDelete} loading={remove.inFlight}>{t('streets.delete')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

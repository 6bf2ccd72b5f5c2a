import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseResidentsQuery } from '../../__generated__/HouseResidentsQuery.graphql';
import type { HouseResidentsDeleteMutation } from '../../__generated__/HouseResidentsDeleteMutation.graphql';
import { PagedList, usePage } from '../../components/PagedList.js';
import { searchWithFilter } from '../../components/paging.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { useSession } from '../../components/SessionProvider.js';

const query = graphql`
  query HouseResidentsQuery($houseId: ID, $houseNodeId: ID!, $first: Int!, $offset: Int!, $name: String, $admin: Boolean!) {
    residents(houseId: $houseId, first: $first, offset: $offset, filter: { name: $name }) {
      totalCount
      edges {
        node { id databaseId firstName lastName email mobile pending accreditationFileUrl accreditationFileName canEdit canDelete role { name } }
      }
    }
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { label } }
  }
`;

const deleteMutation = graphql`
  mutation HouseResidentsDeleteMutation($input: DeleteResidentInput!) {
    deleteResident(input: $input) { __typename ... on Error { code message } ... on MutationDeleteResidentSuccess { data { deletedId } } }
  }
`;

interface Row {
  id: string;
  databaseId: number;
  name: string;
}

const fullName = (r: { firstName: string; lastName?: string | null }) => [r.firstName, r.lastName].filter(Boolean).join(' ');

/**
 * Residents of a house: /houses/residents for the viewer's own house, /houses/{houseId}/residents for
 * administrators. Edit and delete show only where the server says the viewer may (canEdit, canDelete).
 */
export default function HouseResidents() {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const { grants, session } = useSession();
  const admin = !!houseId;
  const [search, setSearch] = useSearchParams();
  const { pageSize, offset } = usePage();
  const [fetchKey, setFetchKey] = useState(0);
  const [typed, setTyped] = useState(search.get('name') ?? '');
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const data = useLazyLoadQuery<HouseResidentsQuery>(
    query,
    {
      houseId: admin ? btoa(`House:${houseId}`) : null,
      houseNodeId: btoa(`House:${houseId ?? 0}`),
      first: pageSize,
      offset,
      name: search.get('name') || null,
      admin,
    },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const remove = useAppMutation<HouseResidentsDeleteMutation>(deleteMutation);
  const applyFilter = useDebouncedCallback((value: string) => setSearch(searchWithFilter(search, 'name', value)), 300);

  const label = admin ? data.house?.label : session.house?.label;
  const canCreate = admin ? grants.has('AResidentsCreate') : ['OResidentsCreate', 'SResidentsCreate', 'RResidentsCreate'].some((g) => grants.has(g));
  const createPath = admin ? `/residents/form?houseId=${houseId}` : '/houses/residents/form';
  const editPath = (row: Row) => (admin ? `/residents/${row.databaseId}` : `/houses/residents/${row.databaseId}`);
  const rows = data.residents?.edges.map((e) => e.node) ?? [];

  const confirm = async () => {
    if (!toDelete) return;
    const ok = !!(await remove.run({ input: { id: toDelete.id } }, 'deleteResident', { notifyTypedError: false }));
    if (ok) {
      notify('success', t('residents.deleted', { name: toDelete.name }));
      setFetchKey((k) => k + 1);
    } else notify('danger', t('residents.deleteFailed', { name: toDelete.name }));
    setToDelete(null);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={2}>{t('residents.title')}</Title>
          {label && <Text c="dimmed">{t('residents.house', { label })}</Text>}
        </div>
        {canCreate && (
          <Button component={Link} to={createPath}>
            {t('residents.create')}
          </Button>
        )}
      </Group>
      <TextInput
        label={t('residents.filter')}
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          applyFilter(e.currentTarget.value);
        }}
        maw={360}
      />
      <PagedList totalCount={data.residents?.totalCount ?? 0}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('residents.name')}</Table.Th>
              <Table.Th>{t('residents.email')}</Table.Th>
              <Table.Th>{t('residents.mobile')}</Table.Th>
              <Table.Th>{t('residents.role')}</Table.Th>
              <Table.Th>{t('residents.accreditation')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              // An invitation shows only the e-mail typed until the person accepts.
              const row = { id: r.id, databaseId: r.databaseId, name: r.pending ? r.email : fullName(r) };
              return (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{row.name}</Text>
                      {r.pending && (
                        <Badge color="blue" variant="light" size="sm">
                          {t('residents.invited')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.mobile ?? ''}</Table.Td>
                  <Table.Td>{r.role.name}</Table.Td>
                  <Table.Td>
                    {r.accreditationFileUrl && (
                      <Anchor href={r.accreditationFileUrl} target="_blank" rel="noopener">
                        {r.accreditationFileName ?? t('residents.viewFile')}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      {r.canEdit && (
                        <Button size="xs" variant="subtle" component={Link} to={editPath(row)}>
                          {t('list.edit')}
                        </Button>
                      )}
                      {r.canDelete && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(row)}>
                          {t('list.delete')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </PagedList>
      <Modal opened={!!toDelete} onClose={() => setToDelete(null)} title={t('residents.deleteTitle')}>
        <Text>{toDelete ? t('residents.deleteConfirm', { name: toDelete.name }) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.inFlight}>
            {t('list.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

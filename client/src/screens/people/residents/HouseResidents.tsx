import { useState } from 'react';
import { Stack, Table } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchFilter } from '../../../components/SearchFilter.js';
import type { HouseResidentsQuery } from '../../../__generated__/HouseResidentsQuery.graphql';
import type { HouseResidents_query$key } from '../../../__generated__/HouseResidents_query.graphql';
import type { HouseResidentsDeleteMutation } from '../../../__generated__/HouseResidentsDeleteMutation.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { notify } from '../../../components/notify.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { ResidentRow, type ResidentTarget } from './ResidentRow.js';
import { ConfirmDelete } from '../../../components/ConfirmDelete.js';

export const houseResidentsQuery = graphql`
  query HouseResidentsQuery($houseId: ID, $houseNodeId: ID!, $admin: Boolean!, $first: Int!, $offset: Int!, $name: String) {
    ...HouseResidents_query @arguments(houseId: $houseId, first: $first, offset: $offset, name: $name)
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { label } }
  }
`;

const listFragment = graphql`
  fragment HouseResidents_query on Query
  @refetchable(queryName: "HouseResidentsRefetchQuery")
  @argumentDefinitions(houseId: { type: "ID" }, first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }) {
    residents(houseId: $houseId, first: $first, offset: $offset, filter: { name: $name }) {
      totalCount
      edges { node { id ...ResidentRow_resident } }
    }
  }
`;

const deleteMutation = graphql`
  mutation HouseResidentsDeleteMutation($input: DeleteResidentInput!) {
    deleteResident(input: $input) { __typename ... on Error { code message } ... on MutationDeleteResidentSuccess { data { deletedId } } }
  }
`;

/**
 * Residents of a house: /houses/residents for the viewer's own house, /houses/{houseId}/residents for
 * administrators; filtered by name or e-mail (?name=) and paged. Edit and delete show only where the
 * server says the viewer may (canEdit, canDelete).
 */
export default function HouseResidents({ queryRef, route }: ScreenProps<HouseResidentsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<HouseResidentsQuery>(houseResidentsQuery, queryRef);
  return <ResidentList query={data} houseLabel={data.house?.label ?? null} route={route} />;
}

function ResidentList({ query, houseLabel, route }: { query: HouseResidents_query$key; houseLabel: string | null; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const { grants, session } = useSession();
  const admin = !!houseId;
  const [search, _setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const [toDelete, setToDelete] = useState<ResidentTarget | null>(null);
  const remove = useAppMutation<HouseResidentsDeleteMutation>(deleteMutation);

  const label = admin ? houseLabel : (session.house?.label ?? null);
  const canCreate = admin ? grants.has('AResidentsCreate') : ['OResidentsCreate', 'SResidentsCreate', 'RResidentsCreate'].some((g) => grants.has(g));
  const create = canCreate ? { label: t('residents.create'), to: admin ? `/residents/form?houseId=${houseId}` : '/houses/residents/form' } : null;
  const editPath = (id: number) => (admin ? `/residents/${id}` : `/houses/residents/${id}`);
  const rows = data.residents?.edges.map((e) => e.node) ?? [];

  const confirm = async () => {
    if (!toDelete) return;
    const ok = !!(await remove.run({ input: { id: toDelete.id } }, 'deleteResident', {
      notifyTypedError: false,
      success: t('residents.deleted', { name: toDelete.name }),
    }));
    if (ok) reload();
    else notify('danger', t('residents.deleteFailed', { name: toDelete.name }));
    setToDelete(null);
  };

  return (
    <Stack>
      <PageHeader
        title={t('residents.title')}
        description={label ? t('residents.house', { label }) : t('residents.description')}
        action={create}
        secondary={admin && grants.has('AHousesRead') ? { label: t('residents.backToOwners'), to: '/owners' } : null}
      />
      <SearchFilter name="name" label={t('residents.filter')} maw={360} />
      <PagedList
        totalCount={data.residents?.totalCount ?? 0}
        empty={
          search.get('name') ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('residents.empty')} hint={canCreate ? t('residents.emptyHint') : t('residents.emptyHintReadOnly')} action={create} />
          )
        }
      >
        <Table striped highlightOnHover miw={760} style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('residents.name')}</Table.Th>
              <Table.Th>{t('residents.statusHeader')}</Table.Th>
              <Table.Th>{t('residents.mobile')}</Table.Th>
              <Table.Th>{t('residents.role')}</Table.Th>
              <Table.Th>{t('residents.accreditationShort')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <ResidentRow key={row.id} resident={row} editPath={editPath} onDelete={setToDelete} />
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
      <ConfirmDelete
        opened={!!toDelete}
        title={t('residents.deleteTitle')}
        message={toDelete ? t('residents.deleteConfirm', { name: toDelete.name }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}

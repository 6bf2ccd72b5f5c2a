import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseTypesQuery } from '../../__generated__/HouseTypesQuery.graphql';
import type { HouseTypesDeleteMutation } from '../../__generated__/HouseTypesDeleteMutation.graphql';
import { NamedList } from '../../components/NamedList.js';
import { usePage } from '../../components/PagedList.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { useSession } from '../../components/SessionProvider.js';

const query = graphql`
  query HouseTypesQuery($first: Int!, $offset: Int!, $name: String) {
    houseTypes(first: $first, offset: $offset, filter: { title: $name }) {
      totalCount
      edges { node { id databaseId title defaultName isCustom } }
    }
  }
`;

const deleteMutation = graphql`
  mutation HouseTypesDeleteMutation($input: DeleteHouseTypeInput!) {
    deleteHouseType(input: $input) { __typename ... on Error { code message } ... on MutationDeleteHouseTypeSuccess { data { deletedId } } }
  }
`;

export default function HouseTypes() {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const { pageSize, offset } = usePage();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<HouseTypesQuery>(
    query,
    { first: pageSize, offset, name: search.get('name') || null },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const remove = useAppMutation<HouseTypesDeleteMutation>(deleteMutation);
  const rows =
    data.houseTypes?.edges.map(({ node }) => ({
      id: node.id,
      databaseId: node.databaseId,
      name: node.title,
      extra: node.isCustom ? t('houseTypes.custom') : (node.defaultName ?? ''),
    })) ?? [];

  return (
    <NamedList
      title={t('houseTypes.title')}
      emptyTitle={t('houseTypes.empty')}
      createLabel={t('houseTypes.create')}
      createPath={grants.has('CHousesTypesCreate') ? '/neighborhood/settings/houses-types/form' : null}
      editPath={grants.has('CHousesTypesUpdate') ? (row) => `/neighborhood/settings/houses-types/form/${row.databaseId}` : null}
      rows={rows}
      totalCount={data.houseTypes?.totalCount ?? 0}
      extraHeader={t('houseTypes.defaultName')}
      deleteTitle={t('houseTypes.deleteTitle')}
      deleteConfirm={(name) => t('houseTypes.deleteConfirm', { name })}
      deleting={remove.inFlight}
      onDelete={
        grants.has('CHousesTypesDelete')
          ? async (row) => {
              const ok = !!(await remove.run({ input: { id: row.id } }, 'deleteHouseType'));
              if (ok) {
                notify('success', t('houseTypes.deleted'));
                setFetchKey((k) => k + 1);
              }
              return ok;
            }
          : null
      }
    />
  );
}

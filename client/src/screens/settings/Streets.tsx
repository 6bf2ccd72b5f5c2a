import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StreetsQuery } from '../../__generated__/StreetsQuery.graphql';
import type { StreetsDeleteMutation } from '../../__generated__/StreetsDeleteMutation.graphql';
import { NamedList } from '../../components/NamedList.js';
import { usePage } from '../../components/PagedList.js';
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
  const [search] = useSearchParams();
  const { pageSize, offset } = usePage();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<StreetsQuery>(
    query,
    { first: pageSize, offset, name: search.get('name') || null },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const remove = useAppMutation<StreetsDeleteMutation>(deleteMutation);

  return (
    <NamedList
      title={t('streets.title')}
      createLabel={t('streets.create')}
      createPath={grants.has('CStreetsCreate') ? '/neighborhood/settings/streets/form' : null}
      editPath={grants.has('CStreetsUpdate') ? (row) => `/neighborhood/settings/streets/${row.databaseId}` : null}
      rows={data.streets?.edges.map((e) => e.node) ?? []}
      totalCount={data.streets?.totalCount ?? 0}
      deleteTitle={t('streets.deleteTitle')}
      deleteConfirm={(name) => t('streets.deleteConfirm', { name })}
      deleting={remove.inFlight}
      onDelete={
        grants.has('CStreetsDelete')
          ? async (row) => {
              const ok = !!(await remove.run({ input: { id: row.id } }, 'deleteStreet'));
              if (ok) {
                notify('success', t('streets.deleted'));
                setFetchKey((k) => k + 1);
              }
              return ok;
            }
          : null
      }
    />
  );
}

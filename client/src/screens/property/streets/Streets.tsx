import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { StreetsQuery } from '../../../__generated__/StreetsQuery.graphql';
import type { Streets_query$key } from '../../../__generated__/Streets_query.graphql';
import type { StreetsDeleteMutation } from '../../../__generated__/StreetsDeleteMutation.graphql';
import { NamedList } from '../../../components/NamedList.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';

export const streetsQuery = graphql`
  query StreetsQuery($first: Int!, $offset: Int!, $name: String) {
    ...Streets_query @arguments(first: $first, offset: $offset, name: $name)
  }
`;

const listFragment = graphql`
  fragment Streets_query on Query
  @refetchable(queryName: "StreetsRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }) {
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

/** /neighborhood/settings/streets: the community's streets, filtered by name (?name=) and paged. */
export default function Streets({ queryRef, route }: ScreenProps<StreetsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<StreetsQuery>(streetsQuery, queryRef);
  return <StreetList query={data} route={route} />;
}

function StreetList({ query, route }: { query: Streets_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<StreetsDeleteMutation>(deleteMutation);

  return (
    <NamedList
      title={t('streets.title')}
      emptyTitle={t('streets.empty')}
      createLabel={t('streets.create')}
      createPath={grants.has('CStreetsCreate') ? '/neighborhood/settings/streets/form' : null}
      editPath={grants.has('CStreetsUpdate') ? (row) => `/neighborhood/settings/streets/${row.databaseId}` : null}
      rows={data.streets?.edges.map((e) => e.node) ?? []}
      totalCount={data.streets?.totalCount ?? 0}
      pending={pending}
      deleteTitle={t('streets.deleteTitle')}
      deleteConfirm={(name) => t('streets.deleteConfirm', { name })}
      deleting={remove.inFlight}
      onDelete={
        grants.has('CStreetsDelete')
          ? async (row) => {
              const ok = !!(await remove.run({ input: { id: row.id } }, 'deleteStreet', { success: t('streets.deleted') }));
              if (ok) reload();
              return ok;
            }
          : null
      }
    />
  );
}

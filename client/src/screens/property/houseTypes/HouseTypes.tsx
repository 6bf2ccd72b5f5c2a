import { Badge, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { HouseTypesQuery } from '../../../__generated__/HouseTypesQuery.graphql';
import type { HouseTypes_query$key } from '../../../__generated__/HouseTypes_query.graphql';
import type { HouseTypesDeleteMutation } from '../../../__generated__/HouseTypesDeleteMutation.graphql';
import { formatPesos } from '../../../format.js';
import { type NamedColumn, NamedList } from '../../../components/NamedList.js';
import { useListRefetch } from '../../../components/lists.js';
import { useAppMutation } from '../../../components/mutations.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';

export const houseTypesQuery = graphql`
  query HouseTypesQuery($first: Int!, $offset: Int!, $name: String) {
    ...HouseTypes_query @arguments(first: $first, offset: $offset, name: $name)
    houseTypeAmountRequired
  }
`;

const listFragment = graphql`
  fragment HouseTypes_query on Query
  @refetchable(queryName: "HouseTypesRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, name: { type: "String" }) {
    houseTypes(first: $first, offset: $offset, filter: { title: $name }) {
      totalCount
      edges { node { id databaseId title defaultName isCustom hiddenToPublic amount } }
    }
  }
`;

const deleteMutation = graphql`
  mutation HouseTypesDeleteMutation($input: DeleteHouseTypeInput!) {
    deleteHouseType(input: $input) { __typename ... on Error { code message } ... on MutationDeleteHouseTypeSuccess { data { deletedId } } }
  }
`;

interface HouseTypeRow {
  id: string;
  databaseId: number;
  name: string;
  defaultName: string | null;
  isCustom: boolean;
  hiddenToPublic: boolean;
  amount: string | null;
}

/** /neighborhood/settings/houses-types: the community's house types with their monthly fee, filtered by name (?name=) and paged. */
export default function HouseTypes({ queryRef, route }: ScreenProps<HouseTypesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<HouseTypesQuery>(houseTypesQuery, queryRef);
  return <HouseTypeList query={data} route={route} amountRequired={data.houseTypeAmountRequired} />;
}

function HouseTypeList({ query, route, amountRequired }: { query: HouseTypes_query$key; route: ScreenRoute; amountRequired: boolean }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const remove = useAppMutation<HouseTypesDeleteMutation>(deleteMutation);
  const rows: HouseTypeRow[] =
    data.houseTypes?.edges.map(({ node }) => ({
      id: node.id,
      databaseId: node.databaseId,
      name: node.title,
      defaultName: node.defaultName ?? null,
      isCustom: node.isCustom,
      hiddenToPublic: node.hiddenToPublic,
      amount: (node.amount as string | null) ?? null,
    })) ?? [];
  // The fee matters where the community collects maintenance (spec 3 section 5), as in the form.
  const showFee = amountRequired || session.activeModules.includes('COBRANZA');
  const columns: NamedColumn<HouseTypeRow>[] = [
    {
      key: 'defaultName',
      header: t('houseTypes.defaultName'),
      visibleFrom: 'sm',
      cell: (row) => row.defaultName ?? <Text c="dimmed">—</Text>,
    },
    ...(showFee
      ? [
          {
            key: 'amount',
            header: t('houseTypes.fee'),
            align: 'right' as const,
            cell: (row: HouseTypeRow) => (row.amount ? formatPesos(row.amount) : <Text c="dimmed">{t('houseTypes.noFee')}</Text>),
          },
        ]
      : []),
  ];

  return (
    <NamedList
      title={t('houseTypes.title')}
      description={t('houseTypes.listDescription')}
      emptyTitle={t('houseTypes.empty')}
      emptyHint={t('houseTypes.emptyHint')}
      createLabel={t('houseTypes.create')}
      createPath={grants.has('CHousesTypesCreate') ? '/neighborhood/settings/houses-types/form' : null}
      editPath={grants.has('CHousesTypesUpdate') ? (row) => `/neighborhood/settings/houses-types/form/${row.databaseId}` : null}
      rows={rows}
      totalCount={data.houseTypes?.totalCount ?? 0}
      pending={pending}
      nameExtra={(row) => (
        <>
          {row.isCustom && (
            <Badge variant="light" color="grape" size="sm" miw="max-content">
              {t('houseTypes.custom')}
            </Badge>
          )}
          {row.hiddenToPublic && (
            <Badge variant="light" color="gray" size="sm" miw="max-content">
              {t('houseTypes.hidden')}
            </Badge>
          )}
        </>
      )}
      columns={columns}
      deleteTitle={t('houseTypes.deleteTitle')}
      deleteConfirm={(name) => t('houseTypes.deleteConfirm', { name })}
      deleting={remove.inFlight}
      onDelete={
        grants.has('CHousesTypesDelete')
          ? async (row) => {
              const ok = !!(await remove.run({ input: { id: row.id } }, 'deleteHouseType', { success: t('houseTypes.deleted') }));
              if (ok) reload();
              return ok;
            }
          : null
      }
    />
  );
}

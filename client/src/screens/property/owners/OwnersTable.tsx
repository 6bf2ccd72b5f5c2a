import { Table } from '@mantine/core';
import { graphql, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnersTable_query$key } from '../../../__generated__/OwnersTable_query.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { PagedList } from '../../../components/PagedList.js';
import { useListRefetch } from '../../../components/lists.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenRoute } from '../../../router/screenRoute.js';
import { activeFilterCount } from './filters.js';
import { HouseRow } from './HouseRow.js';

const listFragment = graphql`
  fragment OwnersTable_query on Query
  @refetchable(queryName: "OwnersTableRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "HouseFilter" }) {
    houses(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { id ...HouseRow_house } }
    }
  }
`;

/** The owners list: one page of houses for the query string's filters, refetched when it changes. */
export function OwnersTable({ query, route }: { query: OwnersTable_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const filtered = activeFilterCount(search) > 0;
  const pageSize = search.get('page_size');

  const empty = filtered ? (
    <EmptyState
      title={t('owners.empty.filteredTitle')}
      hint={t('owners.empty.filteredHint')}
      action={{ label: t('filterBar.clear'), to: `/owners${pageSize ? `?page_size=${pageSize}` : ''}` }}
    />
  ) : (
    <EmptyState
      title={t('owners.empty.title')}
      hint={t('owners.empty.hint')}
      action={grants.has('AHousesCreate') ? { label: t('owners.create'), to: '/owners/form' } : null}
    />
  );

  return (
    <div style={{ opacity: pending ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={pending}>
      <PagedList totalCount={data.houses?.totalCount ?? 0} empty={empty}>
        <Table striped highlightOnHover miw={900} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('owners.columns.house')}</Table.Th>
              <Table.Th>{t('owners.columns.owner')}</Table.Th>
              <Table.Th>{t('owners.columns.status')}</Table.Th>
              <Table.Th>{t('owners.columns.account')}</Table.Th>
              <Table.Th>{t('owners.columns.type')}</Table.Th>
              <Table.Th>{t('owners.columns.street')}</Table.Th>
              <Table.Th ta="right">{t('owners.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.houses?.edges.map((edge) => (
              <HouseRow key={edge.node.id} house={edge.node} onChanged={reload} />
            ))}
          </Table.Tbody>
        </Table>
      </PagedList>
    </div>
  );
}

import { Stack } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { AgreementsQuery } from '../../__generated__/AgreementsQuery.graphql';
import type { AgreementList_query$key } from '../../__generated__/AgreementList_query.graphql';
import type { AgreementsFilters_query$key } from '../../__generated__/AgreementsFilters_query.graphql';
import { HOUSE_STATUSES, HOUSE_STATUS_LABELS } from '../../../../core/houseRules.js';
import { EmptyState } from '../../components/EmptyState.js';
import { FilterBar, type FilterDef } from '../../components/FilterBar.js';
import { useListRefetch } from '../../components/lists.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PagedList } from '../../components/PagedList.js';
import type { ScreenProps, ScreenRoute } from '../../router/screenRoute.js';
import { SELECT_FILTERS, TEXT_FILTERS } from '../owners/filters.js';
import { AgreementsTable } from './AgreementsTable.js';

export const agreementsQuery = graphql`
  query AgreementsQuery($first: Int!, $offset: Int!, $filter: HouseFilter) {
    ...AgreementList_query @arguments(first: $first, offset: $offset, filter: $filter)
    ...AgreementsFilters_query
  }
`;

const listFragment = graphql`
  fragment AgreementList_query on Query
  @refetchable(queryName: "AgreementListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "HouseFilter" }) {
    agreements(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...AgreementsTable_agreements } }
    }
  }
`;

const optionsFragment = graphql`
  fragment AgreementsFilters_query on Query {
    houseTypes(first: 100) { edges { node { databaseId title } } }
    streets(first: 100) { edges { node { databaseId name } } }
    condominiums { databaseId name }
    malls { databaseId name }
  }
`;

/** /agreements: the community's agreements, newest first, with the owners list's filters. */
export default function Agreements({ queryRef, route }: ScreenProps<AgreementsQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<AgreementsQuery>(agreementsQuery, queryRef);
  return (
    <Stack>
      <PageHeader title={t('agreements.title')} description={t('agreements.description')} />
      <AgreementsFilters query={data} />
      <List query={data} route={route} />
    </Stack>
  );
}

function AgreementsFilters({ query }: { query: AgreementsFilters_query$key }) {
  const { t } = useTranslation();
  const data = useFragment(optionsFragment, query);
  const options: Partial<Record<(typeof SELECT_FILTERS)[number], { value: string; label: string }[]>> = {
    house_status: HOUSE_STATUSES.map((s) => ({ value: s, label: HOUSE_STATUS_LABELS[s] })),
    id_house_type: data.houseTypes?.edges.map((e) => ({ value: String(e.node.databaseId), label: e.node.title })) ?? [],
    id_street: data.streets?.edges.map((e) => ({ value: String(e.node.databaseId), label: e.node.name })) ?? [],
    user_status: [
      { value: 'true', label: t('owners.userStatus.true') },
      { value: 'false', label: t('owners.userStatus.false') },
    ],
  };
  if (data.condominiums.length > 0) options.id_condominium = data.condominiums.map((c) => ({ value: String(c.databaseId), label: c.name }));
  if (data.malls.length > 0) options.id_mall = data.malls.map((m) => ({ value: String(m.databaseId), label: m.name }));
  const filters: FilterDef[] = [
    ...TEXT_FILTERS.map((key) => ({ key, label: t(`owners.filters.${key}`) })),
    ...SELECT_FILTERS.flatMap((key) => (options[key] ? [{ key, label: t(`owners.filters.${key}`), options: options[key] }] : [])),
  ];
  return <FilterBar filters={filters} primary="catastral" />;
}

function List({ query, route }: { query: AgreementList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  return (
    <PagedList totalCount={data.agreements.totalCount ?? 0} empty={<EmptyState title={t('agreements.empty')} hint={t('agreements.emptyHint')} />}>
      <AgreementsTable agreements={data.agreements.edges.map((e) => e.node)} showHouse pending={pending} onChanged={reload} />
    </PagedList>
  );
}

import { graphql, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { OwnersFilters_query$key } from '../../../__generated__/OwnersFilters_query.graphql';
import { HOUSE_STATUSES, HOUSE_STATUS_LABELS } from '../../../../../core/houseRules.js';
import { FilterBar, type FilterDef } from '../../../components/FilterBar.js';
import { SEARCH_FILTER, SEARCH_MIN_CHARS, SELECT_FILTERS, TEXT_FILTERS } from './filters.js';

const optionsFragment = graphql`
  fragment OwnersFilters_query on Query {
    houseTypes(first: 100) { edges { node { databaseId title } } }
    streets(first: 100) { edges { node { databaseId name } } }
    condominiums { databaseId name }
    malls { databaseId name }
  }
`;

/**
 * The owners-list filters of spec 1 section 2 in a FilterBar, for the owners list and the agreements
 * list: the search box in sight (from 2 characters, ?search=), the 14 filters behind «Filtros».
 */
export function OwnersFilters({ query }: { query: OwnersFilters_query$key }) {
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
    {
      key: SEARCH_FILTER,
      label: t('owners.search.label'),
      placeholder: t('owners.search.placeholder'),
      minLength: SEARCH_MIN_CHARS,
      shortHint: t('owners.search.hint'),
    },
    ...TEXT_FILTERS.map((key) => ({ key, label: t(`owners.filters.${key}`) })),
    ...SELECT_FILTERS.flatMap((key) => (options[key] ? [{ key, label: t(`owners.filters.${key}`), options: options[key] }] : [])),
  ];

  return <FilterBar filters={filters} primary={SEARCH_FILTER} primaryWidth={340} />;
}

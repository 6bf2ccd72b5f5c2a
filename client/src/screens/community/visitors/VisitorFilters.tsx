import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.js';
import { type FilterDef, FilterBar } from '../../../components/FilterBar.js';
import { searchWithFilter } from '../../../components/paging.js';
import { PLACE_TYPES } from './routes.js';

interface Place {
  databaseId: number;
  name: string;
}

/** The keys picked with a date picker in the bar itself; the other days are typed in the drawer. */
const PICKED_DAYS = ['scheduledFrom', 'scheduledTo'] as const;
const TYPED_DAYS = new Set(['entranceFrom', 'entranceTo', 'creationDate']);

/** The places to pick from, with the one the address asks for even when it is not among them. */
function placeOptions(places: readonly Place[], current: string | null) {
  const options = places.map((p) => ({ value: String(p.databaseId), label: p.name }));
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

/**
 * A visitors list's filters, kept in the query string: the name in sight, the scheduled days with pickers,
 * every other filter of the list behind «Filtros» (streets, condominiums and malls chosen from `places`)
 * and as removable chips.
 */
export function VisitorFilters({ keys, places }: { keys: readonly string[]; places?: Partial<Record<string, readonly Place[]>> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const defs: FilterDef[] = keys
    // A place is picked from the community's; a community without such places has no such filter, unless the
    // address already asks for one (then it shows, to be removed).
    .filter((key) => !(PICKED_DAYS as readonly string[]).includes(key) && (!(key in PLACE_TYPES) || (places?.[key]?.length ?? 0) > 0 || !!search.get(key)))
    .map((key) => ({
      key,
      label: t(`visitors.filters.${key}`),
      options: key in PLACE_TYPES ? placeOptions(places?.[key] ?? [], search.get(key)) : undefined,
      placeholder: TYPED_DAYS.has(key) ? t('visitors.filters.datePlaceholder') : key === 'name' ? t('visitors.filters.namePlaceholder') : undefined,
    }));
  return (
    <FilterBar filters={defs} primary="name" primaryWidth={260}>
      {PICKED_DAYS.filter((key) => keys.includes(key)).map((key) => (
        <DateField
          key={key}
          label={t(`visitors.filters.${key}`)}
          placeholder={t('filterBar.all')}
          value={search.get(key) || null}
          onChange={(value) => setSearch(searchWithFilter(search, key, value ? String(value).slice(0, 10) : null))}
          flex={{ base: '1 1 140px', xs: '0 1 170px' }}
        />
      ))}
    </FilterBar>
  );
}

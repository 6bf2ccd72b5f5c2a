// The owners list filters (spec 1 section 2) live in the query string under their legacy names, so a
// list URL, the export download and the legacy REST list all read the same parameters.
import { HOUSE_STATUSES, type HouseListFilter, type HouseStatus } from '../../../../../core/houseRules.js';
import { listVariables } from '../../../components/paging.js';

/** The search box: words in the cadastral key, a number or the owner (HouseFilter.search), from 2 characters. */
export const SEARCH_FILTER = 'search';
export const SEARCH_MIN_CHARS = 2;
export const TEXT_FILTERS = ['catastral', 'first_name', 'last_name', 'email', 'exterior_number', 'interior_number', 'block', 'lot'] as const;
export const SELECT_FILTERS = ['house_status', 'id_house_type', 'id_street', 'id_condominium', 'id_mall', 'user_status'] as const;
export const OWNER_FILTERS = [SEARCH_FILTER, ...TEXT_FILTERS, ...SELECT_FILTERS] as const;
export type OwnerFilterKey = (typeof OWNER_FILTERS)[number];

const textOf = (search: URLSearchParams, key: string) => {
  const value = search.get(key)?.trim();
  return value ? value : null;
};

const idOf = (search: URLSearchParams, key: string) => {
  const value = Number(search.get(key));
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
};

export function houseFilterFromSearch(search: URLSearchParams): HouseListFilter {
  const status = search.get('house_status');
  const userStatus = search.get('user_status');
  return {
    status: (HOUSE_STATUSES as readonly string[]).includes(status ?? '') ? (status as HouseStatus) : null,
    catastral: textOf(search, 'catastral'),
    firstName: textOf(search, 'first_name'),
    lastName: textOf(search, 'last_name'),
    email: textOf(search, 'email'),
    houseTypeId: idOf(search, 'id_house_type'),
    streetId: idOf(search, 'id_street'),
    condominiumId: idOf(search, 'id_condominium'),
    mallId: idOf(search, 'id_mall'),
    exteriorNumber: textOf(search, 'exterior_number'),
    interiorNumber: textOf(search, 'interior_number'),
    block: textOf(search, 'block'),
    lot: textOf(search, 'lot'),
    userActive: userStatus === 'true' ? true : userStatus === 'false' ? false : null,
    search: textOf(search, SEARCH_FILTER),
  };
}

export { searchWithFilter } from '../../../components/paging.js';

/** The route query's variables of the owners list: the page and the HouseFilter. */
export function ownersListVariables(search: URLSearchParams) {
  return { ...listVariables(search), filter: houseFilterFromSearch(search) };
}

/** The filters alone (no paging), as the export endpoint takes them. */
export function filterQueryString(search: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of OWNER_FILTERS) {
    const value = search.get(key)?.trim();
    if (value) out.set(key, value);
  }
  return out.toString();
}

export function activeFilterCount(search: URLSearchParams): number {
  return OWNER_FILTERS.filter((key) => !!search.get(key)?.trim()).length;
}

import { describe, expect, it } from 'vitest';
import { activeFilterCount, OWNER_FILTERS, filterQueryString, houseFilterFromSearch, ownersListVariables, searchWithFilter } from './filters.js';
import { searchWithoutFilters } from '../../../components/paging.js';

describe('owners list filters in the query string', () => {
  it('reads every legacy filter into the GraphQL HouseFilter', () => {
    const search = new URLSearchParams(
      'first_name=Ana&last_name=Mora&email=ana%40&catastral=OLV&house_status=ACTIVE&id_mall=3&id_condominium=4&id_street=5&exterior_number=12&interior_number=B&id_house_type=6&block=1&lot=2&user_status=false&search=ana+olv&page=2&page_size=50',
    );
    expect(houseFilterFromSearch(search)).toEqual({
      status: 'ACTIVE',
      catastral: 'OLV',
      firstName: 'Ana',
      lastName: 'Mora',
      email: 'ana@',
      houseTypeId: 6,
      streetId: 5,
      condominiumId: 4,
      mallId: 3,
      exteriorNumber: '12',
      interiorNumber: 'B',
      block: '1',
      lot: '2',
      userActive: false,
      search: 'ana olv',
    });
    expect(activeFilterCount(search)).toBe(15);
  });

  it('ignores unknown statuses, bad ids and blank values', () => {
    const filter = houseFilterFromSearch(new URLSearchParams('house_status=VENDIDA&id_street=abc&id_mall=-1&catastral=%20&user_status=maybe'));
    expect(filter).toMatchObject({ status: null, streetId: null, mallId: null, catastral: null, userActive: null });
  });

  it('changing a filter returns to page 1 and keeps page_size and the others', () => {
    const next = searchWithFilter(new URLSearchParams('page=3&page_size=50&block=1'), 'catastral', ' olv ');
    expect(next.toString()).toBe('page=1&page_size=50&block=1&catastral=olv');
    expect(searchWithFilter(next, 'block', '').toString()).toBe('page=1&page_size=50&catastral=olv');
    expect(searchWithoutFilters(next, OWNER_FILTERS).toString()).toBe('page=1&page_size=50');
  });

  it('gives the export the filters without paging', () => {
    expect(filterQueryString(new URLSearchParams('page=2&page_size=10&catastral=OLV&user_status=true&foo=bar'))).toBe('catastral=OLV&user_status=true');
    expect(filterQueryString(new URLSearchParams('search=Ruiz&page=2'))).toBe('search=Ruiz');
  });
});

describe('owners list route variables', () => {
  it('pages and filters from the query string', () => {
    expect(ownersListVariables(new URLSearchParams('page=3&page_size=50&house_status=BLOCKED'))).toMatchObject({
      first: 50,
      offset: 100,
      filter: { status: 'BLOCKED', catastral: null },
    });
  });
});

import { Badge, Button, CloseButton, Group, Select, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.js';
import { searchWithFilter, searchWithoutFilters } from '../../../components/paging.js';
import { HouseSearch } from '../../property/owners/HouseSearch.js';

/**
 * The reservation lists' filters, kept in the query string (back to page 1 on each change): the amenity
 * (?amenity=), the first day (?from=YYYY-MM-DD) and, in the community's list, the house (?id_house=, chosen
 * with the owners' quick search and shown as a removable chip).
 */
export function AmenityBookingFilters({
  amenities,
  withHouse,
  houseLabel,
}: {
  amenities: readonly { databaseId: number; name: string }[];
  withHouse?: boolean;
  /** The chosen house's label, when the rows tell it. */
  houseLabel?: string | null;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const house = search.get('id_house');
  const any = !!(search.get('amenity') || search.get('from') || (withHouse && house));
  return (
    <Stack gap="xs" component="section" aria-label={t('filterBar.title')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('amenityBookings.list.filterAmenity')}
          placeholder={t('filterBar.all')}
          data={amenities.map((a) => ({ value: String(a.databaseId), label: a.name }))}
          value={search.get('amenity') || null}
          onChange={(value) => setSearch(searchWithFilter(search, 'amenity', value))}
          clearable
          searchable={amenities.length > 8}
          comboboxProps={{ withinPortal: true }}
          flex={{ base: '1 1 100%', xs: '0 1 240px' }}
        />
        <DateField
          label={t('amenityBookings.list.filterFrom')}
          placeholder={t('filterBar.all')}
          value={search.get('from') || null}
          onChange={(value) => setSearch(searchWithFilter(search, 'from', value ? String(value).slice(0, 10) : null))}
          flex={{ base: '1 1 100%', xs: '0 1 170px' }}
        />
        {withHouse && (
          <div style={{ flex: '1 1 240px', minWidth: 0, maxWidth: 360 }}>
            <HouseSearch
              label={t('amenityBookings.list.filterHouse')}
              fullWidth
              onPick={(h) => setSearch(searchWithFilter(search, 'id_house', String(h.databaseId)))}
            />
          </div>
        )}
      </Group>
      {any && (
        <Group gap="xs" wrap="wrap">
          {withHouse && house && (
            <Badge
              variant="light"
              size="lg"
              tt="none"
              fw={500}
              data-testid="filter-chip-id_house"
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={t('amenityBookings.list.removeHouse')}
                  onClick={() => setSearch(searchWithFilter(search, 'id_house', null))}
                />
              }
            >
              {t('amenityBookings.list.houseChip', { house: houseLabel ?? house })}
            </Badge>
          )}
          <Button size="compact-sm" variant="subtle" onClick={() => setSearch(searchWithoutFilters(search, ['amenity', 'from', 'id_house']))}>
            {t('amenityBookings.list.clearFilters')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

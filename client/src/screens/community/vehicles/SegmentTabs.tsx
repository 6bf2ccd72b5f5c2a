import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VEHICLE_SEGMENT_NAMES, VEHICLE_SEGMENTS } from '../../../../../core/vehicles.js';
import { searchWithFilter } from '../../../components/paging.js';
import { segmentOf } from './vehicleTexts.js';

/** A vehicles list's segments (?segment=): all of them, Validados, Con cita, Sin cita; with counts when given. */
export function SegmentTabs({ counts }: { counts?: Record<string, number | null | undefined> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const segment = segmentOf(search);
  const label = (text: string, key: string) => (counts?.[key] != null ? `${text} (${counts[key]})` : text);
  return (
    <Tabs
      variant="pills"
      radius="xl"
      value={segment ?? 'all'}
      onChange={(value) => setSearch(searchWithFilter(search, 'segment', value && value !== 'all' ? value : null))}
    >
      <Tabs.List style={{ gap: 6 }}>
        <Tabs.Tab value="all">{label(t('vehicles.all'), 'all')}</Tabs.Tab>
        {VEHICLE_SEGMENTS.map((s) => (
          <Tabs.Tab key={s} value={s}>
            {label(VEHICLE_SEGMENT_NAMES[s], s)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

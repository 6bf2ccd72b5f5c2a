import { useState } from 'react';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/DateField.js';
import { type DateKind, reportPeriod } from './variables.js';

/** Date kind and from/to of a report, kept in the query string (page back to 1 on every change). */
export function PeriodFilters() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const period = reportPeriod(search);
  const [error, setError] = useState<string | null>(null);
  const set = (next: Partial<{ dateKind: DateKind; from: string; to: string }>) => {
    const p = { ...period, ...next };
    if (p.from > p.to) {
      setError(t('reports.rangeInvalid'));
      return;
    }
    setError(null);
    const params = new URLSearchParams(search);
    params.set('date_kind', p.dateKind);
    params.set('from', p.from);
    params.set('to', p.to);
    params.delete('page');
    setSearch(params);
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" component="section" aria-label={t('reports.period')}>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('reports.dateKind')}
        </Text>
        <SegmentedControl
          value={period.dateKind}
          onChange={(v) => set({ dateKind: v as DateKind })}
          data={[
            { value: 'SYSTEM_DATE', label: t('reports.dateKinds.SYSTEM_DATE') },
            { value: 'PAYMENT_DATE', label: t('reports.dateKinds.PAYMENT_DATE') },
          ]}
        />
      </Stack>
      <DateField label={t('reports.from')} value={period.from} clearable={false} w={170} onChange={(v) => v && set({ from: String(v).slice(0, 10) })} />
      <DateField label={t('reports.to')} value={period.to} clearable={false} w={170} error={error} onChange={(v) => v && set({ to: String(v).slice(0, 10) })} />
    </Group>
  );
}

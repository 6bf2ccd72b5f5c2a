// A list's filters as one compact bar: the most-used field in sight, the rest behind «Filtros» (a
// drawer), and every other active filter as a removable chip. The query string is the state: each
// change goes back to page 1 and keeps page_size and the other filters.
import type { ReactNode } from 'react';
import { Badge, Button, CloseButton, Drawer, Group, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchWithFilter, searchWithoutFilters } from './paging.js';
import { SearchFilter, TYPING_DELAY_MS } from './SearchFilter.js';

export { TYPING_DELAY_MS };

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterDef {
  /** The query-string key. */
  key: string;
  label: string;
  /** A choice among these; without them, typed text. */
  options?: FilterOption[];
  /** Typed text: shown in the empty box. */
  placeholder?: string;
  /** Typed text: characters before it filters, and what the box says until then. */
  minLength?: number;
  shortHint?: string;
}

export interface FilterBarProps {
  filters: FilterDef[];
  /** The key of the filter shown in the bar itself; the others open with «Filtros». */
  primary?: string;
  /** Width of the primary filter from the sm breakpoint on (phones: the whole row). */
  primaryWidth?: number;
  /** Shown first in the bar (e.g. a quick search). */
  children?: ReactNode;
}

/** Typing settles for this long before the query string changes. */

/** The active filters of a query string, with the text a chip shows for each. */
export function activeFilters(search: URLSearchParams, filters: FilterDef[]): { def: FilterDef; value: string; text: string }[] {
  return filters.flatMap((def) => {
    const value = search.get(def.key)?.trim();
    if (!value) return [];
    const text = def.options ? (def.options.find((o) => o.value === value)?.label ?? value) : value;
    return [{ def, value, text }];
  });
}

export function FilterBar({ filters, primary, primaryWidth = 240, children }: FilterBarProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [opened, { open, close }] = useDisclosure(false);
  const primaryDef = filters.find((f) => f.key === primary);
  const others = filters.filter((f) => f.key !== primary);
  const active = activeFilters(search, filters);
  const chips = active.filter((a) => a.def.key !== primary);
  const clearAll = () =>
    setSearch(
      searchWithoutFilters(
        search,
        filters.map((def) => def.key),
      ),
    );

  return (
    <Stack gap="xs" component="section" aria-label={t('filterBar.title')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
        <Group gap="sm" align="flex-end" wrap="nowrap" style={{ flexGrow: 1 }}>
          {primaryDef && <FilterInput def={primaryDef} flex={{ base: 1, sm: `0 0 ${primaryWidth}px` }} />}
          {others.length > 0 && (
            <Button
              variant="default"
              onClick={open}
              rightSection={
                chips.length > 0 ? (
                  <Badge size="sm" circle aria-hidden>
                    {chips.length}
                  </Badge>
                ) : null
              }
            >
              {t('filterBar.open')}
            </Button>
          )}
        </Group>
      </Group>
      {active.length > 0 && (
        <Group gap="xs" wrap="wrap" aria-label={t('filterBar.active')}>
          {chips.map(({ def, text }) => (
            <Badge
              key={def.key}
              variant="light"
              size="lg"
              tt="none"
              fw={500}
              data-testid={`filter-chip-${def.key}`}
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={t('filterBar.remove', { filter: def.label })}
                  onClick={() => setSearch(searchWithFilter(search, def.key, null))}
                />
              }
            >
              {def.label}: {text}
            </Badge>
          ))}
          <Button size="compact-sm" variant="subtle" onClick={clearAll}>
            {t('filterBar.clear')}
          </Button>
        </Group>
      )}
      <Drawer opened={opened} onClose={close} position="right" size="sm" title={t('filterBar.title')}>
        <Stack>
          {others.map((def) => (
            <FilterInput key={def.key} def={def} />
          ))}
          <Group justify="space-between">
            <Button variant="subtle" onClick={clearAll} disabled={active.length === 0}>
              {t('filterBar.clear')}
            </Button>
            <Button onClick={close}>{t('filterBar.done')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </Stack>
  );
}

function FilterInput({ def, flex }: { def: FilterDef; flex?: Record<string, number | string> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  if (!def.options)
    return (
      <SearchFilter
        name={def.key}
        label={def.label}
        placeholder={def.placeholder}
        minLength={def.minLength}
        shortHint={def.shortHint}
        flex={flex}
        clearLabel={t('filterBar.clearOne')}
      />
    );
  return (
    <Select
      label={def.label}
      placeholder={t('filterBar.all')}
      data={def.options}
      value={search.get(def.key) || null}
      onChange={(value) => setSearch(searchWithFilter(search, def.key, value))}
      clearable
      searchable={def.options.length > 8}
      comboboxProps={{ withinPortal: true }}
      flex={flex}
    />
  );
}

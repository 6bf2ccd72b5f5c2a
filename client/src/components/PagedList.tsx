import { type ReactNode, useEffect } from 'react';
import { Group, Pagination, Select, Stack, Table, Text, useMatches } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { labelCellsOf } from './cellLabels.js';
import { PAGE_SIZES, pageFromSearch, searchWithPage } from './paging.js';
import classes from './PagedList.module.css';

/** Current page of the query string; pass offset/first to the list's connection query. */
export function usePage() {
  const [search] = useSearchParams();
  return pageFromSearch(search);
}

/**
 * Pager under a list: page numbers and page size 10, 20, 50, 100, kept in the query string. On phones
 * the rows of the list's table are cards, each cell under its column's name (PagedList.module.css).
 */
export function PagedList({ totalCount, children, empty }: { totalCount: number; children: ReactNode; empty?: ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { page, pageSize } = pageFromSearch(search);
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  // A phone shows the current page and the ends only, so the pager fits on one line.
  const siblings = useMatches({ base: 0, sm: 1 });
  // Past the last page (its last row deleted, or an old link): the last page that has rows.
  useEffect(() => {
    if (totalCount > 0 && page > pages) setSearch(searchWithPage(search, pages, pageSize), { replace: true });
  }, [totalCount, page, pages, pageSize, search, setSearch]);
  return (
    <Stack>
      {totalCount === 0 ? (
        (empty ?? <Text c="dimmed">{t('pager.empty')}</Text>)
      ) : (
        <div ref={labelCellsOf} className={classes.cards}>
          <Table.ScrollContainer minWidth={480}>{children}</Table.ScrollContainer>
        </div>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('pager.total', { count: totalCount })}
        </Text>
        <Group>
          <Select
            aria-label={t('pager.pageSize')}
            w={90}
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(value) => value && setSearch(searchWithPage(search, 1, Number(value)))}
            allowDeselect={false}
          />
          <Pagination total={pages} siblings={siblings} value={Math.min(page, pages)} onChange={(p) => setSearch(searchWithPage(search, p, pageSize))} />
        </Group>
      </Group>
    </Stack>
  );
}

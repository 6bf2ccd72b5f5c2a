import type { ComponentProps, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisitorsTable_visitors$key } from '../../../__generated__/VisitorsTable_visitors.graphql';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { PagedList } from '../../../components/PagedList.js';
import { VisitorFilters } from './VisitorFilters.js';
import { VisitorsTable } from './VisitorsTable.js';

/** The page around a visitors list (the house's or the community's): header, filters, the paged table or why it is empty. */
export function VisitorListPage({
  title,
  description,
  action,
  headerExtra,
  filterKeys,
  places,
  totalCount,
  visitors,
  community,
  pending,
  editPath,
  onChanged,
}: {
  title: string;
  description: string;
  action: { label: string; to: string } | null;
  headerExtra?: ReactNode;
  filterKeys: readonly string[];
  /** The community's streets, condominiums and malls by filter key, for the location filters. */
  places?: ComponentProps<typeof VisitorFilters>['places'];
  totalCount: number;
  visitors: VisitorsTable_visitors$key;
  community: boolean;
  pending: boolean;
  editPath: (id: number) => string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const filtered = filterKeys.some((key) => search.get(key));
  return (
    <Stack>
      <PageHeader title={title} description={description} action={action}>
        {headerExtra}
      </PageHeader>
      <VisitorFilters keys={filterKeys} places={places} />
      <PagedList
        totalCount={totalCount}
        empty={
          filtered ? (
            <EmptyState title={t('list.noMatch')} hint={t('list.noMatchHint')} />
          ) : (
            <EmptyState title={t('visitors.empty')} hint={t('visitors.emptyHint')} action={action} />
          )
        }
      >
        <VisitorsTable visitors={visitors} community={community} pending={pending} editPath={editPath} onChanged={onChanged} />
      </PagedList>
    </Stack>
  );
}

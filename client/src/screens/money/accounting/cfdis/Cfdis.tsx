import { useState } from 'react';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CfdisQuery } from '../../../../__generated__/CfdisQuery.graphql';
import type { CfdiList_query$key } from '../../../../__generated__/CfdiList_query.graphql';
import type { CfdisRequestZipMutation } from '../../../../__generated__/CfdisRequestZipMutation.graphql';
import type { CfdisIssueGlobalMutation } from '../../../../__generated__/CfdisIssueGlobalMutation.graphql';
import { DateField } from '../../../../components/DateField.js';
import { downloadFile } from '../../../../components/download.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { searchWithFilter } from '../../../../components/paging.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../receivables/receipts/receiptTexts.js';
import { CfdiSummary } from './CfdiSummary.js';
import { CfdiTable } from './CfdiTable.js';
import { CFDI_KINDS, CFDI_STATUSES, type CfdiStatus, cfdiFilters, filterQuery } from './cfdiRules.js';
import { toCfdiRow } from './cfdiRow.js';
import { GlobalCfdiDialog } from './GlobalCfdiDialog.js';
import { outcomeNotice, useCfdiActions } from './useCfdiActions.js';

export const cfdisQuery = graphql`
  query CfdisQuery($first: Int!, $offset: Int!, $filter: CfdiFilter) {
    ...CfdiList_query @arguments(first: $first, offset: $offset, filter: $filter)
  }
`;

const listFragment = graphql`
  fragment CfdiList_query on Query
  @refetchable(queryName: "CfdiListRefetchQuery")
  @argumentDefinitions(first: { type: "Int!" }, offset: { type: "Int!" }, filter: { type: "CfdiFilter" }) {
    cfdis(first: $first, offset: $offset, filter: $filter) {
      totalCount
      edges { node { ...cfdiRow_cfdi } }
    }
    cfdiResume(filter: $filter) { status count total }
  }
`;

const issueGlobalMutation = graphql`
  mutation CfdisIssueGlobalMutation($input: IssueGlobalCfdiInput!) {
    issueGlobalCfdi(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationIssueGlobalCfdiSuccess { data { message items { status message errorDescription } } }
    }
  }
`;

const requestZipMutation = graphql`
  mutation CfdisRequestZipMutation($input: RequestCfdisZipInput!) {
    requestCfdisZip(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRequestCfdisZipSuccess { data { message items { id } } }
    }
  }
`;

/** /neighborhood/cfdis: the community's invoices, filtered by status, kind and dates, with their actions, resume and downloads. */
export default function Cfdis({ queryRef, route }: ScreenProps<CfdisQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<CfdisQuery>(cfdisQuery, queryRef);
  return <List query={data} route={route} />;
}

function List({ query, route }: { query: CfdiList_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const [search, setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(listFragment, query);
  const { pending, reload } = useListRefetch(route, refetch);
  const actions = useCfdiActions(reload);
  const texts = { failed: t('cfdis.errorFallback'), done: t('cfdis.generated') };
  const issueGlobal = useAppMutation<CfdisIssueGlobalMutation>(issueGlobalMutation);
  const requestZip = useAppMutation<CfdisRequestZipMutation>(requestZipMutation);
  const [globalOpen, setGlobalOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const filters = cfdiFilters(search);
  const rows = data.cfdis.edges.map((e) => toCfdiRow(e.node));
  const filtered = !!(filters.status || filters.kind || filters.from || filters.to);

  const setDate = (key: 'from' | 'to', value: string | null) => {
    const next = { from: filters.from, to: filters.to, [key]: value };
    if (next.from && next.to && next.from > next.to) {
      setRangeError(t('cfdis.filters.rangeInvalid'));
      return;
    }
    setRangeError(null);
    setSearch(searchWithFilter(search, key, value));
  };

  const download = async () => {
    setDownloading(true);
    try {
      const qs = filterQuery(search);
      const result = await downloadFile(`/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/cfdis/download${qs ? `?${qs}` : ''}`, 'facturas.zip');
      if (!result.ok && result.status !== 401) {
        const description = (result.data as { description?: string } | undefined)?.description;
        notify('danger', description || t('cfdis.downloadFailed'));
      }
    } finally {
      setDownloading(false);
    }
  };

  // The period's invoices by e-mail (the incomes report's CFDI request): needs both dates of the filter.
  const emailZip = () =>
    requestZip.run({ input: { from: filters.from as string, to: filters.to as string, idempotencyKey: newIdempotencyKey() } }, 'requestCfdisZip', {
      success: (r: { data: { message: string; items: readonly unknown[] } }) =>
        `${r.data.message} (${t('cfdis.emailZip.count', { count: r.data.items.length })})`,
    });

  const confirmGlobal = async ({ year, month }: { year: number; month: number }) => {
    const result = await issueGlobal.run({ input: { year, month, idempotencyKey: newIdempotencyKey() } }, 'issueGlobalCfdi', {
      // A month may need several invoices: the first failure is what the administrator must read.
      success: (r: { data: { message: string; items: readonly { status: string; message: string; errorDescription: string | null }[] } }) => {
        const failed = r.data.items.find((i) => i.status === 'ERROR');
        return failed
          ? outcomeNotice(failed, texts)
          : r.data.items.some((i) => i.status === 'PENDING')
            ? ['info', r.data.message]
            : ['success', t('cfdis.generated')];
      },
    });
    if (result) {
      setGlobalOpen(false);
      reload();
    }
  };

  return (
    <Stack>
      <PageHeader title={t('cfdis.title')} description={t('cfdis.description')}>
        <Button variant="default" onClick={() => void download()} loading={downloading} title={t('cfdis.downloadHint')} disabled={data.cfdis.totalCount === 0}>
          {t('cfdis.download')}
        </Button>
        {grants.has('ACfdiCreate') || grants.has('ACfdiDelete') || grants.has('APdfCfdiUpdate') ? (
          <Button
            variant="default"
            onClick={() => void emailZip()}
            loading={requestZip.inFlight}
            disabled={!filters.from || !filters.to}
            title={filters.from && filters.to ? t('cfdis.emailZip.hint') : t('cfdis.emailZip.needsDates')}
          >
            {t('cfdis.emailZip.action')}
          </Button>
        ) : null}
        {grants.has('ACfdiCreate') && <Button onClick={() => setGlobalOpen(true)}>{t('cfdis.global.open')}</Button>}
      </PageHeader>
      <FilterBar
        primary="status"
        filters={[
          { key: 'status', label: t('cfdis.status.label'), options: CFDI_STATUSES.map((s) => ({ value: s, label: t(`cfdis.status.${s}`) })) },
          { key: 'kind', label: t('cfdis.kind.label'), options: CFDI_KINDS.map((k) => ({ value: k, label: t(`cfdis.kind.${k}`) })) },
        ]}
      >
        <SimpleGrid cols={2} spacing="sm" w={{ base: '100%', sm: 360 }}>
          <DateField
            label={t('cfdis.filters.from')}
            placeholder={t('cfdis.filters.anyDate')}
            value={filters.from}
            onChange={(v) => setDate('from', v ? String(v).slice(0, 10) : null)}
          />
          <DateField
            label={t('cfdis.filters.to')}
            placeholder={t('cfdis.filters.anyDate')}
            value={filters.to}
            onChange={(v) => setDate('to', v ? String(v).slice(0, 10) : null)}
            error={rangeError}
          />
        </SimpleGrid>
      </FilterBar>
      <CfdiSummary items={data.cfdiResume.map((r) => ({ status: r.status as CfdiStatus, count: r.count, total: r.total as string }))} dimmed={pending} />
      <PagedList
        totalCount={data.cfdis.totalCount ?? 0}
        empty={filtered ? <EmptyState title={t('cfdis.emptyFiltered')} /> : <EmptyState title={t('cfdis.empty')} hint={t('cfdis.emptyHint')} />}
      >
        <CfdiTable rows={rows} dimmed={pending} {...actions.table} />
      </PagedList>
      {actions.dialogs}
      <GlobalCfdiDialog opened={globalOpen} busy={issueGlobal.inFlight} onClose={() => setGlobalOpen(false)} onConfirm={(p) => void confirmGlobal(p)} />
    </Stack>
  );
}

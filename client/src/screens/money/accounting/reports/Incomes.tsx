import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { IncomesQuery } from '../../../../__generated__/IncomesQuery.graphql';
import type { IncomesRequestZipMutation } from '../../../../__generated__/IncomesRequestZipMutation.graphql';
import type { IncomesView_query$key } from '../../../../__generated__/IncomesView_query.graphql';
import { formatMoney, money } from '../../../../../../core/money.js';
import { formatDate, formatPesos } from '../../../../format.js';
import { downloadFile } from '../../../../components/download.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PagedList } from '../../../../components/PagedList.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../receivables/receipts/receiptTexts.js';
import { PeriodFilters } from './PeriodFilters.js';
import { Breakdown, Figure, numeric } from './shared.js';
import { reportPeriod } from './variables.js';

export const incomesQuery = graphql`
  query IncomesQuery($dateKind: ReportDateKind, $from: String, $to: String, $offset: Int, $first: Int) {
    ...IncomesView_query @arguments(dateKind: $dateKind, from: $from, to: $to, offset: $offset, first: $first)
  }
`;

const fragment = graphql`
  fragment IncomesView_query on Query
  @refetchable(queryName: "IncomesRefetchQuery")
  @argumentDefinitions(
    dateKind: { type: "ReportDateKind" }
    from: { type: "String" }
    to: { type: "String" }
    offset: { type: "Int" }
    first: { type: "Int" }
  ) {
    incomesReport(dateKind: $dateKind, from: $from, to: $to) {
      period { dateKind from to }
      total count gatewayFees net
      byConcept { key label count amount }
      byMethod { key label count amount }
      byWallet { key label count amount }
      bySource { key label count amount }
      byAccount { key label count amount }
      walletPayments { count amount }
      pendingUnknownPayments { count amount }
      rows(offset: $offset, first: $first) { id date house concept description method account source amount }
    }
  }
`;

const requestZipMutation = graphql`
  mutation IncomesRequestZipMutation($input: RequestCfdisZipInput!) {
    requestCfdisZip(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRequestCfdisZipSuccess { data { message items { id } } }
    }
  }
`;

const CFDI_GRANTS = ['ACfdiCreate', 'ACfdiDelete', 'APdfCfdiUpdate'];

/** /neighborhood/incomes (AIncomesRead): the money that came in during a period, its breakdowns and movements. */
export default function Incomes({ queryRef, route }: ScreenProps<IncomesQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<IncomesQuery>(incomesQuery, queryRef);
  return <IncomesView query={data} route={route} />;
}

function IncomesView({ query, route }: { query: IncomesView_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(fragment, query);
  const { pending } = useListRefetch(route, refetch);
  const requestZip = useAppMutation<IncomesRequestZipMutation>(requestZipMutation);
  const [downloading, setDownloading] = useState<string | null>(null);
  const r = data.incomesReport;
  const period = reportPeriod(search);
  const labels = { count: t('reports.count'), amount: t('reports.amount'), total: t('reports.total') };
  const total = r.total as string;

  const download = async (kind: 'xls' | 'pdf') => {
    setDownloading(kind);
    try {
      const qs = new URLSearchParams({ date_kind: period.dateKind, from: period.from, to: period.to }).toString();
      const result = await downloadFile(
        `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/incomes/${kind}?${qs}`,
        `ingresos-${period.from}-${period.to}.${kind === 'xls' ? 'xlsx' : 'pdf'}`,
      );
      if (!result.ok && result.status !== 401)
        notify('danger', (result.data as { description?: string } | undefined)?.description || t('reports.downloadFailed'));
    } catch {
      notify('danger', t('reports.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  const emailZip = () =>
    requestZip.run({ input: { from: period.from, to: period.to, idempotencyKey: newIdempotencyKey() } }, 'requestCfdisZip', {
      success: (res: { data: { message: string; items: readonly unknown[] } }) =>
        `${res.data.message} (${t('reports.cfdiCount', { count: res.data.items.length })})`,
    });

  return (
    <Stack maw={1200}>
      <PageHeader title={t('reports.incomesTitle')} description={t('reports.periodOf', { from: formatDate(period.from), to: formatDate(period.to) })}>
        <Group gap="xs">
          <Button variant="default" onClick={() => void download('xls')} loading={downloading === 'xls'}>
            {t('reports.downloadXlsx')}
          </Button>
          <Button variant="default" onClick={() => void download('pdf')} loading={downloading === 'pdf'}>
            {t('reports.downloadPdf')}
          </Button>
          {CFDI_GRANTS.some((g) => grants.has(g)) && (
            <Button onClick={() => void emailZip()} loading={requestZip.inFlight}>
              {t('reports.cfdiZip')}
            </Button>
          )}
        </Group>
      </PageHeader>
      <PeriodFilters />

      <Stack style={{ opacity: pending ? 0.6 : 1 }} gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="incomes-totals">
          <Figure label={t('reports.totalIncomes')} value={total} hint={t('reports.movements', { count: r.count })} strong />
          <Figure label={t('reports.gatewayFees')} value={formatMoney(money(r.gatewayFees as string).negated())} hint={t('reports.gatewayFeesHint')} />
          <Figure label={t('reports.net')} value={r.net as string} />
          <Figure
            label={t('reports.walletPayments')}
            value={r.walletPayments.amount as string}
            hint={t('reports.walletPaymentsHint', { count: r.walletPayments.count })}
          />
        </SimpleGrid>
        {Number(r.pendingUnknownPayments.count) > 0 && (
          <Alert color="yellow" variant="light" title={t('reports.pendingUnknownTitle')}>
            {t('reports.pendingUnknown', { count: r.pendingUnknownPayments.count, amount: formatPesos(r.pendingUnknownPayments.amount as string) })}
          </Alert>
        )}
        {r.count === 0 ? (
          <EmptyState title={t('reports.incomesEmpty')} hint={t('reports.incomesEmptyHint')} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <Breakdown title={t('reports.byConcept')} lines={r.byConcept} total={total} labels={labels} />
              <Breakdown title={t('reports.byMethod')} lines={r.byMethod} total={total} labels={labels} />
              <Breakdown title={t('reports.byAccount')} lines={r.byAccount} total={total} labels={labels} />
              <Breakdown title={t('reports.bySource')} lines={r.bySource} total={total} labels={labels} />
              <Breakdown title={t('reports.byWallet')} lines={r.byWallet} total={total} labels={labels} />
            </SimpleGrid>
            <Title order={3} fz="h4">
              {t('reports.rowsTitle')}
            </Title>
            <PagedList totalCount={r.count}>
              <Table striped verticalSpacing="xs" data-testid="incomes-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reports.date')}</Table.Th>
                    <Table.Th>{t('reports.house')}</Table.Th>
                    <Table.Th>{t('reports.concept')}</Table.Th>
                    <Table.Th>{t('reports.method')}</Table.Th>
                    <Table.Th>{t('reports.account')}</Table.Th>
                    <Table.Th ta="right">{t('reports.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td style={numeric}>{formatDate(row.date)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.house}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.concept}</Text>
                        <Text size="xs" c="dimmed">
                          {row.source === 'CHARGEBACK' ? t('reports.chargeback') : row.description}
                        </Text>
                      </Table.Td>
                      <Table.Td>{row.method}</Table.Td>
                      <Table.Td>{row.account}</Table.Td>
                      <Table.Td ta="right" c={String(row.amount).startsWith('-') ? 'red.8' : undefined} style={numeric}>
                        {formatPesos(row.amount as string)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PagedList>
          </>
        )}
      </Stack>
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Button, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TransactionsQuery } from '../../../../__generated__/TransactionsQuery.graphql';
import type { TransactionsView_query$key } from '../../../../__generated__/TransactionsView_query.graphql';
import { formatDate, formatPesos } from '../../../../format.js';
import { downloadFile } from '../../../../components/download.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { FilterBar, type FilterDef } from '../../../../components/FilterBar.js';
import { useListRefetch } from '../../../../components/lists.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { PagedList } from '../../../../components/PagedList.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { exportQuery, KINDS, METHODS, SOURCES, transactionFilter } from './variables.js';
import { PeriodFilters } from '../reports/PeriodFilters.js';

export const transactionsQuery = graphql`
  query TransactionsQuery($filter: TransactionFilter!, $first: Int!, $offset: Int!) {
    ...TransactionsView_query @arguments(filter: $filter, first: $first, offset: $offset)
  }
`;

const fragment = graphql`
  fragment TransactionsView_query on Query
  @refetchable(queryName: "TransactionsRefetchQuery")
  @argumentDefinitions(filter: { type: "TransactionFilter!" }, first: { type: "Int!" }, offset: { type: "Int!" }) {
    transactions(filter: $filter, first: $first, offset: $offset) {
      totalCount
      pageTotals { inflow outflow net }
      edges {
        node {
          key
          source
          kind
          kindName
          date
          amount
          description
          houseLabel
          walletName
          accountName
          paymentMethodName
          expenseFolio
          inTransit
        }
      }
    }
    transactionsSummary(filter: $filter) {
      totals { count inflow outflow net }
      wallets { databaseId name opening movements closing }
      accounts { databaseId name opening movements closing inTransit }
    }
  }
`;

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const tone = (v: unknown) => (String(v).startsWith('-') ? 'red.8' : undefined);

/** /neighborhood/transactions (AStatementsRead, ABalancesAuthorise): every movement of the community's money, with totals and balances. */
export default function Transactions({ queryRef, route }: ScreenProps<TransactionsQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<TransactionsQuery>(transactionsQuery, queryRef);
  return <View query={data} route={route} />;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={tone(value)} style={numeric}>
        {formatPesos(value)}
      </Text>
    </Paper>
  );
}

type Line = {
  readonly databaseId: number | null | undefined;
  readonly name: string;
  readonly opening: unknown;
  readonly movements: unknown;
  readonly closing: unknown;
  readonly inTransit?: unknown;
};

function Balances({ title, lines, transit }: { title: string; lines: readonly Line[]; transit?: boolean }) {
  const { t } = useTranslation();
  if (!lines.length) return null;
  return (
    <Paper withBorder radius="md" p="sm" component="section">
      <Title order={3} fz="sm" mb={6}>
        {title}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.balances.name')}</Table.Th>
              <Table.Th ta="right">{t('transactions.balances.opening')}</Table.Th>
              <Table.Th ta="right">{t('transactions.balances.movements')}</Table.Th>
              <Table.Th ta="right">{t('transactions.balances.closing')}</Table.Th>
              {transit && <Table.Th ta="right">{t('transactions.balances.inTransit')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={`${l.databaseId ?? 'gateway'}`}>
                <Table.Td>{l.name}</Table.Td>
                {(
                  [['opening', l.opening], ['movements', l.movements], ['closing', l.closing], ...(transit ? [['inTransit', l.inTransit]] : [])] as [
                    string,
                    unknown,
                  ][]
                ).map(([k, v], i) => (
                  <Table.Td key={k} ta="right" c={tone(v)} fw={i === 2 ? 600 : undefined} style={numeric}>
                    {formatPesos(String(v ?? '0'))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function View({ query, route }: { query: TransactionsView_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(fragment, query);
  const { pending } = useListRefetch(route, refetch);
  const [downloading, setDownloading] = useState<string | null>(null);
  const rows = data.transactions.edges.map((e) => e.node);
  const s = data.transactionsSummary;
  const f = transactionFilter(search);

  const filters: FilterDef[] = [
    { key: 'source', label: t('transactions.columns.source'), options: SOURCES.map((value) => ({ value, label: t(`transactions.sources.${value}`) })) },
    { key: 'kind', label: t('transactions.columns.kind'), options: KINDS.map((value) => ({ value, label: t(`transactions.kinds.${value}`) })) },
    { key: 'payment_method', label: t('transactions.columns.method'), options: METHODS.map((value) => ({ value, label: t(`transactions.methods.${value}`) })) },
  ];

  const download = async (format: 'xlsx' | 'csv') => {
    setDownloading(format);
    try {
      const result = await downloadFile(
        `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/transactions/export?format=${format}&${exportQuery(search)}`,
        `movimientos-${f.from}-a-${f.to}.${format}`,
      );
      if (!result.ok && result.status !== 401)
        notify('danger', (result.data as { description?: string } | undefined)?.description || t('transactions.downloadFailed'));
    } catch {
      notify('danger', t('transactions.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack maw={1300}>
      <PageHeader title={t('transactions.title')} description={t('transactions.description')}>
        <Group gap="xs">
          <Button onClick={() => void download('xlsx')} loading={downloading === 'xlsx'}>
            {t('transactions.export')}
          </Button>
          <Button variant="default" onClick={() => void download('csv')} loading={downloading === 'csv'}>
            {t('transactions.exportCsv')}
          </Button>
        </Group>
      </PageHeader>
      <PeriodFilters />
      <FilterBar filters={filters} primary="source" />
      <Grid columns={12} gap="sm" data-testid="transactions-totals" style={{ opacity: pending ? 0.6 : 1 }}>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Paper withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {t('transactions.totals.count')}
            </Text>
            <Text fw={700} size="lg">
              {s.totals.count}
            </Text>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Figure label={t('transactions.totals.inflow')} value={s.totals.inflow as string} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Figure label={t('transactions.totals.outflow')} value={s.totals.outflow as string} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Figure label={t('transactions.totals.net')} value={s.totals.net as string} />
        </Grid.Col>
      </Grid>
      <PagedList totalCount={data.transactions.totalCount ?? 0} empty={<EmptyState title={t('transactions.empty')} hint={t('transactions.emptyHint')} />}>
        <Table.ScrollContainer minWidth={980}>
          <Table striped fz="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="transactions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.columns.date')}</Table.Th>
                <Table.Th>{t('transactions.columns.kind')}</Table.Th>
                <Table.Th>{t('transactions.columns.house')}</Table.Th>
                <Table.Th>{t('transactions.columns.walletOrAccount')}</Table.Th>
                <Table.Th>{t('transactions.columns.method')}</Table.Th>
                <Table.Th>{t('transactions.columns.description')}</Table.Th>
                <Table.Th ta="right">{t('transactions.columns.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td style={numeric}>{formatDate(r.date)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge variant="light" color={r.source === 'HOUSE' ? 'blue' : 'grape'} size="sm">
                        {t(`transactions.sources.${r.source}`)}
                      </Badge>
                      <Text size="sm">{r.kindName}</Text>
                      {r.inTransit && (
                        <Badge variant="outline" color="orange" size="xs">
                          {t('transactions.inTransit')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{r.houseLabel ?? '—'}</Table.Td>
                  <Table.Td>{r.walletName ?? r.accountName ?? '—'}</Table.Td>
                  <Table.Td>{r.paymentMethodName ?? '—'}</Table.Td>
                  <Table.Td>
                    {r.expenseFolio ? `${r.expenseFolio} · ` : ''}
                    {r.description}
                  </Table.Td>
                  <Table.Td ta="right" c={tone(r.amount)} style={numeric}>
                    {formatPesos(r.amount as string)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={6}>
                  {t('transactions.pageTotal', {
                    inflow: formatPesos(data.transactions.pageTotals.inflow as string),
                    outflow: formatPesos(data.transactions.pageTotals.outflow as string),
                  })}
                </Table.Th>
                <Table.Th ta="right" style={numeric}>
                  {formatPesos(data.transactions.pageTotals.net as string)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
      <Balances title={t('transactions.balances.wallets')} lines={s.wallets} />
      <Balances title={t('transactions.balances.accounts')} lines={s.accounts} transit />
    </Stack>
  );
}

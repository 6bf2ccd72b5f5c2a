import { useState } from 'react';
import { Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NeighborhoodStatementQuery } from '../../../../__generated__/NeighborhoodStatementQuery.graphql';
import type { NeighborhoodStatementView_query$key } from '../../../../__generated__/NeighborhoodStatementView_query.graphql';
import { formatMoney, money } from '../../../../../../core/money.js';
import { formatDate, formatPesos } from '../../../../format.js';
import { downloadFile } from '../../../../components/download.js';
import { useListRefetch } from '../../../../components/lists.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { PeriodFilters } from './PeriodFilters.js';
import { Breakdown, Figure, numeric } from './shared.js';
import { reportPeriod } from './variables.js';

export const neighborhoodStatementQuery = graphql`
  query NeighborhoodStatementQuery($dateKind: ReportDateKind, $from: String, $to: String) {
    ...NeighborhoodStatementView_query @arguments(dateKind: $dateKind, from: $from, to: $to)
  }
`;

const fragment = graphql`
  fragment NeighborhoodStatementView_query on Query
  @refetchable(queryName: "NeighborhoodStatementRefetchQuery")
  @argumentDefinitions(dateKind: { type: "ReportDateKind" }, from: { type: "String" }, to: { type: "String" }) {
    neighborhoodStatement(dateKind: $dateKind, from: $from, to: $to) {
      opening incomes gatewayFees expenses withdrawalFees withdrawn closing inTransit
      accounts { key label opening incomes gatewayFees expenses withdrawals closing inTransit }
      incomesByConcept { key label count amount }
      expensesByConcept { key label count amount }
    }
  }
`;

const COLUMNS = ['opening', 'incomes', 'gatewayFees', 'expenses', 'withdrawals', 'closing', 'inTransitShort'];
const neg = (v: unknown) => formatMoney(money(v as string).negated());

/** /neighborhood-statements (AStatementsRead): the community's money in a period, per account, with print and export. */
export default function NeighborhoodStatement({ queryRef, route }: ScreenProps<NeighborhoodStatementQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<NeighborhoodStatementQuery>(neighborhoodStatementQuery, queryRef);
  return <StatementView query={data} route={route} />;
}

function StatementView({ query, route }: { query: NeighborhoodStatementView_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const [search] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(fragment, query);
  const { pending } = useListRefetch(route, refetch);
  const [downloading, setDownloading] = useState<string | null>(null);
  const s = data.neighborhoodStatement;
  const period = reportPeriod(search);
  const qs = new URLSearchParams({ date_kind: period.dateKind, from: period.from, to: period.to }).toString();
  const labels = { count: t('reports.count'), amount: t('reports.amount'), total: t('reports.total') };

  const download = async (kind: 'print' | 'xls') => {
    setDownloading(kind);
    try {
      const result = await downloadFile(
        `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/statements/${kind}?${qs}`,
        `estado-de-cuenta-${period.from}-${period.to}.${kind === 'xls' ? 'xlsx' : 'pdf'}`,
      );
      if (!result.ok && result.status !== 401)
        notify('danger', (result.data as { description?: string } | undefined)?.description || t('reports.downloadFailed'));
    } catch {
      notify('danger', t('reports.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  const figures = [
    { key: 'opening', value: s.opening as string, strong: true },
    { key: 'incomes', value: s.incomes as string },
    { key: 'gatewayFees', value: neg(s.gatewayFees) },
    { key: 'expenses', value: neg(s.expenses) },
    { key: 'withdrawalFees', value: neg(s.withdrawalFees) },
    { key: 'closing', value: s.closing as string, strong: true },
  ];
  // Dates of the expenses list's payment filter (the statement counts expenses by when they were paid).
  const expensesLink = `/expenses?${new URLSearchParams({ fromPayment: period.from, toPayment: period.to }).toString()}`;

  return (
    <Stack maw={1200}>
      <PageHeader title={t('reports.statementTitle')} description={t('reports.periodOf', { from: formatDate(period.from), to: formatDate(period.to) })}>
        <Group gap="xs">
          <Button onClick={() => void download('print')} loading={downloading === 'print'}>
            {t('reports.print')}
          </Button>
          <Button variant="default" onClick={() => void download('xls')} loading={downloading === 'xls'}>
            {t('reports.export')}
          </Button>
        </Group>
      </PageHeader>
      <PeriodFilters />

      <Stack style={{ opacity: pending ? 0.6 : 1 }} gap="md">
        <Grid columns={12} gap="sm" data-testid="statement-totals">
          {figures.map((f) => (
            <Grid.Col key={f.key} span={{ base: 6, sm: 4, lg: 2 }}>
              <Figure label={t(`reports.statement.${f.key}`)} value={f.value} strong={f.strong} />
            </Grid.Col>
          ))}
        </Grid>
        <Text size="sm" c="dimmed">
          {t('reports.statement.identity')} · {t('reports.statement.inTransit', { amount: formatPesos(neg(s.inTransit)) })} ·{' '}
          {t('reports.statement.withdrawn', { amount: formatPesos(s.withdrawn as string) })}
        </Text>
        <Group gap="lg">
          {grants.has('AIncomesRead') && (
            <Anchor component={Link} to={`/neighborhood/incomes?${qs}`}>
              {t('reports.statement.seeIncomes')}
            </Anchor>
          )}
          {grants.has('AExpensesRead') && (
            <Anchor component={Link} to={expensesLink}>
              {t('reports.statement.seeExpenses')}
            </Anchor>
          )}
        </Group>

        <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="statement-accounts">
          <Title order={3} fz="sm" id="statement-accounts" mb={6}>
            {t('reports.statement.byAccount')}
          </Title>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" fz="sm" data-testid="statement-accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.account')}</Table.Th>
                  {COLUMNS.map((k) => (
                    <Table.Th key={k} ta="right">
                      {t(`reports.statement.${k}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.accounts.map((a) => (
                  <Table.Tr key={a.key}>
                    <Table.Td>{a.label}</Table.Td>
                    {[a.opening, a.incomes, neg(a.gatewayFees), neg(a.expenses), a.withdrawals, a.closing, a.inTransit].map((v, i) => (
                      <Table.Td key={COLUMNS[i]} ta="right" c={String(v).startsWith('-') ? 'red.8' : undefined} fw={i === 5 ? 600 : undefined} style={numeric}>
                        {formatPesos(v as string)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>{t('reports.total')}</Table.Th>
                  {[s.opening, s.incomes, neg(s.gatewayFees), neg(s.expenses), neg(s.withdrawalFees), s.closing, s.inTransit].map((v, i) => (
                    <Table.Th key={COLUMNS[i]} ta="right" style={numeric}>
                      {formatPesos(v as string)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          {s.accounts.length === 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('reports.statement.empty')}
            </Text>
          )}
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Breakdown title={t('reports.statement.incomesByConcept')} lines={s.incomesByConcept} total={s.incomes as string} labels={labels} />
          <Breakdown title={t('reports.statement.expensesByConcept')} lines={s.expensesByConcept} total={s.expenses as string} labels={labels} />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

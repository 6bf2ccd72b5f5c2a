import { Fragment } from 'react';
import { Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { IncomesSummaryQuery } from '../../../../__generated__/IncomesSummaryQuery.graphql';
import type { IncomesSummaryView_query$key } from '../../../../__generated__/IncomesSummaryView_query.graphql';
import { sumMoney } from '../../../../../../core/money.js';
import { formatMonthName, formatPesos, monthName } from '../../../../format.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { summaryYear, yearChoices } from './variables.js';

export const incomesSummaryQuery = graphql`
  query IncomesSummaryQuery($year: Int) {
    ...IncomesSummaryView_query @arguments(year: $year)
  }
`;

const summaryFragment = graphql`
  fragment IncomesSummaryView_query on Query @refetchable(queryName: "IncomesSummaryRefetchQuery") @argumentDefinitions(year: { type: "Int" }) {
    houseIncomesSummary(year: $year) {
      year total
      lines { month concept receipts amount }
    }
  }
`;

interface Month {
  month: number;
  lines: { concept: string; receipts: number; amount: string }[];
  total: string;
}

/** /houses/incomes/summary (O/S/R IncomesSummaryRead): what the own house paid in a year (?year=), by month and concept. */
export default function IncomesSummary({ queryRef, route }: ScreenProps<IncomesSummaryQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<IncomesSummaryQuery>(incomesSummaryQuery, queryRef);
  return <IncomesSummaryView query={data} route={route} />;
}

function IncomesSummaryView({ query, route }: { query: IncomesSummaryView_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const [search, setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(summaryFragment, query);
  const { pending } = useListRefetch(route, refetch);
  const summary = data.houseIncomesSummary;
  const year = summaryYear(search);
  const months: Month[] = [];
  for (const line of summary.lines) {
    let month = months.find((m) => m.month === line.month);
    if (!month) {
      month = { month: line.month, lines: [], total: '0.00' };
      months.push(month);
    }
    month.lines.push({ concept: line.concept, receipts: line.receipts, amount: line.amount as string });
  }
  for (const m of months) m.total = sumMoney(m.lines.map((l) => l.amount)).toFixed(2);
  months.sort((a, b) => a.month - b.month);
  const setYear = (value: string | null) => {
    if (!value) return;
    const params = new URLSearchParams(search);
    params.set('year', value);
    setSearch(params);
  };

  return (
    <Stack maw={960}>
      <PageHeader
        title={t('balances.summaryTitle')}
        description={session.house?.label ? t('balances.summaryOf', { label: session.house.label }) : t('balances.summaryDescription')}
      >
        <Select aria-label={t('balances.year')} w={110} data={yearChoices().map(String)} value={String(year)} onChange={setYear} allowDeselect={false} />
      </PageHeader>
      <Paper withBorder radius="md" p="md" bg="gray.0" component="section" aria-label={t('balances.yearTotal', { year: summary.year })}>
        <Group justify="space-between" wrap="wrap">
          <Text c="dimmed">{t('balances.yearTotal', { year: summary.year })}</Text>
          <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="year-total">
            {formatPesos(summary.total as string)}
          </Text>
        </Group>
      </Paper>
      <div style={{ opacity: pending ? 0.6 : 1 }}>
        {months.length === 0 ? (
          <EmptyState title={t('balances.summaryEmpty', { year: summary.year })} hint={t('balances.summaryEmptyHint')} />
        ) : (
          <>
            {/* Phones: one card per month. */}
            <Stack gap="xs" hiddenFrom="sm">
              {months.map((m) => (
                <Paper key={m.month} withBorder radius="md" p="sm">
                  <Group justify="space-between" mb={4}>
                    <Text fw={600}>{formatMonthName(m.month)}</Text>
                    <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPesos(m.total)}
                    </Text>
                  </Group>
                  {m.lines.map((l) => (
                    <Group key={l.concept} justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {l.concept} · {t('balances.receiptsCount', { count: l.receipts })}
                      </Text>
                      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatPesos(l.amount)}
                      </Text>
                    </Group>
                  ))}
                </Paper>
              ))}
            </Stack>
            <Table verticalSpacing="xs" visibleFrom="sm" withRowBorders data-testid="summary-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('balances.month')}</Table.Th>
                  <Table.Th>{t('balances.concept')}</Table.Th>
                  <Table.Th ta="right">{t('balances.receipts')}</Table.Th>
                  <Table.Th ta="right">{t('balances.paid')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {months.map((m) => (
                  <Fragment key={m.month}>
                    {m.lines.map((l, i) => (
                      <Table.Tr key={l.concept}>
                        {i === 0 && (
                          <Table.Td rowSpan={m.lines.length + (m.lines.length > 1 ? 1 : 0)} fw={600} style={{ verticalAlign: 'top' }}>
                            {formatMonthName(m.month)}
                          </Table.Td>
                        )}
                        <Table.Td>{l.concept}</Table.Td>
                        <Table.Td ta="right">{l.receipts}</Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatPesos(l.amount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    {/* A month with several concepts adds them up. */}
                    {m.lines.length > 1 && (
                      <Table.Tr bg="gray.0">
                        <Table.Td c="dimmed">{t('balances.monthTotal', { month: monthName(m.month) })}</Table.Td>
                        <Table.Td />
                        <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatPesos(m.total)}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>{t('balances.yearTotal', { year: summary.year })}</Table.Th>
                  <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(summary.total as string)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </>
        )}
      </div>
    </Stack>
  );
}

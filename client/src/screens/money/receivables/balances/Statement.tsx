import { useState } from 'react';
import { Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StatementQuery } from '../../../../__generated__/StatementQuery.graphql';
import type { StatementView_query$key } from '../../../../__generated__/StatementView_query.graphql';
import { money } from '../../../../../../core/money.js';
import { formatDate, formatPesos } from '../../../../format.js';
import { DateField } from '../../../../components/DateField.js';
import { downloadFile } from '../../../../components/download.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useListRefetch } from '../../../../components/lists.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../../router/screenRoute.js';
import { amountColor, balanceMeaning } from './shared.js';
import { statementRange } from './variables.js';

export const statementQuery = graphql`
  query StatementQuery($houseId: ID, $houseNodeId: ID!, $admin: Boolean!, $from: String, $to: String) {
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { label } }
    ...StatementView_query @arguments(houseId: $houseId, from: $from, to: $to)
  }
`;

const statementFragment = graphql`
  fragment StatementView_query on Query
  @refetchable(queryName: "StatementRefetchQuery")
  @argumentDefinitions(houseId: { type: "ID" }, from: { type: "String" }, to: { type: "String" }) {
    houseStatement(houseId: $houseId, from: $from, to: $to) {
      houseLabel communityName ownerName from to opening charges payments adjustments closing
      rows { date kind description amount receiptDatabaseId }
    }
  }
`;

/**
 * A house's account statement: /houses/statements for the viewer's own house (OReceiptsRead, SReceiptsRead),
 * /houses/{houseId}/statements for administrators (AStatementsRead). The period is ?from=&to= (the current year
 * by default); the PDF of the same period comes from the REST route.
 */
export default function Statement({ queryRef, route }: ScreenProps<StatementQuery> & { route: ScreenRoute }) {
  const data = usePreloadedQuery<StatementQuery>(statementQuery, queryRef);
  return <StatementView query={data} route={route} />;
}

function StatementView({ query, route }: { query: StatementView_query$key; route: ScreenRoute }) {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const { session } = useSession();
  const [search, setSearch] = useSearchParams();
  const [data, refetch] = useRefetchableFragment(statementFragment, query);
  const { pending } = useListRefetch(route, refetch);
  const statement = data.houseStatement;
  const { from, to } = statementRange(search);
  const [downloading, setDownloading] = useState(false);
  const [rangeError, setRangeError] = useState<string | null>(null);

  const setRange = (next: { from?: string; to?: string }) => {
    const range = { from, to, ...next };
    if (range.from > range.to) {
      setRangeError(t('balances.rangeInvalid'));
      return;
    }
    setRangeError(null);
    const params = new URLSearchParams(search);
    params.set('from', range.from);
    params.set('to', range.to);
    setSearch(params);
  };

  // {h}: the house of the route for administrators, the session's house for its own people.
  const house = houseId ?? String(session.house?.databaseId ?? '');
  const download = async () => {
    setDownloading(true);
    try {
      const qs = new URLSearchParams({ from, to }).toString();
      const result = await downloadFile(
        `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/houses/${house}/statement/pdf?${qs}`,
        `estado-de-cuenta-${from}-${to}.pdf`,
      );
      if (!result.ok && result.status !== 401) notify('danger', t('balances.pdfFailed'));
    } catch {
      notify('danger', t('balances.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };

  // Each row with the balance after it, from the opening one.
  let running = money(statement.opening as string);
  const rows = statement.rows.map((r, index) => {
    running = running.plus(money(r.amount as string));
    return { ...r, key: `${r.date}-${index}`, amount: r.amount as string, balance: running.toFixed(2) };
  });
  const charged = rows.reduce((sum, r) => (money(r.amount).isNegative() ? sum.minus(money(r.amount)) : sum), money(0));
  const credited = rows.reduce((sum, r) => (money(r.amount).isNegative() ? sum : sum.plus(money(r.amount))), money(0));
  const who = [statement.houseLabel, statement.ownerName, statement.communityName].filter(Boolean).join(' · ');
  const totals = [
    { key: 'opening', value: statement.opening as string },
    { key: 'charges', value: statement.charges as string },
    { key: 'payments', value: statement.payments as string },
    { key: 'adjustments', value: statement.adjustments as string },
    { key: 'closing', value: statement.closing as string },
  ];

  return (
    <Stack maw={1100}>
      <PageHeader title={t('balances.statementTitle')} description={who}>
        <Button onClick={() => void download()} loading={downloading}>
          {t('balances.downloadPdf')}
        </Button>
      </PageHeader>
      <SimpleGrid cols={2} spacing="sm" maw={440} component="section" aria-label={t('balances.period')}>
        <DateField label={t('balances.from')} value={from} clearable={false} onChange={(value) => value && setRange({ from: String(value).slice(0, 10) })} />
        <DateField
          label={t('balances.to')}
          value={to}
          clearable={false}
          onChange={(value) => value && setRange({ to: String(value).slice(0, 10) })}
          error={rangeError}
        />
      </SimpleGrid>

      <Grid columns={10} gap="sm" style={{ opacity: pending ? 0.6 : 1 }} data-testid="statement-totals">
        {totals.map(({ key, value }) => (
          <Grid.Col key={key} span={{ base: key === 'closing' ? 10 : 5, sm: 2 }}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              h="100%"
              bg={key === 'closing' ? 'gray.0' : undefined}
              aria-label={t(`balances.totals.${key}`)}
              component="section"
            >
              <Text size="xs" c="dimmed">
                {t(`balances.totals.${key}`)}
              </Text>
              <Text fw={700} fz="lg" c={key === 'opening' || key === 'closing' ? amountColor(value) : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPesos(value)}
              </Text>
              {(key === 'opening' || key === 'closing') && (
                <Text size="xs" c="dimmed">
                  {balanceMeaning(t, value)}
                </Text>
              )}
            </Paper>
          </Grid.Col>
        ))}
      </Grid>

      <Stack gap="xs" component="section" aria-labelledby="statement-rows" style={{ opacity: pending ? 0.6 : 1 }}>
        <Title order={3} fz="h4" id="statement-rows">
          {t('balances.rowsTitle', { from: formatDate(statement.from as string), to: formatDate(statement.to as string) })}
        </Title>
        {rows.length === 0 ? (
          <EmptyState title={t('balances.rowsEmpty')} hint={t('balances.rowsEmptyHint')} />
        ) : (
          <>
            {/* Phones: one card per row. */}
            <Stack gap="xs" hiddenFrom="sm" data-testid="statement-cards">
              {rows.map((r) => (
                <Paper key={r.key} withBorder radius="md" p="sm">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2} miw={0}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(r.date as string)} · {t('balances.balanceAfter', { amount: formatPesos(r.balance) })}
                      </Text>
                    </Stack>
                    <Text size="sm" fw={600} c={amountColor(r.amount)} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {money(r.amount).isNegative() ? t('balances.chargeShort') : t('balances.creditShort')} {formatPesos(money(r.amount).abs())}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Table striped verticalSpacing="xs" visibleFrom="sm" data-testid="statement-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('balances.date')}</Table.Th>
                  <Table.Th>{t('balances.rowDescription')}</Table.Th>
                  <Table.Th ta="right">{t('balances.charge')}</Table.Th>
                  <Table.Th ta="right">{t('balances.credit')}</Table.Th>
                  <Table.Th ta="right">{t('balances.balance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(statement.from as string)}</Table.Td>
                  <Table.Td fw={500}>{t('balances.totals.opening')}</Table.Td>
                  <Table.Td />
                  <Table.Td />
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(statement.opening as string)}
                  </Table.Td>
                </Table.Tr>
                {rows.map((r) => {
                  const amount = money(r.amount);
                  return (
                    <Table.Tr key={r.key}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.date as string)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.description}</Table.Td>
                      <Table.Td ta="right" c="red.8" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {amount.isNegative() ? formatPesos(amount.abs()) : ''}
                      </Table.Td>
                      <Table.Td ta="right" c="green.8" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {amount.isNegative() ? '' : formatPesos(amount)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatPesos(r.balance)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>{t('balances.totals.closing')}</Table.Th>
                  <Table.Th ta="right" c="red.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(charged)}
                  </Table.Th>
                  <Table.Th ta="right" c="green.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(credited)}
                  </Table.Th>
                  <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(statement.closing as string)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </>
        )}
      </Stack>
    </Stack>
  );
}

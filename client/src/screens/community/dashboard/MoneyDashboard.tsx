import { useMemo, useRef, useState, useTransition, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { graphql, useRefetchableFragment, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DebtGrouping } from '../../../__generated__/MoneyDashboardRefetchQuery.graphql';
import type { MoneyDashboard_query$data, MoneyDashboard_query$key } from '../../../__generated__/MoneyDashboard_query.graphql';
import type { MoneyDashboardUpdatesSubscription } from '../../../__generated__/MoneyDashboardUpdatesSubscription.graphql';
import { money } from '../../../../../core/money.js';
import { notify } from '../../../components/notify.js';
import { DebtsChart, IncomesChart, OutcomesChart } from './Charts.js';
import { InReview, LatestPaid } from './LatestReceipts.js';
import { amountStyle, Card, Empty, Figure } from './moneyCards.js';
import { formatDate, formatMonth, formatPesos, lastMonths, monthInText, monthName } from '../../../format.js';

const fragment = graphql`
  fragment MoneyDashboard_query on Query
  @refetchable(queryName: "MoneyDashboardRefetchQuery")
  @argumentDefinitions(month: { type: "String" }, by: { type: "DebtGrouping" }) {
    dashboard {
      monthlyIncomes { month amount payments }
      monthlyOutcomes(month: $month) { month totalCharged totalPaid concepts { conceptDatabaseId concept amountCharged amountPaid } }
      debts(by: $by) { by total houses stats { key amount houses } }
      latestPaidReceipts {
        totalCount
        receipts { id databaseId houseDatabaseId houseLabel description amount transactionTotal paymentDate paymentMethod }
      }
      latestInReviewReceipts {
        totalCount
        receipts { id databaseId houseDatabaseId houseLabel description amount dueDate }
      }
      gatewayPanel { gatewayName configured balance payments clabe bankName depositFee }
    }
  }
`;

const updates = graphql`
  subscription MoneyDashboardUpdatesSubscription {
    dashboardMoneyUpdated { kind at }
  }
`;

type Data = MoneyDashboard_query$data['dashboard'];

/**
 * The money widgets of the dashboard (spec 2 "Dashboard money widgets"): key figures, monthly incomes,
 * monthly outcomes per concept, debts per key, the latest paid receipts and those in review, and the
 * community's wallet panel. Each widget shows only with its grant (the server answers null otherwise).
 * A payment anywhere in the community refetches them without a reload.
 */
export function MoneyDashboard({ query, currentMonth, opens }: { query: MoneyDashboard_query$key; currentMonth: string; opens: (path: string) => boolean }) {
  return <MoneyWidgets query={query} currentMonth={currentMonth} opens={opens} />;
}

function MoneyWidgets({ query, currentMonth, opens }: { query: MoneyDashboard_query$key; currentMonth: string; opens: (path: string) => boolean }) {
  const { t } = useTranslation();
  const [month, setMonthState] = useState(currentMonth);
  const [by, setByState] = useState<DebtGrouping>('AGE');
  const [pending, startTransition] = useTransition();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const [query$data, refetch] = useRefetchableFragment(fragment, query);
  const data = query$data.dashboard;
  const reload = (next: { month: string; by: DebtGrouping }) =>
    startTransition(() => {
      refetch({ month: next.month, by: next.by }, { fetchPolicy: 'network-only' });
    });
  const setMonth = (value: string) => {
    setMonthState(value);
    reload({ month: value, by });
  };
  const setBy = (value: DebtGrouping) => {
    setByState(value);
    reload({ month, by: value });
  };

  // The subscription outlives renders: it reloads with the month and grouping shown at the time.
  const reloadRef = useRef(() => {});
  reloadRef.current = () => reload({ month, by });
  const subscription = useMemo<GraphQLSubscriptionConfig<MoneyDashboardUpdatesSubscription>>(
    () => ({
      subscription: updates,
      variables: {},
      onNext: () => {
        reloadRef.current();
        notify('info', t('dashboard.money.updated'));
      },
    }),
    [t],
  );
  useSubscription<MoneyDashboardUpdatesSubscription>(subscription);

  const anyWidget = data.monthlyIncomes || data.monthlyOutcomes || data.debts || data.latestPaidReceipts || data.latestInReviewReceipts;
  if (!anyWidget) return null;
  return (
    <Stack gap="md" data-testid="money-dashboard" data-refreshing={pending || undefined}>
      <KeyFigures data={data} currentMonth={currentMonth} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {data.monthlyIncomes && <IncomesCard months={data.monthlyIncomes} compact={compact} />}
        {data.debts && <DebtsCard debts={data.debts} compact={compact} onGroup={setBy} refreshing={pending} />}
      </SimpleGrid>
      <Grid gap="md">
        {data.monthlyOutcomes ? (
          <Grid.Col span={{ base: 12, lg: data.gatewayPanel ? 8 : 12 }}>
            <OutcomesCard outcomes={data.monthlyOutcomes} compact={compact} currentMonth={currentMonth} onMonth={setMonth} refreshing={pending} />
          </Grid.Col>
        ) : null}
        {data.gatewayPanel ? (
          <Grid.Col span={{ base: 12, lg: data.monthlyOutcomes ? 4 : 6 }}>
            <GatewayCard panel={data.gatewayPanel} opens={opens} />
          </Grid.Col>
        ) : null}
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {data.latestPaidReceipts && <LatestPaid list={data.latestPaidReceipts} opens={opens} />}
        {data.latestInReviewReceipts && <InReview list={data.latestInReviewReceipts} opens={opens} />}
      </SimpleGrid>
    </Stack>
  );
}

function KeyFigures({ data, currentMonth }: { data: Data; currentMonth: string }) {
  const { t } = useTranslation();
  const thisMonth = data.monthlyIncomes?.at(-1);
  const monthOf = (period: string) => monthName(Number(period.slice(5, 7)));
  const incomesMonth = monthOf(currentMonth);
  const outcomesMonth = data.monthlyOutcomes ? monthOf(data.monthlyOutcomes.month) : incomesMonth;
  const figures = [
    thisMonth && (
      <Figure
        key="incomes"
        testId="kpi-incomes"
        color="blue"
        label={t('dashboard.money.kpi.incomes', { month: incomesMonth })}
        value={formatPesos(thisMonth.amount as string)}
        hint={t('dashboard.money.kpi.incomesHint', { count: thisMonth.payments })}
      />
    ),
    data.debts && (
      <Figure
        key="debt"
        testId="kpi-debt"
        color="red"
        label={t('dashboard.money.kpi.debt')}
        value={formatPesos(data.debts.total as string)}
        hint={t('dashboard.money.kpi.debtHint', { count: data.debts.houses })}
      />
    ),
    data.monthlyOutcomes && (
      <Figure
        key="outcomes"
        testId="kpi-outcomes"
        color="indigo"
        label={t('dashboard.money.kpi.outcomes', { month: outcomesMonth })}
        title={t('dashboard.money.kpi.outcomesTitle', { month: outcomesMonth })}
        value={formatPesos(data.monthlyOutcomes.totalPaid as string)}
        hint={t('dashboard.money.kpi.outcomesHint', { charged: formatPesos(data.monthlyOutcomes.totalCharged as string) })}
      />
    ),
    data.gatewayPanel && (
      <Figure
        key="gateway"
        testId="kpi-gateway"
        color="teal"
        label={t('dashboard.money.kpi.gateway', { gateway: data.gatewayPanel.gatewayName })}
        value={formatPesos(data.gatewayPanel.balance as string)}
        hint={t('dashboard.money.kpi.gatewayHint', { count: data.gatewayPanel.payments })}
      />
    ),
  ].filter(Boolean);
  if (figures.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, md: Math.min(4, figures.length) }} spacing="md">
      {figures}
    </SimpleGrid>
  );
}

function IncomesCard({ months, compact }: { months: NonNullable<Data['monthlyIncomes']>; compact: boolean }) {
  const { t } = useTranslation();
  const total = months.reduce((sum, m) => sum.plus(m.amount as string), money(0));
  const points = months.map((m) => ({ month: m.month, amount: m.amount as string, payments: m.payments }));
  return (
    <Card
      testId="monthly-incomes"
      title={t('dashboard.money.incomes.title')}
      subtitle={t('dashboard.money.incomes.subtitle')}
      action={
        <Badge variant="light" color="blue" size="lg" style={amountStyle}>
          {t('dashboard.money.incomes.total', { total: formatPesos(total) })}
        </Badge>
      }
    >
      {total.isZero() ? <Empty>{t('dashboard.money.incomes.empty')}</Empty> : <IncomesChart months={points} compact={compact} />}
    </Card>
  );
}

function DebtsCard({
  debts,
  compact,
  onGroup,
  refreshing,
}: {
  debts: NonNullable<Data['debts']>;
  compact: boolean;
  onGroup: (by: DebtGrouping) => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const label = (key: string) => t(`dashboard.money.debts.keys.${key}`, { defaultValue: key });
  const stats = debts.stats.map((s) => ({ key: s.key, label: label(s.key), amount: s.amount as string, houses: s.houses }));
  return (
    <Card
      testId="debts"
      title={t('dashboard.money.debts.title')}
      subtitle={`${t('dashboard.money.debts.subtitle')} · ${t('dashboard.money.debts.total', { total: formatPesos(debts.total as string) })}`}
      action={
        <Group gap="xs">
          {refreshing && <Loader size="xs" />}
          <SegmentedControl
            size="xs"
            aria-label={t('dashboard.money.debts.by')}
            value={debts.by}
            onChange={(value) => onGroup(value as DebtGrouping)}
            data={[
              { value: 'AGE', label: t('dashboard.money.debts.AGE') },
              { value: 'STREET', label: t('dashboard.money.debts.STREET') },
            ]}
          />
        </Group>
      }
    >
      {money(debts.total as string).isZero() ? (
        <Empty>{t('dashboard.money.debts.empty')}</Empty>
      ) : (
        <DebtsChart key={debts.by} stats={stats} compact={compact} />
      )}
    </Card>
  );
}

function OutcomesCard({
  outcomes,
  compact,
  currentMonth,
  onMonth,
  refreshing,
}: {
  outcomes: NonNullable<Data['monthlyOutcomes']>;
  compact: boolean;
  currentMonth: string;
  onMonth: (month: string) => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const months = lastMonths(currentMonth).map((m) => ({ value: m, label: formatMonth(m) }));
  const concepts = outcomes.concepts.map((c) => ({ concept: c.concept, amountCharged: c.amountCharged as string, amountPaid: c.amountPaid as string }));
  return (
    <Card
      testId="monthly-outcomes"
      title={t('dashboard.money.outcomes.title')}
      subtitle={`${t('dashboard.money.outcomes.subtitle')} · ${t('dashboard.money.outcomes.totals', {
        charged: formatPesos(outcomes.totalCharged as string),
        paid: formatPesos(outcomes.totalPaid as string),
      })}`}
      action={
        <Group gap="xs" wrap="nowrap">
          {refreshing && <Loader size="xs" />}
          <Select
            size="xs"
            w={180}
            aria-label={t('dashboard.money.outcomes.month')}
            data={months}
            value={outcomes.month}
            onChange={(value) => value && onMonth(value)}
            allowDeselect={false}
            checkIconPosition="right"
          />
        </Group>
      }
    >
      {concepts.length === 0 ? (
        <Empty>{t('dashboard.money.outcomes.empty', { month: monthInText(outcomes.month) })}</Empty>
      ) : (
        <>
          <Legend />
          <OutcomesChart key={outcomes.month} concepts={concepts} compact={compact} />
        </>
      )}
    </Card>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Group gap="md">
      {[
        ['indigo.2', t('dashboard.money.outcomes.charged')],
        ['indigo.7', t('dashboard.money.outcomes.paid')],
      ].map(([color, label]) => (
        <Group key={label} gap={6}>
          <ThemeIcon size={12} radius={3} color={color} aria-hidden>
            {null}
          </ThemeIcon>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function GatewayCard({ panel, opens }: { panel: NonNullable<Data['gatewayPanel']>; opens: (path: string) => boolean }) {
  const { t } = useTranslation();
  const line = (label: string, value: ReactNode) => (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={amountStyle}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card testId="gateway-panel" title={t('dashboard.money.gateway.title')} subtitle={t('dashboard.money.gateway.subtitle')}>
      <Text fz={28} fw={700} lh={1.1} c="teal.8" style={amountStyle}>
        {formatPesos(panel.balance as string)}
      </Text>
      <Stack gap={6}>
        {line(t('dashboard.money.gateway.name'), panel.gatewayName)}
        {panel.clabe && line(t('dashboard.money.gateway.clabe'), <span style={{ fontFamily: 'monospace' }}>{panel.clabe}</span>)}
        {panel.bankName && line(t('dashboard.money.gateway.bank'), panel.bankName)}
        {line(t('dashboard.money.gateway.depositFee'), formatPesos(panel.depositFee as string))}
      </Stack>
      {!panel.configured && (
        <Text size="sm" c="orange.8">
          {t('dashboard.money.gateway.notConfigured')}{' '}
          {opens('/neighborhood/settings/openpay-keys/form') && (
            <Anchor component={Link} to="/neighborhood/settings/openpay-keys/form" size="sm">
              {t('dashboard.money.gateway.configure')}
            </Anchor>
          )}
        </Text>
      )}
      {opens('/expenses/withdrawals') && (
        <Anchor component={Link} to="/expenses/withdrawals" size="sm">
          {t('dashboard.money.gateway.withdrawals')}
        </Anchor>
      )}
    </Card>
  );
}
